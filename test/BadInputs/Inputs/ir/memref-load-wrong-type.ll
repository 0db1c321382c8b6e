; ERROR: error: in function 'f': 'llvm.cute.memref_load' returns i32 from a tensor of float
target triple = "nvptx64-nvidia-cuda"

@p = private constant [12 x i8] c"(8,4):(1,8)\00"
@f32 = private constant [4 x i8] c"f32\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare i32 @llvm.cute.memref_load(ptr, i32)

define i32 @f(ptr %m) #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %t = call ptr @llvm.cute.make_view(ptr %m, ptr %l, ptr @f32)
  %v = call i32 @llvm.cute.memref_load(ptr %t, i32 3)
  ret i32 %v
}
attributes #0 = { "target-cpu"="sm_90a" }
