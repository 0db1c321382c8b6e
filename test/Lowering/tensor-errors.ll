; Tensor and iterator misuse: clear errors naming the call.
;
; RUN: not cute-opt -passes=cute-lower %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@l = private constant [12 x i8] c"(8,4):(1,8)\00"
@sh = private constant [6 x i8] c"(8,4)\00"
@f32 = private constant [4 x i8] c"f32\00"
@sw = private constant [31 x i8] c"S<3,3,3> o 0 o (8,8):(1@0,1@1)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare i32 @llvm.cute.memref_load(ptr, i32)
declare ptr @llvm.cute.right_inverse(ptr)
declare ptr @llvm.cute.get_iter(ptr)
declare ptr @llvm.cute.get_iter.desc(ptr, i32, i32, i64)
declare ptr @llvm.cute.deref_desc_iter(ptr)
declare ptr @llvm.cute.get_layout(ptr)
declare i32 @llvm.cute.is_rmem(ptr)

; CHECK: error: in function 'wrong_type': 'llvm.cute.memref_load' returns i32 from a tensor of float
define i32 @wrong_type(ptr %p) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f32)
  %v = call i32 @llvm.cute.memref_load(ptr %t, i32 3)
  ret i32 %v
}

; CHECK: error: in function 'view_of_shape': 'llvm.cute.make_view': operand #1 is a shape, not a layout
define void @view_of_shape(ptr %p) {
  %s = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @sh)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %s, ptr @f32)
  ret void
}

; CHECK: error: in function 'not_on_tensors': 'llvm.cute.right_inverse' does not apply to a tensor; apply it to the tensor's layout
define void @not_on_tensors(ptr %p) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f32)
  %r = call ptr @llvm.cute.right_inverse(ptr %t)
  ret void
}

; CHECK: error: in function 'iter_of_layout': 'llvm.cute.get_iter' expects a tensor (from llvm.cute.make_view)
define ptr @iter_of_layout() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %i = call ptr @llvm.cute.get_iter(ptr %l)
  ret ptr %i
}

; CHECK: error: in function 'bad_desc_iter': 'llvm.cute.get_iter' expects (tensor) or (ptr base, i32 extent, i32 tile, i32 stride)
define void @bad_desc_iter(ptr %p) {
  %i = call ptr @llvm.cute.get_iter.desc(ptr %p, i32 8, i32 2, i64 4)
  ret void
}

; CHECK: error: in function 'deref_layout': 'llvm.cute.deref_desc_iter' expects a descriptor iterator and returns a pointer
define ptr @deref_layout() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %d = call ptr @llvm.cute.deref_desc_iter(ptr %l)
  ret ptr %d
}

; CHECK: error: in function 'layout_of_layout': 'llvm.cute.get_layout' expects a tensor
define void @layout_of_layout() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %x = call ptr @llvm.cute.get_layout(ptr %l)
  ret void
}

; CHECK: error: in function 'rmem_of_layout': 'llvm.cute.is_rmem' expects a tensor (from llvm.cute.make_view)
define i32 @rmem_of_layout() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %r = call i32 @llvm.cute.is_rmem(ptr %l)
  ret i32 %r
}

; A swizzle applies to integers, not to the coordinates an identity layout
; gives.
; CHECK: error: in function 'swizzled': 'llvm.cute.memref_load': S<3,3,3> applies to an integer, but (8,8):(1@0,1@1) gives (3,0)
define i32 @swizzled(ptr %p) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sw)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f32)
  %v = call i32 @llvm.cute.memref_load(ptr %t, i32 3)
  ret i32 %v
}
