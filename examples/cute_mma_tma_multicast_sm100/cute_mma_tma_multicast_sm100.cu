//===- cute_mma_tma_multicast_sm100.cu - CuTe's Blackwell tutorial 03 -----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's third Blackwell tutorial (examples/cute/tutorial/blackwell/
/// 03_mma_tma_multicast_sm100.cu of CUTLASS), ported to <cute/llvm.h>:
/// tutorial 02 (examples/cute_mma_tma_sm100) in 4 x 4 clusters, each
/// operand tile loaded once per cluster row or column by TMA multicast:
///
///  - the cluster's CTA layout (4,4): CTA (m, n) of rank m + 4n computes the
///    tile of the grid's (blockIdx.x, blockIdx.y); the four CTAs of a row m
///    share A's tile, each loading a quarter of it (32 rows) and
///    multicasting it to the row; the four of a column n share B's, a
///    quarter (64 rows) each, multicast to the column;
///  - an MMA's completion arrives on the barriers of every CTA that
///    multicasts into this one (its row and column: seven), so that none
///    overwrites a tile another CTA still reads;
/// D = alpha * A * B^T + beta * C, A (M x K) and B (N x K) fp16 K-major, C
/// and D fp32 row-major, one 128 x 256 tile per CTA of 128 threads:
///
///  - the A and B k-tiles loaded by TMA (one box of 128 x 64 and one of
///    256 x 64, their coordinates from the operands' identity layouts
///    divided into boxes, as CuTe's tma_partition gives them) into
///    UMMA::Layout_K_SW128_Atom tiles, completing on an mbarrier armed with
///    the bytes (the tensor maps built on the host from each operand's
///    extents, strides and the tiles' swizzle);
///  - the TiledMMA of SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>, its
///    partitions, and the accumulator as a tensor in tensor memory (the
///    TiledMMA's make_fragment_C, in the columns tcgen05.alloc returns);
///  - gemm(tiled_mma, ...) issued by one thread, tracked by an mbarrier
///    (umma_commit), every k-tile;
///  - the epilogue: make_tmem_copy of SM100_TMEM_LOAD_32dp32b1x, its
///    partitions of the accumulator and of C and D, copy from tensor
///    memory, axpby with C, copy to D.
///
/// The inputs are the tutorial's kind (+-1 and small integers), so the
/// result is exact in fp32 and must equal a host reference. M, N and K must
/// be multiples of the tile. It runs on sm_100 only (its gpu-arch file);
/// elsewhere it is compiled and checked by ptxas and
/// test/Lowering/cuda-example-blackwell-tutorials.test.
///
///   cute_mma_tma_multicast_sm100 [M N K]...  (multiples of 512, 1024, 64)
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

constexpr int BM = 128, BN = 256, BK = 64, Threads = 128;
/// The cluster: 4 x 4 CTAs, CTA (m, n) at rank m + 4n.
constexpr int ClusterM = 4, ClusterN = 4;
constexpr cute::MmaAtom Mma =
    cute::mma_atom("SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>");
constexpr cute::TiledMmaShape TiledMma = cute::tiled_mma_shape(Mma);
constexpr cute::CopyAtom T2R = cute::copy_atom("SM100_TMEM_LOAD_32dp32b1x");
/// The values of the 128 x 256 tile each of the 128 threads holds in the
/// epilogue (the TMEM copy's partition).
constexpr int FragD = BM * BN / Threads;
/// The columns allocated: all of them, as the tutorial does.
constexpr int TmemColumns = 512;

struct SharedStorage {
  alignas(1024) half A[BM * BK];
  alignas(1024) half B[BN * BK];
  alignas(16) uint64_t TmaBarrier;
  alignas(16) uint64_t MmaBarrier;
  alignas(16) uint32_t TmemBasePtr;
};

