; FlashAttention's accumulator views fold to constants: the (rows, cols)
; view of an accumulator and the width of its row reduction
; (convert_layout_acc_rowcol, result 0 and 1), and an accumulator as the A
; operand of a second TiledMMA (convert_layout_acc_Aregs), from TiledMMA
; objects or from attributes (the second TiledMMA's under a_).
;
; Expected values from the atoms' TV layouts (cute-atoms --atom NAME):
;   WGMMA 64xNx16 C: ((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512)) in the 64xN
;   tile m + 64n, so a thread's values step n+1, m+8, n+8; its RS A operand
;   ((4,8,4),(2,2,2)):((128,1,16),(64,8,512)) in m + 64k steps k+1, m+8,
;   k+8 from the same (m, k = 2 (t%4)) as C's (m, n). A k-block kb is then
;   C values 8kb..8kb+7 in order: ((2,2,2),MMA_M=1,K/16):((1,2,4),0,8).
;   SM80 16x8 C ((4,8),(2,2)):((32,1),(16,8)) steps n+1, m+8; tiled (4,1,1)
;   over 64 rows each thread has MMA_M = M/64.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s --check-prefix=GONE
; GONE-NOT: call {{.*}}@llvm.cute

target triple = "nvptx64-nvidia-cuda"

@wg_ss = private constant [30 x i8] c"SM90_64x128x16_F32BF16BF16_SS\00"
@wg_rs = private constant [30 x i8] c"SM90_64x128x16_F32BF16BF16_RS\00"
@m80 = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"
@al21 = private constant [8 x i8] c"(2,1,1)\00"
@al41 = private constant [8 x i8] c"(4,1,1)\00"
@al22 = private constant [8 x i8] c"(2,2,1)\00"
@t6432 = private constant [8 x i8] c"(64,32)\00"
@t128 = private constant [10 x i8] c"(128,128)\00"
@t64 = private constant [8 x i8] c"(64,64)\00"
@g128 = private constant [18 x i8] c"(128,128):(1,128)\00"
@f32 = private constant [4 x i8] c"f32\00"
@r0 = private constant [9 x i8] c"result=0\00"
@r1 = private constant [9 x i8] c"result=1\00"
@attrs = private constant [122 x i8] c"mma_atom=SM90_64x128x16_F32BF16BF16_SS atom_layout=(2,1,1) a_mma_atom=SM90_64x128x16_F32BF16BF16_RS a_atom_layout=(2,1,1)\00"
@crd = private constant [14 x i8] c"((1,1,1),0,3)\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.convert_layout_acc_rowcol(ptr, ptr, ptr)
declare ptr @llvm.cute.convert_layout_acc_Aregs(...)
declare i32 @llvm.cute.crd2idx(...)
declare i32 @llvm.cute.size(...)
declare void @llvm.cute.print(ptr)

; The format strings of the prints, in the order of the functions.
; WGMMA 64x128 over (2,1,1), tile 128x128: rows (m+8), cols (n+1, n+8).
; CHECK: c"((2),(2,16)):((2),(1,4))\0A\00"
; Its accumulators as the A operand of the RS WGMMA over (2,1,1).
; CHECK: c"((2,2,2),1,8):((1,2,4),0,8)\0A\00"
; SM80 over (4,1,1), the 128x128 tile of a tensor: MMA_M = 2, MMA_N = 16;
; rows (m+8, m+64) at registers 2 and 4, cols (n+1, n+8) at 1 and 8.
; CHECK: c"((2,2),(2,16)):((2,4),(1,8))\0A\00"
; SM80 over (4,1,1), tile 64x64: A (8 values, MMA_M = 1, MMA_K = 4); A
; k-block kb is C n-blocks 2kb and 2kb+1 (the third A mode, at 4).
; CHECK: c"((2,2,2),1,4):((1,2,4),0,8)\0A\00"
; SM80 over (2,2,1), tile 64x32 (MMA_M = MMA_N = 2): the (rows, cols) view
; exists though a row's threads are no xor group (two warps along N; the
; row group, result=1, is an error: acc-layouts-errors.ll).
; CHECK: c"((2,2),(2,2)):((2,4),(1,8))\0A\00"

define void @wgmma_rowcol() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr @llvm.cute.convert_layout_acc_rowcol(ptr %t, ptr %m, ptr @r0)
  call void @llvm.cute.print(ptr %l)
  ret void
}

; A row of a WGMMA accumulator is held by the 4 threads of a quad.
; CHECK-LABEL: define i32 @wgmma_row_threads(
; CHECK-NEXT:    ret i32 4
define i32 @wgmma_row_threads() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %g = call i32 @llvm.cute.convert_layout_acc_rowcol(ptr %t, ptr %m, ptr @r1)
  ret i32 %g
}

define void @wgmma_aregs() {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_rs, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %mc, ptr %ma)
  call void @llvm.cute.print(ptr %l)
  ret void
}

; The same with both TiledMMAs as attributes: A value ((1,1,1),0,3) is
; accumulator 1 + 2 + 4 + 3*8 = 31.
; CHECK-LABEL: define i32 @aregs_attrs(
; CHECK-NEXT:    ret i32 31
define i32 @aregs_attrs() {
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr @attrs)
  %c = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @crd)
  %i = call i32 (...) @llvm.cute.crd2idx(ptr %c, ptr %l)
  ret i32 %i
}

; The tile as a tensor: its shape; the result is a layout of registers, not
; a view of the tensor.
define void @rowcol_of_tensor(ptr %p) {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @m80, ptr @al41)
  %g = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @g128)
  %v = call ptr @llvm.cute.make_view(ptr %p, ptr %g, ptr @f32)
  %l = call ptr @llvm.cute.convert_layout_acc_rowcol(ptr %v, ptr %m, ptr @r0)
  call void @llvm.cute.print(ptr %l)
  ret void
}

define void @sm80_aregs() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @m80, ptr @al41)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t64)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %m, ptr %m)
  call void @llvm.cute.print(ptr %l)
  ret void
}

define void @sm80_2x2_rowcol() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @m80, ptr @al22)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t6432)
  %l = call ptr @llvm.cute.convert_layout_acc_rowcol(ptr %t, ptr %m, ptr @r0)
  call void @llvm.cute.print(ptr %l)
  ret void
}
