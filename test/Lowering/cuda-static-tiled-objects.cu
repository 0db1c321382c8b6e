// The layouts of make_tiled_copy and the atom layout and permutation of
// tiled_mma_shape computed from C++ constants instead of spelled as
// literals: make_tiled_copy<T, Atom>(make_layout("(?,?):(?,1)", Rows, Cols,
// Cols), make_shape(_1{}, _8{})) (static leaves, as CuTe's Int<N>), and
// tiled_mma_shape(Atom, static_shape(WM, WN), static_shape(16 WM, 16 WN,
// 16)). The kernel compiled with values is the kernel compiled with the
// literals (-DLITERALS), instruction for instruction, at -O3; at -O0 no cute
// call survives either.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O3 %s -o %t.values.ptx
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O3 %s -DLITERALS -o %t.literals.ptx
// RUN: diff %t.literals.ptx %t.values.ptx
// RUN: FileCheck %s --implicit-check-not=trap < %t.values.ptx
// RUN: %ptxas -arch=sm_80 %t.values.ptx -o /dev/null
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -S -O0 -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=O0 --implicit-check-not=llvm.cute
// O0: define {{.*}}tiledFromConstants

#include <cute/llvm.h>

using namespace cute;
using half = _Float16;

constexpr int WM = 2, WN = 2, BM = 64, BN = 64, BK = 32;
constexpr int Threads = 32 * WM * WN;

constexpr MmaAtom Sm80 = mma_atom("SM80_16x8x16_F32F16F16F32_TN");
#ifdef LITERALS
constexpr TiledMmaShape Tiled = tiled_mma_shape(Sm80, "(2,2)", "(32,32,16)");
#else
constexpr TiledMmaShape Tiled = tiled_mma_shape(
    Sm80, static_shape(WM, WN), static_shape(16 * WM, 16 * WN, 16));
#endif
// The traits are the literal form's.
static_assert(Tiled.threads() == Threads && Tiled.AtomsM == WM &&
                  Tiled.AtomsN == WN && Tiled.AtomsK == 1,
              "a 2x2 TiledMMA of 128 threads");
static_assert(Tiled.size_A(BM, BK) == 32 && Tiled.size_C(BM, BN) == 32,
              "fragment sizes");
// A literal and a value mixed, and the defaults.
static_assert(tiled_mma_shape(Sm80, "(4,1)", static_shape(64, 16, 16))
                      .threads() == 128 &&
                  tiled_mma_shape(Sm80).threads() == 32 &&
                  tiled_mma_shape(Sm80, static_shape(2)).AtomsN == 1,
              "mixed forms");

constexpr CopyAtom CpAsync = copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");

// A k-tile of A by cp.async through the TiledCopy, then a k-block of MMAs
// on fragments loaded element by element.
// CHECK-LABEL: .entry _Z18tiledFromConstantsPfPKDF16_S1_(
// CHECK-COUNT-2: cp.async.ca.shared.global.L2::128B [{{.*}}], [{{.*}}], 16;
// CHECK-NOT: cp.async.ca
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
__global__ void tiledFromConstants(float *C, const half *A, const half *B) {
  __shared__ alignas(128) half SmemA[BM * BK];
#ifdef LITERALS
  auto Copy = make_tiled_copy<half, CpAsync>("(32,4):(4,1)", "(1,8)");
#else
  constexpr int Cols = BK / 8, Rows = Threads / Cols;
  auto Copy = make_tiled_copy<half, CpAsync>(
      make_layout("(?,?):(?,1)", Rows, Cols, Cols), make_shape(_1{}, _8{}));
#endif
  auto ThrCopy = Copy.get_slice(threadIdx.x);
  auto GA = make_view(A, make_layout("(64,32):(32,1)"));
  auto SA = make_view(SmemA, make_layout("(64,32):(32,1)"));
  copy(Copy, ThrCopy.partition_S(GA), ThrCopy.partition_D(SA));
  cp_async_fence();
  cp_async_wait<0>();
  __syncthreads();

  auto Mma = make_tiled_mma<Tiled>();
  auto ThrMma = Mma.get_slice(threadIdx.x);
  auto GB = make_view(B, make_layout("(64,32):(32,1)"));
  auto GC = make_view(C, make_layout("(64,64):(64,1)"));
  half RegA[Tiled.size_A(BM, BK)], RegB[Tiled.size_B(BN, BK)];
  float RegC[Tiled.size_C(BM, BN)];
  auto TCrA = make_fragment(RegA, ThrMma.partition_fragment_A(SA));
  auto TCrB = make_fragment(RegB, ThrMma.partition_fragment_B(GB));
  auto TCrC = make_fragment(RegC, ThrMma.partition_fragment_C(GC));
  auto TCsA = ThrMma.partition_A(SA);
  auto TCgB = ThrMma.partition_B(GB);
  auto TCgC = ThrMma.partition_C(GC);
  for (int I = 0; I < size(TCrA); ++I)
    store(TCrA, I, load(TCsA, I));
  for (int I = 0; I < size(TCrB); ++I)
    store(TCrB, I, load(TCgB, I));
  for (int I = 0; I < size(TCrC); ++I)
    store(TCrC, I, 0.0f);
  gemm(Mma, slice(TCrA, make_coord(_, _, 0)), slice(TCrB, make_coord(_, _, 0)),
       TCrC);
  for (int I = 0; I < size(TCrC); ++I)
    store(TCgC, I, load(TCrC, I));
}
