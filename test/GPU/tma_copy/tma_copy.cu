//===- tma_copy.cu - TMA loads, stores and a multicast round trip ---------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// TMA through <cute/arch/sm90.h> and host tensor maps from <cute/tma.h>:
///
/// - Round trip, 2D and 3D, each swizzle mode (none, 32B, 64B, 128B): every
///   CTA loads one box of a float tensor whose extents the box does not
///   divide, waits on its mbarrier, copies the box out of shared memory
///   (undoing the swizzle by CuTe's Swizzle<B,4,3> on byte offsets) into a
///   dense array of boxes, and stores the box back with a TMA store into a
///   second tensor. The host checks that each box holds the tensor where it
///   is in bounds and 0 where it is not (the load's out-of-bounds fill),
///   that the stored tensor equals the input, and that nothing was written
///   past its end (the store clips).
/// - Multicast: a 2-CTA cluster (launched with cudaLaunchKernelEx and a
///   cluster-dimension attribute: clang 22 drops `__cluster_dims__`, no
///   `.reqnctapercluster` reaches the PTX); CTA rank 0
///   loads one box multicast to both CTAs (mask 0b11), each CTA waits on
///   its own mbarrier and copies the box out; both copies must equal the
///   tensor's box.
///
/// Build: utils/run-gpu-tests.sh (cute-clang++ -fcute-lowering -O3
/// --cuda-gpu-arch=sm_90a, -lcudart_static). Exit status 1 on a mismatch.
///
//===----------------------------------------------------------------------===//

#include "../../../examples/common/ExampleHarness.h"

#include <cstdio>
#include <cstring>
#include <cute/arch/sm90.h>
#include <cute/tma.h>

namespace {

/// The box of one CTA: extents innermost first (unused ones 1).
struct Box {
  int W, H, D;
};

constexpr int MaxBoxFloats = 32 * 16 * 4;

} // namespace

/// Byte offset \p Off in a box swizzled with 16-byte chunks in rows of
/// \p SwizzleBytes (0: none): CuTe's Swizzle<B,4,3>.
__host__ __device__ inline unsigned swizzled(unsigned Off,
                                             unsigned SwizzleBytes) {
  unsigned B = SwizzleBytes == 32    ? 1
               : SwizzleBytes == 64  ? 2
               : SwizzleBytes == 128 ? 3
                                     : 0;
  return Off ^ (((Off >> 7) & ((1u << B) - 1)) << 4);
}

/// One box per CTA at (blockIdx.x * W, blockIdx.y * H, blockIdx.z * D):
/// loaded by TMA, copied out (unswizzled) to Boxes, stored by TMA to Out's
/// map.
template <int Rank>
__global__ void round_trip(const __grid_constant__ CUtensorMap In,
                           const __grid_constant__ CUtensorMap Out,
                           float *Boxes, Box B, unsigned SwizzleBytes) {
  using namespace cute::sm90;
  __shared__ alignas(1024) float Tile[MaxBoxFloats];
  __shared__ uint64_t Bar;
  int X = blockIdx.x * B.W, Y = blockIdx.y * B.H, Z = blockIdx.z * B.D;
  unsigned Bytes = B.W * B.H * B.D * sizeof(float);
  if (threadIdx.x == 0) {
    mbarrier_init(&Bar, 1);
    fence_barrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbarrier_arrive_expect_tx(&Bar, Bytes);
    if (Rank == 2)
      tma_load(&In, &Bar, Tile, X, Y);
    else
      tma_load(&In, &Bar, Tile, X, Y, Z);
  }
  mbarrier_wait(&Bar, 0);

  int Block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  float *Mine = Boxes + size_t(Block) * B.W * B.H * B.D;
  const char *Raw = reinterpret_cast<const char *>(Tile);
  for (int I = threadIdx.x; I < B.W * B.H * B.D; I += blockDim.x)
    Mine[I] = *reinterpret_cast<const float *>(
        Raw + swizzled(I * sizeof(float), SwizzleBytes));

  // The same box back to global memory (clipped at the tensor's edges).
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Rank == 2)
      tma_store(&Out, Tile, X, Y);
    else
      tma_store(&Out, Tile, X, Y, Z);
    tma_store_commit();
    tma_store_wait<0>();
    mbarrier_inval(&Bar);
  }
}

