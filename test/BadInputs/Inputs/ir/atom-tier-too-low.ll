; ARGS: -mcpu=sm_70
; ERROR: atom 'atom.ldsm' requires tier sm_75, which exceeds target sm_70 (the tiers that have it: sm_75, 
target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr %r, ptr %s) #1 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr %s)
  ret void
}
attributes #1 = { "target-cpu"="sm_70" }
attributes #0 = { "target-cpu"="sm_90a" }
