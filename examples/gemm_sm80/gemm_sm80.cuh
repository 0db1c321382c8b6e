//===- gemm_sm80.cuh - CuTe's sgemm_sm80, tuned, the CuTe way --*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// C = A * B^T (A: M x K, K-major; B: N x K, K-major; C: M x N, row-major; fp16
/// or bf16 in and out, fp32 or (fp16 only) fp16 accumulation): the algorithm
/// of CuTe's sgemm_sm80 tutorial, over a family of configurations, written as
/// a CuTe user writes it with <cute/llvm.h> and <cute/algorithm.h> (as
/// examples/sgemm_cute, which is its 128x128x64 fp16-accumulating case):
///
/// - a BM x BN x BK CTA tile (BK 32 or 64) and a Stages-deep cp.async
///   pipeline (cp_async_fence / cp_async_wait): a TiledCopy of 16-byte
///   cp.async, SM80_CP_ASYNC_CACHEALWAYS<uint128_t> (`.ca`, CuTe's choice) or
///   SM80_CP_ASYNC_CACHEGLOBAL<uint128_t> (`.cg`: no L1 allocation, faster
///   on the H100 with this coalesced thread layout), over the thread layout
///   (Threads/(BK/8),BK/8):(BK/8,1) and the value layout (1,8); the next
///   k-tile's copies issued in the first k-block, or (Spread) a slice of
///   the partitions' repeats in each k-block but the last;
/// - shared memory as CuTe's `Sw<3,3,3> o (8,64):(64,1)` atom (BK 64) or
///   `Sw<2,3,3> o (8,32):(32,1)` (BK 32) tiled to (BM,BK,Stages) and
///   (BN,BK,Stages) by tile_to_shape: neither the cp.async writes nor the
///   ldmatrix reads conflict;
/// - a TiledMMA of the SM80_16x8x16 atom of the element and accumulator
///   types over WM x WN warps, permuted to (16 WM,16 WN,16) as the
///   tutorial's (32,32,16); make_tiled_copy_A/B of SM75_U32x4_LDSM_N into
///   the retiled fragments, the next k-block loaded while the current one
///   multiplies (k-block 0 of the next stage during the last k-block of
///   this one);
/// - the epilogue converts the accumulators to the element type in pairs
///   (convert: cvt.rn.f16x2/bf16x2.f32) and stores them by the TiledCopy of
///   UniversalCopy<uint32_t> that make_tiled_copy_C distributes like the
///   accumulators: one 4-byte store per pair.
///
/// Every layout comes from the registry through the atoms' names; only the
/// user's choices (thread and value layouts, swizzle atoms, tile shapes) are
/// written, computed from the configuration's constants. The fragment
/// sizes are constexpr, from the atoms' traits (cute::tiled_mma_shape), and
/// checked against the lowering's.
///
/// Residues: a CTA whose tile lies inside M, N and K (whole k-tiles), with
/// C's rows keeping pairs 4-byte aligned, copies and stores without
/// predicates, as CuTe's tutorial; the others (the edges) predicate every
/// copy by the coordinates of an identity layout of the tile partitioned
/// like the operand (copy_if_zfill with the _ZFILL form of the cp.async
/// atom: zeros outside the matrix, which the MMAs read whole) and store the
/// values of C whose coordinates (partition_C of the identity layout) are
/// inside, one at a time. Rows of A and B must be 16-byte aligned for
/// cp.async (K % 8 == 0 and 16-byte aligned pointers); otherwise the
/// launcher picks the same kernel with the element-wise copy
/// UniversalCopy<uint16_t> (same TiledCopy layouts, predicated; Aligned =
/// false).
///
/// CTAs are rasterised in groups of Raster tile rows (along M), so that the
/// CTAs resident at once share A and B panels in L2.
///
/// The tile shape, stage count, accumulator type, minimum CTAs per SM,
/// raster, copy spreading and cache operator are template parameters
/// (GemmConfig); the configurations are listed in GEMM_SM80_CONFIGS and
/// chosen by name at run time (gemm_sm80 --tune times them all).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_GEMM_SM80_CUH
#define CUTELLVM_EXAMPLES_GEMM_SM80_CUH

#include <cuda_runtime.h>
#include <cute/algorithm.h>
#include <cute/llvm.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace gemm_sm80 {

