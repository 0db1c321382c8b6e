//===- attention_sm90.cuh - FlashAttention forward on Hopper ----*- CUDA
//-*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The attention forward pass O = softmax(Q K^T * scale) V on Hopper
/// (sm_90a), in CuTe's idiom, compiled by `cute-clang++ -fcute-lowering`:
///
///  - Q is [total_q][heads_q][D], K and V [total_k][heads_kv][D], O like Q
///    (16-bit: fp16 or bf16), fp32 accumulation; the log-sum-exp of each
///    query row goes to LSE[heads_q][total_q]. Fixed-length batches, or
///    variable-length ones through cumulative sequence offsets; grouped-query
///    attention (heads_kv divides heads_q); causal masking aligned to the
///    bottom-right corner when seqlen_q != seqlen_k (FlashAttention's
///    convention).
///  - A CTA computes BM query rows of one head: a producer warpgroup loads
///    the Q tile once and K and V tiles of BN keys into a ring of
///    128-byte-swizzled stages by TMA (mbarriers with expect-tx); the
///    consumer warpgroups (two, or three at head dim 64) take 64 rows each:
///    S = Q K^T by WGMMA from shared memory (a TiledMMA of
///    GMMA::ss_op_selector's atom over the warpgroups), the online softmax
///    on S's (rows, cols) view (convert_layout_acc_rowcol; row maxima and
///    sums all-reduced over the threads that share a row), P converted to
///    16 bits in pairs and viewed as the A operand of O += P V
///    (convert_layout_acc_Aregs), which is an RS WGMMA with V as an
///    MN-major operand; FlashAttention-3's intra-warpgroup overlap and
///    ping-pong on named barriers; O out through shared memory and TMA.
///
/// No layout, swizzle, descriptor or fragment index is written by hand: the
/// shared-memory tiles are GMMA layout atoms tiled to the buffers, the
/// descriptors and fragments come from the partitions, and every register
/// view from the layout algebra.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_ATTENTION_SM90_CUH
#define CUTELLVM_EXAMPLES_ATTENTION_SM90_CUH

#include <cuda.h>
#include <cuda_runtime.h>
#include <cute/algorithm.h>
#include <cute/arch/sm90.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>
#include <cute/tma.h>
#include <cute/transpose.h>
#include <stdint.h>
#include <type_traits>

