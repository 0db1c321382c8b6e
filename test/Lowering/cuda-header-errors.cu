// Mistakes in CUDA C++ are clean clang errors at the user's line and column
// (the wrappers of <cute/llvm.h> are nodebug, so inlined calls take the
// caller's location), with a non-zero exit status: at -O0 and -O3, with or
// without -g (cute-clang++ has clang track locations without emitting debug
// information).
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -gline-tables-only %s -o /dev/null \
// RUN:   -DPROFILE 2>&1 | FileCheck %s --check-prefix=PROFILE
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -gline-tables-only %s -o /dev/null \
// RUN:   -DPROFILE 2>&1 | FileCheck %s --check-prefix=PROFILE
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null \
// RUN:   -DPROFILE 2>&1 | FileCheck %s --check-prefix=PROFILE
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O0 -gline-tables-only %s -o /dev/null \
// RUN:   -DESCAPE 2>&1 | FileCheck %s --check-prefix=ESCAPE
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -gline-tables-only %s -o /dev/null \
// RUN:   -DESCAPE 2>&1 | FileCheck %s --check-prefix=ESCAPE
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O2 -gline-tables-only %s -o /dev/null \
// RUN:   -DLEAVES 2>&1 | FileCheck %s --check-prefix=LEAVES
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O2 -gline-tables-only %s -o /dev/null \
// RUN:   -DTILER 2>&1 | FileCheck %s --check-prefix=TILER

// PROFILE-NOT: PLEASE submit a bug report
// ESCAPE-NOT: PLEASE submit a bug report

#include <cute/llvm.h>

#ifdef PROFILE
__global__ void badProfile(int *Out, int M) {
  // PROFILE: error: {{.*}}cuda-header-errors.cu:[[@LINE+1]]:20: 'llvm.cute.make_layout': profile '(?,4:(1,?)': column 11: expected ',' or ')' before end of input
  cute::Layout L = cute::make_layout("(?,4:(1,?)", M, M);
  Out[0] = cute::size(L);
}
#endif

#ifdef ESCAPE
// A helper that takes a cute value is inlined (cuda-helpers.cu); a cute
// value stored to memory cannot be followed.
__device__ cute::Layout Saved;

__global__ void escape(int *Out, int M) {
  cute::Layout L = cute::make_layout("(?,4):(1,?)", M, M);
  // ESCAPE: error: {{.*}}cuda-header-errors.cu:[[@LINE+1]]:{{[0-9]+}}: a cute value ('(?,4):(1,?)') escapes to memory (a store); its profile cannot be followed there
  Saved = L;
  Out[0] = cute::size(L);
}
#endif

#ifdef LEAVES
__global__ void tooFewLeaves(int *Out, int M) {
  // LEAVES: error: {{.*}}cuda-header-errors.cu:[[@LINE+1]]:20: 'llvm.cute.make_layout': profile '(?,?):(1,?)' has 3 dynamic leaves, but the call passes 2 integer(s)
  cute::Layout L = cute::make_layout("(?,?):(1,?)", M, M);
  Out[0] = cute::size(L);
}
#endif

#ifdef TILER
__global__ void rankMismatch(float *Out, int M) {
  auto T = cute::make_view(Out, cute::make_layout("?:1", M));
  // TILER: error: {{.*}}cuda-header-errors.cu:[[@LINE+1]]:12: 'llvm.cute.zipped_divide'
  auto Z = cute::zipped_divide(T, cute::make_tile("(4,4,4)"));
  cute::store(Z, 0, 1.0f);
}
#endif
