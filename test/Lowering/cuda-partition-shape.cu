// CuTe's partition_shape_A/B (the shape of a thread's, for UMMA a CTA's,
// partition of an operand tile) and UMMA::tile_to_mma_shape (a layout atom
// tiled over that shape, ((MMA_M,MMA_K),NUM_MMA_M,NUM_MMA_K)): what CuTe's
// Blackwell tutorials lay their shared-memory operands out with. A CTA of
// the 2x1SM UMMA holds half of the pair's 256-row tile; the K-major
// 128-byte swizzle atom of fp16 places (m, k) of k-block b at
// m * 64 + k + 16 b, swizzled by the 128-byte swizzle: the 16-byte chunk
// (element bits 3-5) XOR the row within 8 (bits 6-8). A shape that is no MMA
// partition shape is one error at the call.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_100a -S -O3 -DBAD_SHAPE %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error:

#include <cute/llvm.h>

using namespace cute;

constexpr MmaAtom Mma1 =
    mma_atom("SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>");
constexpr MmaAtom Mma2 =
    mma_atom("SM100_MMA_F16BF16_2x1SM_SS<F16,F16,F32,256,256>");
constexpr TiledMmaShape Tiled1 = tiled_mma_shape(Mma1);
constexpr TiledMmaShape Tiled2 = tiled_mma_shape(Mma2);

// One CTA's partition of A: ((128,16),1,4) of a (128,64) tile for the 1-SM
// atom and of the pair's (256,64) tile for the 2x1SM one; B's of (256,64):
// all of it for the 1-SM atom (N = 256), half for the pair.
// CHECK-LABEL: define {{.*}}@_Z6shapesPi(
// CHECK: store i32 3, ptr %{{.*}}
// CHECK: store i32 8192,
// CHECK: store i32 3,
// CHECK: store i32 8192,
// CHECK: store i32 16384,
// CHECK: store i32 8192,
// CHECK-NOT: llvm.cute
__global__ void shapes(int *Out) {
  auto M1 = make_tiled_mma<Tiled1>();
  auto M2 = make_tiled_mma<Tiled2>();
  Shape A1 = partition_shape_A(M1, make_shape(_128{}, _64{}));
  Shape A2 = partition_shape_A(M2, make_shape(_256{}, _64{}));
  Out[0] = rank(A1);
  Out[1] = tuple_product(A1);
  Out[2] = rank(A2);
  Out[3] = tuple_product(A2);
  Out[4] = tuple_product(partition_shape_B(M1, make_shape(_256{}, _64{})));
  Out[5] = tuple_product(partition_shape_B(M2, make_shape(_256{}, _64{})));
}

// (m, k) = (3, 5) of k-block 2: 3 * 64 + 5 + 2 * 16 = 229, whose bits 6-8
// (3) flip bits 3-5 (4 -> 7): 253.
// CHECK-LABEL: define {{.*}}@_Z6offsetv(
// CHECK: ret i32 253
__device__ int offset() {
  auto M2 = make_tiled_mma<Tiled2>();
  Layout L = UMMA::tile_to_mma_shape(
      UMMA::Layout_K_SW128_Atom<_Float16>(),
      partition_shape_A(M2, make_shape(_256{}, _64{})));
  return crd2idx(make_coord("((?,?),?,?)", 3, 5, 0, 2), L);
}

#ifdef BAD_SHAPE
__device__ int notAPartition() {
  // BAD: error: {{.*}}cuda-partition-shape.cu:[[@LINE+1]]:{{[0-9]+}}: {{.*}}tile_to_mma_shape expects an MMA partition shape ((MMA_M,MMA_K),NUM_MMA_M,NUM_MMA_K,...), but got (128,64)
  Layout L = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<_Float16>(),
                                     make_shape(_128{}, _64{}));
  return size(L);
}
#endif
