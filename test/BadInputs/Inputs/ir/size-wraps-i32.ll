; ERROR: error: in function 'f': 'llvm.cute.size': the static value 4294967296 does not fit the i32 result (it would wrap)
target triple = "nvptx64-nvidia-cuda"

@p = private constant [14 x i8] c"(65536,65536)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)

define i32 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
