; is_rmem (CuTe's): 1 for a tensor over a local array (a register
; fragment, before SROA), also after a slice or a partition moved its
; iterator and through a select of two such arrays; 0 for a tensor over a
; pointer parameter, a shared-memory array, or a select that may be either.
;
; RUN: cute-opt -passes=cute-desugar,cute-lower-layout -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@l = private constant [12 x i8] c"(8,4):(1,8)\00"
@c = private constant [6 x i8] c"(_,?)\00"
@f32 = private constant [4 x i8] c"f32\00"
@smem = internal addrspace(3) global [32 x float] poison

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.make_view.p3(ptr addrspace(3), ptr, ptr)
declare ptr @llvm.cute.slice(ptr, ptr)
declare i32 @llvm.cute.is_rmem(ptr)

; CHECK-LABEL: define i32 @fragment(
; CHECK:         ret i32 1
define i32 @fragment(i32 %k) {
  %regs = alloca [32 x float], align 16
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr @llvm.cute.make_view(ptr %regs, ptr %l, ptr @f32)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @c, i32 %k)
  %s = call ptr @llvm.cute.slice(ptr %t, ptr %crd)
  %r = call i32 @llvm.cute.is_rmem(ptr %s)
  ret i32 %r
}

; CHECK-LABEL: define i32 @either_fragment(
; CHECK:         ret i32 1
define i32 @either_fragment(i1 %b) {
  %x = alloca [32 x float], align 16
  %y = alloca [32 x float], align 16
  %p = select i1 %b, ptr %x, ptr %y
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f32)
  %r = call i32 @llvm.cute.is_rmem(ptr %t)
  ret i32 %r
}

; CHECK-LABEL: define i32 @memory(
; CHECK-NEXT:    ret i32 0
define i32 @memory(ptr %g) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr @llvm.cute.make_view(ptr %g, ptr %l, ptr @f32)
  %r = call i32 @llvm.cute.is_rmem(ptr %t)
  ret i32 %r
}

; CHECK-LABEL: define i32 @shared(
; CHECK-NEXT:    ret i32 0
define i32 @shared() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) @smem, ptr %l, ptr @f32)
  %r = call i32 @llvm.cute.is_rmem(ptr %t)
  ret i32 %r
}

; CHECK-LABEL: define i32 @registers_or_memory(
; CHECK:         ret i32 0
define i32 @registers_or_memory(i1 %b, ptr %g) {
  %x = alloca [32 x float], align 16
  %p = select i1 %b, ptr %x, ptr %g
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f32)
  %r = call i32 @llvm.cute.is_rmem(ptr %t)
  ret i32 %r
}
