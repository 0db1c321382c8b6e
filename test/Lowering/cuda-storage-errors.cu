// A tensor or an atom operand never reaches past the array it is in: a
// constant tile out of a __shared__ array (whose cp.async would write past
// its end) and an mbarrier (8 bytes) on a 4-byte word are each one error at
// the user's line, at -O3 and -O0; the same kernel in bounds compiles. An
// mbarrier given to a device function that is not inlined is a generic
// pointer nothing proves shared: one error at the user's line (cast to the
// shared window, it could name an unrelated barrier).
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o - | FileCheck %s --check-prefix=GOOD
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DOUT_OF_BOUNDS 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOB --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 %s -o /dev/null -DOUT_OF_BOUNDS 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOB --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DMBARRIER_WORD 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MBAR --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 %s -o /dev/null -DMBARRIER_WORD 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MBAR --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DNOT_INLINED 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNPROVEN --implicit-check-not=error:

#include <cute/arch/sm90.h>
#include <cute/llvm.h>

using namespace cute;
using half = _Float16;

constexpr CopyAtom G2S = copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");

// GOOD-LABEL: .entry _Z4loadPKDF16_PDF16_(
// GOOD: cp.async.ca.shared.global.L2::128B
__global__ void load(const half *In, half *Out) {
  __shared__ alignas(128) half S[64 * 32];
  auto G = make_view(In, make_layout("(128,32):(32,1)"));
  auto T = make_view(S, make_layout("(64,32):(32,1)"));
  auto Copy = make_tiled_copy<half, G2S>("(32,4):(4,1)", "(1,8)");
  auto Thr = Copy.get_slice(threadIdx.x);
#ifdef OUT_OF_BOUNDS
  // The tile past the two of the array.
  // OOB: error: {{.*}}cuda-storage-errors.cu:[[@LINE+1]]:{{[0-9]+}}: the tensor this slice or tile gives, (32,32):(32,1) spans 1024 elements (2048 bytes) from byte 4096 of {{.*}}(4096 byte(s)): it starts outside it
  auto Dst = local_tile(T, make_tile("(32,32)"), make_coord("(2,0)"));
#else
  auto Dst = local_tile(T, make_tile("(32,32)"), make_coord("(1,0)"));
#endif
  auto Src = local_tile(G, make_tile("(32,32)"), make_coord("(3,0)"));
  copy(Copy, Thr.partition_S(Src), Thr.partition_D(Dst));
  cp_async_fence();
  cp_async_wait<0>();
  __syncthreads();
  Out[threadIdx.x] = S[threadIdx.x];
}

// GOOD-LABEL: .entry _Z7barrierv(
// GOOD: mbarrier.init.shared.b64
__global__ void barrier() {
#ifdef MBARRIER_WORD
  __shared__ uint32_t Bar;
  // MBAR: error: {{.*}}cuda-storage-errors.cu:[[@LINE+1]]:{{[0-9]+}}: variant 'SM80_MBARRIER_INIT': operand 'bar' points to 4 byte(s), but the variant accesses 8 there
  sm90::mbarrier_init((uint64_t *)&Bar, 1);
#else
  __shared__ uint64_t Bar;
  sm90::mbarrier_init(&Bar, 1);
#endif
}

#ifdef NOT_INLINED
__device__ __noinline__ void initBarrier(uint64_t *Bar) {
  // UNPROVEN: error: {{.*}}cuda-storage-errors.cu:[[@LINE+1]]:{{[0-9]+}}: variant 'SM80_MBARRIER_INIT': operand 'bar' must point to shared memory, but nothing proves that it does: it derives from parameter #0 of the device function 'initBarrier(unsigned long*)'
  sm90::mbarrier_init(Bar, 1);
}

__global__ void separate() {
  __shared__ uint64_t Bar;
  initBarrier(&Bar);
}
#endif
