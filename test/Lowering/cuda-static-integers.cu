// CuTe's spelling of tuples in <cute/llvm.h>: make_shape / make_stride /
// make_tile / make_coord of integers (a C++ constant, Int<N>, _N, or a
// run-time value) and `_`, and make_layout(shape, stride). The notation
// profile is spelled at compile time from the argument types; constant
// leaves are static after lowering, so everything below folds but the
// run-time K. At -O0 no cute call survives either.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s --implicit-check-not=llvm.cute
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s --check-prefix=FMT
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=O0 --implicit-check-not=llvm.cute < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o /dev/null -DBAD_LEAF 2>&1 | FileCheck %s --check-prefix=BAD
// O0: .entry _Z7spelledPfPii(

#include <cute/llvm.h>

using namespace cute;

constexpr int BM = 128, BK = 64;

// size(BM, BK, K) = 8192 K; (8,4):(4,1) at (3,2) is 14; the (64,8) tile of
// (BM,K):(1,BM) at (1,_) starts at 64; slicing (_,5) keeps BM elements.
// CHECK-LABEL: define {{.*}}spelled
// CHECK: shl i32 %{{[0-9]+}}, 13
// CHECK: store i32 14,
// CHECK: store i32 64,
// CHECK: store i32 128,
__global__ void spelled(float *P, int *Out, int K) {
  Shape S = make_shape(Int<BM>{}, BK, K);
  Layout L = make_layout(make_shape(_8{}, _4{}), make_stride(_4{}, _1{}));
  auto T = make_view(P, make_layout(make_shape(BM, K), make_stride(_1{}, BM)));
  auto G = local_tile(T, make_tile(_64{}, _8{}), make_coord(1, _));
  Out[0] = size(S);
  Out[1] = crd2idx(make_coord(3, 2), L);
  Out[2] = int(get_iter(G) - P);
  Out[3] = size(slice(T, make_coord(_, 5)));
}

// Int<N> leaves and constant int leaves are static when the layout is
// lowered (before any inlining of user code): print's format has no %d.
// FMT: c"(8,4):(1,8)\0A\00"
__global__ void printed() { print(make_layout(make_shape(_8{}, 4))); }

#ifdef BAD_LEAF
// BAD: error: static assertion failed {{.*}}a leaf of make_shape / make_stride / make_tile / make_coord is an int, an Int<N> or (in a coordinate) _
__global__ void badLeaf(int *Out) { Out[0] = size(make_shape(2.5f, 4)); }
#endif
