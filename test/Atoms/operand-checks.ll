; The operand checks the records bind (OperandCheck, td/CuteBase.td) pass
; on good operands and change nothing: an mbarrier at an 8-byte aligned
; offset of its array (MbarrierAlignment), setmaxnreg's counts at the ends
; of [24, 256] (SetmaxnregCount), a wait of 0 and of 2^31-1 pending groups
; (AsyncGroupWaitCount), wgmma.wait_group's 0 and 7 (WgmmaWaitCount).
; operand-checks-errors.ll shows each failing.
;
; RUN: llc %loadcute -mcpu=sm_90a -o - %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@init = private constant [19 x i8] c"SM80_MBARRIER_INIT\00"
@inval = private constant [20 x i8] c"SM80_MBARRIER_INVAL\00"
@inc = private constant [20 x i8] c"SM90_SETMAXNREG_INC\00"
@dec = private constant [20 x i8] c"SM90_SETMAXNREG_DEC\00"
@cpwait = private constant [19 x i8] c"SM80_CP_ASYNC_WAIT\00"
@wgwait = private constant [22 x i8] c"SM90_WGMMA_WAIT_GROUP\00"
@bars = internal addrspace(3) global [4 x i64] undef, align 8

declare void @llvm.cute.nvgpu.mbarrier_init(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.mbarrier_inval(ptr, ptr)
declare void @llvm.cute.nvgpu.setmaxnreg(ptr, i32)
declare void @llvm.cute.nvgpu.async_group(ptr, i32)
declare void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr, i32)

; CHECK-LABEL: .entry checks_pass(
; CHECK: mbarrier.init.shared.b64 [bars+8], %r{{[0-9]+}};
; CHECK: mbarrier.inval.shared.b64 [bars+24];
; CHECK: setmaxnreg.inc.sync.aligned.u32 256;
; CHECK: setmaxnreg.dec.sync.aligned.u32 24;
; CHECK: cp.async.wait_group 0;
; CHECK: cp.async.wait_group 2147483647;
; CHECK: wgmma.wait_group.sync.aligned 0;
; CHECK: wgmma.wait_group.sync.aligned 7;
define ptx_kernel void @checks_pass() {
  %b1 = getelementptr i8, ptr addrspace(3) @bars, i64 8
  %g1 = addrspacecast ptr addrspace(3) %b1 to ptr
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr %g1, i32 1)
  %b3 = getelementptr i8, ptr addrspace(3) @bars, i64 24
  %g3 = addrspacecast ptr addrspace(3) %b3 to ptr
  call void @llvm.cute.nvgpu.mbarrier_inval(ptr @inval, ptr %g3)
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 256)
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @dec, i32 24)
  call void @llvm.cute.nvgpu.async_group(ptr @cpwait, i32 0)
  call void @llvm.cute.nvgpu.async_group(ptr @cpwait, i32 2147483647)
  call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wgwait, i32 0)
  call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wgwait, i32 7)
  ret void
}
