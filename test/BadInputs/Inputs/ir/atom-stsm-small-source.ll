; ERROR: error: in function 'f': variant 'SM90_U32x4_STSM_N': operand 'src' points to 12 byte(s), but the variant accesses 16 there
target triple = "nvptx64-nvidia-cuda"

@st = private constant [18 x i8] c"SM90_U32x4_STSM_N\00"

declare void @llvm.cute.nvgpu.stsm(...)

define void @f(ptr addrspace(3) %s) #0 {
  %r = alloca [3 x i32]
  call void (...) @llvm.cute.nvgpu.stsm(ptr @st, ptr addrspace(3) %s, ptr %r)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
