; ERROR: error: in function 'f': atom 'atom.ldsm' takes the variant name and 2 operand(s), not 3
target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr %r, ptr %s) #0 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr %s, ptr %s)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
