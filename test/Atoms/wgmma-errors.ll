; WGMMA calls that cannot be lowered get a diagnostic naming the call and
; why; nothing crashes. WGMMA needs sm_90a: on sm_90 (and on earlier tiers)
; the diagnostic names the atom, the target and the tiers that have it.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@ss = private constant [26 x i8] c"SM90_64x8x16_F32F16F16_SS\00"
@wait = private constant [22 x i8] c"SM90_WGMMA_WAIT_GROUP\00"
@fence = private constant [17 x i8] c"SM90_WGMMA_FENCE\00"
@fop = private constant [29 x i8] c"SM90_WGMMA_FENCE_OPERAND_F32\00"

declare void @llvm.cute.nvgpu.sm90.mma(ptr, ptr, ptr, ptr, i32)
declare void @llvm.cute.nvgpu.sm90.wgmma_fence(ptr)
declare void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr, i32)
declare void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr, ptr, i32)

; CHECK: error: in function 'on_sm90': variant 'SM90_64x8x16_F32F16F16_SS': atom 'sm90.mma' requires feature wgmma, which target sm_90 lacks (the tiers that have it: sm_90a)
define void @on_sm90(ptr %d, ptr %a, ptr %b) #1 {
  call void @llvm.cute.nvgpu.sm90.mma(ptr @ss, ptr %d, ptr %a, ptr %b, i32 1)
  ret void
}

; CHECK: error: in function 'fence_on_sm80': variant 'SM90_WGMMA_FENCE': atom 'sm90.wgmma_fence' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: sm_90a)
define void @fence_on_sm80() #2 {
  call void @llvm.cute.nvgpu.sm90.wgmma_fence(ptr @fence)
  ret void
}

; CHECK: error: in function 'old_arity': atom 'sm90.mma' takes the variant name and 4 operand(s), not 5
define void @old_arity(ptr %d, ptr %a, ptr %b) #0 {
  call void @llvm.cute.nvgpu.sm90.mma(ptr @ss, ptr %d, ptr %a, ptr %b, i32 1, i32 1)
  ret void
}

; CHECK: error: in function 'wait_range': variant 'SM90_WGMMA_WAIT_GROUP': operand 'n' must be a constant from 0 to 7
define void @wait_range() #0 {
  call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wait, i32 8)
  ret void
}

; CHECK: error: in function 'wait_dynamic': variant 'SM90_WGMMA_WAIT_GROUP': operand 'n' must be a constant from 0 to 7
define void @wait_dynamic(i32 %n) #0 {
  call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wait, i32 %n)
  ret void
}

; CHECK: error: in function 'fence_dynamic': variant 'SM90_WGMMA_FENCE_OPERAND_F32': operand 'count' must be a constant register count from 1 to 255
define void @fence_dynamic(ptr %f, i32 %n) #0 {
  call void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr @fop, ptr %f, i32 %n)
  ret void
}

; The count is the record's (PtxRegsCountedBy): a fence of no register, or
; of more than a thread holds, is an error.
; CHECK: error: in function 'fence_none': variant 'SM90_WGMMA_FENCE_OPERAND_F32': operand 'count' must be a constant register count from 1 to 255
define void @fence_none(ptr %f) #0 {
  call void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr @fop, ptr %f, i32 0)
  ret void
}

; CHECK: error: in function 'fence_past': variant 'SM90_WGMMA_FENCE_OPERAND_F32': operand 'count' must be a constant register count from 1 to 255
define void @fence_past(ptr %f) #0 {
  call void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr @fop, ptr %f, i32 256)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
attributes #1 = { "target-cpu"="sm_90" }
attributes #2 = { "target-cpu"="sm_80" }
