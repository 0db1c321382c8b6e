; The stages check their order and the values they cannot follow:
; sugar reaching cute-lower-layout, survivors at cute-verify (an atom whose
; address is taken is one error at that use, not a survivor), cute values
; escaping to memory or to calls that were not inlined, merges of values
; of different profiles.
;
; RUN: split-file %s %t
; RUN: not cute-opt -passes=cute-lower-layout %t/sugar.ll 2>&1 | FileCheck %s --check-prefix=SUGAR
; RUN: not cute-opt -passes=cute-verify %t/survivor.ll 2>&1 | FileCheck %s --check-prefix=SURVIVOR
; RUN: not cute-opt -passes=cute-lower %t/escape.ll 2>&1 | FileCheck %s --check-prefix=ESCAPE
; RUN: not cute-opt -passes=cute-lower %t/merge.ll 2>&1 | FileCheck %s --check-prefix=MERGE
; RUN: not cute-opt -passes=cute-lower %t/host-print.ll 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: not cute-opt -passes=cute-lower %t/address-taken.ll 2>&1 | FileCheck %s --check-prefix=ADDR --implicit-check-not=error:
; RUN: not llc %loadcute -mcpu=sm_90a %t/escape.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ESCAPE
; RUN: not opt %loadcute -passes=cute-lower %t/escape.ll -disable-output 2>&1 | FileCheck %s --check-prefix=ESCAPE1

;--- sugar.ll
target triple = "nvptx64-nvidia-cuda"
@l = private constant [12 x i8] c"(8,4):(1,8)\00"
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.local_partition(ptr, ptr, i32)
; SUGAR: error: in function 'f': 'llvm.cute.local_partition' is sugar: run cute-desugar before cute-lower-layout
define void @f(i32 %t) {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %p = call ptr @llvm.cute.local_partition(ptr %a, ptr %a, i32 %t)
  ret void
}

;--- survivor.ll
target triple = "nvptx64-nvidia-cuda"
@l = private constant [12 x i8] c"(8,4):(1,8)\00"
declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)
declare void @llvm.cute.nvgpu.universal_copy(ptr, ptr)
; SURVIVOR: error: in function 'f': 'llvm.cute.make_layout' survived the lowering: primitive ops are removed by cute-lower-layout, which did not run or could not lower this call
; SURVIVOR: error: in function 'f': 'llvm.cute.size' survived the lowering
; SURVIVOR: error: in function 'f': 'llvm.cute.nvgpu.universal_copy' survived the lowering: atoms are lowered by cute-lower-atoms
define i32 @f(ptr %p) {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %s = call i32 @llvm.cute.size(ptr %a)
  call void @llvm.cute.nvgpu.universal_copy(ptr %p, ptr %p)
  ret i32 %s
}

;--- escape.ll
target triple = "nvptx64-nvidia-cuda"
@l = private constant [12 x i8] c"(8,4):(1,8)\00"
declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)
declare void @consume(ptr)
; ESCAPE-DAG: error: in function 'helper': 'llvm.cute.size': operand #0 has no known profile: it is a function argument: a cute value escaping into a call that was not inlined has no known profile
; ESCAPE-DAG: error: in function 'stored': a cute value ('(8,4):(1,8)') escapes to memory (a store); its profile cannot be followed there
; ESCAPE-DAG: error: in function 'passed': a cute value ('(8,4):(1,8)') escapes to a call of 'consume' that was not inlined; its profile cannot be followed there
; ESCAPE-DAG: error: in function 'returned': a cute value ('(8,4):(1,8)') escapes to the caller (a return); its profile cannot be followed there
; ESCAPE1: error: in function 'helper': 'llvm.cute.size': operand #0 has no known profile
define i32 @helper(ptr %layout) noinline {
  %s = call i32 @llvm.cute.size(ptr %layout)
  ret i32 %s
}
define void @stored(ptr %slot) {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  store volatile ptr %a, ptr %slot
  ret void
}
define void @passed() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  call void @consume(ptr %a)
  ret void
}
define ptr @returned() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  ret ptr %a
}

;--- merge.ll
target triple = "nvptx64-nvidia-cuda"
@a = private constant [12 x i8] c"(8,4):(1,8)\00"
@b = private constant [5 x i8] c"32:1\00"
@v = private constant [4 x i8] c"8:1\00"
@h = private constant [4 x i8] c"4:1\00"
declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)
declare ptr @llvm.cute.composition(ptr, ptr)
; MERGE: error: in function 'different': cute values of different profiles meet here: '(8,4):(1,8)' and '32:1'
define i32 @different(i1 %c) {
  %x = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a)
  %y = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @b)
  %l = select i1 %c, ptr %x, ptr %y
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
; A loop that changes a static leaf of the value it carries.
; MERGE: error: in function 'loop': the cute value entering from 'loop' ('4:1') changes a static leaf of '8:1' around a loop; make that leaf dynamic before the loop
define i32 @loop(i32 %n) {
entry:
  %v0 = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @v)
  br label %loop
loop:
  %v = phi ptr [ %v0, %entry ], [ %v1, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %half = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @h)
  %v1 = call ptr @llvm.cute.composition(ptr %v, ptr %half)
  %i1 = add i32 %i, 1
  %d = icmp eq i32 %i1, %n
  br i1 %d, label %exit, label %loop
exit:
  %s = call i32 @llvm.cute.size(ptr %v)
  ret i32 %s
}

;--- host-print.ll
target triple = "x86_64-unknown-linux-gnu"
@a = private constant [12 x i8] c"(8,4):(1,8)\00"
declare ptr @llvm.cute.make_layout(ptr, ...)
declare void @llvm.cute.print(ptr)
; PRINT: error: in function 'f': 'llvm.cute.print' prints through the CUDA device runtime (vprintf): it needs an NVPTX target
define void @f() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a)
  call void @llvm.cute.print(ptr %a)
  ret void
}

;--- address-taken.ll
target triple = "nvptx64-nvidia-cuda"
@v = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"
declare void @llvm.cute.nvgpu.ldsm(ptr, ptr, ptr)
declare void @other(ptr, ptr, ptr)
; ADDR: error: in function 'k': 'llvm.cute.nvgpu.ldsm' is used other than as the function a call calls (its address is taken): the cute operations and atoms are called directly, by name
; ADDR-NEXT: at: %f = select i1 %c, ptr @llvm.cute.nvgpu.ldsm, ptr @other
define void @k(ptr %r, ptr %s, i1 %c) "target-cpu"="sm_90a" {
  %f = select i1 %c, ptr @llvm.cute.nvgpu.ldsm, ptr @other
  call void %f(ptr @v, ptr %r, ptr %s)
  ret void
}
