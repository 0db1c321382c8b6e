//===- gemm_sm100.cuh - Blackwell GEMMs: TMA, mbarriers, UMMA, TMEM -*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// C = A * B^T on datacenter Blackwell (sm_100a), written on the atoms of
/// the registry through <cute/arch/sm100.h> and compiled by
/// `cute-clang++ -fcute-lowering`:
///
///  - A is M x K and B is N x K, both K-major (A[m*K+k], B[n*K+k]); C is
///    M x N row-major fp16; fp16 inputs, fp32 accumulation in tensor memory.
///  - A Stages-deep ring of 128-byte-swizzled shared-memory stages (BK = 64)
///    filled by TMA, "full" mbarriers with expect-tx, "empty" mbarriers
///    released by tcgen05.commit when the UMMAs reading a stage complete.
///  - Warp 0's thread 0 issues the TMA loads, warp 1's thread 32 the UMMAs;
///    then the four warps read the accumulator out of tensor memory
///    (tcgen05.ld 32x32b: warp w holds rows 32w..32w+31, one row per
///    thread) and store C.
///
/// Two kernels:
///  - gemm1Cta: one CTA per 128 x 256 tile of C, SM100_MMA_F16BF16_SS
///    <F16,F16,F32,128,256> (cta_group::1), 256 TMEM columns allocated by
///    retrieve_tmem_ptr.
///  - gemm2Cta: a 2-CTA cluster per 256 x 256 tile, SM100_MMA_F16BF16_2x1SM_SS
///    <F16,F16,F32,256,256> (cta_group::2): CTA r loads rows 128r.. of A's
///    and B's tiles (SM100_TMA_2SM_LOAD: the bytes complete on the even
///    CTA's full barrier), the even CTA issues the UMMAs, which read both
///    CTAs' shared memory and write rows 128r.. of the tile into CTA r's
///    tensor memory; the commits multicast to both CTAs' barriers.
///
/// The mainloop is CuTe's: a TiledMMA of the UMMA atom partitions the
/// swizzled stage rings (partition_A/B; the pair's TiledMMA slices the
/// pair's tiles by CTA) and gemm(tiled_mma, ...) issues one UMMA per
/// k-block on the descriptors of the partitions' tiles, which the layout
/// algebra makes (a tile that is not a canonical UMMA layout is a
/// compile-time error); the instruction descriptor is the variant's.
///
/// No Blackwell GPU is lent here: the kernels are compiled for sm_100a and
/// assembled by ptxas (test/Lowering/gemm-sm100.test); running them waits
/// for a Blackwell machine (utils/run-gpu-tests.sh skips them elsewhere).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_GEMM_SM100_CUH
#define CUTELLVM_EXAMPLES_GEMM_SM100_CUH

#include <cuda.h>
#include <cuda_runtime.h>
#include <cute/algorithm.h>
#include <cute/arch/sm100.h>
#include <cute/arch/sm90.h>
#include <cute/llvm.h>
#include <cute/tma.h>
#include <stdint.h>

