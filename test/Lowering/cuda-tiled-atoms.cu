// <cute/llvm.h>'s tiled builders by registry name: make_tiled_mma,
// make_tiled_copy(_A) and the partitions fold to constants at -O0 and -O3.
// Expected values from CuTe's printed layouts (CuTe C++ on the host).
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 -emit-llvm %s -o - | FileCheck %s --check-prefix=O0
// O0-NOT: llvm.cute

#include <cute/llvm.h>

using namespace cute;

// SM80_16x8x16_F32F16F16F32_TN over (2,2,1): layoutA_TV has 128 x 8 values;
// layoutC_TV ((4,8,2,2),...):((64,1,16,256),...) maps thread 37 to 81; the
// tile is (32,16,16); make_tiled_copy_A with ldmatrix.x4 has layout_S_TV
// ((16,2,2,2),(8,1)):((1,256,16,0),(32,0)), thread 37 at 21.
// CHECK-LABEL: define {{.*}}mmaInfo
// CHECK: store i32 1024,
// CHECK: store i32 81,
// CHECK: store i32 32,
// CHECK: store i32 21,
__global__ void mmaInfo(int *Out) {
  TiledMMA M = make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)");
  Out[0] = size(get_layoutA_TV(M));
  Out[1] = crd2idx(37, get_layoutC_TV(M));
  Out[2] = get_leaf<0>(tile_shape(M));
  TiledCopy C = make_tiled_copy_A<_Float16>("SM75_U32x4_LDSM_N", M);
  Out[3] = crd2idx(37, get_layoutS_TV(C));
}

// sgemm_sm80: the 2x2 TiledMMA with a (32,32,16) permutation partitions a
// 128x128 C tile: 128 values per thread; the G2S copy's layout_S_TV holds
// 128 x 8 values.
// CHECK-LABEL: define {{.*}}partitions
// CHECK: store i32 128,
// CHECK: store i32 1024,
__global__ void partitions(float *P, int *Out) {
  TiledMMA M = make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2)",
                              "(32,32,16)");
  Tensor<float> G = make_view(P, make_layout("(128,128):(1,128)"));
  Tensor<float> T = partition_C(M, G, threadIdx.x);
  Out[0] = size(partition_fragment_C(M, G));
  *get_iter(T) = 1.0f;
  TiledCopy C = make_tiled_copy<_Float16>(
      "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "(16,8):(8,1)", "(1,8)");
  Out[1] = size(get_layoutS_TV(C));
}
