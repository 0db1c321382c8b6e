; A debug location of line 0 (code that optimisation merged or hoisted)
; names no source line: the error names the function and the instruction,
; as without debug information, not `k.cu:0:0`. A real line is reported as
; file:line:col.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@inc = private constant [20 x i8] c"SM90_SETMAXNREG_INC\00"
declare void @llvm.cute.nvgpu.setmaxnreg(ptr, i32)

; CHECK: error: in function 'k': variant 'SM90_SETMAXNREG_INC': operand 'regs' must be a multiple of 8 in [24, 256], not 100
; CHECK-NEXT: at: call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 100)
; CHECK: error: k.cu:7:5: variant 'SM90_SETMAXNREG_INC': operand 'regs' must be a multiple of 8 in [24, 256], not 101
define void @k() #0 !dbg !5 {
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 100), !dbg !8
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 101), !dbg !9
  ret void, !dbg !8
}

attributes #0 = { "target-cpu"="sm_90a" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "x", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 0, scope: !5)
!9 = !DILocation(line: 7, column: 5, scope: !5)
