//===- cute_sgemm_1.cu - CuTe's tutorial sgemm_1 on <cute/llvm.h> ---------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's first GEMM tutorial (examples/cute/tutorial/sgemm_1.cu of
/// CUTLASS), ported to <cute/llvm.h>: C = alpha * A * B + beta * C in fp32
/// on SIMT cores, for the tutorial's two layouts (NT: A m-major, B n-major;
/// TN: A and B k-major; C m-major in both), its 128 x 128 x 8 CTA tile, its
/// shared-memory and thread layouts:
///
///  - the full tensors and this CTA's tiles (local_tile, its Step
///    projections spelled as the coordinates' `_`);
///  - the copy partitions of tA / tB (local_partition) and the compute
///    partitions by projections of tC (local_partition with a projection:
///    rows of tC for A, columns for B);
///  - the mainloop: copy global to shared, __syncthreads, gemm on the
///    shared-memory partitions into the register accumulator;
///  - the epilogue: axpby.
///
/// The kernel takes the tutorial's static choices as one struct of CuTe
/// notation per layout; M, N and K must be multiples of the tile (as in the
/// tutorial). Checked against a host reference in double; exit status 1 on
/// a mismatch.
///
///   cute_sgemm_1 [M N K]...     (default: a few multiples of the tile)
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

/// gemm_nt's static layouts: m-major shared memory and m-major threads.
struct NT {
  static constexpr const char *SA = "(128,8):(1,128)";
  static constexpr const char *SB = "(128,8):(1,128)";
  static constexpr const char *TA = "(32,8):(1,32)";
  static constexpr const char *TB = "(32,8):(1,32)";
  static constexpr const char *TC = "(16,16):(1,16)";
  /// A (M,K) and B (N,K) with the leading dimension as the K stride.
  static constexpr bool MN = true;
  static constexpr const char *DA = "(?,?):(1,?)";
  static constexpr const char *DB = "(?,?):(1,?)";
};
/// gemm_tn's: k-major shared memory and k-major threads.
struct TN {
  static constexpr const char *SA = "(128,8):(8,1)";
  static constexpr const char *SB = "(128,8):(8,1)";
  static constexpr const char *TA = "(32,8):(8,1)";
  static constexpr const char *TB = "(32,8):(8,1)";
  static constexpr const char *TC = "(16,16):(1,16)";
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
  int Bx = blockIdx.x, By = blockIdx.y;
  auto GA = local_tile(MA, make_tile("(128,8)"), make_coord("(?,_)", Bx));
  auto GB = local_tile(MB, make_tile("(128,8)"), make_coord("(?,_)", By));
  auto GC = local_tile(MC, make_tile("(128,128)"),
                       make_coord("(?,?)", Bx, By)); // (BLK_M,BLK_N)

  // Shared memory buffers.
  __shared__ float SmemA[BM * BK], SmemB[BN * BK];
  auto SA = make_view(SmemA, make_layout(L::SA)); // (BLK_M,BLK_K)
  auto SB = make_view(SmemB, make_layout(L::SB)); // (BLK_N,BLK_K)

  // Partition the copying of A and B tiles across the threads.
  int Tid = threadIdx.x;
  auto TAgA = local_partition(GA, make_layout(L::TA), Tid); // (THR_M,THR_K,k)
  auto TAsA = local_partition(SA, make_layout(L::TA), Tid); // (THR_M,THR_K)
  auto TBgB = local_partition(GB, make_layout(L::TB), Tid); // (THR_N,THR_K,k)
  auto TBsB = local_partition(SB, make_layout(L::TB), Tid); // (THR_N,THR_K)

  // Partition sA by the rows of tC, sB by its columns, gC by the whole.
  Layout TC = make_layout(L::TC);
  auto TCsA = local_partition(SA, TC, Tid, make_coord("(1,_)")); // (THR_M,BLK_K)
  auto TCsB = local_partition(SB, TC, Tid, make_coord("(_,1)")); // (THR_N,BLK_K)
  auto TCgC = local_partition(GC, TC, Tid);                     // (THR_M,THR_N)

  // The accumulators: the same shape as the partitioned C.
  float RegC[(BM / 16) * (BN / 16)];
  auto TCrC = make_fragment(RegC, make_layout_like(get_layout(TCgC)));
  fill(TCrC, 0.0f);

  int KTiles = size(TAgA, "mode=2");
  for (int KTile = 0; KTile < KTiles; ++KTile) {
    // Copy gmem to smem with the tA|tB partitions.
    copy(slice(TAgA, make_coord("(_,_,?)", KTile)), TAsA);
    copy(slice(TBgB, make_coord("(_,_,?)", KTile)), TBsB);
    __syncthreads();
    // Compute on the tC partitions of smem.
    gemm(TCsA, TCsB, TCrC); // (THR_M,THR_N) += (THR_M,BLK_K) * (THR_N,BLK_K)
    __syncthreads();
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
    Ok &= check<NT>("sgemm_1 NT", Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
    Ok &= check<TN>("sgemm_1 TN", Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
