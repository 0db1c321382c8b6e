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

#include "../common/ExampleHarness.h"

#include <cute/llvm.h>

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

/// Runs and checks one M x N problem; returns true when it matches.
bool runOne(int M, int N) {
  if (M % 32 || N % 32) {
    std::fprintf(stderr,
                 "tiled_partition: %dx%d: M and N must be multiples "
                 "of 32\n",
                 M, N);
    return false;
  }
  size_t Count = (size_t)M * N;
  std::vector<float> A(Count), Bias(N);
  for (size_t I = 0; I < Count; ++I)
    A[I] = (float)(I % 4093) * 0.125f - 7.0f;
  for (int J = 0; J < N; ++J)
    Bias[J] = (float)J * 0.5f;
  float *DA = example::toDevice(A), *DBias = example::toDevice(Bias);
  float *DOut = example::poisonedDevice<float>(Count);
  dim3 Grid(M / 32, N / 32);
  auto Launch = [&] { transposeScale<<<Grid, 256>>>(DOut, DA, DBias, M, N); };
  Launch();
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> Out = example::fromDevice(DOut, Count);
  example::Mismatches Bad;
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J)
      Bad.check(Out[(size_t)J * M + I], 2.0f * A[(size_t)I * N + J] + Bias[J]);

  // Bandwidth: 1 read and 1 write per element.
  double Sec = example::timeLaunches(Launch);
  example::report("tiled_partition", M, N, Bad, Sec,
                  2.0 * Count * sizeof(float));
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DOut));
  CHECK_CUDA(cudaFree(DBias));
  return Bad.Count == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  return example::runSizes(Argc, Argv, {2048, 1024, 96, 64}, runOne);
}
