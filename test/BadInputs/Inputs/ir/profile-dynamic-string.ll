; ERROR: no known profile: it is a function argument: a cute value escaping into a call that was not inlined has no known profile
target triple = "nvptx64-nvidia-cuda"


declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)

define i32 @f(ptr %p) #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %p)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
