// copy() with a copy atom whose two sides differ in width: ldmatrix .x2 and
// .x1 read a 128-bit row address per thread and write 64 and 32 bits of
// registers, so a call moves 8 half values of the source partition into 4
// (2) of the destination. make_tiled_copy_B of SM75_U32x2_LDSM_N for an SM80
// TiledMMA copies B as CuTe does (it was rejected as a size mismatch), and
// the x1 form copies a B of one 8-column atom.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

#include <cute/llvm.h>

using namespace cute;
using half = _Float16;

constexpr MmaAtom Mma = mma_atom("SM80_16x8x16_F32F16F16F32_TN");
constexpr TiledMmaShape TM = tiled_mma_shape(Mma, "(2,2)");
constexpr TiledMmaShape TM1 = tiled_mma_shape(Mma, "(2,1)");
constexpr CopyAtom LdsmA = copy_atom("SM75_U32x4_LDSM_N");
constexpr CopyAtom LdsmB = copy_atom("SM75_U32x2_LDSM_N");
constexpr CopyAtom LdsmB1 = copy_atom("SM75_U32x1_LDSM_N");

// CHECK-LABEL: .entry _Z5ldsmBPKDF16_Pf(
// CHECK-NOT: trap
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: ret;
__global__ void ldsmB(const half *In, float *Out) {
  __shared__ alignas(128) half SA[32 * 16], SB[16 * 16];
  for (int I = threadIdx.x; I < 32 * 16; I += 128)
    SA[I] = In[I];
  for (int I = threadIdx.x; I < 16 * 16; I += 128)
    SB[I] = In[512 + I];
  __syncthreads();
  auto TiledMma = make_tiled_mma<TM>();
  auto Thr = TiledMma.get_slice(threadIdx.x);
  auto A = make_view(SA, make_layout("(32,16):(16,1)"));
  auto B = make_view(SB, make_layout("(16,16):(16,1)"));
  half RA[TM.size_A(32, 16)], RB[TM.size_B(16, 16)];
  float RC[TM.size_C(32, 16)];
  auto FA = make_fragment(RA, Thr.partition_fragment_A(A));
  auto FB = make_fragment(RB, Thr.partition_fragment_B(B));
  auto FC = make_fragment(RC, Thr.partition_fragment_C(make_shape("(32,16)")));
  fill(FC, 0.0f);
  auto CopyA = make_tiled_copy_A<half, LdsmA>(TiledMma);
  auto ThrA = CopyA.get_slice(threadIdx.x);
  copy(CopyA, ThrA.partition_S(A), ThrA.retile_D(FA));
  auto CopyB = make_tiled_copy_B<half, LdsmB>(TiledMma);
  auto ThrB = CopyB.get_slice(threadIdx.x);
  copy(CopyB, ThrB.partition_S(B), ThrB.retile_D(FB));
  gemm(TiledMma, slice(FA, make_coord("(_,_,0)")),
       slice(FB, make_coord("(_,_,0)")), FC);
  for (int I = 0; I < size(FC); ++I)
    Out[I * 128 + threadIdx.x] = load(FC, I);
}

// CHECK-LABEL: .entry _Z6ldsmB1PKDF16_PDF16_(
// CHECK-NOT: trap
// CHECK: ldmatrix.sync.aligned.m8n8.x1.shared.b16
// CHECK: ret;
__global__ void ldsmB1(const half *In, half *Out) {
  __shared__ alignas(128) half SB[8 * 16];
  for (int I = threadIdx.x; I < 8 * 16; I += 64)
    SB[I] = In[I];
  __syncthreads();
  auto TiledMma = make_tiled_mma<TM1>();
  auto Thr = TiledMma.get_slice(threadIdx.x);
  auto B = make_view(SB, make_layout("(8,16):(16,1)"));
  half RB[TM1.size_B(8, 16)];
  auto FB = make_fragment(RB, Thr.partition_fragment_B(B));
  auto CopyB = make_tiled_copy_B<half, LdsmB1>(TiledMma);
  auto ThrB = CopyB.get_slice(threadIdx.x);
  copy(CopyB, ThrB.partition_S(B), ThrB.retile_D(FB));
  for (int I = 0; I < size(FB); ++I)
    Out[I * 64 + threadIdx.x] = load(FB, I);
}
