// A copy atom moves several contiguous values per call; a partition whose
// call values the layout algebra proves are never contiguous is one error at
// the copy (it trapped at run time before), at -O3 and -O0; a destination
// likewise. Where the algebra cannot decide, the run-time check stays.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -DSOURCE %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SRC --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 -DSOURCE %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SRC --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -DDEST %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DST --implicit-check-not=error:
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o - | FileCheck %s --check-prefix=OK

#include <cute/llvm.h>

using namespace cute;
constexpr CopyAtom C128 = copy_atom("UniversalCopy<uint128_t>");

__global__ void kernel(const float *S, float *D) {
#if defined(SOURCE)
  // Four values per call, but the source's are 4 apart.
  auto TS = make_view(S, make_layout("(4,4):(4,1)"));
  auto TD = make_view(D, make_layout("(4,4):(1,4)"));
  // SRC: error: {{.*}}cuda-copy-contiguity-errors.cu:[[@LINE+1]]:3: copy: each call of the atom moves 4 contiguous values, but no call's values of the source (layout (4,4):(4,1)) are contiguous
  copy<C128>(TS, TD);
#elif defined(DEST)
  auto TS = make_view(S, make_layout("(4,4):(1,4)"));
  auto TD = make_view(D, make_layout("(4,4):(8,1)"));
  // DST: error: {{.*}}cuda-copy-contiguity-errors.cu:[[@LINE+1]]:3: copy: each call of the atom moves 4 contiguous values, but no call's values of the destination (layout (4,4):(8,1)) are contiguous
  copy<C128>(TS, TD);
#else
  // Contiguous on both sides: four 128-bit copies, no check left.
  // OK-LABEL: .entry _Z6kernelPKfPf
  // OK-COUNT-4: ld.global.v4.{{[bf]}}32
  // OK-NOT: trap
  // OK: ret;
  auto TS = make_view(S, make_layout("(4,4):(1,4)"));
  auto TD = make_view(D, make_layout("(4,4):(1,4)"));
  copy<C128>(TS, TD);
#endif
}
