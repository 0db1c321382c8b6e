; convert_layout_acc_Aregs_permuted folds to constants: result 0, the
; accumulator of the first TiledMMA as the A operand of the second (TiledMMA
; objects, or attributes with the second's under a_) under a permutation of
; K; result 1, that permutation. Values are those of
; test/Layout/acc-layouts-permuted.test, reasoned there from the atoms:
; for the e4m3 WGMMA A value (kk, i, h) of k-block b is accumulator
; (kk & 1) + 4 (kk >> 1) + 2 i + 8 h + 16 b, and A column k holds key
; PermK(k) of ((2,2,4,8)):((1,8,2,16)).
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s --check-prefix=GONE
; GONE-NOT: call {{.*}}@llvm.cute

target triple = "nvptx64-nvidia-cuda"

@e4m3_ss = private constant [30 x i8] c"SM90_64x128x32_F32E4M3E4M3_SS\00"
@e4m3_rs = private constant [30 x i8] c"SM90_64x128x32_F32E4M3E4M3_RS\00"
@al21 = private constant [8 x i8] c"(2,1,1)\00"
@t128 = private constant [10 x i8] c"(128,128)\00"
@r0 = private constant [9 x i8] c"result=0\00"
@r1 = private constant [9 x i8] c"result=1\00"
@attrs = private constant [131 x i8] c"mma_atom=SM90_64x128x32_F32E4M3E4M3_SS atom_layout=(2,1,1) a_mma_atom=SM90_64x128x32_F32E4M3E4M3_RS a_atom_layout=(2,1,1) result=1\00"
@crd = private constant [18 x i8] c"(((1,1),1,1),0,3)\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.convert_layout_acc_Aregs_permuted(...)
declare i32 @llvm.cute.crd2idx(...)
declare i32 @llvm.cute.size(...)

; A value (((1,1),1,1),0,3) is accumulator 1 + 4 + 2 + 8 + 16*3 = 63.
; CHECK-LABEL: define i32 @view(
; CHECK-NEXT:    ret i32 63
define i32 @view() {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_ss, ptr @al21)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_rs, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs_permuted(ptr %t, ptr %mc, ptr %ma, ptr @r0)
  %c = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @crd)
  %i = call i32 (...) @llvm.cute.crd2idx(ptr %c, ptr %l)
  ret i32 %i
}

; B row 37 = 32 + 4 + 1 holds key 32 + 2 + 1 = 35; a dynamic row folds to
; the layout's arithmetic.
; CHECK-LABEL: define i32 @permutation(
; CHECK-NEXT:    ret i32 35
define i32 @permutation() {
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %p = call ptr (...) @llvm.cute.convert_layout_acc_Aregs_permuted(ptr %t, ptr @attrs)
  %i = call i32 (...) @llvm.cute.crd2idx(i32 37, ptr %p)
  ret i32 %i
}

; k = kk0 + 2 kk1 + 4 (t0 + 2 t1) + 16 h... -> kk0 + 8 kk1 + 2 (t0 + 2 t1) + 16 h...
; CHECK-LABEL: define i32 @permutation_dynamic(
; CHECK-NOT:     call
; CHECK:         [[KK0:%.*]] = srem i32 %k, 2
; CHECK:         shl nsw i32 %{{.*}}, 3
; CHECK:         sdiv i32 %k, 4
; CHECK:         srem i32 %{{.*}}, 4
; CHECK:         shl nsw i32 %{{.*}}, 1
; CHECK:         sdiv i32 %k, 16
; CHECK:         shl nsw i32 %{{.*}}, 4
; CHECK:         ret i32
define i32 @permutation_dynamic(i32 %k) {
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %p = call ptr (...) @llvm.cute.convert_layout_acc_Aregs_permuted(ptr %t, ptr @attrs)
  %i = call i32 (...) @llvm.cute.crd2idx(i32 %k, ptr %p)
  ret i32 %i
}
