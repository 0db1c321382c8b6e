; Hopper's complex F64 register MMAs, CuTe's SM90::MMA_16x8x<K>_C64C64C64C64_TN
; (SM90_16x8x<K>_C64C64C64C64_TN here): as SM80's 8x8x4, four real
; mma.sync .f64 of the same shape on the parts (re*re + c.re, im*re + c.im,
; then -im*im and re*im accumulated), A's imaginary parts negated in
; scratch registers of the sequence's own scope. Every part is an f64
; register in memory order: D and C four complex values ($0, $2, $4, $6 the
; real parts of D), A K/2 and B K/4. The m16n8k{4,8,16} .f64 shapes need
; sm_90 (feature mma_f64_m16n8).
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck --check-prefix=IR %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
; RUN: not llc %loadcute -mcpu=sm_89 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=SM89 %s

target triple = "nvptx64-nvidia-cuda"

@vk4 = private constant [28 x i8] c"SM90_16x8x4_C64C64C64C64_TN\00"
@vk8 = private constant [28 x i8] c"SM90_16x8x8_C64C64C64C64_TN\00"
@vk16 = private constant [29 x i8] c"SM90_16x8x16_C64C64C64C64_TN\00"

declare void @llvm.cute.nvgpu.sm80.mma_complex(ptr, ptr, ptr, ptr, ptr)

; SM89: error: in function 'k4': variant 'SM90_16x8x4_C64C64C64C64_TN': variant 'SM90_16x8x4_C64C64C64C64_TN' of atom 'sm80.mma_complex' requires feature mma_f64_m16n8, which target sm_89 lacks

; 8 parts of D (early-clobber outputs), then 4 of A, 2 of B, 8 of C.
; IR-LABEL: define void @k4(
; IR-COUNT-14: load double
; IR:      call { double, double, double, double, double, double, double, double } asm "{ .reg .f64 nai<2>; mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {$0, $2, $4, $6}, {$8, $10}, {$12}, {$14, $16, $18, $20}; mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {$1, $3, $5, $7}, {$9, $11}, {$12}, {$15, $17, $19, $21}; neg.f64 nai0, $9; neg.f64 nai1, $11; mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {$0, $2, $4, $6}, {nai0, nai1}, {$13}, {$0, $2, $4, $6}; mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {$1, $3, $5, $7}, {$8, $10}, {$13}, {$1, $3, $5, $7}; }", "=&d,=&d,=&d,=&d,=&d,=&d,=&d,=&d,d,d,d,d,d,d,d,d,d,d,d,d,d,d"
; IR-COUNT-8: store double
; CHECK-LABEL: .func k4(
; CHECK-COUNT-2: mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64
; CHECK-COUNT-2: neg.f64
; CHECK-COUNT-2: mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64
; CHECK-NOT:     mma.sync
; CHECK:         ret;
define void @k4(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm80.mma_complex(ptr @vk4, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; IR-LABEL: define void @k8(
; IR:       asm "{ .reg .f64 nai<4>; mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {$0, $2, $4, $6}, {$8, $10, $12, $14}, {$16, $18}, {$20, $22, $24, $26};
; CHECK-LABEL: .func k8(
; CHECK-COUNT-2: mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64
; CHECK-COUNT-4: neg.f64
; CHECK-COUNT-2: mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64
; CHECK-NOT:     mma.sync
; CHECK:         ret;
define void @k8(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm80.mma_complex(ptr @vk8, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; IR-LABEL: define void @k16(
; IR:       asm "{ .reg .f64 nai<8>; mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {$0, $2, $4, $6}, {$8, $10, $12, $14, $16, $18, $20, $22}, {$24, $26, $28, $30}, {$32, $34, $36, $38};
; CHECK-LABEL: .func k16(
; CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64
; CHECK-COUNT-8: neg.f64
; CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64
; CHECK-NOT:     mma.sync
; CHECK:         ret;
define void @k16(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm80.mma_complex(ptr @vk16, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
