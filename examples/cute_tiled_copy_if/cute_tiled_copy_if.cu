//===- cute_tiled_copy_if.cu - CuTe's tutorial tiled_copy_if --------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's tiled_copy_if tutorial (examples/cute/tutorial/tiled_copy_if.cu of
/// CUTLASS), ported to <cute/llvm.h>: a (M, N) column-major fp32 tensor
/// that the (128, 64) tile does not divide, copied tile by tile with
/// predicates, two ways:
///
///  - copy_if_kernel: local_partition of the tile over (32,8) threads, and
///    of the tile's identity layout (CuTe's identity tensor) for the
///    elements' coordinates; copy_if moves the elements inside;
///  - copy_if_kernel_vectorized: a TiledCopy of UniversalCopy<uint128_t>
///    over (32,8) threads and (4,1) values; its partition of the identity
///    layout gives each 128-bit access's coordinate, and
///    copy_if(tiled_copy, ...) moves the accesses inside, through a register
///    fragment.
///
/// CuTe's predicate tensor (a lazy elem_less of the identity tensor and the
/// shape) is here the identity partition, its offset and the bounds, which
/// copy_if compares. Elements outside the tensor are never touched: the
/// destination is filled with a sentinel first, and the check finds it
/// only past the end. Exit status 1 on a mismatch.
///
///   cute_tiled_copy_if [M N]...  (default: the tutorial's 528 x 300, and
///                                 more; M a multiple of 4)
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/algorithm.h>
#include <cute/llvm.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int BM = 128, BN = 64;
constexpr cute::CopyAtom Copy128 = cute::copy_atom("UniversalCopy<uint128_t>");

/// This CTA's tile of the (M, N) column-major tensor at \p P.
template <class T>
__device__ __forceinline__ auto blockTile(T *P, int M, int N) {
  using namespace cute;
  return local_tile(make_view(P, make_layout("(?,?)", M, N)),
                    make_tile("(128,64)"),
                    make_coord("(?,?)", int(blockIdx.x), int(blockIdx.y)));
}

__global__ void copyIfKernel(const float *S, float *D, int M, int N) {
  using namespace cute;
  auto TileS = blockTile(S, M, N), TileD = blockTile(D, M, N);
  // The tile's coordinates from its origin, and what is left of the tensor
  // from there.
  Layout C = make_identity_layout(make_shape("(128,64)"));
  int Rows = M - int(blockIdx.x) * BM, Cols = N - int(blockIdx.y) * BN;
  Layout Thr = make_layout("(32,8)");
  int Tid = threadIdx.x;
  auto ThrTileS = local_partition(TileS, Thr, Tid);
  auto ThrTileD = local_partition(TileD, Thr, Tid);
  Layout ThrTileC = local_partition(C, Thr, Tid);
  Coord ThrOffC = local_partition_offset(C, Thr, Tid);
  copy_if(ThrTileC, ThrOffC, Rows, Cols, ThrTileS, ThrTileD);
}

__global__ void copyIfKernelVectorized(const float *S, float *D, int M,
                                       int N) {
  using namespace cute;
  auto TileS = blockTile(S, M, N), TileD = blockTile(D, M, N);
  Layout C = make_identity_layout(make_shape("(128,64)"));
  int Rows = M - int(blockIdx.x) * BM, Cols = N - int(blockIdx.y) * BN;
  auto TiledCopy = make_tiled_copy<float, Copy128>("(32,8)", "(4,1)");
  auto ThrCopy = TiledCopy.get_thread_slice(threadIdx.x);
  auto ThrTileS = ThrCopy.partition_S(TileS); // (CPY,CPY_M,CPY_N)
  auto ThrTileD = ThrCopy.partition_D(TileD); // (CPY,CPY_M,CPY_N)
  Layout ThrTileC = partition_S(TiledCopy, C, threadIdx.x);
  Coord ThrOffC = partition_S_offset(TiledCopy, C, threadIdx.x);
  float Regs[(128 * 64) / 256];
  auto Fragment = make_fragment(Regs, make_layout_like(get_layout(ThrTileS)));
  copy_if(TiledCopy, ThrTileC, ThrOffC, Rows, Cols, ThrTileS, Fragment);
  copy_if(TiledCopy, ThrTileC, ThrOffC, Rows, Cols, Fragment, ThrTileD);
}

bool run(int M, int N, bool Vectorized) {
  std::vector<float> HS(size_t(M) * N);
  for (size_t I = 0; I < HS.size(); ++I)
    HS[I] = float(I);
  // One more row of sentinels past the end: a write there is caught.
  std::vector<float> HD(HS.size() + M, -1.f);
  float *DS = example::toDevice(HS), *DD = example::toDevice(HD);
  dim3 Grid((M + BM - 1) / BM, (N + BN - 1) / BN), Block(32 * 8);
  if (Vectorized)
    copyIfKernelVectorized<<<Grid, Block>>>(DS, DD, M, N);
  else
    copyIfKernel<<<Grid, Block>>>(DS, DD, M, N);
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> Out = example::fromDevice(DD, HD.size());
  CHECK_CUDA(cudaFree(DS));
  CHECK_CUDA(cudaFree(DD));
  long Errors = 0;
  for (size_t I = 0; I < Out.size(); ++I)
    Errors += Out[I] != (I < HS.size() ? HS[I] : -1.f);
  std::printf("tiled_copy_if %s %d x %d: %ld errors\n",
              Vectorized ? "vectorized" : "local_partition", M, N, Errors);
  return Errors == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<int> Shapes;
  for (int I = 1; I < Argc; ++I)
    Shapes.push_back(std::atoi(Argv[I]));
  if (Shapes.empty() || Shapes.size() % 2)
    Shapes = {528, 300, 128, 64, 4, 1, 1000, 777};
  bool Ok = true;
  for (size_t I = 0; I < Shapes.size(); I += 2) {
    if (Shapes[I] % 4) {
      std::printf("M must be a multiple of 4 (one 128-bit access)\n");
      return 1;
    }
    Ok &= run(Shapes[I], Shapes[I + 1], false);
    Ok &= run(Shapes[I], Shapes[I + 1], true);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
