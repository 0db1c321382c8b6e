; Malformed constructors are diagnosed before anything is built, with the
; call they are about (and its source location when it has debug info).
;
; RUN: not cute-opt -passes=cute-desugar %s -disable-verify 2>&1 | FileCheck %s --check-prefix=DESUGAR
; RUN: not cute-opt -passes=cute-lower-layout %s 2>&1 | FileCheck %s
; RUN: not cute-opt -passes=cute-lower %s 2>&1 | FileCheck %s --check-prefix=DESUGAR

target triple = "nvptx64-nvidia-cuda"

@bad = private constant [10 x i8] c"(8,4):(1,\00"
@zero = private constant [12 x i8] c"(8,0):(1,8)\00"
@negative = private constant [3 x i8] c"-3\00"
@dyn = private constant [12 x i8] c"(?,?):(?,1)\00"
@basis = private constant [8 x i8] c"(1@0,4)\00"
@ok = private constant [12 x i8] c"(8,4):(1,8)\00"
@half = private constant [4 x i8] c"f16\00"
@elt = private constant [5 x i8] c"f128\00"
@dbg = private constant [4 x i8] c"0:8\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.make_view.i32(i32, ptr, ptr)
declare ptr @llvm.cute.no_such_op(ptr)
declare i32 @llvm.cute.get_leaf(ptr, i32)
declare i32 @llvm.cute.get_leaf.wide(ptr, i128)
declare { i32, i32 } @llvm.cute.pack(ptr)
declare i32 @llvm.cute.size(ptr)

; DESUGAR: error: in function 'malformed': 'llvm.cute.make_layout': profile '(8,4):(1,': column 10: {{.*}}
; CHECK:   error: in function 'malformed': 'llvm.cute.make_layout': profile '(8,4):(1,': column 10: {{.*}}
; CHECK-NEXT: at: %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @bad)
define i32 @malformed() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @bad)
  %s = call i32 @llvm.cute.size(ptr %l)
  ret i32 %s
}

; DESUGAR: error: in function 'zero_leaf': 'llvm.cute.make_layout': profile '(8,0):(1,8)': {{.*}}non-positive leaf 0
; CHECK:   error: in function 'zero_leaf': 'llvm.cute.make_layout': profile '(8,0):(1,8)': {{.*}}non-positive leaf 0
define void @zero_leaf() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @zero)
  ret void
}

; DESUGAR: error: in function 'negative_shape': 'llvm.cute.make_shape': profile '-3': {{.*}}non-positive leaf -3
define void @negative_shape() {
  %s = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @negative)
  ret void
}

; DESUGAR: error: in function 'basis_shape': 'llvm.cute.make_shape': profile '(1@0,4)': {{.*}}scaled basis
define void @basis_shape() {
  %s = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @basis)
  ret void
}

; CHECK: error: in function 'too_few_leaves': 'llvm.cute.make_layout': profile '(?,?):(?,1)' has 3 dynamic leaves, but the call passes 2 integer(s)
define void @too_few_leaves(i32 %m, i32 %n) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 %m, i32 %n)
  ret void
}

; CHECK: error: in function 'leaf_not_integer': 'llvm.cute.make_layout': operand #2 of a dynamic leaf must be an integer
define void @leaf_not_integer(i32 %m, float %n, i32 %s) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 %m, float %n, i32 %s)
  ret void
}

; A pointer that is neither a notation string nor a cute value.
; CHECK: error: in function 'not_a_string': 'llvm.cute.make_layout': operand #0 has no known profile: it is a function argument
define void @not_a_string(ptr %p) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %p)
  ret void
}

; DESUGAR: error: in function 'unknown': unknown cute intrinsic 'llvm.cute.no_such_op'
define void @unknown(ptr %p) {
  %l = call ptr @llvm.cute.no_such_op(ptr %p)
  ret void
}

; CHECK: error: in function 'leaf_out_of_range': 'llvm.cute.get_leaf': leaf 9 of '(8,4):(1,8)' does not exist (it has 4)
define i32 @leaf_out_of_range() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @ok)
  %x = call i32 @llvm.cute.get_leaf(ptr %l, i32 9)
  ret i32 %x
}

; The index as written, in any width: -1 is not leaf 4294967295, and an
; i128 2^64 is not leaf 0.
; CHECK: error: in function 'leaf_negative': 'llvm.cute.get_leaf': leaf -1 of '(8,4):(1,8)' does not exist (it has 4)
define i32 @leaf_negative() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @ok)
  %x = call i32 @llvm.cute.get_leaf(ptr %l, i32 -1)
  ret i32 %x
}

; CHECK: error: in function 'leaf_wide': 'llvm.cute.get_leaf': leaf 18446744073709551616 of '(8,4):(1,8)' does not exist (it has 4)
define i32 @leaf_wide() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @ok)
  %x = call i32 @llvm.cute.get_leaf.wide(ptr %l, i128 18446744073709551616)
  ret i32 %x
}

; CHECK: error: in function 'pack_type': 'llvm.cute.pack' of '(8,4):(1,8)' gives { i32, i32, i32, i32 }, but the call returns { i32, i32 }
define { i32, i32 } @pack_type() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @ok)
  %p = call { i32, i32 } @llvm.cute.pack(ptr %l)
  ret { i32, i32 } %p
}

; CHECK: error: in function 'bad_element': 'llvm.cute.make_view': unknown element type 'f128'
define void @bad_element(ptr %p) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @ok)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @elt)
  ret void
}

; A TMEM address (i32) makes a tensor of 32-bit elements only (one per column).
; CHECK: error: in function 'tmem_half': 'llvm.cute.make_view' of a TMEM address holds 32-bit elements (one per column), not f16
define void @tmem_half(i32 %taddr) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @ok)
  %t = call ptr @llvm.cute.make_view.i32(i32 %taddr, ptr %l, ptr @half)
  ret void
}

; With debug info the error has the source location.
; DESUGAR: kernel.cu:12:7:
; CHECK: kernel.cu:12:7: 'llvm.cute.make_layout': profile '0:8': {{.*}}non-positive leaf 0
define void @located() !dbg !5 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dbg), !dbg !8
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "test", isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "located", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 12, column: 7, scope: !5)
