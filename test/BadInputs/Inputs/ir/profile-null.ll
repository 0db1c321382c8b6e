; ERROR: error: in function 'f': 'llvm.cute.make_layout': operand #0 has no known profile: it is a null pointer (a profile is a compile-time constant string of CuTe notation, such as "(8,4):(1,8)")
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)

define i32 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr null)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
