// FP8 element types (<cute/numeric.h>) through the CuTe idiom on sm_90a:
// tensors of float_e4m3_t in 128-byte-swizzled shared memory, the WGMMA atom
// GMMA::ss_op_selector picks for them (K = 32), gemm(tiled_mma, ...) from
// their partitions, and the f32 accumulators converted back to e4m3 in
// pairs (cvt.rn.satfinite.e4m3x2.f32) by cute::convert; and the RS form,
// A from an e4m3 register fragment (four 32-bit registers of four values
// per k-block of 32). A tensor of e5m2 given to the e4m3 atom is one error
// at the call, naming both types.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DBAD_FORMAT %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORMAT --implicit-check-not=error:

#include <cute/algorithm.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

using namespace cute;

constexpr MmaAtom Atom =
    GMMA::ss_op_selector<float_e4m3_t, float_e4m3_t, float, 128>();
static_assert(atom_traits::equal(Atom.Name, "SM90_64x128x32_F32E4M3E4M3_SS"));
static_assert(atom_traits::equal(
    GMMA::ss_op_selector<float_e5m2_t, float_e4m3_t, _Float16, 64>().Name,
    "SM90_64x64x32_F16E5M2E4M3_SS"));
constexpr TiledMmaShape S = tiled_mma_shape(Atom);

#ifdef BAD_FORMAT
using ElementB = float_e5m2_t;
#else
using ElementB = float_e4m3_t;
#endif

// CHECK-LABEL: .entry _Z8gemmTile
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// CHECK-NOT: wgmma.mma_async
// CHECK-COUNT-32: cvt.rn.satfinite.e4m3x2.f32
// CHECK-NOT: cvt.rn.satfinite
// CHECK: ret;
__global__ void gemmTile(const float_e4m3_t *A, const ElementB *B,
                         float_e4m3_t *D) {
  __shared__ alignas(1024) float_e4m3_t SA[64 * 128];
  __shared__ alignas(1024) ElementB SB[128 * 128];
  for (int I = threadIdx.x; I < 64 * 128; I += 128)
    SA[I] = A[I];
  for (int I = threadIdx.x; I < 128 * 128; I += 128)
    SB[I] = B[I];
  __syncthreads();
  // (64,128) and (128,128) K-major tiles: 128 e4m3 are one 128-byte row.
  auto TileA = make_view(SA, tile_to_shape(GMMA::Layout_K_SW128_Atom<float_e4m3_t>(),
                                           make_shape(_64{}, _128{})));
  auto TileB = make_view(SB, tile_to_shape(GMMA::Layout_K_SW128_Atom<ElementB>(),
                                           make_shape(_128{}, _128{})));
  auto Mma = make_tiled_mma<S>();
  auto Thr = Mma.get_slice(threadIdx.x);
  float Acc[64];
  auto TCrC = make_fragment(Acc, partition_fragment_C(Mma, make_shape(_64{}, _128{})));
  warpgroup_fence_operand(Acc);
  warpgroup_arrive();
  // FORMAT: error: {{.*}}cuda-fp8.cu:[[@LINE+1]]:3: expects operand b with element type e4m3, but get e5m2
  gemm(Mma, Thr.partition_A(TileA), Thr.partition_B(TileB), TCrC, 0);
  warpgroup_commit_batch();
  warpgroup_wait<0>();
  warpgroup_fence_operand(Acc);
  float_e4m3_t Out[64];
  auto TCrD = make_fragment(Out, partition_fragment_C(Mma, make_shape(_64{}, _128{})));
  convert(TCrC, TCrD);
  for (int I = 0; I < 64; ++I)
    D[threadIdx.x * 64 + I] = Out[I];
}

#ifndef BAD_FORMAT
constexpr MmaAtom AtomRS =
    GMMA::rs_op_selector<float_e4m3_t, float_e4m3_t, float, 128>();
constexpr TiledMmaShape SRS = tiled_mma_shape(AtomRS);

// CHECK-LABEL: .entry _Z10gemmTileRS
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{{(%r[0-9]+, ){63}%r[0-9]+}}}, {{{(%r[0-9]+, ){3}%r[0-9]+}}}, %rd{{[0-9]+}}
// CHECK-NOT: wgmma.mma_async
// CHECK: ret;
__global__ void gemmTileRS(const float_e4m3_t *A, const float_e4m3_t *B,
                           float *D) {
  __shared__ alignas(1024) float_e4m3_t SB[128 * 128];
  for (int I = threadIdx.x; I < 128 * 128; I += 128)
    SB[I] = B[I];
  __syncthreads();
  auto TileB = make_view(SB, tile_to_shape(GMMA::Layout_K_SW128_Atom<float_e4m3_t>(),
                                           make_shape(_128{}, _128{})));
  auto Mma = make_tiled_mma<SRS>();
  auto Thr = Mma.get_slice(threadIdx.x);
  constexpr int FragA = SRS.size_A(64, 128);
  float_e4m3_t RegA[FragA];
  auto TCrA = make_fragment(RegA, Thr.partition_fragment_A(make_shape(_64{}, _128{})));
  for (int I = 0; I < FragA; ++I)
    RegA[I] = A[threadIdx.x * FragA + I];
  float Acc[64];
  auto TCrC = make_fragment(Acc, partition_fragment_C(Mma, make_shape(_64{}, _128{})));
  warpgroup_fence_operand(Acc);
  warpgroup_arrive();
  gemm(Mma, TCrA, Thr.partition_B(TileB), TCrC, 0);
  warpgroup_commit_batch();
  warpgroup_wait<0>();
  warpgroup_fence_operand(Acc);
  for (int I = 0; I < 64; ++I)
    D[threadIdx.x * 64 + I] = Acc[I];
}
#endif
