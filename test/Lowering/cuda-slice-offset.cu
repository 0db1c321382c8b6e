// A sliced identity layout keeps its origin: slice_offset(TAcA, OffA, crd)
// (CuTe's slice_and_offset, offset part, added to the partition's origin)
// bounds one repeat of a predicated copy as CuTe's slice of a partitioned
// identity tensor does. Thread 0 of a (32,8) x (4,1) TiledCopy of 128-bit
// copies over a (128,64) tile accesses (0,0), (0,8), ..., (0,56), repeat R
// at (0,8R); with the bounds (4,9) repeats 0 and 1 are inside. Each
// repeat's copy_if, given the origin of its slice, moves those two and
// nothing else (given the partition's origin, every repeat would start at
// (0,0) and all eight would copy).
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 -emit-llvm %s -o - | FileCheck %s --implicit-check-not=llvm.cute
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 -emit-llvm %s -o - | FileCheck %s --check-prefix=O0 \
// RUN:   --implicit-check-not=llvm.cute
// O0: define {{.*}}byRepeat
//
// A coordinate without `_` (a whole coordinate: crd2crd gives its
// coordinate): one error at the call.
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O3 %s -o /dev/null -DWHOLE 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WHOLE --implicit-check-not=error:

#include <cute/llvm.h>

using namespace cute;
constexpr CopyAtom Copy128 = copy_atom("UniversalCopy<uint128_t>");

// CHECK-LABEL: define {{.*}}@_Z8byRepeatPKfPf(
// CHECK: load <4 x i32>
// CHECK: store <4 x i32>
// CHECK: load <4 x i32>
// CHECK: store <4 x i32>
// CHECK-NOT: {{load|store}}
// CHECK: ret void
__global__ void byRepeat(const float *S, float *D) {
  auto TileS = make_view(S, make_layout("(128,64):(1,128)"));
  auto TileD = make_view(D, make_layout("(128,64):(1,128)"));
  Layout C = make_identity_layout(make_shape("(128,64)"));
  auto Copy = make_tiled_copy<float, Copy128>("(32,8)", "(4,1)");
  auto Thr = Copy.get_thread_slice(0);
  auto TS = Thr.partition_S(TileS), TD = Thr.partition_D(TileD);
  Layout Crd = partition_S(Copy, C, 0);
  Coord Off = partition_S_offset(Copy, C, 0);
#pragma unroll
  for (int R = 0; R < size(TS, "mode=2"); ++R) {
    Coord Rep = make_coord(_, 0, R);
    copy_if(Copy, slice(Crd, Rep), slice_offset(Crd, Off, Rep), 4, 9,
            slice(TS, Rep), slice(TD, Rep));
  }
}

// The origin of a repeat, computed: (0, 8R) for thread 0, (4, 8R + 1) for
// thread 33 (its partition's origin plus the slice's offset).
// CHECK-LABEL: define {{.*}}@_Z6originPii(
// CHECK: store i32 0, ptr %0
// CHECK: [[C:%.*]] = shl i32 %1, 3
// CHECK: store i32 [[C]]
// CHECK: store i32 4,
// CHECK: [[C1:%.*]] = or disjoint i32 [[C]], 1
// CHECK: store i32 [[C1]]
__global__ void origin(int *Out, int R) {
  Layout C = make_identity_layout(make_shape("(128,64)"));
  auto Copy = make_tiled_copy<float, Copy128>("(32,8)", "(4,1)");
  Layout Crd = partition_S(Copy, C, 0);
  Coord Rep = make_coord(_, 0, R);
  Coord O = slice_offset(Crd, partition_S_offset(Copy, C, 0), Rep);
  Out[0] = get_leaf<0>(O);
  Out[1] = get_leaf<1>(O);
  Coord O33 = slice_offset(Crd, partition_S_offset(Copy, C, 33), Rep);
  Out[2] = get_leaf<0>(O33);
  Out[3] = get_leaf<1>(O33);
}

#ifdef WHOLE
__global__ void whole(int *Out, int R) {
  Layout C = make_identity_layout(make_shape("(128,64)"));
  // WHOLE: error: {{.*}}cuda-slice-offset.cu:[[@LINE+1]]:13: 'llvm.cute.slice_and_offset': 'slice_and_offset' expects a coordinate with at least one '_', but got (1,?)
  Coord O = slice_offset(C, make_coord(1, R));
  Out[0] = get_leaf<1>(O);
}
#endif
