//===- GemmKernels.h - The GEMM kernels gemm_bench measures ----*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The registration interface of bench/gemm. Every kernel computes
///
///   C[m*N+n] = sum_k A[m*K+k] * B[n*K+k]
///
/// with A (M x K) and B (N x K) both K-major, C (M x N) row-major of the
/// input type, and fp32 accumulation (gemm_sm90_c2 is gemm_sm90 in 2x1
/// clusters; gemm_sm80_f16acc and
/// sgemm_cute_f16acc: fp16, fp16 accumulation, checked with a tolerance
/// TolScale times the usual). A GEMM
/// example `examples/gemm_<x>/`
/// provides a header `gemm_<x>.cuh` that defines
///
///   cudaError_t gemm_<x>_f16(const void *A, const void *B, void *C,
///                            int M, int N, int K, cudaStream_t Stream);
///   cudaError_t gemm_<x>_bf16(...same...);
///
/// This header includes each known example's header when it exists
/// (`__has_include`), so the benchmark builds with cuBLAS alone. gemm_llc's
/// kernels come from its build.sh (LLVM IR through llc, embedded as
/// gemm_llc_image.h; bench/gemm/run.sh runs it and passes -I): without it
/// they return cudaErrorInvalidKernelImage. A kernel
/// under another name is added without editing this file:
///
///   -DGEMM_BENCH_EXTRA_HEADER='"path/to/gemm_foo.cuh"'
///   -DGEMM_BENCH_EXTRA='X(gemm_foo)'
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_BENCH_GEMM_GEMMKERNELS_H
#define CUTELLVM_BENCH_GEMM_GEMMKERNELS_H

// The WGMMA atoms' traits, for gemm_sm90 (before any <cute/llvm.h>).
#include <cuda_runtime.h>

/// One kernel of the benchmark: its name, its input (and output) type and
/// its launcher, which enqueues the GEMM on the stream and returns the
/// launch error.
struct GemmKernel {
  const char *Name;
  int DType; // 0 fp16, 1 bf16
  cudaError_t (*Run)(const void *A, const void *B, void *C, int M, int N, int K,
                     cudaStream_t Stream);
  /// The check's tolerance, relative to fp32 accumulation's (0: 1).
  float TolScale;
  /// The majors of A and B it takes, in CUTLASS's names for the column-major
  /// C^T (null: "TN", both K-major): "NN" A M-major, "NT" both MN-major,
  /// "TT" B N-major (gemm_bench --layout).
  const char *Layout;
};

// The known examples, each included when its header exists. Paths are
// relative to this file.
#if __has_include("../../examples/gemm_sm80/gemm_sm80.cuh")
#include "../../examples/gemm_sm80/gemm_sm80.cuh"
#define GEMM_BENCH_SM80(X) X(gemm_sm80)
// fp16 accumulation (fp16 only): the rounding of each partial sum to fp16
// (an ulp of 2^-6 at K = 4096's typical |sum| of 21) takes the tolerance.
#define GEMM_BENCH_SM80_F16ACC {"gemm_sm80_f16acc", 0, gemm_sm80_f16acc, 128},
#else
#define GEMM_BENCH_SM80(X)
#define GEMM_BENCH_SM80_F16ACC
#endif

// CuTe's sgemm_sm80 tutorial written the CuTe way (TiledCopy, TiledMMA, copy
// and gemm of <cute/llvm.h>): fp16 accumulation, as gemm_sm80_f16acc.
#if __has_include("../../examples/sgemm_cute/sgemm_cute.cuh")
#include "../../examples/sgemm_cute/sgemm_cute.cuh"
#define GEMM_BENCH_SGEMM_CUTE {"sgemm_cute_f16acc", 0, sgemm_cute_f16acc, 128},
#else
#define GEMM_BENCH_SGEMM_CUTE
#endif

#if __has_include("../../examples/gemm_sm90/gemm_sm90.cuh")
#include "../../examples/gemm_sm90/gemm_sm90.cuh"
#define GEMM_BENCH_SM90(X) X(gemm_sm90) X(gemm_sm90_c2)
#define GEMM_BENCH_SM90_MAJORS                                                 \
  {"gemm_sm90", 0, gemm_sm90_nn_f16, 0, "NN"},                                 \
      {"gemm_sm90", 1, gemm_sm90_nn_bf16, 0, "NN"},                            \
      {"gemm_sm90", 0, gemm_sm90_nt_f16, 0, "NT"},                             \
      {"gemm_sm90", 1, gemm_sm90_nt_bf16, 0, "NT"},                            \
      {"gemm_sm90", 0, gemm_sm90_tt_f16, 0, "TT"},                             \
      {"gemm_sm90", 1, gemm_sm90_tt_bf16, 0, "TT"},
#else
#define GEMM_BENCH_SM90(X)
#define GEMM_BENCH_SM90_MAJORS
#endif

#if __has_include("../../examples/gemm_llc/gemm_llc.cuh")
#include "../../examples/gemm_llc/gemm_llc.cuh"
#define GEMM_BENCH_LLC(X) X(gemm_llc)
#else
#define GEMM_BENCH_LLC(X)
#endif

#ifdef GEMM_BENCH_EXTRA_HEADER
#include GEMM_BENCH_EXTRA_HEADER
#endif
#ifndef GEMM_BENCH_EXTRA
#define GEMM_BENCH_EXTRA
#endif

/// Calls X(name) for every kernel family that is present.
#define GEMM_BENCH_FOR_EACH(X)                                                 \
  GEMM_BENCH_SM80(X) GEMM_BENCH_SM90(X) GEMM_BENCH_LLC(X) GEMM_BENCH_EXTRA

#define GEMM_BENCH_ENTRIES(Name)                                               \
  {#Name, 0, Name##_f16}, {#Name, 1, Name##_bf16},

/// Every registered kernel, fp16 and bf16 variants as separate entries; the
/// last entry has a null Name.
static const GemmKernel GemmKernels[] = {
#define X GEMM_BENCH_ENTRIES
    GEMM_BENCH_FOR_EACH(X)
#undef X
        GEMM_BENCH_SM80_F16ACC GEMM_BENCH_SGEMM_CUTE GEMM_BENCH_SM90_MAJORS{
            nullptr, 0, nullptr}};

#endif // CUTELLVM_BENCH_GEMM_GEMMKERNELS_H
