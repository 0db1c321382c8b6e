//===- cute_wgmma_tma_sm90.cu - CuTe's tutorial wgmma_tma_sm90 ------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's second Hopper tutorial (examples/cute/tutorial/hopper/
/// wgmma_tma_sm90.cu of CUTLASS), ported to <cute/llvm.h>: cute_wgmma_sm90's
/// GEMM (fp16, fp16 accumulation, one warpgroup per 128 x 128 x 64 tile,
/// NT and TN) with its stages loaded by TMA instead of cp.async:
///
///  - one elected thread issues each stage's TMA loads, completing on the
///    stage's producer mbarrier (arrive + expect-tx of the stage's bytes);
///    the 128 threads arrive on its consumer mbarrier once their WGMMAs
///    have read it, and the producer waits there before refilling it;
///  - the TMA boxes: CuTe's tma_partition gives each box's coordinate in
///    the tensor; here the identity layout of the operand divided into
///    boxes gives it (crd2crd), as in examples/gemm_sm90;
///  - the TiledMMA, its partitions of the stage rings and
///    gemm(tiled_mma, ...) as in cute_wgmma_sm90; axpby into C (m-major).
///
/// The tensor maps are built on the host from the operands' extents and
/// strides and the stage layout's swizzle (cute::tma::makeTensorMap). An
/// MN-major stage is loaded in boxes of 64 rows (one 128-byte swizzle row
/// of fp16), so its ring tiles the swizzle atom along K first: each box is
/// 8 KiB of contiguous shared memory. Inputs +-1 make the result exact
/// (K <= 1024); exit status 1 on a mismatch.
///
///   cute_wgmma_tma_sm90 [M N K]...  (multiples of 128, 128, 64)
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/algorithm.h>
#include <cute/arch/sm90.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>
#include <cute/tma.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using half = _Float16;

constexpr int BM = 128, BN = 128, BK = 64, Pipe = 3;

/// gemm_nt: MN-major operands, loaded in 64-row boxes.
struct NT {
  static constexpr cute::MmaAtom Mma =
      cute::mma_atom("SM90_64x64x16_F16F16F16_SS<MN,MN>");
  static constexpr bool MN = true;
};
/// gemm_tn: K-major operands, one 128 x 64 box per stage.
struct TN {
  static constexpr cute::MmaAtom Mma =
      cute::mma_atom("SM90_64x64x16_F16F16F16_SS");
  static constexpr bool MN = false;
};
template <class L>
constexpr cute::TiledMmaShape TiledMma = cute::tiled_mma_shape(L::Mma);

/// The stage ring (Rows,BK,PIPE).
template <class L> __device__ __forceinline__ cute::Layout stageRing() {
  using namespace cute;
  if constexpr (L::MN)
    return tile_to_shape(GMMA::Layout_MN_SW128_Atom<half>(),
                         make_shape("(?,?,?)", BM, BK, Pipe),
                         make_int_tuple("(1,0,2)"));
  else
    return tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(),
                         make_shape("(?,?,?)", BM, BK, Pipe));
}

struct SharedStorage {
  alignas(1024) half A[Pipe][BM * BK];
  alignas(1024) half B[Pipe][BN * BK];
  alignas(8) uint64_t TmaBarrier[Pipe];
  alignas(8) uint64_t MmaBarrier[Pipe];
};

/// Stage \p Pipe's TMA loads of k-tile \p KT of an operand: the box (or the
/// two 64-row boxes) of \p Tile's rows at their coordinates in \p Boxes.
template <class L>
__device__ __forceinline__ void loadStage(const CUtensorMap *Map, uint64_t *Bar,
                                          half *Dst, cute::Layout Boxes,
                                          int KT, int Tile) {
  using namespace cute;
  if constexpr (L::MN) {
#pragma unroll
    for (int R = 0; R < BM / 64; ++R) {
      Coord At = crd2crd(make_coord("(0,(?,?))", Tile * (BM / 64) + R, KT),
                         Boxes);
      sm90::tma_load(Map, Bar, Dst + R * 64 * BK, get_leaf<0>(At),
                     get_leaf<1>(At));
    }
  } else {
    Coord At = crd2crd(make_coord("(0,(?,?))", KT, Tile), Boxes);
    sm90::tma_load(Map, Bar, Dst, get_leaf<0>(At), get_leaf<1>(At));
  }
}

