//===- mma_atoms.cu - One warp-wide MMA through the atom intrinsics -------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// D = A * B^T for one 16x16 (A, f16, row-major M x K) by 8x16 (B, f16,
/// row-major N x K) tile per warp, through the atoms of the generated
/// <cute_nvgpu_atoms.h>: A comes from shared memory by ldmatrix
/// (SM75_U32x4_LDSM_N), B from global memory by the thread/value layout of
/// SM80_16x8x16_F32F16F16F32_TN, and the product by its mma.sync. Every
/// fragment index is the atom's TV layout (from the registry, as CuTe's
/// traits give it) evaluated by <cute/llvm.h>, so a wrong layout, a wrong
/// register order or a wrong instruction shows as a mismatch with the host
/// reference. Each block runs `Warps` warps on `Warps` independent tiles.
/// The baseline beside it is the same loop with the instruction written as
/// inline PTX, as CuTe C++ issues it; both are checked and timed.
///
/// Build: cute-clang++ -fcute-lowering -O3 --cuda-gpu-arch=sm_90a -x cuda \
///   mma_atoms.cu -o mma_atoms -L/usr/local/cuda/lib64 -lcudart_static \
///   -ldl -lrt -lpthread
///
/// Run: `mma_atoms [Tiles Reps]...`: Tiles tiles, each accumulated by Reps
/// mma.sync (default: 1 1, 4096 1, 4224 4096), with the time and the
/// mma.sync throughput. Exit status 1 when a result differs from the host
/// reference.
///
//===----------------------------------------------------------------------===//

#include "../../../examples/common/ExampleHarness.h"

#include <cstdio>
#include <cute/llvm.h>
#include <cute_nvgpu_atoms.h>

namespace {
constexpr int M = 16, N = 8, K = 16, Warps = 4;
} // namespace

/// Per tile T: D[T] (M x N, f32, row-major) = Reps * A[T] (M x K) *
/// B[T]^T (N x K), accumulated by Reps mma.sync.
__global__ void mma_tiles(float *D, const _Float16 *A, const _Float16 *B,
                          int Tiles, int Reps) {
  using namespace cute;
  __shared__ alignas(128) _Float16 SmemA[Warps][M * K];
  int Warp = threadIdx.x / 32, Lane = threadIdx.x % 32;
  int Tile = blockIdx.x * Warps + Warp;
  if (Tile >= Tiles)
    return;
  const _Float16 *TA = A + Tile * M * K, *TB = B + Tile * N * K;

  // A to shared memory, row-major, then ldmatrix .x4: lanes 0-15 address
  // rows 0-15 of columns 0-7, lanes 16-31 the same rows of columns 8-15;
  // the four registers come back in the mma's A fragment order.
  for (int I = Lane; I < M * K; I += 32)
    SmemA[Warp][I] = TA[I];
  __syncwarp();
  _Float16 FrgA[8];
  cute_nvgpu_ldsm("SM75_U32x4_LDSM_N", FrgA,
                  &SmemA[Warp][(Lane % 16) * K + (Lane / 16) * 8]);

  // B and C by the atom's TV layouts: (thread, value) -> index in the
  // column-major (N, K) and (M, N) tiles.
  Layout LayoutB = make_layout("((4,8),(2,2)):((16,1),(8,64))");
  Layout LayoutC = make_layout("((4,8),(2,2)):((32,1),(16,8))");
  _Float16 FrgB[4];
  float Acc[4];
#pragma unroll
  for (int V = 0; V < 4; ++V) {
    int IB = crd2idx(make_coord("(?,?)", Lane, V), LayoutB);
    FrgB[V] = TB[(IB % N) * K + IB / N];
    Acc[V] = 0.0f;
  }
  for (int R = 0; R < Reps; ++R)
    cute_nvgpu_sm80_mma("SM80_16x8x16_F32F16F16F32_TN", Acc, FrgA, FrgB, Acc);
#pragma unroll
  for (int V = 0; V < 4; ++V) {
    int IC = crd2idx(make_coord("(?,?)", Lane, V), LayoutC);
    D[Tile * M * N + (IC % M) * N + IC / M] = Acc[V];
  }
}

