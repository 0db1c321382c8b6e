; Support operations: each variant is its NVVM intrinsic, the mbarrier cast
; to the shared window, an immediate from the call's constant; the wait is
; try_wait.parity in a loop; a call that returns a value gets the
; intrinsic's (elect.sync: the predicate as i1, the lane as i32).
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@init = private constant [19 x i8] c"SM80_MBARRIER_INIT\00"
@arrive = private constant [21 x i8] c"SM80_MBARRIER_ARRIVE\00"
@arrivetx = private constant [31 x i8] c"SM90_MBARRIER_ARRIVE_EXPECT_TX\00"
@expecttx = private constant [24 x i8] c"SM90_MBARRIER_EXPECT_TX\00"
@vwait = private constant [30 x i8] c"SM90_MBARRIER_TRY_WAIT_PARITY\00"
@inval = private constant [20 x i8] c"SM80_MBARRIER_INVAL\00"
@arrivec = private constant [29 x i8] c"SM90_MBARRIER_ARRIVE_CLUSTER\00"
@fproxy = private constant [34 x i8] c"SM90_FENCE_PROXY_ASYNC_SHARED_CTA\00"
@finit = private constant [25 x i8] c"SM90_FENCE_MBARRIER_INIT\00"
@velect = private constant [20 x i8] c"SM90_ELECT_ONE_SYNC\00"
@rank = private constant [21 x i8] c"SM90_CLUSTER_CTARANK\00"
@ctaidy = private constant [21 x i8] c"SM90_CLUSTER_CTAID_Y\00"
@carrive = private constant [28 x i8] c"SM90_CLUSTER_ARRIVE_RELAXED\00"
@cwait = private constant [18 x i8] c"SM90_CLUSTER_WAIT\00"
@inc = private constant [20 x i8] c"SM90_SETMAXNREG_INC\00"
@dec = private constant [20 x i8] c"SM90_SETMAXNREG_DEC\00"
@cpcommit = private constant [21 x i8] c"SM80_CP_ASYNC_COMMIT\00"
@cpwait = private constant [19 x i8] c"SM80_CP_ASYNC_WAIT\00"
@bcommit = private constant [17 x i8] c"SM90_BULK_COMMIT\00"
@bwaitr = private constant [20 x i8] c"SM90_BULK_WAIT_READ\00"

@bar = internal addrspace(3) global i64 undef, align 8

declare void @llvm.cute.nvgpu.mbarrier_init(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.mbarrier_wait(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.mbarrier_inval(ptr, ptr addrspace(3))
declare void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.fence(ptr)
declare i1 @llvm.cute.nvgpu.elect_sync(ptr, i32)
declare i32 @llvm.cute.nvgpu.cluster_query(ptr)
declare void @llvm.cute.nvgpu.cluster_barrier(ptr)
declare void @llvm.cute.nvgpu.setmaxnreg(ptr, i32)
declare void @llvm.cute.nvgpu.async_group(ptr, i32)

; CHECK-LABEL: define void @mbarriers(
; CHECK:      %[[B:.*]] = addrspacecast ptr %b to ptr addrspace(3)
; CHECK-NEXT: call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) %[[B]], i32 %n)
; CHECK:      call i64 @llvm.nvvm.mbarrier.arrive.shared(ptr addrspace(3)
; CHECK:      call i64 @llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta(ptr addrspace(3) {{.*}}, i32 %bytes)
; CHECK:      call void @llvm.nvvm.mbarrier.expect.tx.scope.cta.space.cta(ptr addrspace(3) {{.*}}, i32 1024)
; CHECK:      call void @llvm.nvvm.mbarrier.inval.shared(ptr addrspace(3) @bar)
; PTX-LABEL: .visible .func mbarriers(
; PTX: mbarrier.init.shared.b64
; PTX: mbarrier.arrive.shared.b64
; PTX: mbarrier.arrive.expect_tx.shared.b64
; PTX: mbarrier.expect_tx.relaxed.cta.shared.b64
; PTX: mbarrier.inval.shared.b64
define void @mbarriers(ptr addrspace(3) %b.shared, i32 %n, i32 %bytes) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr %b, i32 %n)
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrive, ptr %b, i32 0)
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrivetx, ptr %b, i32 %bytes)
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @expecttx, ptr %b, i32 1024)
  call void @llvm.cute.nvgpu.mbarrier_inval(ptr @inval, ptr addrspace(3) @bar)
  ret void
}

