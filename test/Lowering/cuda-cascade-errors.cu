// One error per mistake through cute-clang++: an accumulator re-layout that
// does not exist is reported at the user's line, and nothing made from it
// (the view, its size, its elements) nor the loop over it that was to be
// unrolled is reported again. With and without -g.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -g %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

using namespace cute;

constexpr MmaAtom QK = GMMA::ss_op_selector<__bf16, __bf16, float, 184>();
constexpr MmaAtom PV =
    GMMA::rs_op_selector<__bf16, __bf16, float, 128, GMMA::Major::MN>();
constexpr TiledMmaShape TiledQK = tiled_mma_shape(QK, "(2,1,1)");
constexpr TiledMmaShape TiledPV = tiled_mma_shape(PV, "(2,1,1)");

__global__ void relayout(float *Out) {
  TiledMMA MmaQK = make_tiled_mma<TiledQK>();
  TiledMMA MmaPV = make_tiled_mma<TiledPV>();
  __bf16 P[92];
  // 184 keys are not a multiple of the PV atom's 16.
  // CHECK: error: {{.*}}cuda-cascade-errors.cu:[[@LINE+1]]:{{[0-9]+}}: {{.*}}convert_layout_acc_Aregs expects a tile that is a multiple of the (128,16) tile of {{.*}}, but got (128,184)
  auto TOrP = make_view(P, convert_layout_acc_Aregs(MmaQK, MmaPV,
                                                    make_shape("(128,184)")));
#pragma unroll
  for (int I = 0; I < size(TOrP); ++I)
    Out[I] = float(load(TOrP, I));
}
