//===- cute_mma_tma_epi_sm100.cu - CuTe's Blackwell tutorial 05 -----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's fifth Blackwell tutorial (examples/cute/tutorial/blackwell/
/// 05_mma_tma_epi_sm100.cu of CUTLASS), ported to <cute/llvm.h>: tutorial
/// 04 (examples/cute_mma_tma_2sm_sm100: CTA-pair UMMA, 2-CTA TMA multicast
/// in 4 x 4 clusters) with an epilogue through shared memory and TMA:
///
///  - each CTA's 128 x 256 accumulator in four epilogue tiles of 128 x 64;
///  - per tile: C's tile loaded by TMA into a 128-byte-swizzled fp32
///    shared-memory tile (two boxes of 32 columns: the swizzle's span), the
///    accumulator's tile to registers by make_tmem_copy of
///    SM100_TMEM_LOAD_32dp32b1x, C's values from shared memory through the
///    same TiledCopy's partition_D, axpby, D's values to shared memory, and
///    D's tile stored by TMA.
///
/// The inputs are the tutorial's kind (+-1 and small integers), so the
/// result is exact in fp32 and must equal a host reference. M, N and K must
/// be multiples of the tile. It runs on sm_100 only (its gpu-arch file);
/// elsewhere it is compiled and checked by ptxas and
/// test/Lowering/cuda-example-blackwell-tutorials.test.
///
///   cute_mma_tma_epi_sm100 [M N K]...  (multiples of 512, 1024, 64)
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/algorithm.h>
#include <cute/arch/sm100.h>
#include <cute/arch/sm90.h>
#include <cute/llvm.h>
#include <cute/tma.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using half = _Float16;

/// A CTA's rows of A's and of B's tile; the pair's tile is 2 BM x BN.
constexpr int BM = 128, BN = 256, BK = 64, Threads = 128;
/// The cluster as the TiledMMA sees it: (V,M,N) = (2,2,4), rank
/// v + 2m + 4n (4 x 4 CTAs in the launch).
constexpr int ClusterV = 2, ClusterM = 2, ClusterN = 4;
constexpr cute::MmaAtom Mma =
    cute::mma_atom("SM100_MMA_F16BF16_2x1SM_SS<F16,F16,F32,256,256>");
constexpr cute::TiledMmaShape TiledMma = cute::tiled_mma_shape(Mma);
constexpr cute::CopyAtom T2R = cute::copy_atom("SM100_TMEM_LOAD_32dp32b1x");
/// The epilogue tile (of a CTA's 128 x BN accumulator), and the values of
/// it each of the 128 threads holds (the TMEM copy's partition).
constexpr int EpiM = 128, EpiN = 64;
constexpr int FragD = EpiM * EpiN / Threads;
/// The columns allocated: all of them, as the tutorial does.
constexpr int TmemColumns = 512;

struct SharedStorage {
  alignas(1024) half A[BM * BK];
  alignas(1024) half B[BN / 2 * BK];
  alignas(1024) float C[EpiM * EpiN];
  alignas(1024) float D[EpiM * EpiN];
  alignas(16) uint64_t TmaBarrier;
  alignas(16) uint64_t MmaBarrier;
  alignas(16) uint32_t TmemBasePtr;
};

