//===- gemm_llc.cu - The llc-compiled Hopper GEMM, checked and timed ------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checks gemm_llc.cuh's kernels (gen_gemm_sm90.py's IR through stock llc,
/// see build.sh) against a reference kernel for fp16 and bf16 on
/// gemm_sm90.cu's shapes: shapes that divide the tile and shapes that do not
/// (M, N, K not multiples of 128, 256, 64; K not a multiple of 8; M = N = K
/// = 1), then times them at 2048^3 and 4096^3 beside gemm_sm90 (the same
/// kernel written in CUDA C++ and compiled by cute-clang++), in one process.
///
/// The inputs are fresh random multiples of 1/4 in [-1, 1]: every product is
/// a multiple of 1/16 and every partial sum up to K = 2^14 is exact in fp32,
/// whatever the order of summation, so the kernel's output must equal the
/// reference's rounding of the exact sum bit for bit.
///
/// Build: examples/gemm_llc/build.sh OUTDIR writes the kernels' image
/// header; compile this file with -IOUTDIR (utils/run-gpu-tests.sh does
/// both). Run: `gemm_llc [M N K]...` (default: the shape list below).
/// Exit status 1 on any mismatch.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "../common/GemmCheck.h"
#include "../gemm_sm90/gemm_sm90.cuh"
#include "gemm_llc.cuh"

#if !GEMM_LLC_HAVE_IMAGE
#error "no gemm_llc_image.h: run build.sh OUTDIR, compile with -IOUTDIR"
#endif

#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

int main(int Argc, char **Argv) {
  std::mt19937 G(std::random_device{}());
  bool Ok = true;
  for (const example::GemmShape &S : example::gemmShapes(Argc, Argv)) {
    int M = S.M, N = S.N, K = S.K;
    bool T = S.Time;
    Ok &= example::check<_Float16>("gemm_llc_f16 ", gemm_llc_f16, M, N, K, G, T);
    Ok &= example::check<__bf16>("gemm_llc_bf16 ", gemm_llc_bf16, M, N, K, G, T);
    if (T) {
      // The same kernel from CUDA C++, same process, same shape.
      Ok &= example::check<_Float16>("gemm_sm90_f16", gemm_sm90_f16, M, N, K, G, T);
      Ok &= example::check<__bf16>("gemm_sm90_bf16", gemm_sm90_bf16, M, N, K, G, T);
    }
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