; A cluster arrive: the CTA's own mbarrier mapped to CTA %cta's window
; (mapa), then one arrival (release at CTA scope, mbarrier.arrive's default).
; CHECK-LABEL: define void @cluster_arrive(
; CHECK:      %[[B:.*]] = addrspacecast ptr %b to ptr addrspace(3)
; CHECK-NEXT: %[[R:.*]] = call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %[[B]], i32 %cta)
; CHECK-NEXT: call void @llvm.nvvm.mbarrier.arrive.scope.cta.space.cluster(ptr addrspace(7) %[[R]], i32 1)
; CHECK:      %[[R2:.*]] = call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %{{.*}}, i32 1)
; CHECK-NEXT: call void @llvm.nvvm.mbarrier.arrive.scope.cta.space.cluster(ptr addrspace(7) %[[R2]], i32 1)
; PTX-LABEL: .visible .func cluster_arrive(
; PTX: mapa.shared::cluster.u64 [[R:%rd[0-9]+]], {{%rd[0-9]+}}, {{%r[0-9]+}};
; PTX: mbarrier.arrive.shared::cluster.b64 _, [[[R]]], {{%r[0-9]+}};
; PTX: mbarrier.arrive.shared::cluster.b64 _,
define void @cluster_arrive(ptr addrspace(3) %b.shared, i32 %cta) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @arrivec, ptr %b, i32 %cta)
  %g = addrspacecast ptr addrspace(3) @bar to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @arrivec, ptr %g, i32 1)
  ret void
}