/// The baseline: the same accumulation loop with the instruction written as
/// inline PTX, the way CuTe C++'s SM80_16x8x16_F32F16F16F32_TN::fma issues
/// it, on fragments loaded the same way as mma_tiles's.
__global__ void mma_tiles_inline_ptx(float *D, const _Float16 *A,
                                     const _Float16 *B, int Tiles, int Reps) {
  int Lane = threadIdx.x % 32, Tile = blockIdx.x * Warps + threadIdx.x / 32;
  if (Tile >= Tiles)
    return;
  const _Float16 *TA = A + Tile * M * K, *TB = B + Tile * N * K;
  // SM80_16x8x16's A, B and C layouts, written out: thread (G, T4) =
  // (Lane / 4, Lane % 4) holds rows G and G + 8, columns 2*T4 (+1, +8, +9).
  int G = Lane / 4, T4 = Lane % 4;
  unsigned RA[4], RB[2];
  auto Pack = [](const _Float16 *P) {
    unsigned short Lo, Hi;
    __builtin_memcpy(&Lo, P, 2);
    __builtin_memcpy(&Hi, P + 1, 2);
    return unsigned(Lo) | unsigned(Hi) << 16;
  };
  RA[0] = Pack(TA + G * K + 2 * T4);
  RA[1] = Pack(TA + (G + 8) * K + 2 * T4);
  RA[2] = Pack(TA + G * K + 2 * T4 + 8);
  RA[3] = Pack(TA + (G + 8) * K + 2 * T4 + 8);
  RB[0] = Pack(TB + G * K + 2 * T4);
  RB[1] = Pack(TB + G * K + 2 * T4 + 8);
  float C0 = 0, C1 = 0, C2 = 0, C3 = 0;
  for (int R = 0; R < Reps; ++R)
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                 "{%0, %1, %2, %3};"
                 : "+f"(C0), "+f"(C1), "+f"(C2), "+f"(C3)
                 : "r"(RA[0]), "r"(RA[1]), "r"(RA[2]), "r"(RA[3]),
                   "r"(RB[0]), "r"(RB[1]));
  float *TD = D + Tile * M * N;
  TD[G * N + 2 * T4] = C0;
  TD[G * N + 2 * T4 + 1] = C1;
  TD[(G + 8) * N + 2 * T4] = C2;
  TD[(G + 8) * N + 2 * T4 + 1] = C3;
}

namespace {

using Kernel = void (*)(float *, const _Float16 *, const _Float16 *, int, int);

/// Runs \p Fn, checks it against \p Ref, prints its time and throughput.
bool measure(const char *Name, Kernel Fn, const std::vector<float> &Ref,
             const _Float16 *DA, const _Float16 *DB, int Tiles, int Reps) {
  float *DD = example::poisonedDevice<float>(Ref.size());
  int Blocks = (Tiles + Warps - 1) / Warps;
  auto Launch = [&] { Fn<<<Blocks, Warps * 32>>>(DD, DA, DB, Tiles, Reps); };
  Launch();
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> Got = example::fromDevice(DD, Ref.size());
  example::Mismatches Bad;
  for (size_t I = 0; I < Ref.size(); ++I)
    Bad.check(Got[I], Ref[I]);
  double Sec = example::timeLaunches(Launch, 20);
  double Flops = 2.0 * M * N * K * double(Tiles) * Reps;
  std::printf("%s %d tiles x %d mma: %zu mismatches, max error %g, %.3f us, "
              "%.2f TFLOP/s\n",
              Name, Tiles, Reps, Bad.Count, Bad.MaxError, Sec * 1e6,
              Flops / Sec / 1e12);
  CHECK_CUDA(cudaFree(DD));
  return Bad.Count == 0;
}

bool runOne(int Tiles, int Reps) {
  std::vector<_Float16> A(size_t(Tiles) * M * K), B(size_t(Tiles) * N * K);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = _Float16(float(int(I * 7 % 13) - 6) / 4);
  for (size_t I = 0; I < B.size(); ++I)
    B[I] = _Float16(float(int(I * 5 % 11) - 5) / 2);
  // Multiples of 1/8 below 2^21: exact in f32, whatever the order of sums.
  std::vector<float> Ref(size_t(Tiles) * M * N);
  for (int T = 0; T < Tiles; ++T)
    for (int Mi = 0; Mi < M; ++Mi)
      for (int Ni = 0; Ni < N; ++Ni) {
        float Acc = 0;
        for (int Ki = 0; Ki < K; ++Ki)
          Acc += float(A[size_t(T) * M * K + Mi * K + Ki]) *
                 float(B[size_t(T) * N * K + Ni * K + Ki]);
        Ref[size_t(T) * M * N + Mi * N + Ni] = Acc * Reps;
      }
  _Float16 *DA = example::toDevice(A), *DB = example::toDevice(B);
  bool Ok = measure("mma_atoms", mma_tiles, Ref, DA, DB, Tiles, Reps);
  Ok &= measure("inline_ptx", mma_tiles_inline_ptx, Ref, DA, DB, Tiles, Reps);
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  return Ok;
}

} // namespace

/// Sizes: pairs of (tiles, mma per tile).
int main(int Argc, char **Argv) {
  return example::runSizes(Argc, Argv, {1, 1, 4096, 1, 4224, 4096}, runOne);
}
