; ERROR: error: in function 'f': variant 'SM80_16x8x16_F32F16F16F32_TN' is a variant of atom 'sm80.mma', not 'atom.ldsm'
target triple = "nvptx64-nvidia-cuda"

@mma = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr %r, ptr %s) #0 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @mma, ptr %r, ptr %s)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
