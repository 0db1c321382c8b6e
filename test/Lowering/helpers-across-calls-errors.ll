; What cannot cross a call: a recursive helper, a cute value passed to a
; function with no body or stored to memory, a helper whose address is
; taken. Each is a located error (function and instruction); all of them
; are reported.
;
; RUN: not cute-opt -passes=cute-lower -S %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not llc %loadcute -mcpu=sm_90a %s -o /dev/null 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@lay = private constant [12 x i8] c"(4,8):(1,4)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.coalesce(ptr)
declare i32 @llvm.cute.size(ptr, ...)
declare i32 @external(ptr)

; CHECK-DAG: error: in function 'recursive': 'recurse' takes or returns cute values and is recursive: it cannot be inlined, and a cute value cannot cross a call
define ptr @recurse(ptr %l, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %c = call ptr @llvm.cute.coalesce(ptr %l)
  %m = sub i32 %n, 1
  %r = call ptr @recurse(ptr %c, i32 %m)
  ret ptr %r
done:
  ret ptr %l
}

define i32 @recursive(i32 %n) #0 {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @lay)
  %b = call ptr @recurse(ptr %a, i32 %n)
  %s = call i32 (ptr, ...) @llvm.cute.size(ptr %b)
  ret i32 %s
}

; CHECK-DAG: error: in function 'to_declaration': a cute value ('(4,8):(1,4)') escapes to a call of 'external' that was not inlined; its profile cannot be followed there
define i32 @to_declaration() #0 {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @lay)
  %r = call i32 @external(ptr %a)
  ret i32 %r
}

; CHECK-DAG: error: in function 'to_memory': a cute value ('(4,8):(1,4)') escapes to memory (a store); its profile cannot be followed there
define void @to_memory(ptr %slot) #0 {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @lay)
  store ptr %a, ptr %slot
  ret void
}

; CHECK-DAG: error: in function 'address_taken': 'size_of' takes cute values and is used other than by a call that can be inlined
define i32 @size_of(ptr %l) {
  %s = call i32 (ptr, ...) @llvm.cute.size(ptr %l)
  ret i32 %s
}
define ptr @address_taken() #0 {
  ret ptr @size_of
}

attributes #0 = { "target-cpu"="sm_90a" }
