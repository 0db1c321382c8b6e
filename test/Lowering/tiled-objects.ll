; TiledMMA and TiledCopy objects are built once, at their constructor, and
; later ops take them as built: a cute value given positionally to a
; constructor is used as a value (not printed and parsed again), objects
; meet at phis and selects when they are the same TiledMMA / TiledCopy
; (however their notation spelt them), and a constructor given its own
; kind of object returns that object's results.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@name80 = private constant [29 x i8] c"SM80_16x8x16_F16F16F16F16_TN\00"
@al = private constant [6 x i8] c"(2,2)\00"
@al3 = private constant [8 x i8] c"(2,2,1)\00"
@perm = private constant [11 x i8] c"(32,32,16)\00"
@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"
@f16 = private constant [4 x i8] c"f16\00"
@f32 = private constant [4 x i8] c"f32\00"
@r2 = private constant [9 x i8] c"result=2\00"
@tmem_ld = private constant [26 x i8] c"SM100_TMEM_LOAD_32dp32b8x\00"
@acc = private constant [20 x i8] c"(128,256):(65536,1)\00"
@sa = private constant [15 x i8] c"(64,32):(32,1)\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_tiled_copy(...)
declare ptr @llvm.cute.make_tiled_copy_A(...)
declare ptr @llvm.cute.make_tmem_copy(...)
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_tile(ptr, ...)
declare ptr @llvm.cute.partition_A(...)
declare void @llvm.cute.print(ptr)

; The format strings of the prints, in the order of the functions.
; make_tiled_copy_A(SM75_U32x4_LDSM_N, the TiledMMA of (2,2) and
; (32,32,16) given as a shape and a tile value): layout_S_TV, as in
; tiled-atoms.ll where they are strings.
; CHECK: c"((16,2,2,2),(8,1)):((1,256,16,0),(32,0))\0A\00"
; A phi of the TiledMMA built in either branch, from the shape value
; (2,2,1) and from the notation (2,2) (made rank 3: the same atom layout):
; thread 37's partition_A of a (64,32) tile.
; CHECK: c"((2,2,2),2,2):((1,256,8),1024,16)\0A\00"
; make_tmem_copy given its TiledCopy: its layout_S_TV (cute-layout's
; make_tmem_copy of the same attributes, result 2).
; CHECK: c"((32,4),((8,32),1)):((0,32),((128,1),0))\0A\00"

define void @values() {
  %al = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @al)
  %perm = call ptr (ptr, ...) @llvm.cute.make_tile(ptr @perm)
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr %al, ptr %perm)
  %c = call ptr (...) @llvm.cute.make_tiled_copy_A(ptr @ldsm, ptr @f16, ptr %m)
  %s = call ptr (...) @llvm.cute.make_tiled_copy(ptr %c, ptr @r2)
  call void @llvm.cute.print(ptr %s)
  ret void
}

define void @phi(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %sh = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @al3)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr %sh)
  br label %join
b:
  %mb = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al)
  br label %join
join:
  %m = phi ptr [ %ma, %a ], [ %mb, %b ]
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %p = call ptr (...) @llvm.cute.partition_A(ptr %l, i32 37, ptr %m, ptr @r0)
  call void @llvm.cute.print(ptr %p)
  ret void
}
@r0 = private constant [9 x i8] c"result=0\00"

define void @tmem_object() {
  %tl = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @acc)
  %t = call ptr (...) @llvm.cute.make_tmem_copy(ptr @tmem_ld, ptr @f32, ptr %tl)
  %s = call ptr (...) @llvm.cute.make_tmem_copy(ptr %t, ptr @r2)
  call void @llvm.cute.print(ptr %s)
  ret void
}

; CuTe's size(TiledMMA) and size(TiledCopy): the threads each takes (the
; (2,2) TiledMMA of 32-thread atoms: 128; a (32,4) thread layout: 128).
; CHECK-LABEL: define i32 @size_of_objects(
; CHECK-NEXT: ret i32 256
@thr = private constant [13 x i8] c"(32,4):(4,1)\00"
@val = private constant [6 x i8] c"(1,8)\00"
@ucopy = private constant [25 x i8] c"UniversalCopy<uint128_t>\00"
declare i32 @llvm.cute.size(...)
define i32 @size_of_objects() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al)
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @ucopy, ptr @f16, ptr @thr, ptr @val)
  %sm = call i32 (...) @llvm.cute.size(ptr %m)
  %sc = call i32 (...) @llvm.cute.size(ptr %c)
  %s = add i32 %sm, %sc
  ret i32 %s
}
