; Tiled MMAs and copies from the registry's atoms by variant name, in IR:
; the attribute form (mma_atom=, copy_atom=, result=K), the positional form
; ("NAME", ...) returning a TiledMMA / TiledCopy object that later ops take,
; and the layout gaps of issue 14 (shape-only make_layout, composition of a
; swizzle, make_tile tilers, partitions of swizzled tensors without
; result=K). Expected layouts are CuTe's own prints (CuTe C++ on the host).
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@mma80 = private constant [67 x i8] c"mma_atom=SM80_16x8x16_F32F16F16F32_TN atom_layout=(2,2,1) result=2\00"
@mma90 = private constant [66 x i8] c"mma_atom=SM90_64x128x16_F32F16F16_SS atom_layout=(2,1,1) result=4\00"
@mma100 = private constant [59 x i8] c"mma_atom=SM100_MMA_F16BF16_SS<F16,F16,F32,128,64> result=1\00"
@g2s = private constant [112 x i8] c"copy_atom=SM80_CP_ASYNC_CACHEALWAYS<uint128_t> value_type=f16 thr_layout=(16,8):(8,1) val_layout=(1,8) result=2\00"
@name80 = private constant [29 x i8] c"SM80_16x8x16_F16F16F16F16_TN\00"
@al = private constant [6 x i8] c"(2,2)\00"
@perm = private constant [11 x i8] c"(32,32,16)\00"
@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"
@f16 = private constant [4 x i8] c"f16\00"
@r2 = private constant [9 x i8] c"result=2\00"
@sw = private constant [9 x i8] c"S<3,3,3>\00"
@atom = private constant [21 x i8] c"(8,(8,8)):(8,(1,64))\00"
@s18 = private constant [6 x i8] c"(1,8)\00"
@sA = private constant [55 x i8] c"S<3,3,3> o 0 o ((8,16),((8,8),1)):((8,512),((1,64),0))\00"
@tiler = private constant [8 x i8] c"(16,64)\00"
@g = private constant [16 x i8] c"(128,64):(64,1)\00"
@cpa = private constant [103 x i8] c"copy_atom=SM80_CP_ASYNC_CACHEALWAYS<uint128_t> value_type=f16 thr_layout=(16,8):(8,1) val_layout=(1,8)\00"
@tv = private constant [24 x i8] c"((8,16),8):((128,1),16)\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_tiled_copy(...)
declare ptr @llvm.cute.make_tiled_copy_A(...)
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_swizzle(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_tile(ptr, ...)
declare ptr @llvm.cute.composition(...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.partition_S(...)
declare ptr @llvm.cute.partition_D(...)
declare ptr @llvm.cute.partition_C(...)
declare ptr @llvm.cute.get_iter(ptr)
declare ptr @llvm.cute.get_layout(ptr)
declare i32 @llvm.cute.size(...)
declare void @llvm.cute.print(ptr)

; The format strings of the prints, in the order of the functions.
; SM80 mma.sync 2x2x1, get_layoutA_TV.
; CHECK: c"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))\0A\00"
; SM90 WGMMA 2x1x1, get_layoutC_TV.
; CHECK: c"((4,8,8),((2,2,16),(1,1))):((256,1,16),((128,8,1024),(0,0)))\0A\00"
; SM100 UMMA, tile_shape.
; CHECK: c"(128,64,16)\0A\00"
; sgemm_sm80's G2S copy, layout_S_TV.
; CHECK: c"((8,16),(8,1)):((128,1),(16,0))\0A\00"
; make_tiled_copy_A(SM75_U32x4_LDSM_N, the TiledMMA object): layout_S_TV.
; CHECK: c"((16,2,2,2),(8,1)):((1,256,16,0),(32,0))\0A\00"
; make_layout("(1,8)"): CuTe's (_1,_8):(_0,_1).
; CHECK: c"(1,8):(0,1)\0A\00"
; composition(Sw<3,3,3>, L): Sw<3,3,3> o _0 o L.
; CHECK: c"S<3,3,3> o 0 o (8,(8,8)):(8,(1,64))\0A\00"
; tile_to_shape of it to (128,64,3): sgemm_sm80's sA (CuTe keeps the size-1
; modes).
; CHECK: c"S<3,3,3> o 0 o ((8,16),((8,8),1),(1,3)):((8,512),((1,64),0),(0,8192))\0A\00"
; partition_D of sgemm_sm80's swizzled sA by thread 5 of the G2S copy: the
; thread's offset 320 stays inside the swizzle. CuTe prints the same
; function reduced, ((_8,_1),_8,_1):((_1,_0),_1024,_0) at data offset 360
; (= Sw<3,3,3>(320): the slice leaves the swizzle's bits to the offset, so
; both map value 9 to 360 + 1 + 1024 = Sw(320 + 1025) = 1385).
; CHECK: c"S<3,3,3> o 320 o ((8,1),8,1):((1,0),1024,0)\0A\00"

define void @sm80() {
  %a = call ptr (...) @llvm.cute.make_tiled_mma(ptr @mma80)
  call void @llvm.cute.print(ptr %a)
  ret void
}

define void @sm90() {
  %c = call ptr (...) @llvm.cute.make_tiled_mma(ptr @mma90)
  call void @llvm.cute.print(ptr %c)
  ret void
}

define void @sm100() {
  %t = call ptr (...) @llvm.cute.make_tiled_mma(ptr @mma100)
  call void @llvm.cute.print(ptr %t)
  ret void
}

define void @g2s_copy() {
  %s = call ptr (...) @llvm.cute.make_tiled_copy(ptr @g2s)
  call void @llvm.cute.print(ptr %s)
  ret void
}

define void @objects() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al, ptr @perm)
  %c = call ptr (...) @llvm.cute.make_tiled_copy_A(ptr @ldsm, ptr @f16, ptr %m)
  %s = call ptr (...) @llvm.cute.make_tiled_copy(ptr %c, ptr @r2)
  call void @llvm.cute.print(ptr %s)
  ret void
}

