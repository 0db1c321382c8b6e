; Size/index and layout-algebra ops: static operands fold to constants,
; dynamic leaves become integer arithmetic. The expected constants are
; the layout library's (cute-layout prints the same; see the RUN lines).
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: opt %loadcute -passes=cute-lower -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
;
; The constants below, from the library:
; RUN: cute-layout cosize '(4,(2,3)):(2,(1,8))' | FileCheck %s --check-prefix=LIB-COSIZE
; LIB-COSIZE: 24
; RUN: cute-layout composition '(4,6,8):(2,3,5)' '6:2' | FileCheck %s --check-prefix=LIB-COMP
; LIB-COMP: (2,3):(4,3)

target triple = "nvptx64-nvidia-cuda"

@a = private constant [20 x i8] c"(4,(2,3)):(2,(1,8))\00"
@crd = private constant [10 x i8] c"(3,(1,2))\00"
@b = private constant [16 x i8] c"(4,6,8):(2,3,5)\00"
@sel = private constant [4 x i8] c"6:2\00"
@dyn = private constant [12 x i8] c"(?,?):(1,?)\00"
@t = private constant [4 x i8] c"8:1\00"
@modes = private constant [14 x i8] c"begin=0 end=2\00"
@c = private constant [12 x i8] c"(2,4):(1,2)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare i32 @llvm.cute.size(ptr)
declare i32 @llvm.cute.cosize(ptr)
declare i32 @llvm.cute.rank(ptr)
declare i32 @llvm.cute.crd2idx(ptr, ptr)
declare i32 @llvm.cute.crd2idx.i(i32, ptr)
declare ptr @llvm.cute.idx2crd(i32, ptr)
declare ptr @llvm.cute.composition(ptr, ptr)
declare ptr @llvm.cute.coalesce(ptr)
declare ptr @llvm.cute.complement(ptr, i32)
declare ptr @llvm.cute.group_modes(ptr, ptr)
declare ptr @llvm.cute.get_shape(ptr)
declare i32 @llvm.cute.get_leaf(ptr, i32)

; CHECK-LABEL: define i32 @size_index_static(
; CHECK-NEXT:    ret i32 78
; PTX-LABEL: size_index_static(
; PTX:         st.param.b32 [func_retval0], 78;
define i32 @size_index_static() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a)
  %c = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @crd)
  %size = call i32 @llvm.cute.size(ptr %a)     ; 24
  %cosize = call i32 @llvm.cute.cosize(ptr %a) ; 24
  %idx = call i32 @llvm.cute.crd2idx(ptr %c, ptr %a) ; 3*2 + 1 + 16 = 23
  %rank = call i32 @llvm.cute.rank(ptr %a)     ; 2
  ; idx2crd(23, (4,(2,3))) = (3,(1,2)); its leaf 2 is 2
  %crd = call ptr @llvm.cute.idx2crd(i32 23, ptr %a)
  %leaf = call i32 @llvm.cute.get_leaf(ptr %crd, i32 2)
  ; 24 + 24 + 23 + 2 + ... + leaf: 73 + 2 = 75, + 3 below
  %s1 = add i32 %size, %cosize
  %s2 = add i32 %s1, %idx
  %s3 = add i32 %s2, %rank
  %s4 = add i32 %s3, %leaf
  %sh = call ptr @llvm.cute.get_shape(ptr %a)
  %r = call i32 @llvm.cute.rank(ptr %sh)       ; 2
  %s5 = add i32 %s4, %r
  %b = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @c)
  %g = call ptr @llvm.cute.group_modes(ptr %b, ptr @modes)
  %gr = call i32 @llvm.cute.rank(ptr %g)       ; 1
  %s6 = add i32 %s5, %gr
  ret i32 %s6
}

; composition(A, B)(i) == A(B(i)): (4,6,8):(2,3,5) o 6:2 = (2,3):(4,3).
; CHECK-LABEL: define i32 @composition_static(
; CHECK-NEXT:    ret i32 7
define i32 @composition_static() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @b)
  %s = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sel)
  %r = call ptr @llvm.cute.composition(ptr %a, ptr %s)
  %i = call i32 @llvm.cute.crd2idx.i(i32 3, ptr %r)  ; (1,1) -> 4 + 3
  ret i32 %i
}

; A dynamic layout: size is a product of leaves, crd2idx of a dynamic index
; is div/rem arithmetic.
; CHECK-LABEL: define i32 @size_dynamic(
; CHECK-NEXT:    %[[S:.*]] = mul i32 %m, %n
; CHECK-NEXT:    ret i32 %[[S]]
define i32 @size_dynamic(i32 %m, i32 %n, i32 %ld) {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 %m, i32 %n, i32 %ld)
  %s = call i32 @llvm.cute.size(ptr %a)
  ret i32 %s
}

; CHECK-LABEL: define i32 @crd2idx_dynamic(
; CHECK-DAG:     %[[ROW:.*]] = srem i32 %i, %m
; CHECK-DAG:     %[[COL:.*]] = sdiv i32 %i, %m
; CHECK:         %[[OFF:.*]] = mul i32 %[[COL]], %ld
; CHECK:         add i32 %[[ROW]], %[[OFF]]
; PTX-LABEL: crd2idx_dynamic(
; PTX:         div.s32
; PTX-NOT:     call
define i32 @crd2idx_dynamic(i32 %m, i32 %n, i32 %ld, i32 %i) {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 %m, i32 %n, i32 %ld)
  %x = call i32 @llvm.cute.crd2idx.i(i32 %i, ptr %a)
  ret i32 %x
}

; Coalesce and complement of a layout with a dynamic stride: the result's
; static structure is known, its leaves are computed.
; CHECK-LABEL: define i32 @complement_static(
; CHECK-NEXT:    ret i32 16
define i32 @complement_static() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @c)
  ; complement((2,4):(1,2), 32) = 4:8, whose cosize is 25; size 4 -> 8*2
  %r = call ptr @llvm.cute.complement(ptr %a, i32 32)
  %s = call i32 @llvm.cute.get_leaf(ptr %r, i32 1)
  %k = mul i32 %s, 2
  ret i32 %k
}

; CHECK-NOT: llvm.cute