/// A CTA tile of BM x BN x BK, WM x WN warps, Stages k-tiles in flight;
/// fp16 accumulators when AccF16 (fp16 inputs only), at least MinBlocks CTAs
/// per SM (__launch_bounds__), CTAs rasterised in groups of Raster tile rows
/// (0: column by column, blockIdx order).
template <int BM_, int BN_, int BK_, int WM_, int WN_, int Stages_,
          bool AccF16_ = false, int MinBlocks_ = 1, int Raster_ = 8,
          bool Spread_ = false, bool CacheGlobal_ = false>
struct GemmConfig {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, WM = WM_, WN = WN_;
  static constexpr int Stages = Stages_, MinBlocks = MinBlocks_;
  static constexpr int Raster = Raster_;
  static constexpr bool AccF16 = AccF16_;
  /// The next k-tile's copies spread over the k-blocks but the last (one
  /// part each), instead of all issued in the first.
  static constexpr bool Spread = Spread_;
  /// 16-byte copies by cp.async.cg (L2 only) instead of .ca.
  static constexpr bool CacheGlobal = CacheGlobal_;
  static constexpr int Threads = 32 * WM * WN;
  /// Shared memory: Stages k-tiles of A (BM x BK) and of B (BN x BK).
  static constexpr int SmemBytes = Stages * (BM + BN) * BK * 2;
  static_assert(BK == 32 || BK == 64, "the swizzle atoms are 32 or 64 wide");
  static_assert(Threads == 128 || Threads == 256, "4 or 8 warps");
  static_assert(BM % (16 * WM) == 0 && BN % (16 * WN) == 0, "warp tile");
  static_assert(BM % (Threads / (BK / 8)) == 0 &&
                    BN % (Threads / (BK / 8)) == 0,
                "the copy tile divides the CTA tile");
  static_assert(Stages >= 2, "at least double buffering");
};

/// The SM80 16x8x16 atom of elements \p T and fp32 (fp16 when \p AccF16)
/// accumulators.
template <class T, bool AccF16> constexpr const char *mmaAtomName() {
  if constexpr (AccF16) {
    static_assert(__is_same(T, _Float16), "fp16 accumulation of fp16 only");
    return "SM80_16x8x16_F16F16F16F16_TN";
  } else if constexpr (__is_same(T, __bf16)) {
    return "SM80_16x8x16_F32BF16BF16F32_TN";
  } else {
    return "SM80_16x8x16_F32F16F16F32_TN";
  }
}

/// The TiledMMA's atom layout (WM,WN) and permutation (16 WM,16 WN,16):
/// each warp's two adjacent n-atoms are one ldmatrix.x4 of B, as the
/// tutorial's (2,2) and (32,32,16).
template <class Cfg> constexpr cute::TiledMmaShape tiledMma(cute::MmaAtom Mma) {
  return cute::tiled_mma_shape(
      Mma, cute::static_shape(Cfg::WM, Cfg::WN),
      cute::static_shape(16 * Cfg::WM, 16 * Cfg::WN, 16));
}

/// The atoms of configuration \p Cfg on elements \p T, and the values each
/// thread holds of the register fragments (all k-blocks of a k-tile).
template <class Cfg, class T> struct Traits {
  /// The accumulator's element type.
  using Acc = __type_pack_element<Cfg::AccF16, float, T>;
  static constexpr cute::MmaAtom Mma =
      cute::mma_atom(mmaAtomName<T, Cfg::AccF16>());
  static constexpr cute::TiledMmaShape TiledMma = tiledMma<Cfg>(Mma);
  static_assert(TiledMma.threads() == Cfg::Threads, "one thread per lane");
  static constexpr int FragA = TiledMma.size_A(Cfg::BM, Cfg::BK),
                       FragB = TiledMma.size_B(Cfg::BN, Cfg::BK),
                       FragC = TiledMma.size_C(Cfg::BM, Cfg::BN);
  static constexpr int KBlocks = Cfg::BK / (Mma.K * TiledMma.AtomsK);
  static constexpr cute::CopyAtom Ldsm = cute::copy_atom("SM75_U32x4_LDSM_N");
  /// Global to shared: cp.async of 16 bytes, in its zero-filling form for
  /// the residue (no byte outside the matrix is read), or element-wise
  /// copies where rows are not 16-byte aligned.
  static constexpr cute::CopyAtom CpAsync = cute::copy_atom(
      Cfg::CacheGlobal ? "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>"
                       : "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");
  static constexpr cute::CopyAtom CpAsyncZfill = cute::copy_atom(
      Cfg::CacheGlobal ? "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>"
                       : "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>");
  static constexpr cute::CopyAtom Elementwise =
      cute::copy_atom("UniversalCopy<uint16_t>");
  /// The epilogue's store: a pair of adjacent values of C.
  static constexpr cute::CopyAtom StorePair =
      cute::copy_atom("UniversalCopy<uint32_t>");
};