; The wait loops on try_wait until the phase completes, then goes on.
; CHECK-LABEL: define void @wait(
; CHECK:      %[[B:.*]] = addrspacecast ptr %b to ptr addrspace(3)
; CHECK-NEXT: br label %[[LOOP:mbarrier.wait]]
; CHECK:      [[LOOP]]:
; CHECK-NEXT: %[[DONE:.*]] = call i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(ptr addrspace(3) %[[B]], i32 %phase)
; CHECK-NEXT: br i1 %[[DONE]], label %[[AFTER:mbarrier.wait.done]], label %[[LOOP]]
; CHECK:      [[AFTER]]:
; CHECK-NEXT: store i32 1, ptr %flag
; PTX-LABEL: .visible .func wait(
; PTX:       $[[L:L__BB[0-9_]+]]:
; PTX:       mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
; PTX:       bra{{.*}} $[[L]];
define void @wait(ptr addrspace(3) %b.shared, i32 %phase, ptr %flag) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  call void @llvm.cute.nvgpu.mbarrier_wait(ptr @vwait, ptr %b, i32 %phase)
  store i32 1, ptr %flag
  ret void
}

; CHECK-LABEL: define void @fences(
; CHECK: call void @llvm.nvvm.fence.mbarrier_init.release.cluster()
; CHECK: call void @llvm.nvvm.fence.proxy.async.shared_cta()
; PTX-LABEL: .visible .func fences(
; PTX: fence.mbarrier_init.release.cluster;
; PTX: fence.proxy.async.shared::cta;
define void @fences() #0 {
  call void @llvm.cute.nvgpu.fence(ptr @finit)
  call void @llvm.cute.nvgpu.fence(ptr @fproxy)
  ret void
}

; CHECK-LABEL: define i1 @elect(
; CHECK:      %[[E:.*]] = call { i32, i1 } @llvm.nvvm.elect.sync(i32 -1)
; CHECK-NEXT: %[[P:.*]] = extractvalue { i32, i1 } %[[E]], 1
; CHECK-NEXT: ret i1 %[[P]]
; PTX-LABEL: .visible .func  (.param .b32 func_retval0) elect(
; PTX: elect.sync %r{{[0-9]+}}|%p{{[0-9]+}}, -1;
define i1 @elect() #0 {
  %e = call i1 @llvm.cute.nvgpu.elect_sync(ptr @velect, i32 -1)
  ret i1 %e
}

; CHECK-LABEL: define i32 @cluster(
; CHECK:      %[[R:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
; CHECK:      %[[Y:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.y()
; CHECK:      call void @llvm.nvvm.barrier.cluster.arrive.relaxed.aligned()
; CHECK-NEXT: call void @llvm.nvvm.barrier.cluster.wait.aligned()
; PTX-LABEL: .visible .func  (.param .b32 func_retval0) cluster(
; PTX-DAG: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
; PTX-DAG: mov.u32 %r{{[0-9]+}}, %cluster_ctaid.y;
; PTX: barrier.cluster.arrive.relaxed.aligned;
; PTX: barrier.cluster.wait.aligned;
define i32 @cluster() #0 {
  %r = call i32 @llvm.cute.nvgpu.cluster_query(ptr @rank)
  %y = call i32 @llvm.cute.nvgpu.cluster_query(ptr @ctaidy)
  call void @llvm.cute.nvgpu.cluster_barrier(ptr @carrive)
  call void @llvm.cute.nvgpu.cluster_barrier(ptr @cwait)
  %s = add i32 %r, %y
  ret i32 %s
}

; CHECK-LABEL: define void @regs_and_groups(
; CHECK: call void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 232)
; CHECK: call void @llvm.nvvm.setmaxnreg.dec.sync.aligned.u32(i32 40)
; CHECK: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK: call void @llvm.nvvm.cp.async.bulk.commit.group()
; CHECK: call void @llvm.nvvm.cp.async.bulk.wait.group.read(i32 0)
; PTX-LABEL: .visible .func regs_and_groups(
; PTX: setmaxnreg.inc.sync.aligned.u32 232;
; PTX: setmaxnreg.dec.sync.aligned.u32 40;
; PTX: cp.async.commit_group;
; PTX: cp.async.wait_group 1;
; PTX: cp.async.bulk.commit_group;
; PTX: cp.async.bulk.wait_group.read 0;
define void @regs_and_groups() #0 {
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 232)
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @dec, i32 40)
  call void @llvm.cute.nvgpu.async_group(ptr @cpcommit, i32 0)
  call void @llvm.cute.nvgpu.async_group(ptr @cpwait, i32 1)
  call void @llvm.cute.nvgpu.async_group(ptr @bcommit, i32 0)
  call void @llvm.cute.nvgpu.async_group(ptr @bwaitr, i32 0)
  ret void
}

; Named barriers: a barrier id and a thread count, constant or not.
; CHECK-LABEL: define void @named_barriers(
; CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 1, i32 256)
; CHECK: call void @llvm.nvvm.barrier.cta.arrive.aligned.count(i32 %id, i32 %n)
; PTX-LABEL: .func named_barriers(
; PTX: bar.sync 1, 256;
; PTX: bar.arrive %r{{[0-9]+}}, %r{{[0-9]+}};
@nbsync = private constant [24 x i8] c"SM80_NAMED_BARRIER_SYNC\00"
@nbarrive = private constant [26 x i8] c"SM80_NAMED_BARRIER_ARRIVE\00"
declare void @llvm.cute.nvgpu.named_barrier(ptr, i32, i32)
define void @named_barriers(i32 %id, i32 %n) #0 {
  call void @llvm.cute.nvgpu.named_barrier(ptr @nbsync, i32 1, i32 256)
  call void @llvm.cute.nvgpu.named_barrier(ptr @nbarrive, i32 %id, i32 %n)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }

; A barrier in dynamic shared memory aligned by integers (CUDA's
; `(uintptr_t(smem) + 1023) & ~uintptr_t(1023)`): the integers derive from
; a __shared__ variable, so the pointer is shared; cast, not rejected.
; CHECK-LABEL: define void @aligned_bar(
; CHECK:      %[[B:.*]] = addrspacecast ptr %bar to ptr addrspace(3)
; CHECK-NEXT: call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) %[[B]], i32 1)
@dyn = external addrspace(3) global [0 x i8], align 16
define void @aligned_bar() #0 {
  %g = addrspacecast ptr addrspace(3) @dyn to ptr
  %i = ptrtoint ptr %g to i64
  %a = add i64 %i, 1023
  %m = and i64 %a, -1024
  %bar = inttoptr i64 %m to ptr
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr %bar, i32 1)
  ret void
}
