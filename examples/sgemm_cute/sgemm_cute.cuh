//===- sgemm_cute.cuh - CuTe's sgemm_sm80, the CuTe way --------*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// C = A * B^T in fp16 with fp16 accumulation (A: M x K, B: N x K, both
/// K-major; C: M x N row-major): CuTe's sgemm_sm80 tutorial (its TN GEMM)
/// written as a CuTe user writes it, with <cute/llvm.h> alone:
///
/// - TiledCopy of SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t> over the thread
///   layout (16,8):(8,1) and value layout (1,8) for global -> shared;
/// - shared memory `Sw<3,3,3> o (8,(8,8)):(8,(1,64))` tiled to
///   (128,64,3): a three-stage cp.async pipeline (fence / wait);
/// - TiledMMA of SM80_16x8x16_F16F16F16F16_TN over (2,2) with the
///   permutation (32,32,16); make_tiled_copy_A/B of SM75_U32x4_LDSM_N for
///   shared -> registers into the retiled MMA fragments, the next k-block
///   loaded while the current one multiplies;
/// - get_slice's partition_S/D/A/B/C, partition_fragment_A/B/C and
///   retile_D; copy(tiled_copy, ...), copy_if and gemm(tiled_mma, ...).
///
/// Every layout comes from the registry through the atoms' names; only the
/// user's choices (thread and value layouts, swizzle atom, tile shapes) are
/// written, as in the tutorial. The fragment sizes are constexpr, from the
/// atoms' traits (cute::tiled_mma_shape), and checked against the
/// lowering's.
///
/// Residues: an identity layout of the tile partitioned like A and B gives
/// each copied chunk's coordinates (CuTe's identity tensors, with the
/// tile's origin subtracted); the copies are copy_if_zfill with the _ZFILL
/// form of the cp.async atom, zeros outside the matrix. Rows of A and B must be
/// 16-byte aligned for cp.async (K % 8 == 0); otherwise the same kernel copies
/// element by element (UniversalCopy<uint16_t>, same TiledCopy layouts,
/// predicated). The epilogue stores C's values whose identity coordinates are
/// inside.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_SGEMM_CUTE_CUH
#define CUTELLVM_EXAMPLES_SGEMM_CUTE_CUH

#include <cuda_runtime.h>
#include <cute/algorithm.h>
#include <cute/llvm.h>
#include <stdint.h>

