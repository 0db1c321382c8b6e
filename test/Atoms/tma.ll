; TMA atoms through LLVM 22's cp.async.bulk.tensor intrinsics: the
; coordinates follow the atom's operands (as many as the variant's rank,
; im2col offsets after them), the box and the mbarrier are cast to the
; shared windows (the box of a load to the cluster's, where a multicast
; writes), the tensor map is a generic pointer (a __grid_constant__
; parameter's address is cast from param space). No cache hint, no CTA
; group; a multicast sets the mask flag.
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@vload2 = private constant [17 x i8] c"SM90_TMA_LOAD_2D\00"
@vload5 = private constant [17 x i8] c"SM90_TMA_LOAD_5D\00"
@pf3 = private constant [26 x i8] c"SM90_TMA_LOAD_PREFETCH_3D\00"
@mc2 = private constant [27 x i8] c"SM90_TMA_LOAD_MULTICAST_2D\00"
@im4 = private constant [24 x i8] c"SM90_TMA_LOAD_IM2COL_4D\00"
@imc3 = private constant [34 x i8] c"SM90_TMA_LOAD_IM2COL_MULTICAST_3D\00"
@sti5 = private constant [25 x i8] c"SM90_TMA_STORE_IM2COL_5D\00"
@st1 = private constant [18 x i8] c"SM90_TMA_STORE_1D\00"
@red3 = private constant [23 x i8] c"SM90_TMA_REDUCE_ADD_3D\00"

@smem = internal addrspace(3) global [4096 x i8] undef, align 128
@bar = internal addrspace(3) global i64 undef, align 8

; One declaration per atom, variadic so that one module mixes ranks (as
; <cute_nvgpu_atoms.h> declares them).
declare void @llvm.cute.nvgpu.tma_load(ptr, ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_load_multicast(ptr, ptr, ptr, ptr, i16, ...)
declare void @llvm.cute.nvgpu.tma_load_im2col(ptr, ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_store(ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_reduce(ptr, ptr, ptr addrspace(3), ...)

; CHECK-LABEL: define void @load2(
; CHECK:      %[[D:.*]] = addrspacecast ptr %s to ptr addrspace(3)
; CHECK-NEXT: %[[DC:.*]] = addrspacecast ptr addrspace(3) %[[D]] to ptr addrspace(7)
; CHECK-NEXT: %[[M:.*]] = addrspacecast ptr %b to ptr addrspace(3)
; CHECK-NEXT: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) %[[DC]], ptr addrspace(3) %[[M]], ptr %t, i32 %x, i32 %y, i16 0, i64 0, i1 false, i1 false, i32 0)
; CHECK-NOT:  llvm.cute
; PTX-LABEL: .visible .func load2(
; PTX:       cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}];
define void @load2(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i32 %x, i32 %y) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @vload2, ptr %s, ptr %t, ptr %b, i32 %x, i32 %y)
  ret void
}

; A __grid_constant__ tensor map and addrspace(3) globals: the kernel
; parameter's address is generic already; the shared globals are cast.
; CHECK-LABEL: define ptx_kernel void @load5_kernel(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.5d(ptr addrspace(7) addrspacecast (ptr addrspace(3) @smem to ptr addrspace(7)), ptr addrspace(3) @bar, ptr %tmap, i32 %c, i32 1, i32 2, i32 3, i32 4, i16 0, i64 0, i1 false, i1 false, i32 0)
; PTX-LABEL: .entry load5_kernel(
; PTX: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
define ptx_kernel void @load5_kernel(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %tmap, i32 %c) #0 {
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @vload5, ptr addrspacecast (ptr addrspace(3) @smem to ptr), ptr %tmap, ptr addrspacecast (ptr addrspace(3) @bar to ptr), i32 %c, i32 1, i32 2, i32 3, i32 4)
  ret void
}

; The prefetch: null box and mbarrier.
; CHECK-LABEL: define void @prefetch3(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.prefetch.tile.3d(ptr %t, i32 %x, i32 %y, i32 %z, i64 0, i1 false)
; PTX-LABEL: .visible .func prefetch3(
; PTX: cp.async.bulk.prefetch.tensor.3d.L2.global.tile [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}];
define void @prefetch3(ptr %t, i32 %x, i32 %y, i32 %z) #0 {
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @pf3, ptr null, ptr %t, ptr null, i32 %x, i32 %y, i32 %z)
  ret void
}