/// The CTA's tile (row, column) of the TilesM x TilesN grid of C tiles for
/// the linear block index \p Block: groups of Raster tile rows, column by
/// column within a group (the last group may be shorter).
template <int Raster>
__device__ __forceinline__ void rasterTile(int Block, int TilesM, int TilesN,
                                           int &TileM, int &TileN) {
  if constexpr (Raster == 0) {
    TileM = Block % TilesM;
    TileN = Block / TilesM;
  } else {
    int Group = Block / (Raster * TilesN), InGroup = Block % (Raster * TilesN);
    int FirstM = Group * Raster;
    int Height = min(TilesM - FirstM, Raster);
    TileM = FirstM + InGroup % Height;
    TileN = InGroup / Height;
  }
}

/// CuTe's swizzled K-major shared-memory atom for k-tiles \p BK wide: 8
/// rows of BK 16-bit elements, the 16-byte chunk index XOR the row's bits,
/// so that neither the cp.async writes nor the ldmatrix reads conflict.
template <int BK> __device__ __forceinline__ cute::Layout smemAtom() {
  using namespace cute;
  if constexpr (BK == 64)
    return composition(make_swizzle("S<3,3,3>"), make_layout("(8,64):(64,1)"));
  else
    return composition(make_swizzle("S<2,3,3>"), make_layout("(8,32):(32,1)"));
}

/// Part \p Part of \p Parts of one k-tile's copies by \p Copy, without
/// predicates: the repeats (mode 1) of A's partitions of the k-tile and the
/// stage, (CPY,CPY_M,CPY_K), then of B's, split as evenly as whole repeats
/// allow. \p Part and \p Parts are constants after unrolling, so the
/// copies that are not this part's fold away.
template <class TCopy, class TG, class TS>
__device__ __forceinline__ void copyPart(const TCopy &Copy, int Part, int Parts,
                                         TG TAgA, TS TAsA, TG TBgB, TS TBsB) {
  using namespace cute;
  int RepsA = size(TAsA, "mode=1"), Reps = RepsA + size(TBsB, "mode=1");
  int Lo = Part * Reps / Parts, Hi = (Part + 1) * Reps / Parts;
#pragma unroll
  for (int R = 0; R < Reps; ++R) {
    if (R < Lo || R >= Hi)
      continue;
    if (R < RepsA)
      copy(Copy, slice(TAgA, make_coord(_, R, _)),
           slice(TAsA, make_coord(_, R, _)));
    else
      copy(Copy, slice(TBgB, make_coord(_, R - RepsA, _)),
           slice(TBsB, make_coord(_, R - RepsA, _)));
  }
}

/// k-block \p KB of stage \p Pipe into the register fragments (ldmatrix):
/// the stage's (CPY,MMA_M,MMA_K) of A and B (CuTe's tXsA_p), then the
/// k-block's.
template <class TCopyA, class TCopyB, class TS, class TR>
__device__ __forceinline__ void loadBlock(const TCopyA &S2RA,
                                          const TCopyB &S2RB, int KB, int Pipe,
                                          TS TXsA, TR TXrA, TS TXsB, TR TXrB) {
  using namespace cute;
  Coord P = make_coord(_, _, _, Pipe), K = make_coord(_, _, KB);
  copy(S2RA, slice(slice(TXsA, P), K), slice(TXrA, K));
  copy(S2RB, slice(slice(TXsB, P), K), slice(TXrB, K));
}

