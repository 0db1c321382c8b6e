; ERROR: ndex is computed in i32, which does not hold its static intermediate 2147483648 (it would wrap); use a wider result type
target triple = "nvptx64-nvidia-cuda"

@p = private constant [21 x i8] c"(4,4):(2147483648,1)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.crd2idx.i(i32, ptr)

define i32 @f(i32 %j) #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %i = call i32 @llvm.cute.crd2idx.i(i32 %j, ptr %l)
  ret i32 %i
}
attributes #0 = { "target-cpu"="sm_90a" }
