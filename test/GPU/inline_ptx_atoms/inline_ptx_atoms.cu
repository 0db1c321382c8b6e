//===- inline_ptx_atoms.cu - The inline-PTX atoms against a host model ----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The atoms lowered as inline PTX that a Hopper GPU runs, each checked
/// against a host model of its instruction on random inputs:
///  - SM61_DP4A / SM61_DP2A: d = c + the dot product of packed lanes;
///  - SM75_U32x1_MOVM_T: the warp's 8x8 16-bit matrix, transposed;
///  - SM80_8x8x4_C64C64C64C64_TN: complex D = A * B^T + C over one 8x8x4
///    tile, each operand placed by the variant's TV layout (CuTe's F64
///    8x8x4 layouts over complex elements);
///  - SM80_8x8x4_GC64C64C64GC64_TN: the same product kept in CuTe's three
///    Gauss planes (re = t0 - t1, im = t2 - t0 - t1).
/// Every check is exact: integers, and doubles whose products and sums of
/// small integers are exact.
///
/// Run: `inline_ptx_atoms [Tiles]` (default 64): Tiles independent inputs
/// per atom. Exit status 1 when a result differs from the host model.
///
//===----------------------------------------------------------------------===//

#include "../../../examples/common/ExampleHarness.h"

#include <cstdint>
#include <cstdio>
#include <cute_nvgpu_atoms.h>
#include <random>

namespace {
constexpr int Warp = 32;
} // namespace

/// One dot product per thread.
__global__ void dotKernel(int *D, const unsigned *A, const unsigned *B,
                          const int *C, int Count, int Four) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= Count)
    return;
  int R;
  if (Four)
    cute_nvgpu_sm61_dp("SM61_DP4A", &R, &A[I], &B[I], &C[I]);
  else
    cute_nvgpu_sm61_dp("SM61_DP2A", &R, &A[I], &B[I], &C[I]);
  D[I] = R;
}

/// One 8x8 b16 matrix per warp: lane L holds row L / 4, columns 2 (L % 4)
/// and 2 (L % 4) + 1, packed low first; the result in the same places.
__global__ void movmKernel(unsigned *Out, const unsigned *In, int Tiles) {
  int Tile = blockIdx.x, Lane = threadIdx.x;
  if (Tile >= Tiles)
    return;
  unsigned R;
  cute_nvgpu_movm("SM75_U32x1_MOVM_T", &R, &In[Tile * Warp + Lane]);
  Out[Tile * Warp + Lane] = R;
}

/// One complex 8x8x4 tile per warp. A (8 x 4, M x K) and B (8 x 4, N x K)
/// are column-major, C and D (8 x 8) column-major, complex values as (re, im)
/// pairs; Gauss accumulators as (t0, t1, t2) triples. The TV layouts:
/// A and B ((4,8),1):((8,1),0): lane L holds (m or n = L / 4, k = L % 4);
/// C ((4,8),2):((16,1),8): lane L, value V holds (m = L / 4,
/// n = 2 (L % 4) + V).
template <bool Gauss>
__global__ void complexKernel(double *D, const double *A, const double *B,
                              const double *C, int Tiles) {
  constexpr int Parts = Gauss ? 3 : 2;
  int Tile = blockIdx.x, Lane = threadIdx.x;
  if (Tile >= Tiles)
    return;
  int Row = Lane / 4, Col = Lane % 4;
  const double *TA = A + Tile * 8 * 4 * 2, *TB = B + Tile * 8 * 4 * 2;
  const double *TC = C + Tile * 8 * 8 * Parts;
  double *TD = D + Tile * 8 * 8 * Parts;
  double FA[2], FB[2], FC[2 * Parts], FD[2 * Parts];
  for (int P = 0; P < 2; ++P) {
    FA[P] = TA[(Col * 8 + Row) * 2 + P];
    FB[P] = TB[(Col * 8 + Row) * 2 + P];
  }
  for (int V = 0; V < 2; ++V)
    for (int P = 0; P < Parts; ++P)
      FC[V * Parts + P] = TC[((2 * Col + V) * 8 + Row) * Parts + P];
  if (Gauss)
    cute_nvgpu_sm80_mma_complex("SM80_8x8x4_GC64C64C64GC64_TN", FD, FA, FB,
                                FC);
  else
    cute_nvgpu_sm80_mma_complex("SM80_8x8x4_C64C64C64C64_TN", FD, FA, FB, FC);
  for (int V = 0; V < 2; ++V)
    for (int P = 0; P < Parts; ++P)
      TD[((2 * Col + V) * 8 + Row) * Parts + P] = FD[V * Parts + P];
}