/// One CTA's BM x BN tile of C at (\p TileM, \p TileN). \p Residue false:
/// the tile lies inside M and N and K is whole k-tiles, so the copies and
/// the epilogue need no predicate, as in CuTe's tutorial.
template <class Cfg, bool Aligned, bool Residue, class T>
__device__ __forceinline__ void gemmTile(char *SmemRaw, const T *A, const T *B,
                                         T *C, int M, int N, int K, int TileM,
                                         int TileN) {
  using namespace cute;
  using Tr = Traits<Cfg, T>;
  using Acc = typename Tr::Acc;
  constexpr int BM = Cfg::BM, BN = Cfg::BN, BK = Cfg::BK;
  constexpr int Stages = Cfg::Stages, KBlocks = Tr::KBlocks;
  int Tid = threadIdx.x;

  // Full tensors, their coordinates, and this CTA's tiles: (BM,BK,k),
  // (BN,BK,k) and (BM,BN).
  auto MA = make_view(A, make_layout("(?,?):(?,1)", M, K, K));
  auto MB = make_view(B, make_layout("(?,?):(?,1)", N, K, K));
  auto MC = make_view(C, make_layout("(?,?):(?,1)", M, N, N));
  auto GA = local_tile(MA, make_tile(BM, BK), make_coord(TileM, _));
  auto GB = local_tile(MB, make_tile(BN, BK), make_coord(TileN, _));
  auto GC = local_tile(MC, make_tile(BM, BN), make_coord(TileM, TileN));
  // The coordinates of a tile's elements from its origin: CuTe's identity
  // tensors (what is left of a matrix from a tile's origin bounds them).
  Layout CAK = make_identity_layout(make_shape(BM, BK));
  Layout CBK = make_identity_layout(make_shape(BN, BK));
  Layout CMN = make_identity_layout(make_shape(BM, BN));
  int RowsA = M - TileM * BM, RowsB = N - TileN * BN;

  // Shared memory: CuTe's swizzled K-major atom of the k-tile's width,
  // tiled to (BM,BK,Stages) and (BN,BK,Stages).
  Layout SwAtom = smemAtom<BK>();
  auto SA = make_view((T *)SmemRaw,
                      tile_to_shape(SwAtom, make_shape(BM, BK, Stages)));
  auto SB = make_view((T *)SmemRaw + BM * BK * Stages,
                      tile_to_shape(SwAtom, make_shape(BN, BK, Stages)));

  // Global -> shared: (CPY,CPY_M,CPY_K,k) and (CPY,CPY_M,CPY_K,PIPE).
  constexpr const CopyAtom &G2S = !Aligned  ? Tr::Elementwise
                                  : Residue ? Tr::CpAsyncZfill
                                            : Tr::CpAsync;
  // The thread layout (Threads/(BK/8),BK/8):(BK/8,1): BK/8 threads along a
  // row of 16-byte chunks, rows down the tile.
  constexpr int ThrCols = BK / 8, ThrRows = Cfg::Threads / ThrCols;
  auto CopyG2S = make_tiled_copy<T, G2S>(
      make_layout("(?,?):(?,1)", ThrRows, ThrCols, ThrCols), "(1,8)");
  auto ThrG2S = CopyG2S.get_slice(Tid);
  auto TAgA = ThrG2S.partition_S(GA);
  auto TAsA = ThrG2S.partition_D(SA);
  auto TBgB = ThrG2S.partition_S(GB);
  auto TBsB = ThrG2S.partition_D(SB);
  // The coordinates of the thread's elements of A's and B's tiles.
  Layout TAcA = partition_S(CopyG2S, CAK, Tid);
  Coord OffA = partition_S_offset(CopyG2S, CAK, Tid);
  Layout TBcB = partition_S(CopyG2S, CBK, Tid);
  Coord OffB = partition_S_offset(CopyG2S, CBK, Tid);

  // The TiledMMA and the thread's register fragments:
  // (MMA,MMA_M,MMA_K), (MMA,MMA_N,MMA_K), (MMA,MMA_M,MMA_N).
  auto TM = make_tiled_mma<Tr::TiledMma>();
  auto ThrMma = TM.get_slice(Tid);
  alignas(16) T RegA[Tr::FragA], RegB[Tr::FragB];
  alignas(16) Acc RegC[Tr::FragC];
  auto TCrA = make_fragment(
      RegA, ThrMma.partition_fragment_A(slice(SA, make_coord(_, _, 0))));
  auto TCrB = make_fragment(
      RegB, ThrMma.partition_fragment_B(slice(SB, make_coord(_, _, 0))));
  auto TCrC = make_fragment(RegC, ThrMma.partition_fragment_C(GC));
  fill(TCrC, Acc(0));

  // Shared -> registers: ldmatrix into the fragments, retiled.
  auto S2RA = make_tiled_copy_A<T, Tr::Ldsm>(TM);
  auto S2RB = make_tiled_copy_B<T, Tr::Ldsm>(TM);
  auto ThrS2RA = S2RA.get_slice(Tid), ThrS2RB = S2RB.get_slice(Tid);
  auto TXsA = ThrS2RA.partition_S(SA); // (CPY,MMA_M,MMA_K,PIPE)
  auto TXrA = ThrS2RA.retile_D(TCrA);  // (CPY,MMA_M,MMA_K)
  auto TXsB = ThrS2RB.partition_S(SB);
  auto TXrB = ThrS2RB.retile_D(TCrB);

  int KTiles = (K + BK - 1) / BK;
  // Parts of the copy of k-tile KT into stage Pipe: (CPY,CPY_M,CPY_K) of
  // the k-tile and of the stage, then its repeats; predicated by the
  // coordinates of the tile's elements at the edges (what is left of A and
  // B from the tile's origin bounds them), all at once.
  auto CopyTile = [&](int Part, int Parts, int KT, int Pipe)
      __attribute__((always_inline)) {
    Coord Src = make_coord(_, _, _, KT), Dst = make_coord(_, _, _, Pipe);
    if constexpr (Residue) {
      copy_if_zfill(CopyG2S, TAcA, OffA, RowsA, K - KT * BK, slice(TAgA, Src),
                    slice(TAsA, Dst));
      copy_if_zfill(CopyG2S, TBcB, OffB, RowsB, K - KT * BK, slice(TBgB, Src),
                    slice(TBsB, Dst));
    } else {
      copyPart(CopyG2S, Part, Parts, slice(TAgA, Src), slice(TAsA, Dst),
               slice(TBgB, Src), slice(TBsB, Dst));
    }
  };

  int ReadPipe = 0, WritePipe = Stages - 1;
  // Prologue: k-tiles 0 .. Stages-2 in flight.
#pragma unroll
  for (int S = 0; S < Stages - 1; ++S) {
    if (S < KTiles)
      CopyTile(0, 1, S, S);
    cp_async_fence();
  }
  cp_async_wait<Stages - 2>();
  __syncthreads();
  loadBlock(S2RA, S2RB, 0, ReadPipe, TXsA, TXrA, TXsB, TXrB);

  // The k-tiles: each k-block multiplies while the next one's fragments
  // load; the first k-block (or, spread, each but the last) issues the
  // copy of k-tile KT + Stages - 1 (if any) into the stage read by the
  // previous k-tile, the last waits for k-tile KT + 1 and loads its first
  // k-block. The predicated copies (the edges) are not spread.
  constexpr int Parts =
      Cfg::Spread && !Residue && KBlocks > 1 ? KBlocks - 1 : 1;
  for (int KT = 0; KT < KTiles; ++KT) {
#pragma unroll
    for (int KB = 0; KB < KBlocks; ++KB) {
      if (KB == KBlocks - 1) {
        // k-tile KT + 1 has landed; every thread is done reading the stage
        // the copies above refill.
        ReadPipe = ReadPipe == Stages - 1 ? 0 : ReadPipe + 1;
        cp_async_wait<Stages - 2>();
        __syncthreads();
      }
      loadBlock(S2RA, S2RB, (KB + 1) % KBlocks, ReadPipe, TXsA, TXrA, TXsB,
                TXrB);
      if (KB < Parts && KT + Stages - 1 < KTiles)
        CopyTile(KB, Parts, KT + Stages - 1, WritePipe);
      if (KB == Parts - 1) {
        cp_async_fence();
        WritePipe = WritePipe == Stages - 1 ? 0 : WritePipe + 1;
      }
      gemm(TM, slice(TCrA, make_coord(_, _, KB)),
           slice(TCrB, make_coord(_, _, KB)), TCrC);
    }
  }
  cp_async_wait<0>();

  // Epilogue: the accumulators converted to T in pairs.
  alignas(16) T RegD[Tr::FragC];
  auto TCrD = make_fragment(RegD, ThrMma.partition_fragment_C(GC));
  convert(TCrC, TCrD);
  auto TCgC = ThrMma.partition_C(GC);
  if constexpr (Residue) {
    // The values of C inside the matrix, one at a time.
    Layout TCcC = partition_C(TM, CMN, Tid);
    Coord OffC = partition_C_offset(TM, CMN, Tid);
#pragma unroll
    for (int I = 0; I < size(TCrD); ++I) {
      Coord Crd = crd2crd(I, TCcC);
      if (get_leaf<0>(OffC) + get_leaf<0>(Crd) < RowsA &&
          get_leaf<1>(OffC) + get_leaf<1>(Crd) < RowsB)
        store(TCgC, I, load(TCrD, I));
    }
  } else {
    // A pair of adjacent values per 4-byte store, by the TiledCopy that
    // distributes C as the TiledMMA does.
    auto CopyR2G = make_tiled_copy_C<T, Tr::StorePair>(TM);
    auto ThrR2G = CopyR2G.get_slice(Tid);
    copy(CopyR2G, ThrR2G.retile_S(TCrD), ThrR2G.partition_D(GC));
  }
}

