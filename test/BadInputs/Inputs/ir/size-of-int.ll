; ERROR: no known profile: it is a function argument: a cute value escaping into a call that was not inlined has no known profile
target triple = "nvptx64-nvidia-cuda"


declare i32 @llvm.cute.size(ptr)

define i32 @f(ptr %x) #0 {
  %s = call i32 @llvm.cute.size(ptr %x)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
