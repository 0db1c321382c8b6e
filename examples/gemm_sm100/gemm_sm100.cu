//===- gemm_sm100.cu - The Blackwell GEMMs, checked -----------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checks gemm_sm100.cuh's two kernels (one CTA, cta_group::1; a CTA pair,
/// cta_group::2) against the reference kernel of common/GemmCheck.h, bit
/// for bit, on shapes that divide the tiles and shapes that do not (M, N,
/// K not multiples of 128/256, 256, 64; K not a multiple of 8; M = N = K =
/// 1), then times them at 4096^3.
///
/// Needs an sm_100-class GPU (built for sm_100a): on any other GPU it says
/// so and exits 0 without running (utils/run-gpu-tests.sh skips it there
/// already). Run: `gemm_sm100 [M N K]...`. Exit status 1 on any mismatch.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "../common/GemmCheck.h"
#include "gemm_sm100.cuh"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

int main(int Argc, char **Argv) {
  int Dev, Major = 0, Minor = 0;
  CHECK_CUDA(cudaGetDevice(&Dev));
  CHECK_CUDA(cudaDeviceGetAttribute(&Major, cudaDevAttrComputeCapabilityMajor,
                                    Dev));
  CHECK_CUDA(cudaDeviceGetAttribute(&Minor, cudaDevAttrComputeCapabilityMinor,
                                    Dev));
  if (Major != 10 || Minor != 0) {
    std::printf("SKIP: gemm_sm100 needs an sm_100 GPU (this one is sm_%d%d)\n",
                Major, Minor);
    return 0;
  }
  std::vector<int> Shapes;
  for (int I = 1; I < Argc; ++I)
    Shapes.push_back(std::atoi(Argv[I]));
  bool Time = !Shapes.empty();
  if (Shapes.empty() || Shapes.size() % 3)
    Shapes = {128, 256, 64,  256,  256, 64,   256,  512,  128,  1,
              1,   1,   1,   1,    8,   100,  300,  72,   129,  257,
              65,  333, 77,  1000, 640, 1280, 3,    2048, 2048, 2048,
              4096, 4096, 4096};
  std::mt19937 G(std::random_device{}());
  bool Ok = true;
  for (size_t I = 0; I < Shapes.size(); I += 3) {
    bool T = Time || Shapes[I] >= 2048;
    Ok &= example::check<_Float16>("gemm_sm100_1cta", gemm_sm100_1cta,
                                   Shapes[I], Shapes[I + 1], Shapes[I + 2], G,
                                   T);
    Ok &= example::check<_Float16>("gemm_sm100_2cta", gemm_sm100_2cta,
                                   Shapes[I], Shapes[I + 1], Shapes[I + 2], G,
                                   T);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
