; Constructors: notation literals with static and dynamic leaves, tuples
; built from values, and the packing of layouts into LLVM structs.
;
; RUN: cute-opt -passes=cute-desugar,cute-lower-layout,cute-verify -S %s | FileCheck %s
; RUN: opt %loadcute -passes=cute-lower -S %s | FileCheck %s --check-prefix=OPT
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@rank2 = private constant [12 x i8] c"(8,4):(1,8)\00"
@nested = private constant [25 x i8] c"((2,2),4):((1,8),?{i64})\00"
@dyn = private constant [12 x i8] c"(?,?):(?,1)\00"
@coord = private constant [6 x i8] c"(_,?)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.make_tuple(ptr, i32)
declare i32 @llvm.cute.get_leaf(ptr, i32)
declare i64 @llvm.cute.get_leaf.i64(ptr, i32)
declare { i32, i32, i32, i32 } @llvm.cute.pack(ptr)
declare { { i32, i32, i32, i32 }, i32, i64 } @llvm.cute.pack.nested(ptr)
declare ptr @llvm.cute.unpack(ptr, { i32, i32, i32, i32 })

; A static layout folds into one constant struct.
; CHECK-LABEL: define { i32, i32, i32, i32 } @pack_static(
; CHECK-NEXT:    ret { i32, i32, i32, i32 } { i32 8, i32 1, i32 4, i32 8 }
; OPT-LABEL: define { i32, i32, i32, i32 } @pack_static(
; OPT-NEXT:    ret { i32, i32, i32, i32 } { i32 8, i32 1, i32 4, i32 8 }
; PTX-LABEL: pack_static(
; PTX-NOT:     call
; PTX-DAG:     st.param.b32 [func_retval0+12], 8;
; PTX-DAG:     st.param.b32 [func_retval0+8], 4;
; PTX-DAG:     st.param.b32 [func_retval0+4], 1;
; PTX-DAG:     st.param.b32 [func_retval0], 8;
; PTX:         ret;
define { i32, i32, i32, i32 } @pack_static() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @rank2)
  %p = call { i32, i32, i32, i32 } @llvm.cute.pack(ptr %l)
  ret { i32, i32, i32, i32 } %p
}

; Dynamic leaves are inserted into the same struct, in (shape, stride)
; order per mode; nested modes nest.
; CHECK-LABEL: define { i32, i32, i32, i32 } @pack_dynamic(
; CHECK-SAME:    i32 %m, i32 %n, i32 %ld)
; CHECK-NEXT:    %1 = insertvalue { i32, i32, i32, i32 } poison, i32 %m, 0
; CHECK-NEXT:    %2 = insertvalue { i32, i32, i32, i32 } %1, i32 %ld, 1
; CHECK-NEXT:    %3 = insertvalue { i32, i32, i32, i32 } %2, i32 %n, 2
; CHECK-NEXT:    %4 = insertvalue { i32, i32, i32, i32 } %3, i32 1, 3
; CHECK-NEXT:    ret { i32, i32, i32, i32 } %4
define { i32, i32, i32, i32 } @pack_dynamic(i32 %m, i32 %n, i32 %ld) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 %m, i32 %n, i32 %ld)
  %p = call { i32, i32, i32, i32 } @llvm.cute.pack(ptr %l)
  ret { i32, i32, i32, i32 } %p
}

; CHECK-LABEL: define { { i32, i32, i32, i32 }, i32, i64 } @pack_nested(
; CHECK:         insertvalue { { i32, i32, i32, i32 }, i32, i64 } {{.*}}, i64 %s, 2
define { { i32, i32, i32, i32 }, i32, i64 } @pack_nested(i64 %s) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @nested, i64 %s)
  %p = call { { i32, i32, i32, i32 }, i32, i64 } @llvm.cute.pack.nested(ptr %l)
  ret { { i32, i32, i32, i32 }, i32, i64 } %p
}

; unpack reads the dynamic leaves of a packed value back; get_leaf counts
; leaves in notation order (shape leaves, then stride leaves).
; CHECK-LABEL: define i32 @unpack_leaf(
; CHECK:         %[[LD:.*]] = extractvalue { i32, i32, i32, i32 } %packed, 1
; CHECK:         ret i32 %[[LD]]
; OPT-LABEL: define i32 @unpack_leaf(
; OPT-NEXT:    %[[LD:.*]] = extractvalue { i32, i32, i32, i32 } %packed, 1
; OPT-NEXT:    ret i32 %[[LD]]
define i32 @unpack_leaf({ i32, i32, i32, i32 } %packed) {
  %l = call ptr @llvm.cute.unpack(ptr @dyn, { i32, i32, i32, i32 } %packed)
  %ld = call i32 @llvm.cute.get_leaf(ptr %l, i32 2)
  ret i32 %ld
}

; make_tuple builds a tuple from cute values and integers.
; CHECK-LABEL: define i32 @tuple_leaf(
; CHECK-NEXT:    ret i32 %k
define i32 @tuple_leaf(i32 %j, i32 %k) {
  %c = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @coord, i32 %j)
  %t = call ptr @llvm.cute.make_tuple(ptr %c, i32 %k)
  %leaf = call i32 @llvm.cute.get_leaf(ptr %t, i32 1)
  ret i32 %leaf
}

; A `?{i64}` leaf is a 64-bit integer.
; CHECK-LABEL: define i64 @wide_leaf(
; CHECK-NEXT:    ret i64 %s
define i64 @wide_leaf(i64 %s) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @nested, i64 %s)
  %leaf = call i64 @llvm.cute.get_leaf.i64(ptr %l, i32 5)
  ret i64 %leaf
}

; No notation string survives.
; CHECK-NOT: @rank2
; CHECK-NOT: llvm.cute
; OPT-NOT: llvm.cute
