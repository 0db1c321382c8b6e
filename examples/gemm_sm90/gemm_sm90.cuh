//===- gemm_sm90.cuh - A Hopper GEMM: TMA, mbarriers and WGMMA --*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// C = A * B^T on Hopper (sm_90a), written on the atoms of the registry and
/// compiled by `cute-clang++ -fcute-lowering`:
///
///  - A is M x K and B is N x K, both K-major (A[m*K+k], B[n*K+k]); C is
///    M x N row-major (C[m*N+n]) of the input type (bf16 for FP8 inputs);
///    fp32 accumulation. Inputs fp16, bf16, or FP8 (e4m3, e5m2: K-major
///    only, as FP8 WGMMA reads no MN-major operand).
///  - A CTA tile of BM x BN x BK = 128 x 256 x (128 bytes: 64 16-bit or 128
///    8-bit elements) in a Stages-deep ring of
///    128-byte-swizzled shared-memory buffers, filled by TMA
///    (SM90_TMA_LOAD_2D) and completed on "full" mbarriers with expect-tx.
///  - Warp specialisation: warpgroup 0 is the producer (one elected thread
///    issues the TMA loads; the warpgroup gives registers back with
///    setmaxnreg), warpgroups 1 and 2 are consumers: CuTe's Hopper mainloop,
///    a TiledMMA of SM90_64x256x16_F32{F16F16,BF16BF16}_SS over the two
///    warpgroups, partition_A/B of the stage ring and `gemm` on the stage
///    the full barrier releases (the GMMA descriptors come from the
///    partitions), one k-tile of WGMMAs kept in flight, and "empty"
///    mbarriers releasing each buffer back to the producer.
///  - A persistent grid (one CTA per SM) walks the output tiles in a
///    grouped (L2-friendly) raster.
///  - Optionally (run's Cluster = 2) in 2x1 clusters: the two CTAs of a
///    cluster compute vertically adjacent tiles, each loads its A slab and
///    half of the shared B slab by a TMA multicast into both CTAs, and each
///    consumer warp releases a stage in both CTAs (mbarrier_arrive_cluster).
///
/// Every index of shared memory goes through the swizzled layout of the
/// stage buffer; the descriptors come from the layout algebra (a layout that
/// is not a canonical GMMA layout of the atom's major is a compile-time
/// error), and the accumulators are addressed by partition_C.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_GEMM_SM90_CUH
#define CUTELLVM_EXAMPLES_GEMM_SM90_CUH

#include <cuda.h>
#include <cuda_runtime.h>
#include <cute/arch/sm90.h>
#include <cute/algorithm.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>
#include <cute/tma.h>
#include <stdint.h>

#include "../common/TmaGemmHost.h"

