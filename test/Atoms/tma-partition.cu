// The TMA partition from the layout algebra, as CuTe's tma_partition makes
// it: the identity layout of the global tensor (scaled-basis strides)
// divided into boxes by zipped_divide; crd2crd of (0,(box indices)) is the
// coordinate the box starts at, which the TMA load takes. Static box
// extents fold to shifts; a multicast split of the box across the CTAs of
// a cluster is a finer division indexed by the CTA rank.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=llvm.cute
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

#include <cute/arch/sm90.h>
#include <cute/llvm.h>

using namespace cute;

// The boxes land in shared memory, completing on a shared mbarrier (the
// kernels' Smem and Bar parameters, host memory, would be errors).
__shared__ alignas(128) unsigned char Box[64 * 128 * 2];
__shared__ uint64_t Full;

// CHECK-LABEL: .entry _Z5box2dPKvPmPviiii(
// CHECK-DAG: ld.param.b32 [[KT:%r[0-9]+]], [_Z5box2dPKvPmPviiii_param_5];
// CHECK-DAG: ld.param.b32 [[TM:%r[0-9]+]], [_Z5box2dPKvPmPviiii_param_6];
// CHECK-DAG: shl.b32 [[C0:%r[0-9]+]], [[KT]], 6;
// CHECK-DAG: shl.b32 [[C1:%r[0-9]+]], [[TM]], 7;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], [{{%rd[0-9]+}}, {[[C0]], [[C1]]}]
__global__ void box2d(const void *TMap, uint64_t *Bar, void *Smem, int K,
                      int M, int KT, int TM) {
  Layout Boxes = zipped_divide(make_layout("(?,?):(1@0,1@1)", K, M),
                               make_tile("(64,128)"));
  Coord C = crd2crd(make_coord("(0,(?,?))", KT, TM), Boxes);
  sm90::tma_load(TMap, &Full, Box, get_leaf<0>(C), get_leaf<1>(C));
}

// A 3-D tensor (K, M, L) in boxes of (64,32,1): box (k, m, l) starts at
// (64k, 32m, l).
// CHECK-LABEL: .entry _Z5box3dPKvPmPviiiiii(
// CHECK-DAG: shl.b32 [[D0:%r[0-9]+]], {{%r[0-9]+}}, 6;
// CHECK-DAG: shl.b32 [[D1:%r[0-9]+]], {{%r[0-9]+}}, 5;
// CHECK-DAG: ld.param.b32 [[D2:%r[0-9]+]], [_Z5box3dPKvPmPviiiiii_param_8];
// CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], [{{%rd[0-9]+}}, {[[D0]], [[D1]], [[D2]]}]
__global__ void box3d(const void *TMap, uint64_t *Bar, void *Smem, int K,
                      int M, int L, int Kb, int Mb, int Lb) {
  Layout Boxes = zipped_divide(
      make_layout("(?,?,?):(1@0,1@1,1@2)", K, M, L), make_tile("(64,32,1)"));
  Coord C = crd2crd(make_coord("(0,(?,?,?))", Kb, Mb, Lb), Boxes);
  sm90::tma_load(TMap, &Full, Box, get_leaf<0>(C), get_leaf<1>(C),
                 get_leaf<2>(C));
}

// Multicast over a 2-CTA cluster: each CTA loads one half (64 x 64) of the
// 64 x 128 box of tile TM and multicasts it to both; CTA rank r's half is
// box (KT, 2*TM + r) of the finer division.
// CHECK-LABEL: .entry _Z9multicastPKvPmPviiii(
// CHECK-DAG: mov.u32 [[RANK:%r[0-9]+]], %cluster_ctarank;
// CHECK-DAG: shl.b32 [[KOFF:%r[0-9]+]], {{%r[0-9]+}}, 6;
// CHECK-DAG: shl.b32 [[TOFF:%r[0-9]+]], {{%r[0-9]+}}, 7;
// CHECK-DAG: shl.b32 [[ROFF:%r[0-9]+]], [[RANK]], 6;
// CHECK: add.s32 [[MOFF:%r[0-9]+]], [[ROFF]], [[TOFF]];
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [{{%rd[0-9]+}}], [{{%rd[0-9]+}}, {[[KOFF]], [[MOFF]]}]
__global__ void multicast(const void *TMap, uint64_t *Bar, void *Smem, int K,
                          int M, int KT, int TM) {
  Layout Halves = zipped_divide(make_layout("(?,?):(1@0,1@1)", K, M),
                                make_tile("(64,64)"));
  int Rank = sm90::cluster_ctarank();
  Coord C = crd2crd(make_coord("(0,(?,?))", KT, 2 * TM + Rank), Halves);
  sm90::tma_load_multicast(TMap, &Full, 0x3, Box, get_leaf<0>(C),
                           get_leaf<1>(C));
}
