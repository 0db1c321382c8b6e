//===- cute/transpose.h - 8-bit tiles transposed in shared memory ---------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// copy_transpose: an (M, N) tile of 8-bit elements copied between two
/// shared-memory layouts whose contiguous modes differ: from one where mode
/// 0 runs contiguously (MN-major, as TMA loads a row-major V) to one where
/// mode 1 does (K-major, the only major FP8 WGMMA reads). FlashAttention-3's
/// FP8 forward stages V^T this way in its producer warpgroup.
///
/// \code
///   // V (keys x D, D contiguous) viewed as (D, keys), its keys in the order
///   // that P's registers hold them (convert_layout_acc_Aregs_permuted);
///   // V^T K-major.
///   auto SV = make_view(Raw, composition(VLayout, make_tile(D, PermK)));
///   auto SVt = make_view(Vt, VtLayout);
///   copy_transpose<D, BN, 128>(SV, SVt, threadIdx.x % 128);
/// \endcode
///
/// Each thread moves 4x4 blocks through registers: four 32-bit loads (four
/// columns of Dst, four rows of Src each), eight byte permutes, four 32-bit
/// stores. A layout byte-wise equal on both sides gives the same tile as an
/// element-by-element copy, in a quarter of the accesses per byte.
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_TRANSPOSE_H
#define CUTE_TRANSPOSE_H

#include <cute/arch/sm90.h>
#include <cute/llvm.h>
#include <stdint.h>

#if defined(__CUDA__) || defined(__CUDACC__)
#define CUTE_TRANSPOSE_INLINE                                                  \
  __device__ __forceinline__ __attribute__((nodebug))
#else
#define CUTE_TRANSPOSE_INLINE inline
#endif

namespace cute {
namespace detail {

/// Byte \p S's selector of prmt.b32 (byte i of the result is byte nibble i
/// of {B, A}): __byte_perm without libdevice.
CUTE_TRANSPOSE_INLINE uint32_t bytePerm(uint32_t A, uint32_t B, uint32_t S) {
#if defined(__CUDA_ARCH__)
  return __nvvm_prmt(A, B, S);
#else
  uint64_t X = (uint64_t(B) << 32) | A;
  uint32_t R = 0;
  for (int I = 0; I < 4; ++I)
    R |= uint32_t((X >> (8 * ((S >> (4 * I)) & 7))) & 0xff) << (8 * I);
  return R;
#endif
}

} // namespace detail

/// Copies the (\p M, \p N) tile \p Src to \p Dst (8-bit elements), where
/// Src's mode-0 coordinates 16i..16i+15 are 16 consecutive bytes at a
/// 16-byte boundary, and so are Dst's mode-1 coordinates: the
/// transposition of an MN-major tile into a K-major one, Src's mode 1 in any
/// order (a permuted view). The \p Threads threads that call it (\p Tid
/// their index, warps whole) take blocks of 32 x 16 elements, a warp one
/// at a time: ldmatrix.x4.trans loads the block as 16-bit units (a thread
/// gets two of Src's mode-1 rows of two elements each, per matrix), two
/// byte permutes per pair of matrices make four consecutive Dst mode-1
/// elements of one row, and stmatrix.x4 stores them. Rows of Dst go to the
/// store's matrices so that (on 128-byte-swizzled layouts, the GMMA layout
/// atoms, on both sides) no access conflicts on a bank. \p InFlight blocks
/// per warp are unrolled (0: all of them): more hide the loads' latency,
/// fewer take fewer registers (eight per block in flight).
template <int M, int N, int Threads, int InFlight = 0, class T>
CUTE_TRANSPOSE_INLINE void copy_transpose(Tensor<T> Src, Tensor<T> Dst,
                                          int Tid) {
  static_assert(sizeof(T) == 1, "copy_transpose moves 8-bit elements");
  static_assert(M % 32 == 0 && N % 16 == 0 && Threads % 32 == 0,
                "copy_transpose takes M a multiple of 32, N of 16");
  constexpr int Warps = Threads / 32, Blocks = (M / 32) * (N / 16);
  static_assert(Blocks % Warps == 0,
                "copy_transpose: the blocks do not divide among the warps");
  const int Lane = Tid % 32, Warp = Tid / 32;
  // The load's matrix (Lane / 8) and row (Lane % 8) this lane addresses:
  // matrices 0 and 1 take Src rows (mode 1) 4r + {0, 1} and 4r + {2, 3} of
  // the block's 16 (r = row / 2), 2 and 3 the same 16 columns on.
  const int LdM = Lane / 8, LdR = Lane % 8;
  const int LdRow = 16 * (LdM / 2),
            LdCol = 4 * (LdR / 2) + 2 * (LdM % 2) + LdR % 2;
  // The store's: matrix m row r is Dst row 2r + (r >= 4 xor m odd) (+16
  // for m >= 2) of the block, the row the thread group r holds in word m.
  const int StM = Lane / 8, StR = Lane % 8;
  const int StRow = 16 * (StM / 2) + 2 * StR + ((StR >= 4) ^ (StM % 2));
  // Thread group u = Lane / 4 holds Dst rows 2u and 2u + 1: the lower
  // half of the groups stores the even row first.
  const bool EvenFirst = Lane / 4 < 4;
  const uint32_t Sel0 = EvenFirst ? 0x6420 : 0x7531,
                 Sel1 = EvenFirst ? 0x7531 : 0x6420;
  T *SrcBase = get_iter(Src), *DstBase = get_iter(Dst);
  Layout SL = get_layout(Src), DL = get_layout(Dst);
  static_assert(InFlight >= 0, "copy_transpose: InFlight is a count");
  constexpr int Unroll = InFlight ? InFlight : Blocks / Warps;
#pragma unroll Unroll
  for (int It = 0; It < Blocks / Warps; ++It) {
    int Block = It * Warps + Warp;
    int Row0 = 32 * (Block % (M / 32)), Col0 = 16 * (Block / (M / 32));
    alignas(16) uint32_t R[4], W[4];
    cute_nvgpu_ldsm(
        "SM75_U16x8_LDSM_T", R,
        SrcBase + crd2idx(make_coord("(?,?)", Row0 + LdRow, Col0 + LdCol), SL));
    W[0] = detail::bytePerm(R[0], R[1], Sel0);
    W[1] = detail::bytePerm(R[0], R[1], Sel1);
    W[2] = detail::bytePerm(R[2], R[3], Sel0);
    W[3] = detail::bytePerm(R[2], R[3], Sel1);
    cute_nvgpu_stsm(
        "SM90_U32x4_STSM_N",
        DstBase + crd2idx(make_coord("(?,?)", Row0 + StRow, Col0), DL), W);
  }
}

} // namespace cute

#undef CUTE_TRANSPOSE_INLINE

#endif // CUTE_TRANSPOSE_H
