// A misuse of each <cute/arch/sm100.h> entry point that takes an operand
// is one error at the user's call (file:line:col, at -O3 and at -O0 -g): a
// TMEM slot, an mbarrier or a box in the wrong address space, a column
// count that is not a power of two in [32, 512], a register fragment
// smaller than the variant moves, a variant name the atom does not have, a
// UMMA descriptor of a tensor on the stack.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -ferror-limit=0 -S -O3 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -ferror-limit=0 -S -O0 -g %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

#include <cute/arch/sm100.h>
#include <cute/arch/sm90.h>
#include <cute/llvm.h>
using namespace cute;

__global__ void k_alloc(uint32_t *G) {
  __shared__ uint32_t Slot;
  uint32_t Local;
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMEM_ALLOC_1SM': operand 'dst' must point to shared memory, not local memory
  sm100::tmem_alloc(&Local, 32);
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMEM_ALLOC_1SM': operand 'ncols' must be a power of two in [32, 512], not 48
  sm100::tmem_alloc(&Slot, 48);
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMEM_DEALLOC_1SM': operand 'ncols' must be a power of two in [32, 512], not 1024
  sm100::tmem_dealloc(0, 1024);
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:10: variant 'SM100_TMEM_RETRIEVE_PTR_1SM': operand 'dst' must point to shared memory, not global memory
  G[0] = sm100::retrieve_tmem_ptr(G, 32);
}
__global__ void k_commit(uint64_t *G) {
  uint64_t Local;
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_UMMA_ARRIVE': operand 'bar' must point to shared memory, not local memory
  sm100::umma_commit(&Local);
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_UMMA_ARRIVE_MULTICAST': operand 'bar' must point to shared memory, not global memory
  sm100::umma_commit_multicast(G, 3);
}
__global__ void k_tmem(uint32_t TAddr, uint32_t *Out) {
  uint32_t Regs[4];
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMEM_LOAD_32dp32b8x': operand 'r' points to 16 byte(s), but the variant accesses 32 there
  sm100::tmem_load("SM100_TMEM_LOAD_32dp32b8x", TAddr, Regs);
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMEM_STORE_32dp32b8x': operand 'r' points to 16 byte(s), but the variant accesses 32 there
  sm100::tmem_store("SM100_TMEM_STORE_32dp32b8x", TAddr, Regs);
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: atom 'atom.tmem_load' has no lattice point 'SM100_TMEM_LOAD_NOPE'
  sm100::tmem_load("SM100_TMEM_LOAD_NOPE", TAddr, Regs);
  Out[threadIdx.x] = Regs[0];
}
__global__ void k_umma(uint32_t D, uint64_t A, uint64_t B) {
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: atom 'sm100.mma' has no lattice point 'SM100_MMA_F16BF16_SS_NOPE'
  sm100::umma("SM100_MMA_F16BF16_SS_NOPE", D, A, B, 0, true);
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: atom 'atom.s2t_copy' has no lattice point 'SM100_UTCCP_NOPE'
  sm100::s2t_copy("SM100_UTCCP_NOPE", D, A);
}
__global__ void k_2sm(const __grid_constant__ CUtensorMap Map, float *G,
                      int X) {
  __shared__ uint64_t Bar;
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMA_2SM_LOAD_2D': operand 'smem' must point to shared memory, not global memory
  sm100::tma_load_2sm(&Map, &Bar, G, X, 0);
}
__global__ void k_desc(float *Out) {
  _Float16 Local[64 * 16];
  auto T = make_view(Local, make_layout("(64,16):(16,1)"));
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:18: 'llvm.cute.make_umma_desc' expects a shared-memory tensor, but its iterator points to local memory (address space 5)
  Out[0] = float(make_umma_desc(T, "major=K"));
}

// One CTA group per kernel: the pair's commit after a 1-CTA commit.
__global__ void k_groups() {
  __shared__ uint64_t Bar;
  sm100::umma_commit(&Bar);
  // CHECK-DAG: error: {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM100_UMMA_ARRIVE_2x1SM' is a .cta_group::2 tcgen05 instruction, but this kernel's tcgen05 instructions are .cta_group::1 (variant 'SM100_UMMA_ARRIVE' at {{.*}}cuda-sm100-misuse-errors.cu:[[@LINE-1]]:3): every tcgen05 instruction of a kernel takes one CTA group
  sm100::umma_commit<2>(&Bar);
}