/// A 2-CTA cluster: rank 0 multicasts the box at (0, 0) to both CTAs;
/// CTA r copies it to Boxes[r].
__global__ void multicast(const __grid_constant__ CUtensorMap In, float *Boxes,
                          Box B) {
  using namespace cute::sm90;
  __shared__ alignas(1024) float Tile[MaxBoxFloats];
  __shared__ uint64_t Bar;
  unsigned Rank = cluster_ctarank();
  if (threadIdx.x == 0) {
    mbarrier_init(&Bar, 1);
    fence_barrier_init();
  }
  // Both barriers are initialised before either CTA's load signals them.
  cluster_sync();
  if (threadIdx.x == 0) {
    mbarrier_arrive_expect_tx(&Bar, B.W * B.H * sizeof(float));
    if (Rank == 0)
      tma_load_multicast(&In, &Bar, 0x3, Tile, 0, 0);
  }
  mbarrier_wait(&Bar, 0);
  for (int I = threadIdx.x; I < B.W * B.H; I += blockDim.x)
    Boxes[Rank * B.W * B.H + I] = Tile[I];
  cluster_sync();
}

namespace {

using example::Mismatches;

/// The host tensor: value of element (c, r, d).
float valueAt(int C, int R, int D) { return 1 + C + 1000.0f * R + 1e5f * D; }

bool check(const char *Name, const Mismatches &Bad) {
  std::printf("%s: %zu mismatches\n", Name, Bad.Count);
  return Bad.Count == 0;
}

/// One round trip of a W x H x D tensor (innermost first) in boxes \p Bx
/// with swizzle \p S.
bool roundTrip(int Rank, int W, int H, int D, Box Bx, cute::tma::Swizzle S) {
  size_t N = size_t(W) * H * D;
  std::vector<float> Host(N);
  for (int Z = 0; Z < D; ++Z)
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X)
        Host[(size_t(Z) * H + Y) * W + X] = valueAt(X, Y, Z);
  float *In = example::toDevice(Host);
  // The output has a guard of one row after its end: the store must clip.
  size_t Guard = W;
  float *Out = example::poisonedDevice<float>(N + Guard);
  dim3 Grid((W + Bx.W - 1) / Bx.W, (H + Bx.H - 1) / Bx.H,
            (D + Bx.D - 1) / Bx.D);
  size_t BoxFloats = size_t(Bx.W) * Bx.H * Bx.D;
  float *Boxes =
      example::poisonedDevice<float>(BoxFloats * Grid.x * Grid.y * Grid.z);

  CUtensorMap MapIn, MapOut;
  const char *Err = nullptr;
  if (Rank == 2) {
    Err =
        cute::tma::makeTensorMap(&MapIn, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, In,
                                 {uint64_t(W), uint64_t(H)}, {1, uint64_t(W)},
                                 {uint32_t(Bx.W), uint32_t(Bx.H)}, S);
    if (!Err)
      Err = cute::tma::makeTensorMap(&MapOut, CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
                                     4, Out, {uint64_t(W), uint64_t(H)},
                                     {1, uint64_t(W)},
                                     {uint32_t(Bx.W), uint32_t(Bx.H)}, S);
  } else {
    Err = cute::tma::makeTensorMap(
        &MapIn, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, In,
        {uint64_t(W), uint64_t(H), uint64_t(D)},
        {1, uint64_t(W), uint64_t(W) * H},
        {uint32_t(Bx.W), uint32_t(Bx.H), uint32_t(Bx.D)}, S);
    if (!Err)
      Err = cute::tma::makeTensorMap(
          &MapOut, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, Out,
          {uint64_t(W), uint64_t(H), uint64_t(D)},
          {1, uint64_t(W), uint64_t(W) * H},
          {uint32_t(Bx.W), uint32_t(Bx.H), uint32_t(Bx.D)}, S);
  }
  if (Err) {
    std::printf("tensor map: %s\n", Err);
    return false;
  }
  unsigned SwizzleBytes = cute::tma::swizzleBytes(S);
  if (Rank == 2)
    round_trip<2><<<Grid, 128>>>(MapIn, MapOut, Boxes, Bx, SwizzleBytes);
  else
    round_trip<3><<<Grid, 128>>>(MapIn, MapOut, Boxes, Bx, SwizzleBytes);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());

  std::vector<float> GotBoxes =
      example::fromDevice(Boxes, BoxFloats * Grid.x * Grid.y * Grid.z);
  std::vector<float> GotOut = example::fromDevice(Out, N + Guard);
  Mismatches BadLoad, BadStore, BadGuard;
  for (unsigned BZ = 0; BZ < Grid.z; ++BZ)
    for (unsigned BY = 0; BY < Grid.y; ++BY)
      for (unsigned BX = 0; BX < Grid.x; ++BX) {
        size_t Block = (size_t(BZ) * Grid.y + BY) * Grid.x + BX;
        for (int Z = 0; Z < Bx.D; ++Z)
          for (int Y = 0; Y < Bx.H; ++Y)
            for (int X = 0; X < Bx.W; ++X) {
              int GX = BX * Bx.W + X, GY = BY * Bx.H + Y, GZ = BZ * Bx.D + Z;
              bool Inside = GX < W && GY < H && GZ < D;
              BadLoad.check(GotBoxes[Block * BoxFloats +
                                     (size_t(Z) * Bx.H + Y) * Bx.W + X],
                            Inside ? valueAt(GX, GY, GZ) : 0.0);
            }
      }
  for (size_t I = 0; I < N; ++I)
    BadStore.check(GotOut[I], Host[I]);
  for (size_t I = N; I < N + Guard; ++I) {
    uint32_t Bits;
    std::memcpy(&Bits, &GotOut[I], 4);
    if (Bits != 0xffffffffu)
      ++BadGuard.Count;
  }
  char Name[96];
  std::snprintf(Name, sizeof(Name), "%dD %dx%dx%d box %dx%dx%d swizzle %uB",
                Rank, W, H, D, Bx.W, Bx.H, Bx.D, SwizzleBytes);
  std::printf("%s: load %zu, store %zu, past the end %zu mismatches\n", Name,
              BadLoad.Count, BadStore.Count, BadGuard.Count);
  CHECK_CUDA(cudaFree(In));
  CHECK_CUDA(cudaFree(Out));
  CHECK_CUDA(cudaFree(Boxes));
  return !BadLoad.Count && !BadStore.Count && !BadGuard.Count;
}

