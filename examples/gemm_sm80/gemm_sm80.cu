//===- gemm_sm80.cu - The SM80-style GEMM, checked and timed --------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checks every configuration of gemm_sm80.cuh (fp16 and bf16 in, fp32
/// accumulation; fp16 in, fp16 accumulation) against the reference kernel of
/// common/GemmCheck.h on shapes that do and do not divide the tiles
/// (including K not a multiple of the k-tile, K smaller than the pipeline,
/// K not a multiple of 8, which takes the element-wise copy, M = N = K = 1,
/// and M spanning several raster groups), bit for bit: the inputs are
/// multiples of 1/4 in [-1, 1], so that every partial sum of these K is
/// exact in fp32, and (|sums| < 128, K <= 1024) in fp16.
///
/// Run:
///   gemm_sm80                      check every configuration, time each at
///                                  4096^3
///   gemm_sm80 --config NAME...     the same for the configurations named
///   gemm_sm80 --tune [NAME...]     time every (or each named)
///                                  configuration at 4096^3 and 8192^3, fp16
///                                  and bf16, then print the best of each
///                                  accumulator (measurements, not checks)
///   gemm_sm80 --list               the configurations, their shared memory
/// Exit status 1 when a result differs.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "../common/GemmCheck.h"
#include "gemm_sm80.cuh"

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using gemm_sm80::Configs;
using gemm_sm80::NamedConfig;

bool picked(const NamedConfig &C, const std::vector<std::string> &Names) {
  if (Names.empty())
    return true;
  for (const std::string &N : Names)
    if (N == C.Name)
      return true;
  return false;
}

/// The mean time of one launch at Size^3 in TFLOP/s (contents do not
/// matter for the time).
double tflops(gemm_sm80::Launcher Fn, int Size) {
  size_t Elems = size_t(Size) * Size;
  void *A, *B, *C;
  CHECK_CUDA(cudaMalloc(&A, Elems * 2));
  CHECK_CUDA(cudaMalloc(&B, Elems * 2));
  CHECK_CUDA(cudaMalloc(&C, Elems * 2));
  CHECK_CUDA(cudaMemset(A, 0x3c, Elems * 2));
  CHECK_CUDA(cudaMemset(B, 0x3c, Elems * 2));
  double Sec = example::timeLaunches(
      [&] { CHECK_CUDA(Fn(A, B, C, Size, Size, Size, 0)); }, 20);
  CHECK_CUDA(cudaFree(A));
  CHECK_CUDA(cudaFree(B));
  CHECK_CUDA(cudaFree(C));
  return 2.0 * Size * Size * double(Size) / Sec / 1e12;
}

int tune(const std::vector<std::string> &Names) {
  struct Best {
    double Tf = 0;
    const char *Name = "-";
  } BestOf[2][2][2]; // [AccF16][bf16][size 8192]
  for (const NamedConfig &C : Configs) {
    if (!picked(C, Names))
      continue;
    for (int Big = 0; Big < 2; ++Big)
      for (int BF = 0; BF < 2; ++BF) {
        gemm_sm80::Launcher Fn = BF ? C.BF16 : C.F16;
        if (!Fn)
          continue;
        int Size = Big ? 8192 : 4096;
        double Tf = tflops(Fn, Size);
        std::printf("tune %-24s %-4s %s %d^3: %.1f TFLOP/s\n", C.Name,
                    BF ? "bf16" : "f16", C.AccF16 ? "f16acc" : "f32acc", Size,
                    Tf);
        Best &B = BestOf[C.AccF16][BF][Big];
        if (Tf > B.Tf)
          B = {Tf, C.Name};
      }
  }
  for (int Acc = 0; Acc < 2; ++Acc)
    for (int BF = 0; BF < 2; ++BF)
      for (int Big = 0; Big < 2; ++Big)
        if (BestOf[Acc][BF][Big].Tf > 0)
          std::printf("best %s %s %d^3: %s, %.1f TFLOP/s\n",
                      BF ? "bf16" : "f16", Acc ? "f16acc" : "f32acc",
                      Big ? 8192 : 4096, BestOf[Acc][BF][Big].Name,
                      BestOf[Acc][BF][Big].Tf);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Names;
  bool Tune = false;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--tune")) {
      Tune = true;
    } else if (!std::strcmp(Argv[I], "--list")) {
      for (const NamedConfig &C : Configs)
        std::printf("%-24s %3d threads, %6d bytes of shared memory, %s\n",
                    C.Name, C.Threads, C.SmemBytes,
                    C.AccF16 ? "fp16 accumulation (fp16 only)"
                             : "fp32 accumulation");
      return 0;
    } else if (!std::strcmp(Argv[I], "--config")) {
      if (I + 1 == Argc) {
        std::fprintf(stderr, "--config needs a name (--list)\n");
        return 2;
      }
    } else if (!gemm_sm80::findConfig(Argv[I])) {
      std::fprintf(stderr, "unknown configuration %s (--list)\n", Argv[I]);
      return 2;
    } else {
      Names.push_back(Argv[I]);
    }
  }
  if (Tune)
    return tune(Names);

  // M, N, K. 2100 spans three raster groups of 128-row tiles (8, 8, 1).
  const int Shapes[][3] = {
      {1, 1, 1},        {128, 128, 64},    {256, 128, 512}, {129, 257, 72},
      {255, 130, 200},  {300, 200, 17},    {64, 1, 40},     {1, 96, 8},
      {384, 512, 1000}, {1000, 700, 136},  {260, 520, 24},  {513, 255, 392},
      {2100, 384, 160}, {1024, 1024, 1024}};
  unsigned Seed = std::random_device{}();
  std::printf("seed %u\n", Seed);
  std::mt19937 Rng(Seed);
  bool Ok = true;
  for (const NamedConfig &C : Configs) {
    if (!picked(C, Names))
      continue;
    bool ConfigOk = true;
    std::string F16Name = std::string(C.Name) + " f16";
    std::string BF16Name = std::string(C.Name) + " bf16";
    for (const auto &S : Shapes) {
      ConfigOk &= example::check<_Float16>(F16Name.c_str(), C.F16, S[0], S[1],
                                           S[2], Rng, false);
      if (C.BF16)
        ConfigOk &= example::check<__bf16>(BF16Name.c_str(), C.BF16, S[0], S[1],
                                           S[2], Rng, false);
    }
    std::printf("%s: %s\n", C.Name, ConfigOk ? "all shapes match" : "MISMATCH");
    Ok &= ConfigOk;
    std::printf("%s f16 4096^3: %.1f TFLOP/s\n", C.Name, tflops(C.F16, 4096));
    if (C.BF16)
      std::printf("%s bf16 4096^3: %.1f TFLOP/s\n", C.Name,
                  tflops(C.BF16, 4096));
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
