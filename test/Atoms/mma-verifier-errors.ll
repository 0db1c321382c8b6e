; The atom registry's MMA atom verifier on raw operands (no tensor behind them):
; the element type of a fragment is the floating-point type its storage is
; declared with (integer storage holds registers of any type), its residency the
; address space or underlying object of the pointer; UMMA operands are integers
; (TMEM addresses, SMEM descriptors). The first failing check of each call is
; reported, verbatim from td/Diagnostics.td.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@umma = private constant [42 x i8] c"SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>\00"
@wg_h16 = private constant [26 x i8] c"SM90_64x8x16_F16F16F16_SS\00"
@wg_rs = private constant [29 x i8] c"SM90_64x16x16_F32BF16BF16_RS\00"
@wg_ss = private constant [26 x i8] c"SM90_64x8x16_F32F16F16_SS\00"
@sm80 = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"
@fma = private constant [30 x i8] c"UniversalFMA<F32,F32,F32,F32>\00"
@tma = private constant [4 x i8] c"TMA\00"

declare void @llvm.cute.nvgpu.sm100.mma(ptr, i32, i64, i64, i32, i1)
declare void @llvm.cute.nvgpu.sm90.mma(ptr, ptr, ptr, ptr, i32)
declare void @llvm.cute.nvgpu.sm80.mma(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.universal_fma(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.non_exec_tiled_tma_load(ptr)

; --- UMMA residency: A an SMEM descriptor or a TMEM address (an RMEM A is
; rejected), B a descriptor, D a TMEM address.

; CHECK: error: in function 'umma_a_rmem': expects memref/smem_desc_view for operand A, but gets A:ptr (rmem).
define void @umma_a_rmem(i32 %d, i64 %b) #100 {
  %a = alloca [8 x half]
  call void (ptr, i32, ptr, i64, i32, i1) @llvm.cute.nvgpu.sm100.mma(ptr @umma, i32 %d, ptr %a, i64 %b, i32 0, i1 true)
  ret void
}

; CHECK: error: in function 'umma_b_narrow': expects smem_desc_view for operand B, but gets B: i32.
define void @umma_b_narrow(i32 %d, i64 %a, i32 %b) #100 {
  call void (ptr, i32, i64, i32, i32, i1) @llvm.cute.nvgpu.sm100.mma(ptr @umma, i32 %d, i64 %a, i32 %b, i32 0, i1 true)
  ret void
}

; CHECK: error: in function 'umma_d_rmem': expects memref for operand D, but gets D: ptr (rmem).
define void @umma_d_rmem(i64 %a, i64 %b) #100 {
  %d = alloca [64 x float]
  call void (ptr, ptr, i64, i64, i32, i1) @llvm.cute.nvgpu.sm100.mma(ptr @umma, ptr %d, i64 %a, i64 %b, i32 0, i1 true)
  ret void
}

; --- WGMMA: element types (A, B, then C for C and D) before residencies.

; CHECK: error: in function 'wgmma_c_type': expects operand c with element type f16, but get f32.
define void @wgmma_c_type(ptr addrspace(3) %smem) #90 {
  %d = alloca [2 x float]
  %a = alloca i64
  call void @llvm.cute.nvgpu.sm90.mma(ptr @wg_h16, ptr %d, ptr %a, ptr addrspace(3) %smem, i32 1)
  ret void
}

; CHECK: error: in function 'wgmma_a_type': expects operand a with element type bf16, but get f16.
define void @wgmma_a_type(ptr %bdesc) #90 {
  %d = alloca [8 x float]
  %a = alloca [8 x half]
  call void @llvm.cute.nvgpu.sm90.mma(ptr @wg_rs, ptr %d, ptr %a, ptr %bdesc, i32 1)
  ret void
}

; CHECK: error: in function 'wgmma_b_smem': expects smem_desc_view for operand B, but gets B: ptr addrspace(3) (smem).
define void @wgmma_b_smem(ptr addrspace(3) %smem) #90 {
  %d = alloca [4 x float]
  %a = alloca i64
  call void @llvm.cute.nvgpu.sm90.mma(ptr @wg_ss, ptr %d, ptr %a, ptr addrspace(3) %smem, i32 1)
  ret void
}

