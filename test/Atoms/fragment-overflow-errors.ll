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
