; llvm.cute.expect_size (what make_fragment and copy emit to check a size at
; compile time): a call without its `of=` attribute is one error that lists
; the values the op's record allows, at the call.
;
; RUN: not cute-opt -passes=cute-lower-layout %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@layout = private constant [12 x i8] c"(8,4):(1,8)\00"
@none = private constant [1 x i8] zeroinitializer
@copy = private constant [8 x i8] c"of=copy\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare void @llvm.cute.expect_size(ptr, i32, ptr)

; CHECK: error: in function 'no_of': 'llvm.cute.expect_size' expects (cute value, integer size, "of=fragment|copy|tmem_registers")
; CHECK-NOT: error:
define void @no_of() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 32, ptr @none)
  ret void
}

; The same call with its attribute and the right size is no error.
define void @ok() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 32, ptr @copy)
  ret void
}
