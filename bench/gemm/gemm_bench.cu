//===- gemm_bench.cu - GEMM kernels against cuBLAS, checked and timed -----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// For each problem size and input type (fp16, bf16), fills A (M x K,
/// K-major) and B (N x K, K-major) with fresh random numbers in [-1, 1),
/// runs cuBLAS (cublasGemmEx, fp32 compute, C row-major M x N of the input
/// type) and every kernel of GemmKernels.h on the same buffers, checks each
/// kernel's output against cuBLAS's, then times them all interleaved (each
/// round runs cuBLAS and every kernel once, so that all see the same clocks):
/// warm-up rounds, then the median of the timed runs (one CUDA event pair
/// each), rotating through copies of A and B so that the inputs do not stay
/// in L2. Prints one row
/// per kernel and type. Exits non-zero when a kernel mismatches or fails.
///
/// Optionally runs CuTe C++ tutorial binaries (`--baseline NAME=PATH`) as
/// `PATH M N K T N` (the fp16 TN problem) and reports their printed
/// `CUTE_GEMM: [ x ]GFlop/s` in the same table.
///
/// Build (see run.sh):
///   cute-clang++ -fcute-lowering -O3 --cuda-gpu-arch=sm_90a -x cuda
///     bench/gemm/gemm_bench.cu -o gemm_bench -L$CUDA/lib64 -lcublas
///     -lcudart_static -ldl -lrt -lpthread
///
//===----------------------------------------------------------------------===//

#include "GemmKernels.h"
#include "NaiveGemm.cuh"

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct Shape {
  int M, N, K;
};

struct Baseline {
  std::string Name, Path;
};

struct Options {
  std::vector<Shape> Shapes;
  std::vector<Baseline> Baselines;
  bool DefaultShapes = true;
  bool DoF16 = true, DoBF16 = true;
  int Warmup = 5;
  double WarmupMs = 1000;
  int Iters = 30;
  /// Inputs rotated through are at least this many bytes together.
  size_t RotateBytes = size_t(512) << 20;
  std::string Filter; // substring of the kernel names to run
  double TolScale = 1.0;
  bool CheckOnly = false;
  bool ListOnly = false;
  bool Naive = false;
  /// The majors of A and B (GemmKernel::Layout): "TN", "NN", "NT", "TT".
  std::string Layout = "TN";
};

void usage(const char *Argv0) {
  std::fprintf(
      stderr,
      "usage: %s [options] [MxNxK ...]\n"
      "  MxNxK             add a problem size (default sizes: 4096x4096x4096,\n"
      "                    8192x8192x8192, 8192x2048x4096)\n"
      "  --only            only the sizes given on the command line\n"
      "  --dtype f16|bf16  one input type only (default: both)\n"
      "  --filter STR      only kernels whose name contains STR\n"
      "  --warmup N        warm-up rounds, at least (default 5)\n"
      "  --warmup-ms MS    warm-up time, at least (default 1000)\n"
      "  --iters N         timed rounds (one run of each kernel), >= 20 (default 30)\n"
      "  --rotate-mb N     rotate inputs over >= N MiB (default 512; 0: no)\n"
      "  --tol-scale X     multiply the elementwise tolerance by X\n"
      "  --check-only      check, do not time\n"
      "  --list            list the registered kernels and exit\n"
      "  --naive           also run a plain SIMT GEMM (checks the checker)\n"
      "  --layout L        TN (default), NN, NT or TT: A and B K-major (T/N\n"
      "                    as CUTLASS names the column-major C^T's operands:\n"
      "                    NN has A M-major, TT B N-major); the kernels of\n"
      "                    that layout, cuBLAS with the same transposes\n"
      "  --baseline NAME=PATH  also run `PATH M N K T N` for each fp16 size\n"
      "                    and report its printed GFlop/s\n",
      Argv0);
  std::exit(2);
}

bool parseShape(const char *S, Shape &Out) {
  int M, N, K;
  char Tail;
  if (std::sscanf(S, "%dx%dx%d%c", &M, &N, &K, &Tail) != 3)
    return false;
  if (M <= 0 || N <= 0 || K <= 0)
    return false;
  Out = {M, N, K};
  return true;
}

