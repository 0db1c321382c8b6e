//===- sgemm_cute.cu - CuTe's sgemm_sm80 the CuTe way, checked ------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Runs sgemm_cute.cuh (CuTe's sgemm_sm80 written with <cute/llvm.h>'s
/// atoms, TiledCopy, TiledMMA, copy and gemm) on a set of problems, tiles
/// cut at every edge and K not a multiple of 8 among them, and checks each
/// C bit for bit against examples/common's reference GEMM (fp32
/// accumulation; the inputs are multiples of 1/4 in [-1, 1], so the fp16
/// accumulator is exact for these K). Exit status 1 on a mismatch.
///
///   sgemm_cute [M N K]...     the problems given (timed)
///   sgemm_cute --time M N K   the mean of 100 back-to-back launches
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "../common/GemmCheck.h"
#include "sgemm_cute.cuh"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <random>
#include <vector>

namespace {
/// `--time M N K`: the mean of 100 back-to-back launches after one (CuTe's
/// tutorials time themselves so: compare with `sgemm_sm80 M N K T N`).
int timeOnly(int M, int N, int K) {
  // Uniform in [-1, 1), every mantissa bit random, as the tutorial's inputs
  // (a tensor core's power, and so its clock, depends on the bits).
  std::mt19937 Rng(1);
  std::uniform_real_distribution<float> U(-1.f, 1.f);
  std::vector<_Float16> A(size_t(M) * K), B(size_t(N) * K);
  for (_Float16 &X : A)
    X = _Float16(U(Rng));
  for (_Float16 &X : B)
    X = _Float16(U(Rng));
  _Float16 *DA = example::toDevice(A), *DB = example::toDevice(B);
  _Float16 *DC = example::poisonedDevice<_Float16>(size_t(M) * N);
  double Sec = example::timeLaunches(
      [&] { CHECK_CUDA(sgemm_cute_f16acc(DA, DB, DC, M, N, K, 0)); }, 100);
  std::printf("sgemm_cute %dx%dx%d: %.1f us, %.1f TFLOP/s\n", M, N, K,
              Sec * 1e6, 2.0 * M * N * double(K) / Sec / 1e12);
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  return 0;
}
} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 5 && std::string(Argv[1]) == "--time")
    return timeOnly(std::atoi(Argv[2]), std::atoi(Argv[3]), std::atoi(Argv[4]));
  std::vector<example::GemmShape> Shapes;
  if (Argc > 1) {
    Shapes = example::gemmShapes(Argc, Argv);
  } else {
    // M, N, K: the 128 x 128 x 64 tile whole and cut at every edge, K below
    // a tile, K % 8 != 0 (the element-wise copy), and many k-tiles.
    const int Default[][3] = {
        {128, 128, 64},   {1, 1, 1},         {256, 128, 512}, {129, 257, 72},
        {255, 130, 200},  {300, 200, 17},    {64, 1, 40},     {1, 96, 8},
        {384, 512, 1000}, {1000, 700, 136},  {260, 520, 24},  {513, 255, 392},
        {100, 300, 65},   {1024, 1024, 1024}};
    for (const auto &S : Default)
      Shapes.push_back({S[0], S[1], S[2], S[0] >= 1024});
  }
  unsigned Seed = std::random_device{}();
  std::printf("seed %u\n", Seed);
  std::mt19937 Rng(Seed);
  bool Ok = true;
  for (const example::GemmShape &S : Shapes)
    Ok &= example::check<_Float16>("sgemm_cute f16acc", sgemm_cute_f16acc, S.M,
                                   S.N, S.K, Rng, S.Time);
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
