; Tensor memory: tcgen05.ld / st (every shape's intrinsic; the packing and
; 16x32bx2's half-warp offset are the record's immediates) each followed by
; its wait; tcgen05.cp issued by the CTA whose cluster rank & (cta_group - 1)
; is zero (one compare against zero, no branch for one CTA); alloc,
; dealloc, relinquish; and retrieve_tmem_ptr's per-function cache: however
; many retrievals of one handle, in however many blocks, one tcgen05.alloc.
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_100a -mattr=+ptx88 %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.ptx -o /dev/null %}
; RUN: llc %loadcute -mcpu=sm_103f -mattr=+ptx88 %s -o %t.103f.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_103f %t.103f.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@v_ld = private constant [30 x i8] c"SM100_TMEM_LOAD_16dp32b4x_16b\00"
@v_ld1 = private constant [26 x i8] c"SM100_TMEM_LOAD_32dp32b1x\00"
@v_st = private constant [28 x i8] c"SM100_TMEM_STORE_16dp256b2x\00"
@v_cp1 = private constant [29 x i8] c"SM100_UTCCP_128dp256bit_1cta\00"
@v_cp2 = private constant [29 x i8] c"SM100_UTCCP_128dp256bit_2cta\00"
@v_alloc = private constant [21 x i8] c"SM100_TMEM_ALLOC_1SM\00"
@v_dealloc = private constant [23 x i8] c"SM100_TMEM_DEALLOC_1SM\00"
@v_relinq = private constant [39 x i8] c"SM100_TMEM_RELINQUISH_ALLOC_PERMIT_2SM\00"
@v_get = private constant [28 x i8] c"SM100_TMEM_RETRIEVE_PTR_1SM\00"