Options parseOptions(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Next = [&]() -> const char * {
      if (I + 1 >= Argc)
        usage(Argv[0]);
      return Argv[++I];
    };
    Shape S;
    if (A == "--only") {
      O.DefaultShapes = false;
    } else if (A == "--dtype") {
      std::string T = Next();
      O.DoF16 = T == "f16";
      O.DoBF16 = T == "bf16";
      if (!O.DoF16 && !O.DoBF16)
        usage(Argv[0]);
    } else if (A == "--filter") {
      O.Filter = Next();
    } else if (A == "--warmup") {
      O.Warmup = std::atoi(Next());
    } else if (A == "--warmup-ms") {
      O.WarmupMs = std::atof(Next());
    } else if (A == "--iters") {
      O.Iters = std::max(20, std::atoi(Next()));
    } else if (A == "--rotate-mb") {
      O.RotateBytes = size_t(std::atol(Next())) << 20;
    } else if (A == "--tol-scale") {
      O.TolScale = std::atof(Next());
    } else if (A == "--check-only") {
      O.CheckOnly = true;
    } else if (A == "--list") {
      O.ListOnly = true;
    } else if (A == "--naive") {
      O.Naive = true;
    } else if (A == "--layout") {
      O.Layout = Next();
      if (O.Layout != "TN" && O.Layout != "NN" && O.Layout != "NT" &&
          O.Layout != "TT")
        usage(Argv[0]);
    } else if (A == "--baseline") {
      std::string B = Next();
      size_t Eq = B.find('=');
      if (Eq == std::string::npos || Eq == 0)
        usage(Argv[0]);
      O.Baselines.push_back({B.substr(0, Eq), B.substr(Eq + 1)});
    } else if (parseShape(A.c_str(), S)) {
      O.Shapes.push_back(S);
    } else {
      usage(Argv[0]);
    }
  }
  if (O.DefaultShapes) {
    std::vector<Shape> Defaults = {
        {4096, 4096, 4096}, {8192, 8192, 8192}, {8192, 2048, 4096}};
    O.Shapes.insert(O.Shapes.begin(), Defaults.begin(), Defaults.end());
  }
  return O;
}

//===----------------------------------------------------------------------===//
// Device helpers: random fill, poison, comparison
//===----------------------------------------------------------------------===//

