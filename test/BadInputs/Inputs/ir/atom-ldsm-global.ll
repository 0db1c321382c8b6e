; ERROR: ': operand 'src' points to global memory (address space 1), but the instruction accesses shared memory (address space 3)
target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr %r, ptr addrspace(1) %g) #0 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr addrspace(1) %g)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