define void @shape_only() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @s18)
  call void @llvm.cute.print(ptr %l)
  ret void
}

define void @swizzle() {
  %sw = call ptr (ptr, ...) @llvm.cute.make_swizzle(ptr @sw)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @atom)
  %c = call ptr (...) @llvm.cute.composition(ptr %sw, ptr %l)
  call void @llvm.cute.print(ptr %c)
  ret void
}

declare ptr @llvm.cute.tile_to_shape(...)
@sh = private constant [11 x i8] c"(128,64,3)\00"

define void @tile_to_shape() {
  %sw = call ptr (ptr, ...) @llvm.cute.make_swizzle(ptr @sw)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @atom)
  %c = call ptr (...) @llvm.cute.composition(ptr %sw, ptr %l)
  %s = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @sh)
  %t = call ptr (...) @llvm.cute.tile_to_shape(ptr %c, ptr %s)
  call void @llvm.cute.print(ptr %t)
  ret void
}

; The thread's offset stays in the composed layout: the iterator is %p.
; CHECK-LABEL: define ptr @swizzled_partition(
; CHECK-NEXT:    call i32 @vprintf(
; CHECK-NEXT:    ret ptr %p
define ptr @swizzled_partition(ptr %p) {
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @cpa)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sA)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f16)
  %d = call ptr (...) @llvm.cute.partition_D(ptr %t, i32 5, ptr %c)
  %dl = call ptr @llvm.cute.get_layout(ptr %d)
  call void @llvm.cute.print(ptr %dl)
  %q = call ptr @llvm.cute.get_iter(ptr %d)
  ret ptr %q
}

; A make_tile tiler where CuTe takes a Tiler_MN: partition_S of a 128x64
; row-major tile by thread 9 of the G2S copy given as (TV, tiler) operands
; (thread 9: m = 1, k = 8; offset 1*64 + 8).
; CHECK-LABEL: define ptr @tile_tiler(
; CHECK-NEXT:    %[[P:.*]] = getelementptr i8, ptr %p, i64 144
; CHECK-NEXT:    ret ptr %[[P]]
define ptr @tile_tiler(ptr %p) {
  %tv = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @tv)
  %tl = call ptr (ptr, ...) @llvm.cute.make_tile(ptr @tiler)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @g)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f16)
  %s = call ptr (...) @llvm.cute.partition_S(ptr %t, ptr %tv, ptr %tl, i32 9)
  %q = call ptr @llvm.cute.get_iter(ptr %s)
  ret ptr %q
}

