; SM100_TMA_2SM_LOAD_<r>D, the TMA load of a CTA pair (CuTe's
; SM100_TMA_2SM_LOAD): the g2s intrinsic with cta_group 2, the box in the
; issuing CTA's shared memory and the mbarrier's address with the peer bit
; cleared (& 0xFEFFFFFF), so that both CTAs complete on the even CTA's
; barrier. The variant needs tcgen05: on sm_90a it is the gating error. (The
; shared-memory operands are shared-window pointers: a kernel's generic
; pointer parameter is host memory, which a TMA load cannot fill.)
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_100a -mattr=+ptx86 %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.ptx -o /dev/null %}
; RUN: not llc %loadcute -mcpu=sm_90a -o /dev/null %s 2>&1 | FileCheck --check-prefix=SM90A %s

target triple = "nvptx64-nvidia-cuda"

@v2 = private constant [22 x i8] c"SM100_TMA_2SM_LOAD_2D\00"
@v3 = private constant [22 x i8] c"SM100_TMA_2SM_LOAD_3D\00"
@mc1 = private constant [32 x i8] c"SM100_TMA_2SM_LOAD_MULTICAST_1D\00"
@imc4 = private constant [39 x i8] c"SM100_TMA_2SM_LOAD_IM2COL_MULTICAST_4D\00"

declare void @llvm.cute.nvgpu.tma_load(ptr, ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_load_multicast(ptr, ptr, ptr, ptr, i16, ...)

; CHECK-LABEL: define ptx_kernel void @pair(
; CHECK: %[[B:.*]] = ptrtoint ptr addrspace(3) %{{.*}} to i64
; CHECK-NEXT: %[[M:.*]] = and i64 %[[B]], 4278190079
; CHECK-NEXT: %[[P:.*]] = inttoptr i64 %[[M]] to ptr addrspace(3)
; CHECK-NEXT: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) %{{.*}}, ptr addrspace(3) %[[P]], ptr %tmap, i32 %x, i32 %y, i16 0, i64 0, i1 false, i1 false, i32 2)
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d({{.*}}, i32 %x, i32 %y, i32 0, i16 0, i64 0, i1 false, i1 false, i32 2)
; CHECK-NOT: llvm.cute
; PTX-LABEL: .entry pair(
; PTX: and.b64 [[BAR:%rd[0-9]+]], %rd{{[0-9]+}}, 4278190079;
; PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2 [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [[[BAR]]];
; PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2
; SM90A: error: in function 'pair': variant 'SM100_TMA_2SM_LOAD_2D': {{.*}}requires feature tcgen05, which target sm_90a lacks
define ptx_kernel void @pair(ptr addrspace(3) %smem, ptr addrspace(3) %bar,
                             ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %tmap,
                             i32 %x, i32 %y) #0 {
  %s = addrspacecast ptr addrspace(3) %smem to ptr
  %b = addrspacecast ptr addrspace(3) %bar to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @v2, ptr %s, ptr %tmap, ptr %b, i32 %x, i32 %y)
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @v3, ptr %s, ptr %tmap, ptr %b, i32 %x, i32 %y, i32 0)
  ret void
}

; The pair's multicast loads: the mask and its flag with cta_group 2, the
; mbarrier's peer bit cleared as above.
; CHECK-LABEL: define ptx_kernel void @pair_multicast(
; CHECK: and i64 %{{.*}}, 4278190079
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d({{.*}}, ptr %tmap, i32 %x, i16 %mask, i64 0, i1 true, i1 false, i32 2)
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.4d({{.*}}, ptr %tmap, i32 %x, i32 %y, i32 0, i32 0, i16 1, i16 2, i16 %mask, i64 0, i1 true, i1 false, i32 2)
; PTX-LABEL: .entry pair_multicast(
; PTX: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2
; PTX: cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2
define ptx_kernel void @pair_multicast(ptr addrspace(3) %smem,
                                       ptr addrspace(3) %bar,
                                       ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %tmap,
                                       i16 %mask, i32 %x, i32 %y) #0 {
  %s = addrspacecast ptr addrspace(3) %smem to ptr
  %b = addrspacecast ptr addrspace(3) %bar to ptr
  call void (ptr, ptr, ptr, ptr, i16, ...) @llvm.cute.nvgpu.tma_load_multicast(ptr @mc1, ptr %s, ptr %tmap, ptr %b, i16 %mask, i32 %x)
  call void (ptr, ptr, ptr, ptr, i16, ...) @llvm.cute.nvgpu.tma_load_multicast(ptr @imc4, ptr %s, ptr %tmap, ptr %b, i16 %mask, i32 %x, i32 %y, i32 0, i32 0, i16 1, i16 2)
  ret void
}

attributes #0 = { "target-cpu"="sm_100a" }