namespace gemm_sm100 {

/// The K slab of a stage.
constexpr int BK = 64;
constexpr int Stages = 4, Threads = 128;
/// Rows of A and of B each CTA loads per stage (both kernels), and the N of
/// the tile (the TMEM columns of the fp32 accumulator).
constexpr int RowsA = 128, BN = 256, TmemCols = 256;
/// The epilogue reads this many columns per tcgen05.ld.
constexpr int EpiCols = 32;

/// One CTA's shared memory: the stage ring (1024-byte aligned for the
/// 128-byte swizzle), the barriers and the slot of the TMEM address.
template <int RowsB> struct SharedStorage {
  static constexpr int BytesA = RowsA * BK * 2, BytesB = RowsB * BK * 2;
  alignas(1024) unsigned char A[Stages][BytesA];
  alignas(1024) unsigned char B[Stages][BytesB];
  alignas(8) uint64_t Full[Stages];
  alignas(8) uint64_t Empty[Stages];
  alignas(8) uint64_t AccFull;
  uint32_t TmemSlot;
};
/// gemm1Cta holds all 256 rows of B's tile, gemm2Cta half of them.
using Storage1 = SharedStorage<BN>;
using Storage2 = SharedStorage<BN / 2>;
template <class S> constexpr size_t smemBytes() { return sizeof(S) + 1024; }
static_assert(smemBytes<Storage1>() <= 232448, "more shared memory than an SM has");

/// The UMMA atoms and their TiledMMAs: one CTA (cta_group::1) and a CTA
/// pair (cta_group::2, ThrID 2: CTA r of the pair holds rows 128r.. of A's
/// and of B's tile).
constexpr cute::MmaAtom Mma1 =
    cute::mma_atom("SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>");
constexpr cute::MmaAtom Mma2 =
    cute::mma_atom("SM100_MMA_F16BF16_2x1SM_SS<F16,F16,F32,256,256>");
constexpr cute::TiledMmaShape Tiled1 = cute::tiled_mma_shape(Mma1);
constexpr cute::TiledMmaShape Tiled2 = cute::tiled_mma_shape(Mma2);
static_assert(Mma1.N == TmemCols && Mma2.N == TmemCols,
              "one fp32 TMEM column per accumulator column");

template <class S> __device__ __forceinline__ S &storage(unsigned char *Raw) {
  // The dynamic window is only 16-byte aligned: round up to 1024.
  return *reinterpret_cast<S *>((reinterpret_cast<uintptr_t>(Raw) + 1023) &
                                ~uintptr_t(1023));
}

/// The stage ring's position: the stage and the parity of its phase.
struct Ring {
  int Stage = 0;
  unsigned Phase = 0;
  __device__ __forceinline__ void next() {
    if (++Stage == Stages) {
      Stage = 0;
      Phase ^= 1;
    }
  }
};

/// The stage ring of an operand as the TiledMMA \p Mma partitions a tile of
/// \p Rows rows (of a CTA pair's MMA: each CTA holds its half), CuTe's
/// partition_shape_A/B of (Rows,BK,PIPE), ((MMA,MMA_K),MMA_M,NUM_K,PIPE),
/// laid out by UMMA::tile_to_mma_shape over the 128-byte swizzle atom (8
/// rows of 64 fp16).
template <bool IsA>
__device__ __forceinline__ cute::Tensor<_Float16>
stageRing(cute::TiledMMA Mma, int Rows, unsigned char *Base) {
  using namespace cute;
  Shape Tile = make_shape(Rows, Int<BK>{}, Int<Stages>{});
  Shape Part =
      IsA ? partition_shape_A(Mma, Tile) : partition_shape_B(Mma, Tile);
  return make_view(
      (_Float16 *)Base,
      UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<_Float16>(), Part));
}

/// tcgen05.ld of 32 lanes by EpiCols 32-bit columns per warp.
constexpr cute::CopyAtom TmemLoad = cute::copy_atom("SM100_TMEM_LOAD_32dp32b32x");

