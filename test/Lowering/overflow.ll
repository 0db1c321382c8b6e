; Static values past 32 bits are computed in 64 bits: a dynamic index whose
; static stride is 2^31 is sign-extended and shifted in i64 (it used to be
; `shl i32 %j, 31`, a wrong address), and a size of 2^32 fits an i64 result.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: opt %loadcute -passes=cute-lower -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@big = private constant [24 x i8] c"(65536,65536):(1,65536)\00"
@col = private constant [21 x i8] c"(4,8):(1,2147483648)\00"
@wide = private constant [21 x i8] c"(2,?):(1,2147483648)\00"
@f32 = private constant [4 x i8] c"f32\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i64 @llvm.cute.size.i64(ptr)
declare i64 @llvm.cute.crd2idx.i.i64(i32, ptr)
declare ptr @llvm.cute.make_view.p1(ptr addrspace(1), ptr, ptr)
declare float @llvm.cute.memref_load(ptr, i32)

; CHECK-LABEL: define i64 @size_i64(
; CHECK:         ret i64 4294967296
define i64 @size_i64() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @big)
  %s = call i64 @llvm.cute.size.i64(ptr %l)
  ret i64 %s
}

; (j % 4) + (j / 4) * 2^31, in i64.
; CHECK-LABEL: define i64 @crd2idx_i64(
; CHECK:         %[[J:.*]] = sext i32 %j to i64
; CHECK-DAG:     sdiv i64 %[[J]], 4
; CHECK-DAG:     shl {{.*}}i64 %{{.*}}, 31
; CHECK-DAG:     srem i64 %[[J]], 4
; CHECK-NOT:     i32
; CHECK:         ret i64
define i64 @crd2idx_i64(i32 %j) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @col)
  %s = call i64 @llvm.cute.crd2idx.i.i64(i32 %j, ptr %l)
  ret i64 %s
}

; The GEP offset of element j of (2,?):(1,2^31) floats: 64-bit, never a
; 32-bit shift by 31.
; CHECK-LABEL: define float @load_i64_offset(
; CHECK-NOT:     shl i32
; CHECK:         shl {{.*}}i64 %{{.*}}, 33
; CHECK:         load float
define float @load_i64_offset(ptr addrspace(1) %p, i32 %n, i32 %j) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @wide, i32 %n)
  %v = call ptr @llvm.cute.make_view.p1(ptr addrspace(1) %p, ptr %l, ptr @f32)
  %x = call float @llvm.cute.memref_load(ptr %v, i32 %j)
  ret float %x
}
