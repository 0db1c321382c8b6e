; Volta's quadpair mma.sync (sm70.mma) and Turing's mma.sync (sm75.mma)
; lower to their NVVM intrinsics like sm80.mma: an SM70 variant's fragments
; are one quadpair's (two f16x2 of A and of B, eight f32 of C and D), its
; operand order picks the intrinsic's .row/.col. llc turns each into the
; instruction the registry records and ptxas accepts it on sm_75 (ptxas 13
; has no sm_70).
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_75 -mattr=+ptx65 %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@sm70 = private constant [27 x i8] c"SM70_8x8x4_F32F16F16F32_NT\00"
@sm70h = private constant [27 x i8] c"SM70_8x8x4_F16F16F16F16_TT\00"
@sm75 = private constant [28 x i8] c"SM75_16x8x8_F32F16F16F32_TN\00"
@sm75i = private constant [26 x i8] c"SM75_8x8x16_S32S8S8S32_TN\00"

declare void @llvm.cute.nvgpu.sm70.mma(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.sm75.mma(ptr, ptr, ptr, ptr, ptr)

; CHECK-LABEL: define void @mma_sm70_f32(
; CHECK:      %[[A0:.*]] = load <2 x half>, ptr %a
; CHECK:      %[[C7P:.*]] = getelementptr inbounds i8, ptr %c, i64 28
; CHECK-NEXT: %[[C7:.*]] = load float, ptr %[[C7P]]
; CHECK-NEXT: %[[D:.*]] = call { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.col.row.f32.f32(<2 x half> %[[A0]], {{.*}}, float %[[C7]])
; CHECK:      %[[D7:.*]] = extractvalue { float, float, float, float, float, float, float, float } %[[D]], 7
; CHECK-NOT:  llvm.cute
; PTX-LABEL: .visible .func mma_sm70_f32(
; PTX: mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32
define void @mma_sm70_f32(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm70.mma(ptr @sm70, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK-LABEL: define void @mma_sm70_f16(
; CHECK: call { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.mma.m8n8k4.row.row.f16.f16(
; PTX-LABEL: .visible .func mma_sm70_f16(
; PTX: mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16
define void @mma_sm70_f16(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm70.mma(ptr @sm70h, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK-LABEL: define void @mma_sm75_f32(
; CHECK: call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half> %{{.*}}, <2 x half> %{{.*}}, <2 x half> %{{.*}}, float
; PTX-LABEL: .visible .func mma_sm75_f32(
; PTX: mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
define void @mma_sm75_f32(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm75.mma(ptr @sm75, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK-LABEL: define void @mma_sm75_s8(
; CHECK: call { i32, i32 } @llvm.nvvm.mma.m8n8k16.row.col.s8(i32
; PTX-LABEL: .visible .func mma_sm75_s8(
; PTX: mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32
define void @mma_sm75_s8(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm75.mma(ptr @sm75i, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

attributes #0 = { "target-cpu"="sm_75" "target-features"="+ptx65" }
