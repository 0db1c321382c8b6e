//===- wgmma_tile.cu - One Hopper WGMMA tile, SS and RS -------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// D = A * B^T for one 64 x 64 x Kt tile per warpgroup (Kt = 128 bytes of
/// K: 64 fp16 / bf16, 128 fp8 e4m3, 32 tf32 elements, 4 WGMMA k-blocks),
/// f32 accumulate, through the WGMMA atoms of <cute_nvgpu_atoms.h>:
///
///  - SS: A and B from shared memory through GMMA descriptors;
///  - RS: A from registers (the atom's A fragment), B through a descriptor.
///
/// Shared memory is filled element by element through CuTe layouts in a
/// canonical GMMA layout: A in the K-major 128-byte swizzle (SW128), B in
/// SW128 or in the K-major INTERLEAVE layout (8 x 16-byte core matrices).
/// The descriptor of each k-block is cute::make_gmma_desc of that k-block's
/// local_tile, so a wrong layout type, byte offset or start address shows
/// as a mismatch. The pipeline is CuTe's: fence_operand(acc);
/// wgmma_fence(); mma...; wgmma_commit(); wgmma_wait<0>();
/// fence_operand(acc). Inputs are small integers (exact in every element
/// type and in the f32 sums), so the host reference must match exactly.
///
/// Build: cute-clang++ -fcute-lowering -O3 --cuda-gpu-arch=sm_90a -x cuda \
///   wgmma_tile.cu -o wgmma_tile -L/usr/local/cuda/lib64 -lcudart_static \
///   -ldl -lrt -lpthread
///
/// Run: `wgmma_tile`. Exit status 1 when a result differs from the host
/// reference.
///
//===----------------------------------------------------------------------===//

#include "../../../examples/common/ExampleHarness.h"

#include <cstdint>
#include <cstdio>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>
#include <cute_nvgpu_atoms.h>

namespace {
constexpr int M = 64, N = 64, Threads = 128, KBlocks = 4;

/// fp8 e4m3 of the integers -4..4 (sign, 4 exponent bits of bias 7, 3
/// mantissa bits).
__device__ __forceinline__ unsigned char toE4M3(int V) {
  const unsigned char Mag[5] = {0x00, 0x38, 0x40, 0x44, 0x48};
  int A = V < 0 ? -V : V;
  return (unsigned char)((V < 0 ? 0x80 : 0) | Mag[A]);
}

// Per element type: the storage type, the K extent (128 bytes), the atoms
// and the shared-memory layouts in elements. SW128 is the byte-address
// Swizzle<3,4,3> on element indices: S<3,3,3> for 16-bit, S<3,4,3> for
// 8-bit, S<3,2,3> for 32-bit elements. INTERLEAVE K-major: 16-byte column
// chunk j of all N rows is contiguous, (N,(T,Kt/T)):(T,(1,N*T)).
struct F16 {
  using T = _Float16;
  static constexpr int Kt = 64;
  static constexpr const char *Name = "fp16";
  static constexpr const char *SS = "SM90_64x64x16_F32F16F16_SS";
  static constexpr const char *RS = "SM90_64x64x16_F32F16F16_RS";
  static constexpr const char *SW128 = "S<3,3,3> o 0 o (64,64):(64,1)";
  static constexpr const char *Inter = "(64,(8,8)):(8,(1,512))";
  static constexpr const char *KBlock = "(64,16)";
  __device__ static T conv(int V) { return (T)V; }
};
struct BF16 {
  using T = __bf16;
  static constexpr int Kt = 64;
  static constexpr const char *Name = "bf16";
  static constexpr const char *SS = "SM90_64x64x16_F32BF16BF16_SS";
  static constexpr const char *RS = "SM90_64x64x16_F32BF16BF16_RS";
  static constexpr const char *SW128 = "S<3,3,3> o 0 o (64,64):(64,1)";
  static constexpr const char *Inter = "(64,(8,8)):(8,(1,512))";
  static constexpr const char *KBlock = "(64,16)";
  __device__ static T conv(int V) { return (T)(float)V; }
};
struct E4M3 {
  using T = unsigned char;
  static constexpr int Kt = 128;
  static constexpr const char *Name = "fp8 e4m3";
  static constexpr const char *SS = "SM90_64x64x32_F32E4M3E4M3_SS";
  static constexpr const char *RS = "SM90_64x64x32_F32E4M3E4M3_RS";
  static constexpr const char *SW128 = "S<3,4,3> o 0 o (64,128):(128,1)";
  static constexpr const char *Inter = "(64,(16,8)):(16,(1,1024))";
  static constexpr const char *KBlock = "(64,32)";
  __device__ static T conv(int V) { return toE4M3(V); }
};
struct TF32 {
  using T = float;
  static constexpr int Kt = 32;
  static constexpr const char *Name = "tf32";
  static constexpr const char *SS = "SM90_64x64x8_F32TF32TF32_SS";
  static constexpr const char *RS = "SM90_64x64x8_F32TF32TF32_RS";
  static constexpr const char *SW128 = "S<3,2,3> o 0 o (64,32):(32,1)";
  static constexpr const char *Inter = "(64,(4,8)):(4,(1,256))";
  static constexpr const char *KBlock = "(64,8)";
  __device__ static T conv(int V) { return (T)V; }
};

/// The ordering of the generic-proxy stores to shared memory before the
/// async-proxy reads of wgmma. EXAMPLE-ONLY: inline PTX until
/// cute::sm90::fence_view_async_shared() (helper `tma`) is in main.
__device__ __forceinline__ void fenceViewAsyncShared() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
} // namespace

