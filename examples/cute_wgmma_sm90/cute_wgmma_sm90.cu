//===- cute_wgmma_sm90.cu - CuTe's tutorial wgmma_sm90 on <cute/llvm.h> ---===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's first Hopper tutorial (examples/cute/tutorial/hopper/wgmma_sm90.cu
/// of CUTLASS), ported to <cute/llvm.h>: C = alpha * A * B + beta * C in
/// fp16 with fp16 accumulation, one warpgroup per 128 x 128 x 64 CTA tile,
/// for the tutorial's two layouts:
///
///  - NT: A and B MN-major, stage rings GMMA::Layout_MN_SW128_Atom tiled to
///    (128,64,3), cp.async TiledCopies of 16 x 8 threads by 8 x 1 values,
///    SM90_64x64x16_F16F16F16_SS<MN,MN>;
///  - TN: K-major, Layout_K_SW128_Atom, k-major 16 x 8 threads by 1 x 8
///    values, SM90_64x64x16_F16F16F16_SS;
///  - a three-stage cp.async pipeline (the tutorial's: fence, wait<0>), the
///    TiledMMA's partitions of the rings, gemm(tiled_mma, ...) between
///    warpgroup_arrive and warpgroup_commit_batch / warpgroup_wait<0>, and
///    axpby into C (m-major).
///
/// The inputs are the tutorial's (+-1), so every product and partial sum is
/// an integer that fp16 holds exactly for K <= 1024: the result must equal a
/// host reference bit for bit. M, N and K must be multiples of the tile.
/// Exit status 1 on a mismatch.
///
///   cute_wgmma_sm90 [M N K]...  (default: a few multiples of the tile)
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/algorithm.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using half = _Float16;

constexpr int BM = 128, BN = 128, BK = 64, Pipe = 3;
constexpr cute::CopyAtom CpAsync =
    cute::copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");

/// gemm_nt: MN-major operands.
struct NT {
  static constexpr cute::MmaAtom Mma =
      cute::mma_atom("SM90_64x64x16_F16F16F16_SS<MN,MN>");
  static constexpr bool MN = true;
  static constexpr const char *Thr = "(16,8):(1,16)";
  static constexpr const char *Val = "(8,1):(1,0)";
  static constexpr const char *DA = "(?,?):(1,?)";
};
/// gemm_tn: K-major operands.
struct TN {
  static constexpr cute::MmaAtom Mma =
      cute::mma_atom("SM90_64x64x16_F16F16F16_SS");
  static constexpr bool MN = false;
  static constexpr const char *Thr = "(16,8):(8,1)";
  static constexpr const char *Val = "(1,8):(0,1)";
  static constexpr const char *DA = "(?,?):(?,1)";
};
template <class L>
constexpr cute::TiledMmaShape TiledMma = cute::tiled_mma_shape(L::Mma);

/// The stage ring (Rows,BK,PIPE) of an operand in the layout's major.
template <class L>
__device__ __forceinline__ cute::Layout stageRing() {
  using namespace cute;
  if constexpr (L::MN)
    return tile_to_shape(GMMA::Layout_MN_SW128_Atom<half>(),
                         make_shape("(?,?,?)", BM, BK, Pipe));
  else
    return tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                         make_shape("(?,?,?)", BM, BK, Pipe));
}

struct SharedStorage {
  alignas(1024) half A[BM * BK * Pipe];
  alignas(1024) half B[BN * BK * Pipe];
};

