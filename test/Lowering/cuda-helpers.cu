// Helpers across calls in CUDA C++: plain __device__ functions (even
// __noinline__ ones, external by default) that take or return cute values
// are inlined by the lowering, at -O0 and -O3; none is left in the PTX.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o %t.O0.ptx
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.O3.ptx
// RUN: FileCheck %s < %t.O0.ptx
// RUN: FileCheck %s < %t.O3.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.O0.ptx -o /dev/null %}
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.O3.ptx -o /dev/null %}
//
// CHECK-NOT: .func {{.*}}sizeOf
// CHECK-NOT: .func {{.*}}tileOf
// CHECK-LABEL: .entry {{.*}}kernel
// CHECK-NOT: call{{.*}}sizeOf
// CHECK-NOT: call{{.*}}tileOf

#include <cute/llvm.h>

__device__ __noinline__ int sizeOf(cute::Layout L) { return cute::size(L); }

__device__ cute::Layout tileOf(cute::Layout L) {
  return cute::logical_divide(L, cute::make_tile("(2,2)"));
}

__global__ void kernel(int *Out, int M) {
  cute::Layout L = cute::make_layout("(?,4):(1,?)", M, M);
  Out[0] = sizeOf(L);
  Out[1] = sizeOf(tileOf(L));
}
