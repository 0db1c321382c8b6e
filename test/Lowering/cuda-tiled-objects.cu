// CuTe's tiled objects in <cute/llvm.h>: make_tiled_mma<S>() and
// make_tiled_copy*<T, Atom>() return values that carry their atom;
// get_slice(thread) partitions for one thread; copy(tiled_copy, s, d) and
// gemm(tiled_mma, a, b, c) issue the atom. The objects pass through the
// stack (struct values, by reference into helpers) at -O0 and -O3, and no
// cute call or run-time check survives: copy's vector-width test of a
// 128-byte-swizzled tile at a thread's offset is answered by the layout
// algebra (the `contiguous` op), not by comparing addresses.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o - \
// RUN:   | FileCheck %s --implicit-check-not=trap --implicit-check-not=llvm.cute
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=O0 --implicit-check-not=llvm.cute
// O0: define {{.*}}sm80Block
// O0: define {{.*}}stsmEpilogue

#include <cute/algorithm.h>
#include <cute/llvm.h>

using namespace cute;
using half = _Float16;

constexpr MmaAtom Sm80 = mma_atom("SM80_16x8x16_F32F16F16F32_TN");
constexpr TiledMmaShape Sm80x4 = tiled_mma_shape(Sm80, "(2,2)");
constexpr CopyAtom Ldsm = copy_atom("SM75_U32x4_LDSM_N");

/// A helper that takes the tiled copy by reference, as kernels do.
template <class TCopy, class TS, class TR>
__device__ __forceinline__ void load(const TCopy &Copy, TS Src, TR Dst) {
  copy(Copy, Src, Dst);
}

// One k-block of a 32x32x16 tile: A by ldmatrix through the TiledCopy of
// the TiledMMA's A layout, B from global memory, then the MMAs.
// CHECK-LABEL: .entry _Z9sm80BlockPfPKDF16_S1_(
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
__global__ void sm80Block(float *C, const half *A, const half *B) {
  __shared__ alignas(128) half SmemA[32 * 16];
  auto Mma = make_tiled_mma<Sm80x4>();
  static_assert(decltype(Mma)::size() == 128, "four warps");
  auto ThrMma = Mma.get_slice(threadIdx.x);
  auto SA = make_view(SmemA, make_layout("(32,16):(16,1)"));
  auto GB = make_view(B, make_layout("(32,16):(16,1)"));
  auto GC = make_view(C, make_layout("(32,32):(32,1)"));
  SmemA[threadIdx.x] = A[threadIdx.x];
  __syncthreads();
  half RegA[Sm80x4.size_A(32, 16)], RegB[Sm80x4.size_B(32, 16)];
  float RegC[Sm80x4.size_C(32, 32)];
  auto TCrA = make_fragment(RegA, ThrMma.partition_fragment_A(SA));
  auto TCrB = make_fragment(RegB, ThrMma.partition_fragment_B(GB));
  auto TCrC = make_fragment(RegC, ThrMma.partition_fragment_C(GC));
  auto TCgB = ThrMma.partition_B(GB);
  for (int I = 0; I < size(TCrB); ++I)
    store(TCrB, I, load(TCgB, I));
  fill(TCrC, 0.0f);
  auto S2R = make_tiled_copy_A<half, Ldsm>(Mma);
  auto ThrS2R = S2R.get_slice(threadIdx.x);
  load(S2R, ThrS2R.partition_S(SA), ThrS2R.retile_D(TCrA));
  gemm(Mma, TCrA, TCrB, TCrC);
  auto TCgC = ThrMma.partition_C(GC);
  for (int I = 0; I < size(TCrC); ++I)
    store(TCgC, I, load(TCrC, I));
}

constexpr MmaAtom Wgmma = mma_atom("SM90_64x64x16_F32F16F16_SS");
constexpr TiledMmaShape Wg = tiled_mma_shape(Wgmma);
constexpr CopyAtom Stsm = copy_atom("SM90_U32x4_STSM_N");

// The Hopper epilogue: a warpgroup's 64x64 accumulator converted to fp16 in
// pairs and stored by the stmatrix TiledCopy of the accumulator's layout
// into a 128-byte-swizzled tile: 32 values, four stmatrix.x4 per thread.
// CHECK-LABEL: .entry _Z12stsmEpiloguePDF16_PKf(
// CHECK-COUNT-16: cvt.rn.f16x2.f32
// CHECK-COUNT-4: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: stmatrix
// CHECK: ret;
__global__ void stsmEpilogue(half *Out, const float *In) {
  __shared__ alignas(1024) half SmemC[64 * 64];
  auto Mma = make_tiled_mma<Wg>();
  auto ThrMma = Mma.get_slice(threadIdx.x);
  Shape TileC = make_shape("(64,64)");
  float Acc[Wg.size_C(64, 64)];
  half Out16[Wg.size_C(64, 64)];
  auto TCrC = make_fragment(Acc, ThrMma.partition_fragment_C(TileC));
  for (int I = 0; I < size(TCrC); ++I)
    store(TCrC, I, In[threadIdx.x * 32 + I]);
  auto TCrD = make_fragment(Out16, ThrMma.partition_fragment_C(TileC));
  convert(TCrC, TCrD);
  auto SC = make_view(SmemC, tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                                           TileC));
  auto R2S = make_tiled_copy_C<half, Stsm>(Mma);
  auto ThrR2S = R2S.get_slice(threadIdx.x);
  copy(R2S, ThrR2S.retile_S(TCrD), ThrR2S.partition_D(SC));
  __syncthreads();
  Out[threadIdx.x] = SmemC[threadIdx.x * 32];
}