/// The epilogue, as CuTe's Blackwell tutorials write it: this CTA's 128 rows
/// of the accumulator (\p tCtAcc, the TiledMMA's make_fragment_C in tensor
/// memory) move to registers EpiCols columns at a time by the tcgen05.ld
/// TiledCopy of the four warps (make_tmem_copy: thread t holds row t), are
/// converted to fp16 and stored to C's tile \p gC where they lie inside
/// \p RowsLeft x \p ColsLeft (an identity layout partitioned the same way
/// gives each value's coordinates).
__device__ __forceinline__ void storeAccumulator(cute::Tensor<float> tCtAcc,
                                                 cute::Tensor<_Float16> gC,
                                                 int RowsLeft, int ColsLeft) {
  using namespace cute;
  // (128,BN): the one atom's tile.
  Tensor<float> tAcc = flatten(slice(tCtAcc, make_coord(_, 0, 0)));
  Tile Chunk = make_tile(_128{}, Int<EpiCols>{});
  Layout cChunk = make_identity_layout(make_shape(_128{}, Int<EpiCols>{}));
#pragma unroll 1
  for (int J = 0; J < BN / EpiCols; ++J) {
    auto tChunk = local_tile(tAcc, Chunk, make_coord(0, J));
    auto T2R = make_tmem_copy<float, TmemLoad>(tChunk);
    auto ThrT2R = T2R.get_slice(threadIdx.x);
    auto tDgC = ThrT2R.partition_D(local_tile(gC, Chunk, make_coord(0, J)));
    float Acc[EpiCols];
    _Float16 Out[EpiCols];
    auto tDrAcc = make_fragment(Acc, make_layout_like(get_layout(tDgC)));
    auto tDrC = make_fragment(Out, make_layout_like(get_layout(tDgC)));
    copy(T2R, ThrT2R.partition_S(tChunk), tDrAcc);
    convert(tDrAcc, tDrC);
    Layout tDcC = partition_D(T2R, cChunk, threadIdx.x);
    Coord Off = partition_D_offset(T2R, cChunk, threadIdx.x);
#pragma unroll
    for (int I = 0; I < size(tDrC); ++I) {
      Coord Crd = crd2crd(I, tDcC);
      if (get_leaf<0>(Off) + get_leaf<0>(Crd) < RowsLeft &&
          J * EpiCols + get_leaf<1>(Off) + get_leaf<1>(Crd) < ColsLeft)
        store(tDgC, I, load(tDrC, I));
    }
  }
}

/// C's 128 x BN tile whose first row is \p Row0 and column \p Col0.
__device__ __forceinline__ cute::Tensor<_Float16>
tileOfC(_Float16 *C, int M, int N, int Row0, int Col0) {
  using namespace cute;
  auto MC = make_view(C, make_layout("(?,?):(?,1)", M, N, N));
  return local_tile(MC, make_tile(_128{}, Int<BN>{}),
                    make_coord(Row0 / 128, Col0 / BN));
}

//===----------------------------------------------------------------------===//
// One CTA: 128 x 256 tiles, cta_group::1
//===----------------------------------------------------------------------===//

