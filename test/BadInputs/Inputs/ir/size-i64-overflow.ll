; ERROR: error: in function 'f': 'llvm.cute.make_layout': profile '(4294967296,4294967296)': column 1: expected a layout 'shape:stride'
target triple = "nvptx64-nvidia-cuda"

@p = private constant [24 x i8] c"(4294967296,4294967296)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i64 @llvm.cute.size.i64(ptr)

define i64 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %s = call i64 @llvm.cute.size.i64(ptr %l)
  ret i64 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
