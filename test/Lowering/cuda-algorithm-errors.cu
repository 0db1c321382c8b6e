// Misuses of <cute/algorithm.h> that are known at compile time: one error
// each, at the user's line, never a trap at run time nor a silent result.
// The accumulator is that of cuda-algorithm.cu: two warpgroups of
// SM90_64x128x16_F32BF16BF16_SS over a 128 x 128 tile, 64 values per
// thread, 2 rows x 32 columns in its rowcol view.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o - | FileCheck %s --check-prefix=GOOD
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DREDUCE_ROWS %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REDUCE --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -DREDUCE_ROWS %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REDUCE --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DSCALE_ROWS %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCALE --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DGROUP=3 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GROUP --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DGROUP=64 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GROUP --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DROWCOL %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWCOL --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -DROWCOL %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWCOL --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DCOPY_IF_COORDS %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COORDS --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DCOPY_IF_BOUND %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOUND --implicit-check-not=error:

#include <cute/algorithm.h>
#include <cute/arch/wgmma.h>

using namespace cute;

constexpr MmaAtom Atom = GMMA::ss_op_selector<__bf16, __bf16, float, 128>();
constexpr TiledMmaShape S = tiled_mma_shape(Atom, "(2,1,1)");

#ifndef GROUP
#define GROUP acc_row_threads(M, Tile)
#endif
#ifdef REDUCE_ROWS
#define REDUCE_ROWS_N 4
#else
#define REDUCE_ROWS_N 2
#endif

// GOOD-LABEL: .entry _Z7softmaxPKfPf(
// GOOD-NOT: trap
// GOOD: ret;
__global__ void softmax(const float *In, float *Out) {
  TiledMMA M = make_tiled_mma<S>();
  Shape Tile = make_shape("(128,128)");
  float Acc[S.size_C(128, 128)];
#pragma unroll
  for (int I = 0; I < S.size_C(128, 128); ++I)
    Acc[I] = In[threadIdx.x * 64 + I];
#ifdef ROWCOL
  // A view of a 256-column tile over the registers of a 128-column one.
  // ROWCOL: error: {{.*}}cuda-algorithm-errors.cu:[[@LINE+1]]:{{[0-9]+}}: 'llvm.cute.make_view': the view {{.*}} spans 128 elements (512 bytes) from byte 0 of {{.*}}256 byte(s){{.*}}: past its end
  auto RowCol = make_view(Acc, convert_layout_acc_rowcol(M, make_shape("(128,256)")));
#else
  auto RowCol = make_view(Acc, convert_layout_acc_rowcol(M, Tile));
#endif
  float RowMax[REDUCE_ROWS_N];
#pragma unroll
  for (int R = 0; R < REDUCE_ROWS_N; ++R)
    RowMax[R] = -__builtin_inff();
  // REDUCE: error: {{.*}}cuda-algorithm-errors.cu:[[@LINE+1]]:{{[0-9]+}}: the (rows, cols) view {{.*}} has 2 rows (mode 0), but the array of row values holds 4
  reduce_rows(RowCol, RowMax, Max());
  // GROUP: cuda-algorithm-errors.cu:[[@LINE+1]]:{{[0-9]+}}: error: allreduce: the group is a power of two from 1 to 32
  allreduce(RowMax, GROUP, Max());
#ifdef SCALE_ROWS
  float Scale[3] = {1.f / RowMax[0], 1.f / RowMax[1], 1.f};
#else
  float Scale[2] = {1.f / RowMax[0], 1.f / RowMax[1]};
#endif
  // SCALE: error: {{.*}}cuda-algorithm-errors.cu:[[@LINE+1]]:{{[0-9]+}}: the (rows, cols) view {{.*}} has 2 rows (mode 0), but the array of row values holds 3
  scale_rows(RowCol, Scale);
#pragma unroll
  for (int I = 0; I < S.size_C(128, 128); ++I)
    Out[threadIdx.x * 64 + I] = Acc[I];
}

// copy_if without an atom: the coordinates of the elements copied.
__global__ void residue(const float *In, float *Out, int Rows, int Cols) {
  Layout Thr = make_layout("(16,8):(8,1)");
  auto G = make_view(In, make_layout("(64,32):(32,1)"));
  auto D = make_view(Out, make_layout("(64,32):(32,1)"));
  Layout Id = make_identity_layout(make_shape("(64,32)"));
#ifdef COPY_IF_COORDS
  // The coordinates of a 32 x 32 tile for a partition of a 64 x 32 one.
  Layout Small = make_identity_layout(make_shape("(32,32)"));
  Layout Crd = local_partition(Small, Thr, threadIdx.x);
  Coord Off = local_partition_offset(Small, Thr, threadIdx.x);
#else
  Layout Crd = local_partition(Id, Thr, threadIdx.x);
  Coord Off = local_partition_offset(Id, Thr, threadIdx.x);
#endif
  auto Src = local_partition(G, Thr, threadIdx.x);
  auto Dst = local_partition(D, Thr, threadIdx.x);
#ifdef COPY_IF_BOUND
  // A negative constant extent.
  // BOUND: cuda-algorithm-errors.cu:[[@LINE+1]]:{{[0-9]+}}: error: copy_if: the bounds (rows, cols) are extents, not negative
  copy_if(Crd, Off, -1, Cols, Src, Dst);
#else
  // COORDS: error: {{.*}}cuda-algorithm-errors.cu:[[@LINE+1]]:{{[0-9]+}}: copy_if: the source has 16 elements, but the coordinates {{.*}} have 8
  copy_if(Crd, Off, Rows, Cols, Src, Dst);
#endif
}
