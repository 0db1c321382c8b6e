; Every tcgen05 instruction of a kernel takes one CTA group (PTX ISA; ptxas
; reports a mix without a source location): a .cta_group::2 call after a
; .cta_group::1 one, of whatever tcgen05 atom (UMMA commit, TMEM
; allocation, tcgen05.cp), is one error at that call, naming the first. A
; kernel of one group, and calls that take no group (tcgen05.wait), pass.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@arrive1 = private constant [18 x i8] c"SM100_UMMA_ARRIVE\00"
@arrive2 = private constant [24 x i8] c"SM100_UMMA_ARRIVE_2x1SM\00"
@alloc2 = private constant [21 x i8] c"SM100_TMEM_ALLOC_2SM\00"
@alloc1 = private constant [21 x i8] c"SM100_TMEM_ALLOC_1SM\00"
@waitld = private constant [21 x i8] c"SM100_TMEM_LOAD_WAIT\00"
@bar = internal addrspace(3) global i64 undef, align 8
@slot = internal addrspace(3) global i32 undef, align 4

declare void @llvm.cute.nvgpu.umma_commit(ptr, ptr, i16)
declare void @llvm.cute.nvgpu.tmem_alloc(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.tmem_wait(ptr)

; CHECK: error: in function 'mixed': variant 'SM100_UMMA_ARRIVE_2x1SM' is a .cta_group::2 tcgen05 instruction, but this kernel's tcgen05 instructions are .cta_group::1 (variant 'SM100_TMEM_ALLOC_1SM' at function 'mixed'): every tcgen05 instruction of a kernel takes one CTA group
define ptx_kernel void @mixed() #0 {
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  %s = addrspacecast ptr addrspace(3) @slot to ptr
  call void @llvm.cute.nvgpu.tmem_alloc(ptr @alloc1, ptr %s, i32 32)
  call void @llvm.cute.nvgpu.tmem_wait(ptr @waitld)
  call void @llvm.cute.nvgpu.umma_commit(ptr @arrive1, ptr %b, i16 0)
  call void @llvm.cute.nvgpu.umma_commit(ptr @arrive2, ptr %b, i16 0)
  ret void
}

; One group throughout, in another kernel: no error.
define ptx_kernel void @pair() #0 {
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  %s = addrspacecast ptr addrspace(3) @slot to ptr
  call void @llvm.cute.nvgpu.tmem_alloc(ptr @alloc2, ptr %s, i32 32)
  call void @llvm.cute.nvgpu.umma_commit(ptr @arrive2, ptr %b, i16 0)
  ret void
}

attributes #0 = { "target-cpu"="sm_100a" }
