; partition_fragment_A/B/C of a tensor (not only of a layout): the register
; layout of the thread's partition of the tensor's layout, as CuTe's
; partition_fragment_A(tensor) (make_fragment_like of the partition). Both
; forms give the same layout; 2x2 SM80 16x8x16 atoms over a 64x32 A tile:
; 8 values per atom x 2 M repeats x 2 K repeats = 32 per thread.
;
; RUN: sed -e '/^define i32 @wrong/,$d' %s > %t.ok.ll
; RUN: cute-opt -passes=cute-lower -S %t.ok.ll | FileCheck %s
; RUN: not cute-opt -passes=cute-lower -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:    ret i32 32
target triple = "nvptx64-nvidia-cuda"
@atom = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"
@f16 = private constant [4 x i8] c"f16\00"
@al = private constant [12 x i8] c"(2,2):(1,2)\00"
@sa = private constant [15 x i8] c"(64,32):(32,1)\00"
declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.partition_fragment_A(...)
declare i32 @llvm.cute.size(ptr, ...)

attributes #0 = { "target-cpu"="sm_90a" }
define i32 @f(ptr addrspace(3) %s) #0 {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @atom, ptr @al)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %t = call ptr @llvm.cute.make_view(ptr addrspace(3) %s, ptr %l, ptr @f16)
  %fa = call ptr (...) @llvm.cute.partition_fragment_A(ptr %t, ptr %m)
  %fl = call ptr (...) @llvm.cute.partition_fragment_A(ptr %l, ptr %m)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %fa)
  %k = call i32 (ptr, ...) @llvm.cute.size(ptr %fl)
  %same = icmp eq i32 %n, %k
  %r = select i1 %same, i32 %n, i32 -1
  ret i32 %r
}

; ERR: error: in function 'wrong_kind': 'llvm.cute.partition_fragment_A': operand #0 has no known profile
define i32 @wrong_kind(ptr %p) #0 {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @atom, ptr @al)
  %fa = call ptr (...) @llvm.cute.partition_fragment_A(ptr %p, ptr %m)
  %n = call i32 (ptr, ...) @llvm.cute.size(ptr %fa)
  ret i32 %n
}
