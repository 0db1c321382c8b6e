//===- fp8_bench.cu - The FP8 GEMM beside cuBLASLt's, in one run -*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Times examples/gemm_sm90's FP8 GEMMs (e4m3 A and B, both K-major, bf16 C;
/// gemm_sm90_e4m3 accumulated by the WGMMAs alone, gemm_sm90_e4m3_promoted
/// with each k-tile's products added into fp32 registers) beside cuBLASLt's
/// FP8 matmul of the same
/// problem (cublasLtMatmul, TN in its column-major terms, unit scales, bf16
/// D: what torch._scaled_mm calls) in its two modes: fast accumulation
/// (CUBLASLT_MATMUL_DESC_FAST_ACCUM = 1: the tensor cores' accumulator
/// alone, as ours) and its default, which adds partial sums into fp32
/// registers (torch._scaled_mm's use_fast_accum=False). Same inputs,
/// interleaved: each round times a batch of each with CUDA events; the
/// median round is reported. Each output's relative Frobenius error
/// against an fp32 reference (a plain kernel) is printed. The tensor cores'
/// FP8 accumulator keeps fewer bits than fp32, so fast accumulation's error
/// grows with K (about 1e-2 at K = 2048, 4e-2 at 8192, against 2e-3 for
/// cuBLASLt's default): ours must stay within 1.25x of cuBLASLt's fast
/// accumulation error, the promoted one within 1.25x of cuBLASLt's default
/// (a wrong layout or stale tile is near 1).
///
///   fp8_bench [--iters N] [--rounds R] [MxNxK ...]   (default 4096^3, 8192^3)
///
/// Built by bench/gemm/run.sh beside gemm_bench (links cuBLASLt).
///
//===----------------------------------------------------------------------===//

#include "../../examples/gemm_sm90/gemm_sm90.cuh"

#include <cublasLt.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

