// gemm checks its operands mode by mode, not only their sizes: each
// mistake below kept every total size right and was silent wrong code. One
// error each, at the gemm call, with or without optimisation.
// REQUIRES: cuda
//
// The same kernels with the right operands compile.
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o - | FileCheck %s --check-prefix=GOOD
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -S -O3 %s -o - -DUSE_UMMA \
// RUN:   | FileCheck %s --check-prefix=GOOD-UMMA
//
// mma.sync with A and B swapped.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DSWAP 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SWAP --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 %s -o /dev/null -DSWAP 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SWAP --implicit-check-not=error:
//
// mma.sync with the C fragment of a (32,64) tile for A and B of (64,32):
// the same number of accumulators, another M.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DC_OF_ANOTHER_M 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CM --implicit-check-not=error:
//
// gemm without an atom given B as (K,N) instead of CuTe's (N,K).
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DB_KN 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KN --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -g %s -o /dev/null -DB_KN 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KN --implicit-check-not=error:
//
// WGMMA with the partitions of A and B swapped (a 64x128 atom on a
// 128x128x64 tile: the (M,K) and (N,K) tiles differ).
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DWGMMA_SWAP 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WSWAP --implicit-check-not=error:
//
// UMMA of N = 256 into 128 allocated columns of tensor memory.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -S -O3 %s -o /dev/null -DUSE_UMMA -DCOLS=128 \
// RUN:   2>&1 | FileCheck %s --check-prefix=COLS --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -S -O0 %s -o /dev/null -DUSE_UMMA -DCOLS=128 \
// RUN:   2>&1 | FileCheck %s --check-prefix=COLS --implicit-check-not=error:

#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

using namespace cute;
using half = _Float16;

#ifndef USE_UMMA
constexpr MmaAtom Sm80 = mma_atom("SM80_16x8x16_F32F16F16F32_TN");
constexpr TiledMmaShape TM = tiled_mma_shape(Sm80, "(2,2)");

// GOOD-LABEL: .entry _Z7mmaSyncPKDF16_Pf(
// GOOD-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
__global__ void mmaSync(const half *In, float *Out) {
  auto Mma = make_tiled_mma<TM>();
  auto Thr = Mma.get_slice(threadIdx.x);
  auto A = make_view(In, make_layout("(64,16):(16,1)"));
  auto B = make_view(In + 1024, make_layout("(32,16):(16,1)"));
  half RA[TM.size_A(64, 16)], RB[TM.size_B(32, 16)];
  float RC[TM.size_C(64, 32)];
  auto FA = make_fragment(RA, Thr.partition_fragment_A(A));
  auto FB = make_fragment(RB, Thr.partition_fragment_B(B));
  auto FC = make_fragment(RC, Thr.partition_fragment_C(make_shape("(64,32)")));
  auto GA = Thr.partition_A(A), GB = Thr.partition_B(B);
  for (int I = 0; I < size(FA); ++I)
    store(FA, I, load(GA, I));
  for (int I = 0; I < size(FB); ++I)
    store(FB, I, load(GB, I));
  fill(FC, 0.0f);
  auto A0 = slice(FA, make_coord("(_,_,0)"));
  auto B0 = slice(FB, make_coord("(_,_,0)"));
#if defined(SWAP)
  // SWAP: error: {{.*}}cuda-gemm-operand-errors.cu:[[@LINE+1]]:3: gemm: mode 0 of A ({{.*}}), the values of one atom call, has size 4, but each call of the MMA atom takes 8 values of A (are A and B swapped?)
  gemm(Mma, B0, A0, FC);
#elif defined(C_OF_ANOTHER_M)
  float RC2[TM.size_C(32, 64)];
  auto FC2 =
      make_fragment(RC2, Thr.partition_fragment_C(make_shape("(32,64)")));
  fill(FC2, 0.0f);
  // CM: error: {{.*}}cuda-gemm-operand-errors.cu:[[@LINE+1]]:3: gemm: mode 1 of C ({{.*}}), its M, has size 1, but the other operands' M is 2
  gemm(Mma, A0, B0, FC2);
  FC = FC2;
#else
  gemm(Mma, A0, B0, FC);
#endif
  for (int I = 0; I < size(FC); ++I)
    Out[I * 128 + threadIdx.x] = load(FC, I);
}

