; ERROR: ': operand 'src' points to shared memory (address space 3), but the instruction accesses global memory (address space 1)
target triple = "nvptx64-nvidia-cuda"

@cp = private constant [37 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>\00"

declare void @llvm.cute.nvgpu.simt_async_copy(...)

define void @f(ptr addrspace(3) %s, ptr addrspace(3) %t) #0 {
  call void (...) @llvm.cute.nvgpu.simt_async_copy(ptr @cp, ptr addrspace(3) %s, ptr addrspace(3) %t)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
