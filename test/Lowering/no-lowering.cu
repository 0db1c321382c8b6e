// Without -fcute-lowering the header still compiles, and the calls stay:
// `llvm.cute.*` calls through asm labels in the device IR. Without the
// plugin nothing stops them: llc emits PTX that calls `llvm.cute.size`,
// which ptxas rejects. -fno-cute-lowering after -fcute-lowering turns the
// lowering off again.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering -fno-cute-lowering -I%cute_src/include \
// RUN:   --cuda-path=/usr/local/cuda -Wno-unknown-cuda-version \
// RUN:   --cuda-device-only --cuda-gpu-arch=sm_90a -S -emit-llvm -O0 %s -o - \
// RUN:   | FileCheck %s
// RUN: %cute-clang++ -I%cute_src/include --cuda-path=/usr/local/cuda \
// RUN:   -Wno-unknown-cuda-version --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -emit-llvm -O2 %s -o - | FileCheck %s --check-prefix=O2
// RUN: %cute-clang++ -I%cute_src/include --cuda-path=/usr/local/cuda \
// RUN:   -Wno-unknown-cuda-version --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O2 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ not %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

// CHECK: call {{.*}}ptr (ptr, ...) @llvm.cute.make_layout(ptr {{.*}}, i32
// CHECK: call {{.*}}i32 (...) @llvm.cute.size(ptr
// O2: call {{.*}}@llvm.cute.make_layout(ptr {{.*}}@.str, i32 {{.*}}%1, i32 {{.*}}%1)
// O2: call {{.*}}@llvm.cute.size(
// PTX: .extern .func {{.*}} llvm.cute.make_layout
// PTX: call{{.*}} llvm.cute.size

#include <cute/llvm.h>

__global__ void k(int *Out, int M) {
  Out[0] = cute::size(cute::make_layout("(?,4):(1,?)", M, M));
}
