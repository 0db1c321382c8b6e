// FP8 P feeding O = P V (FlashAttention-3's FP8 forward) through
// <cute/llvm.h>'s convert_layout_acc_Aregs_permuted: S = Q K^T by the SS
// e4m3 WGMMA (f32) is viewed as the A operand of the RS e4m3 WGMMA under
// the permutation of the keys that the call returns, and converted to e4m3
// in that order (pairs of adjacent accumulators, cvt.rn.satfinite.e4m3x2);
// V^T is staged K-major with its rows permuted alike. Or P is converted in
// S's own order and the view read by the WGMMA. The view and the
// permutation fold to constants at -O3 and -O0: no local memory, each RS
// WGMMA takes four 32-bit registers of P, and converted in A's order they
// are packed before the WGMMAs (ptxas injects no warpgroup.arrive). The
// permutation is the layout of test/Layout/acc-layouts-permuted.test. A
// pair of TiledMMAs that no permutation reconciles is one error at the
// user's line.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --allow-empty
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -DP_IN_S_ORDER %s -o %t.s.ptx
// RUN: FileCheck %s < %t.s.ptx
// RUN: %ptxas -arch=sm_90a %t.s.ptx -o /dev/null
// PTXAS-NOT: warpgroup.arrive is injected
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 -emit-llvm %s -o - | FileCheck %s --check-prefix=O0
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -emit-llvm -DERROR1 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR1 --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DERROR1 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR1 --implicit-check-not=error:
// O0-NOT: llvm.cute

#include <cute/algorithm.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

using namespace cute;

using E4M3 = float_e4m3_t;
constexpr int BM = 64, BN = 128, D = 128; // queries, keys, head dimension
constexpr MmaAtom QK = GMMA::ss_op_selector<E4M3, E4M3, float, BN>();
constexpr MmaAtom PV = GMMA::rs_op_selector<E4M3, E4M3, float, D>();
static_assert(atom_traits::equal(QK.Name, "SM90_64x128x32_F32E4M3E4M3_SS"));
static_assert(atom_traits::equal(PV.Name, "SM90_64x128x32_F32E4M3E4M3_RS"));
constexpr TiledMmaShape TiledQK = tiled_mma_shape(QK);
constexpr TiledMmaShape TiledPV = tiled_mma_shape(PV);

// The permutation of the keys, ((2,2,4,8)):((1,8,2,16)): k's bits (kk0,
// kk1, t0, t1, h, block...) are key bits (kk0, t0, t1, kk1, h, block...):
// B row 2 holds key 8, row 4 key 2, row 37 = 32 + 1 + 4 key 32 + 1 + 2 =
// 35; the view has 64 values.
// CHECK-LABEL: .entry _Z11permutationPi
// CHECK: st.global.b32 [%rd{{[0-9]+}}], 8;
// CHECK: st.global.b32 [%rd{{[0-9]+}}+4], 2;
// CHECK: st.global.b32 [%rd{{[0-9]+}}+8], 35;
// CHECK: st.global.b32 [%rd{{[0-9]+}}+12], 64;
// CHECK: ret;
__global__ void permutation(int *Out) {
  auto MmaQK = make_tiled_mma<TiledQK>();
  auto MmaPV = make_tiled_mma<TiledPV>();
  auto [PLayout, PermK] =
      convert_layout_acc_Aregs_permuted(MmaQK, MmaPV, make_shape(_64{}, _128{}));
  Out[0] = crd2idx(2, PermK);
  Out[1] = crd2idx(4, PermK);
  Out[2] = crd2idx(37, PermK);
  Out[3] = size(PLayout);
}