/// One CTA: one BM x BN tile of C. Whole tiles (most of a large problem)
/// take the path without predicates; the edges, problems whose C rows do
/// not keep pairs of values 4-byte aligned, and every tile of the
/// element-wise copy (whose predicated copies go one chunk at a time instead
/// of holding a k-tile in registers) take the predicated one.
template <class Cfg, bool Aligned, class T>
__global__ void __launch_bounds__(Cfg::Threads, Aligned ? Cfg::MinBlocks : 1)
    gemmKernel(const T *A, const T *B, T *C, int M, int N, int K) {
  extern __shared__ __attribute__((aligned(1024))) char SmemRaw[];
  int TilesM = (M + Cfg::BM - 1) / Cfg::BM,
      TilesN = (N + Cfg::BN - 1) / Cfg::BN;
  int TileM, TileN;
  rasterTile<Cfg::Raster>(blockIdx.x, TilesM, TilesN, TileM, TileN);
  bool Whole = Aligned && (TileM + 1) * Cfg::BM <= M &&
               (TileN + 1) * Cfg::BN <= N && K % Cfg::BK == 0 && N % 2 == 0 &&
               (uintptr_t)C % 4 == 0;
  if (Whole)
    gemmTile<Cfg, Aligned, false>(SmemRaw, A, B, C, M, N, K, TileM, TileN);
  else
    gemmTile<Cfg, Aligned, true>(SmemRaw, A, B, C, M, N, K, TileM, TileN);
}