// GOOD-LABEL: .entry _Z9universalPKfPf(
// GOOD: fma.rn.f32
__global__ void universal(const float *In, float *Out) {
  auto A = make_view(In, make_layout("(8,4):(1,8)"));
#ifdef B_KN
  auto B = make_view(In + 32, make_layout("(4,16):(1,4)"));
#else
  auto B = make_view(In + 32, make_layout("(16,4):(1,16)"));
#endif
  float R[128];
  auto C = make_view(R, make_layout("(8,16):(1,8)"));
  fill(C, 0.0f);
  // KN: error: {{.*}}cuda-gemm-operand-errors.cu:[[@LINE+1]]:3: gemm: mode 0 of B ((4,16):(1,4)), its N, has size 4, but the other operands' N is 16 (B is (N,K), as in CuTe)
  gemm(A, B, C);
  for (int I = 0; I < 128; ++I)
    Out[I] = R[I];
}

constexpr MmaAtom Wgmma = mma_atom("SM90_64x128x16_F32F16F16_SS");
constexpr TiledMmaShape TW = tiled_mma_shape(Wgmma, "(2,1,1)");

// GOOD-LABEL: .entry _Z5wgmmaPf(
// GOOD-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
__global__ void wgmma(float *Out) {
  __shared__ alignas(1024) half SA[128 * 32], SB[128 * 32];
  auto Mma = make_tiled_mma<TW>();
  auto Thr = Mma.get_slice(threadIdx.x);
  auto A = make_view(SA, tile_to_shape(GMMA::Layout_K_SW64_Atom<half>(),
                                       make_shape("(128,32)")));
  auto B = make_view(SB, tile_to_shape(GMMA::Layout_K_SW64_Atom<half>(),
                                       make_shape("(128,32)")));
  float Acc[TW.size_C(128, 128)];
  auto C = make_fragment(Acc, Thr.partition_fragment_C(
                                  make_shape("(128,128)")));
  warpgroup_arrive();
#ifdef WGMMA_SWAP
  // WSWAP: error: {{.*}}cuda-gemm-operand-errors.cu:[[@LINE+1]]:3: gemm: mode 0 of A ({{.*}}), the values of one atom call, has size 2048, but each call of the MMA atom takes 1024 values of A (are A and B swapped?)
  gemm(Mma, Thr.partition_B(B), Thr.partition_A(A), C, 0);
#else
  gemm(Mma, Thr.partition_A(A), Thr.partition_B(B), C, 0);
#endif
  warpgroup_commit_batch();
  warpgroup_wait<0>();
  for (int I = 0; I < size(C); ++I)
    Out[I * 256 + threadIdx.x] = load(C, I);
}
#endif

#ifdef USE_UMMA
#include <cute/arch/sm100.h>
#include <cute/arch/sm90.h>
constexpr MmaAtom Umma = mma_atom("SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>");
constexpr TiledMmaShape U = tiled_mma_shape(Umma);
#ifndef COLS
#define COLS 256
#endif

// GOOD-UMMA: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// GOOD-UMMA-COUNT-4: tcgen05.mma.cta_group::1.kind::f16
__global__ void umma(float *Out) {
  __shared__ alignas(1024) half SA[128 * 64], SB[256 * 64];
  __shared__ uint32_t Slot;
  __shared__ uint64_t Bar;
  if (threadIdx.x / 32 == 0)
    sm100::tmem_alloc(&Slot, COLS);
  sm100::tcgen05_fence_before_thread_sync();
  __syncthreads();
  sm100::tcgen05_fence_after_thread_sync();
  uint32_t Tmem = Slot;
  auto Mma = make_tiled_mma<U>();
  auto Thr = Mma.get_slice(0);
  auto A = make_view(SA, tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                                       make_shape("(128,64)")));
  auto B = make_view(SB, tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                                       make_shape("(256,64)")));
  auto Acc = Mma.make_fragment_C<128, 256>(Tmem);
  if (threadIdx.x == 0) {
    // COLS: error: {{.*}}cuda-gemm-operand-errors.cu:[[@LINE+1]]:5: variant 'SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>': the accumulator takes 256 columns of tensor memory from column 0{{( or later)?}}, past the 128 columns allocated to its address
    gemm(Mma, Thr.partition_A(A), Thr.partition_B(B), Acc, 0);
    sm100::umma_commit(&Bar);
  }
  Out[threadIdx.x] = 0;
}
#endif
