// A null pointer where an atom needs an object (a tensor map, an mbarrier,
// a shared-memory buffer) is an error, never an instruction that would
// fault or address shared memory's offset 0; it is reported at the user's
// call of the <cute/arch/sm90.h> wrapper (file:line:col, with or without
// -g), not at the wrapper's line.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -g %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

#include <cute/arch/sm90.h>
#include <cute/llvm.h>

using namespace cute;

__global__ void nullMap(int X) {
  __shared__ alignas(128) float S[1024];
  __shared__ uint64_t Bar;
  // CHECK-DAG: error: {{.*}}cuda-null-atom-operands-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_LOAD_2D': operand 'tmap' is a null pointer
  sm90::tma_load((const void *)nullptr, &Bar, S, X, 0);
}

__global__ void nullBarrier(const __grid_constant__ CUtensorMap Map, int X) {
  __shared__ alignas(128) float S[1024];
  // CHECK-DAG: error: {{.*}}cuda-null-atom-operands-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_LOAD_2D': operand 'mbar' is a null pointer
  sm90::tma_load(&Map, (uint64_t *)nullptr, S, X, 0);
  // CHECK-DAG: error: {{.*}}cuda-null-atom-operands-errors.cu:[[@LINE+1]]:3: variant 'SM80_MBARRIER_INIT': operand 'bar' is a null pointer
  sm90::mbarrier_init((uint64_t *)nullptr, 1);
}

__global__ void nullBuffer(const __grid_constant__ CUtensorMap Map, int X) {
  __shared__ uint64_t Bar;
  // CHECK-DAG: error: {{.*}}cuda-null-atom-operands-errors.cu:[[@LINE+1]]:3: variant 'SM90_TMA_LOAD_2D': operand 'smem' is a null pointer
  sm90::tma_load(&Map, &Bar, (float *)nullptr, X, 0);
}
