//===- gemm_sm80.cuh - Seed 004's sgemm_sm80 through the atoms -*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// C = A * B^T (A: M x K, K-major; B: N x K, K-major; C: M x N, row-major;
/// fp16 or bf16 in and out, fp32 accumulation), the algorithm of CuTe's
/// sgemm_sm80 tutorial (seed 004) written with <cute/llvm.h> and the atoms
/// of the generated <cute_nvgpu_atoms.h>:
///
/// - a BM x BN x 64 CTA tile, a Stages-deep ring of shared-memory tiles
///   filled by 16-byte `cp.async.ca` (SM80_CP_ASYNC_CACHEALWAYS_ZFILL:
///   out-of-bounds chunks and k-tiles past K are zero-filled, nothing is
///   read for them), one commit group per k-tile;
/// - shared memory as CuTe's `Sw<3,3,3> o (8,64):(64,1)` atom tiled over
///   the tile and the stages: the 16-byte chunk index XOR the row mod 8, so
///   neither the cp.async writes nor the ldmatrix reads conflict;
/// - ldmatrix .x4 (SM75_U32x4_LDSM_N) into the registers of a WM x WN-warp
///   SM80_16x8x16 TiledMMA (the F16 or BF16 atom, F32 accumulators), the
///   next k-block's fragments loaded while the current one multiplies;
/// - the epilogue converts the accumulators and stores them, guarded.
///
/// Every index is a layout evaluated by the lowering: the global tensors
/// `(M,K):(K,1)`, the tiled copy's TV layout (make_layout_tv of CuTe's
/// thread and value layouts), the swizzled shared layout, the atoms' TV
/// layouts (as the registry, `cute-atoms --atom NAME`, gives them) and the
/// ldmatrix row addresses. The tile shape and stage count are template
/// parameters (GemmConfig), so that several configurations can be timed in
/// one program.
///
/// Rows of A and B must be 16-byte aligned for cp.async (K % 8 == 0 and
/// 16-byte aligned pointers); otherwise the launcher picks the same kernel
/// with a guarded element-wise global-to-shared copy (Aligned = false).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_GEMM_SM80_CUH
#define CUTELLVM_EXAMPLES_GEMM_SM80_CUH

#include <cuda_runtime.h>
#include <cute/llvm.h>
#include <cute_nvgpu_atoms.h>
#include <stdint.h>

// Ops of the contract <cute/llvm.h> has no wrapper for yet (issue 14: the
// header is to be generated from the op records).
extern "C" __device__ void *
__gemm_sm80_make_swizzle(const char *, ...) __asm__("llvm.cute.make_swizzle");
extern "C" __device__ int __gemm_sm80_swizzle(...) __asm__("llvm.cute.swizzle");

