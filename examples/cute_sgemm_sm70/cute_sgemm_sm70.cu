//===- cute_sgemm_sm70.cu - CuTe's tutorial sgemm_sm70 on <cute/llvm.h> ---===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's SM70 GEMM tutorial (examples/cute/tutorial/sgemm_sm70.cu of
/// CUTLASS), ported to <cute/llvm.h>: sgemm_2's tiled objects (TiledCopy of
/// 128-bit or 32-bit universal copies, TiledMMA of UniversalFMA over
/// (16,16,1)) with the tutorial's two-level pipeline: the next k-tile
/// staged global -> registers -> shared memory, and each k-block of the
/// shared tile copied into register fragments of the TiledMMA
/// (partition_fragment_A/B: CuTe's make_fragment_A/B) one k-block ahead of
/// the gemm on them.
///
/// M, N and K must be multiples of the tile (as in the tutorial). Checked
/// against a host reference in double; exit status 1 on a mismatch.
///
///   cute_sgemm_sm70 [M N K]...  (default: a few multiples of the tile)
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/algorithm.h>
#include <cute/llvm.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

constexpr int BM = 128, BN = 128, BK = 8, Threads = 256;

constexpr cute::CopyAtom Copy128 = cute::copy_atom("UniversalCopy<uint128_t>");
constexpr cute::CopyAtom Copy32 = cute::copy_atom("UniversalCopy<uint32_t>");
constexpr cute::TiledMmaShape MmaC = cute::tiled_mma_shape(
    cute::mma_atom("UniversalFMA<F32,F32,F32,F32>"), "(16,16,1)");
static_assert(MmaC.threads() == Threads, "256 threads");

/// gemm_nt: m-major shared memory; each thread copies 4x1 floats with one
/// 128-bit copy, 32x8 threads m-major.
struct NT {
  static constexpr const cute::CopyAtom &Atom = Copy128;
  static constexpr const char *SA = "(128,8):(1,128)";
  static constexpr const char *SB = "(128,8):(1,128)";
  static constexpr const char *Thr = "(32,8):(1,32)";
  static constexpr const char *Val = "(4,1):(1,0)";
  static constexpr int CopyRegs = 4;
  static constexpr bool MN = true;
  static constexpr const char *DA = "(?,?):(1,?)";
  static constexpr const char *DB = "(?,?):(1,?)";
};
/// gemm_tn: padded m-major shared memory; one float per thread and copy,
/// 32x8 threads k-major.
struct TN {
  static constexpr const cute::CopyAtom &Atom = Copy32;
  static constexpr const char *SA = "(128,8):(1,129)";
  static constexpr const char *SB = "(128,8):(1,129)";
  static constexpr const char *Thr = "(32,8):(8,1)";
  static constexpr const char *Val = "(1,1):(0,0)";
  static constexpr int CopyRegs = 4;
  static constexpr bool MN = false;
  static constexpr const char *DA = "(?,?):(?,1)";
  static constexpr const char *DB = "(?,?):(?,1)";
};


