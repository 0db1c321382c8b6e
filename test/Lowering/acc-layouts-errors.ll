; Accumulator views that do not exist are errors at the call that say why
; (convert_layout_acc_rowcol, convert_layout_acc_Aregs and
; convert_layout_acc_Aregs_permuted).
;
; RUN: not cute-opt -passes=cute-lower -S %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@e4m3_ss = private constant [30 x i8] c"SM90_64x128x32_F32E4M3E4M3_SS\00"
@e4m3_rs = private constant [30 x i8] c"SM90_64x128x32_F32E4M3E4M3_RS\00"
@wg_ss = private constant [30 x i8] c"SM90_64x128x16_F32BF16BF16_SS\00"
@wg_rs = private constant [30 x i8] c"SM90_64x128x16_F32BF16BF16_RS\00"
@m80 = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"
@al21 = private constant [8 x i8] c"(2,1,1)\00"
@al22 = private constant [8 x i8] c"(2,2,1)\00"
@t128 = private constant [10 x i8] c"(128,128)\00"
@t96 = private constant [9 x i8] c"(96,128)\00"
@t6432 = private constant [8 x i8] c"(64,32)\00"
@r1 = private constant [9 x i8] c"result=1\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.convert_layout_acc_rowcol(ptr, ptr, ptr)
declare ptr @llvm.cute.convert_layout_acc_Aregs(...)

; 8-bit WGMMA: a thread's A values are 4 consecutive k (bytes of a 32-bit
; register); its accumulators are pairs of columns n, n+1.
; CHECK: error: in function 'e4m3': {{.*}}convert_layout_acc_Aregs: the accumulator of SM90_64x128x32_F32E4M3E4M3_SS cannot be the A operand of SM90_64x128x32_F32E4M3E4M3_RS without exchanging values between threads: thread 0 holds A element (0,2) but not as an accumulator
; CHECK-NEXT: at: %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %mc, ptr %ma)
define ptr @e4m3() {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_ss, ptr @al21)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_rs, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %mc, ptr %ma)
  ret ptr %l
}

; CHECK: error: in function 'thread_counts': {{.*}}convert_layout_acc_Aregs expects TiledMMAs of the same thread count, but SM90_64x128x16_F32BF16BF16_SS has 256 threads and SM90_64x128x16_F32BF16BF16_RS has 128
define ptr @thread_counts() {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_rs)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %mc, ptr %ma)
  ret ptr %l
}

; CHECK: error: in function 'not_a_multiple': {{.*}}convert_layout_acc_Aregs expects a tile that is a multiple of the (128,128) tile of SM90_64x128x16_F32BF16BF16_SS, but got (96,128)
define ptr @not_a_multiple() {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_rs, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t96)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %mc, ptr %ma)
  ret ptr %l
}

; CHECK: error: in function 'rowcol_not_a_multiple': {{.*}}convert_layout_acc_rowcol expects a tile that is a multiple of the (128,128) tile of the TiledMMA, but got (96,128)
define ptr @rowcol_not_a_multiple() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t96)
  %l = call ptr @llvm.cute.convert_layout_acc_rowcol(ptr %t, ptr %m, ptr @r1)
  ret ptr %l
}

; SM80 atoms tiled along N: the A operand of the second warp column needs
; the first's accumulators.
; CHECK: error: in function 'n_tiled': {{.*}}the accumulator of SM80_16x8x16_F32F16F16F32_TN cannot be the A operand of SM80_16x8x16_F32F16F16F32_TN without exchanging values between threads: thread 0 holds A element (0,8) but not as an accumulator
define ptr @n_tiled() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @m80, ptr @al22)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t6432)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %m, ptr %m)
  ret ptr %l
}

; ... and its rows are held by a quad of each warp column: no xor group.
; CHECK: error: in function 'row_threads_n_tiled': {{.*}}acc_row_threads: the threads that hold exactly thread 0's rows of the accumulator are {0,1,2,3,64,65,66,67}, not {0 ^ x : 0 <= x < G} for a power of two G
define i32 @row_threads_n_tiled() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @m80, ptr @al22)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t6432)
  %g = call i32 @llvm.cute.convert_layout_acc_rowcol(ptr %t, ptr %m, ptr @r1)
  ret i32 %g
}

; CHECK: error: in function 'no_second_mma': {{.*}}needs the TiledMMA that reads the A operand: a second TiledMMA object, or the attributes a_mma_atom=NAME
define ptr @no_second_mma() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %m)
  ret ptr %l
}

; CHECK: error: in function 'three_mmas': 'llvm.cute.convert_layout_acc_Aregs' takes at most 2 TiledMMA objects
define ptr @three_mmas() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @wg_ss, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs(ptr %t, ptr %m, ptr %m, ptr %m)
  ret ptr %l
}

declare ptr @llvm.cute.convert_layout_acc_Aregs_permuted(...)
@al121 = private constant [8 x i8] c"(1,2,1)\00"
@t128x256 = private constant [10 x i8] c"(128,256)\00"
@r0 = private constant [9 x i8] c"result=0\00"
@r2 = private constant [9 x i8] c"result=2\00"

; convert_layout_acc_Aregs_permuted: S's warpgroups side by side along N,
; P's along M: thread 0 accumulates rows 64 and 72 of S's second MMA along
; M, which it does not read; no permutation of K moves rows.
; CHECK: error: in function 'permuted_rows': {{.*}}convert_layout_acc_Aregs_permuted: no permutation of K makes the accumulator of SM90_64x128x32_F32E4M3E4M3_SS the A operand of SM90_64x128x32_F32E4M3E4M3_RS: thread 0 holds accumulators of row 64 but no A value of it (rows would have to move between threads)
; CHECK-NEXT: at: %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs_permuted(ptr %t, ptr %mc, ptr %ma, ptr @r0)
define ptr @permuted_rows() {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_ss, ptr @al121)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_rs, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128x256)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs_permuted(ptr %t, ptr %mc, ptr %ma, ptr @r0)
  ret ptr %l
}

; Two results: one is picked.
; CHECK: error: in function 'permuted_no_pick': 'llvm.cute.convert_layout_acc_Aregs_permuted' has 2 results; pick one with the attribute "result=K"
define ptr @permuted_no_pick() {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_ss, ptr @al21)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_rs, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs_permuted(ptr %t, ptr %mc, ptr %ma)
  ret ptr %l
}

; CHECK: error: in function 'permuted_result2': 'llvm.cute.convert_layout_acc_Aregs_permuted': result=2 does not exist (it has 2)
define ptr @permuted_result2() {
  %mc = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_ss, ptr @al21)
  %ma = call ptr (...) @llvm.cute.make_tiled_mma(ptr @e4m3_rs, ptr @al21)
  %t = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @t128)
  %l = call ptr (...) @llvm.cute.convert_layout_acc_Aregs_permuted(ptr %t, ptr %mc, ptr %ma, ptr @r2)
  ret ptr %l
}
