// A mistake in a kernel template is one error at its line, however many
// instantiations carry it (each is a function of its own, and the
// intrinsic's type suffix differs: memref_load.f32, memref_load.i32), with
// or without -g; a second, different mistake is a second error.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -g %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

#include <cute/llvm.h>

using namespace cute;

template <class T> __global__ void kernel(T *P) {
  auto V = make_view(P, make_layout("(4,4):(1,4)"));
  // CHECK: error: {{.*}}cuda-template-instantiation-errors.cu:[[@LINE+1]]:10: 'llvm.cute.memref_load.{{f32|i32|f16}}': crd2idx expects coordinate (1,2,3) to be compatible with shape (4,4)
  P[0] = load(V, make_coord("(1,2,3)"));
  // CHECK: error: {{.*}}cuda-template-instantiation-errors.cu:[[@LINE+1]]:10: 'llvm.cute.memref_load.{{f32|i32|f16}}': crd2idx expects coordinate (5,6,7,8) to be compatible with shape (4,4)
  P[1] = load(V, make_coord("(5,6,7,8)"));
}
template __global__ void kernel<float>(float *);
template __global__ void kernel<int>(int *);
template __global__ void kernel<_Float16>(_Float16 *);
