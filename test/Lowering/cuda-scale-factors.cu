// The scale-factor element types of the block-scaled MMAs (<cute/numeric.h>
// float_ue8m0_t, float_ue4m3_t) as element types of views, fragments and
// TMA maps: a view names them "ue8m0" and "ue4m3", their bytes load and
// store as one u8 each, and cute::convert widens a fragment of them to
// float; their TMA element type is UINT8. A scale-factor view given to an
// MMA atom as its A operand is one error at the call, naming both types.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 -DBAD_OPERAND %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error:

#include <cuda.h>
#include <cute/algorithm.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>
#include <cute/tma.h>

using namespace cute;

static_assert(tma::ElementType<float_ue8m0_t>::value ==
                  CU_TENSOR_MAP_DATA_TYPE_UINT8 &&
              tma::ElementType<float_ue4m3_t>::value ==
                  CU_TENSOR_MAP_DATA_TYPE_UINT8);
static_assert(atom_traits::equal(detail::ElementName<float_ue8m0_t>::value,
                                 "ue8m0") &&
              atom_traits::equal(detail::ElementName<float_ue4m3_t>::value,
                                 "ue4m3"));

// Eight scale factors per thread, (8,128):(1,8): each thread's eight bytes
// loaded one u8 at a time, widened to float and scaled.
// CHECK-LABEL: .entry _Z7widenSFPKN4cute13float_ue8m0_tEPf(
// CHECK-NOT: llvm.cute
// CHECK-COUNT-8: ld.global.b8
// CHECK-NOT: ld.global
// CHECK-COUNT-8: st.global.b32
// CHECK: ret;
__global__ void widenSF(const float_ue8m0_t *SF, float *Out) {
  auto G = make_view(SF, make_layout(make_shape(_8{}, _128{})));
  float_ue8m0_t Reg[8];
  auto Frag = make_fragment(Reg, make_layout(make_shape(_8{})));
  for (int I = 0; I < 8; ++I)
    store(Frag, I, load(G, make_coord(I, (int)threadIdx.x)));
  float Wide[8];
  auto FragF = make_fragment(Wide, make_layout(make_shape(_8{})));
  convert(Frag, FragF);
  for (int I = 0; I < 8; ++I)
    Out[threadIdx.x * 8 + I] = Wide[I];
}

// ue4m3 through shared memory: a byte in, a byte out.
// CHECK-LABEL: .entry _Z9roundTripPKN4cute13float_ue4m3_tEPS0_(
// CHECK-NOT: llvm.cute
// CHECK: st.shared.b8
// CHECK: ld.shared.b8 {{.*}}+127]
// CHECK: st.global.b8
// CHECK: ret;
__global__ void roundTrip(const float_ue4m3_t *In, float_ue4m3_t *Out) {
  __shared__ float_ue4m3_t S[128];
  auto SV = make_view(S, make_layout(make_shape(_128{})));
  store(SV, (int)threadIdx.x, In[threadIdx.x]);
  __syncthreads();
  Out[threadIdx.x] = load(SV, 127 - (int)threadIdx.x);
}

#ifdef BAD_OPERAND
constexpr MmaAtom Atom =
    GMMA::ss_op_selector<float_e4m3_t, float_e4m3_t, float, 64>();
constexpr TiledMmaShape MmaShape = tiled_mma_shape(Atom);
__global__ void scaleAsOperand(float *D) {
  __shared__ alignas(1024) float_ue8m0_t SA[64 * 128];
  __shared__ alignas(1024) float_e4m3_t SB[64 * 128];
  auto TileA = make_view(SA, tile_to_shape(GMMA::Layout_K_SW128_Atom<float_ue8m0_t>(),
                                           make_shape(_64{}, _128{})));
  auto TileB = make_view(SB, tile_to_shape(GMMA::Layout_K_SW128_Atom<float_e4m3_t>(),
                                           make_shape(_64{}, _128{})));
  auto Mma = make_tiled_mma<MmaShape>();
  auto Thr = Mma.get_slice(threadIdx.x);
  float Acc[32];
  auto TCrC = make_fragment(Acc, partition_fragment_C(Mma, make_shape(_64{}, _64{})));
  // BAD: error: {{.*}}cuda-scale-factors.cu:[[@LINE+1]]:3: expects operand a with element type e4m3, but get ue8m0
  gemm(Mma, Thr.partition_A(TileA), Thr.partition_B(TileB), TCrC, 0);
  for (int I = 0; I < 32; ++I)
    D[threadIdx.x * 32 + I] = Acc[I];
}
#endif
