; UMMA: one tcgen05.mma intrinsic per call, the instruction descriptor the
; variant's word (CuTe's make_instr_desc) or'ed with the call's bits, TMEM
; addresses as addrspace(6) pointers, enable-input-d from `acc`; the kind,
; CTA group and collector as the intrinsic's immediates. The commit to an
; mbarrier (multicast for a CTA pair), the waits and fences.
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_100a -mattr=+ptx88 %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@v_scaled = private constant [49 x i8] c"SM100_MMA_F16BF16_SS_SCALED<F16,F16,F32,128,256>\00"
@v_scaled_ts2 = private constant [53 x i8] c"SM100_MMA_TF32_2x1SM_TS_SCALED<TF32,TF32,F32,256,64>\00"
@v_ss = private constant [42 x i8] c"SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>\00"
@v_ts2 = private constant [50 x i8] c"SM100_MMA_F16BF16_2x1SM_TS<BF16,BF16,F32,256,256>\00"
@v_i8 = private constant [35 x i8] c"SM100_MMA_S8_SS<S8,S8,S32,128,128>\00"
@v_sp = private constant [46 x i8] c"SM100_MMA_F16BF16_SS_SPARSE<F16,F16,F16,64,8>\00"
@v_bssp = private constant [56 x i8] c"SM100_MMA_MXF8F6F4_SS_SPARSE<E2M1,E2M1,F32,UE8M0,128,8>\00"
@v_arrive = private constant [18 x i8] c"SM100_UMMA_ARRIVE\00"
@v_arrive_mc2 = private constant [34 x i8] c"SM100_UMMA_ARRIVE_MULTICAST_2x1SM\00"
@v_wait_ld = private constant [21 x i8] c"SM100_TMEM_LOAD_WAIT\00"
@v_fence_after = private constant [38 x i8] c"SM100_TCGEN05_FENCE_AFTER_THREAD_SYNC\00"

declare void @llvm.cute.nvgpu.sm100.mma(ptr, i32, i64, i64, i32, i1)
declare void @llvm.cute.nvgpu.sm100.mma_scaled(ptr, i32, i64, i64, i32, i1, i32)
declare void @llvm.cute.nvgpu.sm100.mma_sp(ptr, i32, i64, i64, i32, i1, i32)
declare void @llvm.cute.nvgpu.sm100.mma_bs_sp(ptr, i32, i64, i64, i32, i1, i32, i32, i32)
declare void @llvm.cute.nvgpu.umma_commit(ptr, ptr, i16)
declare void @llvm.cute.nvgpu.tmem_wait(ptr)
declare void @llvm.cute.nvgpu.tcgen05_fence(ptr)

; 128 x 256 F16 -> F32, K-major (CuTe: 0x08400010); the call's MN-major B
; (bit 16) or'ed in at compile time.
; CHECK-LABEL: define void @ss(
; CHECK: %[[D:.*]] = inttoptr i32 %d to ptr addrspace(6)
; CHECK: call void @llvm.nvvm.tcgen05.mma.shared(ptr addrspace(6) %[[D]], i64 %a, i64 %b, i32 138477584, i1 %acc, i32 0, i32 1, i32 0)
; PTX-LABEL: .func ss(
; PTX: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}, %p{{[0-9]+}};
define void @ss(i32 %d, i64 %a, i64 %b, i1 %acc) #0 {
  call void @llvm.cute.nvgpu.sm100.mma(ptr @v_ss, i32 %d, i64 %a, i64 %b, i32 65536, i1 %acc)
  ret void
}

; A CTA pair, A from TMEM: M 256 (m_dim 16), BF16 formats 1; a run-time
; idesc is masked to the call's bits (majors, negations: 0x1e000) and
; or'ed with the variant's word 0x10400490.
; CHECK-LABEL: define void @ts2(
; CHECK: %[[M:.*]] = and i32 %idesc, 122880
; CHECK: %[[I:.*]] = or i32 %[[M]], 272630928
; CHECK: call void @llvm.nvvm.tcgen05.mma.tensor(ptr addrspace(6) %{{.*}}, ptr addrspace(6) %{{.*}}, i64 %b, i32 %[[I]], i1 true, /* kind=f16 */ i32 0, /* cta_group= */ i32 2, /* collector=discard */ i32 0)
; PTX-LABEL: .func ts2(
; PTX: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}},
define void @ts2(i32 %d, i32 %a, i64 %b, i32 %idesc) #0 {
  %a64 = zext i32 %a to i64
  call void @llvm.cute.nvgpu.sm100.mma(ptr @v_ts2, i32 %d, i64 %a64, i64 %b, i32 %idesc, i1 true)
  ret void
}

; .kind::i8: S8 formats 1, C S32 (2); saturation (bit 3) is a call bit.
; CHECK-LABEL: define void @i8(
; CHECK: call void @llvm.nvvm.tcgen05.mma.shared(ptr addrspace(6) %{{.*}}, i64 %a, i64 %b, i32 136316072, i1 false, i32 3, i32 1, i32 0)
define void @i8(i32 %d, i64 %a, i64 %b) #0 {
  call void @llvm.cute.nvgpu.sm100.mma(ptr @v_i8, i32 %d, i64 %a, i64 %b, i32 8, i1 false)
  ret void
}

