; ERROR: error: in function 'f': expects rmem for input operands, but got A: i32, B: i32, D: <4 x float>
target triple = "nvptx64-nvidia-cuda"

@mma = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"

declare void @llvm.cute.nvgpu.sm80.mma(...)

define void @f(<4 x float> %d, i32 %a) #0 {
  call void (...) @llvm.cute.nvgpu.sm80.mma(ptr @mma, <4 x float> %d, i32 %a, i32 %a, <4 x float> %d)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
