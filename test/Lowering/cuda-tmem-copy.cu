// Tensors in tensor memory and CuTe's make_tmem_copy (<cute/llvm.h>) on
// sm_100a: the accumulator tile of 128 lanes by 256 columns, copied to
// registers by the tcgen05.ld TiledCopy of a warpgroup (each warp's calls at
// its own 32 lanes: one warp-uniform address, base + ((tid & 0x3e0) << 16)
// + 8k), each load waited for before its registers are read, then stored to
// the row-major tile in global memory; and the reverse through tcgen05.st.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o /dev/null

#include <cute/algorithm.h>
#include <cute/llvm.h>

using namespace cute;
constexpr CopyAtom T2R = copy_atom("SM100_TMEM_LOAD_32dp32b8x");
constexpr CopyAtom R2T = copy_atom("SM100_TMEM_STORE_32dp32b8x");

__device__ __forceinline__ Layout accumulator() {
  return make_layout(make_shape(_128{}, _256{}), make_stride(Int<65536>{}, _1{}));
}

// CHECK-LABEL: .entry _Z7tmemToC
// CHECK: mov.u32 [[TID:%r[0-9]+]], %tid.x;
// CHECK: shl.b32 [[SHL:%r[0-9]+]], [[TID]], 16;
// CHECK: and.b32 [[WARP:%r[0-9]+]], [[SHL]], 65011712;
// CHECK: add.s32 [[BASE:%r[0-9]+]], {{%r[0-9]+}}, [[WARP]];
// CHECK: tcgen05.ld.sync.aligned.32x32b.x8.b32 {{{(%r[0-9]+, ){7}%r[0-9]+}}}, {{\[}}[[BASE]]];
// CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
// CHECK-COUNT-31: tcgen05.ld.sync.aligned.32x32b.x8.b32
// CHECK-NOT: tcgen05.ld
// CHECK: st.global
// CHECK: ret;
__global__ void tmemToC(float *C, uint32_t Tmem) {
  auto tAcc = make_tmem_tensor<float>(Tmem, accumulator());
  auto gC = make_view(C, make_layout(make_shape(_128{}, _256{}),
                                     make_stride(_256{}, _1{})));
  auto T2RCopy = make_tmem_copy<float, T2R>(tAcc);
  auto Thr = T2RCopy.get_slice(threadIdx.x);
  auto tDgC = Thr.partition_D(gC);
  float Regs[256];
  auto tDrC = make_fragment(Regs, make_layout_like(get_layout(tDgC)));
  copy(T2RCopy, Thr.partition_S(tAcc), tDrC);
  copy(tDrC, tDgC);
}

// CHECK-LABEL: .entry _Z7cToTmem
// CHECK-COUNT-32: tcgen05.st.sync.aligned.32x32b.x8.b32
// CHECK-NOT: tcgen05.st
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK: ret;
__global__ void cToTmem(const float *C, uint32_t Tmem) {
  auto tAcc = make_tmem_tensor<float>(Tmem, accumulator());
  auto gC = make_view(C, make_layout(make_shape(_128{}, _256{}),
                                     make_stride(_256{}, _1{})));
  auto R2TCopy = make_tmem_copy<float, R2T>(tAcc);
  auto Thr = R2TCopy.get_slice(threadIdx.x);
  auto tSgC = Thr.partition_S(gC);
  float Regs[256];
  auto tSrC = make_fragment(Regs, make_layout_like(get_layout(tSgC)));
  copy(tSgC, tSrC);
  copy(R2TCopy, tSrC, Thr.partition_D(tAcc));
}