bool multicastTest() {
  int W = 64, H = 40;
  Box Bx{32, 16, 1};
  std::vector<float> Host(size_t(W) * H);
  for (int Y = 0; Y < H; ++Y)
    for (int X = 0; X < W; ++X)
      Host[size_t(Y) * W + X] = valueAt(X, Y, 0);
  float *In = example::toDevice(Host);
  float *Boxes = example::poisonedDevice<float>(2 * Bx.W * Bx.H);
  CUtensorMap Map;
  if (const char *Err =
          cute::tma::makeTensorMap(&Map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, In,
                                   {uint64_t(W), uint64_t(H)}, {1, uint64_t(W)},
                                   {uint32_t(Bx.W), uint32_t(Bx.H)})) {
    std::printf("tensor map: %s\n", Err);
    return false;
  }
  cudaLaunchConfig_t Config = {};
  Config.gridDim = dim3(2);
  Config.blockDim = dim3(128);
  cudaLaunchAttribute Cluster;
  Cluster.id = cudaLaunchAttributeClusterDimension;
  Cluster.val.clusterDim.x = 2;
  Cluster.val.clusterDim.y = 1;
  Cluster.val.clusterDim.z = 1;
  Config.attrs = &Cluster;
  Config.numAttrs = 1;
  CHECK_CUDA(cudaLaunchKernelEx(&Config, multicast, Map, Boxes, Bx));
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> Got = example::fromDevice(Boxes, 2 * Bx.W * Bx.H);
  Mismatches Bad;
  for (int R = 0; R < 2; ++R)
    for (int Y = 0; Y < Bx.H; ++Y)
      for (int X = 0; X < Bx.W; ++X)
        Bad.check(Got[(R * Bx.H + Y) * Bx.W + X], valueAt(X, Y, 0));
  CHECK_CUDA(cudaFree(In));
  CHECK_CUDA(cudaFree(Boxes));
  return check("multicast 2-CTA cluster 32x16 box", Bad);
}

} // namespace

int main() {
  using cute::tma::Swizzle;
  bool Ok = true;
  // Boxes whose rows fill the swizzle span (no swizzle: 32 floats); the
  // tensors' extents are not multiples of the boxes'.
  struct Mode {
    Swizzle S;
    int BoxW;
  } Modes[] = {{Swizzle::None, 32},
               {Swizzle::B32, 8},
               {Swizzle::B64, 16},
               {Swizzle::B128, 32}};
  for (Mode M : Modes) {
    Ok &= roundTrip(2, 100, 70, 1, Box{M.BoxW, 16, 1}, M.S);
    Ok &= roundTrip(3, 52, 20, 5, Box{M.BoxW, 8, 2}, M.S);
  }
  // The swizzle derived from a CuTe shared-memory layout.
  Swizzle FromLayout;
  if (cute::tma::swizzleOfLayout("S<3,2,3> o 0 o (32,8):(1,32)", 4,
                                 &FromLayout) ||
      FromLayout != Swizzle::B128) {
    std::printf("swizzleOfLayout: S<3,2,3> of floats is not 128B\n");
    Ok = false;
  }
  Ok &= multicastTest();
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
