// The WGMMA pipeline from CUDA C++: <cute/arch/wgmma.h>'s fence, commit,
// wait and operand fence around cute_nvgpu_sm90_mma (SS and RS), through
// cute-clang++ -fcute-lowering. At -O3 every fragment is in registers (no
// local memory), and ptxas assembles the kernel without serialising the
// wgmma pipeline (C7510) or injecting a warpgroup arrive or wait (C7517,
// C7519); at -O0 (fragments in stack slots) it still lowers and
// assembles.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.O3.ptx
// RUN: FileCheck %s --input-file=%t.O3.ptx --implicit-check-not=ld.local \
// RUN:   --implicit-check-not=st.local --implicit-check-not=llvm.cute
// RUN: %ptxas -arch=sm_90a %t.O3.ptx -o /dev/null 2>&1 \
// RUN:   | FileCheck --allow-empty --check-prefix=PTXAS %s
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o %t.O0.ptx
// RUN: FileCheck %s --check-prefix=O0 --input-file=%t.O0.ptx
// RUN: %ptxas -arch=sm_90a %t.O0.ptx -o /dev/null
//
// PTXAS-NOT: C75{{[0-9]+}}
// PTXAS-NOT: warning

#include <cute/arch/wgmma.h>

#include <cstdint>

// CHECK-LABEL: .entry _Z2ssPfmmi(
// CHECK:       wgmma.fence.sync.aligned;
// CHECK:       setp.ne.b32 p0, %r{{[0-9]+}}, 0;
// CHECK-NEXT:  wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {{[{]}}%r{{[0-9]+}}, {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p0, 1, 1, 0, 0;
// CHECK:       setp.ne.b32 p0, %r{{[0-9]+}}, 0;
// CHECK-NEXT:  wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16
// CHECK:       wgmma.commit_group.sync.aligned;
// CHECK-NEXT:  wgmma.wait_group.sync.aligned 0;
// O0-LABEL:    .entry _Z2ssPfmmi(
// O0:          wgmma.fence.sync.aligned;
// O0:          wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16
// O0:          wgmma.commit_group.sync.aligned;
// O0:          wgmma.wait_group.sync.aligned 0;
__global__ void ss(float *Out, uint64_t DescA, uint64_t DescB, int K) {
  float Acc[8];
  for (int I = 0; I != 8; ++I)
    Acc[I] = 0;
  cute::sm90::fence_operand(Acc);
  cute::sm90::wgmma_fence();
  // Two k-blocks: the first overwrites (scale-d 0), the second accumulates;
  // advancing a K-major descriptor by 32 bytes adds 2 to its address field.
  cute_nvgpu_sm90_mma("SM90_64x16x16_F32F16F16_SS", Acc, &DescA, &DescB, 0);
  DescA += 2;
  DescB += 2;
  cute_nvgpu_sm90_mma("SM90_64x16x16_F32F16F16_SS", Acc, &DescA, &DescB, K);
  cute::sm90::wgmma_commit();
  cute::sm90::wgmma_wait<0>();
  cute::sm90::fence_operand(Acc);
  for (int I = 0; I != 8; ++I)
    Out[threadIdx.x * 8 + I] = Acc[I];
}

// RS: A from four b32 registers (bf16 pairs), B a descriptor.
// CHECK-LABEL: .entry _Z2rsPfPKjm(
// CHECK:       wgmma.fence.sync.aligned;
// CHECK:       wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {{[{]}}%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p0, 1, 1, 0;
// CHECK:       wgmma.commit_group.sync.aligned;
// CHECK-NEXT:  wgmma.wait_group.sync.aligned 1;
__global__ void rs(float *Out, const uint32_t *A, uint64_t DescB) {
  float Acc[4] = {0, 0, 0, 0};
  uint32_t Frag[4];
  for (int I = 0; I != 4; ++I)
    Frag[I] = A[threadIdx.x * 4 + I];
  cute::sm90::fence_operand(Frag);
  cute::sm90::fence_operand(Acc);
  cute::sm90::wgmma_fence();
  cute_nvgpu_sm90_mma("SM90_64x8x16_F32BF16BF16_RS", Acc, Frag, &DescB, 1);
  cute::sm90::wgmma_commit();
  cute::sm90::wgmma_wait<1>();
  cute::sm90::wgmma_wait<0>();
  cute::sm90::fence_operand(Acc);
  for (int I = 0; I != 4; ++I)
    Out[threadIdx.x * 4 + I] = Acc[I];
}