__global__ void __launch_bounds__(Threads, 1)
    gemm1Cta(const __grid_constant__ CUtensorMap TmaA,
             const __grid_constant__ CUtensorMap TmaB, _Float16 *C, int M,
             int N, int K) {
  using namespace cute;
  extern __shared__ unsigned char SmemRaw[];
  Storage1 &S = storage<Storage1>(SmemRaw);
  int Warp = threadIdx.x / 32;
  int TM = blockIdx.x, TN = blockIdx.y, KTiles = (K + BK - 1) / BK;

  if (threadIdx.x == 0) {
    for (int I = 0; I < Stages; ++I) {
      sm90::mbarrier_init(&S.Full[I], 1);
      sm90::mbarrier_init(&S.Empty[I], 1);
    }
    sm90::mbarrier_init(&S.AccFull, 1);
    sm90::fence_barrier_init();
  }
  // Warp 0 allocates the accumulator's columns (one tcgen05.alloc, the
  // relinquish and the read of the address: retrieve_tmem_ptr).
  if (Warp == 0)
    (void)sm100::retrieve_tmem_ptr(&S.TmemSlot, TmemCols);
  sm100::tcgen05_fence_before_thread_sync();
  __syncthreads();
  sm100::tcgen05_fence_after_thread_sync();
  uint32_t Tmem = *(volatile uint32_t *)&S.TmemSlot;
  // The accumulator of the 128 x BN tile in the allocated columns.
  Tensor<float> tCtAcc =
      make_tiled_mma<Tiled1>().make_fragment_C<RowsA, BN>(Tmem);

  if (threadIdx.x == 0) {
    // Producer.
    Ring P;
    for (int KT = 0; KT < KTiles; ++KT, P.next()) {
      sm90::mbarrier_wait(&S.Empty[P.Stage], P.Phase ^ 1);
      sm90::mbarrier_arrive_expect_tx(&S.Full[P.Stage],
                                      Storage1::BytesA + Storage1::BytesB);
      sm90::tma_load(&TmaA, &S.Full[P.Stage], S.A[P.Stage], KT * BK,
                     TM * RowsA);
      sm90::tma_load(&TmaB, &S.Full[P.Stage], S.B[P.Stage], KT * BK, TN * BN);
    }
    // Every release has arrived before the CTA can exit.
    for (int I = 0; I < Stages; ++I, P.next())
      sm90::mbarrier_wait(&S.Empty[P.Stage], P.Phase ^ 1);
  } else if (threadIdx.x == 32) {
    // The MMA issuer: the stage rings as the TiledMMA partitions them,
    // (MMA,MMA_M,MMA_K,PIPE) and (MMA,MMA_N,MMA_K,PIPE); gemm issues one
    // UMMA per k-block on the descriptors of the partitions' tiles.
    auto Mma = make_tiled_mma<Tiled1>();
    auto TCsA = stageRing<true>(Mma, RowsA, S.A[0]);
    auto TCsB = stageRing<false>(Mma, BN, S.B[0]);
    Ring P;
    for (int KT = 0; KT < KTiles; ++KT, P.next()) {
      sm90::mbarrier_wait(&S.Full[P.Stage], P.Phase);
      sm100::tcgen05_fence_after_thread_sync();
      // The first k-tile overwrites the accumulator.
      Coord InStage = make_coord("(_,_,_,?)", P.Stage);
      gemm(Mma, slice(TCsA, InStage), slice(TCsB, InStage), tCtAcc, KT > 0);
      // The stage goes back to the producer when these UMMAs complete.
      sm100::umma_commit(&S.Empty[P.Stage]);
    }
    sm100::umma_commit(&S.AccFull);
  }
  __syncwarp();

  // Epilogue: the accumulator is complete when AccFull's phase 0 is.
  sm90::mbarrier_wait(&S.AccFull, 0);
  __syncwarp();
  sm100::tcgen05_fence_after_thread_sync();
  storeAccumulator(tCtAcc, tileOfC(C, M, N, TM * RowsA, TN * BN),
                   M - TM * RowsA, N - TN * BN);

  sm100::tcgen05_fence_before_thread_sync();
  __syncthreads();
  if (Warp == 0) {
    sm100::tcgen05_fence_after_thread_sync();
    sm100::tmem_dealloc(Tmem, TmemCols);
  }
}

//===----------------------------------------------------------------------===//
// A CTA pair: 256 x 256 tiles, cta_group::2
//===----------------------------------------------------------------------===//

