//===- elementwise_add.cu - C = A + B with <cute/llvm.h> ------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The CuTe DSL elementwise_add example in CUDA C++: the M x N row-major
/// tensors are divided into (16,128) tiles by the tiler of a TV layout of 128
/// threads x 16 values, each block takes the tile of its index, each thread its
/// partition, and an identity layout gives the coordinates that predicate the
/// partial tiles at the edges.
///
/// Build (static cudart, so the binary runs where LLVM is not installed):
///   cute-clang++ -fcute-lowering -O3 --cuda-gpu-arch=sm_90a -x cuda \
///     elementwise_add.cu -o elementwise_add \
///     -L/usr/local/cuda/lib64 -lcudart_static -ldl -lrt -lpthread
///
/// Run: `elementwise_add [M N]...` (default: 4096 4096 and 1000 1003).
/// Exit status 1 when a result differs from the host reference.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/llvm.h>

/// C = A + B for M x N row-major tensors, one (16,128) tile per block,
/// 128 threads per block.
__global__ void elementwise_add(float *C, const float *A, const float *B, int M,
                                int N) {
  using namespace cute;
  // The thread and value layouts of the CuTe DSL example for f32: 4 x 32
  // threads, each with 4 x 4 values (128-bit accesses along N).
  Layout Thr = make_layout("(4,32):(32,1)");
  Layout Val = make_layout("(4,4):(4,1)");
  Tile Tiler = make_layout_tv_tiler(Thr, Val); // (16,128)
  Layout TV = make_layout_tv(Thr, Val);        // ((32,4),(4,4)):((64,4),(16,1))

  // ((16,128),(RestM,RestN)) tensors; the block takes column blockIdx.x.
  Layout L = make_layout("(?,?):(?,1)", M, N, N);
  Coord Blk = make_tuple(make_coord("(_,_)"), (int)blockIdx.x);
  auto BlkA = slice(zipped_divide(make_view(A, L), Tiler), Blk);
  auto BlkB = slice(zipped_divide(make_view(B, L), Tiler), Blk);
  auto BlkC = slice(zipped_divide(make_view(C, L), Tiler), Blk);

  // The thread's values: ((1,(4,4)),1,1):((0,(1,?)),0,0).
  int Tid = threadIdx.x;
  auto ThrA = partition_S(BlkA, TV, Tiler, Tid);
  auto ThrB = partition_S(BlkB, TV, Tiler, Tid);
  auto ThrC = partition_D(BlkC, TV, Tiler, Tid);

  // The same partition of the identity layout (m,n) -> (m,n) gives each
  // value's coordinate, for the predicate of partial tiles.
  Layout Id = zipped_divide(make_layout("(?,?):(1@0,1@1)", M, N), Tiler);
  Coord BlkCrd = crd2crd(make_tuple(make_coord("(0,0)"), (int)blockIdx.x), Id);
  Layout BlkId = slice(Id, Blk);
  Layout ThrId = partition_S(BlkId, TV, Tiler, Tid);
  Coord ThrCrd = partition_offset(BlkId, TV, Tiler, Tid);
  int M0 = get_leaf<0>(BlkCrd) + get_leaf<0>(ThrCrd);
  int N0 = get_leaf<1>(BlkCrd) + get_leaf<1>(ThrCrd);

  constexpr int NumVals = 16;
  float FrgA[NumVals], FrgB[NumVals];
  bool Pred[NumVals];
#pragma unroll
  for (int I = 0; I < NumVals; ++I) {
    Coord Crd = crd2crd(I, ThrId);
    Pred[I] = M0 + get_leaf<0>(Crd) < M && N0 + get_leaf<1>(Crd) < N;
    FrgA[I] = Pred[I] ? load(ThrA, I) : 0.0f;
    FrgB[I] = Pred[I] ? load(ThrB, I) : 0.0f;
  }
#pragma unroll
  for (int I = 0; I < NumVals; ++I)
    if (Pred[I])
      store(ThrC, I, FrgA[I] + FrgB[I]);
}

namespace {

/// Runs and checks one M x N problem; returns true when it matches.
bool runOne(int M, int N) {
  size_t Count = (size_t)M * N;
  std::vector<float> A(Count), B(Count);
  for (size_t I = 0; I < Count; ++I) {
    A[I] = (float)(I % 1021) * 0.5f;
    B[I] = (float)(I % 997) * -0.25f + 3.0f;
  }
  float *DA = example::toDevice(A), *DB = example::toDevice(B);
  float *DC = example::poisonedDevice<float>(Count);

  // One block per (16,128) tile, partial tiles included.
  int Blocks = ((M + 15) / 16) * ((N + 127) / 128);
  auto Launch = [&] { elementwise_add<<<Blocks, 128>>>(DC, DA, DB, M, N); };
  Launch();
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> C = example::fromDevice(DC, Count);
  example::Mismatches Bad;
  for (size_t I = 0; I < Count; ++I)
    Bad.check(C[I], (double)(A[I] + B[I]));

  // Bandwidth: 2 reads and 1 write per element.
  double Sec = example::timeLaunches(Launch);
  example::report("elementwise_add", M, N, Bad, Sec,
                  3.0 * Count * sizeof(float));
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  return Bad.Count == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  return example::runSizes(Argc, Argv, {4096, 4096, 1000, 1003, 17, 5}, runOne);
}