template <class L>
__global__ void __launch_bounds__(Threads)
    gemmDevice(int M, int N, int K, float Alpha, const float *A, int LdA,
               const float *B, int LdB, float Beta, float *C, int LdC) {
  using namespace cute;
  // Full and tiled tensors.
  auto MA = make_view(A, make_layout(L::DA, M, K, LdA)); // (M,K)
  auto MB = make_view(B, make_layout(L::DB, N, K, LdB)); // (N,K)
  auto MC = make_view(C, make_layout("(?,?):(1,?)", M, N, LdC)); // (M,N)
  int Bx = blockIdx.x, By = blockIdx.y, Tid = threadIdx.x;
  auto GA = local_tile(MA, make_tile("(128,8)"), make_coord("(?,_)", Bx));
  auto GB = local_tile(MB, make_tile("(128,8)"), make_coord("(?,_)", By));
  auto GC = local_tile(MC, make_tile("(128,128)"),
                       make_coord("(?,?)", Bx, By)); // (BLK_M,BLK_N)

  // Shared memory buffers.
  __shared__ alignas(16) float SmemA[BM * (BK + 1)], SmemB[BN * (BK + 1)];
  auto SA = make_view(SmemA, make_layout(L::SA)); // (BLK_M,BLK_K)
  auto SB = make_view(SmemB, make_layout(L::SB)); // (BLK_N,BLK_K)

  // Partition the copying of A and B tiles across the threads.
  auto CopyA = make_tiled_copy<float, L::Atom>(L::Thr, L::Val);
  auto CopyB = make_tiled_copy<float, L::Atom>(L::Thr, L::Val);
  auto ThrCopyA = CopyA.get_slice(Tid);
  auto TAgA = ThrCopyA.partition_S(GA); // (CPY,CPY_M,CPY_K,k)
  auto TAsA = ThrCopyA.partition_D(SA); // (CPY,CPY_M,CPY_K)
  float RegA[L::CopyRegs];
  auto TArA = make_fragment(RegA, make_layout_like(get_layout(TAsA)));
  auto ThrCopyB = CopyB.get_slice(Tid);
  auto TBgB = ThrCopyB.partition_S(GB); // (CPY,CPY_N,CPY_K,k)
  auto TBsB = ThrCopyB.partition_D(SB); // (CPY,CPY_N,CPY_K)
  float RegB[L::CopyRegs];
  auto TBrB = make_fragment(RegB, make_layout_like(get_layout(TBsB)));

  // Copy gmem to rmem for k_tile = 0.
  copy(CopyA, slice(TAgA, make_coord("(_,_,_,0)")), TArA);
  copy(CopyB, slice(TBgB, make_coord("(_,_,_,0)")), TBrB);

  // Partition via the TiledMMA; the register fragments of A and B hold a
  // whole k-tile, (MMA,MMA_M,MMA_K) and (MMA,MMA_N,MMA_K).
  auto Mma = make_tiled_mma<MmaC>();
  auto ThrMma = Mma.get_slice(Tid);
  auto TCsA = ThrMma.partition_A(SA); // (MMA,MMA_M,MMA_K)
  auto TCsB = ThrMma.partition_B(SB); // (MMA,MMA_N,MMA_K)
  auto TCgC = ThrMma.partition_C(GC); // (MMA,MMA_M,MMA_N)
  float FragA[MmaC.size_A(BM, BK)], FragB[MmaC.size_B(BN, BK)];
  float RegC[MmaC.size_C(BM, BN)];
  auto TCrA = make_fragment(FragA, ThrMma.partition_fragment_A(SA));
  auto TCrB = make_fragment(FragB, ThrMma.partition_fragment_B(SB));
  auto TCrC = make_fragment(RegC, ThrMma.partition_fragment_C(GC));
  fill(TCrC, 0.0f);

  auto AtK = [](int K) { return make_coord("(_,_,?)", K); };
  // Copy rmem to smem, then the first k-block to registers.
  copy(TArA, TAsA);
  copy(TBrB, TBsB);
  __syncthreads();
  copy(slice(TCsA, AtK(0)), slice(TCrA, AtK(0)));
  copy(slice(TCsB, AtK(0)), slice(TCrB, AtK(0)));

  int KTiles = size(TAgA, "mode=3");
  constexpr int KBlocks = BK / (1 * 1); // UniversalFMA's K is 1
#pragma unroll 1
  for (int KTile = 0; KTile < KTiles; ++KTile) {
#pragma unroll
    for (int KBlock = 0; KBlock < KBlocks; ++KBlock) {
      if (KBlock == KBlocks - 1) {
        // The next k-tile: registers to shared memory.
        __syncthreads();
        copy(TArA, TAsA);
        copy(TBrB, TBsB);
        __syncthreads();
      }
      // The next k-block: shared memory to registers.
      int KBlockNext = (KBlock + 1) % KBlocks;
      copy(slice(TCsA, AtK(KBlockNext)), slice(TCrA, AtK(KBlockNext)));
      copy(slice(TCsB, AtK(KBlockNext)), slice(TCrB, AtK(KBlockNext)));
      if (KBlock == 0) {
        // The k-tile after: global memory to registers.
        int Next = KTile + 1 < KTiles ? KTile + 1 : KTile;
        copy(CopyA, slice(TAgA, make_coord("(_,_,_,?)", Next)), TArA);
        copy(CopyB, slice(TBgB, make_coord("(_,_,_,?)", Next)), TBrB);
      }
      gemm(Mma, slice(TCrA, AtK(KBlock)), slice(TCrB, AtK(KBlock)), TCrC);
    }
  }

  // Epilogue.
  axpby(Alpha, TCrC, Beta, TCgC);
}

