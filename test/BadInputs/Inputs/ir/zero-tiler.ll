; ERROR: error: in function 'f': 'llvm.cute.make_tile': profile '(0,4)': tile (0:1,4:1) has a non-positive extent 0
target triple = "nvptx64-nvidia-cuda"

@p = private constant [12 x i8] c"(8,8):(1,8)\00"
@t = private constant [6 x i8] c"(0,4)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_tile(ptr, ...)
declare ptr @llvm.cute.zipped_divide(ptr, ptr)
declare i32 @llvm.cute.size(ptr)

define i32 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %t = call ptr (ptr, ...) @llvm.cute.make_tile(ptr @t)
  %d = call ptr @llvm.cute.zipped_divide(ptr %l, ptr %t)
  %s = call i32 @llvm.cute.size(ptr %d)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
