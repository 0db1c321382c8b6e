; A `?` leaf bound to a constant (a C++ constexpr such as BM or Stages
; passed as `make_shape("(?,?)", BM, BK)`) is a static leaf, as CuTe's
; Int<N>: the layout folds as if the notation spelled the number, so that
; the algebra's static-only operations (GMMA layout atoms tiled to it,
; descriptors, fragment sizes) accept it. A leaf bound to a run-time value
; stays dynamic.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@p2 = private constant [6 x i8] c"(?,?)\00"
@p3 = private constant [17 x i8] c"(?,?{i64}):(?,1)\00"
@c = private constant [6 x i8] c"(1,2)\00"
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare i32 @llvm.cute.size(ptr, ...)
declare i32 @llvm.cute.cosize(ptr, ...)
declare i32 @llvm.cute.crd2idx(...)

; Constant leaves: size and cosize fold, and so does an index.
; CHECK-LABEL: define i32 @constant_leaves(
; CHECK-NEXT:    ret i32 8403
define i32 @constant_leaves() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p3, i32 64, i64 128, i32 130)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %l)
  %m = call i32 (ptr, ...) @llvm.cute.cosize(ptr %l)
  %c = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @c)
  %i = call i32 (...) @llvm.cute.crd2idx(ptr %c, ptr %l)
  ; size 8192, cosize 63*130 + 127 + 1 = 8318, crd2idx (1,2) = 130 + 2 = 132
  %s = add i32 %n, %i
  %t = sub i32 %m, 8318
  %r = add i32 %s, %t
  %q = add i32 %r, 79
  ret i32 %q
}

; A run-time leaf stays dynamic: the size is computed (m * 64).
; CHECK-LABEL: define i32 @dynamic_leaf(
; CHECK: shl i32 %m, 6
define i32 @dynamic_leaf(i32 %m) {
  %s = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @p2, i32 %m, i32 64)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %s)
  ret i32 %n
}
