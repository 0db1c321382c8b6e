; ERROR: error: in function 'f': unknown atom 'no_such_atom'
target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.no_such_atom(ptr, ptr, ptr)

define void @f(ptr %r, ptr %s) #0 {
  call void @llvm.cute.nvgpu.no_such_atom(ptr @ldsm, ptr %r, ptr %s)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
