// tile_to_shape of <cute/llvm.h> is CuTe's: a static target shape that the
// block does not divide (a 128-byte-swizzled GMMA atom of 8 rows tiled to
// 100 rows, which would otherwise be padded to 104 and overrun a 100-row
// buffer) is one error at the user's call; a dividing one lowers.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -DVALID_ONLY %s -o - | FileCheck %s --check-prefix=VALID

#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

using namespace cute;

#ifndef VALID_ONLY
__global__ void rows100(_Float16 *Out) {
  __shared__ alignas(1024) _Float16 S[100 * 64];
  // CHECK: error: {{.*}}cuda-tile-to-shape-errors.cu:[[@LINE+1]]:{{[0-9]+}}: {{.*}}tile_to_shape: block shape 8 does not divide target shape 100 in mode 0
  auto T = make_view(S, tile_to_shape(GMMA::Layout_K_SW128_Atom<_Float16>(),
                                      make_shape(100, 64)));
  Out[threadIdx.x] = load(T, int(threadIdx.x));
}
#endif

// VALID-LABEL: .entry _Z6rows96PDF16_(
// VALID-NOT: llvm.cute
__global__ void rows96(_Float16 *Out) {
  __shared__ alignas(1024) _Float16 S[96 * 64];
  auto T = make_view(S, tile_to_shape(GMMA::Layout_K_SW128_Atom<_Float16>(),
                                      make_shape(96, 64)));
  Out[threadIdx.x] = load(T, int(threadIdx.x));
}
