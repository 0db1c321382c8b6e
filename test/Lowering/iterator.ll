; The descriptor iterator: get_iter(base, extent, tile, stride)
; builds the 24-byte {ptr, i32, i32} iterator in a stack slot; add_offset
; advances it (add) or, with a negative constant, rewinds it (sub);
; deref_desc_iter reads base + index * stride. Around a loop the iterator
; is a phi of the struct, and SROA removes the slot.
;
; RUN: cute-opt -passes=cute-desugar,cute-lower-layout,cute-verify -S %s | FileCheck %s --check-prefix=STAGE
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.cute.get_iter(ptr, i32, i32, i32)
declare ptr @llvm.cute.add_offset(ptr, i32)
declare ptr @llvm.cute.deref_desc_iter(ptr)

; STAGE-LABEL: define ptr @advance_rewind(
; STAGE:         %cute.iter = alloca { ptr, i32, i32 }
; STAGE:         %cute.iter.count = sdiv i32
; STAGE:         insertvalue { ptr, i32, i32 } poison, ptr %base, 0
; STAGE:         insertvalue { ptr, i32, i32 } %{{.*}}, i32 0, 1
; STAGE:         insertvalue { ptr, i32, i32 } %{{.*}}, i32 %stride, 2
; STAGE:         store { ptr, i32, i32 }
; STAGE:         add i32 %{{.*}}, 3
; STAGE:         sub i32 %{{.*}}, 1
; CHECK-LABEL: define ptr @advance_rewind(
; CHECK-NOT:     alloca
; CHECK:         %[[OFF:.*]] = shl i32 %stride, 1
; CHECK:         getelementptr i8, ptr %base
; CHECK-NOT:     call
define ptr @advance_rewind(ptr %base, i32 %extent, i32 %stride) {
  %it = call ptr @llvm.cute.get_iter(ptr %base, i32 %extent, i32 16, i32 %stride)
  %a = call ptr @llvm.cute.add_offset(ptr %it, i32 3)
  %b = call ptr @llvm.cute.add_offset(ptr %a, i32 -1)
  %p = call ptr @llvm.cute.deref_desc_iter(ptr %b)
  ret ptr %p
}

; CHECK-LABEL: define float @loop(
; CHECK:       loop:
; CHECK:         phi i32
; CHECK-NOT:     call ptr @llvm.cute
; PTX-LABEL: loop(
; PTX-NOT:     call
define float @loop(ptr %base, i32 %n, i32 %stride) {
entry:
  %it0 = call ptr @llvm.cute.get_iter(ptr %base, i32 %n, i32 1, i32 %stride)
  br label %loop
loop:
  %it = phi ptr [ %it0, %entry ], [ %next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %sum, %loop ]
  %p = call ptr @llvm.cute.deref_desc_iter(ptr %it)
  %v = load float, ptr %p
  %sum = fadd float %acc, %v
  %next = call ptr @llvm.cute.add_offset(ptr %it, i32 1)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret float %sum
}

; CHECK-NOT: llvm.cute
