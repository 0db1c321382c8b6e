; Contract violations of the tiled builders by atom name, located at the
; call.
;
; RUN: not cute-opt -passes=cute-lower -S %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@unknownattrs = private constant [47 x i8] c"mma_atom=SM80_16x8x16_F32F16F16F32_NT result=0\00"
@copyasmma = private constant [36 x i8] c"mma_atom=SM75_U32x4_LDSM_N result=0\00"
@notype = private constant [55 x i8] c"copy_atom=SM75_U32x4_LDSM_N thr_layout=(32,1) result=0\00"
@divide = private constant [87 x i8] c"copy_atom=SM75_U32x4_LDSM_N value_type=f16 thr_layout=(32,1) val_layout=(1,4) result=0\00"
@name = private constant [29 x i8] c"SM80_16x8x16_F16F16F16F16_TN\00"
@toomany = private constant [2 x i8] c"1\00"

declare ptr @llvm.cute.make_tiled_mma(...)
declare ptr @llvm.cute.make_tiled_copy(...)
declare ptr @llvm.cute.make_tiled_copy_A(...)
declare ptr @llvm.cute.make_layout(ptr, ...)

; CHECK: error: in function 'unknown': 'llvm.cute.make_tiled_mma': 'make_tiled_mma': mma_atom=SM80_16x8x16_F32F16F16F32_NT: names no MMA atom of the registry; near matches: SM80_16x8x16_F32F16F16F32_TN,
; CHECK-NEXT: at: %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @unknownattrs)
define ptr @unknown() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @unknownattrs)
  ret ptr %m
}

; CHECK: error: in function 'copy_as_mma': {{.*}}'SM75_U32x4_LDSM_N' is a variant of the copy atom atom.ldsm, not an MMA atom
define ptr @copy_as_mma() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @copyasmma)
  ret ptr %m
}

; CHECK: error: in function 'no_value_type': {{.*}}copy atom 'SM75_U32x4_LDSM_N' needs the type of the values it copies
define ptr @no_value_type() {
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @notype)
  ret ptr %c
}

; CHECK: error: in function 'not_dividing': {{.*}}expects the 4 values of TV layout {{.*}} to be a multiple of the copy atom's 8
define ptr @not_dividing() {
  %c = call ptr (...) @llvm.cute.make_tiled_copy(ptr @divide)
  ret ptr %c
}

; CHECK: error: in function 'too_many': 'llvm.cute.make_tiled_mma' takes at most 3 positional operand(s) (mma_atom, atom_layout, permutation)
define ptr @too_many() {
  %m = call ptr (...) @llvm.cute.make_tiled_mma(ptr @name, ptr @toomany, ptr @toomany, ptr @toomany)
  ret ptr %m
}

; CHECK: error: in function 'no_name': 'llvm.cute.make_tiled_copy_A' takes its atom by name: ("NAME", ...) or the attribute copy_atom=NAME
define ptr @no_name(i32 %x) {
  %c = call ptr (...) @llvm.cute.make_tiled_copy_A(i32 %x)
  ret ptr %c
}
