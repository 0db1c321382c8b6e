; Cute values that merge: a select or phi keeps one profile; leaves on
; which the incoming values agree stay static, the others become selects
; or phis of integers. A tensor advanced around a loop keeps its layout
; and its iterator becomes a pointer phi.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: cute-opt -passes=cute-desugar,cute-lower-layout -S %s | FileCheck %s --check-prefix=STAGE
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@col = private constant [12 x i8] c"(8,4):(1,8)\00"
@row = private constant [12 x i8] c"(8,4):(4,1)\00"
@dyn = private constant [12 x i8] c"(?,4):(1,?)\00"
@vec = private constant [4 x i8] c"8:1\00"
@f32 = private constant [4 x i8] c"f32\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.crd2idx(i32, ptr)
declare i32 @llvm.cute.size(ptr)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.add_offset(ptr, i32)
declare float @llvm.cute.memref_load(ptr, i32)

; Same shape, different strides: the shape stays static (size folds), the
; strides become selects.
; CHECK-LABEL: define i32 @select_layout(
; CHECK:         select i1 %c
; CHECK:         select i1 %c
; CHECK:         %r = add i32 %{{.*}}, 32
; CHECK:         ret i32 %r
define i32 @select_layout(i1 %c, i32 %i) {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @col)
  %b = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @row)
  %l = select i1 %c, ptr %a, ptr %b
  %x = call i32 @llvm.cute.crd2idx(i32 %i, ptr %l)
  %s = call i32 @llvm.cute.size(ptr %l)
  %r = add i32 %x, %s
  ret i32 %r
}

; STAGE-LABEL: define i32 @phi_size(
; STAGE:         phi i32 [ %m, %then ], [ 16, %else ]
; CHECK-LABEL: define i32 @phi_size(
; CHECK:         %[[S:.*]] = shl i32 %m, 2
; CHECK:         select i1 %c, i32 %[[S]], i32 64
define i32 @phi_size(i1 %c, i32 %m, i32 %s) {
entry:
  br i1 %c, label %then, label %else
then:
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 %m, i32 %s)
  br label %join
else:
  %b = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 16, i32 %s)
  br label %join
join:
  %l = phi ptr [ %a, %then ], [ %b, %else ]
  %n = call i32 @llvm.cute.size(ptr %l)
  ret i32 %n
}

; A tensor walked through memory in a loop: the layout is the same on
; every trip (its leaves are static), the pointer is a phi.
; CHECK-LABEL: define float @walk(
; CHECK:         phi ptr
; CHECK-NOT:     call
define float @walk(ptr %p, i32 %n) {
entry:
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @vec)
  %t0 = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f32)
  br label %loop
loop:
  %t = phi ptr [ %t0, %entry ], [ %t.next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %sum, %loop ]
  %v = call float @llvm.cute.memref_load(ptr %t, i32 7)
  %sum = fadd float %acc, %v
  %t.next = call ptr @llvm.cute.add_offset(ptr %t, i32 8)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret float %sum
}

; CHECK-NOT: llvm.cute
