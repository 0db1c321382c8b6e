; ERROR: variant 'SM90_TMA_LOAD_2D': operand 'smem' must point to shared memory, but nothing proves that it does: it derives from a pointer loaded from memory
target triple = "nvptx64-nvidia-cuda"

@load2 = private constant [17 x i8] c"SM90_TMA_LOAD_2D\00"
@bar = internal addrspace(3) global i64 undef, align 8

declare void @llvm.cute.nvgpu.tma_load(ptr, ptr, ptr, ptr, ...)

define ptx_kernel void @f(ptr addrspace(1) %slots, ptr %t, i32 %x) #0 {
  %s = load ptr, ptr addrspace(1) %slots
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load2, ptr %s, ptr %t, ptr %b, i32 %x, i32 %x)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
