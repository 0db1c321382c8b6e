// An atom that names no variant of the registry is one error, at the name,
// and nothing made from it (the TiledMMA or TiledCopy, its fragments, the
// copy and gemm calls of the kernel, the device-side references to the
// constant) is reported again: mma_atom, copy_atom and the GMMA selectors
// give a placeholder constant beside the error.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DCOPY_TYPO 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COPY --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -g %s -o /dev/null -DCOPY_TYPO 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COPY --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DMMA_TYPO 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MMA --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DCOPY_AS_MMA 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KIND --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DSELECTOR \
// RUN:   -DSELECTOR_TILE 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TILE --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DSELECTOR \
// RUN:   -DSELECTOR_TYPES 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPES --implicit-check-not=error:
//
// The same kernels with names the registry has compile.
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o - | FileCheck %s --check-prefix=GOOD
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o - -DSELECTOR \
// RUN:   | FileCheck %s --check-prefix=GOOD-SEL
//
// A name that reaches copy_atom through a constexpr function (no constant
// at the call) gets no diagnose_if: the lowering reports it by name, with
// the near matches.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DCOPY_TYPO_HELPER \
// RUN:   2>&1 | FileCheck %s --check-prefix=HELPER

#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

using namespace cute;
using half = _Float16;

#ifndef SELECTOR
#ifdef MMA_TYPO
// MMA: cuda-atom-name-errors.cu:[[@LINE+1]]:{{[0-9]+}}: error: mma_atom: the registry has no variant of this name (cute-atoms lists them)
constexpr MmaAtom Mma = mma_atom("SM80_16x8x16_F32F16F16F32_NT");
#elif defined(COPY_AS_MMA)
// KIND: cuda-atom-name-errors.cu:[[@LINE+1]]:{{[0-9]+}}: error: mma_atom: this variant is a copy atom (copy_atom names it)
constexpr MmaAtom Mma = mma_atom("SM75_U32x4_LDSM_N");
#else
constexpr MmaAtom Mma = mma_atom("SM80_16x8x16_F32F16F16F32_TN");
#endif
constexpr TiledMmaShape TM = tiled_mma_shape(Mma, "(2,2)", "(32,32,16)");
#ifdef COPY_TYPO
// COPY: cuda-atom-name-errors.cu:[[@LINE+1]]:{{[0-9]+}}: error: copy_atom: the registry has no variant of this name (cute-atoms lists them)
constexpr CopyAtom S2R = copy_atom("SM75_U32x4_LDSM_M");
#elif defined(COPY_TYPO_HELPER)
constexpr CopyAtom pick(const char *Name) { return copy_atom(Name); }
constexpr CopyAtom S2R = pick("SM75_U32x4_LDSM_M");
#else
constexpr CopyAtom S2R = copy_atom("SM75_U32x4_LDSM_N");
#endif

// GOOD: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// GOOD: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
__global__ void kernel(const half *In, half *Out) {
  __shared__ half SA[128 * 32], SB[128 * 32];
  for (int I = threadIdx.x; I < 128 * 32; I += 128) {
    SA[I] = In[I];
    SB[I] = In[I + 128 * 32];
  }
  __syncthreads();
  auto TiledMma = make_tiled_mma<TM>();
  auto ThrMma = TiledMma.get_slice(threadIdx.x);
  auto A = make_view(SA, make_layout("(128,32):(32,1)"));
  auto B = make_view(SB, make_layout("(128,32):(32,1)"));
  half RA[TM.size_A(128, 32)], RB[TM.size_B(128, 32)];
  float RC[TM.size_C(128, 128)];
  auto FA = make_fragment(RA, ThrMma.partition_fragment_A(A));
  auto FB = make_fragment(RB, ThrMma.partition_fragment_B(B));
  auto FC = make_fragment(RC, ThrMma.partition_fragment_C(
                                  make_shape("(128,128)")));
  fill(FC, 0.0f);
  // HELPER: error: {{.*}}cuda-atom-name-errors.cu:[[@LINE+1]]:{{[0-9]+}}: {{.*}}copy_atom=SM75_U32x4_LDSM_M: names no copy atom of the registry; near matches: SM75_U32x4_LDSM_N
  auto CopyA = make_tiled_copy_A<half, S2R>(TiledMma);
  auto ThrA = CopyA.get_slice(threadIdx.x);
  copy(CopyA, ThrA.partition_S(A), ThrA.retile_D(FA));
  auto CopyB = make_tiled_copy_B<half, S2R>(TiledMma);
  auto ThrB = CopyB.get_slice(threadIdx.x);
  copy(CopyB, ThrB.partition_S(B), ThrB.retile_D(FB));
  for (int K = 0; K < size(FA, "mode=2"); ++K)
    gemm(TiledMma, slice(FA, make_coord("(_,_,?)", K)),
         slice(FB, make_coord("(_,_,?)", K)), FC);
  for (int I = 0; I < size(FC); ++I)
    Out[I * 128 + threadIdx.x] = half(load(FC, I));
}
#endif

#ifdef SELECTOR
#ifdef SELECTOR_TILE
// No N divides 12.
// TILE: cuda-atom-name-errors.cu:[[@LINE+1]]:{{[0-9]+}}: error: no GMMA atom of these element types and majors (8-bit operands are K-major) has an N (a multiple of 8 up to 256) that divides the tile
constexpr MmaAtom QK = GMMA::ss_op_selector<half, half, float, 12>();
#elif defined(SELECTOR_TYPES)
// TYPES: cuda-atom-name-errors.cu:[[@LINE+1]]:{{[0-9]+}}: error: no GMMA atom takes these element types (A and B: F16, BF16, E4M3 or E5M2; C: F16 or F32)
constexpr MmaAtom QK = GMMA::ss_op_selector<double, double, float, 64>();
#else
constexpr MmaAtom QK = GMMA::ss_op_selector<half, half, float, 128>();
#endif
constexpr TiledMmaShape TQ = tiled_mma_shape(QK, "(2,1,1)");

// GOOD-SEL: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
__global__ void selected(float *Out) {
  __shared__ alignas(1024) half SA[128 * 64], SB[128 * 64];
  auto Mma = make_tiled_mma<TQ>();
  auto Thr = Mma.get_slice(threadIdx.x);
  float Acc[TQ.size_C(128, 128)];
  auto C = make_fragment(Acc, Thr.partition_fragment_C(
                                  make_shape("(128,128)")));
  auto A = make_view(SA, tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                                       make_shape("(128,64)")));
  auto B = make_view(SB, tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                                       make_shape("(128,64)")));
  warpgroup_arrive();
  gemm(Mma, Thr.partition_A(A), Thr.partition_B(B), C);
  warpgroup_commit_batch();
  warpgroup_wait<0>();
  for (int I = 0; I < size(C); ++I)
    Out[I] = load(C, I);
}
#endif