/// Launches C = A * B^T with configuration \p Cfg.
template <class Cfg, class T>
cudaError_t launch(const T *A, const T *B, T *C, int M, int N, int K,
                   cudaStream_t Stream) {
  if (M <= 0 || N <= 0 || K <= 0)
    return cudaErrorInvalidValue;
  bool Aligned = K % 8 == 0 && (uintptr_t)A % 16 == 0 && (uintptr_t)B % 16 == 0;
  auto Kernel = Aligned ? gemmKernel<Cfg, true, T> : gemmKernel<Cfg, false, T>;
  cudaError_t Err = cudaFuncSetAttribute(
      Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::SmemBytes);
  if (Err != cudaSuccess)
    return Err;
  long long Tiles =
      (long long)((M + Cfg::BM - 1) / Cfg::BM) * ((N + Cfg::BN - 1) / Cfg::BN);
  if (Tiles >= (1ll << 31))
    return cudaErrorInvalidValue;
  Kernel<<<unsigned(Tiles), Cfg::Threads, Cfg::SmemBytes, Stream>>>(A, B, C, M,
                                                                    N, K);
  return cudaGetLastError();
}

/// The launcher of one configuration and input type on untyped buffers (the
/// interface of bench/gemm and examples/common/GemmCheck.h); null where the
/// configuration does not take the type (fp16 accumulation of bf16).
using Launcher = cudaError_t (*)(const void *, const void *, void *, int, int,
                                 int, cudaStream_t);
template <class Cfg, class T>
cudaError_t launchUntyped(const void *A, const void *B, void *C, int M, int N,
                          int K, cudaStream_t Stream) {
  return launch<Cfg, T>((const T *)A, (const T *)B, (T *)C, M, N, K, Stream);
}

/// The configurations, as X(NAME, BM, BN, BK, WM, WN, STAGES, ACC_F16,
/// MIN_BLOCKS, RASTER[, SPREAD[, CACHE_GLOBAL]]): NAME is BMxBNxBK, _w8 with 8
/// warps, _sS with S stages, _f16acc with fp16 accumulation, _rG with raster
/// groups of G tile rows (8 unless named), _spread with the copies spread
/// over the k-blocks, _cg with cp.async.cg (128x128x64_s3 is CuTe's
/// sgemm_sm80, blockIdx order, .ca). GEMM_SM80_DEFAULT_ONLY keeps the first
/// four (the CI test compiles them alone, for time): CuTe's tile and the
/// fastest on the H100 (bench/results/2026-11-27-h100-sm80-session10.txt),
/// each with both accumulators.
#define GEMM_SM80_DEFAULT_CONFIGS(X)                                           \
  X(128x128x64_s3_r8, 128, 128, 64, 2, 2, 3, false, 2, 8)                      \
  X(128x128x64_s3_f16acc, 128, 128, 64, 2, 2, 3, true, 2, 8)                   \
  X(128x256x64_s3_spread_cg, 128, 256, 64, 2, 4, 3, false, 1, 8, true, true)   \
  X(128x256x64_s3_f16acc_cg, 128, 256, 64, 2, 4, 3, true, 1, 8, false, true)