namespace {

/// The host model of dp4a.s32.s32 and dp2a.lo.s32.s32.
int dotModel(unsigned A, unsigned B, int C, bool Four) {
  int R = C;
  if (Four) {
    for (int I = 0; I < 4; ++I)
      R += int(int8_t(A >> (8 * I))) * int(int8_t(B >> (8 * I)));
    return R;
  }
  for (int I = 0; I < 2; ++I)
    R += int(int16_t(A >> (16 * I))) * int(int8_t(B >> (8 * I)));
  return R;
}

bool checkDots(std::mt19937 &Rng, int Count) {
  bool Ok = true;
  for (int Four = 1; Four >= 0; --Four) {
    std::vector<unsigned> A(Count), B(Count);
    std::vector<int> C(Count), Want(Count);
    for (int I = 0; I < Count; ++I) {
      A[I] = Rng(), B[I] = Rng();
      C[I] = int(Rng() % 2000001) - 1000000;
      Want[I] = dotModel(A[I], B[I], C[I], Four);
    }
    unsigned *DA = example::toDevice(A), *DB = example::toDevice(B);
    int *DC = example::toDevice(C);
    int *DD = example::poisonedDevice<int>(Count);
    dotKernel<<<(Count + 127) / 128, 128>>>(DD, DA, DB, DC, Count, Four);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> Got = example::fromDevice(DD, Count);
    example::Mismatches Bad;
    for (int I = 0; I < Count; ++I)
      Bad.check(Got[I], Want[I]);
    std::printf("%-30s %8d values, %zu mismatches\n",
                Four ? "SM61_DP4A" : "SM61_DP2A", Count, Bad.Count);
    Ok &= Bad.Count == 0;
    CHECK_CUDA(cudaFree(DA));
    CHECK_CUDA(cudaFree(DB));
    CHECK_CUDA(cudaFree(DC));
    CHECK_CUDA(cudaFree(DD));
  }
  return Ok;
}

bool checkMovm(std::mt19937 &Rng, int Tiles) {
  std::vector<unsigned> In(Tiles * Warp), Want(Tiles * Warp);
  for (unsigned &X : In)
    X = Rng();
  // Element (r, c) of a tile: lane 4 r + c / 2, half c % 2.
  auto At = [](const std::vector<unsigned> &T, int Tile, int R, int C) {
    return uint16_t(T[Tile * Warp + 4 * R + C / 2] >> (16 * (C % 2)));
  };
  for (int Tile = 0; Tile < Tiles; ++Tile)
    for (int L = 0; L < Warp; ++L) {
      int R = L / 4, C = 2 * (L % 4);
      Want[Tile * Warp + L] = unsigned(At(In, Tile, C, R)) |
                              unsigned(At(In, Tile, C + 1, R)) << 16;
    }
  unsigned *DIn = example::toDevice(In);
  unsigned *DOut = example::poisonedDevice<unsigned>(In.size());
  movmKernel<<<Tiles, Warp>>>(DOut, DIn, Tiles);
  CHECK_CUDA(cudaGetLastError());
  std::vector<unsigned> Got = example::fromDevice(DOut, In.size());
  example::Mismatches Bad;
  for (size_t I = 0; I < Got.size(); ++I)
    Bad.check(Got[I], Want[I]);
  std::printf("%-30s %8d tiles, %zu mismatches\n", "SM75_U32x1_MOVM_T", Tiles,
              Bad.Count);
  CHECK_CUDA(cudaFree(DIn));
  CHECK_CUDA(cudaFree(DOut));
  return Bad.Count == 0;
}

template <bool Gauss> bool checkComplex(std::mt19937 &Rng, int Tiles) {
  constexpr int Parts = Gauss ? 3 : 2;
  // Small integers: every product and sum is exact in double.
  auto Small = [&] { return double(int(Rng() % 17) - 8); };
  std::vector<double> A(Tiles * 8 * 4 * 2), B(A.size());
  std::vector<double> C(Tiles * 8 * 8 * Parts);
  for (double &X : A)
    X = Small();
  for (double &X : B)
    X = Small();
  for (double &X : C)
    X = Small();
  double *DA = example::toDevice(A), *DB = example::toDevice(B);
  double *DC = example::toDevice(C);
  double *DD = example::poisonedDevice<double>(C.size());
  complexKernel<Gauss><<<Tiles, Warp>>>(DD, DA, DB, DC, Tiles);
  CHECK_CUDA(cudaGetLastError());
  std::vector<double> Got = example::fromDevice(DD, C.size());
  example::Mismatches Bad;
  for (int T = 0; T < Tiles; ++T)
    for (int M = 0; M < 8; ++M)
      for (int N = 0; N < 8; ++N) {
        const double *CV = &C[((T * 8 + N) * 8 + M) * Parts];
        const double *GV = &Got[((T * 8 + N) * 8 + M) * Parts];
        if (Gauss) {
          // Each plane accumulates its own products.
          double T0 = CV[0], T1 = CV[1], T2 = CV[2];
          for (int K = 0; K < 4; ++K) {
            const double *AV = &A[((T * 4 + K) * 8 + M) * 2];
            const double *BV = &B[((T * 4 + K) * 8 + N) * 2];
            T0 += AV[0] * BV[0];
            T1 += AV[1] * BV[1];
            T2 += (AV[0] + AV[1]) * (BV[0] + BV[1]);
          }
          Bad.check(GV[0], T0);
          Bad.check(GV[1], T1);
          Bad.check(GV[2], T2);
          continue;
        }
        double Re = CV[0], Im = CV[1];
        for (int K = 0; K < 4; ++K) {
          const double *AV = &A[((T * 4 + K) * 8 + M) * 2];
          const double *BV = &B[((T * 4 + K) * 8 + N) * 2];
          Re += AV[0] * BV[0] - AV[1] * BV[1];
          Im += AV[0] * BV[1] + AV[1] * BV[0];
        }
        Bad.check(GV[0], Re);
        Bad.check(GV[1], Im);
      }
  std::printf("%-30s %8d tiles, %zu mismatches\n",
              Gauss ? "SM80_8x8x4_GC64C64C64GC64_TN"
                    : "SM80_8x8x4_C64C64C64C64_TN",
              Tiles, Bad.Count);
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  CHECK_CUDA(cudaFree(DD));
  return Bad.Count == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  int Tiles = Argc > 1 ? std::atoi(Argv[1]) : 64;
  if (Tiles <= 0) {
    std::fprintf(stderr, "usage: %s [Tiles > 0]\n", Argv[0]);
    return 2;
  }
  std::mt19937 Rng(2026);
  bool Ok = checkDots(Rng, Tiles * Warp);
  Ok &= checkMovm(Rng, Tiles);
  Ok &= checkComplex<false>(Rng, Tiles);
  Ok &= checkComplex<true>(Rng, Tiles);
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
