; ERROR: error: in function 'f': atom 'atom.ldsm': operand #1 ('dst', void *) is a value of type { i32, i32 }; pass its address
target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f({ i32, i32 } %r, ptr %s) #0 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @ldsm, { i32, i32 } %r, ptr %s)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
