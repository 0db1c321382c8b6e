// <cute/math.h> on the device: exp2_approx is one ex2.approx.ftz.f32;
// exp2_fma computes 2^x with no special-function instruction at all: a
// clamp (max.f32 against -127), the floor by an add rounding down
// (add.rm.ftz.f32 of 1.5 * 2^23), the fraction by two subtractions, the
// polynomial by three FMAs, and the exponent by a shift and an integer add.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

#include <cute/math.h>

// CHECK-LABEL: .entry _Z10approx_sfuPKfPf(
// CHECK: ex2.approx.ftz.f32
// CHECK: ret;
__global__ void approx_sfu(const float *In, float *Out) {
  Out[threadIdx.x] = cute::exp2_approx(In[threadIdx.x]);
}

// CHECK-LABEL: .entry _Z8fma_pipePKfPf(
// CHECK-NOT: ex2
// CHECK: max.f32 [[X:%r[0-9]+]], {{%r[0-9]+}}, 0fC2FE0000;
// CHECK-NOT: ex2
// CHECK: mov.b32 [[R:%r[0-9]+]], 0f4B400000;
// CHECK-NEXT: add.rm.ftz.f32 [[S:%r[0-9]+]], [[X]], [[R]];
// CHECK-NOT: ex2
// CHECK: fma.rn.f32
// CHECK-NEXT: fma.rn.f32
// CHECK-NEXT: fma.rn.f32 [[P:%r[0-9]+]],
// CHECK-NOT: ex2
// CHECK: shl.b32 [[E:%r[0-9]+]], [[S]], 23;
// CHECK-NEXT: add.s32 {{%r[0-9]+}}, [[E]], [[P]];
// CHECK-NOT: ex2
// CHECK: ret;
__global__ void fma_pipe(const float *In, float *Out) {
  Out[threadIdx.x] = cute::exp2_fma(In[threadIdx.x]);
}
