// CuTe's Hopper mainloop idiom from CUDA C++: a TiledMMA of a WGMMA atom,
// partition_A/B of swizzled shared-memory tiles, partition_fragment_C, and
// gemm<Atom> between warpgroup_arrive and warpgroup_wait. gemm takes each
// k-block's GMMA descriptor from the partition, in the major the atom names:
// an MN-major A (`_SS<MN,K>`) issues tnsp-a 1 and advances A by whole
// 8-column atoms (4096 bytes a k-block of the 128-row tile), a K-major B by
// 32 bytes. At -O3 every fragment is in registers and ptxas keeps the
// pipeline (no C75xx); -O0 lowers too. An atom whose major does not match
// the tile it is given is one error, at the gemm call's file:line:col, with
// or without -g.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.O3.ptx
// RUN: FileCheck %s --input-file=%t.O3.ptx --implicit-check-not=ld.local \
// RUN:   --implicit-check-not=st.local --implicit-check-not=trap
// RUN: %ptxas -arch=sm_90a %t.O3.ptx -o /dev/null 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=PTXAS %s
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o %t.O0.ptx
// RUN: %ptxas -arch=sm_90a %t.O0.ptx -o /dev/null
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -gline-tables-only %s -o /dev/null \
// RUN:   -DWRONG_MAJOR 2>&1 | FileCheck %s --check-prefix=MAJOR \
// RUN:   --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -g %s -o /dev/null -DWRONG_MAJOR 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MAJOR --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DWRONG_MAJOR 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MAJOR --implicit-check-not=error:
//
// PTXAS-NOT: C75{{[0-9]+}}
// PTXAS-NOT: warning

#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

using namespace cute;
constexpr MmaAtom AtomNT = mma_atom("SM90_64x64x16_F32F16F16_SS<MN,K>");
constexpr TiledMmaShape TiledNT = tiled_mma_shape(AtomNT, "(2,1,1)");
constexpr MmaAtom AtomTN = mma_atom("SM90_64x64x16_F32F16F16_SS");
constexpr TiledMmaShape TiledTN = tiled_mma_shape(AtomTN, "(2,1,1)");

// CHECK-LABEL: .entry _Z2ntPf(
// CHECK:       wgmma.fence.sync.aligned;
// CHECK:       wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p0, 1, 1, 1, 0;
// CHECK:       add.s64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4096;
// CHECK:       wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p0, 1, 1, 1, 0;
// CHECK:       wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p0, 1, 1, 1, 0;
// CHECK:       wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p0, 1, 1, 1, 0;
// CHECK-NOT:   wgmma.mma_async
// CHECK:       wgmma.commit_group.sync.aligned;
// CHECK-NEXT:  wgmma.wait_group.sync.aligned 0;
__global__ void nt(float *Out) {
  __shared__ alignas(1024) _Float16 SmemA[128 * 64], SmemB[64 * 64];
#ifdef WRONG_MAJOR
  // A stored K-major, given to the MN-major atom.
  Layout AtomA = make_layout("S<3,3,3> o 0 o (8,64):(64,1)");
#else
  Layout AtomA = make_layout("S<3,3,3> o 0 o (64,8):(1,64)");
#endif
  auto SA = make_view(SmemA, tile_to_shape(AtomA, make_shape("(128,64)")));
  auto SB = make_view(
      SmemB, tile_to_shape(make_layout("S<3,3,3> o 0 o (8,64):(64,1)"),
                           make_shape("(64,64)")));
  TiledMMA Mma = make_tiled_mma<TiledNT>();
  auto GC = make_view(Out, make_layout("(128,64):(64,1)"));
  float RegC[TiledNT.size_C(128, 64)];
  auto TCrC = make_fragment(RegC, partition_fragment_C(Mma, GC));
  warpgroup_fence_operand(RegC);
  warpgroup_arrive();
  // The atom's major reaches make_gmma_desc of A's k-blocks: one error.
  // MAJOR: error: {{.*}}wgmma-tiled.cu:[[@LINE+1]]:3: 'llvm.cute.make_gmma_desc': expects Mma atom layout of S<3,3,3> o 0 o (64,8):(1,64) (the MN-major SW128 atom of 16-bit elements), but got S<3,3,3> o ? o (64,16):(64,1)
  gemm<AtomNT>(partition_A(Mma, SA, threadIdx.x),
               partition_B(Mma, SB, threadIdx.x), TCrC, 0);
  warpgroup_commit_batch();
  warpgroup_wait<0>();
  warpgroup_fence_operand(RegC);
  auto TCgC = partition_C(Mma, GC, threadIdx.x);
#pragma unroll
  for (int I = 0; I < size(TCrC); ++I)
    store(TCgC, I, load(TCrC, I));
}