; An SS A must be its descriptor, not registers declared floating-point.
; CHECK: error: in function 'wgmma_ss_a_regs': expects memref/smem_desc_view for operand A, but gets A:ptr (rmem).
define void @wgmma_ss_a_regs(ptr %bdesc) #90 {
  %d = alloca [4 x float]
  %a = alloca [8 x half]
  call void @llvm.cute.nvgpu.sm90.mma(ptr @wg_ss, ptr %d, ptr %a, ptr %bdesc, i32 1)
  ret void
}

; CHECK: error: in function 'wgmma_d_global': expects memref for operand D, but gets D: ptr addrspace(1) (gmem).
define void @wgmma_d_global(ptr addrspace(1) %d, ptr %adesc, ptr %bdesc) #90 {
  call void @llvm.cute.nvgpu.sm90.mma(ptr @wg_ss, ptr addrspace(1) %d, ptr %adesc, ptr %bdesc, i32 1)
  ret void
}

; --- The register MMAs (SM70-SM89, SM120): one element type where the
; variant has one, inputs in rmem, then A's, B's and C's element types.

; CHECK: error: in function 'fma_one_type': expects all mma operands to have element type f32, but got b: f16
define void @fma_one_type(ptr %d, ptr %a, ptr %c) #80 {
  %b = alloca half
  call void @llvm.cute.nvgpu.universal_fma(ptr @fma, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK: error: in function 'mma_a_smem': expects rmem for input operands, but got A: ptr addrspace(3) (smem), B: ptr, D: ptr
define void @mma_a_smem(ptr %d, ptr addrspace(3) %a, ptr %b, ptr %c) #80 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr addrspace(3) %a, ptr %b, ptr %c)
  ret void
}

; Passed by value instead of by address: no residency at all.
; CHECK: error: in function 'mma_b_value': expects rmem for input operands, but got A: ptr, B: i32, D: ptr
define void @mma_b_value(ptr %d, ptr %a, i32 %b, ptr %c) #80 {
  call void (ptr, ptr, ptr, i32, ptr) @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, i32 %b, ptr %c)
  ret void
}

; CHECK: error: in function 'mma_d_global': expects memref for operand D, but gets D: ptr addrspace(1) (gmem).
define void @mma_d_global(ptr addrspace(1) %d, ptr %a, ptr %b, ptr %c) #80 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr addrspace(1) %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK: error: in function 'mma_a_type': expects operand a with element type f16, but got f32
define void @mma_a_type(ptr %d, ptr %b, ptr %c) #80 {
  %a = alloca [8 x float]
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK: error: in function 'mma_b_type': expects operand b with element type f16, but get bf16.
define void @mma_b_type(ptr %d, ptr %a, ptr %c) #80 {
  %b = alloca [2 x <2 x bfloat>]
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK: error: in function 'mma_c_type': expects operand c with element type f32, but get f16.
define void @mma_c_type(ptr %d, ptr %a, ptr %b) #80 {
  %c = alloca [4 x half]
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; Integer storage holds registers of any type: accepted (and lowered).
; CHECK-NOT: 'mma_regs'
define void @mma_regs(ptr %d) #80 {
  %a = alloca [4 x i32]
  %b = alloca [2 x i32]
  %c = alloca [4 x float]
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; --- Registry level: a descriptor or non-executing atom has nothing to call.
; CHECK: error: in function 'non_exec': atom type does not implement a known cute_nvgpu interface ('atom.non_exec_tiled_tma_load': non-executing
define void @non_exec() #90 {
  call void @llvm.cute.nvgpu.non_exec_tiled_tma_load(ptr @tma)
  ret void
}

attributes #80 = { "target-cpu"="sm_80" }
attributes #90 = { "target-cpu"="sm_90a" "target-features"="+ptx80" }
attributes #100 = { "target-cpu"="sm_100a" "target-features"="+ptx86" }
