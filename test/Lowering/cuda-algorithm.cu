// <cute/algorithm.h> on an accumulator fragment of a WGMMA TiledMMA (two
// warpgroups of SM90_64x128x16_F32BF16BF16_SS over a 128 x 128 tile: 64
// values per thread, 2 rows x 32 columns in its rowcol view, 4 threads per
// row): reduce_rows folds each row's 32 values into its running maximum
// (32 max.f32 each, from -inf), allreduce
// adds two butterfly shuffles per row (xor 1, 2), scale_rows multiplies
// every value once, transform applies its function to every value, and
// convert packs the 64 values into 32 cvt.rn.bf16x2.f32. Nothing else
// survives: no local memory, no trap (the views' sizes match).
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=MAX < %t.ptx
// RUN: FileCheck %s --check-prefix=SHFL < %t.ptx
// RUN: FileCheck %s --check-prefix=CVT < %t.ptx
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DBAD_SIZE %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIZE

#include <cute/algorithm.h>
#include <cute/arch/wgmma.h>

using namespace cute;

constexpr MmaAtom Atom = GMMA::ss_op_selector<__bf16, __bf16, float, 128>();
constexpr TiledMmaShape S = tiled_mma_shape(Atom, "(2,1,1)");

// CHECK-LABEL: .entry _Z6kernelPKfPfPDF16b(
// CHECK-NOT: .local
// CHECK-NOT: trap
// CHECK: ret;
// MAX-COUNT-68: max.f32
// MAX-NOT: max.f32
// SHFL-COUNT-4: shfl.sync.bfly.b32
// SHFL-NOT: shfl.sync
// CVT-COUNT-32: cvt.rn.bf16x2.f32

// CVT-NOT: cvt.rn.bf16.f32
__global__ void kernel(const float *In, float *MaxOut, __bf16 *Out) {
  TiledMMA M = make_tiled_mma<S>();
  Shape Tile = make_shape("(128,128)");
  float Acc[S.size_C(128, 128)];
#pragma unroll
  for (int I = 0; I < S.size_C(128, 128); ++I)
    Acc[I] = In[threadIdx.x * 64 + I];
  auto C = make_fragment(Acc, partition_fragment_C(M, Tile));
  auto RowCol = make_view(Acc, convert_layout_acc_rowcol(M, Tile));
  float RowMax[2] = {-__builtin_inff(), -__builtin_inff()};
  reduce_rows(RowCol, RowMax, Max());
  allreduce(RowMax, acc_row_threads(M, Tile), Max());
  float Scale[2] = {1.f / RowMax[0], 1.f / RowMax[1]};
  scale_rows(RowCol, Scale);
  transform(C, [](float X) { return X + 1.f; });
  __bf16 Half[S.size_C(128, 128)];
  convert(C, make_fragment(Half, partition_fragment_C(M, Tile)));
#pragma unroll
  for (int I = 0; I < 64; ++I)
    Out[threadIdx.x * 64 + I] = Half[I];
  MaxOut[threadIdx.x] = RowMax[0] + RowMax[1];
}

#ifdef BAD_SIZE
// A fragment array of the wrong size is a compile-time error at its line.
// SIZE: cuda-algorithm.cu:[[@LINE+5]]:{{[0-9]+}}: make_fragment: the array holds 32 elements, but the layout {{.*}} has 64
__global__ void wrong(__bf16 *Out) {
  TiledMMA M = make_tiled_mma<S>();
  Shape Tile = make_shape("(128,128)");
  __bf16 Half[32];
  auto P = make_fragment(Half, partition_fragment_C(M, Tile));
  store(P, 0, Out[0]);
}
#endif
