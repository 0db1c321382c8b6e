; ERROR: error: in function 'f': 'llvm.cute.get_leaf': leaf 9 of '(8,4):(1,8)' does not exist (it has 4)
target triple = "nvptx64-nvidia-cuda"

@p = private constant [12 x i8] c"(8,4):(1,8)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.get_leaf(ptr, i32)

define i32 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %x = call i32 @llvm.cute.get_leaf(ptr %l, i32 9)
  ret i32 %x
}
attributes #0 = { "target-cpu"="sm_90a" }
