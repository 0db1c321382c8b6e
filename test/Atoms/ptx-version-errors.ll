; llc reports an instruction the module's PTX ISA lacks at the atom call,
; before instruction selection could fail on it.
;
; RUN: not llc %loadcute -mcpu=sm_90a %s -o /dev/null 2>&1 | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a -mattr=+ptx84 %s -o - | FileCheck --check-prefix=PTX84 %s

target triple = "nvptx64-nvidia-cuda"

@sm89 = private constant [31 x i8] c"SM89_16x8x32_F32E4M3E4M3F32_TN\00"

declare void @llvm.cute.nvgpu.sm89.mma(ptr, ptr, ptr, ptr, ptr)

; CHECK: error: in function 'fp8': variant 'SM89_16x8x32_F32E4M3E4M3F32_TN' needs PTX ISA 8.4, and the target has 8.0: add the target feature +ptx84 (llc -mattr=+ptx84)
; PTX84: .version 8.4
; PTX84: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
define void @fp8(ptr %d, ptr %a, ptr %b, ptr %c) {
  call void @llvm.cute.nvgpu.sm89.mma(ptr @sm89, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}