/// C (m-major, LdC = M) = Alpha A B + Beta C; NT or TN as the tutorial's.
template <class L>
void gemm(int M, int N, int K, float Alpha, const float *A, int LdA,
          const float *B, int LdB, float Beta, float *C, int LdC) {
  dim3 Block(Threads), Grid((M + BM - 1) / BM, (N + BN - 1) / BN);
  gemmDevice<L><<<Grid, Block>>>(M, N, K, Alpha, A, LdA, B, LdB, Beta, C,
                                 LdC);
  CHECK_CUDA(cudaGetLastError());
}

/// Runs one layout on M x N x K against a host reference in double.
template <class L>
bool check(const char *Name, int M, int N, int K, std::mt19937 &Rng) {
  bool NTLayout = L::MN; // A and B m- and n-major
  std::uniform_real_distribution<float> U(-1.f, 1.f);
  std::vector<float> HA(size_t(M) * K), HB(size_t(N) * K), HC(size_t(M) * N);
  for (float &X : HA)
    X = U(Rng);
  for (float &X : HB)
    X = U(Rng);
  for (float &X : HC)
    X = U(Rng);
  float Alpha = 1.5f, Beta = -0.5f;
  int LdA = NTLayout ? M : K, LdB = NTLayout ? N : K;
  float *DA = example::toDevice(HA), *DB = example::toDevice(HB),
        *DC = example::toDevice(HC);
  gemm<L>(M, N, K, Alpha, DA, LdA, DB, LdB, Beta, DC, M);
  std::vector<float> Out = example::fromDevice(DC, HC.size());
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  double MaxErr = 0;
  long Bad = 0;
  for (int Mi = 0; Mi < M; ++Mi)
    for (int Ni = 0; Ni < N; ++Ni) {
      double Acc = 0;
      for (int Ki = 0; Ki < K; ++Ki) {
        double XA = NTLayout ? HA[size_t(Ki) * M + Mi] : HA[size_t(Mi) * K + Ki];
        double XB = NTLayout ? HB[size_t(Ki) * N + Ni] : HB[size_t(Ni) * K + Ki];
        Acc += XA * XB;
      }
      double Want = Alpha * Acc + Beta * HC[size_t(Ni) * M + Mi];
      double Err = std::fabs(Out[size_t(Ni) * M + Mi] - Want);
      MaxErr = std::max(MaxErr, Err);
      // fp32 sums of K products of magnitude <= 1: a few ulps of K.
      Bad += Err > 1e-5 * K + 1e-5;
    }
  std::printf("%s %d x %d x %d: max |err| %.2e, %ld mismatches\n", Name, M, N,
              K, MaxErr, Bad);
  return Bad == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<int> Shapes;
  for (int I = 1; I < Argc; ++I)
    Shapes.push_back(std::atoi(Argv[I]));
  if (Shapes.empty() || Shapes.size() % 3)
    Shapes = {128, 128, 8, 256, 384, 64, 512, 256, 1024, 1024, 1024, 512};
  std::mt19937 Rng(std::random_device{}());
  bool Ok = true;
  for (size_t I = 0; I < Shapes.size(); I += 3) {
    Ok &= check<NT>("sgemm_sm70 NT", Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
    Ok &= check<TN>("sgemm_sm70 TN", Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
