// copy_if of a register fragment is unrolled whatever its number of calls:
// a predicated epilogue that stores a 128-value C fragment (fp16, a 2x2
// TiledMMA of SM80_16x8x16 over a 128x128 tile) through the TiledCopy of
// UniversalCopy<uint32_t> that make_tiled_copy_C distributes like the
// accumulators is 64 calls, each indexing the fragment by a constant, so
// that it stays in registers: no stack frame, no local memory. (is_rmem
// tells a fragment from memory once lowered.) Element-wise copies between
// memories over a tile keep their loop, one call at a time.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   -S -O3 %s -o %t.ptx
// RUN: FileCheck %s --implicit-check-not=.local < %t.ptx
// RUN: %ptxas -v -arch=sm_80 %t.ptx -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s --check-prefix=IR \
// RUN:   --implicit-check-not=llvm.cute
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   -S -O0 -emit-llvm %s -o - | FileCheck %s --check-prefix=O0 \
// RUN:   --implicit-check-not=llvm.cute
// O0: define {{.*}}epilogue

#include <cute/llvm.h>

using namespace cute;
using half = _Float16;

constexpr MmaAtom Sm80 = mma_atom("SM80_16x8x16_F16F16F16F16_TN");
constexpr TiledMmaShape Tiled = tiled_mma_shape(Sm80, "(2,2)", "(32,32,16)");
constexpr CopyAtom StorePair = copy_atom("UniversalCopy<uint32_t>");
constexpr CopyAtom Elementwise = copy_atom("UniversalCopy<uint16_t>");
constexpr int BM = 128, BN = 128;
static_assert(Tiled.size_C(BM, BN) == 128, "a 128-value fragment");

// The fragment's 64 pairs, each stored under its predicate.
// CHECK-LABEL: .entry _Z8epiloguePDF16_PKDF16_ii(
// CHECK-COUNT-64: st.global.v2.b16
// CHECK-NOT: st.global
// CHECK: ret;
// PTXAS: Compiling entry function '_Z8epiloguePDF16_PKDF16_ii'
// PTXAS-NEXT: Function properties for _Z8epiloguePDF16_PKDF16_ii
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// IR-LABEL: define {{.*}}@_Z8epiloguePDF16_PKDF16_ii(
// IR-NOT: alloca
// IR-NOT: !llvm.loop
// IR: ret void
__global__ void epilogue(half *C, const half *In, int Rows, int Cols) {
  int Tid = threadIdx.x;
  auto TM = make_tiled_mma<Tiled>();
  auto ThrMma = TM.get_slice(Tid);
  auto GC = make_view(C, make_layout("(128,128):(128,1)"));
  alignas(16) half RegD[Tiled.size_C(BM, BN)];
  auto TCrD = make_fragment(RegD, ThrMma.partition_fragment_C(GC));
#pragma unroll
  for (int I = 0; I < size(TCrD); ++I)
    store(TCrD, I, In[I * 128 + Tid]);
  auto CopyR2G = make_tiled_copy_C<half, StorePair>(TM);
  auto ThrR2G = CopyR2G.get_slice(Tid);
  Layout CMN = make_identity_layout(make_shape(BM, BN));
  Layout TCcC = partition_D(CopyR2G, CMN, Tid);
  Coord OffC = partition_D_offset(CopyR2G, CMN, Tid);
  copy_if(CopyR2G, TCcC, OffC, Rows, Cols, ThrR2G.retile_S(TCrD),
          ThrR2G.partition_D(GC));
}

// An element-wise copy of a 64x64 tile between global memories (32 calls
// per thread): one call at a time, in a loop.
// IR-LABEL: define {{.*}}@_Z8tileCopyPDF16_PKDF16_ii(
// IR: !llvm.loop
__global__ void tileCopy(half *D, const half *S, int Rows, int Cols) {
  int Tid = threadIdx.x;
  auto Copy = make_tiled_copy<half, Elementwise>("(16,8):(8,1)", "(1,1)");
  auto Thr = Copy.get_slice(Tid);
  auto GS = make_view(S, make_layout("(64,64):(64,1)"));
  auto GD = make_view(D, make_layout("(64,64):(64,1)"));
  Layout C = make_identity_layout(make_shape(64, 64));
  copy_if(Copy, partition_S(Copy, C, Tid), partition_S_offset(Copy, C, Tid),
          Rows, Cols, Thr.partition_S(GS), Thr.partition_D(GD));
}