__global__ void __launch_bounds__(Threads)
    gemmDevice(const __grid_constant__ CUtensorMap TmaA,
               const __grid_constant__ CUtensorMap TmaB,
               const __grid_constant__ CUtensorMap TmaC,
               const __grid_constant__ CUtensorMap TmaD, int M, int N, int K,
               float Alpha, float Beta) {
  using namespace cute;
  // The cluster's CTA layout (V,M,N) and this CTA's coordinate in it.
  Layout Cluster = make_layout(
      make_shape(Int<ClusterV>{}, Int<ClusterM>{}, Int<ClusterN>{}));
  Coord InCluster = idx2crd(int(sm90::cluster_ctarank()), get_shape(Cluster));
  int Cv = get_leaf<0>(InCluster), Cm = get_leaf<1>(InCluster),
      Cn = get_leaf<2>(InCluster);
  bool Leader = Cv == 0;
  // The pair's tile: (blockIdx.x / 2, blockIdx.y) of 2 BM x BN tiles.
  int PairM = blockIdx.x / ClusterV, PairN = blockIdx.y;
  // The TMA partition: the identity layouts of A (K x M) and B (K x N)
  // divided into this CTA's boxes: a quarter of its half of A's tile (the
  // four pairs of a row share it), a half of its half of B's (the two of a
  // column).
  Layout BoxesA = zipped_divide(make_layout("(?,?):(1@0,1@1)", K, M),
                                make_tile(_64{}, _32{}));
  Layout BoxesB = zipped_divide(make_layout("(?,?):(1@0,1@1)", K, N),
                                make_tile(_64{}, _64{}));
  // The pair's even CTA receives both CTAs' tiles' bytes.
  constexpr unsigned TmaBytes = ClusterV * (BM + BN / 2) * BK * sizeof(half);
  // The multicast masks: A to (v, m, *), B to (v, *, n); the MMA's
  // completion to every CTA whose loads reach the pair: (*, m, *) and
  // (*, *, n).
  uint16_t MaskA = 0, MaskB = 0, MaskC = 0;
#pragma unroll
  for (int I = 0; I < ClusterN; ++I)
    MaskA |= uint16_t(1u << crd2idx(make_coord(Cv, Cm, I), Cluster));
#pragma unroll
  for (int I = 0; I < ClusterM; ++I)
    MaskB |= uint16_t(1u << crd2idx(make_coord(Cv, I, Cn), Cluster));
#pragma unroll
  for (int V = 0; V < ClusterV; ++V) {
#pragma unroll
    for (int I = 0; I < ClusterN; ++I)
      MaskC |= uint16_t(1u << crd2idx(make_coord(V, Cm, I), Cluster));
#pragma unroll
    for (int I = 0; I < ClusterM; ++I)
      MaskC |= uint16_t(1u << crd2idx(make_coord(V, I, Cn), Cluster));
  }

  // The shared-memory tiles, in the 128-byte swizzle UMMA reads.
  extern __shared__ __attribute__((aligned(1024))) unsigned char Smem[];
  SharedStorage &S = *reinterpret_cast<SharedStorage *>(Smem);
  // This CTA's half of the pair's A and B tiles (2 BM x BK, BN x BK), as
  // the pair's TiledMMA partitions them: CuTe's partition_shape_A/B,
  // ((MmaA, MmaK), NumMma_M, NumMma_K), laid out by
  // UMMA::tile_to_mma_shape. The TMA boxes land in the same buffers, seen
  // as this CTA's (BM x BK) tiles.
  auto TiledMmaV = make_tiled_mma<TiledMma>();
  auto CtaMma = TiledMmaV.get_slice(Cv); // this CTA is "thread" v of the pair
  Layout SLayoutA = UMMA::tile_to_mma_shape(
      UMMA::Layout_K_SW128_Atom<half>(),
      partition_shape_A(TiledMmaV, make_shape(Int<2 * BM>{}, Int<BK>{})));
  Layout SLayoutB = UMMA::tile_to_mma_shape(
      UMMA::Layout_K_SW128_Atom<half>(),
      partition_shape_B(TiledMmaV, make_shape(Int<BN>{}, Int<BK>{})));
  auto TCsA = make_view(S.A, SLayoutA); // (MmaA,NumMma_M,NumMma_K)
  auto TCsB = make_view(S.B, SLayoutB); // (MmaB,NumMma_N,NumMma_K)
  auto SA = make_view(S.A, tile_to_shape(UMMA::Layout_K_SW128_Atom<half>(),
                                         make_shape(Int<BM>{}, Int<BK>{})));
  auto SB = make_view(S.B, tile_to_shape(UMMA::Layout_K_SW128_Atom<half>(),
                                         make_shape(Int<BN / 2>{}, Int<BK>{})));

  // Tensor memory: warp 0 of each CTA allocates the pair's columns; the
  // accumulator is the TiledMMA's fragment in them.
  int Warp = threadIdx.x / 32;
  if (Warp == 0) {
    sm100::tmem_alloc<2>(&S.TmemBasePtr, TmemColumns);
    sm100::tmem_relinquish_alloc_permit<2>();
  }
  if (threadIdx.x == 0) {
    sm90::mbarrier_init(&S.TmaBarrier, 1);
    // The pairs that multicast into this one: its row's and column's.
    sm90::mbarrier_init(&S.MmaBarrier, ClusterM + ClusterN - 1);
    sm90::fence_barrier_init();
  }
  // Every CTA of the cluster sees the others' barriers and columns.
  sm100::tcgen05_fence_before_thread_sync();
  sm90::cluster_sync();
  sm100::tcgen05_fence_after_thread_sync();
  uint32_t TmemBase = *(volatile uint32_t *)&S.TmemBasePtr;
  Tensor<float> TCtAcc = TiledMmaV.make_fragment_C<2 * BM, BN>(TmemBase);

  // The mainloop: each k-tile to shared memory by TMA, then the pair's
  // MMAs, issued by its even CTA.
  unsigned TmaPhase = 0, Phase = 0;
  int KTiles = K / BK;
#pragma unroll 1
  for (int KTile = 0; KTile < KTiles; ++KTile) {
    if (threadIdx.x == 0) {
      if (Leader)
        sm90::mbarrier_arrive_expect_tx(&S.TmaBarrier, TmaBytes);
      // Quarter Cn of this CTA's half of A's tile, half Cm of its half of
      // B's.
      int RowA = PairM * 8 + Cv * 4 + Cn, RowB = PairN * 4 + Cv * 2 + Cm;
      Coord At = crd2crd(make_coord("(0,(?,?))", KTile, RowA), BoxesA);
      sm100::tma_load_2sm_multicast(
          &TmaA, &S.TmaBarrier, MaskA,
          S.A + crd2idx(make_coord(Cn * 32, 0), get_layout(SA)),
          get_leaf<0>(At), get_leaf<1>(At));
      Coord Bt = crd2crd(make_coord("(0,(?,?))", KTile, RowB), BoxesB);
      sm100::tma_load_2sm_multicast(
          &TmaB, &S.TmaBarrier, MaskB,
          S.B + crd2idx(make_coord(Cm * 64, 0), get_layout(SB)),
          get_leaf<0>(Bt), get_leaf<1>(Bt));
    }
    if (Leader) {
      sm90::mbarrier_wait(&S.TmaBarrier, TmaPhase);
      TmaPhase ^= 1;
      if (threadIdx.x == 0) {
        sm100::tcgen05_fence_after_thread_sync();
        // The first k-tile clears the accumulator.
        gemm(TiledMmaV, TCsA, TCsB, TCtAcc, KTile > 0);
        sm100::umma_commit_multicast<2>(&S.MmaBarrier, MaskC);
      }
    }
    // The pair's MMAs are done before the tiles are overwritten.
    sm90::mbarrier_wait(&S.MmaBarrier, Phase);
    Phase ^= 1;
  }
  sm100::tcgen05_fence_after_thread_sync();

  // The epilogue, tile by tile of EpiM x EpiN: C's tile by TMA into
  // shared memory, the accumulator's from tensor memory, D = alpha Acc +
  // beta C in registers, D's tile by TMA from shared memory. The tiles of
  // C and D in shared memory: fp32 rows in the 128-byte swizzle, two boxes
  // of 32 columns (the swizzle's span) each.
  Layout SwEpi = tile_to_shape(UMMA::Layout_K_SW128_Atom<float>(),
                               make_shape(Int<EpiM>{}, Int<EpiN>{}));
  auto SC = make_view(S.C, SwEpi), SD = make_view(S.D, SwEpi);
  // This CTA's 128 x BN accumulator and its C / D tile's origin.
  Tensor<float> TAcc = flatten(slice(TCtAcc, make_coord(_, 0, 0)));
  int Row0 = PairM * 2 * BM + Cv * BM, Col0 = PairN * BN;
  Tile EpiTile = make_tile(Int<EpiM>{}, Int<EpiN>{});
  constexpr unsigned EpiBytes = EpiM * EpiN * sizeof(float);
#pragma unroll 1
  for (int E = 0; E < BN / EpiN; ++E) {
    // TMA load of C's tile.
    if (threadIdx.x == 0) {
      sm90::mbarrier_arrive_expect_tx(&S.TmaBarrier, EpiBytes);
#pragma unroll
      for (int H = 0; H < EpiN / 32; ++H)
        sm90::tma_load(&TmaC, &S.TmaBarrier,
                       S.C + crd2idx(make_coord(0, H * 32), SwEpi),
                       Col0 + E * EpiN + H * 32, Row0);
    }
    sm90::mbarrier_wait(&S.TmaBarrier, TmaPhase);
    TmaPhase ^= 1;
    // The accumulator's tile and C's to registers.
    auto TAccE = local_tile(TAcc, EpiTile, make_coord(0, E));
    auto T2RCopy = make_tmem_copy<float, T2R>(TAccE);
    auto ThrT2R = T2RCopy.get_slice(threadIdx.x);
    auto TTRsC = ThrT2R.partition_D(SC); // (TmemCpy,NumTmemCpy)
    auto TTRsD = ThrT2R.partition_D(SD);
    float RegC[FragD], RegD[FragD];
    auto TTRrC = make_fragment(RegC, make_layout_like(get_layout(TTRsC)));
    auto TTRrD = make_fragment(RegD, make_layout_like(get_layout(TTRsD)));
    copy(TTRsC, TTRrC);
    copy(T2RCopy, ThrT2R.partition_S(TAccE), TTRrD);
    axpby(Beta, TTRrC, Alpha, TTRrD);
    // D's tile to shared memory, then by TMA to global memory.
    __syncthreads();
    copy(TTRrD, TTRsD);
    sm90::fence_view_async_shared();
    __syncthreads();
    if (threadIdx.x == 0) {
#pragma unroll
      for (int H = 0; H < EpiN / 32; ++H)
        sm90::tma_store(&TmaD, S.D + crd2idx(make_coord(0, H * 32), SwEpi),
                        Col0 + E * EpiN + H * 32, Row0);
      sm90::tma_store_commit();
      sm90::tma_store_wait<0>();
    }
    __syncthreads();
  }

  // No CTA exits while a peer may still multicast into it or arrive on it.
  sm100::tcgen05_fence_before_thread_sync();
  sm90::cluster_sync();
  if (Warp == 0) {
    sm100::tcgen05_fence_after_thread_sync();
    sm100::tmem_dealloc<2>(TmemBase, TmemColumns);
  }
}

