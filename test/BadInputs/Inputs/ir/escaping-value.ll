; ERROR: error: in function 'f': a cute value ('8:1') escapes to a call of 'use' that was not inlined; its profile cannot be followed there
target triple = "nvptx64-nvidia-cuda"

@p = private constant [4 x i8] c"8:1\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare void @use(ptr)

define void @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  call void @use(ptr %l)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
