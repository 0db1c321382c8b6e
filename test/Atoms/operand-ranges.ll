; The bounds of operand-ranges-errors.ll are inclusive: the extreme values
; the PTX ISA allows lower, and a pointer that selects between two objects
; large enough passes the size check.
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@init = private constant [19 x i8] c"SM80_MBARRIER_INIT\00"
@arrivetx = private constant [31 x i8] c"SM90_MBARRIER_ARRIVE_EXPECT_TX\00"
@arrivec = private constant [29 x i8] c"SM90_MBARRIER_ARRIVE_CLUSTER\00"
@wait = private constant [19 x i8] c"SM80_CP_ASYNC_WAIT\00"
@zfill = private constant [43 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>\00"
@bulk = private constant [19 x i8] c"SM90_BULK_COPY_G2S\00"
@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"
@bar = internal addrspace(3) global i64 0, align 8
@sm = internal addrspace(3) global [4096 x i8] undef, align 128

declare void @llvm.cute.nvgpu.mbarrier_init(ptr, ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr, ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.async_group(ptr, i32)
declare void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr, ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.cute.nvgpu.bulk_copy_g2s(ptr, ptr addrspace(3), ptr addrspace(1), ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.ldsm(ptr, ptr, ptr addrspace(3))

; CHECK-LABEL: define void @bounds(
; CHECK: call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 1)
; CHECK: call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 1048575)
; CHECK: @llvm.nvvm.mbarrier.arrive.expect.tx{{.*}}(ptr addrspace(3) @bar, i32 1048575)
; CHECK: @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) @bar, i32 15)
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK: "cp.async.cg.shared.global.L2::128B [$0], [$1], 16, $2;"{{.*}}, i32 16)
; CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
define void @bounds(ptr addrspace(1) %g) #0 {
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr addrspace(3) @bar, i32 1)
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr addrspace(3) @bar, i32 1048575)
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrivetx, ptr addrspace(3) @bar, i32 1048575)
  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @arrivec, ptr addrspace(3) @bar, i32 15)
  call void @llvm.cute.nvgpu.async_group(ptr @wait, i32 0)
  call void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr @zfill, ptr addrspace(3) @sm, ptr addrspace(1) %g, i32 16)
  call void @llvm.cute.nvgpu.bulk_copy_g2s(ptr @bulk, ptr addrspace(3) @sm, ptr addrspace(1) %g, ptr addrspace(3) @bar, i32 4096)
  ret void
}

; Both fragments hold the four registers ldmatrix .x4 writes.
; CHECK-LABEL: define void @select_fragments(
; CHECK: call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16
define void @select_fragments(i1 %c) #0 {
  %a = alloca [4 x i32], align 4
  %b = alloca [8 x i32], align 4
  %p = select i1 %c, ptr %a, ptr %b
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %p, ptr addrspace(3) @sm)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
