; UMMA and tensor-memory atoms that cannot be lowered: a located diagnostic.
; On targets without tensor memory (sm_90a, sm_110a, sm_120a) a surviving
; SM100 atom is the gating error naming the tiers that have it.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s
; RUN: not llc %loadcute -mcpu=sm_90a -o /dev/null %s 2>&1 | FileCheck --check-prefix=SM90A %s
; RUN: not llc %loadcute -mcpu=sm_110a -o /dev/null %s 2>&1 | FileCheck --check-prefix=SM110A %s
; RUN: not llc %loadcute -mcpu=sm_120a -o /dev/null %s 2>&1 | FileCheck --check-prefix=SM120A %s
; RUN: not llc %loadcute -mcpu=sm_100f -mattr=+ptx88 -o /dev/null %s 2>&1 | FileCheck --check-prefix=SM100F %s

target triple = "nvptx64-nvidia-cuda"

@v_ss = private constant [42 x i8] c"SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>\00"
@v_scaled = private constant [49 x i8] c"SM100_MMA_F16BF16_SS_SCALED<F16,F16,F32,128,256>\00"
@v_i8 = private constant [35 x i8] c"SM100_MMA_S8_SS<S8,S8,S32,128,128>\00"
@v_ld = private constant [26 x i8] c"SM100_TMEM_LOAD_32dp32b1x\00"
@v_cp = private constant [29 x i8] c"SM100_UTCCP_128dp256bit_2cta\00"
@v_get = private constant [28 x i8] c"SM100_TMEM_RETRIEVE_PTR_1SM\00"

declare void @llvm.cute.nvgpu.sm100.mma(ptr, i32, i64, i64, i32, i1)
declare void @llvm.cute.nvgpu.sm100.mma_scaled(ptr, i32, i64, i64, i32, i1, i32)
declare void @llvm.cute.nvgpu.tmem_load(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.s2t_copy(ptr, i32, i64)
declare i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr, ptr, i32)

; scale-input-d is an immediate from 0 to 15.
; CHECK: error: in function 'scale_range': variant 'SM100_MMA_F16BF16_SS_SCALED<F16,F16,F32,128,256>': operand 'scale_c' must be a constant from 0 to 15 (D is scaled by 2^-scale_c)
define void @scale_range(i32 %d, i64 %a, i64 %b) #0 {
  call void @llvm.cute.nvgpu.sm100.mma_scaled(ptr @v_scaled, i32 %d, i64 %a, i64 %b, i32 0, i1 true, i32 16)
  ret void
}
; CHECK: error: in function 'scale_runtime': variant 'SM100_MMA_F16BF16_SS_SCALED<F16,F16,F32,128,256>': operand 'scale_c' must be a constant from 0 to 15
define void @scale_runtime(i32 %d, i64 %a, i64 %b, i32 %s) #0 {
  call void @llvm.cute.nvgpu.sm100.mma_scaled(ptr @v_scaled, i32 %d, i64 %a, i64 %b, i32 0, i1 true, i32 %s)
  ret void
}

; A constant idesc may set only the call's bits: not M (bits 24-28), not
; saturation (bit 3) outside .kind::i8.
; CHECK: error: in function 'idesc_bits': variant 'SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>': operand 'idesc' sets bits 0x08000000 of the instruction descriptor, which the variant fixes (types, M, N, sparsity) or which are reserved; a call sets only 0x0001e000 (majors, negations)
; CHECK: error: in function 'idesc_bits': variant 'SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>': operand 'idesc' sets bits 0x00000008 of
; SM90A: error: in function 'idesc_bits': variant 'SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>': atom 'sm100.mma' requires tier sm_100, which exceeds target sm_90a (the tiers that have it: sm_100f, sm_100a, sm_103f, sm_103a)
; SM110A: error: in function 'idesc_bits': variant 'SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>': atom 'sm100.mma' requires feature tcgen05, which target sm_110a lacks (the tiers that have it: sm_100f, sm_100a, sm_103f, sm_103a)
; SM120A: error: in function 'idesc_bits': variant 'SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>': atom 'sm100.mma' requires feature tcgen05, which target sm_120a lacks
define void @idesc_bits(i32 %d, i64 %a, i64 %b) #0 {
  call void @llvm.cute.nvgpu.sm100.mma(ptr @v_ss, i32 %d, i64 %a, i64 %b, i32 134217728, i1 true)
  call void @llvm.cute.nvgpu.sm100.mma(ptr @v_ss, i32 %d, i64 %a, i64 %b, i32 8, i1 true)
  ret void
}

