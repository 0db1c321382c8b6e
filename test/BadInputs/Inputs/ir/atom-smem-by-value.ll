; ERROR: error: in function 'f': atom 'atom.ldsm': operand #2 ('src', const void *) is a value of type i64; pass its address
target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr %r, i64 %s) #0 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, i64 %s)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
