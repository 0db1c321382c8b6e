// <cute/llvm.h>'s accumulator views: convert_layout_acc_rowcol,
// acc_row_threads and convert_layout_acc_Aregs fold to constants at -O0
// and -O3; a view that does not exist is an error at the user's line.
// Expected values: test/Layout/acc-layouts.test reasons them out from the
// atoms' TV layouts.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 -emit-llvm %s -o - | FileCheck %s --check-prefix=O0
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -emit-llvm -DERROR1 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR1
// O0-NOT: llvm.cute

#include <cute/llvm.h>

using namespace cute;

// Two WGMMA warpgroups over a 128x128 S tile: ((2),(2,16)):((2),(1,4)), a
// row shared by a quad; S as P, the A operand of the RS WGMMA: A value
// ((1,1,1),0,3) is accumulator 1 + 2 + 4 + 3*8 = 31; 64 values.
// CHECK-LABEL: define {{.*}}wgmmaViews
// CHECK: store i32 64,
// CHECK: store i32 4,
// CHECK: store i32 19,
// CHECK: store i32 31,
// CHECK: store i32 64,
__global__ void wgmmaViews(int *Out) {
  TiledMMA S = make_tiled_mma("SM90_64x128x16_F32BF16BF16_SS", "(2,1,1)");
  TiledMMA O = make_tiled_mma("SM90_64x128x16_F32BF16BF16_RS", "(2,1,1)");
  Shape Tile = make_shape("(128,128)");
  Layout RowCol = convert_layout_acc_rowcol(S, Tile);
  Out[0] = size(RowCol);
  Out[1] = acc_row_threads(S, Tile);
  // Row 1 (m+8, register 2), column (1,4) (n+1 and the fifth n+8 block,
  // registers 1 + 4*4): 19.
  Out[2] = crd2idx(make_coord("(1,(1,4))"), RowCol);
  Layout Aregs = convert_layout_acc_Aregs(S, O, Tile);
  Out[3] = crd2idx(make_coord("((1,1,1),0,3)"), Aregs);
  Out[4] = size(Aregs);
}

#ifdef ERROR1
// 8-bit WGMMA: a thread's A values are not its accumulators.
// ERROR1: error: {{.*}}cuda-acc-layouts.cu:[[@LINE+4]]:{{[0-9]+}}: {{.*}}the accumulator of SM90_64x128x32_F32E4M3E4M3_SS cannot be the A operand of SM90_64x128x32_F32E4M3E4M3_RS without exchanging values between threads
__global__ void e4m3(int *Out) {
  TiledMMA S = make_tiled_mma("SM90_64x128x32_F32E4M3E4M3_SS", "(2,1,1)");
  TiledMMA O = make_tiled_mma("SM90_64x128x32_F32E4M3E4M3_RS", "(2,1,1)");
  Out[0] = size(convert_layout_acc_Aregs(S, O, make_shape("(128,128)")));
}
#endif
