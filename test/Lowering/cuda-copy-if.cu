// copy_if is CuTe's: an access whose coordinate lies outside the bounds
// reads and writes nothing (a _ZFILL cp.async excepted, which writes zeros
// reading no byte); copy_if_zfill writes zeros there with any atom. Folded
// for thread 0 of a (32,8) x (4,1) TiledCopy of 128-bit copies over a
// (128,64) tile of which only (4,1) is inside: of the thread's eight
// accesses, (0,0), (0,8), ..., (0,56), only the first is inside.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s --implicit-check-not=llvm.cute

#include <cute/algorithm.h>
#include <cute/llvm.h>

using namespace cute;
constexpr CopyAtom Copy128 = copy_atom("UniversalCopy<uint128_t>");

template <bool ZeroFill>
__device__ __forceinline__ void copyTile(const float *S, float *D) {
  auto TileS = make_view(S, make_layout("(128,64):(1,128)"));
  auto TileD = make_view(D, make_layout("(128,64):(1,128)"));
  Layout C = make_identity_layout(make_shape("(128,64)"));
  auto Copy = make_tiled_copy<float, Copy128>("(32,8)", "(4,1)");
  auto Thr = Copy.get_thread_slice(0);
  Layout Crd = partition_S(Copy, C, 0);
  Coord Off = partition_S_offset(Copy, C, 0);
  if constexpr (ZeroFill)
    copy_if_zfill(Copy, Crd, Off, 4, 1, Thr.partition_S(TileS),
                  Thr.partition_D(TileD));
  else
    copy_if(Copy, Crd, Off, 4, 1, Thr.partition_S(TileS),
            Thr.partition_D(TileD));
}

// One 128-bit load and store, nothing else.
// CHECK-LABEL: define {{.*}}@_Z6inside
// CHECK: load <4 x i32>
// CHECK-NOT: load
// CHECK: store <4 x i32>
// CHECK-NOT: {{store|memset}}
// CHECK: ret void
__global__ void inside(const float *S, float *D) { copyTile<false>(S, D); }

// The same load and store, and zeros for the seven accesses outside.
// CHECK-LABEL: define {{.*}}@_Z6zeroes
// CHECK: load <4 x i32>
// CHECK-NOT: load
// CHECK: store <4 x i32>
// CHECK-COUNT-7: @llvm.memset.p0.i64(ptr {{.*}}, i8 0, i64 16,
// CHECK-NOT: {{store|memset}}
// CHECK: ret void
__global__ void zeroes(const float *S, float *D) { copyTile<true>(S, D); }