template <class L>
__global__ void __launch_bounds__(128)
    gemmDevice(int M, int N, int K, half Alpha, const half *A, int LdA,
               const half *B, int LdB, half Beta, half *C, int LdC) {
  using namespace cute;
  // Full and tiled tensors.
  auto MA = make_view(A, make_layout(L::DA, M, K, LdA)); // (M,K)
  auto MB = make_view(B, make_layout(L::DA, N, K, LdB)); // (N,K)
  auto MC = make_view(C, make_layout("(?,?):(1,?)", M, N, LdC)); // (M,N)
  int Bx = blockIdx.x, By = blockIdx.y, Tid = threadIdx.x;
  auto GA = local_tile(MA, make_tile("(128,64)"), make_coord("(?,_)", Bx));
  auto GB = local_tile(MB, make_tile("(128,64)"), make_coord("(?,_)", By));
  auto GC = local_tile(MC, make_tile("(128,128)"), make_coord("(?,?)", Bx, By));

  // Shared memory: the stage rings.
  extern __shared__ __attribute__((aligned(1024))) unsigned char Smem[];
  SharedStorage &S = *reinterpret_cast<SharedStorage *>(Smem);
  auto SA = make_view(S.A, stageRing<L>()); // (BLK_M,BLK_K,PIPE)
  auto SB = make_view(S.B, stageRing<L>()); // (BLK_N,BLK_K,PIPE)

  // The cp.async TiledCopies' partitions.
  auto CopyA = make_tiled_copy<half, CpAsync>(L::Thr, L::Val);
  auto CopyB = make_tiled_copy<half, CpAsync>(L::Thr, L::Val);
  auto ThrCopyA = CopyA.get_slice(Tid), ThrCopyB = CopyB.get_slice(Tid);
  auto TAgA = ThrCopyA.partition_S(GA); // (CPY,CPY_M,CPY_K,k)
  auto TAsA = ThrCopyA.partition_D(SA); // (CPY,CPY_M,CPY_K,PIPE)
  auto TBgB = ThrCopyB.partition_S(GB);
  auto TBsB = ThrCopyB.partition_D(SB);

  // The TiledMMA's partitions and the accumulators.
  auto Mma = make_tiled_mma<TiledMma<L>>();
  auto ThrMma = Mma.get_slice(Tid);
  auto TCsA = ThrMma.partition_A(SA); // (MMA,MMA_M,MMA_K,PIPE)
  auto TCsB = ThrMma.partition_B(SB); // (MMA,MMA_N,MMA_K,PIPE)
  auto TCgC = ThrMma.partition_C(GC); // (MMA,MMA_M,MMA_N)
  half RegC[TiledMma<L>.size_C(BM, BN)];
  auto TCrC = make_fragment(RegC, ThrMma.partition_fragment_C(GC));

  auto AtK = [](int KT) { return make_coord("(_,_,_,?)", KT); };
  int KTiles = size(TAgA, "mode=3");
  // Prefetch all but the last stage.
#pragma unroll
  for (int P = 0; P < Pipe - 1; ++P) {
    copy(CopyA, slice(TAgA, AtK(P)), slice(TAsA, AtK(P)));
    copy(CopyB, slice(TBgB, AtK(P)), slice(TBsB, AtK(P)));
    cp_async_fence();
  }
  fill(TCrC, half(0));
  __syncthreads();

  int PipeRead = 0, PipeWrite = Pipe - 1;
#pragma unroll 1
  for (int KTile = 0; KTile < KTiles; ++KTile) {
    // Copy the k-tile Pipe - 1 ahead (the last one again past the end).
    int Next = KTile + (Pipe - 1);
    Next = Next >= KTiles ? KTiles - 1 : Next;
    copy(CopyA, slice(TAgA, AtK(Next)), slice(TAsA, AtK(PipeWrite)));
    copy(CopyB, slice(TBgB, AtK(Next)), slice(TBsB, AtK(PipeWrite)));
    cp_async_fence();
    PipeWrite = PipeWrite + 1 == Pipe ? 0 : PipeWrite + 1;
    // Wait for everything in flight (the tutorial's simple pipeline).
    cp_async_wait<0>();
    __syncthreads();
    warpgroup_fence_operand(RegC);
    warpgroup_arrive();
    gemm(Mma, slice(TCsA, AtK(PipeRead)), slice(TCsB, AtK(PipeRead)), TCrC);
    warpgroup_commit_batch();
    warpgroup_wait<0>();
    warpgroup_fence_operand(RegC);
    __syncthreads();
    PipeRead = PipeRead + 1 == Pipe ? 0 : PipeRead + 1;
  }

  // Epilogue.
  axpby(Alpha, TCrC, Beta, TCgC);
}

template <class L>
void gemm(int M, int N, int K, half Alpha, const half *A, int LdA,
          const half *B, int LdB, half Beta, half *C, int LdC) {
  int Smem = int(sizeof(SharedStorage));
  CHECK_CUDA(cudaFuncSetAttribute(
      gemmDevice<L>, cudaFuncAttributeMaxDynamicSharedMemorySize, Smem));
  dim3 Grid(M / BM, N / BN), Block(128);
  gemmDevice<L><<<Grid, Block, Smem>>>(M, N, K, Alpha, A, LdA, B, LdB, Beta,
                                       C, LdC);
  CHECK_CUDA(cudaGetLastError());
}

template <class L>
bool check(const char *Name, int M, int N, int K, std::mt19937 &Rng) {
  std::vector<half> HA(size_t(M) * K), HB(size_t(N) * K), HC(size_t(M) * N);
  for (half &X : HA)
    X = Rng() % 2 ? half(1) : half(-1);
  for (half &X : HB)
    X = Rng() % 2 ? half(1) : half(-1);
  for (half &X : HC)
    X = half(int(Rng() % 5) - 2);
  half Alpha = half(1), Beta = half(-1);
  int LdA = L::MN ? M : K, LdB = L::MN ? N : K;
  half *DA = example::toDevice(HA), *DB = example::toDevice(HB),
       *DC = example::toDevice(HC);
  gemm<L>(M, N, K, Alpha, DA, LdA, DB, LdB, Beta, DC, M);
  std::vector<half> Out = example::fromDevice(DC, HC.size());
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  long Bad = 0;
  for (int Mi = 0; Mi < M; ++Mi)
    for (int Ni = 0; Ni < N; ++Ni) {
      long Acc = 0;
      for (int Ki = 0; Ki < K; ++Ki) {
        half XA = L::MN ? HA[size_t(Ki) * M + Mi] : HA[size_t(Mi) * K + Ki];
        half XB = L::MN ? HB[size_t(Ki) * N + Ni] : HB[size_t(Ni) * K + Ki];
        Acc += long(float(XA)) * long(float(XB));
      }
      long Want = Acc - long(float(HC[size_t(Ni) * M + Mi]));
      Bad += long(float(Out[size_t(Ni) * M + Mi])) != Want;
    }
  std::printf("wgmma_sm90 %s %d x %d x %d: %ld mismatches\n", Name, M, N, K,
              Bad);
  return Bad == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<int> Shapes;
  for (int I = 1; I < Argc; ++I)
    Shapes.push_back(std::atoi(Argv[I]));
  if (Shapes.empty() || Shapes.size() % 3)
    Shapes = {128, 128, 64, 256, 384, 128, 512, 256, 1024, 1024, 1024, 1024};
  std::mt19937 Rng(std::random_device{}());
  bool Ok = true;
  for (size_t I = 0; I < Shapes.size(); I += 3) {
    if (Shapes[I] % BM || Shapes[I + 1] % BN || Shapes[I + 2] % BK ||
        Shapes[I + 2] > 1024) {
      std::printf("M, N, K must be multiples of 128, 128, 64 (K <= 1024)\n");
      return 1;
    }
    Ok &= check<NT>("NT", Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
    Ok &= check<TN>("TN", Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
