// Cute values of different profiles merged by a branch (a phi the
// optimiser places at the join, which has no source line) or by a
// conditional expression (a select): one error each, at the user's line
// (the read of the merged variable, or the conditional), with or without
// -g, at -O3 and -O0, and nothing made from the merged value reported again.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -g %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -g %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <cute/llvm.h>

using namespace cute;

__global__ void branch(float *Out, int C) {
  Layout L = make_layout("8:1");
  if (C > 3)
    L = make_layout("(4,2):(1,4)");
  // CHECK: error: {{.*}}cuda-merge-errors.cu:[[@LINE+1]]:12: cute values of different profiles meet here: '(4,2):(1,4)' and '8:1'
  auto T = make_view(Out, L);
  store(T, 3, 1.0f);
  Out[size(T)] = load(T, 1);
}

__global__ void conditional(float *Out, int C) {
  // CHECK: error: {{.*}}cuda-merge-errors.cu:[[@LINE+1]]:14: cute values of different profiles meet here: '8:1' and '(4,2):(1,4)'
  Layout L = C > 3 ? make_layout("8:1") : make_layout("(4,2):(1,4)");
  auto T = make_view(Out, L);
  store(T, 3, 1.0f);
  Out[size(T)] = load(T, 1);
}
