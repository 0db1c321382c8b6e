; A tiled object is taken only where an op takes one, and as the kind it
; takes: extra or wrong-kind object operands are one error each, never
; ignored (a second TiledMMA of partition_A), read as a value (a TiledMMA
; as make_view's layout) or misnamed (a TiledCopy where a TiledMMA goes).
; An attribute that spells out the object given beside it is an error too.
;
; RUN: not cute-opt -passes=cute-lower -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@name80 = private constant [29 x i8] c"SM80_16x8x16_F16F16F16F16_TN\00"
@al = private constant [6 x i8] c"(2,2)\00"
@sa = private constant [15 x i8] c"(64,32):(32,1)\00"
@f16 = private constant [4 x i8] c"f16\00"
@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"
@thr = private constant [13 x i8] c"(32,4):(4,1)\00"
@val = private constant [6 x i8] c"(1,8)\00"
@ucopy = private constant [25 x i8] c"UniversalCopy<uint128_t>\00"
@attr = private constant [37 x i8] c"mma_atom=SM80_16x8x8_F32F16F16F32_TN\00"
@mode1 = private constant [7 x i8] c"mode=1\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_tiled_copy(...)
declare ptr @llvm.cute.make_tiled_copy_A(...)
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.partition_A(...)
declare ptr @llvm.cute.composition(...)
declare i32 @llvm.cute.size(...)
declare void @llvm.cute.print(ptr)

; CHECK: error: in function 'two_mmas': 'llvm.cute.partition_A' takes at most 1 TiledMMA object
define void @two_mmas(ptr %p) {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al)
  %m2 = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f16)
  %a = call ptr (...) @llvm.cute.partition_A(ptr %t, i32 3, ptr %m, ptr %m2)
  call void @llvm.cute.print(ptr %a)
  ret void
}

; CHECK: error: in function 'contradicting_attr': 'llvm.cute.partition_A': 'tiled.mma.partition_A' takes its TiledMMA as an object operand; attribute mma_atom would spell it out again: give one or the other
define void @contradicting_attr(ptr %p) {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f16)
  %a = call ptr (...) @llvm.cute.partition_A(ptr %t, i32 3, ptr %m, ptr @attr)
  call void @llvm.cute.print(ptr %a)
  ret void
}

; CHECK: error: in function 'mma_as_layout': 'llvm.cute.make_view': operand #1 is a TiledMMA object, not a layout, tuple or tensor
define void @mma_as_layout(ptr %p) {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %m, ptr @f16)
  call void @llvm.cute.print(ptr %t)
  ret void
}

; CHECK: error: in function 'mma_in_algebra': 'llvm.cute.composition': operand #1 is a TiledMMA object, but the op takes no tiled object
define void @mma_in_algebra() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name80, ptr @al)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %c = call ptr (...) @llvm.cute.composition(ptr %l, ptr %m)
  call void @llvm.cute.print(ptr %c)
  ret void
}

; CHECK: error: in function 'copy_as_mma': 'llvm.cute.partition_A': operand #2 is a TiledCopy object, but the op takes a TiledMMA
define void @copy_as_mma(ptr %p) {
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @ucopy, ptr @f16, ptr @thr, ptr @val)
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sa)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f16)
  %a = call ptr (...) @llvm.cute.partition_A(ptr %t, i32 3, ptr %c)
  call void @llvm.cute.print(ptr %a)
  ret void
}

; CHECK: error: in function 'copy_a_of_copy': 'llvm.cute.make_tiled_copy_A': operand #2 is a TiledCopy object, but the op takes the TiledMMA whose operand it copies
define void @copy_a_of_copy() {
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @ucopy, ptr @f16, ptr @thr, ptr @val)
  %d = call ptr (...) @llvm.cute.make_tiled_copy_A(ptr @ldsm, ptr @f16, ptr %c)
  call void @llvm.cute.print(ptr %d)
  ret void
}

; size of a tiled object is its threads; of one of its modes, no size.
; CHECK: error: in function 'size_mode_of_copy': 'llvm.cute.size': operand #0 is a TiledCopy object, but the op takes no tiled object
define i32 @size_mode_of_copy() {
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @ucopy, ptr @f16, ptr @thr, ptr @val)
  %s = call i32 (...) @llvm.cute.size(ptr %c, ptr @mode1)
  ret i32 %s
}
