//===- cute_tiled_copy.cu - CuTe's tutorial tiled_copy on <cute/llvm.h> ---===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's tiled_copy tutorial (examples/cute/tutorial/tiled_copy.cu of
/// CUTLASS), ported to <cute/llvm.h>: a (M, N) fp32 tensor copied tile by
/// tile, (128, 64) per CTA (tiled_divide, then the CTA's slice), two ways:
///
///  - copy_kernel: local_partition of the tile over (32,8) threads, a
///    register fragment shaped like the partition (make_layout_like:
///    CuTe's make_tensor_like), and element-wise copy in and out;
///  - copy_kernel_vectorized: a TiledCopy of UniversalCopy<uint128_t> over
///    (32,8) threads and (4,1) values (one 128-bit access per thread and
///    atom), get_thread_slice's partition_S/D and copy(tiled_copy, ...).
///
/// The tutorial's tensors are made on the host and passed to the kernels;
/// here each kernel makes them from the pointer and the extents. Checked
/// element by element (the copy is exact); exit status 1 on a mismatch.
///
///   cute_tiled_copy [M N]...    (multiples of (128, 64); default 256 512)
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/algorithm.h>
#include <cute/llvm.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr cute::CopyAtom Copy128 = cute::copy_atom("UniversalCopy<uint128_t>");

/// The tile of this CTA: ((M,N), m', n') sliced at (blockIdx.x, blockIdx.y).
template <class T>
__device__ __forceinline__ auto blockTile(T *P, int M, int N) {
  using namespace cute;
  auto Tiled = tiled_divide(make_view(P, make_layout("(?,?)", M, N)),
                            make_tile("(128,64)")); // ((128,64),m',n')
  return slice(Tiled, make_coord("((_,_),?,?)", int(blockIdx.x),
                                 int(blockIdx.y))); // (128,64)
}

/// Uses local_partition to partition a tile among (32,8) threads.
__global__ void copyKernel(const float *S, float *D, int M, int N) {
  using namespace cute;
  auto TileS = blockTile(S, M, N);
  auto TileD = blockTile(D, M, N);
  Layout Thr = make_layout("(32,8)");
  auto ThrTileS = local_partition(TileS, Thr, threadIdx.x); // (ThrValM,ThrValN)
  auto ThrTileD = local_partition(TileD, Thr, threadIdx.x);
  // A register fragment like thr_tile_S (CuTe's make_tensor_like).
  float Regs[(128 / 32) * (64 / 8)];
  auto Fragment = make_fragment(Regs, make_layout_like(get_layout(ThrTileS)));
  copy(ThrTileS, Fragment);
  copy(Fragment, ThrTileD);
}

/// Uses a TiledCopy of 128-bit accesses.
__global__ void copyKernelVectorized(const float *S, float *D, int M, int N) {
  using namespace cute;
  auto TileS = blockTile(S, M, N);
  auto TileD = blockTile(D, M, N);
  auto TiledCopy = make_tiled_copy<float, Copy128>("(32,8)", "(4,1)");
  auto ThrCopy = TiledCopy.get_thread_slice(threadIdx.x);
  auto ThrTileS = ThrCopy.partition_S(TileS); // (CopyOp,CopyM,CopyN)
  auto ThrTileD = ThrCopy.partition_D(TileD); // (CopyOp,CopyM,CopyN)
  float Regs[(128 * 64) / 256];
  auto Fragment = make_fragment(Regs, make_layout_like(get_layout(ThrTileD)));
  copy(TiledCopy, ThrTileS, Fragment);
  copy(TiledCopy, Fragment, ThrTileD);
}

bool run(int M, int N, bool Vectorized) {
  std::vector<float> HS(size_t(M) * N);
  for (size_t I = 0; I < HS.size(); ++I)
    HS[I] = float(I);
  float *DS = example::toDevice(HS);
  float *DD = example::poisonedDevice<float>(HS.size());
  dim3 Grid(M / 128, N / 64), Block(32 * 8);
  if (Vectorized)
    copyKernelVectorized<<<Grid, Block>>>(DS, DD, M, N);
  else
    copyKernel<<<Grid, Block>>>(DS, DD, M, N);
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> HD = example::fromDevice(DD, HS.size());
  CHECK_CUDA(cudaFree(DS));
  CHECK_CUDA(cudaFree(DD));
  long Errors = 0;
  for (size_t I = 0; I < HS.size(); ++I)
    Errors += HS[I] != HD[I];
  std::printf("tiled_copy %s %d x %d: %ld errors\n",
              Vectorized ? "vectorized" : "local_partition", M, N, Errors);
  return Errors == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<int> Shapes;
  for (int I = 1; I < Argc; ++I)
    Shapes.push_back(std::atoi(Argv[I]));
  if (Shapes.empty() || Shapes.size() % 2)
    Shapes = {256, 512, 128, 64, 1024, 2048};
  bool Ok = true;
  for (size_t I = 0; I < Shapes.size(); I += 2) {
    if (Shapes[I] % 128 || Shapes[I + 1] % 64) {
      std::printf("%d x %d: the tile (128, 64) must divide the tensor\n",
                  Shapes[I], Shapes[I + 1]);
      return 1;
    }
    Ok &= run(Shapes[I], Shapes[I + 1], false);
    Ok &= run(Shapes[I], Shapes[I + 1], true);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
