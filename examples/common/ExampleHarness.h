//===- ExampleHarness.h - The host side the CUDA examples share -*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What every example's host code does the same way: checking CUDA calls,
/// moving buffers, comparing with a host reference, timing a kernel, and
/// running the problem sizes given on the command line. An example supplies
/// its kernel, its inputs and its reference.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_EXAMPLES_EXAMPLEHARNESS_H
#define CUTELLVM_EXAMPLES_EXAMPLEHARNESS_H

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CHECK_CUDA(Expr)                                                       \
  do {                                                                         \
    cudaError_t Err = (Expr);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Expr,       \
                   cudaGetErrorString(Err));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

namespace example {

/// A device copy of \p Host.
template <typename T> T *toDevice(const std::vector<T> &Host) {
  T *D = nullptr;
  CHECK_CUDA(cudaMalloc(&D, Host.size() * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(D, Host.data(), Host.size() * sizeof(T),
                        cudaMemcpyHostToDevice));
  return D;
}

/// A device buffer of \p Count elements filled with NaN bytes, so that an
/// element the kernel does not write fails the comparison.
template <typename T> T *poisonedDevice(size_t Count) {
  T *D = nullptr;
  CHECK_CUDA(cudaMalloc(&D, Count * sizeof(T)));
  CHECK_CUDA(cudaMemset(D, 0xff, Count * sizeof(T)));
  return D;
}

template <typename T> std::vector<T> fromDevice(const T *D, size_t Count) {
  std::vector<T> Host(Count);
  CHECK_CUDA(
      cudaMemcpy(Host.data(), D, Count * sizeof(T), cudaMemcpyDeviceToHost));
  return Host;
}

/// Counts the elements that differ from the reference; NaN counts.
struct Mismatches {
  size_t Count = 0;
  double MaxError = 0;
  void check(double Got, double Want) {
    double Err = std::fabs(Got - Want);
    if (Err <= 0.0)
      return;
    ++Count;
    MaxError = std::isnan(Err) ? INFINITY : std::fmax(MaxError, Err);
  }
};

/// The mean time of one launch in seconds, over \p Iters launches after a
/// warm-up. \p Launch enqueues one launch.
template <typename LaunchT>
double timeLaunches(LaunchT Launch, int Iters = 50) {
  cudaEvent_t Start, Stop;
  CHECK_CUDA(cudaEventCreate(&Start));
  CHECK_CUDA(cudaEventCreate(&Stop));
  Launch();
  CHECK_CUDA(cudaEventRecord(Start));
  for (int I = 0; I < Iters; ++I)
    Launch();
  CHECK_CUDA(cudaEventRecord(Stop));
  CHECK_CUDA(cudaEventSynchronize(Stop));
  CHECK_CUDA(cudaGetLastError());
  float Ms = 0;
  CHECK_CUDA(cudaEventElapsedTime(&Ms, Start, Stop));
  CHECK_CUDA(cudaEventDestroy(Start));
  CHECK_CUDA(cudaEventDestroy(Stop));
  return Ms / 1e3 / Iters;
}

/// Prints one result line: `NAME MxN: K mismatches, max error E, T us,
/// B GB/s` for \p Bytes moved per launch.
inline void report(const char *Name, int M, int N, const Mismatches &Bad,
                   double Sec, double Bytes) {
  std::printf("%s %dx%d: %zu mismatches, max error %g, %.3f us, %.1f GB/s\n",
              Name, M, N, Bad.Count, Bad.MaxError, Sec * 1e6,
              Bytes / Sec / 1e9);
}

/// Runs \p RunOne(M, N) on each pair of sizes given on the command line (or
/// \p Defaults), prints PASS or FAIL, and returns the exit status.
template <typename RunT>
int runSizes(int Argc, char **Argv, std::vector<int> Defaults, RunT RunOne) {
  std::vector<int> Sizes;
  for (int I = 1; I < Argc; ++I)
    Sizes.push_back(std::atoi(Argv[I]));
  if (Sizes.empty() || Sizes.size() % 2)
    Sizes = std::move(Defaults);
  bool Ok = true;
  for (size_t I = 0; I < Sizes.size(); I += 2)
    Ok &= RunOne(Sizes[I], Sizes[I + 1]);
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}

} // namespace example

#endif // CUTELLVM_EXAMPLES_EXAMPLEHARNESS_H