/// D (M x N, row-major) = A (M x Kt) * B (N x Kt)^T. \p RS takes A from
/// registers; \p InterB keeps B in the INTERLEAVE layout instead of SW128.
template <class C, bool RS, bool InterB>
__global__ void __launch_bounds__(Threads)
    wgmmaTile(float *D, const signed char *A, const signed char *B) {
  using namespace cute;
  using T = typename C::T;
  constexpr int Kt = C::Kt, Kb = Kt / KBlocks;
  __shared__ alignas(1024) T SmemA[M * Kt];
  __shared__ alignas(1024) T SmemB[N * Kt];
  int Tid = threadIdx.x;

  // Fill through the canonical layouts: (m, k) -> the swizzled index.
  Tensor<T> TA = make_view(SmemA, make_layout(C::SW128));
  Tensor<T> TB = make_view(SmemB, make_layout(InterB ? C::Inter : C::SW128));
  for (int I = Tid; I < M * Kt; I += Threads)
    store(TA, make_coord("(?,?)", I / Kt, I % Kt), C::conv(A[I]));
  for (int I = Tid; I < N * Kt; I += Threads)
    store(TB, make_coord("(?,?)", I / Kt, I % Kt), C::conv(B[I]));
  fenceViewAsyncShared();
  __syncthreads();

  // RS: the A fragment of each k-block, CuTe's ALayout: thread (t0,t1,t2)
  // of ((4,8,4)) and value (v0,v1,v2) of ((P,2,2)), P elements per b32
  // register: row t1 + 8 v1 + 16 t2, column P t0 + v0 + 4 P v2.
  constexpr int P = 4 / sizeof(T);
  uint32_t FragA[KBlocks][4];
  if constexpr (RS) {
    int T0 = Tid % 4, T1 = Tid / 4 % 8, T2 = Tid / 32;
#pragma unroll
    for (int KB = 0; KB < KBlocks; ++KB)
#pragma unroll
      for (int R = 0; R < 4; ++R) {
        T Vals[P];
#pragma unroll
        for (int V0 = 0; V0 < P; ++V0) {
          int Row = T1 + 8 * (R % 2) + 16 * T2;
          int Col = KB * Kb + P * T0 + V0 + 4 * P * (R / 2);
          Vals[V0] = C::conv(A[Row * Kt + Col]);
        }
        __builtin_memcpy(&FragA[KB][R], Vals, 4);
      }
  }

  float Acc[N / 2];
#pragma unroll
  for (int I = 0; I < N / 2; ++I)
    Acc[I] = 0.0f;
  uint64_t DescA[KBlocks], DescB[KBlocks];
#pragma unroll
  for (int KB = 0; KB < KBlocks; ++KB) {
    DescA[KB] = make_gmma_desc(
        local_tile(TA, make_tile(C::KBlock), make_coord("(0,?)", KB)),
        "major=K");
    DescB[KB] = make_gmma_desc(
        local_tile(TB, make_tile(C::KBlock), make_coord("(0,?)", KB)),
        "major=K");
  }
  if constexpr (RS)
    sm90::fence_operand(FragA);
  sm90::fence_operand(Acc);
  sm90::wgmma_fence();
#pragma unroll
  for (int KB = 0; KB < KBlocks; ++KB) {
    if constexpr (RS)
      cute_nvgpu_sm90_mma(C::RS, Acc, FragA[KB], &DescB[KB], KB > 0);
    else
      cute_nvgpu_sm90_mma(C::SS, Acc, &DescA[KB], &DescB[KB], KB > 0);
  }
  sm90::wgmma_commit();
  sm90::wgmma_wait<0>();
  sm90::fence_operand(Acc);

  // CLayout_64xN: thread (t0,t1,t2), value (v0,v1,v2) of ((2,2,N/8)): row
  // t1 + 8 v1 + 16 t2, column 2 t0 + v0 + 8 v2.
  int T0 = Tid % 4, T1 = Tid / 4 % 8, T2 = Tid / 32;
#pragma unroll
  for (int I = 0; I < N / 2; ++I) {
    int Row = T1 + 8 * (I / 2 % 2) + 16 * T2;
    int Col = 2 * T0 + I % 2 + 8 * (I / 4);
    D[Row * N + Col] = Acc[I];
  }
}

