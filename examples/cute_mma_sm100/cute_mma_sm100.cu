//===- cute_mma_sm100.cu - CuTe's Blackwell tutorial 01 on <cute/llvm.h> --===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's first Blackwell tutorial (examples/cute/tutorial/blackwell/
/// 01_mma_sm100.cu of CUTLASS), ported to <cute/llvm.h>:
/// D = alpha * A * B^T + beta * C, A (M x K) and B (N x K) fp16 K-major, C
/// and D fp32 row-major, one 128 x 256 tile per CTA of 128 threads:
///
///  - the A and B k-tiles copied to shared memory by all threads
///    (cooperative_copy) into UMMA::Layout_K_SW128_Atom tiles;
///  - the TiledMMA of SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>, its
///    partitions, and the accumulator as a tensor in tensor memory (the
///    TiledMMA's make_fragment_C, in the columns tcgen05.alloc returns);
///  - gemm(tiled_mma, ...) issued by one thread, tracked by an mbarrier
///    (umma_commit), every k-tile;
///  - the epilogue: make_tmem_copy of SM100_TMEM_LOAD_32dp32b1x, its
///    partitions of the accumulator and of C and D, copy from tensor
///    memory, axpby with C, copy to D.
///
/// The inputs are the tutorial's kind (+-1 and small integers), so the
/// result is exact in fp32 and must equal a host reference. M, N and K must
/// be multiples of the tile. It runs on sm_100 only (examples/cute_mma_sm100/
/// gpu-arch); elsewhere it is compiled and checked by ptxas and
/// test/Lowering/cuda-example-blackwell-tutorials.test.
///
///   cute_mma_sm100 [M N K]...  (default: a few multiples of the tile)
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/algorithm.h>
#include <cute/arch/sm100.h>
#include <cute/arch/sm90.h>
#include <cute/llvm.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using half = _Float16;

constexpr int BM = 128, BN = 256, BK = 64, Threads = 128;
constexpr cute::MmaAtom Mma =
    cute::mma_atom("SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>");
constexpr cute::TiledMmaShape TiledMma = cute::tiled_mma_shape(Mma);
constexpr cute::CopyAtom T2R = cute::copy_atom("SM100_TMEM_LOAD_32dp32b1x");
/// The values of the 128 x 256 tile each of the 128 threads holds in the
/// epilogue (the TMEM copy's partition).
constexpr int FragD = BM * BN / Threads;
/// The columns allocated: all of them, as the tutorial does.
constexpr int TmemColumns = 512;

struct SharedStorage {
  alignas(1024) half A[BM * BK];
  alignas(1024) half B[BN * BK];
  alignas(16) uint64_t MmaBarrier;
  alignas(16) uint32_t TmemBasePtr;
};

