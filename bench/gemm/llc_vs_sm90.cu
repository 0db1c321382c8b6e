//===- llc_vs_sm90.cu - gemm_llc images against gemm_sm90 ----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Times the Hopper GEMM in one process: gemm_sm90 (CUDA C++ through
/// cute-clang++) against gemm_llc images, each with its TMA epilogue and
/// without any C store (Tuning::Store = None: the main loop and producer
/// alone), at 4096^3 and 8192^3.
///
///   llc_vs_sm90 [CUBIN...]
///
/// The images are the embedded cubin (when built against a gemm_llc.gen
/// directory, -IDIR) and every cubin named on the command line: any build
/// of gemm_llc_f16 for gemm_llc's configuration, e.g. a hand-edited PTX
/// assembled by ptxas, so that one GPU call can bisect a difference between
/// two kernels. After one second of warm-up launches (past the clock's dip
/// when the load starts), four rounds, each starting one variant later;
/// in each, every variant runs 5 warm-up launches,
/// then 40 (4096^3) or 8 (8192^3) back-to-back launches between two CUDA
/// events, on warm inputs (zeros: the contents do not change the time). It
/// prints every round, then the fastest per variant. bench/gemm/llc-vs-sm90.sh
/// builds it and the images; its output is in bench/results/.
///
//===----------------------------------------------------------------------===//

#include "../../examples/gemm_llc/gemm_llc.cuh"
#include "../../examples/gemm_sm90/gemm_sm90.cuh"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

/// One kernel under test: gemm_sm90 (Kernel null) or a gemm_llc image.
struct Variant {
  std::string Name;
  cudaKernel_t Kernel = nullptr;
  std::vector<char> Image; ///< Kept alive while the library is loaded.
};

cudaError_t launch(const Variant &V, bool Store, void *A, void *B, void *C,
                   int S) {
  if (!V.Kernel) {
    gemm_sm90::Tuning T;
    T.Store = Store ? gemm_sm90::Epilogue::Tma : gemm_sm90::Epilogue::None;
    return gemm_sm90::run<_Float16>(A, B, C, S, S, S, 0, T);
  }
#if GEMM_LLC_HAVE_IMAGE
  gemm_llc::Tuning T;
  T.Store = Store ? gemm_llc::Epilogue::Tma : gemm_llc::Epilogue::None;
  return gemm_llc::launch<_Float16>(V.Kernel, A, B, C, S, S, S, 0, T);
#else
  return cudaErrorInvalidKernelImage; // No gemm_llc variant without it.
#endif
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<Variant> Variants(1);
  Variants[0].Name = "sm90";
#if GEMM_LLC_HAVE_IMAGE
  {
    Variant V;
    V.Name = "llc";
    if (cudaError_t E =
            gemm_llc::loadKernel(GemmLlcImage, "gemm_llc_f16", V.Kernel)) {
      std::fprintf(stderr, "llc_vs_sm90: embedded image: %s\n",
                   cudaGetErrorString(E));
      return 1;
    }
    Variants.push_back(std::move(V));
  }
#endif
  for (int I = 1; I < Argc; ++I) {
    Variant V;
    V.Name = Argv[I];
    std::ifstream In(Argv[I], std::ios::binary);
    V.Image.assign(std::istreambuf_iterator<char>(In), {});
    if (V.Image.empty()) {
      std::fprintf(stderr, "llc_vs_sm90: cannot read %s\n", Argv[I]);
      return 1;
    }
#if GEMM_LLC_HAVE_IMAGE
    if (cudaError_t E =
            gemm_llc::loadKernel(V.Image.data(), "gemm_llc_f16", V.Kernel)) {
      std::fprintf(stderr, "llc_vs_sm90: %s: %s\n", Argv[I],
                   cudaGetErrorString(E));
      return 1;
    }
#else
    std::fprintf(stderr, "llc_vs_sm90: built without gemm_llc_config.h: "
                         "cannot launch %s\n", Argv[I]);
    return 1;
#endif
    Variants.push_back(std::move(V));
  }

  for (int S : {4096, 8192}) {
    size_t Elems = size_t(S) * S;
    void *A, *B, *C;
    if (cudaMalloc(&A, Elems * 2) || cudaMalloc(&B, Elems * 2) ||
        cudaMalloc(&C, Elems * 2) || cudaMemset(A, 0, Elems * 2) ||
        cudaMemset(B, 0, Elems * 2)) {
      std::fprintf(stderr, "llc_vs_sm90: cannot allocate %d^3\n", S);
      return 1;
    }
    cudaEvent_t E0, E1;
    cudaEventCreate(&E0);
    cudaEventCreate(&E1);
    // Warm-up: one second of launches first, past the clock's dip when the
    // load starts (gemm_bench's --warmup-ms), so that every round runs on
    // the clock the power limit sustains.
    for (float Ms = 0; Ms < 1000;) {
      cudaEventRecord(E0);
      for (int I = 0; I < 20; ++I)
        if (cudaError_t Err = launch(Variants[0], true, A, B, C, S)) {
          std::fprintf(stderr, "llc_vs_sm90: %s\n", cudaGetErrorString(Err));
          return 1;
        }
      cudaEventRecord(E1);
      cudaEventSynchronize(E1);
      float Step = 0;
      cudaEventElapsedTime(&Step, E0, E1);
      Ms += Step;
    }
    // Best[variant][store]: the fastest round, us per launch.
    std::vector<float> Best(Variants.size() * 2, 1e30f);
    for (int Round = 0; Round < 4; ++Round)
      for (size_t I = 0; I < Variants.size(); ++I)
        for (bool Store : {false, true}) {
          // Each round starts one variant later: none always runs first,
          // or right after the same neighbour, on a clock that drifts.
          size_t V = (I + Round) % Variants.size();
          cudaError_t Err = cudaSuccess;
          for (int I = 0; I < 5; ++I)
            Err = Err ? Err : launch(Variants[V], Store, A, B, C, S);
          int N = S == 4096 ? 40 : 8;
          cudaEventRecord(E0);
          for (int I = 0; I < N; ++I)
            Err = Err ? Err : launch(Variants[V], Store, A, B, C, S);
          cudaEventRecord(E1);
          cudaEventSynchronize(E1);
          float Ms = 0;
          cudaEventElapsedTime(&Ms, E0, E1);
          if (Err || (Err = cudaGetLastError())) {
            std::fprintf(stderr, "llc_vs_sm90: %s: %s\n",
                         Variants[V].Name.c_str(), cudaGetErrorString(Err));
            return 1;
          }
          float Us = Ms * 1000 / N;
          Best[V * 2 + Store] = std::min(Best[V * 2 + Store], Us);
          std::printf("%d^3 round %d %s %s: %.1f us %.1f TFLOP/s\n", S, Round,
                      Store ? "tma " : "none", Variants[V].Name.c_str(), Us,
                      2.0 * S * S * double(S) / (Us * 1e-6) / 1e12);
        }
    std::printf("%d^3 fastest round, us (none / tma):\n", S);
    for (size_t V = 0; V < Variants.size(); ++V)
      std::printf("  %-40s %8.1f %8.1f\n", Variants[V].Name.c_str(),
                  Best[V * 2], Best[V * 2 + 1]);
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
  }
  return 0;
}