#define CHECK_CUDA(Expr)                                                       \
  do {                                                                         \
    cudaError_t Err_ = (Expr);                                                 \
    if (Err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Expr,       \
                   cudaGetErrorString(Err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define CHECK_CUBLAS(Expr)                                                     \
  do {                                                                         \
    cublasStatus_t St_ = (Expr);                                               \
    if (St_ != CUBLAS_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__,          \
                   __LINE__, #Expr, int(St_));                                 \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__device__ uint64_t splitMix64(uint64_t X) {
  X += 0x9e3779b97f4a7c15ull;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ull;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebull;
  return X ^ (X >> 31);
}

/// Fills P[0, N) with numbers uniform in [-1, 1) drawn from Seed.
template <class T> __global__ void fillRandom(T *P, size_t N, uint64_t Seed) {
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x) {
    uint64_t R = splitMix64(Seed ^ (I * 0xd1342543de82ef95ull));
    float U = float(R >> 40) * (1.0f / float(1 << 24)); // [0, 1)
    P[I] = T(2.0f * U - 1.0f);
  }
}

/// Sums of the comparison of Out against Ref.
struct CompareSums {
  double Diff2;             // sum (out - ref)^2
  double Ref2;              // sum ref^2
  unsigned long long Bad;   // elements outside the tolerance (NaN included)
  unsigned long long First; // index of one bad element, or ~0
};

/// Compares elementwise: |out - ref| <= RTol * |ref| + ATol, NaN-safe.
template <class T>
__global__ void compare(const T *Out, const T *Ref, size_t N, float RTol,
                        float ATol, CompareSums *Sums) {
  double D2 = 0, R2 = 0;
  unsigned long long Bad = 0, First = ~0ull;
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x) {
    float O = float(Out[I]), R = float(Ref[I]);
    float D = O - R;
    D2 += double(D) * D;
    R2 += double(R) * R;
    if (!(std::fabs(D) <= RTol * std::fabs(R) + ATol)) {
      ++Bad;
      First = First < I ? First : I;
    }
  }
  for (int Off = 16; Off > 0; Off /= 2) {
    D2 += __shfl_down_sync(0xffffffffu, D2, Off);
    R2 += __shfl_down_sync(0xffffffffu, R2, Off);
    Bad += __shfl_down_sync(0xffffffffu, Bad, Off);
    unsigned long long F = __shfl_down_sync(0xffffffffu, First, Off);
    First = First < F ? First : F;
  }
  if ((threadIdx.x & 31) == 0) {
    atomicAdd(&Sums->Diff2, D2);
    atomicAdd(&Sums->Ref2, R2);
    atomicAdd(&Sums->Bad, Bad);
    atomicMin(&Sums->First, First);
  }
}

constexpr int FillBlocks = 1024, FillThreads = 256;

//===----------------------------------------------------------------------===//
// The types
//===----------------------------------------------------------------------===//

struct TypeInfo {
  const char *Name;
  cudaDataType_t Cuda;
  size_t Bytes;
  /// Two units in the last place of the type, relative.
  float RTol;
};

const TypeInfo Types[2] = {
    {"f16", CUDA_R_16F, 2, 0x1p-9f},  // 10 fraction bits
    {"bf16", CUDA_R_16BF, 2, 0x1p-6f} // 7 fraction bits
};

template <class Fn> void withType(int DType, Fn F) {
  if (DType == 0)
    F(_Float16());
  else
    F(__bf16());
}

//===----------------------------------------------------------------------===//
// One problem: buffers, reference, check, timing
//===----------------------------------------------------------------------===//

struct Problem {
  Shape S;
  int DType;
  int Sets;                   // copies of A and B rotated through
  std::vector<void *> As, Bs; // Sets each
  void *C = nullptr;          // the output under test
  void *Ref = nullptr;        // cuBLAS's output on As[0], Bs[0]
  CompareSums *Sums = nullptr;
};

size_t elems(size_t R, size_t C) { return R * C; }

void allocProblem(Problem &P, const Options &O, uint64_t Seed) {
  const TypeInfo &T = Types[P.DType];
  size_t ABytes = elems(P.S.M, P.S.K) * T.Bytes;
  size_t BBytes = elems(P.S.N, P.S.K) * T.Bytes;
  size_t CBytes = elems(P.S.M, P.S.N) * T.Bytes;
  P.Sets = 1;
  if (O.RotateBytes && !O.CheckOnly)
    P.Sets = int(std::min<size_t>(16, (O.RotateBytes + ABytes + BBytes - 1) /
                                          (ABytes + BBytes)));
  P.Sets = std::max(P.Sets, 1);
  for (int I = 0; I < P.Sets; ++I) {
    void *A, *B;
    CHECK_CUDA(cudaMalloc(&A, ABytes));
    CHECK_CUDA(cudaMalloc(&B, BBytes));
    withType(P.DType, [&](auto Z) {
      using E = decltype(Z);
      fillRandom<E><<<FillBlocks, FillThreads>>>((E *)A, elems(P.S.M, P.S.K),
                                                 Seed + 2 * I);
      fillRandom<E><<<FillBlocks, FillThreads>>>((E *)B, elems(P.S.N, P.S.K),
                                                 Seed + 2 * I + 1);
    });
    CHECK_CUDA(cudaGetLastError());
    P.As.push_back(A);
    P.Bs.push_back(B);
  }
  CHECK_CUDA(cudaMalloc(&P.C, CBytes));
  CHECK_CUDA(cudaMalloc(&P.Ref, CBytes));
  CHECK_CUDA(cudaMalloc(&P.Sums, sizeof(CompareSums)));
  CHECK_CUDA(cudaDeviceSynchronize());
}

void freeProblem(Problem &P) {
  for (void *A : P.As)
    cudaFree(A);
  for (void *B : P.Bs)
    cudaFree(B);
  cudaFree(P.C);
  cudaFree(P.Ref);
  cudaFree(P.Sums);
}

/// C (row-major M x N) = A (M x K) * B (N x K)^T: in cuBLAS's column-major
/// terms, C^T (N x M, ld N) = op(B) (N x K) * op(A) (K x M). A K-major A
/// (A[m*K+k]) is the buffer read as K x M (ld K); an M-major one
/// (A[k*M+m], \p Layout "NN" or "NT") is M x K (ld M), transposed. A
/// K-major B is K x N (ld K), transposed; an N-major one ("NT", "TT") is
/// N x K (ld N) as it is.
cudaError_t runCublas(cublasHandle_t H, const Problem &P, const void *A,
                      const void *B, void *C, const std::string &Layout) {
  const float Alpha = 1.0f, Beta = 0.0f;
  cudaDataType_t T = Types[P.DType].Cuda;
  bool MNA = Layout[0] == 'N', MNB = Layout[1] == 'T';
  cublasStatus_t St = cublasGemmEx(
      H, MNB ? CUBLAS_OP_N : CUBLAS_OP_T, MNA ? CUBLAS_OP_T : CUBLAS_OP_N,
      P.S.N, P.S.M, P.S.K, &Alpha, B, T, MNB ? P.S.N : P.S.K, A, T,
      MNA ? P.S.M : P.S.K, &Beta, C, T, P.S.N, CUBLAS_COMPUTE_32F,
      CUBLAS_GEMM_DEFAULT);
  return St == CUBLAS_STATUS_SUCCESS ? cudaSuccess : cudaErrorUnknown;
}

struct CheckResult {
  double RelErr;
  unsigned long long Bad;
  unsigned long long First;
};

/// Compares P.C against P.Ref. The elementwise tolerance is two units in the
/// last place of the output type relative to |ref|, plus an absolute part
/// of 1/10 of that at the output's expected magnitude (sqrt(K/9), the
/// standard deviation of a sum of K products of two U(-1,1) numbers), for
/// outputs near zero.
CheckResult check(const Problem &P, const Options &O, float KernelScale) {
  const TypeInfo &T = Types[P.DType];
  float RTol = float(T.RTol * O.TolScale * (KernelScale > 0 ? KernelScale : 1));
  float ATol = 0.1f * RTol * std::sqrt(float(P.S.K) / 9.0f);
  CompareSums Init = {0, 0, 0, ~0ull};
  CHECK_CUDA(cudaMemcpy(P.Sums, &Init, sizeof(Init), cudaMemcpyHostToDevice));
  withType(P.DType, [&](auto Z) {
    using E = decltype(Z);
    compare<E><<<FillBlocks, FillThreads>>>((const E *)P.C, (const E *)P.Ref,
                                            elems(P.S.M, P.S.N), RTol, ATol,
                                            P.Sums);
  });
  CHECK_CUDA(cudaGetLastError());
  CompareSums S;
  CHECK_CUDA(cudaMemcpy(&S, P.Sums, sizeof(S), cudaMemcpyDeviceToHost));
  double Rel = S.Ref2 > 0 ? std::sqrt(S.Diff2 / S.Ref2) : std::sqrt(S.Diff2);
  if (std::isnan(Rel))
    Rel = INFINITY;
  return {Rel, S.Bad, S.First};
}

/// Poisons C with all-ones bytes (NaN in fp16 and bf16).
void poison(const Problem &P) {
  CHECK_CUDA(cudaMemset(P.C, 0xff, elems(P.S.M, P.S.N) * Types[P.DType].Bytes));
}

/// Launches one kernel (or cuBLAS) on the inputs A and B.
using Launcher = std::function<cudaError_t(const void *A, const void *B)>;

/// Times every launcher of \p Ls interleaved: each round runs each launcher
/// once, in a random order drawn anew each round, so that all of them see
/// the same clocks and temperature (an H100
/// slows down as it heats up over a long run, which a kernel timed after
/// another would pay alone). Returns the median milliseconds of each.
std::vector<double> interleavedMedianMs(const Problem &P, const Options &O,
                                        const std::vector<Launcher> &Ls) {
  size_t N = Ls.size();
  std::vector<cudaEvent_t> Ev(2 * size_t(O.Iters) * N);
  for (cudaEvent_t &E : Ev)
    CHECK_CUDA(cudaEventCreate(&E));
  int Set = 0;
  std::vector<size_t> Order(N);
  for (size_t L = 0; L < N; ++L)
    Order[L] = L;
  std::mt19937 Rng(0x5eed);
  // One round: each launcher once, in a fresh order, so that no launcher
  // always runs right after the same one (after the hottest, it would start
  // at lower clocks); timed as round T when T >= 0.
  auto Round = [&](int T) {
    std::shuffle(Order.begin(), Order.end(), Rng);
    for (size_t J = 0; J < N; ++J, Set = (Set + 1) % P.Sets) {
      size_t L = Order[J];
      cudaEvent_t *E = T >= 0 ? &Ev[2 * (size_t(T) * N + L)] : nullptr;
      if (E)
        CHECK_CUDA(cudaEventRecord(E[0], 0));
      CHECK_CUDA(Ls[L](P.As[Set], P.Bs[Set]));
      if (E)
        CHECK_CUDA(cudaEventRecord(E[1], 0));
    }
  };
  // Warm-up: at least O.Warmup rounds and O.WarmupMs of wall time. When the
  // load starts, an H100 lowers its clock for a few hundred milliseconds
  // (1980 to below 1500 MHz, sampled by nvidia-smi while the power draw
  // ramps up), long enough to cover every timed round of a 4096^3 group.
  auto Start = std::chrono::steady_clock::now();
  for (int I = 0;; ++I) {
    double Ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - Start)
                    .count();
    if (I >= O.Warmup && Ms >= O.WarmupMs)
      break;
    Round(-1);
    CHECK_CUDA(cudaDeviceSynchronize());
  }
  for (int T = 0; T < O.Iters; ++T)
    Round(T);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<double> Medians(N);
  std::vector<float> Ms(O.Iters);
  for (size_t L = 0; L < N; ++L) {
    for (int T = 0; T < O.Iters; ++T) {
      cudaEvent_t *E = &Ev[2 * (size_t(T) * N + L)];
      CHECK_CUDA(cudaEventElapsedTime(&Ms[T], E[0], E[1]));
    }
    std::sort(Ms.begin(), Ms.end());
    Medians[L] = O.Iters % 2 ? Ms[O.Iters / 2]
                             : 0.5 * (Ms[O.Iters / 2 - 1] + Ms[O.Iters / 2]);
  }
  for (cudaEvent_t &E : Ev)
    cudaEventDestroy(E);
  return Medians;
}

double tflops(const Shape &S, double Ms) {
  return 2.0 * S.M * S.N * double(S.K) / (Ms * 1e-3) / 1e12;
}

void printHeader() {
  std::printf("%-22s %-5s %6s %6s %6s %9s %9s %10s %10s\n", "kernel", "dtype",
              "M", "N", "K", "TFLOP/s", "vs-cuBLAS", "mismatches", "rel-err");
}

void printRow(const char *Name, const char *DType, const Shape &S, double Tf,
              double CublasTf, const char *Mismatch, double RelErr) {
  char TfS[32] = "-", RatioS[32] = "-", RelS[32] = "-";
  if (Tf > 0)
    std::snprintf(TfS, sizeof(TfS), "%.1f", Tf);
  if (Tf > 0 && CublasTf > 0)
    std::snprintf(RatioS, sizeof(RatioS), "%.3f", Tf / CublasTf);
  if (RelErr >= 0)
    std::snprintf(RelS, sizeof(RelS), "%.2e", RelErr);
  std::printf("%-22s %-5s %6d %6d %6d %9s %9s %10s %10s\n", Name, DType, S.M,
              S.N, S.K, TfS, RatioS, Mismatch, RelS);
  std::fflush(stdout);
}

/// Runs `Path M N K T N` and returns the GFlop/s it printed
/// (`CUTE_GEMM: [ x ]GFlop/s`), or -1.
double runBaseline(const Baseline &B, const Shape &S) {
  char Cmd[4096];
  std::snprintf(Cmd, sizeof(Cmd), "'%s' %d %d %d T N 2>&1", B.Path.c_str(), S.M,
                S.N, S.K);
  FILE *F = popen(Cmd, "r");
  if (!F)
    return -1;
  double GF = -1;
  char Line[1024];
  while (std::fgets(Line, sizeof(Line), F)) {
    const char *At = std::strstr(Line, "CUTE_GEMM:");
    if (At) {
      const char *Br = std::strchr(At, '[');
      double V;
      if (Br && std::sscanf(Br + 1, "%lf", &V) == 1)
        GF = V;
    }
  }
  int Rc = pclose(F);
  return Rc == 0 ? GF : -1;
}

} // namespace

