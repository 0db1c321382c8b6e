; CuTe's MXF4 UMMA atoms carry their scale vector VS in the name
; (SM100_MMA_MXF4[_2x1SM]_SS<A,B,D,SF,M,N,VS>,
; SM100_MMA_MXF4NVF4[_2x1SM]_SS_SPARSE<...,VS>) and issue by it: VS 16
; (sparse 32) .kind::mxf4nvf4 with a scale factor per 16 elements
; (.block16), VS 32 (sparse 64) .kind::mxf4 with one UE8M0 factor per 32
; (plain .block_scale, which ptxas reads as .block32). The VS 32 forms are
; named as CuTe names them; the name without VS is no variant.
;
; RUN: llc %loadcute -mcpu=sm_100a -mattr=+ptx88 %s -o %t.ptx
; RUN: FileCheck --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.ptx -o /dev/null %}
; RUN: not cute-atoms --atom 'SM100_MMA_MXF4_SS<E2M1,E2M1,F32,UE8M0,128,64>' 2>&1 \
; RUN:   | FileCheck --check-prefix=NOVS %s

target triple = "nvptx64-nvidia-cuda"

@n_vs32 = private constant [49 x i8] c"SM100_MMA_MXF4_SS<E2M1,E2M1,F32,UE8M0,128,64,32>\00"
@n_vs16 = private constant [49 x i8] c"SM100_MMA_MXF4_SS<E2M1,E2M1,F32,UE4M3,128,64,16>\00"
@n_vs32x2 = private constant [56 x i8] c"SM100_MMA_MXF4_2x1SM_SS<E2M1,E2M1,F32,UE8M0,256,128,32>\00"
@n_vs64sp = private constant [60 x i8] c"SM100_MMA_MXF4NVF4_SS_SPARSE<E2M1,E2M1,F32,UE8M0,128,64,64>\00"

declare void @llvm.cute.nvgpu.sm100.mma_bs(ptr, i32, i64, i64, i32, i1, i32, i32)
declare void @llvm.cute.nvgpu.sm100.mma_bs_sp(ptr, i32, i64, i64, i32, i1, i32, i32, i32)

; NOVS: error: unknown atom 'SM100_MMA_MXF4_SS<E2M1,E2M1,F32,UE8M0,128,64>'

; CHECK-LABEL: .func vs32(
; CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.collector::a::discard [
define void @vs32(i32 %d, i64 %a, i64 %b, i32 %sfa, i32 %sfb) {
  call void @llvm.cute.nvgpu.sm100.mma_bs(ptr @n_vs32, i32 %d, i64 %a, i64 %b, i32 0, i1 true, i32 %sfa, i32 %sfb)
  ret void
}

; CHECK-LABEL: .func vs16(
; CHECK: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard [
define void @vs16(i32 %d, i64 %a, i64 %b, i32 %sfa, i32 %sfb) {
  call void @llvm.cute.nvgpu.sm100.mma_bs(ptr @n_vs16, i32 %d, i64 %a, i64 %b, i32 0, i1 true, i32 %sfa, i32 %sfb)
  ret void
}

; CHECK-LABEL: .func vs32x2(
; CHECK: tcgen05.mma.cta_group::2.kind::mxf4.block_scale.collector::a::discard [
define void @vs32x2(i32 %d, i64 %a, i64 %b, i32 %sfa, i32 %sfb) {
  call void @llvm.cute.nvgpu.sm100.mma_bs(ptr @n_vs32x2, i32 %d, i64 %a, i64 %b, i32 0, i1 true, i32 %sfa, i32 %sfb)
  ret void
}

; CHECK-LABEL: .func vs64sp(
; CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf4.block_scale.collector::a::discard [
define void @vs64sp(i32 %d, i64 %a, i64 %b, i32 %e, i32 %sfa, i32 %sfb) {
  call void @llvm.cute.nvgpu.sm100.mma_bs_sp(ptr @n_vs64sp, i32 %d, i64 %a, i64 %b, i32 0, i1 true, i32 %e, i32 %sfa, i32 %sfb)
  ret void
}