bool check(int M, int N, int K, std::mt19937 &Rng) {
  std::vector<half> HA(size_t(M) * K), HB(size_t(N) * K);
  std::vector<float> HC(size_t(M) * N);
  for (half &X : HA)
    X = Rng() % 2 ? half(1) : half(-1);
  for (half &X : HB)
    X = Rng() % 2 ? half(1) : half(-1);
  for (float &X : HC)
    X = float(int(Rng() % 5) - 2);
  float Alpha = 1, Beta = -1;
  half *DA = example::toDevice(HA), *DB = example::toDevice(HB);
  float *DC = example::toDevice(HC);
  float *DD = example::poisonedDevice<float>(HC.size());
  // C's and D's maps: fp32 M x N row-major in boxes of 32 columns by EpiM
  // rows, in the epilogue tiles' swizzle.
  CUtensorMap MapC, MapD;
  const char *EpiSwizzle = "S<3,2,3> o 0 o (8,32):(32,1)";
  // The tensor maps: K-major boxes of BK x 128 (A) and BK x 256 (B) in the
  // tiles' 128-byte swizzle.
  CUtensorMap MapA, MapB;
  using U64 = uint64_t;
  const char *Swizzle = "S<3,3,3> o 0 o (8,64):(64,1)";
  const char *Err = cute::tma::makeTensorMap(
      &MapA, DA, {U64(K), U64(M)}, {1, U64(K)}, {BK, BM / ClusterN}, Swizzle);
  if (!Err)
    Err = cute::tma::makeTensorMap(&MapB, DB, {U64(K), U64(N)}, {1, U64(K)},
                                   {BK, BN / 2 / ClusterM}, Swizzle);
  if (!Err)
    Err = cute::tma::makeTensorMap(&MapC, DC, {U64(N), U64(M)}, {1, U64(N)},
                                   {32, EpiM}, EpiSwizzle);
  if (!Err)
    Err = cute::tma::makeTensorMap(&MapD, DD, {U64(N), U64(M)}, {1, U64(N)},
                                   {32, EpiM}, EpiSwizzle);
  if (Err) {
    std::printf("tensor map: %s\n", Err);
    std::exit(1);
  }
  int Smem = int(sizeof(SharedStorage)) + 1024;
  CHECK_CUDA(cudaFuncSetAttribute(
      gemmDevice, cudaFuncAttributeMaxDynamicSharedMemorySize, Smem));
  cudaLaunchConfig_t Config = {};
  cudaLaunchAttribute Attr[1];
  Attr[0].id = cudaLaunchAttributeClusterDimension;
  Attr[0].val.clusterDim.x = ClusterV * ClusterM;
  Attr[0].val.clusterDim.y = ClusterN;
  Attr[0].val.clusterDim.z = 1;
  Config.gridDim = dim3(M / BM, N / BN);
  Config.blockDim = dim3(Threads);
  Config.dynamicSmemBytes = Smem;
  Config.attrs = Attr;
  Config.numAttrs = 1;
  CHECK_CUDA(cudaLaunchKernelEx(&Config, gemmDevice, MapA, MapB, MapC, MapD, M,
                                N, K, Alpha, Beta));
  std::vector<float> Out = example::fromDevice(DD, HC.size());
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  CHECK_CUDA(cudaFree(DD));
  long Bad = 0;
  for (int Mi = 0; Mi < M; ++Mi)
    for (int Ni = 0; Ni < N; ++Ni) {
      float Acc = 0;
      for (int Ki = 0; Ki < K; ++Ki)
        Acc += float(HA[size_t(Mi) * K + Ki]) * float(HB[size_t(Ni) * K + Ki]);
      float Want = Alpha * Acc + Beta * HC[size_t(Mi) * N + Ni];
      Bad += Out[size_t(Mi) * N + Ni] != Want;
    }
  std::printf("mma_tma_epi_sm100 %d x %d x %d: %ld mismatches\n", M, N, K, Bad);
  return Bad == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<int> Shapes;
  for (int I = 1; I < Argc; ++I)
    Shapes.push_back(std::atoi(Argv[I]));
  if (Shapes.empty() || Shapes.size() % 3)
    Shapes = {512, 1024, 64, 1024, 2048, 512};
  std::mt19937 Rng(std::random_device{}());
  bool Ok = true;
  for (size_t I = 0; I < Shapes.size(); I += 3) {
    if (Shapes[I] % (BM * ClusterV * ClusterM) ||
        Shapes[I + 1] % (BN * ClusterN) ||
        Shapes[I + 2] % BK) {
      std::printf("M, N, K must be multiples of 512, 1024, 64\n");
      return 1;
    }
    Ok &= check(Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
