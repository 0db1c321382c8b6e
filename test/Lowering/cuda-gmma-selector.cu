// CuTe's GMMA::ss_op_selector / rs_op_selector (<cute/arch/wgmma.h>): the
// registry's WGMMA variant of the element types, the widest N that divides
// the tile (multiples of 8 up to 256; K is 32 bytes of A), SS or RS, and
// the majors, as a constexpr MmaAtom whose traits come from the registry.
// A combination the registry lacks is one error at the selector.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -emit-llvm -DBAD_TILE %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s --check-prefix=TILE --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -emit-llvm -DBAD_TYPE %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s --check-prefix=TYPE --implicit-check-not=error:

#include <cute/arch/wgmma.h>

using namespace cute;
using GMMA::Major;

constexpr bool same(const char *A, const char *B) {
  return atom_traits::equal(A, B);
}

constexpr MmaAtom QK = GMMA::ss_op_selector<__bf16, __bf16, float, 176>();
static_assert(same(QK.Name, "SM90_64x176x16_F32BF16BF16_SS"));
static_assert(QK.N == 176 && QK.K == 16 && QK.ValuesC == 88);
// The widest N dividing 384 is 192; 80 divides 80.
static_assert(same(GMMA::ss_op_selector<_Float16, _Float16, float, 384>().Name,
                   "SM90_64x192x16_F32F16F16_SS"));
static_assert(same(GMMA::ss_op_selector<_Float16, _Float16, float, 80>().Name,
                   "SM90_64x80x16_F32F16F16_SS"));
// Majors and RS.
static_assert(same(GMMA::ss_op_selector<_Float16, _Float16, float, 256,
                                        Major::MN, Major::K>()
                       .Name,
                   "SM90_64x256x16_F32F16F16_SS<MN,K>"));
constexpr MmaAtom PV =
    GMMA::rs_op_selector<__bf16, __bf16, float, 128, Major::MN>();
static_assert(same(PV.Name, "SM90_64x128x16_F32BF16BF16_RS<K,MN>"));
static_assert(same(PV.MajorA, "") && same(PV.MajorB, "MN"));
// 16-bit accumulators.
static_assert(same(GMMA::ss_op_selector<_Float16, _Float16, _Float16, 64>().Name,
                   "SM90_64x64x16_F16F16F16_SS"));

#ifdef BAD_TILE
// TILE: cuda-gmma-selector.cu:[[@LINE+1]]:{{[0-9]+}}: error: no GMMA atom of these element types and majors {{.*}} has an N {{.*}} that divides the tile
constexpr MmaAtom Bad = GMMA::ss_op_selector<_Float16, _Float16, float, 12>();
#endif
#ifdef BAD_TYPE
// TYPE: cuda-gmma-selector.cu:[[@LINE+1]]:{{[0-9]+}}: error: no GMMA atom takes these element types
constexpr MmaAtom Bad = GMMA::ss_op_selector<double, double, float, 64>();
#endif

// The selected atom drives a TiledMMA like a named one: its thread count
// and fragment sizes, and the lowering's TiledMMA (whose C fragment folds
// to the same size).
constexpr TiledMmaShape S = tiled_mma_shape(QK, "(2,1,1)");
static_assert(S.threads() == 256 && S.size_C(128, 176) == 88);
// CHECK-LABEL: define {{.*}}@_Z9fragmentsv(
// CHECK: ret i32 88
__device__ int fragments() {
  TiledMMA M = make_tiled_mma<S>();
  return size(partition_fragment_C(M, make_shape("(128,176)")));
}
