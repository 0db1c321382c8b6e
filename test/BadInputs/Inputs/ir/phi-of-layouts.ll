; ERROR: error: in function 'f': cute values of different profiles meet here: '8:1' and '(4,2):(1,4)'
target triple = "nvptx64-nvidia-cuda"

@p = private constant [4 x i8] c"8:1\00"
@q = private constant [12 x i8] c"(4,2):(1,4)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)

define i32 @f(i1 %c) #0 {
entry:
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)
  br i1 %c, label %then, label %join
then:
  %b = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @q)
  br label %join
join:
  %l = phi ptr [ %a, %entry ], [ %b, %then ]
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}
attributes #0 = { "target-cpu"="sm_90a" }
