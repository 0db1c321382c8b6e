; Atom calls that cannot be lowered get a diagnostic naming the call and
; why, and the tool fails; nothing crashes, and no instruction NVPTX cannot
; select reaches code generation.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@sm80 = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"
@sm80sp = private constant [36 x i8] c"SM80_SPARSE_16x8x32_F32F16F16F32_TN\00"
@sm89 = private constant [31 x i8] c"SM89_16x8x32_F32E4M3E4M3F32_TN\00"
@nope = private constant [21 x i8] c"SM80_16x8x17_F32_BAD\00"
@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.sm80.mma(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.sm81.mma(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.sm80.sparse_mma(ptr, ptr, ptr, ptr, ptr, i32, i32)
declare void @llvm.cute.nvgpu.sm89.mma(ptr, ptr, ptr, ptr, ptr)

; CHECK: error: in function 'no_atom': unknown atom 'sm81.mma'
define void @no_atom(ptr %d, ptr %a) #0 {
  call void @llvm.cute.nvgpu.sm81.mma(ptr @sm80, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

; CHECK: error: in function 'arity': atom 'sm80.mma' takes the variant name and 4 operand(s), not 3
define void @arity(ptr %d, ptr %a) #0 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %a)
  ret void
}

; CHECK: error: in function 'dynamic_variant': the variant of atom 'sm80.mma' must be a constant string naming a lattice point
define void @dynamic_variant(ptr %v, ptr %d, ptr %a) #0 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr %v, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

; CHECK: error: in function 'no_variant': atom 'sm80.mma' has no lattice point 'SM80_16x8x17_F32_BAD'
define void @no_variant(ptr %d, ptr %a) #0 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @nope, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

; CHECK: error: in function 'other_atom': variant 'SM75_U32x4_LDSM_N' is a variant of atom 'atom.ldsm', not 'sm80.mma'
define void @other_atom(ptr %d, ptr %a) #0 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @ldsm, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

; The registry's gating: sm_75 is below the atom's tier.
; CHECK: error: in function 'below_tier': variant 'SM80_16x8x16_F32F16F16F32_TN': atom 'sm80.mma' requires tier sm_80, which exceeds target sm_75
define void @below_tier(ptr %d, ptr %a) #1 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

; FP8 mma.sync needs PTX ISA 8.4; sm_90a's minimum is 8.0.
; CHECK: error: in function 'ptx_too_old': variant 'SM89_16x8x32_F32E4M3E4M3F32_TN' needs PTX ISA 8.4, and the target has 8.0: add the target feature +ptx84 (llc -mattr=+ptx84)
define void @ptx_too_old(ptr %d, ptr %a) #0 {
  call void @llvm.cute.nvgpu.sm89.mma(ptr @sm89, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

; CHECK: error: in function 'dynamic_selector': variant 'SM80_SPARSE_16x8x32_F32F16F16F32_TN': operand 'selector' must be the constant 0x0
define void @dynamic_selector(ptr %d, ptr %a, i32 %e, i32 %s) #0 {
  call void @llvm.cute.nvgpu.sm80.sparse_mma(ptr @sm80sp, ptr %d, ptr %a, ptr %a, ptr %a, i32 %e, i32 %s)
  ret void
}

; CHECK: error: in function 'no_target': atom lowering needs the target SM tier: the function has no "target-cpu" attribute
define void @no_target(ptr %d, ptr %a) {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

; A processor NVPTX knows but the registry has no tier for (one NVPTX does
; not know is unknown-cpu-errors.ll's).
; CHECK: error: in function 'bad_target': target 'sm_50' is not a known SM tier
define void @bad_target(ptr %d, ptr %a) #2 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
attributes #1 = { "target-cpu"="sm_75" }
attributes #2 = { "target-cpu"="sm_50" }
