//===- NaiveGemm.cuh - A plain SIMT GEMM to check the checker --*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A shared-memory-tiled SIMT GEMM with fp32 accumulation, in the layout of
/// GemmKernels.h. gemm_bench runs it with `--naive`: it exercises the
/// checking and timing of the benchmark with a kernel that is known to be
/// right (and any shape, M, N, K = 1 included), independently of the GEMM
/// examples.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_BENCH_GEMM_NAIVEGEMM_CUH
#define CUTELLVM_BENCH_GEMM_NAIVEGEMM_CUH

#include <cuda_runtime.h>

namespace naive_gemm {

constexpr int Tile = 16;

template <class T>
__global__ void kernel(const T *A, const T *B, T *C, int M, int N, int K) {
  __shared__ float SA[Tile][Tile + 1], SB[Tile][Tile + 1];
  int TX = threadIdx.x, TY = threadIdx.y;
  int Row = blockIdx.y * Tile + TY; // m
  int Col = blockIdx.x * Tile + TX; // n
  float Acc = 0.0f;
  for (int K0 = 0; K0 < K; K0 += Tile) {
    int AM = blockIdx.y * Tile + TY, BN = blockIdx.x * Tile + TY;
    SA[TY][TX] =
        AM < M && K0 + TX < K ? float(A[size_t(AM) * K + K0 + TX]) : 0.0f;
    SB[TY][TX] =
        BN < N && K0 + TX < K ? float(B[size_t(BN) * K + K0 + TX]) : 0.0f;
    __syncthreads();
    for (int KK = 0; KK < Tile; ++KK)
      Acc += SA[TY][KK] * SB[TX][KK];
    __syncthreads();
  }
  if (Row < M && Col < N)
    C[size_t(Row) * N + Col] = T(Acc);
}

template <class T>
cudaError_t run(const void *A, const void *B, void *C, int M, int N, int K,
                cudaStream_t Stream) {
  if (M <= 0 || N <= 0 || K <= 0)
    return cudaErrorInvalidValue;
  dim3 Block(Tile, Tile), Grid((N + Tile - 1) / Tile, (M + Tile - 1) / Tile);
  kernel<T>
      <<<Grid, Block, 0, Stream>>>((const T *)A, (const T *)B, (T *)C, M, N, K);
  return cudaGetLastError();
}

} // namespace naive_gemm

inline cudaError_t naive_gemm_f16(const void *A, const void *B, void *C, int M,
                                  int N, int K, cudaStream_t Stream) {
  return naive_gemm::run<_Float16>(A, B, C, M, N, K, Stream);
}
inline cudaError_t naive_gemm_bf16(const void *A, const void *B, void *C, int M,
                                   int N, int K, cudaStream_t Stream) {
  return naive_gemm::run<__bf16>(A, B, C, M, N, K, Stream);
}

#endif // CUTELLVM_BENCH_GEMM_NAIVEGEMM_CUH