__global__ void __launch_bounds__(Threads)
    gemmDevice(const __grid_constant__ CUtensorMap TmaA,
               const __grid_constant__ CUtensorMap TmaB, const float *C,
               float *D, int M, int N, int K, float Alpha, float Beta) {
  using namespace cute;
  // The full tensors and this CTA's tiles of them.
  auto MC = make_view(C, make_layout("(?,?):(?,1)", M, N, N)); // (M,N)
  auto MD = make_view(D, make_layout("(?,?):(?,1)", M, N, N)); // (M,N)
  int Bx = blockIdx.x, By = blockIdx.y;
  // The TMA partition: the identity layouts of A (K x M) and B (K x N), in
  // the tensor maps' dimension order, divided into the boxes one k-tile
  // loads; box (k, tile) starts at the coordinate crd2crd gives.
  // Each CTA loads its quarter of the cluster row's A tile and of the
  // cluster column's B tile: boxes of 32 and 64 rows.
  Layout BoxesA = zipped_divide(make_layout("(?,?):(1@0,1@1)", K, M),
                                make_tile(_64{}, _32{}));
  Layout BoxesB = zipped_divide(make_layout("(?,?):(1@0,1@1)", K, N),
                                make_tile(_64{}, _64{}));
  // Every CTA receives both whole tiles.
  constexpr unsigned TmaBytes = (BM + BN) * BK * sizeof(half);
  // The cluster's CTA layout and this CTA's (m, n) in it; the multicast
  // masks: A to the CTAs of row m, B to those of column n, and the MMA's
  // completion to both (the CTAs whose loads reach this one).
  Layout Cluster = make_layout(make_shape(Int<ClusterM>{}, Int<ClusterN>{}));
  Coord InCluster = idx2crd(int(sm90::cluster_ctarank()), get_shape(Cluster));
  int Cm = get_leaf<0>(InCluster), Cn = get_leaf<1>(InCluster);
  uint16_t MaskA = 0, MaskB = 0;
#pragma unroll
  for (int I = 0; I < ClusterN; ++I)
    MaskA |= uint16_t(1u << crd2idx(make_coord(Cm, I), Cluster));
#pragma unroll
  for (int I = 0; I < ClusterM; ++I)
    MaskB |= uint16_t(1u << crd2idx(make_coord(I, Cn), Cluster));
  auto GC = local_tile(MC, make_tile(_128{}, _256{}), make_coord(Bx, By));
  auto GD = local_tile(MD, make_tile(_128{}, _256{}), make_coord(Bx, By));

  // The shared-memory tiles, in the 128-byte swizzle UMMA reads.
  extern __shared__ __attribute__((aligned(1024))) unsigned char Smem[];
  SharedStorage &S = *reinterpret_cast<SharedStorage *>(Smem);
  auto SA = make_view(S.A, tile_to_shape(UMMA::Layout_K_SW128_Atom<half>(),
                                         make_shape(_128{}, _64{})));
  auto SB = make_view(S.B, tile_to_shape(UMMA::Layout_K_SW128_Atom<half>(),
                                         make_shape(_256{}, _64{})));

  // The MMA's partitions (one "thread": the CTA).
  auto TiledMmaV = make_tiled_mma<TiledMma>();
  auto CtaMma = TiledMmaV.get_slice(0);
  auto TCsA = CtaMma.partition_A(SA); // (MmaA,NumMma_M,NumMma_K)
  auto TCsB = CtaMma.partition_B(SB); // (MmaB,NumMma_N,NumMma_K)
  auto TCgC = CtaMma.partition_C(GC); // (MmaC,NumMma_M,NumMma_N)
  auto TCgD = CtaMma.partition_C(GD);

  // Tensor memory: warp 0 allocates the columns; the accumulator is the
  // TiledMMA's fragment in them.
  int Warp = threadIdx.x / 32;
  if (Warp == 0)
    (void)sm100::retrieve_tmem_ptr(&S.TmemBasePtr, TmemColumns);
  if (threadIdx.x == 0) {
    sm90::mbarrier_init(&S.TmaBarrier, 1);
    sm90::mbarrier_init(&S.MmaBarrier, ClusterM + ClusterN - 1);
    sm90::fence_barrier_init();
  }
  // Every CTA of the cluster sees the others' barriers initialised.
  sm100::tcgen05_fence_before_thread_sync();
  sm90::cluster_sync();
  sm100::tcgen05_fence_after_thread_sync();
  uint32_t TmemBase = *(volatile uint32_t *)&S.TmemBasePtr;
  Tensor<float> TCtAcc = TiledMmaV.make_fragment_C<BM, BN>(TmemBase);

  // The mainloop: each k-tile to shared memory by TMA, then its MMAs.
  unsigned TmaPhase = 0, Phase = 0;
  int KTiles = K / BK;
#pragma unroll 1
  for (int KTile = 0; KTile < KTiles; ++KTile) {
    if (threadIdx.x == 0) {
      sm90::mbarrier_arrive_expect_tx(&S.TmaBarrier, TmaBytes);
      // Quarter Cn of A's tile (rows 32 Cn..) and quarter Cm of B's.
      Coord At = crd2crd(make_coord("(0,(?,?))", KTile, Bx * 4 + Cn), BoxesA);
      sm90::tma_load_multicast(&TmaA, &S.TmaBarrier, MaskA,
                               S.A + crd2idx(make_coord(Cn * 32, 0),
                                             get_layout(SA)),
                               get_leaf<0>(At), get_leaf<1>(At));
      Coord Bt = crd2crd(make_coord("(0,(?,?))", KTile, By * 4 + Cm), BoxesB);
      sm90::tma_load_multicast(&TmaB, &S.TmaBarrier, MaskB,
                               S.B + crd2idx(make_coord(Cm * 64, 0),
                                             get_layout(SB)),
                               get_leaf<0>(Bt), get_leaf<1>(Bt));
    }
    sm90::mbarrier_wait(&S.TmaBarrier, TmaPhase);
    TmaPhase ^= 1;
    if (threadIdx.x == 0) {
      sm100::tcgen05_fence_after_thread_sync();
      // The first k-tile clears the accumulator.
      gemm(TiledMmaV, TCsA, TCsB, TCtAcc, KTile > 0);
      sm100::umma_commit_multicast(&S.MmaBarrier, uint16_t(MaskA | MaskB));
    }
    // The MMAs are done before the tiles are overwritten.
    sm90::mbarrier_wait(&S.MmaBarrier, Phase);
    Phase ^= 1;
  }
  sm100::tcgen05_fence_after_thread_sync();

  // The epilogue: the accumulator to registers, D = alpha Acc + beta C.
  auto T2RCopy = make_tmem_copy<float, T2R>(TCtAcc);
  auto ThrT2R = T2RCopy.get_slice(threadIdx.x);
  auto TDgC = ThrT2R.partition_D(TCgC); // (CpyD,NumCpy_M,NumCpy_N)
  float RegC[FragD];
  auto TDrC = make_fragment(RegC, make_layout_like(get_layout(TDgC)));
  copy(TDgC, TDrC);
  auto TDtAcc = ThrT2R.partition_S(TCtAcc); // (CpyS,NumCpy_M,NumCpy_N)
  auto TDgD = ThrT2R.partition_D(TCgD);
  float RegAcc[FragD];
  auto TDrAcc = make_fragment(RegAcc, make_layout_like(get_layout(TDgD)));
  copy(T2RCopy, TDtAcc, TDrAcc);
  axpby(Alpha, TDrAcc, Beta, TDrC);
  copy(TDrC, TDgD);

  // No CTA exits while a peer may still multicast into it or arrive on it.
  sm100::tcgen05_fence_before_thread_sync();
  sm90::cluster_sync();
  if (Warp == 0) {
    sm100::tcgen05_fence_after_thread_sync();
    sm100::tmem_dealloc(TmemBase, TmemColumns);
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
  // The tensor maps: K-major boxes of BK x 128 (A) and BK x 256 (B) in the
  // tiles' 128-byte swizzle.
  CUtensorMap MapA, MapB;
  using U64 = uint64_t;
  const char *Swizzle = "S<3,3,3> o 0 o (8,64):(64,1)";
  const char *Err = cute::tma::makeTensorMap(
      &MapA, DA, {U64(K), U64(M)}, {1, U64(K)}, {BK, BM / ClusterN}, Swizzle);
  if (!Err)
    Err = cute::tma::makeTensorMap(&MapB, DB, {U64(K), U64(N)}, {1, U64(K)},
                                   {BK, BN / ClusterM}, Swizzle);
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
  Attr[0].val.clusterDim.x = ClusterM;
  Attr[0].val.clusterDim.y = ClusterN;
  Attr[0].val.clusterDim.z = 1;
  Config.gridDim = dim3(M / BM, N / BN);
  Config.blockDim = dim3(Threads);
  Config.dynamicSmemBytes = Smem;
  Config.attrs = Attr;
  Config.numAttrs = 1;
  CHECK_CUDA(cudaLaunchKernelEx(&Config, gemmDevice, MapA, MapB,
                                (const float *)DC, DD, M, N, K, Alpha, Beta));
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
  std::printf("mma_tma_multicast_sm100 %d x %d x %d: %ld mismatches\n", M, N, K, Bad);
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
    if (Shapes[I] % (BM * ClusterM) || Shapes[I + 1] % (BN * ClusterN) ||
        Shapes[I + 2] % BK) {
      std::printf("M, N, K must be multiples of 512, 1024, 64\n");
      return 1;
    }
    Ok &= check(Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
