; A call that fails a check the records bind to an operand (OperandCheck,
; td/CuteBase.td) gets the check's diagnostic, once, at the call: the
; mbarrier alignment (MbarrierAlignment: an 8-byte object at a 4-byte
; offset of its array, in every arm a select may take) and the immediate
; ranges moved onto the records (setmaxnreg, cp.async.wait_group,
; wgmma.wait_group, tcgen05.mma's scale_c, which umma-errors.ll covers).
; operand-checks.ll shows the good values passing.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:
; RUN: not llc %loadcute -mcpu=sm_90a -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@init = private constant [19 x i8] c"SM80_MBARRIER_INIT\00"
@wait = private constant [30 x i8] c"SM90_MBARRIER_TRY_WAIT_PARITY\00"
@inc = private constant [20 x i8] c"SM90_SETMAXNREG_INC\00"
@cpwait = private constant [19 x i8] c"SM80_CP_ASYNC_WAIT\00"
@wgwait = private constant [22 x i8] c"SM90_WGMMA_WAIT_GROUP\00"
@bars = internal addrspace(3) global [4 x i64] undef, align 8

declare void @llvm.cute.nvgpu.mbarrier_init(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.mbarrier_wait(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.setmaxnreg(ptr, i32)
declare void @llvm.cute.nvgpu.async_group(ptr, i32)
declare void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr, i32)

; CHECK: error: k.cu:7:5: variant 'SM80_MBARRIER_INIT': operand 'bar' must be 8-byte aligned (an mbarrier object), but it is at byte 4 of 'bars' (32 byte(s))
define void @misaligned() #0 !dbg !5 {
  %b = getelementptr i8, ptr addrspace(3) @bars, i64 4
  %g = addrspacecast ptr addrspace(3) %b to ptr
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr %g, i32 1), !dbg !8
  ret void
}

; CHECK: error: in function 'misaligned_arm': variant 'SM90_MBARRIER_TRY_WAIT_PARITY': operand 'bar' must be 8-byte aligned (an mbarrier object), but it is at byte 12 of 'bars' (32 byte(s))
; CHECK-NEXT: at: call void @llvm.cute.nvgpu.mbarrier_wait(ptr @wait, ptr %g, i32 0)
define void @misaligned_arm(i1 %c) #0 {
  %b0 = getelementptr i8, ptr addrspace(3) @bars, i64 8
  %b1 = getelementptr i8, ptr addrspace(3) @bars, i64 12
  %b = select i1 %c, ptr addrspace(3) %b0, ptr addrspace(3) %b1
  %g = addrspacecast ptr addrspace(3) %b to ptr
  call void @llvm.cute.nvgpu.mbarrier_wait(ptr @wait, ptr %g, i32 0)
  ret void
}

; CHECK: error: in function 'ranges': variant 'SM90_SETMAXNREG_INC': operand 'regs' must be a multiple of 8 in [24, 256], not 260
; CHECK: error: in function 'ranges': variant 'SM80_CP_ASYNC_WAIT': operand 'n' must be in [0, 2147483647], not -1
; CHECK: error: in function 'ranges': variant 'SM90_WGMMA_WAIT_GROUP': operand 'n' must be a constant from 0 to 7
; CHECK-NEXT: at: call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wgwait, i32 8)
define void @ranges() #0 {
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 260)
  call void @llvm.cute.nvgpu.async_group(ptr @cpwait, i32 -1)
  call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wgwait, i32 8)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "x", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "misaligned", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 5, scope: !5)
