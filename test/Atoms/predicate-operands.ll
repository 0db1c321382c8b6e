; An operand bound to a PTX predicate (WGMMA's scale-d) is a truth value:
; the asm makes it with `setp.ne.b32` from a 32-bit register, which gets 1
; for any nonzero constant of a wider type that fits the C type (65536 is
; no 16-bit 0), 0 for zero, and a narrower constant zero-extended (i8 -1 is
; true, as it is in C). The fuzzer's narrowing check leaves such operands
; out for this reason (fuzz/regressions/cute-ir-fuzzer/
; wgmma-scale-d-predicate-nonzero); a constant that does not fit the C type
; is an error (operand-width-errors.ll).
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a -mattr=+ptx84 %s -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@vrs = private constant [29 x i8] c"SM90_64x16x16_F32BF16BF16_RS\00"

declare void @llvm.cute.nvgpu.sm90.mma(...)

; CHECK-LABEL: define void @scale_d(
; CHECK:       setp.ne.b32 p0, $13, 0;{{.*}}"({{.*}}, i64 %{{[0-9]+}}, i32 1, float
; CHECK:       setp.ne.b32 p0, $13, 0;{{.*}}"({{.*}}, i64 %{{[0-9]+}}, i32 0, float
; CHECK:       setp.ne.b32 p0, $13, 0;{{.*}}"({{.*}}, i64 %{{[0-9]+}}, i32 255, float
; CHECK:       setp.ne.b32 p0, $13, 0;{{.*}}"({{.*}}, i64 %{{[0-9]+}}, i32 1, float
define void @scale_d(ptr %d, ptr %a) #0 {
  %b = alloca i64, align 8
  store i64 0, ptr %b
  call void (...) @llvm.cute.nvgpu.sm90.mma(ptr @vrs, ptr %d, ptr %a, ptr %b, i64 65536)
  call void (...) @llvm.cute.nvgpu.sm90.mma(ptr @vrs, ptr %d, ptr %a, ptr %b, i64 0)
  call void (...) @llvm.cute.nvgpu.sm90.mma(ptr @vrs, ptr %d, ptr %a, ptr %b, i8 -1)
  call void (...) @llvm.cute.nvgpu.sm90.mma(ptr @vrs, ptr %d, ptr %a, ptr %b, i1 true)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" "target-features"="+ptx84" }
