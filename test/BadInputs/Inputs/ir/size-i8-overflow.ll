; ERROR: error: in function 'f': 'llvm.cute.size.i8': the static value 300 does not fit the i8 result (it would wrap)
target triple = "nvptx64-nvidia-cuda"

@p = private constant [4 x i8] c"300\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i8 @llvm.cute.size.i8(ptr)

define i8 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %s = call i8 @llvm.cute.size.i8(ptr %l)
  ret i8 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
