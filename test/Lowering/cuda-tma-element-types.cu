// <cute/tma.h>'s element types: every integer of 8 to 64 bits has a TMA
// element type (a signed one moves as the unsigned type of its width, as
// in CuTe), so that makeTensorMap<int8_t> compiles and links; a type TMA
// has none for is one compile-time error at the call.
// REQUIRES: cuda
//
// RUN: %cute-clang++ -fcute-lowering --cuda-host-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O1 -emit-llvm %s -o - | FileCheck %s
// RUN: not %cute-clang++ -fcute-lowering --cuda-host-only \
// RUN:   --cuda-gpu-arch=sm_90a -S -O1 -emit-llvm %s -o /dev/null -DBAD 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error:

#include <cute/tma.h>

using namespace cute::tma;

static_assert(ElementType<int8_t>::value == CU_TENSOR_MAP_DATA_TYPE_UINT8);
static_assert(ElementType<int16_t>::value == CU_TENSOR_MAP_DATA_TYPE_UINT16);
static_assert(ElementType<int32_t>::value == CU_TENSOR_MAP_DATA_TYPE_INT32);
static_assert(ElementType<uint64_t>::value == CU_TENSOR_MAP_DATA_TYPE_UINT64);
static_assert(!ElementType<bool>::Known);

// Nothing is left to the linker.
// CHECK-NOT: declare {{.*}}elementTypeOf
// CHECK-LABEL: define {{.*}}buildInt8
const char *buildInt8(CUtensorMap *Map, const int8_t *G) {
  return makeTensorMap(Map, G, {256, 128}, {1, 256}, {64, 32},
                       "S<3,4,3> o 0 o (32,128):(128,1)");
}
// CHECK-LABEL: define {{.*}}buildInt16
const char *buildInt16(CUtensorMap *Map, const int16_t *G) {
  return makeTensorMap(Map, G, {256, 128}, {1, 256}, {32, 32},
                       "S<3,3,3> o 0 o (32,64):(64,1)");
}
// CHECK-NOT: declare {{.*}}elementTypeOf

#ifdef BAD
const char *buildBool(CUtensorMap *Map, const bool *G) {
  // BAD: cuda-tma-element-types.cu:[[@LINE+1]]:{{[0-9]+}}: error: TMA has no element type for this type
  return makeTensorMap(Map, G, {256, 128}, {1, 256}, {64, 32}, "(32,128):(128,1)");
}
#endif