namespace attention_sm90 {

/// The problem: pointers, extents and options, as the C entry point takes
/// them.
struct Params {
  const void *Q, *K, *V;
  void *O;
  float *LSE;
  int Batch, SeqQ, SeqK, HeadsQ, HeadsKV;
  /// Cumulative sequence offsets (Batch + 1 each), or null for fixed
  /// lengths SeqQ and SeqK (then SeqQ, SeqK are each sequence's length;
  /// with offsets, the largest).
  const int *CuSeqQ, *CuSeqK;
  float Scale;
  bool Causal;
  /// FP8 only: the factors that take Q, K and V back to their values (a
  /// float each in device memory; null for 1).
  const float *DescaleQ = nullptr, *DescaleK = nullptr, *DescaleV = nullptr;
};

/// How far (log2) a row's maximum may pass the base of its exp2 before the
/// base moves and O is rescaled: P stays below 2^8, which bf16, fp16 and
/// e4m3 (up to 448) hold.
constexpr float RescaleLog2 = 8.f;

/// The output type of element type \p T: bf16 for FP8 inputs, else \p T.
template <class T>
using OutputOf = std::conditional_t<cute::detail::IsFp8<T>, __bf16, T>;

/// The tile of one head dimension \p D: BM query rows (64 per consumer
/// warpgroup), BN keys per stage, Stages stages of K and V. BN as
/// FlashAttention-3 picks it at D = 128 and 256 (176, 80: measured 1.05 and
/// 1.05 of cuDNN at 16k on an H200, against 1.01 and 0.93 with 128 and 64);
/// at D = 64, 128 (176 gains 3 % at 8k-16k and loses up to 13 % at 512,
/// causal). At D = 64, three consumer warpgroups (BM = 192) as FA3 does:
/// the register file holds 3 x 160 consumer registers beside the producer's
/// 24. The persistent kernel (Schedule::Persistent), for short sequences,
/// stages O in a buffer of its own, so that the next tile's Q can load during
/// this tile's epilogue; at D = 128 it takes BN = 128 (it fits in shared memory
/// beside the O buffer, and divides the short sequences it runs).
/// The kernels of one element type and head dimension: how the tiles are
/// spread over CTAs, and the tile. PerTile: one CTA per tile. Persistent: a
/// CTA per SM, for short sequences (persistentUpTo). WideKeys: one CTA per
/// tile with FlashAttention-3's key block where it is wider than PerTile's
/// (FP8 at D = 128: BN = 224), for long sequences (wideKeysFrom). Auto: the
/// one measured faster for the problem's head dimension, masking and length.
enum class Schedule { Auto, PerTile, Persistent, WideKeys };

template <class T, int D, Schedule S = Schedule::PerTile> struct TileShape {
  static constexpr bool Fp8 = cute::detail::IsFp8<T>;
  static constexpr bool Persistent = S == Schedule::Persistent;
  static constexpr bool WideKeys = S == Schedule::WideKeys;
  static constexpr int ConsumerWGs = D == 64 && !Persistent && !Fp8 ? 3 : 2;
  static constexpr int BM = 64 * ConsumerWGs;
  static constexpr int BN = Fp8        ? (D == 256   ? 96
                                          : WideKeys ? 224
                                                     : 128)
                            : D == 64  ? 128
                            : D == 128 ? (Persistent ? 128 : 176)
                                       : 80;
  static constexpr int Stages = 2;
  /// FlashAttention-4's conditional rescaling of O (Softmax): measured
  /// +4-7 % at D = 256 (bf16 and FP8, 4k-16k, whose O rescale is 128
  /// multiplies per thread and block), level at D = 128, -5-7 % at D = 64
  /// (the vote costs more than the 32 multiplies it saves).
  static constexpr bool ConditionalRescale = D == 256;
  /// One exponential in Exp2FmaEvery (per thread and row: the last of
  /// every Exp2FmaEvery columns) on the FMA pipe (exp2_fma,
  /// FlashAttention-4's emulation), the others on the special-function
  /// unit; 0: all there. Same-run A/B on the H200 (three rounds): 1 in 8
  /// +1-1.8 % at FP8 D = 128 (the only tile whose exponentials take as long
  /// as its GEMMs), -1-1.5 % at FP8 D = 256; 1 in 8, 4 or 3 costs 0.5-10 %
  /// in bf16 at every D, more the more are moved.
  static constexpr int Exp2FmaEvery = Fp8 && D == 128 ? 8 : 0;
  static constexpr int Threads = 128 * (1 + ConsumerWGs);
  /// The columns of a TMA box: the 128 bytes of the swizzle's span.
  static constexpr int BoxCols = 128 / sizeof(T);
  /// setmaxnreg: what the launch gives (65536 / Threads, rounded down to 8)
  /// moved from the producer (24; with FP8, whose producer warps transpose
  /// V, 48, or 32 beside BN = 224's consumers, which need 232) to the
  /// consumers.
  static constexpr int ProducerRegs = !Fp8 ? 24 : WideKeys ? 32 : 48;
  /// The blocks of the FP8 V transpose each producer warp has in flight
  /// (copy_transpose; 0: all): two fit in 32 registers.
  static constexpr int TransposeInFlight = WideKeys ? 2 : 0;
  static constexpr int LaunchRegs = 65536 / Threads / 8 * 8;
  static constexpr int ConsumerRegs =
      (LaunchRegs + (LaunchRegs - ProducerRegs) / ConsumerWGs) / 8 * 8 > 240
          ? 240
          : (LaunchRegs + (LaunchRegs - ProducerRegs) / ConsumerWGs) / 8 * 8;
  /// The atom layout of the TiledMMAs: one atom per consumer warpgroup.
  static constexpr const char *AtomLayout =
      ConsumerWGs == 3 ? "(3,1,1)" : "(2,1,1)";
};

/// The two GEMMs' atoms: S = Q K^T with Q and K K-major in shared memory;
/// O = P V with P from registers and V (keys x D, D contiguous) MN-major,
/// or with FP8 (whose WGMMA reads K-major operands only) V^T K-major.
template <class T, int D, Schedule S> struct Atoms {
  static constexpr cute::MmaAtom QK =
      cute::GMMA::ss_op_selector<T, T, float, TileShape<T, D, S>::BN>();
  static constexpr cute::MmaAtom PV = cute::GMMA::rs_op_selector < T, T, float,
                                 D,
                                 cute::detail::IsFp8<T>
                                     ? cute::GMMA::Major::K
                                     : cute::GMMA::Major::MN > ();
};
/// The TiledMMAs: one atom per consumer warpgroup along M.
template <class T, int D, Schedule S>
constexpr cute::TiledMmaShape TiledQK =
    cute::tiled_mma_shape(Atoms<T, D, S>::QK, TileShape<T, D, S>::AtomLayout);
template <class T, int D, Schedule S>
constexpr cute::TiledMmaShape TiledPV =
    cute::tiled_mma_shape(Atoms<T, D, S>::PV, TileShape<T, D, S>::AtomLayout);

/// Shared memory: the Q tile, the K and V stages (1024-byte aligned for the
/// 128-byte swizzle), with FP8 the V^T stages the producer transposes V
/// into, the O tile of the persistent kernel (the others stage O in the Q
/// tile, done with by then, or with FP8 in V's stages, which O outsizes)
/// and the barriers. V's stages are what the consumers read (V^T with
/// FP8): VFull, VEmpty; with FP8 VRawFull tells the producer that V
/// landed.
template <class T, int D, Schedule S> struct SharedStorage {
  using Tile = TileShape<T, D, S>;
  static constexpr bool Persistent = Tile::Persistent;
  static constexpr int BM = Tile::BM, BN = Tile::BN, Stages = Tile::Stages;
  struct OTile {
    alignas(1024) OutputOf<T> Data[BM * D];
  };
  struct VtTiles {
    alignas(1024) T Data[Stages][BN * D];
  };
  struct NoOTile {};
  struct NoVtTiles {};
  /// FP8 (one CTA per tile) stages O in V's stages, padded to hold it.
  static constexpr long OPad =
      Tile::Fp8 && !Persistent
          ? long(BM) * D * sizeof(OutputOf<T>) - long(Stages) * BN * D
          : 0;
  struct VPadding {
    unsigned char Bytes[OPad > 0 ? OPad : 1];
  };
  struct NoVPadding {};
  alignas(1024) T Q[BM * D];
  alignas(1024) T K[Stages][BN * D];
  alignas(1024) T V[Stages][BN * D];
  [[no_unique_address]] std::conditional_t<(OPad > 0), VPadding, NoVPadding>
      VPad;
  [[no_unique_address]] std::conditional_t<Tile::Fp8, VtTiles, NoVtTiles> Vt;
  [[no_unique_address]] std::conditional_t<Persistent, OTile, NoOTile> O;
  alignas(8) uint64_t QFull, QEmpty;
  uint64_t KFull[Stages], KEmpty[Stages], VFull[Stages], VEmpty[Stages];
  uint64_t VRawFull[Stages];
};

/// The first row and the length of sequence \p B.
__device__ __forceinline__ void sequence(const int *CuSeq, int Fixed, int B,
                                         int &First, int &Len) {
  if (CuSeq) {
    First = CuSeq[B];
    Len = CuSeq[B + 1] - First;
  } else {
    First = B * Fixed;
    Len = Fixed;
  }
}

/// The copy atom of the epilogue's register-to-shared stores: stmatrix of
/// four 8x8 matrices of 16-bit elements.
constexpr cute::CopyAtom StoreAtom = cute::copy_atom("SM90_U32x4_STSM_N");

/// The tiles of a launch, BM query rows of one head of one sequence each,
/// and the order in which CTAs take them. The query blocks of one head are
/// consecutive, the last (longest, when causal) first, so that the tiles
/// running at once share K and V in L2 (all heads' K and V do not fit).
///
/// One CTA per tile: the hardware hands the next tile to the SM that frees
/// first. Persistent: the tiles are dealt to the CTAs in rounds that turn
/// back and forth (round k gives CTA c tile k G + c, or k G + G - 1 - c when
/// k is odd), so that a CTA given a long tile in one round gets a short one
/// in the next when the query blocks per head divide G (the short
/// sequences the launcher runs this way). A counter in global memory that
/// hands out tiles as CTAs free measured 4-8 % slower on the H200.
template <bool Persistent> struct TileOrder {
  int MBlocks, Heads, NumTiles;
  /// The CTA's \p K-th tile, or NumTiles past its last.
  __device__ __forceinline__ int tile(int K) const {
    int C = blockIdx.x, G = gridDim.x;
    if constexpr (Persistent) {
      int T = K * G + (K % 2 ? G - 1 - C : C);
      return T < NumTiles ? T : NumTiles;
    } else {
      return K == 0 ? C : NumTiles;
    }
  }
  __device__ __forceinline__ void decode(int T, int &MBlock, int &Head,
                                         int &Batch) const {
    MBlock = MBlocks - 1 - T % MBlocks;
    Head = T / MBlocks % Heads;
    Batch = T / MBlocks / Heads;
  }
};

/// The kernel; \p Overlap and \p PingPong select FlashAttention-3's
/// intra-warpgroup overlap and inter-warpgroup ping-pong (measured one by
/// one: attention_sm90 --time). \p Sched Persistent: a CTA per SM takes its
/// tiles in TileOrder's rounds, its producer loading the next tile's Q and
/// first K/V stages while the consumers finish this one (O is staged in a
/// buffer of its own); otherwise a CTA per tile.
template <class T, int D, bool Overlap, bool PingPong, Schedule Sched>
__global__ void __launch_bounds__(TileShape<T, D, Sched>::Threads, 1)
    attentionKernel(const __grid_constant__ CUtensorMap TmaQ,
                    const __grid_constant__ CUtensorMap TmaK,
                    const __grid_constant__ CUtensorMap TmaV,
                    const __grid_constant__ CUtensorMap TmaO, Params P,
                    int NumTiles) {
  using namespace cute;
  using Tile = TileShape<T, D, Sched>;
  constexpr bool Persistent = Tile::Persistent;
  constexpr int BM = Tile::BM, BN = Tile::BN, Stages = Tile::Stages;
  constexpr int ConsumerWGs = Tile::ConsumerWGs;
  constexpr int ConsumerWarps = 4 * ConsumerWGs;
  constexpr auto &TiledQKShape = TiledQK<T, D, Sched>;
  constexpr auto &TiledPVShape = TiledPV<T, D, Sched>;
  extern __shared__ unsigned char SmemRaw[];
  // Aligned up to 1024 bytes by an offset from the shared array itself (not
  // by masking its generic address), so that LLVM keeps every address
  // derived from it in the shared space: 32-bit arithmetic, no cvta.
  unsigned Misalign = unsigned(__cvta_generic_to_shared(SmemRaw)) % 1024;
  using Storage = SharedStorage<T, D, Sched>;
  using TO = OutputOf<T>;
  Storage &S = *reinterpret_cast<Storage *>(SmemRaw + (1024 - Misalign) % 1024);
  TO *OStage;
  if constexpr (Persistent)
    OStage = S.O.Data;
  else if constexpr (Tile::Fp8)
    OStage = reinterpret_cast<TO *>(S.V[0]);
  else
    OStage = S.Q;
  static_assert(Persistent ||
                    sizeof(TO) * BM * D <=
                        (Tile::Fp8
                             ? sizeof(S.V) + Storage::OPad * (Storage::OPad > 0)
                             : sizeof(S.Q)),
                "the O tile does not fit where it is staged");
  constexpr int BoxCols = Tile::BoxCols;

  const TileOrder<Persistent> Order{(P.SeqQ + BM - 1) / BM, P.HeadsQ, NumTiles};
  const int GroupSize = P.HeadsQ / P.HeadsKV;
  // The tile's sequence, its keys and its K/V blocks; false when the block
  // lies past its sequence (variable lengths).
  struct TileInfo {
    int MBlock, HeadQ, HeadK, Q0, SeqQ, K0, SeqK, NBlocks;
  };
  auto Describe = [&](int Tl, TileInfo &I) __attribute__((always_inline)) {
    int B;
    Order.decode(Tl, I.MBlock, I.HeadQ, B);
    I.HeadK = I.HeadQ / GroupSize;
    sequence(P.CuSeqQ, P.SeqQ, B, I.Q0, I.SeqQ);
    sequence(P.CuSeqK, P.SeqK, B, I.K0, I.SeqK);
    if (I.MBlock * BM >= I.SeqQ)
      return false;
    // The keys this tile sees: all, or (causal) up to the diagonal of its
    // last row, bottom-right aligned.
    int KeyEnd = I.SeqK;
    if (P.Causal)
      KeyEnd = min(I.SeqK, I.MBlock * BM + BM + I.SeqK - I.SeqQ);
    I.NBlocks = KeyEnd > 0 ? (KeyEnd + BN - 1) / BN : 0;
    return true;
  };

  int WG = threadIdx.x / 128, Tid = threadIdx.x % 128;
  if (threadIdx.x == 0) {
    sm90::mbarrier_init(&S.QFull, 1);
    sm90::mbarrier_init(&S.QEmpty, ConsumerWarps);
    for (int I = 0; I < Stages; ++I) {
      sm90::mbarrier_init(&S.KFull[I], 1);
      sm90::mbarrier_init(&S.VFull[I], 1);
      sm90::mbarrier_init(&S.VRawFull[I], 1);
      sm90::mbarrier_init(&S.KEmpty[I], ConsumerWarps);
      sm90::mbarrier_init(&S.VEmpty[I], ConsumerWarps);
    }
    sm90::fence_barrier_init();
  }
  __syncthreads();

  // The producer's TMA loads (one thread): the Q tile, and a K or V block
  // of BN keys into a stage, D / BoxCols boxes of BoxCols columns each,
  // each Rows x BoxCols in the buffer.
  auto LoadQ = [&](const TileInfo &I) __attribute__((always_inline)) {
    sm90::mbarrier_arrive_expect_tx(&S.QFull, BM * D * sizeof(T));
#pragma unroll
    for (int C = 0; C < D / BoxCols; ++C)
      sm90::tma_load(&TmaQ, &S.QFull, S.Q + C * BM * BoxCols, C * BoxCols,
                     I.HeadQ, I.Q0 + I.MBlock * BM);
  };
  auto LoadKV = [&](const CUtensorMap *Map, T *Dst, uint64_t *Bar,
                    const TileInfo &I, int J) __attribute__((always_inline)) {
    sm90::mbarrier_arrive_expect_tx(Bar, BN * D * sizeof(T));
#pragma unroll
    for (int C = 0; C < D / BoxCols; ++C)
      sm90::tma_load(Map, Bar, Dst + C * BN * BoxCols, C * BoxCols, I.HeadK,
                     I.K0 + J * BN);
  };

  // FP8's V^T stages: K-major, in the widest swizzle a row of BN bytes
  // holds.
  auto VtAtom = [] __attribute__((always_inline)) {
    if constexpr (BN * sizeof(T) % 128 == 0)
      return GMMA::Layout_K_SW128_Atom<T>();
    else if constexpr (BN * sizeof(T) % 64 == 0)
      return GMMA::Layout_K_SW64_Atom<T>();
    else
      return GMMA::Layout_K_SW32_Atom<T>();
  };

  if (WG == 0) {
    // Producer. The Q tile is refilled once every consumer warp is done
    // with the previous tile's (its last Q K^T).
    sm90::setmaxnreg_dec<Tile::ProducerRegs>();
    int Stage = 0;
    unsigned Phase = 0, QPhase = 0;
    if constexpr (Tile::Fp8) {
      // FP8 WGMMA reads K-major B only: the producer warpgroup transposes
      // each V block (keys x D, D contiguous, as TMA lands it) into V^T
      // (D x keys, keys contiguous), its keys in the order P's registers
      // hold them (PermK: row k of V^T is key PermK(k)). Thread 0 loads
      // block J + 1 while the warpgroup transposes block J; a stage of V^T
      // is full once all 128 threads have written it (their generic-proxy
      // stores fenced for the WGMMAs' async proxy), and V's stage is free
      // for the next load by then.
      auto [PLayout, PermK] = convert_layout_acc_Aregs_permuted(
          make_tiled_mma<TiledQKShape>(), make_tiled_mma<TiledPVShape>(),
          make_shape(BM, BN));
      // V's stage as TMA lands it, (D, keys) MN-major, a box of 128 columns
      // after another.
      Layout VKeys =
          composition(tile_to_shape(GMMA::Layout_MN_SW128_Atom<T>(),
                                    make_shape(D, BN), make_int_tuple("(1,0)")),
                      make_tile(make_layout(make_shape(D)), PermK));
      Layout VtLayout = tile_to_shape(VtAtom(), make_shape(D, BN));
      const int TransposeBarrier = 1 + 2 * ConsumerWGs;
      auto LoadBlock = [&](const TileInfo &I, int J, int St, unsigned Ph)
          __attribute__((always_inline)) {
        sm90::mbarrier_wait(&S.KEmpty[St], Ph ^ 1);
        LoadKV(&TmaK, S.K[St], &S.KFull[St], I, J);
        LoadKV(&TmaV, S.V[St], &S.VRawFull[St], I, J);
      };
      for (int K = 0, Tl; (Tl = Order.tile(K)) < NumTiles; ++K) {
        TileInfo I;
        if (!Describe(Tl, I))
          continue;
        if (Tid == 0) {
          sm90::mbarrier_wait(&S.QEmpty, QPhase ^ 1);
          LoadQ(I);
          if (I.NBlocks > 0)
            LoadBlock(I, 0, Stage, Phase);
        }
        QPhase ^= 1;
        for (int J = 0; J < I.NBlocks; ++J) {
          int NextStage = Stage;
          unsigned NextPhase = Phase;
          if (++NextStage == Stages) {
            NextStage = 0;
            NextPhase ^= 1;
          }
          if (Tid == 0 && J + 1 < I.NBlocks)
            LoadBlock(I, J + 1, NextStage, NextPhase);
          sm90::mbarrier_wait(&S.VRawFull[Stage], Phase);
          sm90::mbarrier_wait(&S.VEmpty[Stage], Phase ^ 1);
          copy_transpose<D, BN, 128, Tile::TransposeInFlight>(
              make_view(S.V[Stage], VKeys),
              make_view(S.Vt.Data[Stage], VtLayout), Tid);
          sm90::fence_view_async_shared();
          sm90::named_barrier_sync(128, TransposeBarrier);
          if (Tid == 0)
            sm90::mbarrier_arrive(&S.VFull[Stage]);
          Stage = NextStage;
          Phase = NextPhase;
        }
      }
    } else if (Tid == 0) {
      for (int K = 0, Tl; (Tl = Order.tile(K)) < NumTiles; ++K) {
        TileInfo I;
        if (!Describe(Tl, I))
          continue;
        sm90::mbarrier_wait(&S.QEmpty, QPhase ^ 1);
        QPhase ^= 1;
        LoadQ(I);
        for (int J = 0; J < I.NBlocks; ++J) {
          sm90::mbarrier_wait(&S.KEmpty[Stage], Phase ^ 1);
          LoadKV(&TmaK, S.K[Stage], &S.KFull[Stage], I, J);
          sm90::mbarrier_wait(&S.VEmpty[Stage], Phase ^ 1);
          LoadKV(&TmaV, S.V[Stage], &S.VFull[Stage], I, J);
          if (++Stage == Stages) {
            Stage = 0;
            Phase ^= 1;
          }
        }
      }
    }
    return;
  }

  // Consumers.
  sm90::setmaxnreg_inc<Tile::ConsumerRegs>();
  int MmaTid = threadIdx.x - 128;
  auto MmaQK = make_tiled_mma<TiledQKShape>();
  auto MmaPV = make_tiled_mma<TiledPVShape>();
  auto ThrQK = MmaQK.get_slice(MmaTid);
  auto ThrPV = MmaPV.get_slice(MmaTid);
  // The shared-memory tiles as CuTe tensors: Q (BM,D), K (BN,D,PIPE) and V
  // (D,BN,PIPE), the last MN-major (D contiguous), tiled along the keys
  // first so that each box of a stage is contiguous, or with FP8 V^T
  // K-major; O like Q.
  auto SQ = make_view(
      S.Q, tile_to_shape(GMMA::Layout_K_SW128_Atom<T>(), make_shape(BM, D)));
  auto SO = make_view(OStage, tile_to_shape(GMMA::Layout_K_SW128_Atom<TO>(),
                                            make_shape(BM, D)));
  auto SK = make_view(S.K[0], tile_to_shape(GMMA::Layout_K_SW128_Atom<T>(),
                                            make_shape(BN, D, Stages)));
  auto SV = [&] __attribute__((always_inline)) {
    if constexpr (Tile::Fp8)
      return make_view(S.Vt.Data[0],
                       tile_to_shape(VtAtom(), make_shape(D, BN, Stages)));
    else
      return make_view(S.V[0], tile_to_shape(GMMA::Layout_MN_SW128_Atom<T>(),
                                             make_shape(D, BN, Stages),
                                             make_int_tuple("(1,0,2)")));
  }
  ();
  auto TSsQ = ThrQK.partition_A(SQ);
  auto TSsK = ThrQK.partition_B(SK);
  auto TOsV = ThrPV.partition_B(SV);

  // The register fragments: S (and P, its 16- or 8-bit copy, in the same
  // order) and O; their (rows, cols) views; P as the A operand of P V (with
  // FP8, under the permutation of the keys that V^T's rows follow).
  Shape TileS = make_shape(BM, BN);
  Shape TileO = make_shape(BM, D);
  float SAcc[TiledQKShape.size_C(BM, BN)];
  float OAcc[TiledPVShape.size_C(BM, D)];
  T PReg[TiledQKShape.size_C(BM, BN)];
  auto TSrS = make_fragment(SAcc, ThrQK.partition_fragment_C(TileS));
  auto TOrO = make_fragment(OAcc, ThrPV.partition_fragment_C(TileO));
  // 16-bit: P in S's register order, read by the WGMMA through the view;
  // FP8: S viewed as the A operand, P converted into A's register order,
  // so that its bytes are packed before the WGMMAs.
  Layout PLayout =
      convert_layout_acc_Aregs_permuted(MmaQK, MmaPV, TileS).Aregs;
  auto TOrP = [&] __attribute__((always_inline)) {
    if constexpr (Tile::Fp8)
      return make_fragment(PReg, ThrPV.partition_fragment_A(TileS));
    else
      return make_view(PReg, PLayout);
  }
  ();
  auto ConvertP = [&] __attribute__((always_inline)) {
    if constexpr (Tile::Fp8)
      convert(make_view(SAcc, PLayout), TOrP);
    else
      convert(TSrS, make_fragment(PReg, ThrQK.partition_fragment_C(TileS)));
  };
  auto SRowCol = make_view(SAcc, convert_layout_acc_rowcol(MmaQK, TileS));
  auto ORowCol = make_view(OAcc, convert_layout_acc_rowcol(MmaPV, TileO));
  int RowThreads = acc_row_threads(MmaQK, TileS);
  // The (row, col) coordinate of each S value in the tile: the thread's
  // partition of the identity layout (CuTe's partitioned identity tensor).
  Layout IdS = make_identity_layout(TileS);
  Layout TScS = partition_C(MmaQK, IdS, MmaTid);
  Coord TScS0 = partition_C_offset(MmaQK, IdS, MmaTid);
  Layout IdO = make_identity_layout(TileO);
  Layout TOcO = partition_C(MmaPV, IdO, MmaTid);
  Coord TOcO0 = partition_C_offset(MmaPV, IdO, MmaTid);
  // FP8: S and O scaled back by the inputs' descale factors.
  float DescaleQK = 1.f, DescaleV = 1.f;
  if constexpr (Tile::Fp8) {
    DescaleQK =
        (P.DescaleQ ? *P.DescaleQ : 1.f) * (P.DescaleK ? *P.DescaleK : 1.f);
    DescaleV = P.DescaleV ? *P.DescaleV : 1.f;
  }
  const float ScaleLog2 = P.Scale * DescaleQK * 1.4426950408889634f;
  constexpr int Rows = 2;
  const int CW = WG - 1;

  // The pipeline's read side: a stage's K and V are released (lane 0 of
  // each consumer warp arrives) once the WGMMAs that read them are done.
  // Stages and phases run on across tiles, as the producer's do.
  int Stage = 0;
  unsigned Phase = 0, QPhase = 0;
  auto Advance = [&](int &St, unsigned &Ph) __attribute__((always_inline)) {
    if (++St == Stages) {
      St = 0;
      Ph ^= 1;
    }
  };
  auto Release = [&](uint64_t * Bar) __attribute__((always_inline)) {
    if (Tid % 32 == 0)
      sm90::mbarrier_arrive(Bar);
  };
  // Ping-pong: each consumer warpgroup issues its GEMMs in turn (named
  // barrier 1 + w lets warpgroup w go; the one before it passes the turn),
  // so that one's softmax overlaps the others' GEMMs. Every warpgroup takes
  // as many turns per tile as the tile has blocks, so the turns run on
  // across tiles.
  auto TurnWait = [&] __attribute__((always_inline)) {
    if constexpr (PingPong)
      sm90::named_barrier_sync(256, 1 + CW);
  };
  auto TurnPass = [&] __attribute__((always_inline)) {
    if constexpr (PingPong)
      sm90::named_barrier_arrive(256, ConsumerWGs == 2        ? 2 - CW
                                      : CW + 1 == ConsumerWGs ? 1
                                                              : CW + 2);
  };
  if constexpr (PingPong)
    if (CW == ConsumerWGs - 1)
      sm90::named_barrier_arrive(256, 1);

  for (int K = 0, Tl; (Tl = Order.tile(K)) < NumTiles; ++K) {
    TileInfo I;
    if (!Describe(Tl, I))
      continue;
    const int MBlock = I.MBlock, SeqQ = I.SeqQ, SeqK = I.SeqK;
    const int NBlocks = I.NBlocks;
    int RowBase = MBlock * BM + get_leaf<0>(TScS0),
        ColBase = get_leaf<1>(TScS0);
    float RowMax[Rows], RowSum[Rows];
#pragma unroll
    for (int R = 0; R < Rows; ++R) {
      RowMax[R] = -__builtin_inff();
      RowSum[R] = 0.f;
    }
    fill(TOrO, 0.f);

    // S = Q K^T of the stage's keys, issued (not waited for).
    auto IssueQK = [&](int St) __attribute__((always_inline)) {
      sm90::mbarrier_wait(&S.KFull[St], Phase);
      warpgroup_fence_operand(SAcc);
      warpgroup_arrive();
      gemm(MmaQK, TSsQ, slice(TSsK, make_coord(_, _, _, St)), TSrS, 0);
      warpgroup_commit_batch();
    };
    // O += P V of the stage's keys, issued.
    auto IssuePV = [&](int St, unsigned Ph) __attribute__((always_inline)) {
      sm90::mbarrier_wait(&S.VFull[St], Ph);
      warpgroup_fence_operand(OAcc);
      warpgroup_arrive();
      gemm(MmaPV, TOrP, slice(TOsV, make_coord(_, _, _, St)), TOrO, 1);
      warpgroup_commit_batch();
    };
    // Block J's Q K^T is done, and with the last the tile's use of Q: the
    // producer may load the next tile's.
    auto QKDone = [&](int J) __attribute__((always_inline)) {
      Release(&S.KEmpty[Stage]);
      if (J == NBlocks - 1)
        Release(&S.QEmpty);
    };
    // Masks the keys of block J past the sequence and (causal) past each
    // row's diagonal, then takes the online softmax of S: the row maxima,
    // P = exp2(S * scale * log2(e) - base) in place, and the factor that
    // rescales the old sums and O (returned in Rescale, and whether any row
    // of the warp needs it in Rescaled). With Tile::ConditionalRescale,
    // FlashAttention-4's conditional rescaling: a row's base (its maximum so
    // far, times scale * log2(e)) moves only when a new maximum passes it by
    // more than RescaleLog2, so that P stays below 2^RescaleLog2 (256:
    // every P type holds it); O and the sums share the base, so the result
    // is the same. Most blocks then leave O alone. A row's first keys
    // always set its base. Without it, every block moves the base.
    float Rescale[Rows];
    bool Rescaled = false;
    auto Softmax = [&](int J) __attribute__((always_inline)) {
      warpgroup_fence_operand(SAcc);
      if (J * BN + BN > SeqK ||
          (P.Causal && J * BN + BN - 1 > MBlock * BM + SeqK - SeqQ)) {
#pragma unroll
        for (int E = 0; E < size(TSrS); ++E) {
          Coord C = crd2crd(E, TScS);
          int Row = RowBase + get_leaf<0>(C),
              Col = J * BN + ColBase + get_leaf<1>(C);
          int Limit = P.Causal ? min(SeqK, Row + 1 + SeqK - SeqQ) : SeqK;
          if (Col >= Limit)
            store(TSrS, E, -__builtin_inff());
        }
      }
      float NewMax[Rows], Base[Rows];
#pragma unroll
      for (int R = 0; R < Rows; ++R)
        NewMax[R] = RowMax[R];
      reduce_rows(SRowCol, NewMax, Max());
      allreduce(NewMax, RowThreads, Max());
      bool Grow = false;
#pragma unroll
      for (int R = 0; R < Rows; ++R)
        Grow |= NewMax[R] != RowMax[R] &&
                (RowMax[R] == -__builtin_inff() ||
                 (NewMax[R] - RowMax[R]) * ScaleLog2 > RescaleLog2);
      Rescaled = !Tile::ConditionalRescale || __any_sync(0xffffffffu, Grow);
#pragma unroll
      for (int R = 0; R < Rows; ++R) {
        // A row with no key yet keeps a base of 0 (exp2(-inf) = 0), and
        // its first keys rescale the empty O and sum by exp2(-inf) = 0.
        float OldMax = RowMax[R];
        if (Rescaled)
          RowMax[R] = NewMax[R];
        Base[R] = RowMax[R] == -__builtin_inff() ? 0.f : RowMax[R] * ScaleLog2;
        Rescale[R] = exp2_approx(OldMax * ScaleLog2 - Base[R]);
      }
#pragma unroll
      for (int R = 0; R < Rows; ++R)
#pragma unroll
        for (int C = 0; C < size(SRowCol, "mode=1"); ++C) {
          Coord RC = make_coord(R, C);
          float X = load(SRowCol, RC) * ScaleLog2 - Base[R];
          store(SRowCol, RC,
                Tile::Exp2FmaEvery &&
                        C % Tile::Exp2FmaEvery == Tile::Exp2FmaEvery - 1
                    ? exp2_fma(X)
                    : exp2_approx(X));
        }
      float BlockSum[Rows] = {};
      reduce_rows(SRowCol, BlockSum, Plus());
#pragma unroll
      for (int R = 0; R < Rows; ++R)
        RowSum[R] = Rescaled ? RowSum[R] * Rescale[R] + BlockSum[R]
                             : RowSum[R] + BlockSum[R];
    };

    sm90::mbarrier_wait(&S.QFull, QPhase);
    QPhase ^= 1;
    if (NBlocks == 0) {
      Release(&S.QEmpty);
    } else if constexpr (Overlap) {
      // FlashAttention-3's intra-warpgroup overlap: block J's S = Q K^T is
      // issued with block J-1's O += P V, and its softmax runs while P V is
      // in flight.
      TurnWait();
      IssueQK(Stage);
      TurnPass();
      warpgroup_wait<0>();
      QKDone(0);
      Softmax(0);
      ConvertP();
      int PrevStage = Stage;
      unsigned PrevPhase = Phase;
      Advance(Stage, Phase);
      for (int J = 1; J < NBlocks; ++J) {
        TurnWait();
        IssueQK(Stage);
        IssuePV(PrevStage, PrevPhase);
        TurnPass();
        warpgroup_wait<1>();
        QKDone(J);
        Softmax(J);
        warpgroup_wait<0>();
        warpgroup_fence_operand(OAcc);
        Release(&S.VEmpty[PrevStage]);
        if (Rescaled)
          scale_rows(ORowCol, Rescale);
        ConvertP();
        PrevStage = Stage;
        PrevPhase = Phase;
        Advance(Stage, Phase);
      }
      IssuePV(PrevStage, PrevPhase);
      warpgroup_wait<0>();
      warpgroup_fence_operand(OAcc);
      Release(&S.VEmpty[PrevStage]);
    } else {
      for (int J = 0; J < NBlocks; ++J) {
        TurnWait();
        IssueQK(Stage);
        warpgroup_wait<0>();
        QKDone(J);
        Softmax(J);
        if (Rescaled)
          scale_rows(ORowCol, Rescale);
        ConvertP();
        IssuePV(Stage, Phase);
        TurnPass();
        warpgroup_wait<0>();
        warpgroup_fence_operand(OAcc);
        Release(&S.VEmpty[Stage]);
        Advance(Stage, Phase);
      }
    }

    // Epilogue: O / rowsum to 16 bits, stored by pairs of columns; the LSE
    // by the thread that holds column 0 of the row.
    allreduce(RowSum, RowThreads, Plus());
    float Inv[Rows];
#pragma unroll
    for (int R = 0; R < Rows; ++R)
      Inv[R] = RowSum[R] > 0.f ? DescaleV / RowSum[R] : 0.f;
    scale_rows(ORowCol, Inv);
    TO *O = static_cast<TO *>(P.O);
    if (MBlock * BM + 64 * (CW + 1) <= SeqQ) {
      // The warpgroup's 64 rows are all inside the sequence: O goes through
      // shared memory (its own buffer, or the Q tile, which this
      // warpgroup's Q K^T no longer reads: it read only its own rows) by
      // the tiled copy of the accumulator's layout, then out by TMA, one
      // box of 64 rows x 64 columns per 128 bytes of row. (A partial tile
      // is stored from registers below: a TMA box would write the next
      // sequence's rows.) The buffer is free once the previous tile's
      // stores have read it.
      const int EpilogueBarrier = 1 + ConsumerWGs + CW;
      TO OOut[TiledPVShape.size_C(BM, D)];
      auto TOrOut = make_fragment(OOut, ThrPV.partition_fragment_C(TileO));
      convert(TOrO, TOrOut);
      if constexpr (Persistent) {
        if (Tid == 0)
          sm90::tma_store_wait<0>();
        sm90::named_barrier_sync(128, EpilogueBarrier);
      }
      auto StoreO = make_tiled_copy_C<TO, StoreAtom>(MmaPV);
      auto ThrStoreO = StoreO.get_slice(MmaTid);
      copy(StoreO, ThrStoreO.retile_S(TOrOut), ThrStoreO.partition_D(SO));
      sm90::fence_view_async_shared();
      sm90::named_barrier_sync(128, EpilogueBarrier);
      if (Tid == 0) {
#pragma unroll
        for (int C = 0; C < D / 64; ++C)
          sm90::tma_store(&TmaO, OStage + C * BM * 64 + CW * 64 * 64, C * 64,
                          I.HeadQ, I.Q0 + MBlock * BM + CW * 64);
        sm90::tma_store_commit();
      }
    } else {
      // A partial tile, from registers: the rows inside the sequence
      // (CuTe's copy_if over the thread's partition of the identity
      // tensor). The tile's first row is in the base pointer, so that the
      // view's offsets stay small.
      TO OOut[TiledPVShape.size_C(BM, D)];
      auto TOrOut = make_fragment(OOut, ThrPV.partition_fragment_C(TileO));
      convert(TOrO, TOrOut);
      auto GO = make_view(
          O + ((size_t)(I.Q0 + MBlock * BM) * P.HeadsQ + I.HeadQ) * D,
          make_layout(make_shape(Int<BM>{}, Int<D>{}),
                      make_stride(P.HeadsQ * D, Int<1>{})));
      copy_if(TOcO, TOcO0, SeqQ - MBlock * BM, D, TOrOut,
              ThrPV.partition_C(GO));
    }
    if (P.LSE) {
#pragma unroll
      for (int R = 0; R < Rows; ++R) {
        Coord C = crd2crd(crd2idx(make_coord(R, 0), get_layout(SRowCol)), TScS);
        int Row = RowBase + get_leaf<0>(C);
        if (ColBase + get_leaf<1>(C) == 0 && Row < SeqQ)
          P.LSE[(size_t)I.HeadQ *
                    (P.CuSeqQ ? P.CuSeqQ[P.Batch] : P.Batch * P.SeqQ) +
                I.Q0 + Row] = RowSum[R] > 0.f
                                  ? (RowMax[R] * ScaleLog2 + log2f(RowSum[R])) *
                                        0.6931471805599453f
                                  : -__builtin_inff();
      }
    }
  }
  // The shared memory outlives the stores that read it.
  if (Tid == 0)
    sm90::tma_store_wait<0>();
}

/// Which of FlashAttention-3's scheduling techniques the kernel uses. The
/// persistent kernel is built with overlap and ping-pong, for the head
/// dimensions whose tiles leave room for an O buffer (64 and 128); the
/// WideKeys kernel where its key block is wider than PerTile's (FP8 at D =
/// 128). Elsewhere a request for either takes one CTA per tile.
struct Tuning {
  bool Overlap = true;
  bool PingPong = true;
  Schedule Sched = Schedule::Auto;
};

/// The longest sequence (queries or keys) for which Schedule::Auto takes the
/// persistent kernel at head dimension \p D: where it measured faster than
/// one CTA per tile on the H200 (bench/results/2026-11-28-h200-attention-
/// session18.txt; at D = 64 2k causal and 1k non-causal, +1-2 % in
/// bench/results/2026-11-29-h200-attention-session21.txt): its overlap of one
/// tile's start with the last one's end pays where tiles are short, its static
/// rounds balance causal tiles while the query blocks per head are few; longer
/// sequences keep FA3's wider key blocks (BN = 176 at D = 128) and the
/// hardware's scheduling.
constexpr int persistentUpTo(int D, bool Causal) {
  return D == 128  ? (Causal ? 4096 : 2048)
         : D == 64 ? (Causal ? 2048 : 1024)
                   : 0;
}

/// The shortest sequence (keys) for which Schedule::Auto takes the WideKeys
/// kernel: FP8 at D = 128 with BN = 224 measured +3-8 % from 8k keys and
/// -6-9 % at 2k, level at 4k (bench/results/2026-11-29-h200-attention-
/// session22.txt): a wider block halves the softmax's share of the
/// consumers' issue slots per key, where the last block's padding is small.
constexpr int wideKeysFrom(int D) { return D == 128 ? 8192 : 0; }

/// Whether head dimension \p D has a WideKeys kernel of its own.
template <class T, int D>
constexpr bool HasWideKeys =
    TileShape<T, D, Schedule::WideKeys>::BN > TileShape<T, D>::BN;

/// Whether head dimension \p D has a persistent kernel: its shared memory
/// (with the O buffer and the 1024 bytes of alignment slack) fits an SM.
template <class T, int D>
constexpr bool HasPersistent =
    !cute::detail::IsFp8<T> &&
    sizeof(SharedStorage<T, D, Schedule::Persistent>) + 1024 <= 232448;

/// Launches the kernel of one schedule; \p TotalQ and \p TotalK are the
/// tokens of all sequences (the tensor maps' extents).
template <class T, int D, Schedule Sched>
cudaError_t launch(const Params &P, int TotalQ, int TotalK, cudaStream_t St,
                   Tuning Tune) {
  using Tile = TileShape<T, D, Sched>;
  constexpr bool Persistent = Tile::Persistent;
  constexpr size_t Smem = sizeof(SharedStorage<T, D, Sched>) + 1024;
  static_assert(Smem <= 232448, "more shared memory than an SM has");
  CUtensorMap MapQ, MapK, MapV, MapO;
  using namespace cute::tma;
  // Rows of D elements per head, heads per token: (D, heads, tokens); a box
  // of 64 columns of one head over BM (BN) tokens, 128-byte swizzled.
  constexpr uint32_t Box = Tile::BoxCols;
  const char *Err =
      makeTensorMap(&MapQ, elementTypeOf<T>(), sizeof(T), P.Q,
                    {uint64_t(D), uint64_t(P.HeadsQ), uint64_t(TotalQ)},
                    {1, uint64_t(D), uint64_t(D) * P.HeadsQ},
                    {Box, 1, uint32_t(Tile::BM)}, Swizzle::B128);
  if (!Err && TotalK > 0)
    Err = makeTensorMap(&MapK, elementTypeOf<T>(), sizeof(T), P.K,
                        {uint64_t(D), uint64_t(P.HeadsKV), uint64_t(TotalK)},
                        {1, uint64_t(D), uint64_t(D) * P.HeadsKV},
                        {Box, 1, uint32_t(Tile::BN)}, Swizzle::B128);
  if (!Err && TotalK > 0)
    Err = makeTensorMap(&MapV, elementTypeOf<T>(), sizeof(T), P.V,
                        {uint64_t(D), uint64_t(P.HeadsKV), uint64_t(TotalK)},
                        {1, uint64_t(D), uint64_t(D) * P.HeadsKV},
                        {Box, 1, uint32_t(Tile::BN)}, Swizzle::B128);
  // O is stored by each consumer warpgroup: boxes of 64 rows.
  using TO = OutputOf<T>;
  if (!Err)
    Err = makeTensorMap(&MapO, elementTypeOf<TO>(), sizeof(TO), P.O,
                        {uint64_t(D), uint64_t(P.HeadsQ), uint64_t(TotalQ)},
                        {1, uint64_t(D), uint64_t(D) * P.HeadsQ}, {64, 1, 64},
                        Swizzle::B128);
  if (Err)
    return cudaErrorInvalidValue;
  if (TotalK <= 0)
    MapV = MapK = MapQ; // no key is loaded
  using KernelFn = void (*)(const CUtensorMap, const CUtensorMap,
                            const CUtensorMap, const CUtensorMap, Params, int);
  KernelFn Kernel;
  if constexpr (Persistent) {
    if (!Tune.Overlap || !Tune.PingPong)
      return cudaErrorInvalidValue;
    Kernel = attentionKernel<T, D, true, true, Sched>;
  } else {
    static const KernelFn Kernels[4] = {
        attentionKernel<T, D, false, false, Sched>,
        attentionKernel<T, D, true, false, Sched>,
        attentionKernel<T, D, false, true, Sched>,
        attentionKernel<T, D, true, true, Sched>};
    Kernel = Kernels[int(Tune.Overlap) + 2 * int(Tune.PingPong)];
  }
  if (cudaError_t E = cudaFuncSetAttribute(
          Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(Smem)))
    return E;
  long long Tiles =
      (long long)((P.SeqQ + Tile::BM - 1) / Tile::BM) * P.HeadsQ * P.Batch;
  if (Tiles >= (1ll << 31))
    return cudaErrorInvalidValue;
  int Grid = int(Tiles);
  if constexpr (Persistent) {
    int Device, SMs;
    if (cudaError_t E = cudaGetDevice(&Device))
      return E;
    if (cudaError_t E = cudaDeviceGetAttribute(
            &SMs, cudaDevAttrMultiProcessorCount, Device))
      return E;
    Grid = Tiles < SMs ? int(Tiles) : SMs;
  }
  Kernel<<<Grid, Tile::Threads, Smem, St>>>(MapQ, MapK, MapV, MapO, P,
                                            int(Tiles));
  return cudaGetLastError();
}

/// Launches the attention forward pass for head dimension \p D.
template <class T, int D>
cudaError_t run(const Params &P, cudaStream_t St, Tuning Tune = Tuning()) {
  int TotalQ = P.CuSeqQ ? 0 : P.Batch * P.SeqQ;
  int TotalK = P.CuSeqK ? 0 : P.Batch * P.SeqK;
  if (P.CuSeqQ || P.CuSeqK) {
    // The offsets are on the device; the totals bound the tensor maps.
    int Last[2] = {0, 0};
    if (P.CuSeqQ && cudaMemcpy(&Last[0], P.CuSeqQ + P.Batch, sizeof(int),
                               cudaMemcpyDeviceToHost))
      return cudaErrorInvalidValue;
    if (P.CuSeqK && cudaMemcpy(&Last[1], P.CuSeqK + P.Batch, sizeof(int),
                               cudaMemcpyDeviceToHost))
      return cudaErrorInvalidValue;
    if (P.CuSeqQ)
      TotalQ = Last[0];
    if (P.CuSeqK)
      TotalK = Last[1];
  }
  if (TotalQ <= 0)
    return cudaSuccess;
  bool Persistent = Tune.Sched == Schedule::Persistent ||
                    (Tune.Sched == Schedule::Auto && Tune.Overlap &&
                     Tune.PingPong && P.SeqQ <= persistentUpTo(D, P.Causal) &&
                     P.SeqK <= persistentUpTo(D, P.Causal));
  if constexpr (HasPersistent<T, D>) {
    if (Persistent)
      return launch<T, D, Schedule::Persistent>(P, TotalQ, TotalK, St, Tune);
  }
  bool WideKeys = Tune.Sched == Schedule::WideKeys ||
                  (Tune.Sched == Schedule::Auto && wideKeysFrom(D) &&
                   P.SeqK >= wideKeysFrom(D));
  if constexpr (HasWideKeys<T, D>) {
    if (WideKeys)
      return launch<T, D, Schedule::WideKeys>(P, TotalQ, TotalK, St, Tune);
  }
  return launch<T, D, Schedule::PerTile>(P, TotalQ, TotalK, St, Tune);
}

} // namespace attention_sm90

#endif // CUTELLVM_EXAMPLES_ATTENTION_SM90_CUH
