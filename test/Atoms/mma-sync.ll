; Register MMA atoms lower to their NVVM intrinsics: the fragments are
; loaded from the `const void *` operands as the intrinsic's parameter types
; and the results stored to the `void *` one, in operand order; SROA then
; keeps them in registers. llc turns each into the very instruction the
; registry records for the variant, and ptxas accepts it.
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck --check-prefix=CLEAN %s
; RUN: llc %loadcute -mcpu=sm_90a -mattr=+ptx84 %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@sm80 = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"
@sm80sp = private constant [36 x i8] c"SM80_SPARSE_16x8x32_F32F16F16F32_TN\00"
@sm89 = private constant [31 x i8] c"SM89_16x8x32_F32E4M3E4M3F32_TN\00"
@fmav = private constant [30 x i8] c"UniversalFMA<F32,F32,F32,F32>\00"

declare void @llvm.cute.nvgpu.sm80.mma(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.sm80.sparse_mma(ptr, ptr, ptr, ptr, ptr, i32, i32)
declare void @llvm.cute.nvgpu.sm89.mma(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.universal_fma(ptr, ptr, ptr, ptr, ptr)

; CHECK-LABEL: define void @mma_f16(
; CHECK:      %[[A0:.*]] = load <2 x half>, ptr %a
; CHECK:      %[[A3P:.*]] = getelementptr inbounds i8, ptr %a, i64 12
; CHECK-NEXT: %[[A3:.*]] = load <2 x half>, ptr %[[A3P]]
; CHECK:      %[[C3P:.*]] = getelementptr inbounds i8, ptr %c, i64 12
; CHECK-NEXT: %[[C3:.*]] = load float, ptr %[[C3P]]
; CHECK-NEXT: %[[D:.*]] = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %[[A0]], {{.*}}, float %[[C3]])
; CHECK:      %[[D3:.*]] = extractvalue { float, float, float, float } %[[D]], 3
; CHECK:      %[[D3P:.*]] = getelementptr inbounds i8, ptr %d, i64 12
; CHECK-NEXT: store float %[[D3]], ptr %[[D3P]]
; CHECK-NOT:  llvm.cute
; PTX-LABEL: .visible .func mma_f16(
; PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
define void @mma_f16(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; The metadata is a scalar operand, the sparsity selector an immediate.
; CHECK-LABEL: define void @mma_sparse(
; CHECK: call { float, float, float, float } @llvm.nvvm.mma.sp.m16n8k32.row.col.f32.f32({{.*}}, i32 %e, i32 0)
; PTX-LABEL: .visible .func mma_sparse(
; PTX: mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32
define void @mma_sparse(ptr %d, ptr %a, ptr %b, ptr %c, i32 %e) #0 {
  call void @llvm.cute.nvgpu.sm80.sparse_mma(ptr @sm80sp, ptr %d, ptr %a, ptr %b, ptr %c, i32 %e, i32 0)
  ret void
}

; CHECK-LABEL: define void @mma_fp8(
; CHECK: call { float, float, float, float } @llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e4m3.f32(i32
; PTX-LABEL: .visible .func mma_fp8(
; PTX: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
define void @mma_fp8(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm89.mma(ptr @sm89, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK-LABEL: define void @scalar_fma(
; CHECK:      %[[X:.*]] = load float, ptr %a
; CHECK-NEXT: %[[Y:.*]] = load float, ptr %b
; CHECK-NEXT: %[[Z:.*]] = load float, ptr %c
; CHECK-NEXT: %[[R:.*]] = call float @llvm.fma.f32(float %[[X]], float %[[Y]], float %[[Z]])
; CHECK-NEXT: store float %[[R]], ptr %d
; PTX-LABEL: .visible .func scalar_fma(
; PTX: fma.rn.f32
define void @scalar_fma(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.universal_fma(ptr @fmav, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; Fragments in local arrays become registers after the cleanup.
; CLEAN-LABEL: define void @in_registers(
; CLEAN-NOT:   alloca
; CLEAN:       call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(
; CLEAN-NOT:   alloca
define void @in_registers(ptr addrspace(1) %out, <2 x half> %x, float %y) #0 {
  %a = alloca [4 x <2 x half>]
  %b = alloca [2 x <2 x half>]
  %c = alloca [4 x float]
  %d = alloca [4 x float]
  store <2 x half> %x, ptr %a
  %a1 = getelementptr <2 x half>, ptr %a, i32 1
  store <2 x half> %x, ptr %a1
  %a2 = getelementptr <2 x half>, ptr %a, i32 2
  store <2 x half> %x, ptr %a2
  %a3 = getelementptr <2 x half>, ptr %a, i32 3
  store <2 x half> %x, ptr %a3
  store <2 x half> %x, ptr %b
  %b1 = getelementptr <2 x half>, ptr %b, i32 1
  store <2 x half> %x, ptr %b1
  store float %y, ptr %c
  %c1 = getelementptr float, ptr %c, i32 1
  store float %y, ptr %c1
  %c2 = getelementptr float, ptr %c, i32 2
  store float %y, ptr %c2
  %c3 = getelementptr float, ptr %c, i32 3
  store float %y, ptr %c3
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  %d2 = getelementptr float, ptr %d, i32 2
  %r = load float, ptr %d2
  store float %r, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" "target-features"="+ptx84" }
