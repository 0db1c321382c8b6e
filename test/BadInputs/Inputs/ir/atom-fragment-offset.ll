; ERROR: error: in function 'f': variant 'SM75_U32x4_LDSM_N': operand 'dst' points to 8 byte(s), but the variant accesses 16 there
target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr addrspace(3) %s) #0 {
  %r = alloca [4 x i32]
  %q = getelementptr inbounds i8, ptr %r, i64 8
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %q, ptr addrspace(3) %s)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
