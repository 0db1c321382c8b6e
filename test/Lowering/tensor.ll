; Tensors: make_view, slice, zipped_divide of a tensor, the tiled-copy
; partition of the CuTe DSL elementwise_add example, memref_load/store, and the
; sugar local_tile / local_partition.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: opt %loadcute -passes=cute-lower -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@mn = private constant [12 x i8] c"(?,?):(?,1)\00"
@tiler = private constant [9 x i8] c"(16,128)\00"
@blkcrd = private constant [10 x i8] c"((_,_),?)\00"
@tv = private constant [31 x i8] c"((32,4),(4,4)):((64,4),(16,1))\00"
@f32 = private constant [4 x i8] c"f32\00"
@thr = private constant [14 x i8] c"(4,32):(32,1)\00"
@tile = private constant [8 x i8] c"(32,32)\00"
@tilecrd = private constant [6 x i8] c"(?,?)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.make_view.p1(ptr addrspace(1), ptr, ptr)
declare ptr @llvm.cute.zipped_divide(ptr, ptr)
declare ptr @llvm.cute.slice(ptr, ptr)
declare ptr @llvm.cute.partition_S(ptr, ptr, ptr, i32)
declare ptr addrspace(1) @llvm.cute.get_iter.p1(ptr)
declare float @llvm.cute.memref_load(ptr, i32)
declare void @llvm.cute.memref_store(ptr, i32, float)
declare i32 @llvm.cute.size(ptr)
declare ptr @llvm.cute.local_tile(ptr, ptr, ptr)
declare ptr @llvm.cute.local_partition(ptr, ptr, i32)

; elementwise_add: gA = zipped_divide(mA, (16,128)); blkA = gA((_,_), bidx);
; thrA = partition_S(blkA) for thread tidx. The thread's offset is
; (tidx % 32) * 4 + (tidx / 32) * (ld * 4), plus the block's.
; CHECK-LABEL: define ptr addrspace(1) @elementwise_partition(
; CHECK-DAG:     srem i32 %tidx, 32
; CHECK-DAG:     sdiv i32 %tidx, 32
; CHECK-DAG:     shl i32 %ld, 2
; CHECK:         getelementptr float, ptr addrspace(1)
; CHECK-NOT:     call
; CHECK:         ret ptr addrspace(1)
; PTX-LABEL: elementwise_partition(
; PTX-NOT:     call
define ptr addrspace(1) @elementwise_partition(ptr addrspace(1) %a, i32 %m, i32 %n, i32 %ld, i32 %bidx, i32 %tidx) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @mn, i32 %m, i32 %n, i32 %ld)
  %mA = call ptr @llvm.cute.make_view.p1(ptr addrspace(1) %a, ptr %l, ptr @f32)
  %tiler = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @tiler)
  %gA = call ptr @llvm.cute.zipped_divide(ptr %mA, ptr %tiler)
  %bc = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @blkcrd, i32 %bidx)
  %blkA = call ptr @llvm.cute.slice(ptr %gA, ptr %bc)
  %tv = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @tv)
  %thrA = call ptr @llvm.cute.partition_S(ptr %blkA, ptr %tv, ptr %tiler, i32 %tidx)
  %p = call ptr addrspace(1) @llvm.cute.get_iter.p1(ptr %thrA)
  ret ptr addrspace(1) %p
}

; Indexing a per-thread tensor ((1,(4,4)),1,1):((0,(1,?)),0,0) at value 5:
; coordinate (0,(1,1)) -> 1 + ld.
; CHECK-LABEL: define void @copy_value(
; CHECK:         %[[OFF:.*]] = add i32 %ld, 1
; CHECK:         load float
; CHECK:         store float
define void @copy_value(ptr addrspace(1) %a, ptr addrspace(1) %c, i32 %ld) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @mn, i32 16, i32 128, i32 %ld)
  %mA = call ptr @llvm.cute.make_view.p1(ptr addrspace(1) %a, ptr %l, ptr @f32)
  %mC = call ptr @llvm.cute.make_view.p1(ptr addrspace(1) %c, ptr %l, ptr @f32)
  %tv = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @tv)
  %tiler = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @tiler)
  %tA = call ptr @llvm.cute.partition_S(ptr %mA, ptr %tv, ptr %tiler, i32 0)
  %tC = call ptr @llvm.cute.partition_S(ptr %mC, ptr %tv, ptr %tiler, i32 0)
  %v = call float @llvm.cute.memref_load(ptr %tA, i32 5)
  call void @llvm.cute.memref_store(ptr %tC, i32 5, float %v)
  ret void
}

; local_tile then local_partition of a static 128x128 row-major tensor:
; tile (bm, bn) of 32x32, thread t of a (4,32):(32,1) arrangement.
; tile offset = bm*32*128 + bn*32; thread coordinate (t/32, t%32);
; element offset t/32*128 + t%32. The per-thread tensor is (8,1):(512,0)
; and has 8 elements.
; CHECK-LABEL: define i32 @tile_partition(
; CHECK:         ret i32 8
define i32 @tile_partition(ptr addrspace(1) %a, i32 %bm, i32 %bn, i32 %t, ptr addrspace(1) %out) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @mn, i32 128, i32 128, i32 128)
  %mA = call ptr @llvm.cute.make_view.p1(ptr addrspace(1) %a, ptr %l, ptr @f32)
  %tile = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @tile)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @tilecrd, i32 %bm, i32 %bn)
  %thr = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @thr)
  %gA = call ptr @llvm.cute.local_tile(ptr %mA, ptr %tile, ptr %crd)
  %tA = call ptr @llvm.cute.local_partition(ptr %gA, ptr %thr, i32 %t)
  %n = call i32 @llvm.cute.size(ptr %tA)
  %v = call float @llvm.cute.memref_load(ptr %tA, i32 1)
  store float %v, ptr addrspace(1) %out
  ret i32 %n
}

; CHECK-NOT: llvm.cute
