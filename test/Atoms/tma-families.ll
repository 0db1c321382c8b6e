; CuTe's rank-generic TMA names (SM90_TMA_LOAD, SM90_TMA_STORE, ...): a call
; naming the family issues the member its coordinates fit, exactly as the
; call naming that member does (SM90_TMA_LOAD with three coordinates is
; SM90_TMA_LOAD_3D; with im2col, the offsets count too).
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_100a -mattr=+ptx86 %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.ptx -o /dev/null %}
;
; The families and their members, as the registry lists them.
; RUN: cute-atoms --json | %python %S/Inputs/families.py | FileCheck --check-prefix=FAM %s
; cute-atoms shows one family, and gates it on a tier.
; RUN: cute-atoms --atom SM90_TMA_LOAD_IM2COL | FileCheck --check-prefix=ONE %s
; ONE:      "name": "SM90_TMA_LOAD_IM2COL",
; ONE-NEXT: "atom": "atom.tma_load_im2col",
; ONE:      "variant": "SM90_TMA_LOAD_IM2COL_5D",
; ONE-NEXT: "trailing_operands": 8
; RUN: cute-atoms --atom SM100_TMA_2SM_LOAD --tier sm_100a | FileCheck --check-prefix=GATE %s
; GATE: ok: family 'SM100_TMA_2SM_LOAD' has 5 of its 5 members on sm_100a
; RUN: not cute-atoms --atom SM100_TMA_2SM_LOAD --tier sm_90a 2>&1 | FileCheck --check-prefix=NOGATE %s
; NOGATE: error: {{.*}}tcgen05
;
; FAM: SM90_TMA_LOAD atom.tma_load SM90_TMA_LOAD_1D:1 SM90_TMA_LOAD_2D:2 SM90_TMA_LOAD_3D:3 SM90_TMA_LOAD_4D:4 SM90_TMA_LOAD_5D:5
; FAM: SM100_TMA_2SM_LOAD atom.tma_load SM100_TMA_2SM_LOAD_1D:1 SM100_TMA_2SM_LOAD_2D:2 SM100_TMA_2SM_LOAD_3D:3 SM100_TMA_2SM_LOAD_4D:4 SM100_TMA_2SM_LOAD_5D:5
; FAM: SM90_TMA_LOAD_IM2COL atom.tma_load_im2col SM90_TMA_LOAD_IM2COL_3D:4 SM90_TMA_LOAD_IM2COL_4D:6 SM90_TMA_LOAD_IM2COL_5D:8
; FAM: SM90_TMA_STORE atom.tma_store SM90_TMA_STORE_1D:1 SM90_TMA_STORE_2D:2 SM90_TMA_STORE_3D:3 SM90_TMA_STORE_4D:4 SM90_TMA_STORE_5D:5
; FAM: SM90_TMA_REDUCE_ADD atom.tma_reduce SM90_TMA_REDUCE_ADD_1D:1 SM90_TMA_REDUCE_ADD_2D:2 SM90_TMA_REDUCE_ADD_3D:3 SM90_TMA_REDUCE_ADD_4D:4 SM90_TMA_REDUCE_ADD_5D:5

target triple = "nvptx64-nvidia-cuda"

@load = private constant [14 x i8] c"SM90_TMA_LOAD\00"
@load3 = private constant [17 x i8] c"SM90_TMA_LOAD_3D\00"
@store = private constant [15 x i8] c"SM90_TMA_STORE\00"
@im2col = private constant [21 x i8] c"SM90_TMA_LOAD_IM2COL\00"
@red = private constant [20 x i8] c"SM90_TMA_REDUCE_ADD\00"
@gather = private constant [26 x i8] c"SM100_TMA_LOAD_2D_GATHER4\00"
@scatter = private constant [28 x i8] c"SM100_TMA_STORE_2D_SCATTER4\00"
@load2sm = private constant [19 x i8] c"SM100_TMA_2SM_LOAD\00"

