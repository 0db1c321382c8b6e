//===- gemm_sm90.cu - The Hopper GEMM, checked and timed ------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checks gemm_sm90.cuh's kernel, alone and in 2x1 clusters, and with
/// MN-major operands (NN, NT, TT, where M and N allow), against a reference
/// kernel for fp16 and bf16, and for FP8 (e4m3 and e5m2 in, bf16 out), on
/// shapes that divide the tile and shapes that do not (M, N, K not
/// multiples of 128, 256, 64; K not a multiple of 8 or 16; M = N = K = 1),
/// then times it at 4096^3.
///
/// The inputs are fresh random multiples of 1/4 in [-1, 1]: every product is
/// a multiple of 1/16 and every partial sum up to K = 2^14 is exact in fp32,
/// whatever the order of summation, so the kernel's output must equal the
/// reference's rounding of the exact sum bit for bit.
///
/// Run: `gemm_sm90 [M N K]...` (default: the shape list below, then the
/// 4096^3 timing). Exit status 1 on any mismatch.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "../common/GemmCheck.h"
#include "gemm_sm90.cuh"

#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

/// `--tune`: the mainloop alone (no C stores) and raster groups, timed at
/// 4096^3 and 8192^3 (fp16); measurements, not checks.
int tune() {
  for (int Size : {4096, 8192}) {
    size_t Elems = size_t(Size) * Size;
    _Float16 *A, *B, *C;
    CHECK_CUDA(cudaMalloc(&A, Elems * 2));
    CHECK_CUDA(cudaMalloc(&B, Elems * 2));
    CHECK_CUDA(cudaMalloc(&C, Elems * 2));
    CHECK_CUDA(cudaMemset(A, 0x3c, Elems * 2));
    CHECK_CUDA(cudaMemset(B, 0x3c, Elems * 2));
    using gemm_sm90::Epilogue;
    struct {
      int Group;
      Epilogue Store;
    } Variants[] = {{8, Epilogue::Tma},    {8, Epilogue::None},
                    {8, Epilogue::Direct}, {4, Epilogue::Tma},
                    {16, Epilogue::Tma},   {2, Epilogue::Tma}};
    static const char *StoreNames[] = {"no C store", "direct C  ",
                                       "TMA C     "};
    for (auto V : Variants) {
      gemm_sm90::Tuning Tune;
      Tune.RasterGroup = V.Group;
      Tune.Store = V.Store;
      double Sec = example::timeLaunches(
          [&] {
            CHECK_CUDA(gemm_sm90::run<_Float16>(A, B, C, Size, Size, Size, 0,
                                                Tune));
          },
          30);
      std::printf("tune %d^3 raster group %2d, %s: %.1f us, %.1f TFLOP/s\n",
                  Size, V.Group, StoreNames[int(V.Store)],
                  Sec * 1e6, 2.0 * Size * Size * double(Size) / Sec / 1e12);
    }
    CHECK_CUDA(cudaFree(A));
    CHECK_CUDA(cudaFree(B));
    CHECK_CUDA(cudaFree(C));
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 2 && !std::strcmp(Argv[1], "--tune"))
    return tune();
  std::mt19937 G(std::random_device{}());
  bool Ok = true;
  for (const example::GemmShape &S : example::gemmShapes(Argc, Argv)) {
    Ok &= example::check<_Float16>("gemm_sm90_f16", gemm_sm90_f16, S.M, S.N,
                                   S.K, G, S.Time);
    Ok &= example::check<__bf16>("gemm_sm90_bf16", gemm_sm90_bf16, S.M, S.N,
                                 S.K, G, S.Time);
    Ok &= example::check<_Float16>("gemm_sm90_c2_f16", gemm_sm90_c2_f16, S.M,
                                   S.N, S.K, G, S.Time);
    Ok &= example::check<__bf16>("gemm_sm90_c2_bf16", gemm_sm90_c2_bf16, S.M,
                                 S.N, S.K, G, S.Time);
    Ok &= example::check<cute::float_e4m3_t, __bf16>(
        "gemm_sm90_e4m3", gemm_sm90_e4m3, S.M, S.N, S.K, G, S.Time);
    Ok &= example::check<cute::float_e5m2_t, __bf16>(
        "gemm_sm90_e5m2", gemm_sm90_e5m2, S.M, S.N, S.K, G, S.Time);
    Ok &= example::check<cute::float_e4m3_t, __bf16>(
        "gemm_sm90_e4m3_promoted", gemm_sm90_e4m3_promoted, S.M, S.N, S.K, G,
        S.Time);
    // The other majors (an MN-major operand needs its rows % 8 == 0).
    if (S.M % 8 == 0) {
      Ok &= example::check<_Float16>("gemm_sm90_nn_f16", gemm_sm90_nn_f16, S.M,
                                     S.N, S.K, G, S.Time, true, false);
      Ok &= example::check<__bf16>("gemm_sm90_nn_bf16", gemm_sm90_nn_bf16,
                                   S.M, S.N, S.K, G, S.Time, true, false);
    }
    if (S.N % 8 == 0) {
      Ok &= example::check<_Float16>("gemm_sm90_tt_f16", gemm_sm90_tt_f16, S.M,
                                     S.N, S.K, G, S.Time, false, true);
      Ok &= example::check<__bf16>("gemm_sm90_tt_bf16", gemm_sm90_tt_bf16,
                                   S.M, S.N, S.K, G, S.Time, false, true);
    }
    if (S.M % 8 == 0 && S.N % 8 == 0) {
      Ok &= example::check<_Float16>("gemm_sm90_nt_f16", gemm_sm90_nt_f16, S.M,
                                     S.N, S.K, G, S.Time, true, true);
      Ok &= example::check<__bf16>("gemm_sm90_nt_bf16", gemm_sm90_nt_bf16,
                                   S.M, S.N, S.K, G, S.Time, true, true);
    }
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
