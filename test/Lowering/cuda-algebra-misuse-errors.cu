// A misuse of a layout-algebra entry point is one error at the user's call
// (file:line:col, at -O3 and -O0 -g): an operand of a kind the op does not
// take (cosize of a coordinate, filter_zeros or flatten of a swizzle,
// swizzle of a layout), a coordinate or profile that does not fit its layout
// (crd2crd of a rank-3 coordinate in a rank-2 shape, filter with more modes),
// malformed notation (a two-field swizzle, an underscore in an integer tuple),
// a dynamic profile without its integers, and what the algebra itself
// rejects: a complement or product of a non-injective layout, a tiler or
// order of another rank, tuples that are not congruent, a tile_to_mma_shape
// target that is no MMA partition shape. (The oracle's error vectors
// through the same functions: cuda-oracle-api-errors.test.)
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -ferror-limit=0 -S -O3 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -ferror-limit=0 -S -O0 -g %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

#include <cute/llvm.h>
using namespace cute;

// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:36: 'llvm.cute.cosize': 'cosize' expects operand #0 to be a layout, but got coord (1,2)
__device__ int f_cosize() { return cosize(make_coord("(1,2)")); }
__device__ int f_crd2crd() {
  // CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:16: 'llvm.cute.crd2idx': crd2idx expects coordinate (1,2,3) to be compatible with shape (4,8)
  return depth(crd2crd(make_coord("(1,2,3)"), make_layout("(4,8):(1,4)")));
}
__device__ int f_filter() {
  // CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:16: 'llvm.cute.filter': profile (1,1,1) has more modes than layout (4,2):(1,4)
  return depth(filter(make_layout("(4,2):(1,4)"), make_int_tuple("(1,1,1)")));
}
__device__ int f_filter_zeros() {
  // CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:16: 'llvm.cute.filter_zeros': 'filter_zeros' expects operand #0 to be a layout, but got swizzle S<3,3,3>
  return depth(filter_zeros(make_swizzle("S<3,3,3>")));
}
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:43: 'llvm.cute.flatten': 'flatten' expects operand #0 to be an integer tuple, but got swizzle S<2,3,3>
__device__ int f_flatten() { return depth(flatten(make_swizzle("S<2,3,3>"))); }
__device__ int f_make_int_tuple() {
  // CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:16: 'llvm.cute.make_int_tuple': profile '(4,?)' has 1 dynamic leaves, but the call passes 0 integer(s)
  return depth(make_int_tuple("(4,?)"));
}
__device__ int f_make_swizzle() {
  // CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:18: 'llvm.cute.make_swizzle': profile 'S<3,3>': column 3: a swizzle has exactly three fields 'S<B,M,S>'
  return swizzle(make_swizzle("S<3,3>"), 5);
}
__device__ int f_prefix_product() {
  // CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:31: 'llvm.cute.make_int_tuple': profile '(4,(2,_))': '_' is only allowed in a coordinate, but got int_tuple (4,(2,_))
  return depth(prefix_product(make_int_tuple("(4,(2,_))")));
}
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:37: 'llvm.cute.swizzle': 'swizzle' expects operand #0 to be a swizzle, but got layout 4:1
__device__ int f_swizzle() { return swizzle(make_layout("4:1"), 5); }
__device__ int f_tuple_product() {
  // CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:24: 'llvm.cute.make_int_tuple': profile '(4,(2,_))': '_' is only allowed in a coordinate, but got int_tuple (4,(2,_))
  return tuple_product(make_int_tuple("(4,(2,_))"));
}
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:46: 'llvm.cute.complement': complement: layout (4,4):(1,1) is not injective or its modes interleave (stride 1 is not a multiple of 4)
__device__ int f_complement() { return depth(complement(make_layout("(4,4):(1,1)"), 16)); }
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:37: 'llvm.cute.crd2idx': crd2idx expects coordinate (1,2,3) to be compatible with shape (4,8)
__device__ int f_crd2idx() { return crd2idx(make_coord("(1,2,3)"), make_layout("(4,8):(1,4)")); }
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:51: 'llvm.cute.logical_product': complement: layout (2,2):(1,1) is not injective or its modes interleave (stride 1 is not a multiple of 2)
__device__ int f_logical_product() { return depth(logical_product(make_layout("(2,2):(1,1)"), make_layout("4:1"))); }
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:48: 'llvm.cute.tiled_divide': logical_divide: tiler (2:1,2:1,2:1) has more modes than layout (4,8):(1,4)
__device__ int f_tiled_divide() { return depth(tiled_divide(make_layout("(4,8):(1,4)"), make_shape("(2,2,2)"))); }
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:55: 'llvm.cute.make_ordered_layout': make_ordered_layout expects order (0,1,2) to have the rank of shape (4,8)
__device__ int f_make_ordered_layout() { return depth(make_ordered_layout(make_shape("(4,8)"), make_int_tuple("(0,1,2)"))); }
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:45: 'llvm.cute.tuple_sub': expects congruent operands, but got 4 and (1,2)
__device__ int f_tuple_sub() { return depth(tuple_sub(make_int_tuple("(4,8)"), make_int_tuple("((1,2),3)"))); }
// CHECK-DAG: error: {{.*}}cuda-algebra-misuse-errors.cu:[[@LINE+1]]:53: 'llvm.cute.tile_to_mma_shape': tile_to_mma_shape expects an MMA partition shape ((MMA_M,MMA_K),NUM_MMA_M,NUM_MMA_K,...), but got (12,8)
__device__ int f_tile_to_mma_shape() { return depth(tile_to_mma_shape(make_layout("(8,8):(8,1)"), make_int_tuple("(12,8)"))); }