namespace {
template <class C, bool RS, bool InterB> bool runCase() {
  constexpr int Kt = C::Kt;
  std::vector<signed char> A(M * Kt), B(N * Kt);
  for (int I = 0; I < M * Kt; ++I)
    A[I] = (signed char)((I * 7 + I / Kt * 3) % 9 - 4);
  for (int I = 0; I < N * Kt; ++I)
    B[I] = (signed char)((I * 5 + I / Kt) % 7 - 3);
  signed char *DA = example::toDevice(A), *DB = example::toDevice(B);
  float *DD = example::poisonedDevice<float>(M * N);
  wgmmaTile<C, RS, InterB><<<1, Threads>>>(DD, DA, DB);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> Got = example::fromDevice(DD, M * N);
  example::Mismatches Bad;
  for (int Row = 0; Row < M; ++Row)
    for (int Col = 0; Col < N; ++Col) {
      double Want = 0;
      for (int K = 0; K < Kt; ++K)
        Want += double(A[Row * Kt + K]) * double(B[Col * Kt + K]);
      Bad.check(Got[Row * N + Col], Want);
    }
  std::printf("%-9s %s, B %-10s: %zu mismatches of %d", C::Name,
              RS ? "RS" : "SS", InterB ? "INTERLEAVE" : "SW128", Bad.Count,
              M * N);
  if (Bad.Count)
    std::printf(" (max error %g)", Bad.MaxError);
  std::printf("\n");
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DD));
  return Bad.Count == 0;
}

template <class C> bool runType() {
  bool Ok = runCase<C, false, false>();
  Ok &= runCase<C, false, true>();
  Ok &= runCase<C, true, false>();
  Ok &= runCase<C, true, true>();
  return Ok;
}
} // namespace

int main() {
  bool Ok = runType<F16>();
  Ok &= runType<BF16>();
  Ok &= runType<E4M3>();
  Ok &= runType<TF32>();
  std::printf("%s\n", Ok ? "all tiles match" : "MISMATCH");
  return Ok ? 0 : 1;
}
