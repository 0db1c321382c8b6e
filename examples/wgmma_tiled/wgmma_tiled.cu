//===- wgmma_tiled.cu - A WGMMA tile in the CuTe idiom, every major -------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// C = A * B^T for one 128 x 64 x 64 tile per CTA, written as CuTe writes a
/// Hopper mainloop: a TiledMMA of a WGMMA atom over two warpgroups,
/// partition_A/B of the shared-memory tiles, partition_fragment_C, and
/// `gemm` between warpgroup_arrive and warpgroup_wait. The descriptors come
/// from the partitions (in the major the atom names); nothing is indexed by
/// hand. A and B are stored in global memory K-major (`T`, A[m*K + k]) or
/// MN-major (`N`, A[k*M + m]), and in shared memory in the canonical GMMA
/// layout of the same major (SW128, SW64, SW32 or INTERLEAVE), filled
/// element by element through the two layouts. The cases:
///
///  - SS, 16-bit: TN, NT, NN, TT (A and B majors K/MN), in every swizzle;
///  - RS: A from registers (copied from its partition_A), B K- or N-major.
///
/// Inputs are small integers (exact in fp16/bf16 and in the f32 sums): the
/// host reference must match exactly.
///
/// Build: cute-clang++ -fcute-lowering -O3 --cuda-gpu-arch=sm_90a -x cuda \
///   wgmma_tiled.cu -o wgmma_tiled -L/usr/local/cuda/lib64 -lcudart_static \
///   -ldl -lrt -lpthread
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "../common/GemmCheck.h"

#include <cstdio>
#include <cute/arch/sm90.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>
#include <vector>

namespace {
constexpr int BM = 128, BN = 64, BK = 64;

/// The shared-memory layout types (CuTe's GMMA::Layout_*_Atom).
enum class Sw { SW128, SW64, SW32, Inter };
constexpr const char *swName(Sw S) {
  return S == Sw::SW128 ? "SW128" : S == Sw::SW64 ? "SW64"
                                  : S == Sw::SW32 ? "SW32"
                                                  : "INTER";
}
constexpr bool isMN(const char *Major) { return Major[0] == 'M'; }

using cute::mma_atom;
constexpr cute::MmaAtom F16TN = mma_atom("SM90_64x64x16_F32F16F16_SS");
constexpr cute::MmaAtom F16NT = mma_atom("SM90_64x64x16_F32F16F16_SS<MN,K>");
constexpr cute::MmaAtom F16TT = mma_atom("SM90_64x64x16_F32F16F16_SS<K,MN>");
constexpr cute::MmaAtom F16NN = mma_atom("SM90_64x64x16_F32F16F16_SS<MN,MN>");
constexpr cute::MmaAtom BF16NN =
    mma_atom("SM90_64x64x16_F32BF16BF16_SS<MN,MN>");
constexpr cute::MmaAtom F16RS = mma_atom("SM90_64x64x16_F32F16F16_RS");
constexpr cute::MmaAtom F16RSN = mma_atom("SM90_64x64x16_F32F16F16_RS<K,MN>");
constexpr cute::MmaAtom BF16RSN =
    mma_atom("SM90_64x64x16_F32BF16BF16_RS<K,MN>");

/// The TiledMMA: the atom over two warpgroups along M (128 x 64 x 16).
template <const cute::MmaAtom &Atom>
constexpr cute::TiledMmaShape TiledMmaOfAtom =
    cute::tiled_mma_shape(Atom, "(2,1,1)");

/// The global layout of a Rows x K operand stored K-major or MN-major.
template <bool MN> constexpr const char *globalLayout(bool IsA) {
  return IsA ? (MN ? "(128,64):(1,128)" : "(128,64):(64,1)")
             : (MN ? "(64,64):(1,64)" : "(64,64):(64,1)");
}
} // namespace

/// CuTe's GMMA::Layout_{K,MN}_{SW128,SW64,SW32,INTER}_Atom<T>.
template <class T, bool MN, Sw S>
__device__ __forceinline__ cute::Layout gmmaAtom() {
  using namespace cute::GMMA;
  if constexpr (S == Sw::SW128)
    return MN ? Layout_MN_SW128_Atom<T>() : Layout_K_SW128_Atom<T>();
  else if constexpr (S == Sw::SW64)
    return MN ? Layout_MN_SW64_Atom<T>() : Layout_K_SW64_Atom<T>();
  else if constexpr (S == Sw::SW32)
    return MN ? Layout_MN_SW32_Atom<T>() : Layout_K_SW32_Atom<T>();
  else
    return MN ? Layout_MN_INTER_Atom<T>() : Layout_K_INTER_Atom<T>();
}

