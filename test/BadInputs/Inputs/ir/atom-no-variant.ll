; ERROR: error: in function 'f': atom 'atom.ldsm' has no lattice point 'SM75_U32x5_LDSM_N'
target triple = "nvptx64-nvidia-cuda"

@v = private constant [18 x i8] c"SM75_U32x5_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr %r, ptr %s) #0 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @v, ptr %r, ptr %s)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
