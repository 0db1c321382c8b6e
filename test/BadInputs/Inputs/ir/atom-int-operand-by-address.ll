; ERROR: error: in function 'f': atom 'atom.simt_async_copy_zfill': operand #3 ('src_size', unsigned) is a pointer; pass the value, not its address
target triple = "nvptx64-nvidia-cuda"

@w = private constant [43 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>\00"

declare void @llvm.cute.nvgpu.simt_async_copy_zfill(...)

define void @f(ptr addrspace(3) %s, ptr addrspace(1) %g, ptr %n) #0 {
  call void (...) @llvm.cute.nvgpu.simt_async_copy_zfill(ptr @w, ptr addrspace(3) %s, ptr addrspace(1) %g, ptr %n)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
