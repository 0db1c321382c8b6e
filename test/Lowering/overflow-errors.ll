; A static value that does not fit the width the lowering emits it in is an
; error at the call, never a value that wraps silently: a size of 2^32 in an
; i32 result (it used to lower to `ret i32 0`), an i32 index whose static
; stride is 2^31 (it used to become `shl i32 %j, 31`), a static crd2idx past
; 2^31, 300 in an i8, and static arithmetic past 64 bits.
;
; RUN: not cute-opt -passes=cute-lower %s -o /dev/null 2>&1 | FileCheck %s
; Stock opt and llc stop at the first error.
; RUN: not opt %loadcute -passes=cute-lower -disable-output %s 2>&1 | FileCheck %s --check-prefix=FIRST
; RUN: not llc %loadcute -mcpu=sm_90a %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=FIRST

target triple = "nvptx64-nvidia-cuda"

@big = private constant [24 x i8] c"(65536,65536):(1,65536)\00"
@col = private constant [21 x i8] c"(4,8):(1,2147483648)\00"
@l300 = private constant [6 x i8] c"300:1\00"
@huge = private constant [24 x i8] c"(4294967296,4294967296)\00"
@huge3 = private constant [26 x i8] c"(4294967296,4294967296,4)\00"
@cosz = private constant [22 x i8] c"9223372036854775807:2\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare i32 @llvm.cute.size(ptr)
declare i64 @llvm.cute.size.i64(ptr)
declare i8 @llvm.cute.size.i8(ptr)
declare i64 @llvm.cute.cosize.i64(ptr)
declare i32 @llvm.cute.crd2idx.i(i32, ptr)

; FIRST: error: in function 'size_past_i32': 'llvm.cute.size': the static value 4294967296 does not fit the i32 result
; CHECK-DAG: error: in function 'size_past_i32': 'llvm.cute.size': the static value 4294967296 does not fit the i32 result (it would wrap)
define i32 @size_past_i32() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @big)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}

; CHECK-DAG: error: in function 'stride_past_i32': 'llvm.cute.crd2idx.i': the index is computed in i32, which does not hold its static intermediate 2147483648 (it would wrap); use a wider result type
define i32 @stride_past_i32(i32 %j) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @col)
  %s = call i32 @llvm.cute.crd2idx.i(i32 %j, ptr %l)
  ret i32 %s
}

; 31 = (3, 7): 3 + 7 * 2^31.
; CHECK-DAG: error: in function 'crd2idx_past_i32': 'llvm.cute.crd2idx.i': the static value 15032385539 does not fit the i32 result (it would wrap)
define i32 @crd2idx_past_i32() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @col)
  %s = call i32 @llvm.cute.crd2idx.i(i32 31, ptr %l)
  ret i32 %s
}

; CHECK-DAG: error: in function 'i8_300': 'llvm.cute.size.i8': the static value 300 does not fit the i8 result (it would wrap)
define i8 @i8_300() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l300)
  %s = call i8 @llvm.cute.size.i8(ptr %l)
  ret i8 %s
}

; CHECK-DAG: error: in function 'size_past_i64': 'llvm.cute.size.i64': 'size': integer overflow: 4294967296 * 4294967296 does not fit in 64 bits
define i64 @size_past_i64() {
  %sh = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @huge)
  %s = call i64 @llvm.cute.size.i64(ptr %sh)
  ret i64 %s
}

; The compact strides of (2^32,2^32,4) (it used to get stride 0).
; CHECK-DAG: error: in function 'make_layout_past_i64': 'llvm.cute.make_layout': 'make_layout': integer overflow: 4294967296 * 4294967296 does not fit in 64 bits
define void @make_layout_past_i64() {
  %sh = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @huge3)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %sh)
  ret void
}

; CHECK-DAG: error: in function 'cosize_past_i64': 'llvm.cute.cosize.i64': 'cosize': integer overflow: 9223372036854775806 * 2 does not fit in 64 bits
define i64 @cosize_past_i64() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @cosz)
  %s = call i64 @llvm.cute.cosize.i64(ptr %l)
  ret i64 %s
}