; The multicast: the 16-bit CTA mask and its flag.
; CHECK-LABEL: define void @multicast2(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) %{{.*}}, ptr addrspace(3) %{{.*}}, ptr %t, i32 %x, i32 %y, i16 %mask, i64 0, i1 true, i1 false, i32 0)
; PTX-LABEL: .visible .func multicast2(
; PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}], %rs{{[0-9]+}};
define void @multicast2(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i16 %mask, i32 %x, i32 %y) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, i16, ...) @llvm.cute.nvgpu.tma_load_multicast(ptr @mc2, ptr %s, ptr %t, ptr %b, i16 %mask, i32 %x, i32 %y)
  ret void
}

; im2col: 4 coordinates, then 2 offsets (i32 through C's promotions: cut
; to i16).
; CHECK-LABEL: define void @im2col4(
; CHECK:      %[[O0:.*]] = trunc i32 %o0 to i16
; CHECK-NEXT: %[[O1:.*]] = trunc i32 %o1 to i16
; CHECK-NEXT: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.4d(ptr addrspace(7) %{{.*}}, ptr addrspace(3) %{{.*}}, ptr %t, i32 %n, i32 %h, i32 %w, i32 %c, i16 %[[O0]], i16 %[[O1]], i16 0, i64 0, i1 false, i1 false, i32 0)
; PTX-LABEL: .visible .func im2col4(
; PTX: cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}], {%rs{{[0-9]+}}, %rs{{[0-9]+}}};
define void @im2col4(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i32 %n, i32 %h, i32 %w, i32 %c, i32 %o0, i32 %o1) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load_im2col(ptr @im4, ptr %s, ptr %t, ptr %b, i32 %n, i32 %h, i32 %w, i32 %c, i32 %o0, i32 %o1)
  ret void
}

; The store and the reduction read the CTA's own shared memory; neither
; commits nor waits (the kernel places atom.async_group).
; CHECK-LABEL: define void @store1(
; CHECK:      %[[S:.*]] = addrspacecast ptr %s to ptr addrspace(3)
; CHECK-NEXT: call void @llvm.nvvm.cp.async.bulk.tensor.s2g.tile.1d(ptr addrspace(3) %[[S]], ptr %t, i32 %x, i64 0, i1 false)
; PTX-LABEL: .visible .func store1(
; PTX:     cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}}], [%rd{{[0-9]+}}];
; PTX-NOT: commit_group
define void @store1(ptr %t, ptr addrspace(3) %s.shared, i32 %x) #0 {
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_store(ptr @st1, ptr %t, ptr %s, i32 %x)
  ret void
}

; CHECK-LABEL: define void @reduce3(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.reduce.add.tile.3d(ptr addrspace(3) @smem, ptr %t, i32 %x, i32 %y, i32 %z, i64 0, i1 false)
; PTX-LABEL: .visible .func reduce3(
; PTX: cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.tile.bulk_group
define void @reduce3(ptr addrspace(1) %tg, i32 %x, i32 %y, i32 %z) #0 {
  %t = addrspacecast ptr addrspace(1) %tg to ptr
  call void (ptr, ptr, ptr addrspace(3), ...) @llvm.cute.nvgpu.tma_reduce(ptr @red3, ptr %t, ptr addrspace(3) @smem, i32 %x, i32 %y, i32 %z)
  ret void
}

; The im2col load multicast (the offsets after the coordinates, then the
; mask and its flag) and the im2col store (no offsets: .im2col_no_offs).
; CHECK-LABEL: define void @im2col_multicast3(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.3d(ptr addrspace(7) %{{.*}}, ptr addrspace(3) %{{.*}}, ptr %t, i32 %n, i32 %w, i32 %c, i16 %o0, i16 %mask, i64 0, i1 true, i1 false, i32 0)
; PTX-LABEL: .visible .func im2col_multicast3(
; PTX: cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster
define void @im2col_multicast3(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i16 %mask, i32 %n, i32 %w, i32 %c, i16 %o0) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, i16, ...) @llvm.cute.nvgpu.tma_load_multicast(ptr @imc3, ptr %s, ptr %t, ptr %b, i16 %mask, i32 %n, i32 %w, i32 %c, i16 %o0)
  ret void
}

; CHECK-LABEL: define void @store_im2col5(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.s2g.im2col.5d(ptr addrspace(3) %{{.*}}, ptr %t, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i64 0, i1 false)
; PTX-LABEL: .visible .func store_im2col5(
; PTX: cp.async.bulk.tensor.5d.global.shared::cta.im2col_no_offs.bulk_group
define void @store_im2col5(ptr %t, ptr addrspace(3) %s.shared, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e) #0 {
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_store(ptr @sti5, ptr %t, ptr %s, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