namespace gemm_sm80 {

/// A CTA tile of BM x BN (x 64 along K), WM x WN warps, Stages k-tiles in
/// flight.
template <int BM_, int BN_, int WM_, int WN_, int Stages_> struct GemmConfig {
  static constexpr int BM = BM_, BN = BN_, BK = 64, WM = WM_, WN = WN_;
  static constexpr int Stages = Stages_;
  static constexpr int Threads = 32 * WM * WN;
  /// MMA atoms (16 x 8) per warp along M and N.
  static constexpr int MI = BM / WM / 16, NJ = BN / WN / 8;
  static constexpr int SmemBytes = Stages * (BM + BN) * BK * 2;
  static_assert(BM % (16 * WM) == 0 && BN % (16 * WN) == 0, "warp tile");
  static_assert(BM % (Threads / 8) == 0 && BN % (Threads / 8) == 0,
                "copy tile");
  static_assert(Stages >= 2, "at least double buffering");
};

/// The element types and the mma.sync atom of each.
template <class T> struct Element;
template <> struct Element<_Float16> {
  static constexpr const char *Mma = "SM80_16x8x16_F32F16F16F32_TN";
  static __device__ __forceinline__ uint32_t pack(float Lo, float Hi) {
    _Float16 H[2] = {(_Float16)Lo, (_Float16)Hi};
    uint32_t R;
    __builtin_memcpy(&R, H, 4);
    return R;
  }
};
template <> struct Element<__bf16> {
  static constexpr const char *Mma = "SM80_16x8x16_F32BF16BF16F32_TN";
  static __device__ __forceinline__ uint32_t pack(float Lo, float Hi) {
    __bf16 H[2] = {(__bf16)Lo, (__bf16)Hi};
    uint32_t R;
    __builtin_memcpy(&R, H, 4);
    return R;
  }
};

// TODO(issue 14): cute::sm90::cp_async_commit() / cp_async_wait<N>() (helper
// `tma`, include/cute/arch/sm90.h) replace these clang builtins when they
// land.
__device__ __forceinline__ void cpAsyncCommit() {
  __nvvm_cp_async_commit_group();
}
template <int N> __device__ __forceinline__ void cpAsyncWait() {
  __nvvm_cp_async_wait_group(N);
}

/// The first element of thread \p Tid's chunk in the (R, 64) copy tile, as
/// an index into it (column-major): CuTe's TiledCopy TV layout, the
/// make_layout_tv of the thread layout (R,8):(8,1) and the value layout
/// (1,8). The notation is a literal per R: the lowering reads notation from
/// string literals at the call (not from constexpr data, which lives in the
/// constant address space, nor through a select), and a static leaf must be
/// spelled in the string.
template <int R> __device__ __forceinline__ int copyTileIndex(int Tid) {
  using namespace cute;
  static_assert(R == 16 || R == 32, "128 or 256 threads");
  if constexpr (R == 16)
    return crd2idx(make_coord("(?,0)", Tid),
                   make_layout_tv(make_layout("(16,8):(8,1)"),
                                  make_layout("(1,8):(1,1)")));
  else
    return crd2idx(make_coord("(?,0)", Tid),
                   make_layout_tv(make_layout("(32,8):(8,1)"),
                                  make_layout("(1,8):(1,1)")));
}

/// The index of (Row, Col) of a (Rows, 64) K-major tile in stage \p Stage of
/// its shared-memory ring: the layout ((Rows,64),Stages):((64,1),Rows*64)
/// under the swizzle Sw<3,3,3> (CuTe's `composition(Swizzle<3,3,3>{},
/// Layout<Shape<_8,_64>, Stride<_64,_1>>{})` tiled to the tile and stages).
template <int Rows>
__device__ __forceinline__ int smemIndex(int Row, int Col, int Stage) {
  using namespace cute;
  Layout L = make_layout("((?,64),?):((64,1),?)", Rows, 8, Rows * 64);
  int Linear = crd2idx(make_coord("((?,?),?)", Row, Col, Stage), L);
  return __gemm_sm80_swizzle(__gemm_sm80_make_swizzle("S<3,3,3>"), Linear);
}

/// The part of smemIndex that moves with whole groups of 8 rows and with
/// the stage: Sw<3,3,3> reads the row only mod 8 (index bits 6-8) and
/// writes bits 3-5, so adding a multiple of 8 rows (512 elements) or of a
/// stage commutes with it:
///   smemIndex(Row + Row8, Col, Stage) == smemIndex(Row, Col, 0)
///                                        + smemIndex(Row8, 0, Stage)
/// for Row8 % 8 == 0. The main loop evaluates the thread-dependent part
/// once and moves by this, which folds to a constant or a multiply-add.
template <int Rows>
__device__ __forceinline__ int smemShift(int Row8, int Stage) {
  return smemIndex<Rows>(Row8, 0, Stage);
}

/// Global-to-shared copy of k-tile \p KTile of the Rows x K operand
/// (block rows from \p Row0) into stage \p Stage of \p Smem: CuTe's
/// TiledCopy of SM80_CP_ASYNC_CACHEALWAYS<uint128_t> over the thread layout
/// (Threads/8,8):(8,1) and value layout (1,8), repeated down the tile.
/// Rows past \p Rows and columns past \p K are zero-filled. Element by
/// element (rows not 16-byte aligned); the aligned path is AsyncLoader.
template <class Cfg, int TileRows, class T>
__device__ __forceinline__ void loadTile(T *Smem, const T *G, int Rows, int K,
                                         int Row0, int KTile, int Stage) {
  using namespace cute;
  constexpr int ThrRows = Cfg::Threads / 8;
  Layout GL = make_layout("(?,?):(?,1)", Rows, K, K);
  int Tid = threadIdx.x;
  int First = copyTileIndex<ThrRows>(Tid);
  int TRow = First % ThrRows, TCol = First / ThrRows;
#pragma unroll
  for (int I = 0; I < TileRows / ThrRows; ++I) {
    int Row = I * ThrRows + TRow;
    int GRow = Row0 + Row, GCol = KTile * Cfg::BK + TCol;
    T *Dst = Smem + smemIndex<TileRows>(Row, TCol, Stage);
    T V[8];
#pragma unroll
    for (int E = 0; E < 8; ++E)
      V[E] = (GRow < Rows && GCol + E < K)
                 ? G[crd2idx(make_coord("(?,?)", GRow, GCol + E), GL)]
                 : (T)0.0f;
    __builtin_memcpy(Dst, V, 16);
  }
}

/// The same copy by 16-byte cp.async (rows 16-byte aligned), its addresses
/// and row predicates evaluated once per thread, as CuTe partitions the
/// tensors once: per k-tile, a cp.async moves its source by the k-tile and
/// its destination by smemShift of the stage (the row repeats are constant
/// offsets), and its zero-fill size is one bit test of the rows in bounds
/// (cleared past K). Out-of-bounds chunks read nothing, from a valid address:
/// the thread's row clamped to the last one, column 0 past K.
template <class Cfg, int TileRows, class T> struct AsyncLoader {
  static constexpr int ThrRows = Cfg::Threads / 8, Reps = TileRows / ThrRows;
  T *Dst;             ///< The thread's first chunk in stage 0.
  const T *Src[Reps]; ///< Its rows at column 0 of the k-tile's chunk.
  unsigned RowIn;     ///< Bit I: repeat I's row is in bounds.
  int TCol;           ///< The chunk's first column in the k-tile.

  __device__ __forceinline__ AsyncLoader(T *Smem, const T *G, int Rows, int K,
                                         int Row0) {
    using namespace cute;
    Layout GL = make_layout("(?,?):(?,1)", Rows, K, K);
    int First = copyTileIndex<ThrRows>(threadIdx.x);
    int TRow = First % ThrRows;
    TCol = First / ThrRows;
    Dst = Smem + smemIndex<TileRows>(TRow, TCol, 0);
    RowIn = 0;
#pragma unroll
    for (int I = 0; I < Reps; ++I) {
      RowIn |= unsigned(Row0 + I * ThrRows + TRow < Rows) << I;
      int GRow = min(Row0 + I * ThrRows + TRow, Rows - 1);
      Src[I] = G + crd2idx(make_coord("(?,?)", GRow, 0), GL);
    }
  }

  /// k-tile \p KTile into stage \p Stage.
  __device__ __forceinline__ void load(int K, int KTile, int Stage) {
    int GCol = KTile * Cfg::BK + TCol;
    bool ColIn = GCol < K;
    unsigned In = ColIn ? RowIn : 0;
    int Col = ColIn ? GCol : 0;
    T *D = Dst + smemShift<TileRows>(0, Stage);
#pragma unroll
    for (int I = 0; I < Reps; ++I)
      cute_nvgpu_simt_async_copy_zfill(
          "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>",
          D + smemShift<TileRows>(I * ThrRows, 0), Src[I] + Col,
          In & (1u << I) ? 16 : 0);
  }
};

/// The element-wise copy behind AsyncLoader's interface.
template <class Cfg, int TileRows, class T> struct ElementLoader {
  T *Smem;
  const T *G;
  int Rows, Row0;
  __device__ __forceinline__ ElementLoader(T *Smem, const T *G, int Rows, int,
                                           int Row0)
      : Smem(Smem), G(G), Rows(Rows), Row0(Row0) {}
  __device__ __forceinline__ void load(int K, int KTile, int Stage) {
    loadTile<Cfg, TileRows>(Smem, G, Rows, K, Row0, KTile, Stage);
  }
};

template <class Cfg, int TileRows, bool Aligned, class T>
using Loader = __type_pack_element<Aligned, ElementLoader<Cfg, TileRows, T>,
                                   AsyncLoader<Cfg, TileRows, T>>;

/// One CTA: C[BM x BN] at block (blockIdx.x, blockIdx.y).
template <class Cfg, bool Aligned, class T>
__global__ void __launch_bounds__(Cfg::Threads)
    gemmKernel(const T *A, const T *B, T *C, int M, int N, int K) {
  using namespace cute;
  extern __shared__ __attribute__((aligned(128))) char SmemRaw[];
  T *SA = (T *)SmemRaw;
  T *SB = SA + Cfg::Stages * Cfg::BM * Cfg::BK;
  constexpr int MI = Cfg::MI, NJ = Cfg::NJ, Stages = Cfg::Stages;

  int Tid = threadIdx.x, Lane = Tid % 32, Warp = Tid / 32;
  // The TiledMMA's warp layout (WM,WN):(1,WM): warp -> (warp_m, warp_n).
  Layout WarpL = make_layout("(?,?):(1,?)", Cfg::WM, Cfg::WN, Cfg::WM);
  (void)WarpL;
  int WarpM = Warp % Cfg::WM, WarpN = Warp / Cfg::WM;
  int Row0A = blockIdx.x * Cfg::BM, Row0B = blockIdx.y * Cfg::BN;
  int KTiles = (K + Cfg::BK - 1) / Cfg::BK;

  // The atom's C layout: (lane, value) -> index in the 16 x 8 column-major
  // accumulator tile (registry: cute-atoms --atom
  // SM80_16x8x16_F32F16F16F32_TN).
  Layout LayoutC = make_layout("((4,8),(2,2)):((32,1),(16,8))");
  // The ldmatrix row each lane addresses, as an index into the 16 x 16
  // column-major (M,K) tile of an A atom: SM75_U32x4_LDSM_N's source layout
  // (32,8):(8,1) (in halves) through the inverse of its register layout
  // (32,(2,4)):(2,(1,64)) into the atom's LayoutA_TV
  // ((4,8),(2,2,2)):((32,1),(16,8,128)): lanes 0-15 rows 0-15 at k 0,
  // lanes 16-31 the same rows at k 8.
  Layout LdsmA = make_layout("(16,2):(1,128)");
  // The same for B over two adjacent n-atoms (the TiledMMA's N tile of 16,
  // index into the 16 x 16 column-major (N,K) tile): matrices (n 0-7, k 0),
  // (n 0-7, k 8), (n 8-15, k 0), (n 8-15, k 8).
  Layout LdsmB = make_layout("(8,2,2):(1,128,8)");
  int IA = crd2idx(Lane, LdsmA), IB = crd2idx(Lane, LdsmB);
  int LaneRowA = IA % 16, LaneColA = IA / 16;
  int LaneRowB = IB % 16, LaneColB = IB / 16;

  float Acc[MI][NJ][4];
#pragma unroll
  for (int I = 0; I < MI; ++I)
#pragma unroll
    for (int J = 0; J < NJ; ++J)
#pragma unroll
      for (int V = 0; V < 4; ++V)
        Acc[I][J][V] = 0.0f;

  Loader<Cfg, Cfg::BM, Aligned, T> LoadA(SA, A, M, K, Row0A);
  Loader<Cfg, Cfg::BN, Aligned, T> LoadB(SB, B, N, K, Row0B);
  // Prologue: k-tiles 0 .. Stages-2 in flight (zero-filled past K).
#pragma unroll
  for (int S = 0; S < Stages - 1; ++S) {
    LoadA.load(K, S, S);
    LoadB.load(K, S, S);
    cpAsyncCommit();
  }

  // Each lane's ldmatrix row of k-block KB in stage 0, warp tile row 0.
  constexpr int KBlocks = Cfg::BK / 16;
  int BaseA[KBlocks], BaseB[KBlocks];
#pragma unroll
  for (int KB = 0; KB < KBlocks; ++KB) {
    BaseA[KB] = smemIndex<Cfg::BM>(WarpM * (Cfg::BM / Cfg::WM) + LaneRowA,
                                   KB * 16 + LaneColA, 0);
    BaseB[KB] = smemIndex<Cfg::BN>(WarpN * (Cfg::BN / Cfg::WN) + LaneRowB,
                                   KB * 16 + LaneColB, 0);
  }

  uint32_t FrgA[2][MI][4], FrgB[2][NJ][2];
  int ReadStage = 0, WriteStage = Stages - 1;
  for (int KT = 0; KT < KTiles; ++KT) {
    // k-tile KT has landed; every thread is done with the stage read in
    // the previous iteration, which the next load overwrites.
    cpAsyncWait<Stages - 2>();
    __syncthreads();
    LoadA.load(K, KT + Stages - 1, WriteStage);
    LoadB.load(K, KT + Stages - 1, WriteStage);
    cpAsyncCommit();

    // The fragments' addresses: the lane's part (BaseA/BaseB) plus
    // constant row offsets and the stage read.
    T *StageA = SA + smemShift<Cfg::BM>(0, ReadStage);
    T *StageB = SB + smemShift<Cfg::BN>(0, ReadStage);
    auto LoadFrags = [&](int Buf, int KB) {
#pragma unroll
      for (int I = 0; I < MI; ++I)
        cute_nvgpu_ldsm("SM75_U32x4_LDSM_N", FrgA[Buf][I],
                        StageA + BaseA[KB] + smemShift<Cfg::BM>(I * 16, 0));
#pragma unroll
      for (int J = 0; J < NJ; J += 2)
        cute_nvgpu_ldsm("SM75_U32x4_LDSM_N", &FrgB[Buf][J][0],
                        StageB + BaseB[KB] + smemShift<Cfg::BN>(J * 8, 0));
    };
    LoadFrags(0, 0);
#pragma unroll
    for (int KB = 0; KB < Cfg::BK / 16; ++KB) {
      if (KB + 1 < Cfg::BK / 16)
        LoadFrags((KB + 1) % 2, KB + 1);
#pragma unroll
      for (int I = 0; I < MI; ++I)
#pragma unroll
        for (int J = 0; J < NJ; ++J)
          cute_nvgpu_sm80_mma(Element<T>::Mma, Acc[I][J], FrgA[KB % 2][I],
                              FrgB[KB % 2][J], Acc[I][J]);
    }
    ReadStage = ReadStage + 1 == Stages ? 0 : ReadStage + 1;
    WriteStage = WriteStage + 1 == Stages ? 0 : WriteStage + 1;
  }
  cpAsyncWait<0>();

  // Epilogue: values (0,1) and (2,3) of an atom are adjacent columns.
  Layout GC = make_layout("(?,?):(?,1)", M, N, N);
#pragma unroll
  for (int I = 0; I < MI; ++I)
#pragma unroll
    for (int J = 0; J < NJ; ++J)
#pragma unroll
      for (int V = 0; V < 4; V += 2) {
        int Idx = crd2idx(make_coord("(?,?)", Lane, V), LayoutC);
        int Row = Row0A + WarpM * (Cfg::BM / Cfg::WM) + I * 16 + Idx % 16;
        int Col = Row0B + WarpN * (Cfg::BN / Cfg::WN) + J * 8 + Idx / 16;
        if (Row >= M)
          continue;
        T *P = C + crd2idx(make_coord("(?,?)", Row, Col), GC);
        if (Col + 1 < N && N % 2 == 0) {
          uint32_t Packed = Element<T>::pack(Acc[I][J][V], Acc[I][J][V + 1]);
          __builtin_memcpy(P, &Packed, 4);
        } else {
          if (Col < N)
            P[0] = (T)Acc[I][J][V];
          if (Col + 1 < N)
            P[1] = (T)Acc[I][J][V + 1];
        }
      }
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
  dim3 Grid((M + Cfg::BM - 1) / Cfg::BM, (N + Cfg::BN - 1) / Cfg::BN);
  Kernel<<<Grid, Cfg::Threads, Cfg::SmemBytes, Stream>>>(A, B, C, M, N, K);
  return cudaGetLastError();
}

/// The configurations the example times; the first is the default.
using Config128x128x3 = GemmConfig<128, 128, 2, 2, 3>;
using Config128x128x4 = GemmConfig<128, 128, 2, 2, 4>;
using Config128x256x3 = GemmConfig<128, 256, 2, 4, 3>;
using Config256x128x3 = GemmConfig<256, 128, 4, 2, 3>;
using DefaultConfig = Config128x128x3;

} // namespace gemm_sm80

/// C = A * B^T in fp16 (fp32 accumulation); A: M x K, B: N x K, both
/// K-major; C: M x N row-major.
inline cudaError_t gemm_sm80_f16(const void *A, const void *B, void *C, int M,
                                 int N, int K, cudaStream_t Stream) {
  return gemm_sm80::launch<gemm_sm80::DefaultConfig>(
      (const _Float16 *)A, (const _Float16 *)B, (_Float16 *)C, M, N, K, Stream);
}

/// The same in bf16.
inline cudaError_t gemm_sm80_bf16(const void *A, const void *B, void *C, int M,
                                  int N, int K, cudaStream_t Stream) {
  return gemm_sm80::launch<gemm_sm80::DefaultConfig>(
      (const __bf16 *)A, (const __bf16 *)B, (__bf16 *)C, M, N, K, Stream);
}

#endif // CUTELLVM_EXAMPLES_GEMM_SM80_CUH
