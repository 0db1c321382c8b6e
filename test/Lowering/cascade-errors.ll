; One error per mistake: what a failed cute call made, and everything made
; from it, is not diagnosed again (no "expects a tensor" after a layout that
; could not be made). (The loops that were to be unrolled get no warning on
; top: cuda-cascade-errors.cu, through the whole pipeline.)
;
; RUN: not cute-opt -passes=cute-lower -S %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

target triple = "nvptx64-nvidia-cuda"

@wg_ss = private constant [30 x i8] c"SM90_64x128x16_F32BF16BF16_SS\00"
@wg_rs = private constant [30 x i8] c"SM90_64x128x16_F32BF16BF16_RS\00"
@al21 = private constant [8 x i8] c"(2,1,1)\00"
@t184 = private constant [10 x i8] c"(128,184)\00"
@f32 = private constant [4 x i8] c"f32\00"
@l = private constant [12 x i8] c"(8,4):(1,8)\00"
@sh = private constant [6 x i8] c"(8,4)\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.convert_layout_acc_Aregs(...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.get_iter(ptr)
declare ptr @llvm.cute.get_layout(ptr)
declare i32 @llvm.cute.size(ptr, ...)

; The re-layout fails; the view of it, its iterator, its layout and its
; size are the same mistake.
; CHECK: error: in function 'aregs_view': {{.*}}convert_layout_acc_Aregs expects a tile that is a multiple of the (128,128) tile of SM90_64x128x16_F32BF16BF16_SS, but got (128,184)
; CHECK-NEXT: at: %a = call ptr (...) @llvm.cute.convert_layout_acc_Aregs
define i32 @aregs_view(ptr %p) {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_rs, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t184)
  %a = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %mc, ptr %ma)
  %v = call ptr @llvm.cute.make_view(ptr %p, ptr %a, ptr @f32)
  %i = call ptr @llvm.cute.get_iter(ptr %v)
  %g = call ptr @llvm.cute.get_layout(ptr %v)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %g)
  ret i32 %n
}

; A view of a shape (not a layout) is one error, whatever uses the view.
; CHECK: error: in function 'view_of_shape_loop': 'llvm.cute.make_view': operand #1 is a shape, not a layout
define void @view_of_shape_loop(ptr %p) {
entry:
  %s = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @sh)
  %v = call ptr @llvm.cute.make_view(ptr %p, ptr %s, ptr @f32)
  %g = call ptr @llvm.cute.get_layout(ptr %v)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %g)
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %k1 = add i32 %k, 1
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.full"}
