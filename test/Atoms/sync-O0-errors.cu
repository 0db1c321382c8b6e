// Unoptimised code keeps an inlined wrapper's arguments in stack slots; the
// lowering promotes the slots that feed its atom calls, so a constant out
// of its operand's range is the same one located error at -O0 (with or
// without -g) as at -O3, and a value known only at run time stays a
// register operand.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 -g %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 -DVALID_ONLY %s -o - | FileCheck %s --check-prefix=VALID

#include <cute/arch/sm90.h>

#ifndef VALID_ONLY
__global__ void badCount() {
  // CHECK: error: {{.*}}sync-O0-errors.cu:[[@LINE+1]]:3: variant 'SM80_NAMED_BARRIER_SYNC': operand 'count' must be a multiple of 32 in [32, 1024], not 100
  cute::sm90::named_barrier_sync(100, 1);
}

__global__ void badExpect() {
  __shared__ uint64_t Bar;
  // A constant passed through the user's own local, then the wrapper's.
  unsigned Bytes = 1 << 20;
  // CHECK: error: {{.*}}sync-O0-errors.cu:[[@LINE+1]]:3: variant 'SM90_MBARRIER_ARRIVE_EXPECT_TX': operand 'bytes' must be in [0, 1048575], not 1048576
  cute::sm90::mbarrier_arrive_expect_tx(&Bar, Bytes);
}

__global__ void badInit() {
  __shared__ uint64_t Bar;
  // CHECK: error: {{.*}}sync-O0-errors.cu:[[@LINE+1]]:3: variant 'SM80_MBARRIER_INIT': operand 'count' must be in [1, 1048575], not 0
  cute::sm90::mbarrier_init(&Bar, 0);
}
#endif

// VALID-LABEL: .entry _Z7dynamicj(
// VALID: bar.sync {{[0-9]+|%r[0-9]+}}, %r{{[0-9]+}};
__global__ void dynamic(unsigned Threads) {
  cute::sm90::named_barrier_sync(Threads, 1);
}