__global__ void __launch_bounds__(Threads, 1)
    gemm2Cta(const __grid_constant__ CUtensorMap TmaA,
             const __grid_constant__ CUtensorMap TmaB, _Float16 *C, int M,
             int N, int K) {
  using namespace cute;
  extern __shared__ unsigned char SmemRaw[];
  Storage2 &S = storage<Storage2>(SmemRaw);
  int Warp = threadIdx.x / 32;
  unsigned Rank = sm90::cluster_ctarank();
  bool Leader = (Rank & 1) == 0;
  // This CTA's rows of the pair's A tile and of its B tile.
  int RowA = (blockIdx.x / 2) * 2 * RowsA + (Rank & 1) * RowsA;
  int RowB = blockIdx.y * BN + (Rank & 1) * (BN / 2);
  int KTiles = (K + BK - 1) / BK;

  if (threadIdx.x == 0) {
    for (int I = 0; I < Stages; ++I) {
      // The even CTA's full barrier expects both CTAs' bytes; the odd
      // CTA's is unused. Each CTA's empty barrier gets one multicast commit.
      sm90::mbarrier_init(&S.Full[I], 1);
      sm90::mbarrier_init(&S.Empty[I], 1);
    }
    sm90::mbarrier_init(&S.AccFull, 1);
    sm90::fence_barrier_init();
  }
  // One warp of each CTA allocates the pair's columns.
  if (Warp == 0) {
    sm100::tmem_alloc<2>(&S.TmemSlot, TmemCols);
    sm100::tmem_relinquish_alloc_permit<2>();
  }
  // Both CTAs' barriers and columns exist before either CTA uses them.
  sm100::tcgen05_fence_before_thread_sync();
  sm90::cluster_sync();
  sm100::tcgen05_fence_after_thread_sync();
  uint32_t Tmem = *(volatile uint32_t *)&S.TmemSlot;
  // The accumulator of the pair's 256 x BN tile: each CTA's 128 rows in its
  // own columns.
  Tensor<float> tCtAcc =
      make_tiled_mma<Tiled2>().make_fragment_C<2 * RowsA, BN>(Tmem);

  if (threadIdx.x == 0) {
    // Producer (each CTA): its halves of the stage, completing on the even
    // CTA's full barrier.
    Ring P;
    for (int KT = 0; KT < KTiles; ++KT, P.next()) {
      sm90::mbarrier_wait(&S.Empty[P.Stage], P.Phase ^ 1);
      if (Leader)
        sm90::mbarrier_arrive_expect_tx(
            &S.Full[P.Stage], 2 * (Storage2::BytesA + Storage2::BytesB));
      sm100::tma_load_2sm(&TmaA, &S.Full[P.Stage], S.A[P.Stage], KT * BK,
                          RowA);
      sm100::tma_load_2sm(&TmaB, &S.Full[P.Stage], S.B[P.Stage], KT * BK,
                          RowB);
    }
    for (int I = 0; I < Stages; ++I, P.next())
      sm90::mbarrier_wait(&S.Empty[P.Stage], P.Phase ^ 1);
  } else if (threadIdx.x == 32 && Leader) {
    // The MMA issuer, in the even CTA: the stage rings as the pair's
    // TiledMMA partitions the pair's tiles (each CTA's half); the
    // descriptors address both CTAs' stages (the same offsets).
    auto Mma = make_tiled_mma<Tiled2>();
    auto TCsA = stageRing<true>(Mma, 2 * RowsA, S.A[0]);
    auto TCsB = stageRing<false>(Mma, BN, S.B[0]);
    Ring P;
    for (int KT = 0; KT < KTiles; ++KT, P.next()) {
      sm90::mbarrier_wait(&S.Full[P.Stage], P.Phase);
      sm100::tcgen05_fence_after_thread_sync();
      Coord InStage = make_coord("(_,_,_,?)", P.Stage);
      gemm(Mma, slice(TCsA, InStage), slice(TCsB, InStage), tCtAcc, KT > 0);
      // Both CTAs' stage goes back to their producers.
      sm100::umma_commit_multicast<2>(&S.Empty[P.Stage], 0x3);
    }
    sm100::umma_commit_multicast<2>(&S.AccFull, 0x3);
  }
  __syncwarp();

  sm90::mbarrier_wait(&S.AccFull, 0);
  __syncwarp();
  sm100::tcgen05_fence_after_thread_sync();
  storeAccumulator(tCtAcc, tileOfC(C, M, N, RowA, blockIdx.y * BN), M - RowA,
                   N - int(blockIdx.y) * BN);

  // Neither CTA frees its columns (or exits) while the pair still works.
  sm100::tcgen05_fence_before_thread_sync();
  sm90::cluster_sync();
  if (Warp == 0) {
    sm100::tcgen05_fence_after_thread_sync();
    sm100::tmem_dealloc<2>(Tmem, TmemCols);
  }
}

//===----------------------------------------------------------------------===//
// Host
//===----------------------------------------------------------------------===//

/// The tensor map of a K-major Rows x K fp16 matrix loaded in BoxRows x BK
/// boxes into the stage layout's 128-byte swizzle.
inline cudaError_t makeOperandMap(CUtensorMap &Map, const void *Ptr, int Rows,
                                  int K, int BoxRows) {
  const char *Err = cute::tma::makeTensorMap<_Float16>(
      &Map, static_cast<const _Float16 *>(Ptr), {uint64_t(K), uint64_t(Rows)},
      {1, uint64_t(K)}, {uint32_t(BK), uint32_t(BoxRows)},
      "S<3,3,3> o 0 o (8,64):(64,1)");
  return Err ? cudaErrorInvalidValue : cudaSuccess;
}

