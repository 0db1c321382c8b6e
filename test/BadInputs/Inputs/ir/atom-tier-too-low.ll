; ARGS: -mcpu=sm_70
; ERROR: m_100f, sm_100a, sm_103, sm_103f, sm_103a, sm_110, sm_110f, sm_110a, sm_120, sm_120f, sm_120a, sm_121, sm_121f, sm_121a)
target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr %r, ptr %s) #1 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr %s)
  ret void
}
attributes #1 = { "target-cpu"="sm_70" }
attributes #0 = { "target-cpu"="sm_90a" }
