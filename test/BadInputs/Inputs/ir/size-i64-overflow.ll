; ERROR: error: in function 'f': 'llvm.cute.make_layout': integer overflow: 4294967296 * 4294967296 does not fit in 64 bits
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
