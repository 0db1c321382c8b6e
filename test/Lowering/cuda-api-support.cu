// The support entry points of the C++ API that no kernel example calls,
// each lowered on its own: the cluster queries and barrier arrival, the
// expect-tx and bulk-store waits of <cute/arch/sm90.h>; the stride of a
// layout, a TiledCopy's tiler, a TMEM tensor's address, is_rmem, a tensor
// iterator advanced by add_offset, complement with a cosize, and an MMA
// atom's unknown() (the placeholder of a name the registry lacks). Each
// folds or becomes its instruction; no cute call is left.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 -DTMEM %s -o %t.100.ptx
// RUN: FileCheck %s --check-prefix=TMEM < %t.100.ptx
// RUN: %ptxas -arch=sm_100a %t.100.ptx -o /dev/null

#include <cute/arch/sm90.h>
#include <cute/llvm.h>

using namespace cute;

// CHECK-NOT: llvm.cute
// CHECK-LABEL: .entry _Z7clusterPj(
// CHECK-DAG: %cluster_nctarank
// CHECK-DAG: %cluster_nctaid.x
// CHECK-DAG: %cluster_nctaid.y
// CHECK-DAG: %cluster_nctaid.z
// CHECK: barrier.cluster.arrive.aligned;
// CHECK: ret;
__global__ void cluster(unsigned *Out) {
  dim3 Shape = sm90::cluster_shape();
  Out[0] = sm90::cluster_nctarank();
  Out[1] = Shape.x * 100 + Shape.y * 10 + Shape.z;
  sm90::cluster_arrive();
}

// CHECK-LABEL: .entry _Z5waitsPm(
// CHECK: mbarrier.expect_tx.relaxed.cta.shared.b64 [_ZZ5waitsPmE3Bar], %r{{[0-9]+}};
// CHECK: cp.async.bulk.wait_group 0;
// CHECK: ret;
__global__ void waits(uint64_t *Unused) {
  __shared__ uint64_t Bar;
  sm90::mbarrier_expect_tx(&Bar, 4096);
  sm90::tma_store_wait_all<0>();
}

constexpr CopyAtom Copy128 = copy_atom("UniversalCopy<uint128_t>");
constexpr MmaAtom Known = mma_atom("SM80_16x8x16_F32F16F16F32_TN");
static_assert(!Known.unknown());

// The stride of (4,8):(8,1) at mode 0, the tiler of a (32,8) x (4,1)
// TiledCopy of floats ((128,8)), is_rmem of a register and of a global
// view, the view advanced by 8 (its first element moves 8 floats on), and
// complement(3:2, 6) = 2:1, whose size is 2.
// CHECK-LABEL: .entry _Z6layoutPiPf(
// CHECK-DAG: st.global.b32 [%rd{{[0-9]+}}], 8;
// CHECK-DAG: st.global.b32 [%rd{{[0-9]+}}+4], 128;
// CHECK-DAG: st.global.b32 [%rd{{[0-9]+}}+8], 1;
// CHECK-DAG: st.global.b32 [%rd{{[0-9]+}}+12], 0;
// CHECK-DAG: st.global.b32 [%rd{{[0-9]+}}+16], 2;
// CHECK-DAG: ld.global.b32 {{.*}}+32];
// CHECK: ret;
__global__ void layout(int *Out, float *G) {
  Stride D = get_stride(make_layout("(4,8):(8,1)"));
  Out[0] = get_leaf<0>(D);
  auto Tiled = make_tiled_copy<float, Copy128>("(32,8)", "(4,1)");
  Out[1] = get_leaf<0>(tiler_mn(Tiled));
  float R[4];
  auto Reg = make_fragment(R, make_layout(make_shape(_4{})));
  auto Glob = make_view(G, make_layout(make_shape(_16{})));
  Out[2] = is_rmem(Reg);
  Out[3] = is_rmem(Glob);
  Out[4] = size(complement(make_layout("3:2"), 6));
  Out[5] = int(load(add_offset(Glob, 8), 0));
}

#ifdef TMEM
// A TMEM tensor's address: its first element's, at the column offset of
// its layout's origin.
// TMEM-LABEL: .entry _Z4tmemPjj(
// TMEM: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16;
// TMEM: ret;
__global__ void tmem(unsigned *Out, unsigned Base) {
  auto T = make_tmem_tensor<float>(Base, make_layout("(128,32):(65536,1)"));
  Out[0] = get_tmem_addr(slice(T, make_coord("(_,?)", 16)));
}
#endif
