// <cute/llvm.h>'s constexpr atom traits (cute-tblgen -gen-atom-traits): the
// sizes CuTe's traits give (sgemm_sm80: SM80_16x8x16_F16F16F16F16_TN holds
// 8 A, 4 B and 4 C values per thread of 32; ldmatrix.x4 moves 128 bits per
// thread; a 16-byte cp.async is one thread's), the TiledMMA fragment sizes
// of CuTe's sgemm_sm80 tutorial (128 values of each per thread), and the size
// partition_fragment_A/C fold to, which make_fragment checks (a mismatch
// is a compile-time error at the call). A name the registry lacks is one
// error at the name.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O3 -emit-llvm -DBAD %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O3 -emit-llvm -DWRONG_SIZE %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s --check-prefix=SIZE --implicit-check-not=error:

#include <cute/llvm.h>

using namespace cute;

constexpr MmaAtom Mma = mma_atom("SM80_16x8x16_F16F16F16F16_TN");
static_assert(Mma.M == 16 && Mma.N == 8 && Mma.K == 16 && Mma.Threads == 32);
static_assert(Mma.ValuesA == 8 && Mma.ValuesB == 4 && Mma.ValuesC == 4);
constexpr TiledMmaShape Tiled = tiled_mma_shape(Mma, "(2,2)", "(32,32,16)");
static_assert(Tiled.threads() == 128);
static_assert(Tiled.size_A(128, 64) == 128 && Tiled.size_B(128, 64) == 128 &&
              Tiled.size_C(128, 128) == 128);
constexpr CopyAtom Ldsm = copy_atom("SM75_U32x4_LDSM_N");
static_assert(Ldsm.Kind == CopyKind::Ldsm && Ldsm.Threads == 32 &&
              Ldsm.SrcBits == 128 && Ldsm.DstBits == 128);
constexpr CopyAtom G2S = copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");
static_assert(G2S.Kind == CopyKind::CpAsync && G2S.Threads == 1 &&
              G2S.values(16) == 8);
// A WGMMA variant, behind its macro: 128 threads, 64x128 fp32 C.
constexpr MmaAtom Wgmma = mma_atom("SM90_64x128x16_F32F16F16_SS");
static_assert(Wgmma.Threads == 128 && Wgmma.ValuesC == 64);
#ifdef BAD
// BAD: cuda-atom-traits.cu:[[@LINE+1]]:{{[0-9]+}}: error: mma_atom: the registry has no variant of this name
constexpr MmaAtom Nope = mma_atom("SM80_16x8x16_NOPE");
#endif

// CHECK-LABEL: define {{.*}}fragments
// CHECK-NOT: llvm.trap
// CHECK-NOT: llvm.cute
// CHECK: ret void
__global__ void fragments(_Float16 *P, _Float16 *Out) {
  TiledMMA M = make_tiled_mma<Tiled>();
  auto S = make_view(P, make_layout("(128,64):(64,1)"));
  auto C = make_view(P, make_layout("(128,128):(128,1)"));
  _Float16 RA[Tiled.size_A(128, 64)], RC[Tiled.size_C(128, 128)];
  auto A = make_fragment(RA, partition_fragment_A(M, S));
  auto F = make_fragment(RC, partition_fragment_C(M, C));
  fill(A, _Float16(1));
  fill(F, _Float16(2));
  Out[threadIdx.x] = load(A, 5) + load(F, 7);
}

// A fragment of the wrong size is a compile-time error at make_fragment.
#ifdef WRONG_SIZE
__global__ void wrongSize(_Float16 *P, _Float16 *Out) {
  TiledMMA M = make_tiled_mma<Tiled>();
  auto S = make_view(P, make_layout("(128,64):(64,1)"));
  _Float16 RA[64];
  // SIZE: error: {{.*}}cuda-atom-traits.cu:[[@LINE+1]]:12: make_fragment: the array holds 64 elements, but the layout ((2,2,2),4,4):((1,2,4),32,8) has 128
  auto A = make_fragment(RA, partition_fragment_A(M, S));
  fill(A, _Float16(1));
  Out[threadIdx.x] = load(A, 5);
}
#endif
