; An atom's memory operand stays inside the object it points into, however
; the pointer reaches it (through a generic address-space cast, a constant
; GEP): a cp.async at a constant offset past the end of a __shared__ array
; or before its start, an mbarrier (8 bytes) on a 4-byte word, through a
; sync atom or a TMA load, is each one error naming the object; storage of
; unknown size (dynamic shared memory) and in-bounds offsets are accepted.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@cpasync16 = private constant [37 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>\00"
@init = private constant [19 x i8] c"SM80_MBARRIER_INIT\00"
@load2 = private constant [17 x i8] c"SM90_TMA_LOAD_2D\00"
@tile = internal addrspace(3) global [1024 x i8] undef, align 128
@word = internal addrspace(3) global i32 undef, align 8
@bar = internal addrspace(3) global i64 undef, align 8
@dyn = external addrspace(3) global [0 x i8], align 128

declare void @llvm.cute.nvgpu.simt_async_copy(ptr, ptr, ptr addrspace(1))
declare void @llvm.cute.nvgpu.mbarrier_init(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.tma_load(ptr, ptr, ptr, ptr, ...)

; A tile one past the array's last (1024 bytes from its start).
; CHECK: error: in function 'cp_async_past':{{.*}}variant 'SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>': operand 'dst' points 1024 byte(s) from the start of 'tile' (1024 byte(s)): outside it
define void @cp_async_past(ptr addrspace(1) %g) #0 {
  %p = getelementptr inbounds i8, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 1024
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasync16, ptr %p, ptr addrspace(1) %g)
  ret void
}

; The last 8 bytes: a 16-byte copy runs past the end.
; CHECK: error: in function 'cp_async_straddle':{{.*}}operand 'dst' points to 8 byte(s), but the variant accesses 16 there
define void @cp_async_straddle(ptr addrspace(1) %g) #0 {
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr i8, ptr %s, i64 1016
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasync16, ptr %p, ptr addrspace(1) %g)
  ret void
}

; CHECK: error: in function 'cp_async_before':{{.*}}operand 'dst' points -16 byte(s) from the start of 'tile' (1024 byte(s)): outside it
define void @cp_async_before(ptr addrspace(1) %g) #0 {
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr i8, ptr %s, i64 -16
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasync16, ptr %p, ptr addrspace(1) %g)
  ret void
}

; In bounds, and in dynamic shared memory of unknown size: no error.
define void @cp_async_fine(ptr addrspace(1) %g) #0 {
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr i8, ptr %s, i64 1008
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasync16, ptr %p, ptr addrspace(1) %g)
  %d = addrspacecast ptr addrspace(3) @dyn to ptr
  %q = getelementptr i8, ptr %d, i64 4096
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasync16, ptr %q, ptr addrspace(1) %g)
  ret void
}

; CHECK: error: in function 'mbarrier_word':{{.*}}variant 'SM80_MBARRIER_INIT': operand 'bar' points to 4 byte(s), but the variant accesses 8 there
define void @mbarrier_word() #0 {
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr addrspacecast (ptr addrspace(3) @word to ptr), i32 1)
  ret void
}

; CHECK: error: in function 'tma_mbarrier_word':{{.*}}variant 'SM90_TMA_LOAD_2D': operand 'mbar' points to 4 byte(s), but the variant accesses 8 there
define void @tma_mbarrier_word(ptr %t, i32 %x) #0 {
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %b = addrspacecast ptr addrspace(3) @word to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load2, ptr %s, ptr %t, ptr %b, i32 %x, i32 %x)
  ret void
}

define void @mbarrier_fine(ptr %t, i32 %x) #0 {
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr %b, i32 1)
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load2, ptr %s, ptr %t, ptr %b, i32 %x, i32 %x)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
