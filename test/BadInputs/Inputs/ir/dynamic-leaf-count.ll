; ERROR: error: in function 'f': 'llvm.cute.make_layout': profile '(?,4):(1,?)' has 2 dynamic leaves, but the call passes 1 integer(s)
target triple = "nvptx64-nvidia-cuda"

@p = private constant [12 x i8] c"(?,4):(1,?)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)

define i32 @f(i32 %n) #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p, i32 %n)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