__global__ void __launch_bounds__(Threads)
    gemmDevice(const half *A, const half *B, const float *C, float *D, int M,
               int N, int K, float Alpha, float Beta) {
  using namespace cute;
  // The full tensors and this CTA's tiles of them.
  auto MA = make_view(A, make_layout("(?,?):(?,1)", M, K, K)); // (M,K)
  auto MB = make_view(B, make_layout("(?,?):(?,1)", N, K, K)); // (N,K)
  auto MC = make_view(C, make_layout("(?,?):(?,1)", M, N, N)); // (M,N)
  auto MD = make_view(D, make_layout("(?,?):(?,1)", M, N, N)); // (M,N)
  int Bx = blockIdx.x, By = blockIdx.y;
  auto GA = local_tile(MA, make_tile(_128{}, _64{}), make_coord(Bx, _));
  auto GB = local_tile(MB, make_tile(_256{}, _64{}), make_coord(By, _));
  auto GC = local_tile(MC, make_tile(_128{}, _256{}), make_coord(Bx, By));
  auto GD = local_tile(MD, make_tile(_128{}, _256{}), make_coord(Bx, By));

  // The shared-memory tiles, in the 128-byte swizzle UMMA reads.
  extern __shared__ __attribute__((aligned(1024))) unsigned char Smem[];
  SharedStorage &S = *reinterpret_cast<SharedStorage *>(Smem);
  auto SA = make_view(S.A, tile_to_shape(UMMA::Layout_K_SW128_Atom<half>(),
                                         make_shape(_128{}, _64{})));
  auto SB = make_view(S.B, tile_to_shape(UMMA::Layout_K_SW128_Atom<half>(),
                                         make_shape(_256{}, _64{})));

  // The MMA's partitions (one "thread": the CTA).
  auto TiledMmaV = make_tiled_mma<TiledMma>();
  auto CtaMma = TiledMmaV.get_slice(0);
  auto TCsA = CtaMma.partition_A(SA); // (MmaA,NumMma_M,NumMma_K)
  auto TCsB = CtaMma.partition_B(SB); // (MmaB,NumMma_N,NumMma_K)
  auto TCgC = CtaMma.partition_C(GC); // (MmaC,NumMma_M,NumMma_N)
  auto TCgD = CtaMma.partition_C(GD);

  // Tensor memory: warp 0 allocates the columns; the accumulator is the
  // TiledMMA's fragment in them.
  int Warp = threadIdx.x / 32;
  if (Warp == 0)
    (void)sm100::retrieve_tmem_ptr(&S.TmemBasePtr, TmemColumns);
  if (threadIdx.x == 0) {
    sm90::mbarrier_init(&S.MmaBarrier, 1);
    sm90::fence_barrier_init();
  }
  sm100::tcgen05_fence_before_thread_sync();
  __syncthreads();
  sm100::tcgen05_fence_after_thread_sync();
  uint32_t TmemBase = *(volatile uint32_t *)&S.TmemBasePtr;
  Tensor<float> TCtAcc = TiledMmaV.make_fragment_C<BM, BN>(TmemBase);

  // The mainloop: each k-tile to shared memory, then its MMAs.
  unsigned Phase = 0;
  int KTiles = size(GA, "mode=2");
#pragma unroll 1
  for (int KTile = 0; KTile < KTiles; ++KTile) {
    cooperative_copy<Threads>(threadIdx.x,
                              slice(GA, make_coord(_, _, KTile)), SA);
    cooperative_copy<Threads>(threadIdx.x,
                              slice(GB, make_coord(_, _, KTile)), SB);
    // The MMA reads shared memory through the async proxy.
    sm90::fence_view_async_shared();
    __syncthreads();
    if (threadIdx.x == 0) {
      sm100::tcgen05_fence_after_thread_sync();
      // The first k-tile clears the accumulator.
      gemm(TiledMmaV, TCsA, TCsB, TCtAcc, KTile > 0);
      sm100::umma_commit(&S.MmaBarrier);
    }
    // The MMAs are done before the tiles are overwritten.
    sm90::mbarrier_wait(&S.MmaBarrier, Phase);
    Phase ^= 1;
  }
  sm100::tcgen05_fence_after_thread_sync();

  // The epilogue: the accumulator to registers, D = alpha Acc + beta C.
  auto T2RCopy = make_tmem_copy<float, T2R>(TCtAcc);
  auto ThrT2R = T2RCopy.get_slice(threadIdx.x);
  auto TDgC = ThrT2R.partition_D(TCgC); // (CpyD,NumCpy_M,NumCpy_N)
  float RegC[FragD];
  auto TDrC = make_fragment(RegC, make_layout_like(get_layout(TDgC)));
  copy(TDgC, TDrC);
  auto TDtAcc = ThrT2R.partition_S(TCtAcc); // (CpyS,NumCpy_M,NumCpy_N)
  auto TDgD = ThrT2R.partition_D(TCgD);
  float RegAcc[FragD];
  auto TDrAcc = make_fragment(RegAcc, make_layout_like(get_layout(TDgD)));
  copy(T2RCopy, TDtAcc, TDrAcc);
  axpby(Alpha, TDrAcc, Beta, TDrC);
  copy(TDrC, TDgD);

  sm100::tcgen05_fence_before_thread_sync();
  __syncthreads();
  if (Warp == 0) {
    sm100::tcgen05_fence_after_thread_sync();
    sm100::tmem_dealloc(TmemBase, TmemColumns);
  }
}

bool check(int M, int N, int K, std::mt19937 &Rng) {
  std::vector<half> HA(size_t(M) * K), HB(size_t(N) * K);
  std::vector<float> HC(size_t(M) * N);
  for (half &X : HA)
    X = Rng() % 2 ? half(1) : half(-1);
  for (half &X : HB)
    X = Rng() % 2 ? half(1) : half(-1);
  for (float &X : HC)
    X = float(int(Rng() % 5) - 2);
  float Alpha = 1, Beta = -1;
  half *DA = example::toDevice(HA), *DB = example::toDevice(HB);
  float *DC = example::toDevice(HC);
  float *DD = example::poisonedDevice<float>(HC.size());
  int Smem = int(sizeof(SharedStorage)) + 1024;
  CHECK_CUDA(cudaFuncSetAttribute(
      gemmDevice, cudaFuncAttributeMaxDynamicSharedMemorySize, Smem));
  gemmDevice<<<dim3(M / BM, N / BN), Threads, Smem>>>(DA, DB, DC, DD, M, N, K,
                                                      Alpha, Beta);
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> Out = example::fromDevice(DD, HC.size());
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DC));
  CHECK_CUDA(cudaFree(DD));
  long Bad = 0;
  for (int Mi = 0; Mi < M; ++Mi)
    for (int Ni = 0; Ni < N; ++Ni) {
      float Acc = 0;
      for (int Ki = 0; Ki < K; ++Ki)
        Acc += float(HA[size_t(Mi) * K + Ki]) * float(HB[size_t(Ni) * K + Ki]);
      float Want = Alpha * Acc + Beta * HC[size_t(Mi) * N + Ni];
      Bad += Out[size_t(Mi) * N + Ni] != Want;
    }
  std::printf("mma_sm100 %d x %d x %d: %ld mismatches\n", M, N, K, Bad);
  return Bad == 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<int> Shapes;
  for (int I = 1; I < Argc; ++I)
    Shapes.push_back(std::atoi(Argv[I]));
  if (Shapes.empty() || Shapes.size() % 3)
    Shapes = {128, 256, 64, 512, 1024, 256, 256, 512, 1024};
  std::mt19937 Rng(std::random_device{}());
  bool Ok = true;
  for (size_t I = 0; I < Shapes.size(); I += 3) {
    if (Shapes[I] % BM || Shapes[I + 1] % BN || Shapes[I + 2] % BK) {
      std::printf("M, N, K must be multiples of 128, 256, 64\n");
      return 1;
    }
    Ok &= check(Shapes[I], Shapes[I + 1], Shapes[I + 2], Rng);
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