template <class L>
__global__ void __launch_bounds__(128)
    gemmDevice(int M, int N, int K, half Alpha,
               const __grid_constant__ CUtensorMap TmaA,
               const __grid_constant__ CUtensorMap TmaB, half Beta, half *C,
               int LdC) {
  using namespace cute;
  extern __shared__ __attribute__((aligned(1024))) unsigned char Smem[];
  SharedStorage &S = *reinterpret_cast<SharedStorage *>(Smem);
  auto MC = make_view(C, make_layout("(?,?):(1,?)", M, N, LdC)); // (M,N)
  int Bx = blockIdx.x, By = blockIdx.y, Tid = threadIdx.x;
  auto GC = local_tile(MC, make_tile("(128,128)"), make_coord("(?,?)", Bx, By));
  auto SA = make_view(S.A[0], stageRing<L>()); // (BLK_M,BLK_K,PIPE)
  auto SB = make_view(S.B[0], stageRing<L>()); // (BLK_N,BLK_K,PIPE)

  // The TMA boxes of A and B: the identity layout of each operand, in its
  // tensor map's dimension order, divided into boxes.
  Layout BoxesA =
      L::MN ? zipped_divide(make_layout("(?,?):(1@0,1@1)", M, K),
                            make_tile("(64,64)"))
            : zipped_divide(make_layout("(?,?):(1@0,1@1)", K, M),
                            make_tile("(64,128)"));
  Layout BoxesB =
      L::MN ? zipped_divide(make_layout("(?,?):(1@0,1@1)", N, K),
                            make_tile("(64,64)"))
            : zipped_divide(make_layout("(?,?):(1@0,1@1)", K, N),
                            make_tile("(64,128)"));
  constexpr unsigned TmaBytes = (BM + BN) * BK * sizeof(half);
  int KTileCount = K / BK, KTile = 0;
  bool Elected = Tid == 0;

  if (Elected)
    for (int P = 0; P < Pipe; ++P) {
      sm90::mbarrier_init(&S.TmaBarrier[P], 1);
      sm90::mbarrier_init(&S.MmaBarrier[P], 128);
    }
  sm90::fence_barrier_init();
  __syncthreads();

  // Start the first Pipe k-tiles' loads.
#pragma unroll
  for (int P = 0; P < Pipe; ++P) {
    if (Elected && KTile < K / BK) {
      sm90::mbarrier_arrive_expect_tx(&S.TmaBarrier[P], TmaBytes);
      loadStage<L>(&TmaA, &S.TmaBarrier[P], S.A[P], BoxesA, KTile, Bx);
      loadStage<L>(&TmaB, &S.TmaBarrier[P], S.B[P], BoxesB, KTile, By);
    }
    --KTileCount;
    ++KTile;
  }

  auto Mma = make_tiled_mma<TiledMma<L>>();
  auto ThrMma = Mma.get_thread_slice(Tid);
  auto TCsA = ThrMma.partition_A(SA); // (MMA,MMA_M,MMA_K,PIPE)
  auto TCsB = ThrMma.partition_B(SB); // (MMA,MMA_N,MMA_K,PIPE)
  auto TCgC = ThrMma.partition_C(GC); // (MMA,MMA_M,MMA_N)
  half RegC[TiledMma<L>.size_C(BM, BN)];
  auto TCrC = make_fragment(RegC, ThrMma.partition_fragment_C(GC));
  fill(TCrC, half(0));

  // The pipeline's states: the stage and its phase for reading and writing.
  int ReadPipe = 0, WritePipe = 0;
  unsigned ReadPhase = 0, WritePhase = 0;
#pragma unroll 1
  while (KTileCount > -Pipe) {
    // Wait for the stage's TMA, multiply, release it.
    sm90::mbarrier_wait(&S.TmaBarrier[ReadPipe], ReadPhase);
    Coord InStage = make_coord("(_,_,_,?)", ReadPipe);
    warpgroup_fence_operand(RegC);
    warpgroup_arrive();
    gemm(Mma, slice(TCsA, InStage), slice(TCsB, InStage), TCrC);
    warpgroup_commit_batch();
    warpgroup_wait<0>();
    warpgroup_fence_operand(RegC);
    sm90::mbarrier_arrive(&S.MmaBarrier[ReadPipe]);
    if (++ReadPipe == Pipe) {
      ReadPipe = 0;
      ReadPhase ^= 1;
    }
    // Refill the oldest stage once every thread has read it.
    if (Elected && KTileCount > 0) {
      sm90::mbarrier_wait(&S.MmaBarrier[WritePipe], WritePhase);
      sm90::mbarrier_arrive_expect_tx(&S.TmaBarrier[WritePipe], TmaBytes);
      loadStage<L>(&TmaA, &S.TmaBarrier[WritePipe], S.A[WritePipe], BoxesA,
                   KTile, Bx);
      loadStage<L>(&TmaB, &S.TmaBarrier[WritePipe], S.B[WritePipe], BoxesB,
                   KTile, By);
      if (++WritePipe == Pipe) {
        WritePipe = 0;
        WritePhase ^= 1;
      }
    }
    --KTileCount;
    ++KTile;
  }

  axpby(Alpha, TCrC, Beta, TCgC);
}

constexpr const char *SwizzleAtom = "S<3,3,3> o 0 o (8,64):(64,1)";

/// The tensor map of an operand: MN-major (rows contiguous: 64-row boxes)
/// or K-major (128 x 64 boxes), both in the 128-byte swizzle.
template <class L>
void operandMap(CUtensorMap &Map, const half *P, int Rows, int K, int Ld) {
  using U64 = uint64_t;
  const char *Err =
      L::MN ? cute::tma::makeTensorMap(&Map, P, {U64(Rows), U64(K)},
                                       {1, U64(Ld)}, {64, BK}, SwizzleAtom)
            : cute::tma::makeTensorMap(&Map, P, {U64(K), U64(Rows)},
                                       {1, U64(Ld)}, {BK, 128}, SwizzleAtom);
  if (Err) {
    std::printf("tensor map: %s\n", Err);
    std::exit(1);
  }
}

template <class L>
void gemm(int M, int N, int K, half Alpha, const half *A, int LdA,
          const half *B, int LdB, half Beta, half *C, int LdC) {
  CUtensorMap MapA, MapB;
  operandMap<L>(MapA, A, M, K, LdA);
  operandMap<L>(MapB, B, N, K, LdB);
  int Smem = int(sizeof(SharedStorage));
  CHECK_CUDA(cudaFuncSetAttribute(
      gemmDevice<L>, cudaFuncAttributeMaxDynamicSharedMemorySize, Smem));
  gemmDevice<L><<<dim3(M / BM, N / BN), 128, Smem>>>(M, N, K, Alpha, MapA,
                                                     MapB, Beta, C, LdC);
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
  std::printf("wgmma_tma_sm90 %s %d x %d x %d: %ld mismatches\n", Name, M, N,
              K, Bad);
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