/// Launches gemm1Cta (\p Pair false) or gemm2Cta. TMA needs 16-byte rows
/// (K % 8 == 0); otherwise A and B are copied to zero-padded buffers first.
inline cudaError_t run(const void *A, const void *B, void *C, int M, int N,
                       int K, cudaStream_t Stream, bool Pair) {
  if (M <= 0 || N <= 0 || K <= 0)
    return cudaErrorInvalidValue;
  void *PadA = nullptr, *PadB = nullptr;
  int KP = K;
  cudaError_t E;
  if (K % 8) {
    KP = (K + 7) / 8 * 8;
    if ((E = cudaMallocAsync(&PadA, size_t(M) * KP * 2, Stream)) ||
        (E = cudaMallocAsync(&PadB, size_t(N) * KP * 2, Stream)) ||
        (E = cudaMemsetAsync(PadA, 0, size_t(M) * KP * 2, Stream)) ||
        (E = cudaMemsetAsync(PadB, 0, size_t(N) * KP * 2, Stream)) ||
        (E = cudaMemcpy2DAsync(PadA, KP * 2, A, K * 2, K * 2, M,
                               cudaMemcpyDeviceToDevice, Stream)) ||
        (E = cudaMemcpy2DAsync(PadB, KP * 2, B, K * 2, K * 2, N,
                               cudaMemcpyDeviceToDevice, Stream)))
      return E;
    A = PadA;
    B = PadB;
  }
  CUtensorMap MapA, MapB;
  if ((E = makeOperandMap(MapA, A, M, KP, RowsA)) ||
      (E = makeOperandMap(MapB, B, N, KP, Pair ? BN / 2 : BN)))
    return E;
  int TilesN = (N + BN - 1) / BN;
  if (!Pair) {
    size_t Smem = smemBytes<Storage1>();
    if ((E = cudaFuncSetAttribute(gemm1Cta,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  int(Smem))))
      return E;
    gemm1Cta<<<dim3((M + RowsA - 1) / RowsA, TilesN), Threads, Smem,
               Stream>>>(MapA, MapB, (_Float16 *)C, M, N, KP);
  } else {
    size_t Smem = smemBytes<Storage2>();
    if ((E = cudaFuncSetAttribute(gemm2Cta,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  int(Smem))))
      return E;
    // A cluster of two CTAs per 256-row tile (clang drops __cluster_dims__).
    cudaLaunchConfig_t Config = {};
    Config.gridDim = dim3(2 * ((M + 2 * RowsA - 1) / (2 * RowsA)), TilesN);
    Config.blockDim = dim3(Threads);
    Config.dynamicSmemBytes = Smem;
    Config.stream = Stream;
    cudaLaunchAttribute Cluster;
    Cluster.id = cudaLaunchAttributeClusterDimension;
    Cluster.val.clusterDim.x = 2;
    Cluster.val.clusterDim.y = 1;
    Cluster.val.clusterDim.z = 1;
    Config.attrs = &Cluster;
    Config.numAttrs = 1;
    _Float16 *CP = (_Float16 *)C;
    if ((E = cudaLaunchKernelEx(&Config, gemm2Cta, MapA, MapB, CP, M, N, KP)))
      return E;
  }
  E = cudaGetLastError();
  if (PadA) {
    cudaFreeAsync(PadA, Stream);
    cudaFreeAsync(PadB, Stream);
  }
  return E;
}

} // namespace gemm_sm100

inline cudaError_t gemm_sm100_1cta(const void *A, const void *B, void *C, int M,
                                   int N, int K, cudaStream_t Stream) {
  return gemm_sm100::run(A, B, C, M, N, K, Stream, /*Pair=*/false);
}
inline cudaError_t gemm_sm100_2cta(const void *A, const void *B, void *C, int M,
                                   int N, int K, cudaStream_t Stream) {
  return gemm_sm100::run(A, B, C, M, N, K, Stream, /*Pair=*/true);
}

#endif // CUTELLVM_EXAMPLES_GEMM_SM100_CUH