namespace gemm_sm90 {

/// The CTA tile's M and N (N 128 for the promoted FP8 kernel, whose second
/// pair of accumulators does not fit beside 256 columns), the stage count.
constexpr int BM = 128, DefaultBN = 256, Stages = 4;
/// K of a stage: one 128-byte swizzle row of elements of \p T.
template <class T> constexpr int BK = 128 / int(sizeof(T));
constexpr int ConsumerWGs = 2, Threads = 128 * (1 + ConsumerWGs);
/// Bytes of one stage: an A slab (BM x BK) and a B slab (BN x BK).
constexpr int StageBytesA = BM * 128;
template <int BN> constexpr int StageBytesB = BN * 128;
template <int BN> constexpr int StageBytes = StageBytesA + StageBytesB<BN>;
/// The epilogue stores C in EpiTile x EpiTile tiles.
constexpr int EpiTile = 64;
/// Output tiles grouped this many along M before moving along N (the
/// default of the launcher's Tuning).
constexpr int DefaultRasterGroup = 4;

/// How the epilogue writes C: not at all (to time the mainloop alone),
/// from registers, or through shared memory and TMA (rows of C 16-byte
/// aligned).
enum class Epilogue : int { None, Direct, Tma };

/// Knobs for measuring the kernel (gemm_sm90 --tune).
struct Tuning {
  int RasterGroup = DefaultRasterGroup;
  Epilogue Store = Epilogue::Tma;
};

/// Shared memory: the stage ring (1024-byte aligned, as the 128-byte
/// swizzle repeats every 1024 bytes) and the barriers.
template <int BN> struct SharedStorage {
  alignas(1024) unsigned char A[Stages][StageBytesA];
  alignas(1024) unsigned char B[Stages][StageBytesB<BN>];
  /// The epilogue's staging buffers: two 64 x 64 tiles of C per consumer
  /// warpgroup, in the 128-byte swizzle, stored by TMA.
  alignas(1024) unsigned char C[ConsumerWGs][2][EpiTile * EpiTile * 2];
  alignas(8) uint64_t Full[Stages];
  alignas(8) uint64_t Empty[Stages];
};
template <int BN>
constexpr size_t SmemBytes = sizeof(SharedStorage<BN>) + 1024;
static_assert(SmemBytes<DefaultBN> <= 232448,
              "more shared memory than an SM has");

/// The WGMMA atom and its TiledMMA over the two consumer warpgroups along M.
/// CuTe's GMMA::ss_op_selector: SM90_64x256x16_F32<T><T>_SS<MajorA, MajorB>
/// (MN: M- or N-contiguous).
template <class T, bool MNA = false, bool MNB = false, int BN = DefaultBN>
struct Traits {
  static constexpr cute::MmaAtom Mma = cute::GMMA::ss_op_selector<
      T, T, float, BN, MNA ? cute::GMMA::Major::MN : cute::GMMA::Major::K,
      MNB ? cute::GMMA::Major::MN : cute::GMMA::Major::K>();
};
template <class T, bool MNA, bool MNB, int BN = DefaultBN>
constexpr cute::TiledMmaShape TiledMma =
    cute::tiled_mma_shape(Traits<T, MNA, MNB, BN>::Mma, "(2,1,1)");
/// One warpgroup's atom alone (its C layout addresses the warpgroup's block).
template <class T>
constexpr cute::TiledMmaShape AtomMma = cute::tiled_mma_shape(Traits<T>::Mma);
/// The WGMMA atom of one warpgroup's 64 x EpiTile block of C: the
/// epilogue's stmatrix copy takes the accumulator's layout from it (the
/// 64 x BN atom's accumulators are BN / EpiTile such blocks, one after
/// another).
template <class T> struct EpiTraits {
  static constexpr cute::MmaAtom Mma =
      cute::GMMA::ss_op_selector<T, T, float, EpiTile, cute::GMMA::Major::K,
                                 cute::GMMA::Major::K>();
};
template <class T>
constexpr cute::TiledMmaShape EpiMma = cute::tiled_mma_shape(EpiTraits<T>::Mma);
/// stmatrix of four 8x8 matrices of 16-bit elements.
constexpr cute::CopyAtom Stsm = cute::copy_atom("SM90_U32x4_STSM_N");
static_assert(TiledMma<_Float16, false, false>.threads() ==
                  128 * ConsumerWGs,
              "one WGMMA atom per consumer warpgroup");
/// Accumulators per consumer thread (its share of the BM x BN tile).
template <int BN>
constexpr int AccRegs = TiledMma<_Float16, false, false, BN>.size_C(BM, BN);
/// Accumulators per consumer thread of one EpiTile-column chunk.
template <int BN> constexpr int EpiRegs = AccRegs<BN> / (BN / EpiTile);

/// The stage ring of an operand of \p Rows x BK per stage, as a CuTe
/// layout (Rows,BK,PIPE): GMMA::Layout_K_SW128_Atom (8 rows of 64 16-bit
/// elements) tiled over the ring, or for an MN-major operand
/// Layout_MN_SW128_Atom (64 rows by 8 k) tiled along K first, so that each
/// 64-row block of a stage is one 8 KiB TMA box.
template <class T, bool MN, int Rows>
__device__ __forceinline__ cute::Layout stageRing() {
  using namespace cute;
  Shape RingShape = make_shape(Int<Rows>{}, Int<BK<T>>{}, Int<Stages>{});
  if constexpr (MN)
    return tile_to_shape(GMMA::Layout_MN_SW128_Atom<T>(), RingShape,
                         make_int_tuple("(1,0,2)"));
  else
    return tile_to_shape(GMMA::Layout_K_SW128_Atom<T>(), RingShape);
}

/// The TMA loads of one stage of an operand: K-major, one box of Rows x BK
/// at (k, row); MN-major, Rows / 64 boxes of 64 x BK at (row, k), 8 KiB
/// apart. \p Boxes is the identity layout of the operand divided into them.
template <class T, bool MN, int Rows>
__device__ __forceinline__ void loadStage(const CUtensorMap *Map,
                                          uint64_t *Full, unsigned char *Dst,
                                          cute::Layout Boxes, int KT,
                                          int Tile) {
  using namespace cute;
  if constexpr (MN) {
#pragma unroll
    for (int R = 0; R < Rows / 64; ++R) {
      Coord At =
          crd2crd(make_coord("(0,(?,?))", Tile * (Rows / 64) + R, KT), Boxes);
      sm90::tma_load(Map, Full, Dst + R * 64 * 128, get_leaf<0>(At),
                     get_leaf<1>(At));
    }
  } else {
    Coord At = crd2crd(make_coord("(0,(?,?))", KT, Tile), Boxes);
    sm90::tma_load(Map, Full, Dst, get_leaf<0>(At), get_leaf<1>(At));
  }
}

/// The (m, n) tile of linear tile index \p T in a raster that walks
/// RasterGroup tiles down M before stepping along N.
__device__ __forceinline__ void tileCoord(int T, int TilesM, int TilesN,
                                          int RasterGroup, int &TM, int &TN) {
  int PerGroup = RasterGroup * TilesN;
  int Group = T / PerGroup, First = Group * RasterGroup;
  int Rows = min(TilesM - First, RasterGroup);
  int InGroup = T % PerGroup;
  TM = First + InGroup % Rows;
  TN = InGroup / Rows;
}

/// The kernel for clusters of \p ClusterM CTAs along M (1 or 2). In a
/// cluster of two, both CTAs compute tiles of the same N column, rows 2m and
/// 2m + 1: each loads its own A slab and one half of the shared B slab,
/// multicast into both CTAs' stage, and every consumer warp releases a
/// stage in both CTAs (each producer refills its peer's buffer too).
/// \p T is A's and B's element type, \p TC C's. With \p Promote (FP8), each
/// k-tile's products accumulate in a separate pair of registers that is
/// added into the fp32 accumulators once the k-tile's WGMMAs complete (the
/// tensor cores' FP8 accumulator keeps fewer bits than fp32: without it the
/// error grows with K); its tile is BM x 128.
template <class T, class TC, int ClusterM, bool MNA = false, bool MNB = false,
          bool Promote = false>
__global__ void __launch_bounds__(Threads, 1)
    gemmKernel(const __grid_constant__ CUtensorMap TmaA,
               const __grid_constant__ CUtensorMap TmaB,
               const __grid_constant__ CUtensorMap TmaC, TC *C, int M, int N,
               int K, Tuning Tune) {
  using namespace cute;
  constexpr int BK = gemm_sm90::BK<T>;
  constexpr int BN = Promote ? 128 : DefaultBN;
  constexpr int AccRegs = gemm_sm90::AccRegs<BN>;
  constexpr int EpiRegs = gemm_sm90::EpiRegs<BN>;
  constexpr int StageBytesB = gemm_sm90::StageBytesB<BN>;
  constexpr int StageBytes = gemm_sm90::StageBytes<BN>;
  using SharedStorage = gemm_sm90::SharedStorage<BN>;
  static_assert(!Promote || sizeof(T) == 1, "promotion is for FP8 inputs");
  static_assert(ClusterM == 1 || ClusterM == 2, "clusters of 1 or 2 CTAs");
  static_assert(ClusterM == 1 || (!MNA && !MNB),
                "the cluster kernel multicasts K-major B halves");
  static_assert(sizeof(TC) == 2, "C is stored in 16-bit elements");
  extern __shared__ unsigned char SmemRaw[];
  // The dynamic window is only 16-byte aligned: round up to 1024.
  SharedStorage &S = *reinterpret_cast<SharedStorage *>(
      (reinterpret_cast<uintptr_t>(SmemRaw) + 1023) & ~uintptr_t(1023));

  int WG = threadIdx.x / 128, Tid = threadIdx.x % 128;
  int TilesM = (M + BM - 1) / BM, TilesN = (N + BN - 1) / BN;
  int KTiles = (K + BK - 1) / BK;
  // The grid walks cluster tiles (ClusterM tiles along M); this CTA takes
  // row Rank of each. With an odd TilesM the last row is past M: its loads
  // read zeros (TMA's out-of-bounds fill) and its stores are clipped.
  int Rank = ClusterM > 1 ? int(sm90::cluster_ctarank()) : 0;
  int TilesMC = (TilesM + ClusterM - 1) / ClusterM;
  int Tiles = TilesMC * TilesN;
  int FirstTile = blockIdx.x / ClusterM, TileStep = gridDim.x / ClusterM;

  if (threadIdx.x == 0) {
    for (int I = 0; I < Stages; ++I) {
      sm90::mbarrier_init(&S.Full[I], 1);
      // Lane 0 of every consumer warp of the cluster releases a buffer.
      sm90::mbarrier_init(&S.Empty[I], ConsumerWGs * 4 * ClusterM);
    }
    sm90::fence_barrier_init();
  }
  // A peer's multicast and arrivals reach these barriers only once the
  // whole cluster has initialised its own.
  if constexpr (ClusterM > 1)
    sm90::cluster_sync();
  else
    __syncthreads();

  static_assert(BM == 128 && (BN == 256 || BN == 128),
                "the TMA boxes below are spelled for these tiles");
  if (WG == 0) {
    // Producer: one thread issues every TMA load.
    sm90::setmaxnreg_dec<40>();
    if (Tid == 0) {
      // The TMA partition, as CuTe's tma_partition makes it: the identity
      // layouts of A (K x M) and B (K x N), divided into boxes; box (kt, t)
      // starts at the coordinate crd2crd((0,(kt,t))) gives. In a cluster,
      // B's boxes are the halves each CTA multicasts.
      // An MN-major operand's identity layout is (rows, K), in boxes of 64
      // rows.
      Layout BoxesA =
          MNA ? zipped_divide(make_layout("(?,?):(1@0,1@1)", M, K),
                              make_tile(_64{}, Int<BK>{}))
              : zipped_divide(make_layout("(?,?):(1@0,1@1)", K, M),
                              make_tile(Int<BK>{}, Int<BM>{}));
      Layout BoxesB =
          MNB ? zipped_divide(make_layout("(?,?):(1@0,1@1)", N, K),
                              make_tile(_64{}, Int<BK>{}))
              : zipped_divide(make_layout("(?,?):(1@0,1@1)", K, N),
                              make_tile(Int<BK>{}, Int<BN / ClusterM>{}));
      int Stage = 0;
      unsigned Phase = 0;
      for (int Tile = FirstTile; Tile < Tiles; Tile += TileStep) {
        int TM, TN;
        tileCoord(Tile, TilesMC, TilesN, Tune.RasterGroup, TM, TN);
        TM = TM * ClusterM + Rank;
        for (int KT = 0; KT < KTiles; ++KT) {
          sm90::mbarrier_wait(&S.Empty[Stage], Phase ^ 1);
          sm90::mbarrier_arrive_expect_tx(&S.Full[Stage], StageBytes);
          loadStage<T, MNA, BM>(&TmaA, &S.Full[Stage], S.A[Stage], BoxesA, KT,
                             TM);
          if constexpr (ClusterM > 1) {
            Coord Bt = crd2crd(
                make_coord("(0,(?,?))", KT, TN * ClusterM + Rank), BoxesB);
            sm90::tma_load_multicast(&TmaB, &S.Full[Stage],
                                     uint16_t((1 << ClusterM) - 1),
                                     S.B[Stage] + Rank * StageBytesB / 2,
                                     get_leaf<0>(Bt), get_leaf<1>(Bt));
          } else {
            loadStage<T, MNB, BN>(&TmaB, &S.Full[Stage], S.B[Stage], BoxesB, KT,
                               TN);
          }
          if (++Stage == Stages) {
            Stage = 0;
            Phase ^= 1;
          }
        }
      }
      // The peer's consumers release this CTA's buffers by remote arrivals:
      // the CTA stays until every stage has been released by both.
      if constexpr (ClusterM > 1)
        for (int I = 0; I < Stages; ++I) {
          sm90::mbarrier_wait(&S.Empty[Stage], Phase ^ 1);
          if (++Stage == Stages) {
            Stage = 0;
            Phase ^= 1;
          }
        }
    }
    return;
  }

  // Consumers.
  sm90::setmaxnreg_inc<232>();
  int CW = WG - 1, MmaTid = threadIdx.x - 128;
  // The stage ring as CuTe tensors, (BM,BK,PIPE) and (BN,BK,PIPE), and this
  // thread's WGMMA partitions of them, (MMA,MMA_M,MMA_K,PIPE) and
  // (MMA,MMA_N,MMA_K,PIPE).
  auto SA = make_view((T *)S.A[0], stageRing<T, MNA, BM>());
  auto SB = make_view((T *)S.B[0], stageRing<T, MNB, BN>());
  auto Mma = make_tiled_mma<TiledMma<T, MNA, MNB, BN>>();
  auto ThrMma = Mma.get_slice(MmaTid);
  auto TCsA = ThrMma.partition_A(SA);
  auto TCsB = ThrMma.partition_B(SB);
  // C, for the shape of the accumulator fragment.
  auto MC = make_view(C, make_layout("(?,?):(?,1)", M, N, N));
  Tile TileMN = make_tile(BM, BN);

  float Acc[AccRegs];
  auto TCrC = make_fragment(
      Acc, ThrMma.partition_fragment_C(
               local_tile(MC, TileMN, make_coord(0, 0))));
  // Promote: the k-tiles' products, alternately in Part0 and Part1, so that
  // one k-tile's WGMMAs stay in flight while the previous one's are added.
  constexpr int PartRegs = Promote ? AccRegs : 1;
  float Part0[PartRegs], Part1[PartRegs];
  Layout PartL = ThrMma.partition_fragment_C(
      local_tile(MC, TileMN, make_coord(0, 0)));
  auto TCrP0 = make_view(Part0, PartL), TCrP1 = make_view(Part1, PartL);
  auto AddPart = [&](float(&P)[PartRegs]) __attribute__((always_inline)) {
    warpgroup_fence_operand(P);
#pragma unroll
    for (int I = 0; I < AccRegs; ++I)
      Acc[I] += P[I];
  };
  // Lane 0 of each warp gives a stage back to every producer that fills it.
  auto Release = [&](int Stage) __attribute__((always_inline)) {
    if constexpr (ClusterM > 1) {
#pragma unroll
      for (int R = 0; R < ClusterM; ++R)
        sm90::mbarrier_arrive_cluster(&S.Empty[Stage], R);
    } else {
      sm90::mbarrier_arrive(&S.Empty[Stage]);
    }
  };
  int Stage = 0;
  unsigned Phase = 0;
  for (int Tile = FirstTile; Tile < Tiles; Tile += TileStep) {
    int TM, TN;
    tileCoord(Tile, TilesMC, TilesN, Tune.RasterGroup, TM, TN);
    TM = TM * ClusterM + Rank;
    int PrevStage = -1;
    if constexpr (Promote)
#pragma unroll
      for (int I = 0; I < AccRegs; ++I)
        Acc[I] = Part0[I] = Part1[I] = 0;
    for (int KT = 0; KT < KTiles; ++KT) {
      sm90::mbarrier_wait(&S.Full[Stage], Phase);
      Coord InStage = make_coord(_, _, _, Stage);
      if constexpr (Promote) {
        // This k-tile's products overwrite its Part; once the previous
        // k-tile's WGMMAs are done, its Part joins the accumulators.
        if (KT % 2 == 0) {
          warpgroup_fence_operand(Part0);
          warpgroup_arrive();
          gemm(Mma, slice(TCsA, InStage), slice(TCsB, InStage), TCrP0, 0);
        } else {
          warpgroup_fence_operand(Part1);
          warpgroup_arrive();
          gemm(Mma, slice(TCsA, InStage), slice(TCsB, InStage), TCrP1, 0);
        }
        warpgroup_commit_batch();
        warpgroup_wait<1>();
        // (Each Part by name: a selected array would live in memory.)
        if (KT > 0 && KT % 2 == 0)
          AddPart(Part1);
        else if (KT > 0)
          AddPart(Part0);
      } else {
        warpgroup_fence_operand(Acc);
        warpgroup_arrive();
        // The first k-tile of a tile overwrites the accumulators.
        gemm(Mma, slice(TCsA, InStage), slice(TCsB, InStage), TCrC, KT > 0);
        warpgroup_commit_batch();
        // Keep this k-tile's WGMMAs in flight; the previous one is done, so
        // its buffer goes back to the producer.
        warpgroup_wait<1>();
        warpgroup_fence_operand(Acc);
      }
      if (PrevStage >= 0 && Tid % 32 == 0)
        Release(PrevStage);
      PrevStage = Stage;
      if (++Stage == Stages) {
        Stage = 0;
        Phase ^= 1;
      }
    }
    warpgroup_wait<0>();
    if constexpr (Promote) {
      if ((KTiles - 1) % 2 == 0)
        AddPart(Part0);
      else
        AddPart(Part1);
    }
    warpgroup_fence_operand(Acc);
    if (PrevStage >= 0 && Tid % 32 == 0)
      Release(PrevStage);

    // Epilogue.
    int Row0 = TM * BM + CW * 64, Col0 = TN * BN;
    if (Tune.Store == Epilogue::Tma) {
      // Per 64 x EpiTile chunk of the warpgroup's block: the accumulators
      // converted to T in pairs, to shared memory by the stmatrix TiledCopy
      // of the chunk's accumulator layout (CuTe's make_tiled_copy_C), then
      // one thread stores the chunk by TMA. Two buffers: the store of one
      // overlaps the filling of the other.
      auto StoreC = make_tiled_copy_C<TC, Stsm>(make_tiled_mma<EpiMma<T>>());
      auto ThrStore = StoreC.get_slice(Tid);
      // The accumulators as (MMA, 1, BN / EpiTile): one chunk per slice.
      auto TCrE = make_view(Acc, partition_fragment_C(
                                     make_tiled_mma<EpiMma<T>>(),
                                     make_shape(_64{}, BN)));
      TC Out[EpiRegs];
      auto TRrC = make_fragment(
          Out, partition_fragment_C(make_tiled_mma<EpiMma<T>>(),
                                    make_shape(_64{}, EpiTile)));
      // The staging tile: 64 x EpiTile, row-major in the 128-byte swizzle
      // (the layout the TMA store reads).
      Layout SwC = tile_to_shape(GMMA::Layout_K_SW128_Atom<TC>(),
                                 make_shape(_64{}, EpiTile));
#pragma unroll
      for (int Chunk = 0; Chunk < BN / EpiTile; ++Chunk) {
        unsigned char *Buf = S.C[CW][Chunk % 2];
        convert(slice(TCrE, make_coord(_, _, Chunk)), TRrC);
        // The buffer's previous store has finished reading it.
        if (Tid == 0)
          sm90::tma_store_wait<1>();
        sm90::named_barrier_sync(128, 1 + CW);
        copy(StoreC, ThrStore.retile_S(TRrC),
             ThrStore.partition_D(make_view((TC *)Buf, SwC)));
        sm90::fence_view_async_shared();
        sm90::named_barrier_sync(128, 1 + CW);
        if (Tid == 0) {
          sm90::tma_store(&TmaC, Buf, Col0 + Chunk * EpiTile, Row0);
          sm90::tma_store_commit();
        }
      }
    } else if (Tune.Store == Epilogue::Direct) {
      // The warpgroup's 64 x BN block through its atom's C layout (the
      // registry's layout_c_tv, CuTe's get_layoutC_TV of the atom): value
      // pairs are adjacent columns of one row. (The whole tile's
      // partition_C, with a 64-bit address per pair, needs more registers
      // than the kernel has beside its 128 accumulators: ptxas spills.)
      Layout TVC = get_layoutC_TV(make_tiled_mma<AtomMma<T>>());
#pragma unroll
      for (int V = 0; V < AccRegs; V += 2) {
        int Idx = crd2idx(make_coord(Tid, V), TVC);
        int R = Row0 + Idx % 64, Col = Col0 + Idx / 64;
        if (R < M) {
          if (Col < N)
            C[size_t(R) * N + Col] = TC(Acc[V]);
          if (Col + 1 < N)
            C[size_t(R) * N + Col + 1] = TC(Acc[V + 1]);
        }
      }
    }
  }
  // The last stores must finish reading shared memory before the CTA ends.
  if (Tune.Store == Epilogue::Tma && Tid == 0)
    sm90::tma_store_wait<0>();
}

/// The cluster size run() uses unless told: 1. The 2x1 cluster halves the
/// B traffic from L2 but measured no faster on the H100 (0.977-0.981 of
/// cuBLAS at 4096^3 against 0.987-0.990 for one CTA, even at 8192^3:
/// bench/results/2026-11-28-h100-gemm-sm90-cluster-session11.txt).
constexpr int DefaultCluster = 1;

/// Launches the GEMM in clusters of \p Cluster CTAs along M (1 or 2), with
/// A and B K-major or (\p MNA, \p MNB) MN-major: A[k * M + m],
/// B[k * N + n] (one CTA per cluster then). A K-major operand must keep rows
/// 16-byte aligned (K % 8 == 0) for TMA, otherwise it is copied to a
/// zero-padded buffer first; an MN-major one needs M (N) % 8 == 0. C is of
/// type \p TC (T unless told: bf16 for FP8 inputs).
template <class T, bool MNA = false, bool MNB = false, class TC = T,
          bool Promote = false>
cudaError_t run(const void *A, const void *B, void *C, int M, int N, int K,
                cudaStream_t Stream, Tuning Tune = Tuning(),
                int Cluster = DefaultCluster) {
  constexpr bool KMajor = !MNA && !MNB;
  constexpr int BN = Promote ? 128 : DefaultBN;
  constexpr size_t SmemBytes = gemm_sm90::SmemBytes<BN>;
  if (M <= 0 || N <= 0 || K <= 0 || (Cluster != 1 && Cluster != 2) ||
      (!KMajor && Cluster != 1))
    return cudaErrorInvalidValue;
  example::TmaGemmOperands<T, TC> Ops;
  cudaError_t E;
  // A cluster's CTAs load halves of B's box.
  if ((E = Ops.prepare(A, B, C, M, N, K, BM, BN / Cluster, BK<T>, EpiTile,
                       Tune.Store == Epilogue::Tma, Stream, MNA, MNB)))
    return E;
  // TMA stores need 16-byte aligned rows of C; otherwise the registers
  // store C directly.
  if (Tune.Store == Epilogue::Tma && !Ops.StoreC)
    Tune.Store = Epilogue::Direct;
  auto Kernel = gemmKernel<T, TC, 1, MNA, MNB, Promote>;
  if constexpr (KMajor)
    if (Cluster == 2)
      Kernel = gemmKernel<T, TC, 2, false, false, Promote>;
  static cudaError_t Attr = [] {
    cudaError_t E1 = cudaFuncSetAttribute(
        gemmKernel<T, TC, 1, MNA, MNB, Promote>,
        cudaFuncAttributeMaxDynamicSharedMemorySize, int(SmemBytes));
    cudaError_t E2 = cudaSuccess;
    if constexpr (KMajor)
      E2 = cudaFuncSetAttribute(gemmKernel<T, TC, 2, false, false, Promote>,
                                cudaFuncAttributeMaxDynamicSharedMemorySize,
                                int(SmemBytes));
    return E1 ? E1 : E2;
  }();
  if (Attr)
    return Attr;
  cudaLaunchConfig_t Config = {};
  cudaLaunchAttribute Attrs[1];
  Attrs[0].id = cudaLaunchAttributeClusterDimension;
  Attrs[0].val.clusterDim.x = unsigned(Cluster);
  Attrs[0].val.clusterDim.y = 1;
  Attrs[0].val.clusterDim.z = 1;
  Config.blockDim = dim3(Threads);
  Config.dynamicSmemBytes = SmemBytes;
  Config.stream = Stream;
  // A plain launch without clusters (a cluster launch of one CTA schedules
  // differently).
  Config.attrs = Attrs;
  Config.numAttrs = Cluster > 1 ? 1 : 0;
  // The persistent grid: one CTA per SM (one cluster per pair of SMs the
  // GPU can co-schedule), or one per tile when there are fewer.
  long long ClusterTiles =
      (long long)((M + BM * Cluster - 1) / (BM * Cluster)) * ((N + BN - 1) / BN);
  int Grid = 0;
  if (Cluster == 1) {
    if ((E = example::persistentGrid(M, N, BM, BN, Grid)))
      return E;
  } else if constexpr (KMajor) {
    static int MaxClusters = 0;
    if (!MaxClusters) {
      Config.gridDim = dim3(2 * 1024);
      if ((E = cudaOccupancyMaxActiveClusters(
               &MaxClusters, gemmKernel<T, TC, 2, false, false, Promote>,
               &Config)))
        return E;
      if (MaxClusters <= 0)
        return cudaErrorInvalidConfiguration;
    }
    Grid = 2 * int(ClusterTiles < MaxClusters ? ClusterTiles : MaxClusters);
  }
  Config.gridDim = dim3(Grid);
  return cudaLaunchKernelEx(&Config, Kernel, Ops.MapA, Ops.MapB, Ops.MapC,
                            (TC *)C, M, N, Ops.K, Tune);
}

} // namespace gemm_sm90

