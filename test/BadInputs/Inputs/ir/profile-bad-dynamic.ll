; ERROR: error: in function 'f': 'llvm.cute.make_layout': profile '(?{i7},4):(1,8)': column 4: expected 'i32', 'i64' or 'div=N' in dynamic integer
target triple = "nvptx64-nvidia-cuda"

@p = private constant [16 x i8] c"(?{i7},4):(1,8)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)

define i32 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