#define CHECK_CUDA(Expr)                                                       \
  do {                                                                         \
    cudaError_t Err_ = (Expr);                                                 \
    if (Err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Expr,       \
                   cudaGetErrorString(Err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)
#define CHECK_LT(Expr)                                                         \
  do {                                                                         \
    cublasStatus_t St_ = (Expr);                                               \
    if (St_ != CUBLAS_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: %s: cuBLASLt status %d\n", __FILE__,        \
                   __LINE__, #Expr, int(St_));                                 \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

using E4M3 = cute::float_e4m3_t;

/// Uniform values in [-1, 1) rounded to e4m3.
__global__ void fillRandom(E4M3 *P, size_t N, unsigned Seed) {
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x) {
    unsigned X = unsigned(I) * 2654435761u ^ Seed;
    X ^= X >> 15;
    X *= 2246822519u;
    X ^= X >> 13;
    P[I] = E4M3(float(X >> 8) * (2.0f / 16777216.0f) - 1.0f);
  }
}

/// C = A B^T in fp32, one thread per element.
__global__ void referenceGemm(const E4M3 *A, const E4M3 *B, float *C, int M,
                              int N, int K) {
  int Mi = blockIdx.y * 16 + threadIdx.y, Ni = blockIdx.x * 16 + threadIdx.x;
  if (Mi >= M || Ni >= N)
    return;
  float Acc = 0;
  for (int Ki = 0; Ki < K; ++Ki)
    Acc += float(A[size_t(Mi) * K + Ki]) * float(B[size_t(Ni) * K + Ki]);
  C[size_t(Mi) * N + Ni] = Acc;
}

/// Sums of (out - ref)^2 and ref^2 (Sums[0], Sums[1]).
__global__ void errorSums(const __bf16 *Out, const float *Ref, size_t N,
                          double *Sums) {
  double D2 = 0, R2 = 0;
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x) {
    double D = double(float(Out[I])) - Ref[I];
    D2 += D * D;
    R2 += double(Ref[I]) * Ref[I];
  }
  atomicAdd(&Sums[0], D2);
  atomicAdd(&Sums[1], R2);
}

/// ||Out - Ref|| / ||Ref||.
double relativeError(const __bf16 *Out, const float *Ref, size_t N,
                     double *Sums) {
  CHECK_CUDA(cudaMemset(Sums, 0, 2 * sizeof(double)));
  errorSums<<<1024, 256>>>(Out, Ref, N, Sums);
  double Host[2];
  CHECK_CUDA(cudaMemcpy(Host, Sums, sizeof(Host), cudaMemcpyDeviceToHost));
  return std::sqrt(Host[0] / Host[1]);
}

/// cuBLASLt's FP8 matmul of the row-major problem C = A B^T: in its
/// column-major terms C^T (N x M) = op(B) op(A) with B read as K x N (ld K)
/// transposed and A as K x M (ld K): the TN form FP8 requires.
struct LtGemm {
  cublasLtHandle_t H = nullptr;
  cublasLtMatmulDesc_t Desc = nullptr;
  cublasLtMatrixLayout_t LA = nullptr, LB = nullptr, LC = nullptr;
  cublasLtMatmulAlgo_t Algo;
  void *Workspace = nullptr;
  size_t WorkspaceBytes = 64 << 20;

  LtGemm(int M, int N, int K, bool FastAccum) {
    CHECK_LT(cublasLtCreate(&H));
    CHECK_LT(cublasLtMatmulDescCreate(&Desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    int8_t Fast = FastAccum;
    CHECK_LT(cublasLtMatmulDescSetAttribute(
        Desc, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &Fast, sizeof(Fast)));
    cublasOperation_t T = CUBLAS_OP_T, No = CUBLAS_OP_N;
    CHECK_LT(cublasLtMatmulDescSetAttribute(
        Desc, CUBLASLT_MATMUL_DESC_TRANSA, &T, sizeof(T)));
    CHECK_LT(cublasLtMatmulDescSetAttribute(
        Desc, CUBLASLT_MATMUL_DESC_TRANSB, &No, sizeof(No)));
    CHECK_LT(cublasLtMatrixLayoutCreate(&LA, CUDA_R_8F_E4M3, K, N, K));
    CHECK_LT(cublasLtMatrixLayoutCreate(&LB, CUDA_R_8F_E4M3, K, M, K));
    CHECK_LT(cublasLtMatrixLayoutCreate(&LC, CUDA_R_16BF, N, M, N));
    CHECK_CUDA(cudaMalloc(&Workspace, WorkspaceBytes));
    cublasLtMatmulPreference_t Pref;
    CHECK_LT(cublasLtMatmulPreferenceCreate(&Pref));
    CHECK_LT(cublasLtMatmulPreferenceSetAttribute(
        Pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &WorkspaceBytes,
        sizeof(WorkspaceBytes)));
    cublasLtMatmulHeuristicResult_t Result;
    int Found = 0;
    CHECK_LT(cublasLtMatmulAlgoGetHeuristic(H, Desc, LA, LB, LC, LC, Pref, 1,
                                            &Result, &Found));
    if (!Found) {
      std::fprintf(stderr, "cuBLASLt has no FP8 algorithm for %dx%dx%d\n", M,
                   N, K);
      std::exit(1);
    }
    Algo = Result.algo;
    cublasLtMatmulPreferenceDestroy(Pref);
  }
  ~LtGemm() {
    cudaFree(Workspace);
    cublasLtMatrixLayoutDestroy(LA);
    cublasLtMatrixLayoutDestroy(LB);
    cublasLtMatrixLayoutDestroy(LC);
    cublasLtMatmulDescDestroy(Desc);
    cublasLtDestroy(H);
  }
  void run(const void *A, const void *B, void *C) {
    const float One = 1.0f, Zero = 0.0f;
    CHECK_LT(cublasLtMatmul(H, Desc, &One, B, LA, A, LB, &Zero, C, LC, C, LC,
                            &Algo, Workspace, WorkspaceBytes, 0));
  }
};

/// Seconds per launch of \p Fn over \p Iters back-to-back launches.
template <class Fn> double timeBatch(Fn F, int Iters) {
  cudaEvent_t Start, Stop;
  CHECK_CUDA(cudaEventCreate(&Start));
  CHECK_CUDA(cudaEventCreate(&Stop));
  CHECK_CUDA(cudaEventRecord(Start));
  for (int I = 0; I < Iters; ++I)
    F();
  CHECK_CUDA(cudaEventRecord(Stop));
  CHECK_CUDA(cudaEventSynchronize(Stop));
  float Ms;
  CHECK_CUDA(cudaEventElapsedTime(&Ms, Start, Stop));
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
  return Ms * 1e-3 / Iters;
}

bool benchOne(int M, int N, int K, int Iters, int Rounds) {
  E4M3 *A, *B;
  __bf16 *C, *CP, *Fast, *Precise;
  float *Ref;
  double *Sums;
  size_t MN = size_t(M) * N;
  CHECK_CUDA(cudaMalloc(&A, size_t(M) * K));
  CHECK_CUDA(cudaMalloc(&B, size_t(N) * K));
  CHECK_CUDA(cudaMalloc(&C, MN * 2));
  CHECK_CUDA(cudaMalloc(&CP, MN * 2));
  CHECK_CUDA(cudaMemset(CP, 0xff, MN * 2));
  CHECK_CUDA(cudaMalloc(&Fast, MN * 2));
  CHECK_CUDA(cudaMalloc(&Precise, MN * 2));
  CHECK_CUDA(cudaMalloc(&Ref, MN * 4));
  CHECK_CUDA(cudaMalloc(&Sums, 2 * sizeof(double)));
  CHECK_CUDA(cudaMemset(C, 0xff, MN * 2));
  fillRandom<<<1024, 256>>>(A, size_t(M) * K, 1);
  fillRandom<<<1024, 256>>>(B, size_t(N) * K, 2);
  referenceGemm<<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(
      A, B, Ref, M, N, K);
  LtGemm LtFast(M, N, K, true), LtPrecise(M, N, K, false);
  auto Ours = [&] { CHECK_CUDA(gemm_sm90_e4m3(A, B, C, M, N, K, 0)); };
  auto OursP = [&] {
    CHECK_CUDA(gemm_sm90_e4m3_promoted(A, B, CP, M, N, K, 0));
  };
  auto RunFast = [&] { LtFast.run(A, B, Fast); };
  auto RunPrecise = [&] { LtPrecise.run(A, B, Precise); };
  Ours();
  OursP();
  RunFast();
  RunPrecise();
  CHECK_CUDA(cudaDeviceSynchronize());
  double EOurs = relativeError(C, Ref, MN, Sums);
  double EOursP = relativeError(CP, Ref, MN, Sums);
  double EFast = relativeError(Fast, Ref, MN, Sums);
  double EPrecise = relativeError(Precise, Ref, MN, Sums);
  std::vector<double> T[4];
  for (int R = 0; R < Rounds; ++R) {
    T[0].push_back(timeBatch(Ours, Iters));
    T[1].push_back(timeBatch(RunFast, Iters));
    T[2].push_back(timeBatch(RunPrecise, Iters));
    T[3].push_back(timeBatch(OursP, Iters));
  }
  double Med[4];
  for (int I = 0; I < 4; ++I) {
    std::sort(T[I].begin(), T[I].end());
    Med[I] = T[I][Rounds / 2];
  }
  double Flop = 2.0 * M * N * double(K);
  bool Ok = EOurs <= 1.25 * EFast + 1e-4;
  bool OkP = EOursP <= 1.25 * EPrecise + 1e-4;
  std::printf("%dx%dx%d e4m3 -> bf16 (TFLOP/s, relative error):\n"
              "  gemm_sm90_e4m3             %7.1f  %.2e  %s\n"
              "  cuBLASLt fast accumulation %7.1f  %.2e  ratio %.3f\n"
              "  gemm_sm90_e4m3_promoted    %7.1f  %.2e  %s\n"
              "  cuBLASLt default           %7.1f  %.2e  ratio %.3f "
              "(promoted: %.3f)\n",
              M, N, K, Flop / Med[0] / 1e12, EOurs, Ok ? "ok" : "FAIL",
              Flop / Med[1] / 1e12, EFast, Med[1] / Med[0],
              Flop / Med[3] / 1e12, EOursP, OkP ? "ok" : "FAIL",
              Flop / Med[2] / 1e12, EPrecise, Med[2] / Med[0],
              Med[2] / Med[3]);
  Ok &= OkP;
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
  cudaFree(CP);
  cudaFree(Fast);
  cudaFree(Precise);
  cudaFree(Ref);
  cudaFree(Sums);
  return Ok;
}

} // namespace

int main(int Argc, char **Argv) {
  int Iters = 20, Rounds = 9;
  std::vector<int> Dims;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--iters") && I + 1 < Argc)
      Iters = std::atoi(Argv[++I]);
    else if (!std::strcmp(Argv[I], "--rounds") && I + 1 < Argc)
      Rounds = std::atoi(Argv[++I]);
    else {
      int M, N, K;
      if (std::sscanf(Argv[I], "%dx%dx%d", &M, &N, &K) != 3 || M <= 0 ||
          N <= 0 || K <= 0 || K % 16) {
        std::fprintf(stderr, "fp8_bench: '%s' is not MxNxK (K %% 16 == 0)\n",
                     Argv[I]);
        return 2;
      }
      Dims.insert(Dims.end(), {M, N, K});
    }
  }
  if (Dims.empty())
    Dims = {4096, 4096, 4096, 8192, 8192, 8192};
  if (Iters <= 0 || Rounds <= 0)
    return 2;
  bool Ok = true;
  for (size_t I = 0; I < Dims.size(); I += 3)
    Ok &= benchOne(Dims[I], Dims[I + 1], Dims[I + 2], Iters, Rounds);
  return Ok ? 0 : 1;
}