inline cudaError_t gemm_sm90_f16(const void *A, const void *B, void *C, int M,
                                 int N, int K, cudaStream_t Stream) {
  return gemm_sm90::run<_Float16>(A, B, C, M, N, K, Stream);
}
inline cudaError_t gemm_sm90_bf16(const void *A, const void *B, void *C,
                                  int M, int N, int K, cudaStream_t Stream) {
  return gemm_sm90::run<__bf16>(A, B, C, M, N, K, Stream);
}
/// FP8 (e4m3 or e5m2 A and B, K-major both, as FP8 WGMMA reads them), bf16
/// C: the TN GEMM of cuBLASLt's FP8 matmul with unit scales.
inline cudaError_t gemm_sm90_e4m3(const void *A, const void *B, void *C, int M,
                                  int N, int K, cudaStream_t Stream) {
  return gemm_sm90::run<cute::float_e4m3_t, false, false, __bf16>(A, B, C, M,
                                                                  N, K, Stream);
}
inline cudaError_t gemm_sm90_e5m2(const void *A, const void *B, void *C, int M,
                                  int N, int K, cudaStream_t Stream) {
  return gemm_sm90::run<cute::float_e5m2_t, false, false, __bf16>(A, B, C, M,
                                                                  N, K, Stream);
}
/// The FP8 GEMM with each k-tile's products promoted into fp32 accumulators
/// (cuBLASLt's default FP8 mode; a 128 x 128 tile).
inline cudaError_t gemm_sm90_e4m3_promoted(const void *A, const void *B,
                                           void *C, int M, int N, int K,
                                           cudaStream_t Stream) {
  return gemm_sm90::run<cute::float_e4m3_t, false, false, __bf16, true>(
      A, B, C, M, N, K, Stream);
}
/// The other majors, in CUTLASS's names for a column-major C^T: NN (A
/// M-major, B K-major), NT (A M-major, B N-major), TT (A K-major, B
/// N-major); the entries above are TN.
#define GEMM_SM90_MAJORS(Name, MNA, MNB)                                       \
  inline cudaError_t gemm_sm90_##Name##_f16(const void *A, const void *B,      \
                                            void *C, int M, int N, int K,      \
                                            cudaStream_t Stream) {             \
    return gemm_sm90::run<_Float16, MNA, MNB>(A, B, C, M, N, K, Stream);       \
  }                                                                            \
  inline cudaError_t gemm_sm90_##Name##_bf16(const void *A, const void *B,     \
                                             void *C, int M, int N, int K,     \
                                             cudaStream_t Stream) {            \
    return gemm_sm90::run<__bf16, MNA, MNB>(A, B, C, M, N, K, Stream);         \
  }
GEMM_SM90_MAJORS(nn, true, false)
GEMM_SM90_MAJORS(nt, true, true)
GEMM_SM90_MAJORS(tt, false, true)
#undef GEMM_SM90_MAJORS

/// The same in 2x1 clusters: B's slab multicast to both CTAs of a cluster.
inline cudaError_t gemm_sm90_c2_f16(const void *A, const void *B, void *C,
                                    int M, int N, int K, cudaStream_t Stream) {
  return gemm_sm90::run<_Float16>(A, B, C, M, N, K, Stream,
                                  gemm_sm90::Tuning(), 2);
}
inline cudaError_t gemm_sm90_c2_bf16(const void *A, const void *B, void *C,
                                     int M, int N, int K,
                                     cudaStream_t Stream) {
  return gemm_sm90::run<__bf16>(A, B, C, M, N, K, Stream, gemm_sm90::Tuning(),
                                2);
}

#endif // CUTELLVM_EXAMPLES_GEMM_SM90_CUH
