; A constant bound to a `?` leaf must fit the leaf's width and
; divisibility: one located error, not a wrapped value.
;
; RUN: not cute-opt -passes=cute-lower -S %s -o /dev/null 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@p = private constant [6 x i8] c"(?,?)\00"
@pd = private constant [13 x i8] c"(?{div=8},4)\00"
declare ptr @llvm.cute.make_shape(ptr, ...)
declare i32 @llvm.cute.size(ptr, ...)

; CHECK: error: in function 'too_wide': 'llvm.cute.make_shape': operand #1: 4294967296 does not fit the i32 leaf it binds
define i32 @too_wide() {
  %s = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @p, i64 4294967296, i32 2)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %s)
  ret i32 %n
}

; CHECK: error: in function 'not_divisible': 'llvm.cute.make_shape': operand #1: 12 is not a multiple of 8, as its leaf requires
define i32 @not_divisible() {
  %s = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @pd, i32 12)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %s)
  ret i32 %n
}
