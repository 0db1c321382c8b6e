; slice_and_offset (CuTe's): result 0 is slice's, result 1 the offset at
; which the slice starts; of a coordinate layout, the coordinate of the
; slice's origin (dynamic where the coordinate is).
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@id = private constant [16 x i8] c"(8,4):(1@0,1@1)\00"
@l = private constant [12 x i8] c"(8,4):(4,1)\00"
@c = private constant [6 x i8] c"(_,?)\00"
@r0 = private constant [9 x i8] c"result=0\00"
@r1 = private constant [9 x i8] c"result=1\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.slice_and_offset(...)
declare i32 @llvm.cute.get_leaf(ptr, i32)
declare i32 @llvm.cute.size(ptr, ...)
declare i32 @llvm.cute.crd2idx(...)

; Column %k of the identity layout of (8,4) starts at (0,%k) and has 8
; elements.
; CHECK-LABEL: define i32 @identity_origin(
; CHECK-NEXT:    [[R:%.*]] = mul i32 %k, 9
; CHECK-NEXT:    ret i32 [[R]]
define i32 @identity_origin(i32 %k) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @id)
  %c = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @c, i32 %k)
  %s = call ptr (...) @llvm.cute.slice_and_offset(ptr %l, ptr %c, ptr @r0)
  %o = call ptr (...) @llvm.cute.slice_and_offset(ptr %l, ptr %c, ptr @r1)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %s)
  %row = call i32 @llvm.cute.get_leaf(ptr %o, i32 0)
  %col = call i32 @llvm.cute.get_leaf(ptr %o, i32 1)
  ; 8 * k + row + col = 8k + 0 + k
  %nk = mul i32 %n, %k
  %a = add i32 %nk, %row
  %r = add i32 %a, %col
  ret i32 %r
}

; Of an ordinary layout, an index: column %k of (8,4):(4,1) starts at %k.
; CHECK-LABEL: define i32 @index_offset(
; CHECK-NEXT:    ret i32 %k
define i32 @index_offset(i32 %k) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %c = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @c, i32 %k)
  %o = call ptr (...) @llvm.cute.slice_and_offset(ptr %l, ptr %c, ptr @r1)
  %i = call i32 @llvm.cute.get_leaf(ptr %o, i32 0)
  ret i32 %i
}