declare void @llvm.cute.nvgpu.tmem_load(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.tmem_store(ptr, i32, ptr)
declare void @llvm.cute.nvgpu.s2t_copy(ptr, i32, i64)
declare void @llvm.cute.nvgpu.tmem_alloc(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.tmem_dealloc(ptr, i32, i32)
declare void @llvm.cute.nvgpu.tmem_relinquish_alloc_permit(ptr)
declare i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr, ptr, i32)

; 16x32bx2 .x4 packed: 4 registers, the half-warp offset 8 (4 columns,
; twice for .pack::16b), then the wait; the registers stored in order, each
; through an empty asm after the wait (no use of it moves above the wait).
; CHECK-LABEL: define void @load(
; CHECK: %[[V:.*]] = call <4 x i32> @llvm.nvvm.tcgen05.ld.16x32bx2.x4(ptr addrspace(6) %{{.*}}, i64 8, i1 true)
; CHECK-NEXT: call void @llvm.nvvm.tcgen05.wait.ld()
; CHECK-NEXT: %[[E0:.*]] = extractelement <4 x i32> %[[V]], i64 0
; CHECK-NEXT: %[[F0:.*]] = call i32 asm sideeffect "", "=r,0"(i32 %[[E0]])
; CHECK-NEXT: store i32 %[[F0]], ptr %r
; CHECK: %[[X:.*]] = call i32 @llvm.nvvm.tcgen05.ld.32x32b.x1(ptr addrspace(6) %{{.*}}, i1 false)
; CHECK-NEXT: call void @llvm.nvvm.tcgen05.wait.ld()
; CHECK-NEXT: %[[FX:.*]] = call i32 asm sideeffect "", "=r,0"(i32 %[[X]])
; CHECK-NEXT: store i32 %[[FX]], ptr %r
; PTX-LABEL: .func load(
; PTX: tcgen05.ld.sync.aligned.16x32bx2.x4.pack::16b.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%r{{[0-9]+}}], 8;
; PTX-NEXT: tcgen05.wait::ld.sync.aligned;
define void @load(ptr %r, i32 %taddr) #0 {
  call void @llvm.cute.nvgpu.tmem_load(ptr @v_ld, ptr %r, i32 %taddr)
  call void @llvm.cute.nvgpu.tmem_load(ptr @v_ld1, ptr %r, i32 %taddr)
  ret void
}

; 16x256b .x2: 8 registers.
; CHECK-LABEL: define void @store(
; CHECK: call void @llvm.nvvm.tcgen05.st.16x256b.x2(ptr addrspace(6) %{{.*}}, <8 x i32> %{{.*}}, i1 false)
; CHECK-NEXT: call void @llvm.nvvm.tcgen05.wait.st()
; PTX-LABEL: .func store(
; PTX: tcgen05.st.sync.aligned.16x256b.x2.b32 [%r{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
; PTX-NEXT: tcgen05.wait::st.sync.aligned;
define void @store(i32 %taddr, ptr %r) #0 {
  call void @llvm.cute.nvgpu.tmem_store(ptr @v_st, i32 %taddr, ptr %r)
  ret void
}

; One CTA: no branch.
; CHECK-LABEL: define void @s2t1(
; CHECK-NOT: br
; CHECK: call void @llvm.nvvm.tcgen05.cp.128x256b.cg1(ptr addrspace(6) %{{.*}}, i64 %desc)
; CHECK-NOT: br
; CHECK: ret void
define void @s2t1(i32 %taddr, i64 %desc) #0 {
  call void @llvm.cute.nvgpu.s2t_copy(ptr @v_cp1, i32 %taddr, i64 %desc)
  ret void
}

; A CTA pair: (rank % 2) & 1 folded to rank & 1, one compare against zero.
; CHECK-LABEL: define void @s2t2(
; CHECK: %[[R:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
; CHECK-NEXT: %[[A:.*]] = and i32 %[[R]], 1
; CHECK-NEXT: %[[C:.*]] = icmp eq i32 %[[A]], 0
; CHECK-NEXT: br i1 %[[C]], label %s2t.copy, label %s2t.join
; CHECK: s2t.copy:
; CHECK-NEXT: call void @llvm.nvvm.tcgen05.cp.128x256b.cg2(ptr addrspace(6) %{{.*}}, i64 %desc)
; PTX-LABEL: .func s2t2(
; PTX: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
; PTX: setp.
; PTX: tcgen05.cp.cta_group::2.128x256b [%r{{[0-9]+}}], %rd{{[0-9]+}};
define void @s2t2(i32 %taddr, i64 %desc) #1 {
  call void @llvm.cute.nvgpu.s2t_copy(ptr @v_cp2, i32 %taddr, i64 %desc)
  ret void
}

; CHECK-LABEL: define void @alloc(
; CHECK: call void @llvm.nvvm.tcgen05.alloc.shared.cg1(ptr addrspace(3) %{{.*}}, i32 128)
; CHECK: call void @llvm.nvvm.tcgen05.dealloc.cg1(ptr addrspace(6) %{{.*}}, i32 128)
; PTX-LABEL: .func alloc(
; PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
; PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32
define void @alloc(ptr addrspace(3) %slot.shared, i32 %taddr) #0 {
  %slot = addrspacecast ptr addrspace(3) %slot.shared to ptr
  call void @llvm.cute.nvgpu.tmem_alloc(ptr @v_alloc, ptr %slot, i32 128)
  call void @llvm.cute.nvgpu.tmem_dealloc(ptr @v_dealloc, i32 %taddr, i32 128)
  ret void
}

; CHECK-LABEL: define void @relinquish2(
; CHECK: call void @llvm.nvvm.tcgen05.relinq.alloc.permit.cg2()
define void @relinquish2() #1 {
  call void @llvm.cute.nvgpu.tmem_relinquish_alloc_permit(ptr @v_relinq)
  ret void
}

; Three retrievals of one handle, two of them in blocks of their own: one
; alloc, one relinquish, one load, at the entry (the blocks' common
; dominator), before the first retrieval; every use reads that load.
; CHECK-LABEL: define void @retrieve(
; CHECK: entry:
; CHECK: call void @llvm.nvvm.tcgen05.alloc.shared.cg1(ptr addrspace(3) %[[S:.*]], i32 256)
; CHECK-NEXT: call void @llvm.nvvm.tcgen05.relinq.alloc.permit.cg1()
; CHECK-NEXT: %[[T:.*]] = load i32, ptr addrspace(3) %[[S]]
; CHECK-NEXT: store i32 %[[T]], ptr %out
; CHECK: then:
; CHECK-NEXT: store i32 %[[T]], ptr %out
; CHECK: else:
; CHECK-NEXT: store i32 %[[T]], ptr %out
; CHECK-NOT: tcgen05.alloc
; PTX-LABEL: .func retrieve(
; PTX-COUNT-1: tcgen05.alloc.cta_group::1
; PTX-NOT: tcgen05.alloc
; PTX: ret;
define void @retrieve(ptr addrspace(3) %slot.shared, i1 %c, ptr %out) #0 {
entry:
  %slot = addrspacecast ptr addrspace(3) %slot.shared to ptr
  %t0 = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %slot, i32 256)
  store i32 %t0, ptr %out
  br i1 %c, label %then, label %else
then:
  %t1 = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %slot, i32 256)
  store i32 %t1, ptr %out
  br label %done
else:
  %t2 = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %slot, i32 256)
  store i32 %t2, ptr %out
  br label %done
done:
  ret void
}

; The first retrieval in program order is not in the common dominator: the
; sequence goes before the entry's terminator.
; CHECK-LABEL: define void @retrieve_branches(
; CHECK: entry:
; CHECK: call void @llvm.nvvm.tcgen05.alloc.shared.cg1(
; CHECK-NEXT: call void @llvm.nvvm.tcgen05.relinq.alloc.permit.cg1()
; CHECK-NEXT: %[[T:.*]] = load i32
; CHECK-NEXT: br i1 %c
; CHECK: then:
; CHECK-NEXT: store i32 %[[T]], ptr %out
; CHECK: else:
; CHECK-NEXT: store i32 %[[T]], ptr %out
define void @retrieve_branches(ptr addrspace(3) %slot.shared, i1 %c, ptr %out) #0 {
entry:
  %slot = addrspacecast ptr addrspace(3) %slot.shared to ptr
  br i1 %c, label %then, label %else
then:
  %t1 = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %slot, i32 32)
  store i32 %t1, ptr %out
  ret void
else:
  %t2 = call i32 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @v_get, ptr %slot, i32 32)
  store i32 %t2, ptr %out
  ret void
}

attributes #0 = { "target-cpu"="sm_100a" "target-features"="+ptx88" }
attributes #1 = { "target-cpu"="sm_100a" "target-features"="+ptx88" }
