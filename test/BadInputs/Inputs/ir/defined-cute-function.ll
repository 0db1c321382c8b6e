; ERROR: /usr/lib/llvm-22/bin/opt: %s: error: input module is broken!
target triple = "nvptx64-nvidia-cuda"




define i32 @llvm.cute.size(ptr %x) #0 {
  ret i32 0
}
define i32 @f(ptr %x) #0 {
  %s = call i32 @llvm.cute.size(ptr %x)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