; .kind::i8 is sm_100a's only (ptxas rejects it on sm_100f).
; SM100F: error: in function 'kind_i8': variant 'SM100_MMA_S8_SS<S8,S8,S32,128,128>': {{.*}}tcgen05_i8{{.*}}sm_100f
define void @kind_i8(i32 %d, i64 %a, i64 %b) #0 {
  call void @llvm.cute.nvgpu.sm100.mma(ptr @v_i8, i32 %d, i64 %a, i64 %b, i32 0, i1 true)
  ret void
}

; SM90A: error: in function 'tmem_gated': variant 'SM100_TMEM_LOAD_32dp32b1x': atom 'atom.tmem_load' requires tier sm_100, which exceeds target sm_90a
; SM120A: error: in function 'tmem_gated': variant 'SM100_TMEM_LOAD_32dp32b1x': atom 'atom.tmem_load' requires feature tmem, which target sm_120a lacks
; SM110A: error: in function 'tmem_gated': variant 'SM100_TMEM_LOAD_32dp32b1x': atom 'atom.tmem_load' requires feature tmem, which target sm_110a lacks
; SM90A: error: in function 'tmem_gated': variant 'SM100_UTCCP_128dp256bit_2cta':
; SM90A: error: in function 'tmem_gated': variant 'SM100_TMEM_RETRIEVE_PTR_1SM':
define void @tmem_gated(ptr %r, i32 %t, i64 %desc, ptr %slot) #0 {
  call void @llvm.cute.nvgpu.tmem_load(ptr @v_ld, ptr %r, i32 %t)
  call void @llvm.cute.nvgpu.s2t_copy(ptr @v_cp, i32 %t, i64 %desc)
  %x = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %slot, i32 32)
  ret void
}

; One handle is allocated once: its retrievals agree on the columns.
; CHECK: error: in function 'retrieve_columns': variant 'SM100_TMEM_RETRIEVE_PTR_1SM': every retrieval of one handle in a function names the same variant and columns (the handle is allocated once)
define void @retrieve_columns(ptr %slot, ptr %out) #0 {
  %a = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %slot, i32 32)
  store i32 %a, ptr %out
  %b = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %slot, i32 64)
  store i32 %b, ptr %out
  ret void
}

; Tensor memory is allocated in columns that are a power of two in
; [32, 512] (the records' PtxRegPow2In): a constant outside is an error at
; the call, for the plain allocation and for the retrieved handle.
; CHECK: error: in function 'tmem_columns': variant 'SM100_TMEM_ALLOC_1SM': operand 'ncols' must be a power of two in [32, 512], not 96
; CHECK: error: in function 'tmem_columns': variant 'SM100_TMEM_DEALLOC_1SM': operand 'ncols' must be a power of two in [32, 512], not 1024
; CHECK: error: in function 'tmem_columns': variant 'SM100_TMEM_RETRIEVE_PTR_1SM': operand 'ncols' must be a power of two in [32, 512], not 16
@v_alloc = private constant [21 x i8] c"SM100_TMEM_ALLOC_1SM\00"
@v_dealloc = private constant [23 x i8] c"SM100_TMEM_DEALLOC_1SM\00"
declare void @llvm.cute.nvgpu.tmem_alloc(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.tmem_dealloc(ptr, i32, i32)
define void @tmem_columns(ptr addrspace(3) %slot, i32 %t, ptr %out) #0 {
  %s = addrspacecast ptr addrspace(3) %slot to ptr
  call void @llvm.cute.nvgpu.tmem_alloc(ptr @v_alloc, ptr %s, i32 96)
  call void @llvm.cute.nvgpu.tmem_dealloc(ptr @v_dealloc, i32 %t, i32 1024)
  %a = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %s, i32 16)
  store i32 %a, ptr %out
  ret void
}

attributes #0 = { "target-cpu"="sm_100a" "target-features"="+ptx88" }
