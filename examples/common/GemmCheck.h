//===- GemmCheck.h - Checking a GEMM example bit for bit --------*- CUDA
//-*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What the GEMM examples share on the host: a reference kernel, inputs that
/// make the reference exact (random multiples of 1/4 in [-1, 1]: every
/// product is a multiple of 1/16 and every partial sum up to K = 2^14 is
/// exact in fp32, whatever the order of summation), and a check that a GEMM
/// launcher's output equals the reference's rounding bit for bit.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_GEMMCHECK_H
#define CUTELLVM_EXAMPLES_GEMMCHECK_H

#include "ExampleHarness.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace example {

/// C[m][n] = sum_k A[m][k] * B[n][k] in fp32, rounded to TC; A[m][k] is
/// A[m * K + k] (K-major) or, with \p MNA, A[k * M + m] (M-major); B alike.
template <class T, class TC>
__global__ void referenceGemm(const T *A, const T *B, TC *C, int M, int N,
                              int K, bool MNA = false, bool MNB = false) {
  int Mi = blockIdx.y * 16 + threadIdx.y, Ni = blockIdx.x * 16 + threadIdx.x;
  if (Mi >= M || Ni >= N)
    return;
  float Acc = 0;
  for (int Ki = 0; Ki < K; ++Ki)
    Acc += float(A[MNA ? size_t(Ki) * M + Mi : size_t(Mi) * K + Ki]) *
           float(B[MNB ? size_t(Ki) * N + Ni : size_t(Ni) * K + Ki]);
  C[size_t(Mi) * N + Ni] = TC(Acc);
}

/// \p F as a T; \p F is a multiple of 1/4 in [-1, 1], exact in every type
/// (bf16 by its top 16 bits: the host's libgcc may lack __truncsfbf2; FP8
/// by cute::float_e4m3_t's and float_e5m2_t's own conversion).
template <class T> T exactly(float F) {
  if constexpr (sizeof(T) == 2 && !__is_same(T, _Float16)) {
    uint32_t U;
    std::memcpy(&U, &F, 4);
    uint16_t H = uint16_t(U >> 16);
    T X;
    std::memcpy(&X, &H, 2);
    return X;
  } else {
    return T(F);
  }
}

template <class T> std::vector<T> randomMatrix(size_t Count, std::mt19937 &G) {
  std::uniform_int_distribution<int> D(-4, 4);
  std::vector<T> V(Count);
  for (T &X : V)
    X = exactly<T>(float(D(G)) / 4);
  return V;
}

template <class T> uint16_t bitsOf(T X) {
  static_assert(sizeof(T) <= 2, "8- and 16-bit results");
  uint16_t U = 0;
  std::memcpy(&U, &X, sizeof(T));
  return U;
}

using RunFn = cudaError_t (*)(const void *, const void *, void *, int, int, int,
                              cudaStream_t);

/// Checks \p Run against the reference on random inputs; \p MNA and \p MNB
/// store A and B MN-major as referenceGemm reads them. A and B are of type
/// \p T, C of \p TC.
template <class T, class TC = T>
bool check(const char *Name, RunFn Run, int M, int N, int K, std::mt19937 &G,
           bool Time, bool MNA = false, bool MNB = false) {
  std::vector<T> A = randomMatrix<T>(size_t(M) * K, G);
  std::vector<T> B = randomMatrix<T>(size_t(N) * K, G);
  T *DA = example::toDevice(A), *DB = example::toDevice(B);
  TC *DC = example::poisonedDevice<TC>(size_t(M) * N);
  TC *DR = example::poisonedDevice<TC>(size_t(M) * N);
  referenceGemm<T, TC><<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(
      DA, DB, DR, M, N, K, MNA, MNB);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(Run(DA, DB, DC, M, N, K, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<TC> Got = example::fromDevice(DC, size_t(M) * N);
  std::vector<TC> Want = example::fromDevice(DR, size_t(M) * N);
  size_t Bad = 0, First = 0;
  for (size_t I = 0; I < Got.size(); ++I)
    if (bitsOf(Got[I]) != bitsOf(Want[I]) && !Bad++)
      First = I;
  std::printf("%s %dx%dx%d: %zu mismatches", Name, M, N, K, Bad);
  if (Bad)
    std::printf(" (first at (%zu,%zu): got %g, want %g)", First / N, First % N,
                float(Got[First]), float(Want[First]));
  if (Time && !Bad) {
    double Sec = example::timeLaunches(
        [&] { CHECK_CUDA(Run(DA, DB, DC, M, N, K, 0)); }, 20);
    std::printf(", %.1f us, %.1f TFLOP/s", Sec * 1e6,
                2.0 * M * N * K / Sec / 1e12);
  }
  std::printf("\n");
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  CHECK_CUDA(cudaFree(DR));
  return Bad == 0;
}

/// The problems a GEMM example checks, as M, N, K triples: those of the
/// command line (timed), or a default set (timed from 2048 up) with tiles
/// cut at every edge, 1x1x1, K below the tile and K not a multiple of 8.
struct GemmShape {
  int M, N, K;
  bool Time;
};
inline std::vector<GemmShape> gemmShapes(int Argc, char **Argv) {
  std::vector<int> V;
  for (int I = 1; I < Argc; ++I)
    V.push_back(std::atoi(Argv[I]));
  bool Given = !V.empty() && V.size() % 3 == 0;
  if (!Given)
    V = {128,  256, 64,   256, 512,  128,  1,    1,    1,    1,
         1,    8,   100,  300, 72,   129,  257,  65,   333,  77,
         1000, 640, 1280, 3,   2048, 2048, 2048, 4096, 4096, 4096};
  std::vector<GemmShape> Shapes;
  for (size_t I = 0; I + 2 < V.size(); I += 3)
    Shapes.push_back({V[I], V[I + 1], V[I + 2], Given || V[I] >= 2048});
  return Shapes;
}

} // namespace example

#endif // CUTELLVM_EXAMPLES_GEMMCHECK_H
