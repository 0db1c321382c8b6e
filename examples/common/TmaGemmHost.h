//===- TmaGemmHost.h - Host side of the TMA GEMM examples -------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What the launchers of the TMA GEMMs (gemm_sm90 from CUDA C++, gemm_llc
/// from LLVM IR) share on the host: operands made ready for TMA (K-major A
/// and B with 16-byte aligned rows, zero-padded copies otherwise), their
/// tensor maps in the kernels' 128-byte swizzle, the tensor map of C when
/// C can be stored by TMA, and the persistent grid.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_COMMON_TMAGEMMHOST_H
#define CUTELLVM_EXAMPLES_COMMON_TMAGEMMHOST_H

#include <cuda.h>
#include <cuda_runtime.h>
#include <cute/tma.h>
#include <stdint.h>

namespace example {

/// The shared-memory layout of one 128-byte swizzle atom of elements of
/// \p T (8 rows of 128 bytes), the layout every TMA box of these kernels
/// lands in.
template <class T> constexpr const char *swizzle128Atom() {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2, "8- or 16-bit elements");
  return sizeof(T) == 2 ? "S<3,3,3> o 0 o (8,64):(64,1)"
                        : "S<3,4,3> o 0 o (8,128):(128,1)";
}

/// A problem C = A * B^T (A M x K, B N x K of type \p T, each K-major or
/// MN-major; C M x N row-major of type \p TC) made ready for TMA. The
/// destructor releases the padded copies on the stream they were made on,
/// after the work queued there.
template <class T, class TC = T> class TmaGemmOperands {
public:
  /// Elements of T in the 16 bytes TMA aligns a row to.
  static constexpr int KAlign = 16 / int(sizeof(T));

  CUtensorMap MapA, MapB;
  /// Valid when StoreC: C's map, in EpiTile x EpiTile boxes.
  CUtensorMap MapC;
  /// K as the kernel sees it: a multiple of KAlign (the padded copies'
  /// width).
  int K = 0;
  /// Whether C can be stored by TMA (16-byte aligned base and rows).
  bool StoreC = false;

  TmaGemmOperands() = default;
  TmaGemmOperands(const TmaGemmOperands &) = delete;
  TmaGemmOperands &operator=(const TmaGemmOperands &) = delete;
  ~TmaGemmOperands() {
    if (PadA)
      cudaFreeAsync(PadA, Stream);
    if (PadB)
      cudaFreeAsync(PadB, Stream);
  }

  /// Builds the maps of A (BM x BK boxes) and B (BN x BK boxes) and, when
  /// \p WantStoreC and C allows it, of C. K % KAlign != 0 makes zero-padded
  /// copies of the K-major operands first: TMA needs 16-byte row strides.
  /// An MN-major operand (\p MNA, \p MNB: A[k * M + m], B[k * N + n]) is
  /// loaded in boxes of 64 rows (one 128-byte swizzle row each) and needs
  /// M (N) % 8 == 0; its K needs no padding (TMA fills past K with zeros).
  cudaError_t prepare(const void *A, const void *B, void *C, int M, int N,
                      int KIn, int BM, int BN, int BK, int EpiTile,
                      bool WantStoreC, cudaStream_t S, bool MNA = false,
                      bool MNB = false) {
    Stream = S;
    K = (KIn + KAlign - 1) / KAlign * KAlign;
    cudaError_t E;
    if ((MNA && M % 8) || (MNB && N % 8))
      return cudaErrorInvalidValue;
    if (K != KIn && !MNA) {
      if ((E = padded(PadA, A, M, KIn)))
        return E;
      A = PadA;
    }
    if (K != KIn && !MNB) {
      if ((E = padded(PadB, B, N, KIn)))
        return E;
      B = PadB;
    }
    if ((E = MNA ? mnMap(MapA, A, M, KIn, BK) : operandMap(MapA, A, M, BM, BK)) ||
        (E = MNB ? mnMap(MapB, B, N, KIn, BK) : operandMap(MapB, B, N, BN, BK)))
      return E;
    StoreC = WantStoreC && N % 8 == 0 &&
             reinterpret_cast<uintptr_t>(C) % 16 == 0 &&
             !cute::tma::makeTensorMap<TC>(
                 &MapC, static_cast<const TC *>(C), {uint64_t(N), uint64_t(M)},
                 {1, uint64_t(N)}, {uint32_t(EpiTile), uint32_t(EpiTile)},
                 swizzle128Atom<TC>());
    if (!StoreC)
      MapC = MapA; // A valid map the kernel never reads.
    return cudaSuccess;
  }

private:
  void *PadA = nullptr, *PadB = nullptr;
  cudaStream_t Stream = nullptr;

  /// A zero-padded Rows x K copy of \p Src with rows of this->K elements.
  cudaError_t padded(void *&Pad, const void *Src, int Rows, int KIn) {
    size_t Bytes = size_t(Rows) * K * sizeof(T);
    cudaError_t E;
    if ((E = cudaMallocAsync(&Pad, Bytes, Stream)) ||
        (E = cudaMemsetAsync(Pad, 0, Bytes, Stream)))
      return E;
    return cudaMemcpy2DAsync(Pad, K * sizeof(T), Src, KIn * sizeof(T),
                             KIn * sizeof(T), Rows, cudaMemcpyDeviceToDevice,
                             Stream);
  }

  /// The map of an MN-major Rows x K matrix (row index contiguous) in boxes
  /// of 64 rows (128 bytes, the swizzle's row) by BK.
  cudaError_t mnMap(CUtensorMap &Map, const void *Ptr, int Rows, int KIn,
                    int BK) {
    const char *Err = cute::tma::makeTensorMap<T>(
        &Map, static_cast<const T *>(Ptr), {uint64_t(Rows), uint64_t(KIn)},
        {1, uint64_t(Rows)}, {64u, uint32_t(BK)}, swizzle128Atom<T>());
    return Err ? cudaErrorInvalidValue : cudaSuccess;
  }

  /// The map of a K-major Rows x K matrix in BoxRows x BK boxes.
  cudaError_t operandMap(CUtensorMap &Map, const void *Ptr, int Rows,
                         int BoxRows, int BK) {
    const char *Err = cute::tma::makeTensorMap<T>(
        &Map, static_cast<const T *>(Ptr), {uint64_t(K), uint64_t(Rows)},
        {1, uint64_t(K)}, {uint32_t(BK), uint32_t(BoxRows)},
        swizzle128Atom<T>());
    return Err ? cudaErrorInvalidValue : cudaSuccess;
  }
};

/// The persistent grid of an M x N problem in BM x BN tiles: one CTA per
/// SM, or one per tile when there are fewer tiles. The SM count is read
/// once per process.
inline cudaError_t persistentGrid(int M, int N, int BM, int BN, int &Grid) {
  static int SMs = 0;
  if (!SMs) {
    int Dev;
    cudaError_t E;
    if ((E = cudaGetDevice(&Dev)) ||
        (E = cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, Dev)))
      return E;
  }
  long long Tiles = (long long)((M + BM - 1) / BM) * ((N + BN - 1) / BN);
  Grid = int(Tiles < SMs ? Tiles : SMs);
  return cudaSuccess;
}

} // namespace example

#endif // CUTELLVM_EXAMPLES_COMMON_TMAGEMMHOST_H
