// Misuses of the tiled objects: one error each, at the user's line.
// REQUIRES: cuda
//
// A UMMA tile that is not the K-major canonical layout gemm(tiled_mma, ...)
// describes (an MN-major A stage): the descriptor's error, at the gemm call.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -S -O3 %s -o /dev/null -DUMMA_MN 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UMMA --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -S -O0 %s -o /dev/null -DUMMA_MN 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UMMA --implicit-check-not=error:
//
// A TiledCopy of 16-bit elements asked to copy 32-bit tensors: a
// compile-time error naming the mismatch.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DCOPY_WIDTH 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WIDTH
//
// A global-memory accumulator for a UMMA TiledMMA (its accumulators are in
// tensor memory): one error at the gemm call.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -S -O3 %s -o /dev/null -DUMMA_REGS 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGS --implicit-check-not=error:
//
// A thread layout of make_tiled_copy with a run-time leaf (a layout value
// must be static, its leaves C++ constants): one error at the call.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O3 %s -o /dev/null -DDYNAMIC_THR 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DYNTHR --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O0 %s -o /dev/null -DDYNAMIC_THR 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DYNTHR --implicit-check-not=error:
//
// A value layout of another kind than notation, Layout or Shape: a
// static assertion.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O3 %s -o /dev/null -DBAD_VAL 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADVAL
//
// A static_shape mode that is not positive: tiled_mma_shape is not a
// constant expression.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O3 %s -o /dev/null -DBAD_STATIC_SHAPE 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADSHAPE

#include <cute/llvm.h>

using namespace cute;
using half = _Float16;

constexpr MmaAtom Umma =
    mma_atom("SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>");
constexpr TiledMmaShape U = tiled_mma_shape(Umma);
constexpr CopyAtom U32 = copy_atom("UniversalCopy<uint32_t>");

#ifdef UMMA_MN
__global__ void ummaMajor(unsigned Tmem) {
  __shared__ alignas(1024) half SA[128 * 64], SB[256 * 64];
  auto Mma = make_tiled_mma<U>();
  auto Thr = Mma.get_slice(0);
  auto A = make_view(SA, tile_to_shape(GMMA::Layout_MN_SW128_Atom<half>(),
                                       make_shape("(128,64)")));
  auto B = make_view(SB, tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                                       make_shape("(256,64)")));
  // UMMA: error: {{.*}}cuda-tiled-objects-errors.cu:[[@LINE+1]]:3: 'llvm.cute.make_umma_desc': expects Mma atom layout of S<3,3,3> o 0 o (8,64):(64,1) (the K-major SW128 atom of 16-bit elements), but got S<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))
  gemm(Mma, Thr.partition_A(A), Thr.partition_B(B), Tmem, 0);
}
#endif

#ifdef COPY_WIDTH
__global__ void copyWidth(float *Out, const float *In) {
  auto Copy = make_tiled_copy<half, U32>("32:1", "2:1");
  auto Thr = Copy.get_slice(threadIdx.x);
  auto S = make_view(In, make_layout("64:1"));
  auto D = make_view(Out, make_layout("64:1"));
  // WIDTH: error: static assertion failed {{.*}}copy(tiled_copy, ...) of elements of another width than the TiledCopy's
  copy(Copy, Thr.partition_S(S), Thr.partition_D(D));
}
#endif

#ifdef UMMA_REGS
__global__ void ummaRegs(float *C) {
  __shared__ alignas(1024) half SA[128 * 64], SB[256 * 64];
  auto Mma = make_tiled_mma<U>();
  auto Thr = Mma.get_slice(0);
  auto A = make_view(SA, tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                                       make_shape("(128,64)")));
  auto B = make_view(SB, tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                                       make_shape("(256,64)")));
  auto G = make_view(C, make_layout("(128,256):(256,1)"));
  // REGS: error: {{.*}}cuda-tiled-objects-errors.cu:[[@LINE+1]]:3: 'llvm.cute.get_iter': an i32 result is the TMEM address of a tensor in tensor memory, but this tensor is not in tensor memory (a UMMA accumulates into the TiledMMA's make_fragment_C)
  gemm(Mma, Thr.partition_A(A), Thr.partition_B(B), Thr.partition_C(G));
}
#endif

#ifdef DYNAMIC_THR
constexpr CopyAtom CpAsync = copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");
__global__ void dynamicThr(half *Out, const half *In, int Rows) {
  // DYNTHR: error: {{.*}}cuda-tiled-objects-errors.cu:[[@LINE+1]]:15: 'llvm.cute.make_tiled_copy' expects a static thr_layout (every leaf a constant), but got (?,4):(4,1)
  auto Copy = make_tiled_copy<half, CpAsync>(
      make_layout("(?,?):(?,1)", Rows, 4, 4), "(1,8)");
  auto Thr = Copy.get_slice(threadIdx.x);
  auto S = make_view(In, make_layout("(32,32):(32,1)"));
  auto D = make_view(Out, make_layout("(32,32):(32,1)"));
  copy(Copy, Thr.partition_S(S), Thr.partition_D(D));
}
#endif

#ifdef BAD_VAL
__global__ void badVal() {
  // BADVAL: error: static assertion failed {{.*}}make_tiled_copy takes its thread and value layouts as notation literals, Layouts or Shapes
  auto Copy = make_tiled_copy<half, U32>("32:1", 2);
}
#endif

#ifdef BAD_STATIC_SHAPE
// BADSHAPE: cuda-tiled-objects-errors.cu:[[@LINE+2]]:25: error: constexpr variable 'Zero' must be initialized by a constant expression
constexpr MmaAtom Sm80 = mma_atom("SM80_16x8x16_F32F16F16F32_TN");
constexpr TiledMmaShape Zero = tiled_mma_shape(Sm80, static_shape(2, 0));
// BADSHAPE: note: non-constexpr function 'static_shape_modes_must_be_positive'
#endif
