// <cute/transpose.h>'s copy_transpose: an 8-bit (D, keys) tile moved from
// the MN-major layout TMA lands V in to the K-major one FP8 WGMMA reads, its
// keys permuted as P's registers hold them (FlashAttention-3's V^T). The
// source view is V's layout composed, mode by mode, with a tiler of layouts
// (make_tile of layouts: the identity on D, PermK on the keys); the
// composition folds to the swizzled offsets (row k of the view is key
// PermK(k): column 2 is key 8, column 4 key 2, column 37 key 35). A warp
// moves a 32 x 16 block per ldmatrix.x4.trans, four prmt and one
// stmatrix.x4: 128 x 128 bytes over 128 threads is eight of each per
// thread, no local memory. Misuse is one error at the user's line.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DERROR1 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR1 --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DERROR2 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR2 --implicit-check-not=error:

#include <cute/arch/wgmma.h>
#include <cute/llvm.h>
#include <cute/transpose.h>

using namespace cute;

using E4M3 = float_e4m3_t;
constexpr MmaAtom QK = GMMA::ss_op_selector<E4M3, E4M3, float, 128>();
constexpr MmaAtom PV = GMMA::rs_op_selector<E4M3, E4M3, float, 128>();
constexpr TiledMmaShape TiledQK = tiled_mma_shape(QK);
constexpr TiledMmaShape TiledPV = tiled_mma_shape(PV);

/// V's stage (D = 128 bytes a key, one 128-byte swizzle box) viewed as
/// (D, keys) with its keys in P's register order.
__device__ __forceinline__ Layout permutedV() {
  auto [PLayout, PermK] = convert_layout_acc_Aregs_permuted(
      make_tiled_mma<TiledQK>(), make_tiled_mma<TiledPV>(),
      make_shape(_64{}, _128{}));
  Layout VL =
      tile_to_shape(GMMA::Layout_MN_SW128_Atom<E4M3>(),
                    make_shape(_128{}, _128{}), make_int_tuple("(1,0)"));
  return composition(VL, make_tile(make_layout(make_shape(_128{})), PermK));
}

// Key k at byte k * 128 + ((d / 16) ^ (k % 8)) * 16 + d % 16: (0, col 2) is
// key 8 at 1024; (17, col 4) key 2 at 256 + 3 * 16 + 1; (5, col 37) key 35
// at 4480 + 3 * 16 + 5.
// CHECK-LABEL: .entry _Z12permutedViewPi
// CHECK: st.global.b32 [%rd{{[0-9]+}}], 1024;
// CHECK: st.global.b32 [%rd{{[0-9]+}}+4], 305;
// CHECK: st.global.b32 [%rd{{[0-9]+}}+8], 4533;
// CHECK: st.global.b32 [%rd{{[0-9]+}}+12], 16384;
__global__ void permutedView(int *Out) {
  Layout VKeys = permutedV();
  Out[0] = crd2idx(make_coord(_0{}, _2{}), VKeys);
  Out[1] = crd2idx(make_coord(17, 4), VKeys);
  Out[2] = crd2idx(make_coord(5, 37), VKeys);
  Out[3] = size(VKeys);
}

// CHECK-LABEL: .entry _Z9transposePKN4cute12float_e4m3_tEPS0_
// CHECK-NOT: .local
// CHECK-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-NOT: ldmatrix
// CHECK: ret;
__global__ void transpose(const E4M3 *V, E4M3 *Out) {
  __shared__ alignas(1024) E4M3 Raw[128 * 128];
  __shared__ alignas(1024) E4M3 Vt[128 * 128];
  for (int I = threadIdx.x; I < 128 * 128; I += 128)
    Raw[I] = V[I];
  __syncthreads();
  Layout VtL = tile_to_shape(GMMA::Layout_K_SW128_Atom<E4M3>(),
                             make_shape(_128{}, _128{}));
  copy_transpose<128, 128, 128>(make_view(Raw, permutedV()), make_view(Vt, VtL),
                                threadIdx.x);
  __syncthreads();
  for (int I = threadIdx.x; I < 128 * 128; I += 128)
    Out[I] = Vt[I];
}
// The same kernel's stores and permutes, counted on their own.
// RUN: sed -n '/.entry _Z9transpose/,/^}/p' %t.ptx > %t.transpose.ptx
// RUN: grep -c 'stmatrix.sync.aligned.m8n8.x4.shared.b16' %t.transpose.ptx \
// RUN:   | FileCheck %s --check-prefix=EIGHT
// RUN: grep -c 'prmt.b32' %t.transpose.ptx | FileCheck %s --check-prefix=PRMT
// EIGHT: {{^8$}}
// PRMT: {{^32$}}

#ifdef ERROR1
// 16-bit elements: a static assertion at the call.
// ERROR1: error: static assertion failed{{.*}}copy_transpose moves 8-bit elements
// ERROR1: cuda-copy-transpose.cu:[[@LINE+3]]:{{[0-9]+}}: note: in instantiation
__global__ void wide(__bf16 *S, __bf16 *D) {
  Layout L = make_layout(make_shape(_128{}, _128{}));
  copy_transpose<128, 128, 128>(make_view(S, L), make_view(D, L), threadIdx.x);
}
#endif

#ifdef ERROR2
// A swizzle is no mode of a tiler.
// ERROR2: error: {{.*}}cuda-copy-transpose.cu:[[@LINE+3]]:{{[0-9]+}}: 'llvm.cute.make_tuple': operand #1 is a swizzle, not a tuple, an integer, a layout or a tiler
__global__ void badTile(int *Out) {
  Layout L = make_layout(make_shape(_8{}, _8{}));
  Tile T = make_tile(L, make_swizzle("S<3,4,3>"));
  Out[0] = size(composition(L, T));
}
#endif