#ifdef GEMM_SM80_DEFAULT_ONLY
#define GEMM_SM80_CONFIGS(X) GEMM_SM80_DEFAULT_CONFIGS(X)
#else
#define GEMM_SM80_CONFIGS(X)                                                   \
  GEMM_SM80_DEFAULT_CONFIGS(X)                                                 \
  X(128x128x64_s3, 128, 128, 64, 2, 2, 3, false, 1, 0)                         \
  X(128x128x64_s3_r16, 128, 128, 64, 2, 2, 3, false, 2, 16)                    \
  X(128x128x32_s4, 128, 128, 32, 2, 2, 4, false, 2, 8)                         \
  X(128x128x32_s5, 128, 128, 32, 2, 2, 5, false, 2, 8)                         \
  X(128x128x32_w8_s4, 128, 128, 32, 2, 4, 4, false, 2, 8)                      \
  X(128x256x32_s3, 128, 256, 32, 2, 4, 3, false, 1, 8)                         \
  X(128x256x32_s4, 128, 256, 32, 2, 4, 4, false, 1, 8)                         \
  X(256x128x32_s3, 256, 128, 32, 4, 2, 3, false, 1, 8)                         \
  X(128x256x64_s3, 128, 256, 64, 2, 4, 3, false, 1, 8)                         \
  X(128x256x64_s3_cg, 128, 256, 64, 2, 4, 3, false, 1, 8, false, true)         \
  X(128x256x64_s3_spread, 128, 256, 64, 2, 4, 3, false, 1, 8, true)            \
  X(128x256x64_s4_spread_cg, 128, 256, 64, 2, 4, 4, false, 1, 8, true, true)   \
  X(256x128x64_s3, 256, 128, 64, 4, 2, 3, false, 1, 8)                         \
  X(256x128x64_s3_spread_cg, 256, 128, 64, 4, 2, 3, false, 1, 8, true, true)   \
  X(128x128x32_s4_f16acc, 128, 128, 32, 2, 2, 4, true, 3, 8)                   \
  X(128x128x32_s5_f16acc, 128, 128, 32, 2, 2, 5, true, 3, 8)                   \
  X(128x256x32_s3_f16acc, 128, 256, 32, 2, 4, 3, true, 1, 8)                   \
  X(128x256x64_s3_f16acc, 128, 256, 64, 2, 4, 3, true, 1, 8)                   \
  X(128x256x64_s3_f16acc_spread_cg, 128, 256, 64, 2, 4, 3, true, 1, 8, true,   \
    true)
#endif

/// One named configuration and its launchers.
struct NamedConfig {
  const char *Name;
  bool AccF16;
  int SmemBytes, Threads;
  Launcher F16, BF16;
};

template <class Cfg, class T> constexpr Launcher launcherFor() {
  if constexpr (Cfg::AccF16 && __is_same(T, __bf16))
    return nullptr;
  else
    return launchUntyped<Cfg, T>;
}

template <class Cfg> constexpr NamedConfig named(const char *Name) {
  return {Name,
          Cfg::AccF16,
          Cfg::SmemBytes,
          Cfg::Threads,
          launcherFor<Cfg, _Float16>(),
          launcherFor<Cfg, __bf16>()};
}

#define GEMM_SM80_CONFIG_ENTRY(Name, ...) named<GemmConfig<__VA_ARGS__>>(#Name),

inline const NamedConfig Configs[] = {
    GEMM_SM80_CONFIGS(GEMM_SM80_CONFIG_ENTRY)};
inline constexpr int NumConfigs = sizeof(Configs) / sizeof(Configs[0]);

/// The configuration named \p Name, or null.
inline const NamedConfig *findConfig(const char *Name) {
  for (const NamedConfig &C : Configs)
    if (!strcmp(C.Name, Name))
      return &C;
  return nullptr;
}