template <class T, const cute::MmaAtom &Atom, bool MNA, bool MNB, Sw S>
__global__ void __launch_bounds__(256)
    wgmmaTiled(float *C, const T *A, const T *B) {
  using namespace cute;
  constexpr const TiledMmaShape &TiledMma = TiledMmaOfAtom<Atom>;
  constexpr bool RS = Atom.MajorA[0] == 0;
  __shared__ alignas(1024) T SmemA[BM * BK];
  __shared__ alignas(1024) T SmemB[BN * BK];
  int Tid = threadIdx.x;

  // The operands in global memory and their canonical shared-memory tiles
  // (profiles are constant expressions, folded to literals).
  constexpr const char *LayoutGA = globalLayout<MNA>(true);
  constexpr const char *LayoutGB = globalLayout<MNB>(false);
  auto GA = make_view(A, make_layout(LayoutGA));
  auto GB = make_view(B, make_layout(LayoutGB));
  auto SA = make_view(SmemA, tile_to_shape(gmmaAtom<T, MNA, S>(),
                                           make_shape("(128,64)")));
  auto SB = make_view(SmemB, tile_to_shape(gmmaAtom<T, MNB, S>(),
                                           make_shape("(64,64)")));
  for (int I = Tid; I < BM * BK; I += 256)
    store(SA, I, load(GA, I));
  for (int I = Tid; I < BN * BK; I += 256)
    store(SB, I, load(GB, I));
  sm90::fence_view_async_shared();
  __syncthreads();

  TiledMMA Mma = make_tiled_mma<TiledMma>();
  auto GC = make_view(C, make_layout("(128,64):(64,1)"));
  auto TCsA = partition_A(Mma, SA, Tid); // (MMA,MMA_M,MMA_K)
  auto TCsB = partition_B(Mma, SB, Tid); // (MMA,MMA_N,MMA_K)
  float RegC[TiledMma.size_C(BM, BN)];
  auto TCrC = make_fragment(RegC, partition_fragment_C(Mma, GC));
  // RS: the A fragment, copied from the thread's partition of the tile.
  T RegA[RS ? TiledMma.size_A(BM, BK) : 1];
  if constexpr (RS) {
    auto TCrA = make_fragment(RegA, partition_fragment_A(Mma, SA));
#pragma unroll
    for (int I = 0; I < size(TCrA); ++I)
      store(TCrA, I, load(TCsA, I));
    warpgroup_fence_operand(RegA);
  }

  warpgroup_fence_operand(RegC);
  warpgroup_arrive();
  if constexpr (RS)
    gemm<Atom>(make_fragment(RegA, partition_fragment_A(Mma, SA)), TCsB, TCrC,
               /*ScaleD=*/0);
  else
    gemm<Atom>(TCsA, TCsB, TCrC, /*ScaleD=*/0);
  warpgroup_commit_batch();
  warpgroup_wait<0>();
  warpgroup_fence_operand(RegC);

  auto TCgC = partition_C(Mma, GC, Tid);
#pragma unroll
  for (int I = 0; I < size(TCrC); ++I)
    store(TCgC, I, load(TCrC, I));
}

namespace {
template <class T, const cute::MmaAtom &Atom, Sw S = Sw::SW128>
bool runCase(const char *TypeName) {
  constexpr bool MNA = isMN(Atom.MajorA), MNB = isMN(Atom.MajorB);
  // A(m, k) and B(n, k) as small integers, stored in their majors.
  std::vector<T> A(BM * BK), B(BN * BK);
  auto ValA = [](int M, int K) { return (M * 7 + K * 3) % 9 - 4; };
  auto ValB = [](int N, int K) { return (N * 5 + K) % 7 - 3; };
  for (int M = 0; M < BM; ++M)
    for (int K = 0; K < BK; ++K)
      A[MNA ? K * BM + M : M * BK + K] =
          example::exactly<T>(float(ValA(M, K)));
  for (int N = 0; N < BN; ++N)
    for (int K = 0; K < BK; ++K)
      B[MNB ? K * BN + N : N * BK + K] =
          example::exactly<T>(float(ValB(N, K)));
  T *DA = example::toDevice(A), *DB = example::toDevice(B);
  float *DC = example::poisonedDevice<float>(BM * BN);
  wgmmaTiled<T, Atom, MNA, MNB, S><<<1, 256>>>(DC, DA, DB);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> Got = example::fromDevice(DC, BM * BN);
  example::Mismatches Bad;
  for (int M = 0; M < BM; ++M)
    for (int N = 0; N < BN; ++N) {
      double Want = 0;
      for (int K = 0; K < BK; ++K)
        Want += double(ValA(M, K)) * double(ValB(N, K));
      Bad.check(Got[M * BN + N], Want);
    }
  std::printf("%-4s %-38s %-5s: %zu mismatches of %d", TypeName, Atom.Name,
              swName(S), Bad.Count, BM * BN);
  if (Bad.Count)
    std::printf(" (max error %g)", Bad.MaxError);
  std::printf("\n");
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  return Bad.Count == 0;
}
} // namespace

int main() {
  using half = _Float16;
  bool Ok = runCase<half, F16TN>("f16");
  Ok &= runCase<half, F16NT>("f16");
  Ok &= runCase<half, F16TT>("f16");
  Ok &= runCase<half, F16NN>("f16");
  Ok &= runCase<half, F16NN, Sw::SW64>("f16");
  Ok &= runCase<half, F16NN, Sw::SW32>("f16");
  Ok &= runCase<half, F16NN, Sw::Inter>("f16");
  Ok &= runCase<half, F16TN, Sw::Inter>("f16");
  Ok &= runCase<__bf16, BF16NN>("bf16");
  Ok &= runCase<half, F16RS>("f16");
  Ok &= runCase<half, F16RSN>("f16");
  Ok &= runCase<half, F16RSN, Sw::SW64>("f16");
  Ok &= runCase<__bf16, BF16RSN>("bf16");
  std::printf("%s\n", Ok ? "all tiles match" : "MISMATCH");
  return Ok ? 0 : 1;
}
