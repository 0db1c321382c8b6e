//===- tiled_partition.cu - A tiled transpose with <cute/llvm.h> ----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Out = 2 * A^T + Bias, written with CuTe's local_tile and local_partition:
/// A is M x N row-major; Out is N x M row-major, read here as the M x N
/// tensor (M,N):(1,M). Each block takes the (32,32) tile at
/// (blockIdx.x, blockIdx.y) of both views, each of its 256 threads the
/// elements that the thread layout (8,32):(32,1) gives it; Bias (N) is a
/// broadcast along M: the layout (M,N):(0,1).
///
/// Build and run as elementwise_add: `tiled_partition [M N]...` (default:
/// 2048 1024 and 96 64; M and N must be multiples of 32). Exit status 1
/// when a result differs from the host reference.
///
//===----------------------------------------------------------------------===//

#include <cute/llvm.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

__global__ void transposeScale(float *Out, const float *A, const float *Bias,
                               int M, int N) {
  using namespace cute;
  auto MA = make_view(A, make_layout("(?,?):(?,1)", M, N, N));
  auto MOut = make_view(Out, make_layout("(?,?):(1,?)", M, N, M));
  auto MBias = make_view(Bias, make_layout("(?,?):(0,1)", M, N));

  Tile Tiler = make_tile("(32,32)");
  Coord BlkCrd = make_coord("(?,?)", (int)blockIdx.x, (int)blockIdx.y);
  auto GA = local_tile(MA, Tiler, BlkCrd);     // (32,32):(?,1)
  auto GOut = local_tile(MOut, Tiler, BlkCrd); // (32,32):(1,?)
  auto GBias = local_tile(MBias, Tiler, BlkCrd);

  // 8 x 32 threads, consecutive threads along N: each owns (4,1) values.
  Layout Thr = make_layout("(8,32):(32,1)");
  int Tid = threadIdx.x;
  auto TA = local_partition(GA, Thr, Tid);
  auto TOut = local_partition(GOut, Thr, Tid);
  auto TBias = local_partition(GBias, Thr, Tid);
#pragma unroll
  for (int I = 0; I < size(TA); ++I)
    store(TOut, I, 2.0f * load(TA, I) + load(TBias, I));
}

namespace {

#define CHECK_CUDA(Expr)                                                       \
  do {                                                                         \
    cudaError_t Err = (Expr);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Expr,       \
                   cudaGetErrorString(Err));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

bool runOne(int M, int N) {
  if (M % 32 || N % 32) {
    std::fprintf(stderr,
                 "tiled_partition: %dx%d: M and N must be multiples "
                 "of 32\n",
                 M, N);
    return false;
  }
  size_t Count = (size_t)M * N;
  std::vector<float> A(Count), Out(Count), Bias(N);
  for (size_t I = 0; I < Count; ++I)
    A[I] = (float)(I % 4093) * 0.125f - 7.0f;
  for (int J = 0; J < N; ++J)
    Bias[J] = (float)J * 0.5f;
  float *DA, *DOut, *DBias;
  CHECK_CUDA(cudaMalloc(&DA, Count * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DOut, Count * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DBias, N * sizeof(float)));
  CHECK_CUDA(
      cudaMemcpy(DA, A.data(), Count * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DBias, Bias.data(), N * sizeof(float),
                        cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(DOut, 0xff, Count * sizeof(float))); // NaN
  dim3 Grid(M / 32, N / 32);
  transposeScale<<<Grid, 256>>>(DOut, DA, DBias, M, N);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(Out.data(), DOut, Count * sizeof(float),
                        cudaMemcpyDeviceToHost));
  double MaxErr = 0;
  size_t Bad = 0;
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      double Want = 2.0f * A[(size_t)I * N + J] + Bias[J];
      double Err = std::fabs((double)Out[(size_t)J * M + I] - Want);
      if (!(Err <= 0.0)) {
        ++Bad;
        MaxErr = std::isnan(Err) ? INFINITY : std::fmax(MaxErr, Err);
      }
    }

  cudaEvent_t Start, Stop;
  CHECK_CUDA(cudaEventCreate(&Start));
  CHECK_CUDA(cudaEventCreate(&Stop));
  const int Iters = 50;
  CHECK_CUDA(cudaEventRecord(Start));
  for (int I = 0; I < Iters; ++I)
    transposeScale<<<Grid, 256>>>(DOut, DA, DBias, M, N);
  CHECK_CUDA(cudaEventRecord(Stop));
  CHECK_CUDA(cudaEventSynchronize(Stop));
  float Ms = 0;
  CHECK_CUDA(cudaEventElapsedTime(&Ms, Start, Stop));
  double Sec = Ms / 1e3 / Iters;
  double GBs = 2.0 * Count * sizeof(float) / Sec / 1e9;
  std::printf("tiled_partition %dx%d: %zu mismatches, max error %g, "
              "%.3f us, %.1f GB/s\n",
              M, N, Bad, MaxErr, Sec * 1e6, GBs);
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DOut));
  CHECK_CUDA(cudaFree(DBias));
  return Bad == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<int> Sizes;
  for (int I = 1; I < Argc; ++I)
    Sizes.push_back(std::atoi(Argv[I]));
  if (Sizes.empty() || Sizes.size() % 2)
    Sizes = {2048, 1024, 96, 64};
  bool Ok = true;
  for (size_t I = 0; I < Sizes.size(); I += 2)
    Ok &= runOne(Sizes[I], Sizes[I + 1]);
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