int main(int Argc, char **Argv) {
  Options O = parseOptions(Argc, Argv);
  std::vector<GemmKernel> Kernels;
  for (const GemmKernel *K = GemmKernels; K->Name; ++K)
    Kernels.push_back(*K);
  if (O.Naive) {
    Kernels.push_back({"naive_simt", 0, naive_gemm_f16, 1});
    Kernels.push_back({"naive_simt", 1, naive_gemm_bf16, 1});
  }
  int NumKernels = int(Kernels.size());
  if (O.ListOnly) {
    for (int I = 0; I < NumKernels; ++I)
      std::printf("%s %s %s\n", Kernels[I].Name, Types[Kernels[I].DType].Name,
                  Kernels[I].Layout ? Kernels[I].Layout : "TN");
    return 0;
  }

  cudaDeviceProp Prop;
  CHECK_CUDA(cudaGetDeviceProperties(&Prop, 0));
  int Runtime = 0, Driver = 0, Cublas = 0;
  cudaRuntimeGetVersion(&Runtime);
  cudaDriverGetVersion(&Driver);
  cublasHandle_t H;
  CHECK_CUBLAS(cublasCreate(&H));
  CHECK_CUBLAS(cublasGetVersion(H, &Cublas));
  std::printf("device: %s (sm_%d%d, %d SMs, %.0f MiB); runtime %d, driver %d, "
              "cuBLAS %d\n",
              Prop.name, Prop.major, Prop.minor, Prop.multiProcessorCount,
              Prop.totalGlobalMem / 1048576.0, Runtime, Driver, Cublas);
  std::printf("layout: %s (A %s-major, B %s-major)\n", O.Layout.c_str(),
              O.Layout[0] == 'N' ? "M" : "K", O.Layout[1] == 'T' ? "N" : "K");
  std::printf("kernels:");
  for (int I = 0; I < NumKernels; ++I)
    std::printf(" %s/%s", Kernels[I].Name, Types[Kernels[I].DType].Name);
  std::printf("%s\n", NumKernels ? "" : " (none: cuBLAS only)");
  std::printf(
      "timing: >= %d warm-up rounds and >= %.0f ms, median of %d runs (CUDA "
      "events), kernels interleaved round by round, inputs rotated over >= "
      "%zu MiB\n",
      O.Warmup, O.WarmupMs, O.Iters, O.RotateBytes >> 20);
  printHeader();

  int Failures = 0;
  uint64_t Seed = 0x5eed;
  for (const Shape &S : O.Shapes) {
    for (int DType = 0; DType < 2; ++DType) {
      if ((DType == 0 && !O.DoF16) || (DType == 1 && !O.DoBF16))
        continue;
      const char *TN = Types[DType].Name;
      Problem P;
      P.S = S;
      P.DType = DType;
      allocProblem(P, O, Seed);
      Seed += 64;

      // cuBLAS: the reference, and the speed to beat.
      CHECK_CUDA(runCublas(H, P, P.As[0], P.Bs[0], P.Ref, O.Layout));
      CHECK_CUDA(cudaDeviceSynchronize());

      // Check every kernel first; then time cuBLAS and the kernels that
      // passed, interleaved.
      struct Row {
        const GemmKernel *K;
        CheckResult R;
        double Tf = -1;
        const char *Status = nullptr;
      };
      std::vector<Row> Rows;
      std::vector<Launcher> Ls = {[&](const void *A, const void *B) {
        return runCublas(H, P, A, B, P.C, O.Layout);
      }};
      std::vector<size_t> Timed;
      for (int I = 0; I < NumKernels; ++I) {
        const GemmKernel &K = Kernels[I];
        if (K.DType != DType)
          continue;
        if (!O.Filter.empty() && !std::strstr(K.Name, O.Filter.c_str()))
          continue;
        if (O.Layout != (K.Layout ? K.Layout : "TN"))
          continue;
        Rows.push_back({&K, {}});
        Row &Rw = Rows.back();
        poison(P);
        cudaError_t E = K.Run(P.As[0], P.Bs[0], P.C, S.M, S.N, S.K, 0);
        if (E == cudaSuccess)
          E = cudaDeviceSynchronize();
        if (E != cudaSuccess) {
          std::fprintf(stderr, "%s/%s %dx%dx%d: %s\n", K.Name, TN, S.M, S.N,
                       S.K, cudaGetErrorString(E));
          Rw.Status = E == cudaErrorNotSupported ? "unsupported" : "error";
          ++Failures;
          // A launch error is cleared; an error of the context is not.
          cudaGetLastError();
          if (cudaDeviceSynchronize() != cudaSuccess) {
            std::fprintf(stderr, "the CUDA context is lost: stopping\n");
            return 1;
          }
          continue;
        }
        Rw.R = check(P, O, K.TolScale);
        bool Ok = Rw.R.Bad == 0 && Rw.R.RelErr < 1e-2;
        if (!Ok) {
          ++Failures;
          if (Rw.R.Bad)
            std::fprintf(stderr,
                         "%s/%s %dx%dx%d: %llu mismatches, first at (m=%llu, "
                         "n=%llu); relative error %.3e\n",
                         K.Name, TN, S.M, S.N, S.K, Rw.R.Bad, Rw.R.First / S.N,
                         Rw.R.First % S.N, Rw.R.RelErr);
        }
        Timed.push_back(Rows.size() - 1);
        Ls.push_back([&, Run = K.Run](const void *A, const void *B) {
          return Run(A, B, P.C, S.M, S.N, S.K, 0);
        });
      }
      double CublasTf = -1;
      if (!O.CheckOnly) {
        std::vector<double> Ms = interleavedMedianMs(P, O, Ls);
        CublasTf = tflops(S, Ms[0]);
        for (size_t I = 0; I < Timed.size(); ++I)
          Rows[Timed[I]].Tf = tflops(S, Ms[I + 1]);
      }
      printRow("cublas", TN, S, CublasTf, CublasTf, "ref", -1);
      for (const Row &Rw : Rows) {
        char Mis[32];
        std::snprintf(Mis, sizeof(Mis), "%llu", Rw.R.Bad);
        printRow(Rw.K->Name, TN, S, Rw.Tf, CublasTf,
                 Rw.Status ? Rw.Status : Mis, Rw.Status ? -1 : Rw.R.RelErr);
      }

      if (DType == 0)
        for (const Baseline &B : O.Baselines) {
          double GF = runBaseline(B, S);
          if (GF < 0)
            std::fprintf(stderr, "baseline %s (%s) printed no CUTE_GEMM line\n",
                         B.Name.c_str(), B.Path.c_str());
          printRow(B.Name.c_str(), TN, S, GF < 0 ? -1 : GF * 1e-3, CublasTf,
                   "unchecked", -1);
        }
      freeProblem(P);
    }
  }
  cublasDestroy(H);
  if (!O.Baselines.empty())
    std::printf("baselines: CuTe C++ tutorials run as `PATH M N K T N` in a "
                "child process: fp16 in, fp16 accumulate and out, C "
                "column-major, mean of 100 back-to-back runs on one set of "
                "inputs; not checked here\n");
  std::printf("%s\n", Failures ? "FAILED" : "OK");
  return Failures ? 1 : 0;
}
