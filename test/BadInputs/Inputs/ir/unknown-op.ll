; ERROR: error: in function 'f': unknown cute intrinsic 'llvm.cute.no_such_op'
target triple = "nvptx64-nvidia-cuda"

@p = private constant [4 x i8] c"8:1\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.no_such_op(ptr)
declare void @use(ptr)

define void @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %x = call ptr @llvm.cute.no_such_op(ptr %l)
  call void @use(ptr %x)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
