; ERROR: error: in function 'f': 'llvm.cute.make_layout': profile '(8,0):(1,8)': shape (8,0) has a non-positive leaf 0
; ERROR: error: in function 'g': 'llvm.cute.make_layout': profile '((8': column 4: expected ',' or ')' before end of input
; ERROR: error: in function 'h': 'llvm.cute.make_layout': profile 'xyz': column 1: expected an integer, '?', '_', '(' or '['
target triple = "nvptx64-nvidia-cuda"

@p = private constant [12 x i8] c"(8,0):(1,8)\00"
@q = private constant [4 x i8] c"((8\00"
@r = private constant [4 x i8] c"xyz\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)

define i32 @f() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
define i32 @g() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @q)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
define i32 @h() #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @r)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
