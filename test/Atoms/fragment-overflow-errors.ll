; An atom that reads or writes registers through a pointer never runs past
; the fragment it points into: a tcgen05.ld of 8 registers into 4, a tmem
; store of 8 from 4, and a WGMMA operand fence of 64 registers over 4 floats
; are each one error naming the variant and the sizes, and nothing is
; emitted for them.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@ld8 = private constant [26 x i8] c"SM100_TMEM_LOAD_32dp32b8x\00"
@st8 = private constant [27 x i8] c"SM100_TMEM_STORE_32dp32b8x\00"
@fop = private constant [29 x i8] c"SM90_WGMMA_FENCE_OPERAND_F32\00"

declare void @llvm.cute.nvgpu.tmem_load(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.tmem_store(ptr, i32, ptr)
declare void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr, ptr, i32)

; CHECK: error: in function 'load_past': variant 'SM100_TMEM_LOAD_32dp32b8x': operand 'r' points to 16 byte(s), but the variant accesses 32 there
define void @load_past(i32 %taddr, ptr %out) #1 {
  %r = alloca [4 x i32]
  call void @llvm.cute.nvgpu.tmem_load(ptr @ld8, ptr %r, i32 %taddr)
  %v = load i32, ptr %r
  store i32 %v, ptr %out
  ret void
}

; Four registers from the middle of an eight-register array.
; CHECK: error: in function 'store_past': variant 'SM100_TMEM_STORE_32dp32b8x': operand 'r' points to 16 byte(s), but the variant accesses 32 there
define void @store_past(i32 %taddr) #1 {
  %r = alloca [8 x i32]
  %mid = getelementptr inbounds i8, ptr %r, i64 16
  call void @llvm.cute.nvgpu.tmem_store(ptr @st8, i32 %taddr, ptr %mid)
  ret void
}

; CHECK: error: in function 'fence_past': variant 'SM90_WGMMA_FENCE_OPERAND_F32': operand 'frag' points to 16 byte(s), but the variant accesses 256 there
define void @fence_past() #0 {
  %acc = alloca [4 x float]
  call void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr @fop, ptr %acc, i32 64)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
attributes #1 = { "target-cpu"="sm_100a" }

; A pointer that selects between objects is as small as the smaller: one of
; the paths would write past it.
; CHECK: error: in function 'select_small': variant 'SM75_U32x4_LDSM_N': operand 'dst' points to 4 byte(s), but the variant accesses 16 there
define void @select_small(i1 %c) #0 {
  %a = alloca [4 x i32], align 4
  %b = alloca [1 x i32], align 4
  %p = select i1 %c, ptr %a, ptr %b
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm.sel, ptr %p, ptr addrspace(3) @sm.sel)
  ret void
}

; Memory, not only register fragments: a copy's source or destination
; object smaller than what the variant moves (a universal copy of 16 bytes
; from a 4-byte slot, a 16-byte cp.async into a 4-byte shared object, a
; 4096-byte bulk copy into 512 bytes).
; CHECK: error: in function 'ucopy_src': variant 'UniversalCopy<uint128_t>': operand 'src' points to 4 byte(s), but the variant accesses 16 there
define void @ucopy_src(ptr addrspace(1) %o) #0 {
  %s = alloca [1 x i32], align 16
  call void @llvm.cute.nvgpu.universal_copy(ptr @ucopy128, ptr addrspace(1) %o, ptr %s)
  ret void
}

; CHECK: error: in function 'ucopy_dst': variant 'UniversalCopy<uint128_t>': operand 'dst' points to 4 byte(s), but the variant accesses 16 there
define void @ucopy_dst(ptr addrspace(1) %i) #0 {
  call void @llvm.cute.nvgpu.universal_copy.g(ptr @ucopy128, ptr addrspace(1) @g4, ptr addrspace(1) %i)
  ret void
}

; CHECK: error: in function 'cp_async_small': variant 'SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>': operand 'dst' points to 4 byte(s), but the variant accesses 16 there
define void @cp_async_small(ptr addrspace(1) %g) #0 {
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasync16, ptr addrspace(3) @sm4, ptr addrspace(1) %g)
  ret void
}

; CHECK: error: in function 'bulk_big': variant 'SM90_BULK_COPY_G2S': operand 'dst' points to 512 byte(s), but the variant accesses 4096 there
define void @bulk_big(ptr addrspace(1) %g) #0 {
  call void @llvm.cute.nvgpu.bulk_copy_g2s(ptr @bulk.sel, ptr addrspace(3) @sm.sel, ptr addrspace(1) %g, ptr addrspace(3) @bar.sel, i32 4096)
  ret void
}

@ldsm.sel = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"
@ucopy128 = private constant [25 x i8] c"UniversalCopy<uint128_t>\00"
@cpasync16 = private constant [37 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>\00"
@bulk.sel = private constant [19 x i8] c"SM90_BULK_COPY_G2S\00"
@sm.sel = internal addrspace(3) global [512 x i8] undef, align 128
@sm4 = internal addrspace(3) global [4 x i8] undef, align 16
@g4 = addrspace(1) global [1 x i32] zeroinitializer, align 16
@bar.sel = internal addrspace(3) global i64 0, align 8
declare void @llvm.cute.nvgpu.universal_copy(ptr, ptr addrspace(1), ptr)
declare void @llvm.cute.nvgpu.universal_copy.g(ptr, ptr addrspace(1), ptr addrspace(1))
declare void @llvm.cute.nvgpu.simt_async_copy(ptr, ptr addrspace(3), ptr addrspace(1))
declare void @llvm.cute.nvgpu.bulk_copy_g2s(ptr, ptr addrspace(3), ptr addrspace(1), ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.ldsm(ptr, ptr, ptr addrspace(3))
