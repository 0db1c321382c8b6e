// A misuse of each <cute/arch/sm90.h> entry point that takes an operand is
// one error at the user's call (file:line:col, at -O3 and at -O0 -g): a box,
// an mbarrier or a buffer in the wrong address space (the stack, a kernel's
// global pointer), a tensor map in shared memory, an mbarrier count, a
// cluster rank or a named barrier's id or thread count out of the range
// the ISA allows. (A call with two mistakes is one error: the first.)
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -ferror-limit=0 -S -O3 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -ferror-limit=0 -S -O0 -g %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

#include <cute/arch/sm90.h>
#include <cute/llvm.h>
using namespace cute;

__global__ void k_tma_load(const __grid_constant__ CUtensorMap Map, float *G,
                           int X) {
  __shared__ uint64_t Bar;
  float Local[64];
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_LOAD_2D': operand 'smem' must point to shared memory, not local memory
  sm90::tma_load(&Map, &Bar, Local, X, 0);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_LOAD_1D': operand 'smem' must point to shared memory, not global memory
  sm90::tma_load(&Map, &Bar, G, X);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_LOAD_3D': operand 'smem' must point to shared memory, not local memory
  sm90::tma_load(&Map, (uint64_t *)G, Local, X, 0, 0);
}
__global__ void k_tma_mc(const __grid_constant__ CUtensorMap Map, float *G,
                         int X) {
  __shared__ uint64_t Bar;
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_LOAD_MULTICAST_2D': operand 'smem' must point to shared memory, not global memory
  sm90::tma_load_multicast(&Map, &Bar, 3, G, X, 0);
}
__global__ void k_tma_store(const __grid_constant__ CUtensorMap Map, float *G,
                            int X) {
  float Local[64];
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_STORE_2D': operand 'smem' must point to shared memory, not global memory
  sm90::tma_store(&Map, G, X, 0);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_REDUCE_ADD_2D': operand 'smem' must point to shared memory, not local memory
  sm90::tma_reduce_add(&Map, Local, X, 0);
}
__global__ void k_prefetch(int X) {
  __shared__ alignas(64) char M[128];
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_LOAD_PREFETCH_2D': operand 'tmap' must point to the tensor map in global, constant or kernel-parameter memory, not shared memory
  sm90::tma_prefetch(M, X, 0);
}
__global__ void k_mbar(uint64_t *G, unsigned N) {
  uint64_t Local;
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM80_MBARRIER_INIT': operand 'bar' must point to shared memory, not local memory
  sm90::mbarrier_init(&Local, 1);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM80_MBARRIER_ARRIVE': operand 'bar' must point to shared memory, not global memory
  sm90::mbarrier_arrive(G);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_MBARRIER_ARRIVE_CLUSTER': operand 'bar' must point to shared memory, not local memory
  sm90::mbarrier_arrive_cluster(&Local, 1);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_MBARRIER_ARRIVE_EXPECT_TX': operand 'bar' must point to shared memory, not global memory
  sm90::mbarrier_arrive_expect_tx(G, 128);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_MBARRIER_EXPECT_TX': operand 'bar' must point to shared memory, not local memory
  sm90::mbarrier_expect_tx(&Local, 128);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_MBARRIER_TRY_WAIT_PARITY': operand 'bar' must point to shared memory, not global memory
  sm90::mbarrier_wait(G, 0);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM80_MBARRIER_INVAL': operand 'bar' must point to shared memory, not local memory
  sm90::mbarrier_inval(&Local);
}
__global__ void k_mbar_values(unsigned Cta) {
  __shared__ uint64_t Bar;
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM80_MBARRIER_INIT': operand 'count' must be in [1, 1048575], not 0
  sm90::mbarrier_init(&Bar, 0);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM80_MBARRIER_INIT': operand 'count' must be in [1, 1048575], not 1048576
  sm90::mbarrier_init(&Bar, 1u << 20);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM90_MBARRIER_ARRIVE_CLUSTER': operand 'cta' (the cluster rank of 'bar') must be in [0, 15], not 16
  sm90::mbarrier_arrive_cluster(&Bar, 16);
}
__global__ void k_named() {
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM80_NAMED_BARRIER_SYNC': operand 'count' must be a multiple of 32 in [32, 1024], not 100
  sm90::named_barrier_sync(100, 1);
  // CHECK-DAG: error: {{.*}}cuda-sm90-misuse-errors.cu:[[@LINE+1]]:3: variant 'SM80_NAMED_BARRIER_ARRIVE': operand 'id' must be in [0, 15], not 16
  sm90::named_barrier_arrive(128, 16);
}
