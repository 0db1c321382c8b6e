//===- gemm_llc.cu - The llc-compiled Hopper GEMM, checked and timed ------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checks gemm_llc.cuh's kernels (gen_gemm_sm90.py's IR through stock llc,
/// see build.sh) against a reference kernel for fp16 and bf16 on
/// gemm_sm90.cu's shapes: shapes that divide the tile and shapes that do not
/// (M, N, K not multiples of 128, 256, 64; K not a multiple of 8; M = N = K
/// = 1), then times them at 2048^3 and 4096^3 beside gemm_sm90 (the same
/// kernel written in CUDA C++ and compiled by cute-clang++), in one process.
///
/// The inputs are fresh random multiples of 1/4 in [-1, 1]: every product is
/// a multiple of 1/16 and every partial sum up to K = 2^14 is exact in fp32,
/// whatever the order of summation, so the kernel's output must equal the
/// reference's rounding of the exact sum bit for bit.
///
/// Build: examples/gemm_llc/build.sh OUTDIR writes the kernels' image
/// header; compile this file with -IOUTDIR (utils/run-gpu-tests.sh does
/// both). Run: `gemm_llc [M N K]...` (default: the shape list below).
/// Exit status 1 on any mismatch.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "../gemm_sm90/gemm_sm90.cuh"
#include "gemm_llc.cuh"

#if !GEMM_LLC_HAVE_IMAGE
#error "no gemm_llc_image.h: run build.sh OUTDIR, compile with -IOUTDIR"
#endif

#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

/// C[m][n] = sum_k A[m][k] * B[n][k] in fp32, rounded to T.
template <class T>
__global__ void referenceGemm(const T *A, const T *B, T *C, int M, int N,
                              int K) {
  int Mi = blockIdx.y * 16 + threadIdx.y, Ni = blockIdx.x * 16 + threadIdx.x;
  if (Mi >= M || Ni >= N)
    return;
  float Acc = 0;
  for (int Ki = 0; Ki < K; ++Ki)
    Acc += float(A[size_t(Mi) * K + Ki]) * float(B[size_t(Ni) * K + Ki]);
  C[size_t(Mi) * N + Ni] = T(Acc);
}

/// \p F as a T; \p F is a multiple of 1/4 in [-1, 1], exact in both types
/// (bf16 by its top 16 bits: the host's libgcc may lack __truncsfbf2).
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
  uint16_t U;
  std::memcpy(&U, &X, 2);
  return U;
}

using RunFn = cudaError_t (*)(const void *, const void *, void *, int, int,
                              int, cudaStream_t);

/// One kernel on one shape; \p Time adds its time and TFLOP/s.
template <class T>
bool check(const char *Name, RunFn Run, int M, int N, int K, std::mt19937 &G,
           bool Time) {
  std::vector<T> A = randomMatrix<T>(size_t(M) * K, G);
  std::vector<T> B = randomMatrix<T>(size_t(N) * K, G);
  T *DA = example::toDevice(A), *DB = example::toDevice(B);
  T *DC = example::poisonedDevice<T>(size_t(M) * N);
  T *DR = example::poisonedDevice<T>(size_t(M) * N);
  referenceGemm<T><<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(
      DA, DB, DR, M, N, K);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(Run(DA, DB, DC, M, N, K, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<T> Got = example::fromDevice(DC, size_t(M) * N);
  std::vector<T> Want = example::fromDevice(DR, size_t(M) * N);
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

} // namespace

int main(int Argc, char **Argv) {
  std::vector<int> Shapes;
  for (int I = 1; I < Argc; ++I)
    Shapes.push_back(std::atoi(Argv[I]));
  bool Time = !Shapes.empty();
  if (Shapes.empty() || Shapes.size() % 3)
    Shapes = {128,  256, 64,   256, 512,  128,  1,    1,    1,
              1,    1,   8,    100, 300,  72,   129,  257,  65,
              333,  77,  1000, 640, 1280, 3,    2048, 2048, 2048,
              4096, 4096, 4096};
  std::mt19937 G(std::random_device{}());
  bool Ok = true;
  for (size_t I = 0; I < Shapes.size(); I += 3) {
    int M = Shapes[I], N = Shapes[I + 1], K = Shapes[I + 2];
    bool T = Time || M >= 2048;
    Ok &= check<_Float16>("gemm_llc_f16 ", gemm_llc_f16, M, N, K, G, T);
    Ok &= check<__bf16>("gemm_llc_bf16 ", gemm_llc_bf16, M, N, K, G, T);
    if (T) {
      // The same kernel from CUDA C++, same process, same shape.
      Ok &= check<_Float16>("gemm_sm90_f16", gemm_sm90_f16, M, N, K, G, T);
      Ok &= check<__bf16>("gemm_sm90_bf16", gemm_sm90_bf16, M, N, K, G, T);
    }
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