/// The launcher gemm_sm80_f16/_bf16/_f16acc use for an M x N x K product
/// of fp16 (bf16 when \p BF16) with fp32 (fp16 when \p AccF16)
/// accumulation: the configuration GEMM_SM80_CONFIG names when it takes
/// them; otherwise, on the first product of each shape, the fastest of the
/// configurations that take them, each timed over three runs on the
/// caller's buffers (the choice is printed to stderr).
inline Launcher pick(bool AccF16, bool BF16, int M, int N, int K, const void *A,
                     const void *B, void *C, cudaStream_t Stream) {
  auto Of = [&](const NamedConfig &Cfg) { return BF16 ? Cfg.BF16 : Cfg.F16; };
  auto Takes = [&](const NamedConfig &Cfg) {
    return Cfg.AccF16 == AccF16 && Of(Cfg);
  };
  const char *Env = getenv("GEMM_SM80_CONFIG");
  const NamedConfig *Named = Env ? findConfig(Env) : nullptr;
  if (Named && Takes(*Named))
    return Of(*Named);
  struct Choice {
    bool AccF16, BF16;
    int M, N, K;
    Launcher Fn;
  };
  static Choice Cache[64];
  static int Cached = 0;
  for (int I = 0; I < Cached; ++I)
    if (Cache[I].AccF16 == AccF16 && Cache[I].BF16 == BF16 && Cache[I].M == M &&
        Cache[I].N == N && Cache[I].K == K)
      return Cache[I].Fn;
  const NamedConfig *Best = nullptr;
  float BestMs = 0;
  cudaEvent_t Start, Stop;
  if (cudaEventCreate(&Start) != cudaSuccess ||
      cudaEventCreate(&Stop) != cudaSuccess)
    return nullptr;
  for (const NamedConfig &Cfg : Configs) {
    if (!Takes(Cfg))
      continue;
    float Ms = -1;
    if (Of(Cfg)(A, B, C, M, N, K, Stream) == cudaSuccess &&
        cudaEventRecord(Start, Stream) == cudaSuccess) {
      for (int R = 0; R < 3; ++R)
        Of(Cfg)(A, B, C, M, N, K, Stream);
      if (cudaEventRecord(Stop, Stream) != cudaSuccess ||
          cudaEventSynchronize(Stop) != cudaSuccess ||
          cudaEventElapsedTime(&Ms, Start, Stop) != cudaSuccess)
        Ms = -1;
    }
    if (Ms >= 0 && (!Best || Ms < BestMs)) {
      Best = &Cfg;
      BestMs = Ms;
    }
  }
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
  if (!Best)
    return nullptr;
  fprintf(stderr, "gemm_sm80: %s %s %dx%dx%d: %s (%.1f TFLOP/s)\n",
          BF16 ? "bf16" : "f16", AccF16 ? "f16acc" : "f32acc", M, N, K,
          Best->Name, 2.0 * M * N * double(K) / (BestMs / 3 * 1e-3) / 1e12);
  if (Cached < 64)
    Cache[Cached++] = {AccF16, BF16, M, N, K, Of(*Best)};
  return Of(*Best);
}

inline cudaError_t run(bool AccF16, bool BF16, const void *A, const void *B,
                       void *C, int M, int N, int K, cudaStream_t Stream) {
  if (M <= 0 || N <= 0 || K <= 0)
    return cudaErrorInvalidValue;
  Launcher Fn = pick(AccF16, BF16, M, N, K, A, B, C, Stream);
  return Fn ? Fn(A, B, C, M, N, K, Stream) : cudaErrorNotSupported;
}

} // namespace gemm_sm80

/// C = A * B^T in fp16 (fp32 accumulation); A: M x K, B: N x K, both
/// K-major; C: M x N row-major. The configuration: gemm_sm80::pick.
inline cudaError_t gemm_sm80_f16(const void *A, const void *B, void *C, int M,
                                 int N, int K, cudaStream_t Stream) {
  return gemm_sm80::run(false, false, A, B, C, M, N, K, Stream);
}

/// The same in bf16.
inline cudaError_t gemm_sm80_bf16(const void *A, const void *B, void *C, int M,
                                  int N, int K, cudaStream_t Stream) {
  return gemm_sm80::run(false, true, A, B, C, M, N, K, Stream);
}

/// C = A * B^T in fp16 with fp16 accumulation (as CuTe's sgemm_sm80).
inline cudaError_t gemm_sm80_f16acc(const void *A, const void *B, void *C,
                                    int M, int N, int K, cudaStream_t Stream) {
  return gemm_sm80::run(true, false, A, B, C, M, N, K, Stream);
}

#endif // CUTELLVM_EXAMPLES_GEMM_SM80_CUH
