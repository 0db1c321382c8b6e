; The TiledMMA of CuTe's sgemm_sm80 (SM80_16x8x16 tiled 2x2 with a
; (32,32,16) permutation) partitions a 128x128 column-major C tile: thread
; t holds ((2,2),4,8):((128,8),32,2048) at its offset (273 for thread 37,
; as `cute-layout tiled.mma.partition_C` prints; test/Layout/tiled-mma.test).
; With a dynamic thread index the offset is integer arithmetic on it.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@c = private constant [18 x i8] c"(128,128):(1,128)\00"
@f32 = private constant [4 x i8] c"f32\00"
@mma = private constant [214 x i8] c"mma_shape=16,8,16 mma_thr_id=32:1 mma_a_tv=((4,8),(2,2,2)):((32,1),(16,8,128)) mma_b_tv=((4,8),(2,2)):((16,1),(8,64)) mma_c_tv=((4,8),(2,2)):((32,1),(16,8)) atom_layout=(2,2,1):(1,2,0) permutation=(32:1,32:1,16:1)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.partition_C(ptr, i32, ptr)
declare ptr @llvm.cute.get_iter(ptr)
declare i32 @llvm.cute.size(ptr)
declare i32 @llvm.cute.crd2idx(i32, ptr)
declare ptr @llvm.cute.get_layout(ptr)

; CHECK-LABEL: define ptr @thread37(
; CHECK-NEXT:    %[[P:.*]] = getelementptr i8, ptr %p, i64 1092
; CHECK-NEXT:    ret ptr %[[P]]
define ptr @thread37(ptr %p) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @c)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f32)
  %tc = call ptr @llvm.cute.partition_C(ptr %t, i32 37, ptr @mma)
  %q = call ptr @llvm.cute.get_iter(ptr %tc)
  ret ptr %q
}

; 128 values per thread; value 5 = ((1,0),1,0) -> 128 + 32; 128 + 160.
; CHECK-LABEL: define i32 @fragment(
; CHECK-NEXT:    ret i32 288
define i32 @fragment() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @c)
  %t = call ptr @llvm.cute.make_view(ptr null, ptr %l, ptr @f32)
  %tc = call ptr @llvm.cute.partition_C(ptr %t, i32 0, ptr @mma)
  %lay = call ptr @llvm.cute.get_layout(ptr %tc)
  %n = call i32 @llvm.cute.size(ptr %lay)
  %x = call i32 @llvm.cute.crd2idx(i32 5, ptr %lay)
  %r = add i32 %n, %x
  ret i32 %r
}

; CHECK-LABEL: define ptr @dynamic_thread(
; CHECK-NOT:     call
; CHECK:         getelementptr
define ptr @dynamic_thread(ptr %p, i32 %tid) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @c)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f32)
  %tc = call ptr @llvm.cute.partition_C(ptr %t, i32 %tid, ptr @mma)
  %q = call ptr @llvm.cute.get_iter(ptr %tc)
  ret ptr %q
}
