// A misuse of a layout-algebra entry point is one error at the user's call
// (file:line:col, at -O3 and -O0 -g): an operand of a kind the op does not
// take (cosize of a coordinate, filter_zeros or flatten of a swizzle,
// swizzle of a layout), a coordinate or profile that does not fit its layout
// (crd2crd of a rank-3 coordinate in a rank-2 shape, filter with more modes),
// malformed notation (a two-field swizzle, an underscore in an integer tuple)
// and a dynamic profile without its integers. (The oracle's error vectors
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
