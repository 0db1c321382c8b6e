; ERROR: error: in function 'f': 'llvm.cute.make_view': unknown element type 'f17' (f16, bf16, f32, f64, i<N>, ptr, or a byte-sized registry type such as e4m3)
target triple = "nvptx64-nvidia-cuda"

@p = private constant [12 x i8] c"(8,4):(1,8)\00"
@e = private constant [4 x i8] c"f17\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare float @llvm.cute.memref_load(ptr, i32)

define float @f(ptr %m) #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %t = call ptr @llvm.cute.make_view(ptr %m, ptr %l, ptr @e)
  %v = call float @llvm.cute.memref_load(ptr %t, i32 3)
  ret float %v
}
attributes #0 = { "target-cpu"="sm_90a" }
