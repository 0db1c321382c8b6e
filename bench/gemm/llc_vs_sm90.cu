//===- llc_vs_sm90.cu - gemm_llc against gemm_sm90, with and without C ---===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Times the Hopper GEMM two ways in one process: gemm_sm90 (CUDA C++ through
/// cute-clang++) and gemm_llc (the embedded cubin of whatever gemm_llc.gen
/// directory this was compiled against, -IDIR), each with its TMA epilogue
/// and without any C store (Tuning::Store = None, the main loop and producer
/// alone), at 4096^3 and 8192^3: four rounds, each variant 40 (4096^3) or 8
/// (8192^3) back-to-back launches between two CUDA events after 5 warm-up
/// launches, warm inputs (zeros: the contents do not change the time).
/// bench/gemm/llc-vs-sm90.sh builds it against three images; its output is
/// bench/results/2026-11-27-h100-gemm-llc-session10.txt.
///
//===----------------------------------------------------------------------===//

#include "../../examples/gemm_llc/gemm_llc.cuh"
#include "../../examples/gemm_sm90/gemm_sm90.cuh"

#include <cstdio>

int main() {
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
    for (int Round = 0; Round < 4; ++Round)
      for (int V = 0; V < 4; ++V) {
        bool Llc = V & 1, Store = V & 2;
        auto Launch = [&] {
          if (Llc) {
            gemm_llc::Tuning T;
            T.Store =
                Store ? gemm_llc::Epilogue::Tma : gemm_llc::Epilogue::None;
            return gemm_llc::run<_Float16>(A, B, C, S, S, S, 0, T);
          }
          gemm_sm90::Tuning T;
          T.Store =
              Store ? gemm_sm90::Epilogue::Tma : gemm_sm90::Epilogue::None;
          return gemm_sm90::run<_Float16>(A, B, C, S, S, S, 0, T);
        };
        cudaError_t Err = cudaSuccess;
        for (int I = 0; I < 5; ++I)
          Err = Err ? Err : Launch();
        int N = S == 4096 ? 40 : 8;
        cudaEventRecord(E0);
        for (int I = 0; I < N; ++I)
          Err = Err ? Err : Launch();
        cudaEventRecord(E1);
        cudaEventSynchronize(E1);
        float Ms = 0;
        cudaEventElapsedTime(&Ms, E0, E1);
        if (Err) {
          std::fprintf(stderr, "llc_vs_sm90: %s\n", cudaGetErrorString(Err));
          return 1;
        }
        std::printf("%d^3 %s %s: %.1f us %.1f TFLOP/s\n", S,
                    Llc ? "llc " : "sm90", Store ? "tma " : "none",
                    Ms * 1000 / N,
                    2.0 * S * S * double(S) / (Ms / N * 1e-3) / 1e12);
      }
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
  }
  return 0;
}