// One block of attention without the softmax: O = (Q K^T) V in e4m3.
// CHECK-LABEL: .entry _Z8attendPV
// CHECK-NOT: .local
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{{(%r[0-9]+, ){63}%r[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}
// CHECK-COUNT-32: cvt.rn.satfinite.e4m3x2.f32
// CHECK-NOT: cvt.rn.satfinite
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{{(%r[0-9]+, ){63}%r[0-9]+}}}, {{{(%r[0-9]+, ){3}%r[0-9]+}}}, %rd{{[0-9]+}}
// CHECK-NOT: wgmma.mma_async
// CHECK-NOT: .local
// CHECK: ret;
__global__ void attendPV(const E4M3 *Q, const E4M3 *K, const E4M3 *V,
                         float *O) {
  __shared__ alignas(1024) E4M3 SQ[BM * D];
  __shared__ alignas(1024) E4M3 SK[BN * D];
  __shared__ alignas(1024) E4M3 SVt[D * BN];
  auto MmaQK = make_tiled_mma<TiledQK>();
  auto MmaPV = make_tiled_mma<TiledPV>();
  auto ThrQK = MmaQK.get_slice(threadIdx.x);
  auto ThrPV = MmaPV.get_slice(threadIdx.x);
  Shape TileS = make_shape(_64{}, _128{});
  Shape TileO = make_shape(_64{}, _128{});
  auto [PLayout, PermK] = convert_layout_acc_Aregs_permuted(MmaQK, MmaPV, TileS);

  // Q (queries x d), K (keys x d) and V^T (d x keys) K-major, as FP8 WGMMA
  // reads them; row k of V^T's K is key PermK(k) of V.
  auto TQ = make_view(SQ, tile_to_shape(GMMA::Layout_K_SW128_Atom<E4M3>(),
                                        make_shape(_64{}, _128{})));
  auto TK = make_view(SK, tile_to_shape(GMMA::Layout_K_SW128_Atom<E4M3>(),
                                        make_shape(_128{}, _128{})));
  Layout VtLayout = tile_to_shape(GMMA::Layout_K_SW128_Atom<E4M3>(),
                                  make_shape(_128{}, _128{}));
  auto TVt = make_view(SVt, VtLayout);
  for (int I = threadIdx.x; I < BM * D; I += 128)
    SQ[I] = Q[I];
  for (int I = threadIdx.x; I < BN * D; I += 128)
    SK[I] = K[I];
  for (int I = threadIdx.x; I < D * BN; I += 128) {
    int Dc = I % D, Kc = I / D;
    SVt[crd2idx(make_coord("(?,?)", Dc, Kc), VtLayout)] =
        V[crd2idx(Kc, PermK) * D + Dc];
  }
  __syncthreads();

  float SAcc[TiledQK.size_C(BM, BN)];
  float OAcc[TiledPV.size_C(BM, D)];
  E4M3 PReg[TiledQK.size_C(BM, BN)];
  auto TSrS = make_fragment(SAcc, ThrQK.partition_fragment_C(TileS));
  auto TOrO = make_fragment(OAcc, ThrPV.partition_fragment_C(TileO));
#ifdef P_IN_S_ORDER
  // P in S's register order; the WGMMA reads it through the view.
  auto TSrP = make_fragment(PReg, ThrQK.partition_fragment_C(TileS));
  auto TOrP = make_view(PReg, PLayout);
#else
  // S viewed as the A operand; P in the A fragment's register order.
  auto TOrS = make_view(SAcc, PLayout);
  auto TOrP = make_fragment(PReg, ThrPV.partition_fragment_A(TileS));
#endif

  warpgroup_fence_operand(SAcc);
  warpgroup_arrive();
  gemm(MmaQK, ThrQK.partition_A(TQ), ThrQK.partition_B(TK), TSrS, 0);
  warpgroup_commit_batch();
  warpgroup_wait<0>();
  warpgroup_fence_operand(SAcc);
#ifdef P_IN_S_ORDER
  convert(TSrS, TSrP);
#else
  convert(TOrS, TOrP);
#endif
  warpgroup_fence_operand(OAcc);
  warpgroup_arrive();
  gemm(MmaPV, TOrP, ThrPV.partition_B(TVt), TOrO, 0);
  warpgroup_commit_batch();
  warpgroup_wait<0>();
  warpgroup_fence_operand(OAcc);
#pragma unroll
  for (int I = 0; I < TiledPV.size_C(BM, D); ++I)
    O[threadIdx.x * TiledPV.size_C(BM, D) + I] = OAcc[I];
}

#ifdef ERROR1
// S accumulated by two warpgroups side by side along the keys, P read by
// two along the queries: thread 0 accumulates rows 64 and 72 (S's second
// MMA along M) but reads no A value of them.
// ERROR1: error: {{.*}}cuda-acc-permuted.cu:[[@LINE+5]]:{{[0-9]+}}: {{.*}}convert_layout_acc_Aregs_permuted: no permutation of K makes the accumulator of SM90_64x128x32_F32E4M3E4M3_SS the A operand of SM90_64x128x32_F32E4M3E4M3_RS: thread 0 holds accumulators of row 64 but no A value of it (rows would have to move between threads)
__global__ void mismatched(int *Out) {
  TiledMMA S = make_tiled_mma("SM90_64x128x32_F32E4M3E4M3_SS", "(1,2,1)");
  TiledMMA O = make_tiled_mma("SM90_64x128x32_F32E4M3E4M3_RS", "(2,1,1)");
  auto [PLayout, PermK] =
      convert_layout_acc_Aregs_permuted(S, O, make_shape("(128,256)"));
  Out[0] = size(PLayout) + size(PermK);
}
#endif