declare void @llvm.cute.nvgpu.tma_load(ptr, ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_load_im2col(ptr, ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_store(ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_reduce(ptr, ptr, ptr, ...)

; CHECK-LABEL: define void @load_by_family(
; CHECK:      call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d({{.*}}, ptr %t, i32 %x, i32 %y, i32 %z, i16 0, i64 0, i1 false, i1 false, i32 0)
; CHECK:      call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d({{.*}}, ptr %t, i32 %x, i16 0, i64 0, i1 false, i1 false, i32 0)
; CHECK:      call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d({{.*}}, ptr %t, i32 %x, i32 %y, i32 %z, i16 0, i64 0, i1 false, i1 false, i32 0)
; PTX-LABEL: .visible .func load_by_family(
; PTX:       cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
; PTX:       cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
define void @load_by_family(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i32 %x, i32 %y, i32 %z) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load, ptr %s, ptr %t, ptr %b, i32 %x, i32 %y, i32 %z)
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load, ptr %s, ptr %t, ptr %b, i32 %x)
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load3, ptr %s, ptr %t, ptr %b, i32 %x, i32 %y, i32 %z)
  ret void
}

; CHECK-LABEL: define void @store_by_family(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.s2g.tile.2d(ptr addrspace(3) %{{.*}}, ptr %t, i32 %x, i32 %y, i64 0, i1 false)
; PTX-LABEL: .visible .func store_by_family(
; PTX:       cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
define void @store_by_family(ptr %t, ptr addrspace(3) %s.shared, i32 %x, i32 %y) #0 {
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_store(ptr @store, ptr %t, ptr %s, i32 %x, i32 %y)
  ret void
}

; Im2col: four coordinates and two offsets are the 4-D member.
; CHECK-LABEL: define void @im2col_by_family(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.4d({{.*}}, i32 %x, i32 %y, i32 %z, i32 %w, i16 %o0, i16 %o1,
define void @im2col_by_family(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i32 %x, i32 %y, i32 %z, i32 %w, i16 %o0, i16 %o1) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load_im2col(ptr @im2col, ptr %s, ptr %t, ptr %b, i32 %x, i32 %y, i32 %z, i32 %w, i16 %o0, i16 %o1)
  ret void
}

; CHECK-LABEL: define void @reduce_by_family(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.reduce.add.tile.5d(
define void @reduce_by_family(ptr %t, ptr addrspace(3) %s.shared, i32 %x) #0 {
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_reduce(ptr @red, ptr %t, ptr %s, i32 %x, i32 %x, i32 %x, i32 %x, i32 %x)
  ret void
}

; CHECK-LABEL: define void @load2sm_by_family(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(
; PTX-LABEL: .visible .func load2sm_by_family(
; PTX:       cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2
define void @load2sm_by_family(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i32 %x, i32 %y) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load2sm, ptr %s, ptr %t, ptr %b, i32 %x, i32 %y)
  ret void
}

; Gather and scatter four rows of a 2-D tensor: a column and four row
; coordinates (no family: CuTe names them on their own).
; CHECK-LABEL: define void @gather4(
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.gather4.2d({{.*}}, ptr %t, i32 %c, i32 %r0, i32 %r1, i32 %r2, i32 %r3, i16 0, i64 0, i1 false, i1 false, i32 0)
; CHECK: call void @llvm.nvvm.cp.async.bulk.tensor.s2g.tile.scatter4.2d({{.*}}, ptr %t, i32 %c, i32 %r0, i32 %r1, i32 %r2, i32 %r3, i64 0, i1 false)
; PTX-LABEL: .visible .func gather4(
; PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}];
; PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group
define void @gather4(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i32 %c, i32 %r0, i32 %r1, i32 %r2, i32 %r3) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @gather, ptr %s, ptr %t, ptr %b, i32 %c, i32 %r0, i32 %r1, i32 %r2, i32 %r3)
  call void (ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_store(ptr @scatter, ptr %t, ptr %s, i32 %c, i32 %r0, i32 %r1, i32 %r2, i32 %r3)
  ret void
}

attributes #0 = { "target-cpu"="sm_100a" "target-features"="+ptx86" }
