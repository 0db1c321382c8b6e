; ERROR: error: in function 'f': 'llvm.cute.composition': 'composition' expects 2 operand(s), but got 1
target triple = "nvptx64-nvidia-cuda"

@p = private constant [4 x i8] c"8:1\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.composition(ptr)
declare i32 @llvm.cute.size(ptr)

define i32 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %c = call ptr @llvm.cute.composition(ptr %l)
  %s = call i32 @llvm.cute.size(ptr %c)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
