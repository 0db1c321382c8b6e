; The inline-PTX atoms' located errors: a tier without the instruction,
; a PTX ISA older than the instruction, an address in the wrong window, a
; fragment smaller than the registers the statement reads or writes.
;
; RUN: not cute-opt -passes=cute-lower-atoms %s -o /dev/null 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@vmovm = private constant [18 x i8] c"SM75_U32x1_MOVM_T\00"
@ld256 = private constant [37 x i8] c"SM100_LOAD_256bit_CACHE_NOALLOCATION\00"
@st256 = private constant [38 x i8] c"SM100_STORE_256bit_CACHE_NOALLOCATION\00"
@f21 = private constant [25 x i8] c"SM100_2x1x1_F32F32F32F32\00"
@g2s = private constant [19 x i8] c"SM90_BULK_COPY_G2S\00"
@smem = internal addrspace(3) global [8 x i32] undef, align 32

declare void @llvm.cute.nvgpu.movm(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.global_load_256bit(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.global_store_256bit(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.sm100.ffma2(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.bulk_copy_g2s(ptr, ptr, ptr, ptr, i32)

; CHECK: error: in function 'movm_sm70': {{.*}}'atom.movm'{{.*}}sm_70
define void @movm_sm70(ptr %t, ptr %s) #0 {
  call void @llvm.cute.nvgpu.movm(ptr @vmovm, ptr %t, ptr %s)
  ret void
}

; CHECK: error: in function 'load_ptx86': variant 'SM100_LOAD_256bit_CACHE_NOALLOCATION' needs PTX ISA 8.8, and the target has 8.6
define void @load_ptx86(ptr %d, ptr %s) #1 {
  call void @llvm.cute.nvgpu.global_load_256bit(ptr @ld256, ptr %d, ptr %s)
  ret void
}

; CHECK: error: in function 'store_to_shared': {{.*}}SM100_STORE_256bit_CACHE_NOALLOCATION{{.*}}'dst'{{.*}}shared
define void @store_to_shared(ptr %s) #2 {
  %p = addrspacecast ptr addrspace(3) @smem to ptr
  call void @llvm.cute.nvgpu.global_store_256bit(ptr @st256, ptr %p, ptr %s)
  ret void
}

; A 64-bit pair written into a 4-byte object.
; CHECK: error: in function 'ffma2_small_d': {{.*}}SM100_2x1x1_F32F32F32F32{{.*}}'d'
define void @ffma2_small_d(ptr %a, ptr %b, ptr %c) #2 {
  %d = alloca float, align 4
  call void @llvm.cute.nvgpu.sm100.ffma2(ptr @f21, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; A bulk copy into global memory where shared memory is due.
; CHECK: error: in function 'bulk_to_global': {{.*}}SM90_BULK_COPY_G2S{{.*}}'dst'{{.*}}global
define void @bulk_to_global(ptr addrspace(1) %g, ptr %src, i32 %n) #2 {
  %d = addrspacecast ptr addrspace(1) %g to ptr
  call void @llvm.cute.nvgpu.bulk_copy_g2s(ptr @g2s, ptr %d, ptr %src, ptr addrspacecast (ptr addrspace(3) @smem to ptr), i32 %n)
  ret void
}

attributes #0 = { "target-cpu"="sm_70" }
attributes #1 = { "target-cpu"="sm_100a" "target-features"="+ptx86" }
attributes #2 = { "target-cpu"="sm_100a" "target-features"="+ptx88" }