namespace sgemm_cute {

using half = _Float16;

/// The CTA tile (the tutorial's: 128 x 128 x 64, three stages).
constexpr int BM = 128, BN = 128, BK = 64, Stages = 3;

constexpr cute::MmaAtom Mma = cute::mma_atom("SM80_16x8x16_F16F16F16F16_TN");
constexpr cute::TiledMmaShape TiledMma =
    cute::tiled_mma_shape(Mma, "(2,2)", "(32,32,16)");
constexpr int Threads = TiledMma.threads();
/// Values per thread of the register fragments (all k-blocks of a k-tile).
constexpr int FragA = TiledMma.size_A(BM, BK), FragB = TiledMma.size_B(BN, BK),
              FragC = TiledMma.size_C(BM, BN);
constexpr cute::CopyAtom Ldsm = cute::copy_atom("SM75_U32x4_LDSM_N");
constexpr int KBlocks = BK / (Mma.K * TiledMma.AtomsK);

/// The global-to-shared atoms: cp.async of 16 bytes in its zero-filling
/// form (the residue reads no byte outside the matrix), or element-wise
/// copies where rows are not 16-byte aligned.
constexpr cute::CopyAtom CpAsync =
    cute::copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");
constexpr cute::CopyAtom CpAsyncZfill =
    cute::copy_atom("SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>");
constexpr cute::CopyAtom Elementwise =
    cute::copy_atom("UniversalCopy<uint16_t>");

constexpr int SmemBytes = (BM + BN) * BK * Stages * int(sizeof(half));

/// k-tile \p KT of A and B into stage \p Pipe by \p Copy, predicated by
/// the coordinates of the tile's elements: (RowsA, Cols) and (RowsB, Cols)
/// are what is left of A and B from the tile's origin. (An unpredicated
/// copy of the tiles that lie inside beside this one in the loop holds both
/// copies' addresses and predicates at once: 255 registers and a spill, for
/// no measurable gain over cp.async's src-size operand.)
template <bool Residue, class TCopy, class TG, class TS>
__device__ __forceinline__ void
loadTile(const TCopy &Copy, int KT, int Pipe, int RowsA, int RowsB, int Cols,
         TG TAgA, TS TAsA, TG TBgB, TS TBsB, cute::Layout TAcA,
         cute::Coord OffA) {
  using namespace cute;
  Coord Src = make_coord(_, _, _, KT), Dst = make_coord(_, _, _, Pipe);
  if constexpr (Residue) {
    // A and B are partitioned alike: one set of coordinates for both.
    // Zeros outside the matrix: the MMAs read the whole tile.
    copy_if_zfill(Copy, TAcA, OffA, RowsA, Cols, slice(TAgA, Src),
                  slice(TAsA, Dst));
    copy_if_zfill(Copy, TAcA, OffA, RowsB, Cols, slice(TBgB, Src),
                  slice(TBsB, Dst));
  } else {
    copy(Copy, slice(TAgA, Src), slice(TAsA, Dst));
    copy(Copy, slice(TBgB, Src), slice(TBsB, Dst));
  }
}

/// k-block \p KB of stage \p Pipe into the register fragments (ldmatrix).
template <class TCopy, class TS, class TR>
__device__ __forceinline__ void loadBlock(const TCopy &S2RA,
                                          const TCopy &S2RB, int KB, int Pipe,
                                          TS TXsA, TR TXrA, TS TXsB, TR TXrB) {
  using namespace cute;
  Coord S = make_coord(_, _, KB, Pipe), R = make_coord(_, _, KB);
  copy(S2RA, slice(TXsA, S), slice(TXrA, R));
  copy(S2RB, slice(TXsB, S), slice(TXrB, R));
}

/// One CTA's tile; \p Residue false: the tile lies inside M, N and K
/// (whole k-tiles), so the copies and the epilogue need no predicate, as
/// in CuTe's tutorial.
template <bool Aligned, bool Residue>
__device__ __forceinline__ void sgemmTile(char *SmemRaw, const half *A,
                                          const half *B, half *C, int M,
                                          int N, int K) {
  using namespace cute;
  int Tid = threadIdx.x;
  int TileM = blockIdx.x, TileN = blockIdx.y;

  // Full tensors, their coordinates, and this CTA's tiles: (BM,BK,k).
  auto MA = make_view(A, make_layout("(?,?):(?,1)", M, K, K));
  auto MB = make_view(B, make_layout("(?,?):(?,1)", N, K, K));
  auto MC = make_view(C, make_layout("(?,?):(?,1)", M, N, N));
  Tile TileAK = make_tile(BM, BK), TileMN = make_tile(BM, BN);
  auto GA = local_tile(MA, TileAK, make_coord(TileM, _));
  auto GB = local_tile(MB, TileAK, make_coord(TileN, _));
  auto GC = local_tile(MC, TileMN, make_coord(TileM, TileN));
  // The coordinates of a tile's elements from its origin: CuTe's identity
  // tensors, tile by tile (what is left of a matrix from a tile's origin
  // bounds them).
  Layout CAK = make_identity_layout(make_shape(BM, BK));
  Layout CMN = make_identity_layout(make_shape(BM, BN));
  int RowsA = M - TileM * BM, RowsB = N - TileN * BN;

  // Shared memory: the tutorial's swizzled K-major atom tiled to
  // (BM,BK,Stages).
  Layout SwAtom = composition(make_swizzle("S<3,3,3>"),
                              make_layout("(8,(8,8)):(8,(1,64))"));
  auto SA = make_view((half *)SmemRaw,
                      tile_to_shape(SwAtom, make_shape(BM, BK, Stages)));
  auto SB = make_view((half *)SmemRaw + BM * BK * Stages,
                      tile_to_shape(SwAtom, make_shape(BM, BK, Stages)));

  // Global -> shared: (CPY,CPY_M,CPY_K,k) and (CPY,CPY_M,CPY_K,PIPE).
  // The TiledCopy of SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t> (zeros
  // outside the matrix), or of the element-wise copy.
  constexpr const CopyAtom &G2S =
      !Aligned ? Elementwise : Residue ? CpAsyncZfill : CpAsync;
  auto CopyG2S = make_tiled_copy<half, G2S>("(16,8):(8,1)", "(1,8)");
  auto ThrG2S = CopyG2S.get_slice(Tid);
  auto TAgA = ThrG2S.partition_S(GA);
  auto TAsA = ThrG2S.partition_D(SA);
  Layout TAcA = partition_S(CopyG2S, CAK, Tid);
  Coord OffA = partition_S_offset(CopyG2S, CAK, Tid);
  auto TBgB = ThrG2S.partition_S(GB);
  auto TBsB = ThrG2S.partition_D(SB);

  // The TiledMMA and the thread's register fragments:
  // (MMA,MMA_M,MMA_K), (MMA,MMA_N,MMA_K), (MMA,MMA_M,MMA_N).
  auto TM = make_tiled_mma<TiledMma>();
  auto ThrMma = TM.get_slice(Tid);
  alignas(16) half RegA[FragA], RegB[FragB], RegC[FragC];
  auto TCrA = make_fragment(
      RegA, ThrMma.partition_fragment_A(slice(SA, make_coord(_, _, 0))));
  auto TCrB = make_fragment(
      RegB, ThrMma.partition_fragment_B(slice(SB, make_coord(_, _, 0))));
  auto TCrC = make_fragment(RegC, ThrMma.partition_fragment_C(GC));
  auto TCgC = ThrMma.partition_C(GC);
  Layout TCcC = partition_C(TM, CMN, Tid);
  Coord OffC = partition_C_offset(TM, CMN, Tid);
  fill(TCrC, half(0));

  // Shared -> registers: ldmatrix into the fragments, retiled.
  auto S2RA = make_tiled_copy_A<half, Ldsm>(TM);
  auto S2RB = make_tiled_copy_B<half, Ldsm>(TM);
  auto ThrS2RA = S2RA.get_slice(Tid), ThrS2RB = S2RB.get_slice(Tid);
  auto TXsA = ThrS2RA.partition_S(SA); // (CPY,MMA_M,MMA_K,PIPE)
  auto TXrA = ThrS2RA.retile_D(TCrA);  // (CPY,MMA_M,MMA_K)
  auto TXsB = ThrS2RB.partition_S(SB);
  auto TXrB = ThrS2RB.retile_D(TCrB);

  int KTiles = (K + BK - 1) / BK;

  // Prologue: k-tiles 0 .. Stages-2 in flight.
#pragma unroll
  for (int S = 0; S < Stages - 1; ++S) {
    if (S < KTiles)
      loadTile<Residue>(CopyG2S, S, S, RowsA, RowsB, K - S * BK, TAgA, TAsA,
                        TBgB, TBsB, TAcA, OffA);
    cp_async_fence();
  }
  int ReadPipe = 0, WritePipe = Stages - 1, NextTile = Stages - 1;
  cp_async_wait<Stages - 2>();
  __syncthreads();
  loadBlock(S2RA, S2RB, 0, ReadPipe, TXsA, TXrA, TXsB, TXrB);

  for (int KT = 0; KT < KTiles; ++KT) {
#pragma unroll
    for (int KB = 0; KB < KBlocks; ++KB) {
      if (KB == KBlocks - 1) {
        // The next k-tile has landed; every thread is done reading the
        // stage the copy below refills.
        ReadPipe = ReadPipe == Stages - 1 ? 0 : ReadPipe + 1;
        cp_async_wait<Stages - 2>();
        __syncthreads();
      }
      loadBlock(S2RA, S2RB, (KB + 1) % KBlocks, ReadPipe, TXsA, TXrA, TXsB,
                TXrB);
      if (KB == 0) {
        if (NextTile < KTiles)
          loadTile<Residue>(CopyG2S, NextTile, WritePipe, RowsA, RowsB,
                            K - NextTile * BK, TAgA, TAsA, TBgB, TBsB, TAcA,
                            OffA);
        ++NextTile;
        cp_async_fence();
        WritePipe = WritePipe == Stages - 1 ? 0 : WritePipe + 1;
      }
      gemm(TM, slice(TCrA, make_coord(_, _, KB)),
           slice(TCrB, make_coord(_, _, KB)), TCrC);
    }
  }
  cp_async_wait<0>();

  // Epilogue: the values of C inside the matrix.
  if constexpr (Residue) {
#pragma unroll
    for (int I = 0; I < size(TCrC); ++I) {
      Coord Crd = crd2crd(I, TCcC);
      if (get_leaf<0>(OffC) + get_leaf<0>(Crd) < RowsA &&
          get_leaf<1>(OffC) + get_leaf<1>(Crd) < RowsB)
        store(TCgC, I, load(TCrC, I));
    }
  } else {
    copy(TCrC, TCgC);
  }
}

template <bool Aligned>
__global__ void __launch_bounds__(Threads)
    sgemmKernel(const half *A, const half *B, half *C, int M, int N, int K) {
  extern __shared__ __attribute__((aligned(1024))) char SmemRaw[];
  // Whole tiles (most of a large problem) take the path without
  // predicates; the edges the predicated one.
  bool Whole = (int(blockIdx.x) + 1) * BM <= M &&
               (int(blockIdx.y) + 1) * BN <= N && K % BK == 0;
  if (Whole)
    sgemmTile<Aligned, false>(SmemRaw, A, B, C, M, N, K);
  else
    sgemmTile<Aligned, true>(SmemRaw, A, B, C, M, N, K);
}

/// Launches C = A * B^T.
inline cudaError_t launch(const half *A, const half *B, half *C, int M, int N,
                          int K, cudaStream_t Stream) {
  if (M <= 0 || N <= 0 || K <= 0)
    return cudaErrorInvalidValue;
  bool Aligned = K % 8 == 0 && (uintptr_t)A % 16 == 0 && (uintptr_t)B % 16 == 0;
  auto Kernel = Aligned ? sgemmKernel<true> : sgemmKernel<false>;
  cudaError_t Err = cudaFuncSetAttribute(
      Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, SmemBytes);
  if (Err != cudaSuccess)
    return Err;
  dim3 Grid((M + BM - 1) / BM, (N + BN - 1) / BN);
  if (Grid.y > 65535)
    return cudaErrorInvalidValue;
  Kernel<<<Grid, Threads, SmemBytes, Stream>>>(A, B, C, M, N, K);
  return cudaGetLastError();
}

} // namespace sgemm_cute

/// C = A * B^T in fp16 with fp16 accumulation, untyped (the interface of
/// examples/common/GemmCheck.h and bench/gemm).
inline cudaError_t sgemm_cute_f16acc(const void *A, const void *B, void *C,
                                     int M, int N, int K, cudaStream_t Stream) {
  return sgemm_cute::launch((const _Float16 *)A, (const _Float16 *)B,
                            (_Float16 *)C, M, N, K, Stream);
}

#endif // CUTELLVM_EXAMPLES_SGEMM_CUTE_CUH
