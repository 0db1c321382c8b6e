; Layout-algebra ops whose CuTe preconditions fail are errors that name
; the offending mode and values, never a wrong layout.
;
; RUN: not cute-opt -passes=cute-lower %s 2>&1 | FileCheck %s
; RUN: not opt %loadcute -passes=cute-lower %s -disable-output 2>&1 | FileCheck %s --check-prefix=OPT

target triple = "nvptx64-nvidia-cuda"

@a = private constant [16 x i8] c"(4,6,8):(2,3,5)\00"
@b = private constant [4 x i8] c"6:3\00"
@l = private constant [12 x i8] c"(8,4):(1,8)\00"
@t = private constant [6 x i8] c"(3,4)\00"
@strict = private constant [7 x i8] c"strict\00"
@dyn = private constant [12 x i8] c"(4,?):(1,4)\00"
@bd = private constant [4 x i8] c"2:?\00"
@pick = private constant [9 x i8] c"result=7\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.composition(ptr, ptr)
declare ptr @llvm.cute.zipped_divide(ptr, ptr, ptr)
declare i32 @llvm.cute.get_shape(ptr)
declare ptr @llvm.cute.make_layout_tv(ptr, ptr, ptr)

; CuTe C++ accepts this composition and returns a wrong layout.
; CHECK: error: in function 'composition_unsound': 'llvm.cute.composition': composition: {{.*}}
; OPT: error: in function 'composition_unsound': 'llvm.cute.composition': composition: {{.*}}
define void @composition_unsound() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a)
  %b = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @b)
  %c = call ptr @llvm.cute.composition(ptr %a, ptr %b)
  ret void
}

; Whether a dynamic stride lands on a static mode's boundaries cannot be
; decided: an error, not code that assumes it.
; CHECK: error: in function 'composition_dynamic_stride': 'llvm.cute.composition': composition: cannot decide statically whether the dynamic stride ? of the right-hand layout is divisible by the extent 4 of mode 0 of the left-hand layout
define void @composition_dynamic_stride(i32 %n, i32 %s) {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 %n)
  %b = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @bd, i32 %s)
  %c = call ptr @llvm.cute.composition(ptr %a, ptr %b)
  ret void
}

; "strict" rejects a tiler that does not divide the layout.
; CHECK: error: in function 'strict_divide': 'llvm.cute.zipped_divide': {{.*}}
define void @strict_divide() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t)
  %z = call ptr @llvm.cute.zipped_divide(ptr %l, ptr %t, ptr @strict)
  ret void
}

; A tuple result asked for as an integer.
; CHECK: error: in function 'not_an_integer': 'llvm.cute.get_shape' gives '(8,4)', not an integer: declare the call to return ptr
define i32 @not_an_integer() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %s = call i32 @llvm.cute.get_shape(ptr %l)
  ret i32 %s
}

; CHECK: error: in function 'bad_result': 'llvm.cute.make_layout_tv': result=7 does not exist (it has 2)
define void @bad_result() {
  %thr = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %val = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %r = call ptr @llvm.cute.make_layout_tv(ptr %thr, ptr %val, ptr @pick)
  ret void
}