; CuTe's *_SCALED: the same descriptor word as the unscaled form, and
; scale-input-d (D scaled by 2^-scale_c first) as the .scale_d intrinsic's
; i64 immediate, after enable-input-d.
; CHECK-LABEL: define void @scaled(
; CHECK: call void @llvm.nvvm.tcgen05.mma.shared.scale_d(ptr addrspace(6) %{{.*}}, i64 %a, i64 %b, i32 138412048, i1 %acc, i64 3, i32 0, i32 1, i32 0)
; PTX-LABEL: .func scaled(
; PTX: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}, %p{{[0-9]+}}, 3;
define void @scaled(i32 %d, i64 %a, i64 %b, i1 %acc) #0 {
  call void @llvm.cute.nvgpu.sm100.mma_scaled(ptr @v_scaled, i32 %d, i64 %a, i64 %b, i32 0, i1 %acc, i32 3)
  ret void
}
; CHECK-LABEL: define void @scaled_ts2(
; CHECK: call void @llvm.nvvm.tcgen05.mma.tensor.scale_d(ptr addrspace(6) %{{.*}}, ptr addrspace(6) %{{.*}}, i64 %b, i32 {{[0-9]+}}, i1 true, i64 15, i32 1, i32 2, i32 0)
; PTX-LABEL: .func scaled_ts2(
; PTX: tcgen05.mma.cta_group::2.kind::tf32.collector::a::discard [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}}, %r{{[0-9]+}}, %p{{[0-9]+}}, 15;
define void @scaled_ts2(i32 %d, i64 %a, i64 %b) #0 {
  call void @llvm.cute.nvgpu.sm100.mma_scaled(ptr @v_scaled_ts2, i32 %d, i64 %a, i64 %b, i32 0, i1 true, i32 15)
  ret void
}

; Sparse: the sparse flag (bit 2) is the variant's, the metadata's TMEM
; address follows enable-input-d.
; CHECK-LABEL: define void @sp(
; CHECK: call void @llvm.nvvm.tcgen05.mma.sp.shared(ptr addrspace(6) %{{.*}}, i64 %a, i64 %b, i32 67239940, i1 true, ptr addrspace(6) %{{.*}}, i32 0, i32 1, i32 0)
; PTX-LABEL: .func sp(
; PTX: tcgen05.mma.sp.cta_group::1.kind::f16.collector::a::discard
define void @sp(i32 %d, i64 %a, i64 %b, i32 %e) #0 {
  call void @llvm.cute.nvgpu.sm100.mma_sp(ptr @v_sp, i32 %d, i64 %a, i64 %b, i32 0, i1 true, i32 %e)
  ret void
}

; Block-scaled and sparse: E2M1 as MXF8F6F4 format 5, UE8M0 (bit 23), the
; metadata and the scale factors' TMEM addresses; the scale-factor ids
; (bits 4-5, 29-30) are call bits.
; CHECK-LABEL: define void @bssp(
; CHECK: call void @llvm.nvvm.tcgen05.mma.sp.shared.mxf8f6f4.block_scale(ptr addrspace(6) %{{.*}}, i64 %a, i64 %b, i32 1753355940, i1 true, ptr addrspace(6) %{{.*}}, ptr addrspace(6) %{{.*}}, ptr addrspace(6) %{{.*}}, i32 1, i32 0)
; PTX-LABEL: .func bssp(
; PTX: tcgen05.mma.sp.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard
define void @bssp(i32 %d, i64 %a, i64 %b, i32 %e, i32 %sfa, i32 %sfb) #0 {
  call void @llvm.cute.nvgpu.sm100.mma_bs_sp(ptr @v_bssp, i32 %d, i64 %a, i64 %b, i32 1610612768, i1 true, i32 %e, i32 %sfa, i32 %sfb)
  ret void
}

; CHECK-LABEL: define void @commit(
; CHECK: call void @llvm.nvvm.tcgen05.commit.shared.cg1(ptr addrspace(3) %{{.*}})
; CHECK: call void @llvm.nvvm.tcgen05.wait.ld()
; CHECK: call void @llvm.nvvm.tcgen05.fence.after.thread.sync()
; PTX-LABEL: .func commit(
; PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r{{d?[0-9]+}}];
; PTX: tcgen05.wait::ld.sync.aligned;
; PTX: tcgen05.fence::after_thread_sync;
define void @commit(ptr addrspace(3) %bar.shared) #0 {
  %bar = addrspacecast ptr addrspace(3) %bar.shared to ptr
  call void @llvm.cute.nvgpu.umma_commit(ptr @v_arrive, ptr %bar, i16 0)
  call void @llvm.cute.nvgpu.tmem_wait(ptr @v_wait_ld)
  call void @llvm.cute.nvgpu.tcgen05_fence(ptr @v_fence_after)
  ret void
}

; CHECK-LABEL: define void @commit_mc2(
; CHECK: call void @llvm.nvvm.tcgen05.commit.mc.shared.cg2(ptr addrspace(3) %{{.*}}, i16 %mask)
; PTX-LABEL: .func commit_mc2(
; PTX: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%r{{d?[0-9]+}}], %rs{{[0-9]+}};
define void @commit_mc2(ptr addrspace(3) %bar.shared, i16 %mask) #0 {
  %bar = addrspacecast ptr addrspace(3) %bar.shared to ptr
  call void @llvm.cute.nvgpu.umma_commit(ptr @v_arrive_mc2, ptr %bar, i16 %mask)
  ret void
}

attributes #0 = { "target-cpu"="sm_100a" "target-features"="+ptx88" }
