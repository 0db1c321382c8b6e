//===- gemm_llc.cuh - The Hopper GEMM from LLVM IR, by llc -----*- CUDA -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The launcher of gemm_sm90's Hopper GEMM as a DSL front end would ship it:
/// gen_gemm_sm90.py writes the kernels as LLVM IR on the llvm.cute.* and
/// llvm.cute.nvgpu.* calls, stock `llc -load-pass-plugin=CuteLLVM.so`
/// lowers them to PTX, ptxas to a cubin, and build.sh embeds the cubin in
/// gemm_llc_image.h (found on the include path: run build.sh OUTDIR and
/// compile with -IOUTDIR). The host side loads it once with
/// cudaLibraryLoadData (CUDA 12+ runtime, no -lcuda), builds the tensor maps
/// as gemm_sm90.cuh does and launches `gemm_llc_<t>` with gemm_sm90's
/// parameters, grid, block and shared memory:
///
///   (CUtensorMap TmaA, CUtensorMap TmaB, CUtensorMap TmaC, T *C,
///    int M, int N, int K, Tuning {int RasterGroup; int Store})
///
/// C = A * B^T: A is M x K and B is N x K, both K-major; C is M x N
/// row-major of the input type; fp32 accumulation.
///
/// Without gemm_llc_image.h the launchers compile and return
/// cudaErrorInvalidKernelImage (so bench/gemm builds anywhere).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_GEMM_LLC_CUH
#define CUTELLVM_EXAMPLES_GEMM_LLC_CUH

#include <cuda.h>
#include <cuda_runtime.h>
#include <cute/tma.h>
#include <stdint.h>

#include <cstdio>

#include "../common/TmaGemmHost.h"

#if __has_include("gemm_llc_image.h")
#include "gemm_llc_image.h"
#define GEMM_LLC_HAVE_IMAGE 1
#else
#define GEMM_LLC_HAVE_IMAGE 0
#endif

namespace gemm_llc {

/// How the kernel writes C (the kernel's Tuning::Store, as gemm_sm90's).
enum class Epilogue : int { None, Direct, Tma };

/// The kernel's last parameter, laid out as the generator's { i32, i32 }.
struct Tuning {
  int RasterGroup = 4;
  Epilogue Store = Epilogue::Tma;
};

template <class T> struct Traits;
template <> struct Traits<_Float16> {
  static constexpr const char *Kernel = "gemm_llc_f16";
};
template <> struct Traits<__bf16> {
  static constexpr const char *Kernel = "gemm_llc_bf16";
};

#if GEMM_LLC_HAVE_IMAGE

constexpr int BM = GEMM_LLC_BM, BN = GEMM_LLC_BN, BK = GEMM_LLC_BK;
constexpr int Threads = GEMM_LLC_THREADS, EpiTile = GEMM_LLC_EPI_TILE;
constexpr size_t SmemBytes = GEMM_LLC_SMEM_BYTES;

/// The kernel named \p Name of the cubin \p Image (loaded as a new library),
/// with its dynamic shared memory limit raised.
inline cudaError_t loadKernel(const void *Image, const char *Name,
                              cudaKernel_t &Kernel) {
  cudaLibrary_t Lib;
  cudaError_t E;
  if ((E = cudaLibraryLoadData(&Lib, Image, nullptr, nullptr, 0, nullptr,
                               nullptr, 0)) ||
      (E = cudaLibraryGetKernel(&Kernel, Lib, Name)))
    return E;
  // A cudaKernel_t passes for the function symbol of the runtime's calls.
  return cudaFuncSetAttribute(reinterpret_cast<const void *>(Kernel),
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              int(SmemBytes));
}

/// Launches \p Kernel, a gemm_llc_<t> of any image built for this
/// configuration; K must keep rows 16-byte aligned (K % 8 == 0) for TMA,
/// otherwise the operands are copied to zero-padded buffers first.
template <class T>
cudaError_t launch(cudaKernel_t Kernel, const void *A, const void *B, void *C,
                   int M, int N, int K, cudaStream_t Stream,
                   Tuning Tune = Tuning()) {
  if (M <= 0 || N <= 0 || K <= 0)
    return cudaErrorInvalidValue;
  example::TmaGemmOperands<T> Ops;
  int Grid;
  cudaError_t E;
  if ((E = Ops.prepare(A, B, C, M, N, K, BM, BN, BK, EpiTile,
                       Tune.Store == Epilogue::Tma, Stream)) ||
      (E = example::persistentGrid(M, N, BM, BN, Grid)))
    return E;
  // TMA stores need 16-byte aligned rows of C; otherwise the registers
  // store C directly.
  if (Tune.Store == Epilogue::Tma && !Ops.StoreC)
    Tune.Store = Epilogue::Direct;
  int KP = Ops.K;
  void *Args[] = {&Ops.MapA, &Ops.MapB, &Ops.MapC, &C, &M, &N, &KP, &Tune};
  return cudaLaunchKernel(reinterpret_cast<const void *>(Kernel), dim3(Grid),
                          dim3(Threads), Args, SmemBytes, Stream);
}

/// Launches the GEMM of the embedded cubin (loaded on first use).
template <class T>
cudaError_t run(const void *A, const void *B, void *C, int M, int N, int K,
                cudaStream_t Stream, Tuning Tune = Tuning()) {
  if (M <= 0 || N <= 0 || K <= 0)
    return cudaErrorInvalidValue;
  static cudaKernel_t Kernel = nullptr;
  cudaError_t E;
  if (!Kernel && (E = loadKernel(GemmLlcImage, Traits<T>::Kernel, Kernel)))
    return E;
  return launch<T>(Kernel, A, B, C, M, N, K, Stream, Tune);
}

#else // !GEMM_LLC_HAVE_IMAGE

template <class T>
cudaError_t run(const void *, const void *, void *, int, int, int,
                cudaStream_t, Tuning = Tuning()) {
  static bool Told = false;
  if (!Told)
    std::fprintf(stderr, "gemm_llc: built without gemm_llc_image.h: run "
                         "examples/gemm_llc/build.sh OUTDIR and compile "
                         "with -IOUTDIR\n");
  Told = true;
  return cudaErrorInvalidKernelImage;
}

#endif // GEMM_LLC_HAVE_IMAGE

} // namespace gemm_llc

inline cudaError_t gemm_llc_f16(const void *A, const void *B, void *C, int M,
                                int N, int K, cudaStream_t Stream) {
  return gemm_llc::run<_Float16>(A, B, C, M, N, K, Stream);
}
inline cudaError_t gemm_llc_bf16(const void *A, const void *B, void *C, int M,
                                 int N, int K, cudaStream_t Stream) {
  return gemm_llc::run<__bf16>(A, B, C, M, N, K, Stream);
}

#endif // CUTELLVM_EXAMPLES_GEMM_LLC_CUH
