; Misuses of the TiledMMA / TiledCopy objects in IR: one error each, at the
; call.
;
; RUN: not cute-opt -passes=cute-lower -S %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@name80 = private constant [29 x i8] c"SM80_16x8x16_F16F16F16F16_TN\00"
@name80_32 = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"
@al = private constant [6 x i8] c"(2,2)\00"
@al41 = private constant [8 x i8] c"(4,1,1)\00"
@relayout = private constant [29 x i8] c"atom_layout=(4,1,1) result=0\00"
@copy = private constant [58 x i8] c"copy_atom=UniversalCopy<uint32_t> value_type=f32 result=0\00"
@cp = private constant [24 x i8] c"UniversalCopy<uint32_t>\00"
@f32 = private constant [4 x i8] c"f32\00"
@t = private constant [7 x i8] c"(32,8)\00"
@dyn = private constant [6 x i8] c"(?,2)\00"
@sa = private constant [15 x i8] c"(64,32):(32,1)\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_tiled_copy(...)
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.partition_A(...)
declare ptr @llvm.cute.partition_S(...)

; An op given a TiledMMA object takes it as built: an attribute that would
; build another is an error (not a half of each).
; CHECK: error: in function 'respelt': 'llvm.cute.partition_A': 'tiled.mma.partition_A' takes its TiledMMA as an object operand; attribute atom_layout would spell it out again: give one or the other
define ptr @respelt() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %p = call ptr (...) @llvm.cute.partition_A(ptr %l, i32 0, ptr %m, ptr @relayout)
  ret ptr %p
}

; Likewise for a TiledCopy object.
; CHECK: error: in function 'respelt_copy': {{.*}}'tiled.copy.partition_S' takes its TiledCopy as an object operand; attribute copy_atom would spell it out again: give one or the other
define ptr @respelt_copy() {
  %th = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @t)
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @cp, ptr @f32, ptr %th)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %p = call ptr (...) @llvm.cute.partition_S(ptr %l, i32 0, ptr %c, ptr @copy)
  ret ptr %p
}

; The atom is named by a constant string, not by a cute value.
; CHECK: error: in function 'value_as_name': 'llvm.cute.make_tiled_copy': value_type is a name (a constant string), but operand #1 is the cute value '(32,8)'
define ptr @value_as_name() {
  %th = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t)
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @cp, ptr %th, ptr %th)
  ret ptr %c
}

; A layout given as a cute value must be static, as its notation must.
; CHECK: error: in function 'dynamic_value': 'llvm.cute.make_tiled_mma' expects a static atom_layout (every leaf a constant), but got (?,2)
define ptr @dynamic_value(i32 %n) {
  %al = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @dyn, i32 %n)
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr %al)
  ret ptr %m
}

; Two TiledCopy objects for one.
; CHECK: error: in function 'two_copies': 'llvm.cute.partition_S' takes at most one TiledCopy object
define ptr @two_copies() {
  %th = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @t)
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @cp, ptr @f32, ptr %th)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %p = call ptr (...) @llvm.cute.partition_S(ptr %l, i32 0, ptr %c, ptr %c)
  ret ptr %p
}

; Different TiledMMAs (another accumulator type; another atom layout) do
; not meet at a phi.
; CHECK: error: in function 'phi_of_different': cute values of different profiles meet here
define ptr @phi_of_different(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al41)
  br label %join
b:
  %mb = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80_32, ptr @al41)
  br label %join
join:
  %m = phi ptr [ %ma, %a ], [ %mb, %b ]
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %p = call ptr (...) @llvm.cute.partition_A(ptr %l, i32 0, ptr %m)
  ret ptr %p
}
