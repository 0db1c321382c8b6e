// Sizes known at compile time fail at compile time, at the user's
// file:line:col with or without -g: a make_fragment whose array does not
// hold its layout, a copy whose destination has fewer elements than its
// source. One error each; valid code keeps no check and no trap.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DBAD 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -g %s -o /dev/null -DBAD 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o - \
// RUN:   | FileCheck %s --check-prefix=GOOD --implicit-check-not=trap --implicit-check-not=llvm.cute
// GOOD: .entry _Z4fragPf(
// GOOD: .entry _Z4copyPfPKf(

#include <cute/llvm.h>

using namespace cute;
constexpr CopyAtom U32 = copy_atom("UniversalCopy<uint32_t>");

#ifdef BAD
#define N 16
#else
#define N 32
#endif

__global__ void frag(float *Out) {
  float Reg[N];
  // CHECK: error: {{.*}}cuda-fragment-size-errors.cu:[[@LINE+1]]:12: make_fragment: the array holds 16 elements, but the layout (4,8):(1,4) has 32
  auto F = make_fragment(Reg, make_layout("(4,8):(1,4)"));
  fill(F, 1.0f);
  Out[threadIdx.x] = load(F, 3);
}

__global__ void copy(float *Out, const float *In) {
  auto S = make_view(In, make_layout("32:1"));
#ifdef BAD
  auto D = make_view(Out, make_layout("16:1"));
#else
  auto D = make_view(Out, make_layout("32:1"));
#endif
  // CHECK: error: {{.*}}cuda-fragment-size-errors.cu:[[@LINE+1]]:3: copy: the source has 32 elements, but the destination 16:1 has 16
  copy<U32>(S, D);
}
