; Helpers across calls: functions that take or return cute values, with no
; inlining attribute (internal, linkonce_odr, external and noinline alike),
; are inlined at the start of the lowering, transitively, at every
; optimisation level; an unused helper left behind is dropped.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: opt %loadcute -passes=cute-lower -S %s | FileCheck %s
; RUN: opt %loadcute -passes='default<O2>' -S %s | FileCheck %s --check-prefix=O2
; RUN: llc %loadcute -O0 -mcpu=sm_90a %s -o %t.O0.ptx
; RUN: llc %loadcute -O2 -mcpu=sm_90a %s -o %t.O2.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.O0.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.O2.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.O0.ptx -o /dev/null %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.O2.ptx -o /dev/null %}
;
; The answer, from the library: size of coalesce((4,8):(1,4) o (2,8):(1,2)).
; RUN: cute-layout composition '(4,8):(1,4)' '(2,8):(1,2)' | FileCheck %s --check-prefix=LIB
; LIB: (2,8):(1,2)

target triple = "nvptx64-nvidia-cuda"

@lay = private constant [12 x i8] c"(4,8):(1,4)\00"
@tiler = private constant [12 x i8] c"(2,8):(1,2)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.composition(ptr, ptr)
declare i32 @llvm.cute.size(ptr, ...)
declare i32 @llvm.cute.crd2idx.i(i32, ptr)
declare ptr @llvm.cute.coalesce(ptr)

; CHECK-NOT: define {{.*}}@make(
; CHECK-NOT: define {{.*}}@compose(
; CHECK-NOT: define {{.*}}@size_of(
; O2-NOT: define {{.*}}@make(
; O2-NOT: define {{.*}}@size_of(

; Returns a layout.
define internal ptr @make(ptr %text) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %text)
  ret ptr %l
}

; Takes a layout, returns another, through another helper.
define linkonce_odr ptr @compose(ptr %l) {
  %m = call ptr @make(ptr @tiler)
  %c = call ptr @llvm.cute.composition(ptr %l, ptr %m)
  %k = call ptr @llvm.cute.coalesce(ptr %c)
  ret ptr %k
}

; Takes a layout, returns an integer; external and noinline.
define i32 @size_of(ptr %l) noinline {
  %s = call i32 (ptr, ...) @llvm.cute.size(ptr %l)
  ret i32 %s
}

; Takes a layout and a dynamic index.
define i32 @index(ptr %l, i32 %i) {
  %x = call i32 @llvm.cute.crd2idx.i(i32 %i, ptr %l)
  ret i32 %x
}

; CHECK-LABEL: define i32 @static_size(
; CHECK-NEXT:    ret i32 16
; O2-LABEL: define {{.*}}i32 @static_size(
; O2-NEXT:    ret i32 16
; PTX-LABEL: static_size(
; PTX: 16;
define i32 @static_size() #0 {
  %a = call ptr @make(ptr @lay)
  %b = call ptr @compose(ptr %a)
  %s = call i32 @size_of(ptr %b)
  ret i32 %s
}

; (2,8):(1,2) at a dynamic index: a helper inside a loop-free body.
; CHECK-LABEL: define i32 @dynamic_index(
; CHECK-NOT: call
; CHECK: ret i32
define i32 @dynamic_index(i32 %i) #0 {
  %a = call ptr @make(ptr @lay)
  %b = call ptr @compose(ptr %a)
  %x = call i32 @index(ptr %b, i32 %i)
  ret i32 %x
}

attributes #0 = { "target-cpu"="sm_90a" }
