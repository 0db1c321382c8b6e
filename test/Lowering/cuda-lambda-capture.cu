// Cute values captured by a lambda, by reference and by copy, in a lambda
// in a lambda, passed by value to a function template (byval: the inliner
// copies the closure with memcpy), and by a generic lambda: the closure is a struct on the stack holding the
// values (or their slots' addresses), which cute-desugar splits (SROA)
// before promoting the slots, at -O0 and -O3. Without the split the
// lowering sees the values only through the closure's memory and stops
// ("a cute value ... escapes to memory").
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 -emit-llvm %s -o - | FileCheck %s --check-prefix=O0
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o - | %ptxas -arch=sm_90a -o /dev/null -
// O0-NOT: llvm.cute
// O0: define {{.*}}byReference
// O0: define {{.*}}byCopy
// O0: define {{.*}}nested
// O0: define {{.*}}higherOrder
// O0: define {{.*}}generic

#include <cute/llvm.h>

using namespace cute;

// (?,?):(?,1) with N = 7 at (R, C): R * 7 + C, for (5, 3) and (1, 6).
// CHECK-LABEL: define {{.*}}byReference
// CHECK: select i1 %{{.*}}, i32 51, i32 0
// CHECK-NOT: llvm.cute
// CHECK: ret void
__global__ void byReference(int *Out, int N) {
  Layout L = make_layout("(?,?):(?,1)", 8, N, N);
  auto At = [&](int R, int C) { return crd2idx(make_coord("(?,?)", R, C), L); };
  Out[0] = N == 7 ? At(5, 3) + At(1, 6) : 0;
}

// The same layout held by the closure itself.
// CHECK-LABEL: define {{.*}}byCopy
// CHECK: mul {{.*}}i32 %{{.*}}, 5
// CHECK-NOT: llvm.cute
// CHECK: ret void
__global__ void byCopy(int *Out, int N) {
  Layout L = make_layout("(?,?):(?,1)", 8, N, N);
  auto At = [=](int R) { return crd2idx(make_coord("(?,0)", R), L); };
  Out[0] = At(5);
}

// A lambda inside a lambda, both capturing by reference, and a static
// layout made inside: (4,8):(8,1) at (3, 5) is 29.
// CHECK-LABEL: define {{.*}}nested
// CHECK: store i32 29,
// CHECK-NOT: llvm.cute
// CHECK: ret void
__global__ void nested(int *Out) {
  Layout L = make_layout("(4,8):(8,1)");
  auto Outer = [&](int R) {
    auto Inner = [&](int C) { return crd2idx(make_coord("(?,?)", R, C), L); };
    return Inner(5);
  };
  Out[0] = Outer(3);
}

// The closure passed by value to a function template that calls it twice:
// (?,?):(?,1) with N at (X, 2) and (1, X) is X*N + 2 + N + X.
// CHECK-LABEL: define {{.*}}higherOrder
// CHECK: mul i32 %{{.*}}, %{{.*}}
// CHECK-NOT: llvm.cute
// CHECK: ret void
template <class F> __device__ int applyTwice(F Fn, int X) {
  return Fn(X, 2) + Fn(1, X);
}
__global__ void higherOrder(int *Out, int N) {
  Layout L = make_layout("(?,?):(?,1)", 8, N, N);
  Out[0] = applyTwice(
      [&](int R, int C) { return crd2idx(make_coord("(?,?)", R, C), L); },
      threadIdx.x);
}

// A generic lambda: (4,8):(8,1) at (3, 5) is 29.
// CHECK-LABEL: define {{.*}}generic
// CHECK: store i32 29,
// CHECK-NOT: llvm.cute
// CHECK: ret void
__global__ void generic(int *Out) {
  Layout L = make_layout("(4,8):(8,1)");
  auto At = [&](auto R, auto C) {
    return crd2idx(make_coord("(?,?)", R, C), L);
  };
  Out[0] = At(3, 5);
}
