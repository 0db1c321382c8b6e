; llvm.cute.expect_size (what make_fragment, copy, gemm and the fragment
; algorithms emit to check a size at compile time): a call without its
; `of=` attribute is one error that lists the values the op's record
; allows, at the call. With `mode=I` it checks the size of that mode: a
; gemm operand lacking a trailing mode has extent 1 there (a one-atom
; fragment), any other value must have the mode. The checks of one source
; call (the operands of one gemm, mode by mode) are one error, the first.
;
; RUN: not cute-opt -passes=cute-lower-layout %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@layout = private constant [12 x i8] c"(8,4):(1,8)\00"
@none = private constant [1 x i8] zeroinitializer
@copy = private constant [8 x i8] c"of=copy\00"
@rows = private constant [15 x i8] c"of=rows mode=0\00"
@rows2 = private constant [15 x i8] c"of=rows mode=2\00"
@mma_a0 = private constant [16 x i8] c"of=mma_a mode=0\00"
@mma_c1 = private constant [16 x i8] c"of=mma_c mode=1\00"
@mma_c2 = private constant [16 x i8] c"of=mma_c mode=2\00"
@mma_a = private constant [9 x i8] c"of=mma_a\00"
@gemm_b0 = private constant [17 x i8] c"of=gemm_b mode=0\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare void @llvm.cute.expect_size(ptr, i32, ptr)

; CHECK: error: in function 'no_of': 'llvm.cute.expect_size' expects (cute value, integer size, "of=fragment|copy|tmem_registers|coords|rows|mma_a|mma_b|mma_c|gemm_a|gemm_b|gemm_c [mode=I]")
define void @no_of() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 32, ptr @none)
  ret void
}

; The same call with its attribute and the right size is no error; so are
; the right sizes of modes, and a trailing mode a gemm operand lacks is 1.
define void @ok() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 32, ptr @copy)
  call void @llvm.cute.expect_size(ptr %l, i32 8, ptr @rows)
  call void @llvm.cute.expect_size(ptr %l, i32 8, ptr @mma_a0)
  call void @llvm.cute.expect_size(ptr %l, i32 4, ptr @mma_c1)
  call void @llvm.cute.expect_size(ptr %l, i32 1, ptr @mma_c2)
  ret void
}

; CHECK: error: in function 'few_rows': the (rows, cols) view (8,4):(1,8) has 8 rows (mode 0), but the array of row values holds 4
define void @few_rows() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 4, ptr @rows)
  ret void
}

; CHECK: error: in function 'no_mode': 'llvm.cute.expect_size': (8,4):(1,8) has no mode 2
define void @no_mode() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 4, ptr @rows2)
  ret void
}

; CHECK: error: in function 'gemm_values': gemm: mode 0 of A ((8,4):(1,8)), the values of one atom call, has size 8, but each call of the MMA atom takes 4 values of A (are A and B swapped?)
define void @gemm_values() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 4, ptr @mma_a0)
  ret void
}

; CHECK: error: in function 'gemm_m': gemm: mode 1 of C ((8,4):(1,8)), its M, has size 4, but the other operands' M is 2
define void @gemm_m() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 2, ptr @mma_c1)
  ret void
}

; CHECK: error: in function 'gemm_total': gemm: A ((8,4):(1,8)) has 32 elements, but the atom and the other operands make it 16 (a k-block not sliced off?)
define void @gemm_total() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 16, ptr @mma_a)
  ret void
}

; CHECK: error: in function 'gemm_kn': gemm: mode 0 of B ((8,4):(1,8)), its N, has size 8, but the other operands' N is 4 (B is (N,K), as in CuTe)
define void @gemm_kn() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout)
  call void @llvm.cute.expect_size(ptr %l, i32 4, ptr @gemm_b0)
  ret void
}

; Three failing checks of one source call: the first is reported.
; CHECK: error: one.c:7:3: gemm: mode 0 of A ((8,4):(1,8)), the values of one atom call, has size 8, but each call of the MMA atom takes 2 values of A (are A and B swapped?)
define void @one_call() !dbg !5 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @layout), !dbg !8
  call void @llvm.cute.expect_size(ptr %l, i32 2, ptr @mma_a0), !dbg !8
  call void @llvm.cute.expect_size(ptr %l, i32 2, ptr @mma_c1), !dbg !8
  call void @llvm.cute.expect_size(ptr %l, i32 2, ptr @mma_c2), !dbg !8
  ret void, !dbg !8
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "one.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "one_call", scope: !1, file: !1, line: 5, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 3, scope: !5)
