// cute::make_gmma_desc from CUDA C++ (<cute/arch/wgmma.h>), exactly as the
// Hopper GEMM calls it: the SW128 K-major fp16 / bf16 A block of a
// warpgroup picked at run time and the B block, over a generic pointer into
// dynamic shared memory. The descriptor is the constant 0x4000004000010000
// (SW128, SBO 1024 bytes, LBO 1) OR'd with bits [4,18) of the shared
// address, and the PTX assembles.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=llvm.cute
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

#include <cute/arch/wgmma.h>
#include <cute/llvm.h>

#include <stdint.h>

struct SharedStorage {
  alignas(1024) unsigned char A[2][128 * 64 * 2];
  alignas(1024) unsigned char B[2][256 * 64 * 2];
};

// CHECK-LABEL: .entry _Z5descsIDF16_EvPm(
// CHECK: cvta.to.shared.u64 [[A:%rd[0-9]+]],
// CHECK: bfe.u64 [[AF:%rd[0-9]+]], [[A]], 4, 14;
// CHECK: or.b64 {{%rd[0-9]+}}, [[AF]], 4611686293305360384;
// CHECK: cvta.to.shared.u64 [[B:%rd[0-9]+]],
// CHECK: bfe.u64 [[BF:%rd[0-9]+]], [[B]], 4, 14;
// CHECK: or.b64 {{%rd[0-9]+}}, [[BF]], 4611686293305360384;
// CHECK-LABEL: .entry _Z5descsIDF16bEvPm(
// CHECK-COUNT-2: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611686293305360384;
template <class T> __global__ void descs(uint64_t *Out) {
  using namespace cute;
  extern __shared__ unsigned char SmemRaw[];
  SharedStorage &S = *reinterpret_cast<SharedStorage *>(
      (reinterpret_cast<uintptr_t>(SmemRaw) + 1023) & ~uintptr_t(1023));
  int CW = threadIdx.x / 128 - 1;
  Layout SmemA = make_layout("S<3,3,3> o 0 o (128,64):(64,1)");
  Layout SmemB = make_layout("S<3,3,3> o 0 o (256,64):(64,1)");
  uint64_t DescA0 = make_gmma_desc(
      local_tile(make_view((T *)S.A[0], SmemA), make_tile("(64,16)"),
                 make_coord("(?,0)", CW)),
      "major=K");
  uint64_t DescB0 = make_gmma_desc(
      local_tile(make_view((T *)S.B[0], SmemB), make_tile("(256,16)"),
                 make_coord("(0,0)")),
      "major=K");
  Out[0] = DescA0;
  Out[1] = DescB0;
}
template __global__ void descs<_Float16>(uint64_t *);
template __global__ void descs<__bf16>(uint64_t *);
