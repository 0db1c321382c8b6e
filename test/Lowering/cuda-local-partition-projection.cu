// local_partition with a projection (CuTe's Step): sgemm_1's partitions of
// the shared-memory tiles by the rows and the columns of the thread layout
// tC = (16,16):(1,16), and the element-wise algorithms beside it (copy,
// gemm without an atom, axpby, make_layout_like), folded at -O3 for thread
// 37 = (5,2) of tC.
//
// sA = (128,8):(1,128) by the rows of tC, Step<_1,X> = (1,_): thread row 5
// of 16, so (8,8):(16,128) from offset 5; element 9 = (1,1) is at
// 5 + 16 + 128 = 149. sB by the columns, Step<X,_1> = (_,1): column 2,
// element 9 at 2 + 16 + 128 = 146. gC by the whole tC: (8,8):(16,2048) from
// 5 + 2 * 128 = 261 (gC (128,128):(1,128)); element 9 at 261 + 16 + 2048.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s --implicit-check-not=llvm.cute
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

#include <cute/algorithm.h>
#include <cute/llvm.h>

using namespace cute;

// CHECK-LABEL: define {{.*}}projections
// CHECK: store i32 64,
// CHECK: store i32 149,
// CHECK: store i32 64,
// CHECK: store i32 146,
// CHECK: store i32 2325,
// CHECK: store i32 16,
__global__ void projections(float *P, int *Out) {
  auto SA = make_view(P, make_layout("(128,8):(1,128)"));
  auto GC = make_view(P, make_layout("(128,128):(1,128)"));
  Layout TC = make_layout("(16,16):(1,16)");
  auto TCsA = local_partition(SA, TC, 37, make_coord("(1,_)"));
  auto TCsB = local_partition(SA, TC, 37, make_coord("(_,1)"));
  auto TCgC = local_partition(GC, TC, 37);
  Out[0] = size(TCsA);
  Out[1] = int(get_iter(TCsA) - P) + crd2idx(9, get_layout(TCsA));
  Out[2] = size(TCsB);
  Out[3] = int(get_iter(TCsB) - P) + crd2idx(9, get_layout(TCsB));
  Out[4] = int(get_iter(TCgC) - P) + crd2idx(9, get_layout(TCgC));
  // make_layout_like keeps the stride order: (8,8):(1,8) for (8,8):(16,2048).
  Out[5] = crd2idx(make_coord("(0,2)"), make_layout_like(get_layout(TCgC)));
}

// copy, gemm and axpby without atoms: C = 2 * (A B^T) + C on (2,K=3) x (2,3)
// tiles in registers; every value is a constant after lowering.
// CHECK-LABEL: define {{.*}}simt
// C(m,n) = sum_k (3m+k+1)(n+2k) = (16,22;34,49); 2C + 1 read in C's
// column-major order: 33, 69, 45, 99.
// CHECK: store float 3.300000e+01,
// CHECK: store float 6.900000e+01,
// CHECK: store float 4.500000e+01,
// CHECK: store float 9.900000e+01,
__global__ void simt(float *Out) {
  float RA[6], RB[6], RC[4], RD[4];
  auto A = make_fragment(RA, make_layout("(2,3):(3,1)"));
  auto B = make_fragment(RB, make_layout("(2,3):(1,2)"));
  auto C = make_fragment(RC, make_layout("(2,2)"));
  auto D = make_fragment(RD, make_layout("(2,2):(2,1)"));
  for (int I = 0; I < 6; ++I) {
    RA[I] = float(I + 1); // A(m,k) = 3m + k + 1
    RB[I] = float(I);     // B(n,k) = n + 2k
  }
  fill(C, 0.0f);
  gemm(A, B, C);        // C(m,n) = sum_k (3m+k+1)(n+2k)
  copy(C, D);           // D is C transposed in memory: D(m,n) at 2m + n
  fill(C, 1.0f);
  axpby(2.0f, D, 1.0f, C); // C = 2 D + 1
  for (int I = 0; I < 4; ++I)
    Out[I] = load(C, I);
}
