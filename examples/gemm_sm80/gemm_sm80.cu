//===- gemm_sm80.cu - The SM80-style GEMM, checked and timed --------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checks every configuration of gemm_sm80.cuh, fp16 and bf16, against a
/// host reference on shapes that do and do not divide the tile (including
/// K not a multiple of the 64-deep k-tile, K not a multiple of 8, which
/// takes the element-wise copy, and M = N = K = 1), then times each at
/// 4096^3. Inputs are fresh random multiples of 1/8 in [-1, 1]: every
/// product and partial sum is exact in fp32 for these K, so the result
/// must equal the reference rounded to the output type, whatever the order
/// of the sums. Outputs are poisoned (NaN) before each run.
///
/// Run: `gemm_sm80 [CONFIG...]` with CONFIG one of the names printed
/// (default: all). Exit status 1 when a result differs.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "gemm_sm80.cuh"

#include <cstring>
#include <random>
#include <string>

namespace {

using namespace gemm_sm80;

template <class T>
using Launcher = cudaError_t (*)(const T *, const T *, T *, int, int, int,
                                 cudaStream_t);

struct Config {
  const char *Name;
  Launcher<_Float16> F16;
  Launcher<__bf16> BF16;
};

template <class Cfg> Config config(const char *Name) {
  return {Name, launch<Cfg, _Float16>, launch<Cfg, __bf16>};
}

// GEMM_SM80_DEFAULT_ONLY keeps the default configuration alone (the CI
// test compiles that one, for time).
const Config Configs[] = {
    config<Config128x128x3>("128x128x64_s3"),
#ifndef GEMM_SM80_DEFAULT_ONLY
    config<Config128x128x4>("128x128x64_s4"),
    config<Config128x256x3>("128x256x64_s3"),
    config<Config256x128x3>("256x128x64_s3"),
#endif
};

/// What the output element may hold for the exact sum \p F: F rounded to
/// T. For bf16, any value within half an ulp (2^-8 |F|) is taken as the
/// rounding (\p Got when it is): the host's float -> __bf16 cast needs a
/// libgcc newer than some machines have (__truncsfbf2), and LLVM turns a
/// hand-written rounding into that cast.
template <class T> float expected(float F, float Got) {
  if constexpr (__is_same(T, __bf16))
    return std::fabs(Got - F) <= std::ldexp(std::fabs(F), -8) ? Got : F;
  else
    return (float)(T)F;
}
/// \p F, exactly representable in T, as a T.
template <class T> T toElement(float F) {
  if constexpr (sizeof(T) == 2 && !__is_same(T, __bf16)) {
    return (T)F;
  } else {
    uint32_t Bits;
    std::memcpy(&Bits, &F, 4);
    uint16_t Hi = uint16_t(Bits >> 16);
    T R;
    std::memcpy(&R, &Hi, 2);
    return R;
  }
}

/// Checks one M x N x K product; true when it matches.
template <class T>
bool check(const char *Name, const char *Type, Launcher<T> Fn, int M, int N,
           int K, std::mt19937 &Rng) {
  std::uniform_int_distribution<int> Dist(-8, 8);
  std::vector<T> A((size_t)M * K), B((size_t)N * K);
  std::vector<float> FA(A.size()), FB(B.size());
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = toElement<T>(FA[I] = Dist(Rng) / 8.0f);
  for (size_t I = 0; I < B.size(); ++I)
    B[I] = toElement<T>(FB[I] = Dist(Rng) / 8.0f);
  T *DA = example::toDevice(A), *DB = example::toDevice(B);
  T *DC = example::poisonedDevice<T>((size_t)M * N);
  CHECK_CUDA(Fn(DA, DB, DC, M, N, K, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<T> Got = example::fromDevice(DC, (size_t)M * N);
  example::Mismatches Bad;
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      float Acc = 0;
      for (int L = 0; L < K; ++L)
        Acc += FA[(size_t)I * K + L] * FB[(size_t)J * K + L];
      float G = (float)Got[(size_t)I * N + J];
      Bad.check(G, expected<T>(Acc, G));
    }
  if (Bad.Count)
    std::printf("%s %s %dx%dx%d: %zu mismatches, max error %g\n", Name, Type,
                M, N, K, Bad.Count, Bad.MaxError);
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  return Bad.Count == 0;
}

/// TFLOP/s at M x N x K (contents do not matter for the time).
template <class T>
void time(const char *Name, const char *Type, Launcher<T> Fn, int M, int N,
          int K) {
  T *DA = example::poisonedDevice<T>((size_t)M * K);
  T *DB = example::poisonedDevice<T>((size_t)N * K);
  T *DC = example::poisonedDevice<T>((size_t)M * N);
  CHECK_CUDA(cudaMemset(DA, 0, (size_t)M * K * sizeof(T)));
  CHECK_CUDA(cudaMemset(DB, 0, (size_t)N * K * sizeof(T)));
  double Sec = example::timeLaunches(
      [&] { CHECK_CUDA(Fn(DA, DB, DC, M, N, K, 0)); }, 20);
  std::printf("%s %s %dx%dx%d: %.3f ms, %.1f TFLOP/s\n", Name, Type, M, N, K,
              Sec * 1e3, 2.0 * M * N * K / Sec / 1e12);
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
}

} // namespace

int main(int Argc, char **Argv) {
  const int Shapes[][3] = {{1, 1, 1},      {128, 128, 64},  {256, 128, 512},
                           {129, 257, 72}, {255, 130, 200}, {300, 200, 17},
                           {64, 1, 40},    {1, 96, 8},      {384, 512, 1000},
                           {1000, 700, 136}};
  unsigned Seed = std::random_device{}();
  std::printf("seed %u\n", Seed);
  std::mt19937 Rng(Seed);
  bool Ok = true;
  for (const Config &C : Configs) {
    bool Picked = Argc < 2;
    for (int I = 1; I < Argc; ++I)
      Picked |= !std::strcmp(Argv[I], C.Name) || !std::strcmp(Argv[I], "all");
    if (!Picked)
      continue;
    bool ConfigOk = true;
    for (const auto &S : Shapes) {
      ConfigOk &= check(C.Name, "f16", C.F16, S[0], S[1], S[2], Rng);
      ConfigOk &= check(C.Name, "bf16", C.BF16, S[0], S[1], S[2], Rng);
    }
    std::printf("%s: %s\n", C.Name, ConfigOk ? "all shapes match" : "MISMATCH");
    Ok &= ConfigOk;
    time(C.Name, "f16", C.F16, 4096, 4096, 4096);
    time(C.Name, "bf16", C.BF16, 4096, 4096, 4096);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
