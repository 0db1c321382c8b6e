//===- cute/tma.h - TMA tensor maps on the host -----------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Host code that builds the 128-byte CUtensorMap a TMA atom reads
/// (<cute/arch/sm90.h>): from a global tensor (pointer, extents and strides
/// in elements, innermost dimension first, element type) and the box that
/// lands in shared memory (extents and swizzle mode). The swizzle may be
/// given as CuTe's swizzle of the shared-memory layout (`S<3,4,3> o 0 o
/// (64,64):(64,1)`), as CuTe's make_tma_copy derives it.
///
/// The map is encoded by the driver's cuTensorMapEncodeTiled, obtained
/// through the runtime (cudaGetDriverEntryPointByVersion): programs link
/// with the CUDA runtime only (-lcudart_static), not -lcuda. Errors are
/// returned as a message, never thrown.
///
/// \code
///   CUtensorMap Map;
///   const char *Err = cute::tma::makeTensorMap(
///       &Map, cute::tma::elementTypeOf<float>(), sizeof(float), DevPtr,
///       {N, M}, {1, Ld}, {64, 32}, cute::tma::Swizzle::B128);
///   if (Err) ...
///   kernel<<<G, B>>>(Map);   // __global__ void kernel(const __grid_constant__
///   CUtensorMap Map)
/// \endcode
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_TMA_H
#define CUTE_TMA_H

#include <cuda.h>
#include <cuda_runtime.h>
#include <cute/numeric.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

namespace cute {
namespace tma {

/// The shared-memory swizzle of a box: none, or the 16-byte chunks of each
/// 32-, 64- or 128-byte row XORed with the row index (CuTe's Swizzle<1..3,
/// 4, 3> in bytes).
enum class Swizzle { None, B32, B64, B128 };

/// The bytes of a swizzle span (the box's inner extent may not exceed it).
inline unsigned swizzleBytes(Swizzle S) {
  return S == Swizzle::None ? 0 : 16u << unsigned(S);
}

/// The CUtensorMapDataType of element type \p T, where TMA has one (by
/// size for integers: a signed integer's bytes move as the unsigned type of
/// its width, as CuTe's to_CUtensorMapDataType does).
template <typename T> struct ElementType {
  static constexpr bool Known = false;
};
#define CUTE_TMA_ELEMENT_TYPE(T, Code)                                         \
  template <> struct ElementType<T> {                                          \
    static constexpr bool Known = true;                                        \
    static constexpr CUtensorMapDataType value = Code;                         \
  };
CUTE_TMA_ELEMENT_TYPE(float, CU_TENSOR_MAP_DATA_TYPE_FLOAT32)
CUTE_TMA_ELEMENT_TYPE(double, CU_TENSOR_MAP_DATA_TYPE_FLOAT64)
#if defined(__clang__) || defined(__CUDACC__)
CUTE_TMA_ELEMENT_TYPE(_Float16, CU_TENSOR_MAP_DATA_TYPE_FLOAT16)
CUTE_TMA_ELEMENT_TYPE(__bf16, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16)
#endif
/// FP8 and the scale-factor types (<cute/numeric.h>): TMA moves their bytes.
CUTE_TMA_ELEMENT_TYPE(float_e4m3_t, CU_TENSOR_MAP_DATA_TYPE_UINT8)
CUTE_TMA_ELEMENT_TYPE(float_e5m2_t, CU_TENSOR_MAP_DATA_TYPE_UINT8)
CUTE_TMA_ELEMENT_TYPE(float_ue8m0_t, CU_TENSOR_MAP_DATA_TYPE_UINT8)
CUTE_TMA_ELEMENT_TYPE(float_ue4m3_t, CU_TENSOR_MAP_DATA_TYPE_UINT8)
CUTE_TMA_ELEMENT_TYPE(int8_t, CU_TENSOR_MAP_DATA_TYPE_UINT8)
CUTE_TMA_ELEMENT_TYPE(uint8_t, CU_TENSOR_MAP_DATA_TYPE_UINT8)
CUTE_TMA_ELEMENT_TYPE(int16_t, CU_TENSOR_MAP_DATA_TYPE_UINT16)
CUTE_TMA_ELEMENT_TYPE(uint16_t, CU_TENSOR_MAP_DATA_TYPE_UINT16)
CUTE_TMA_ELEMENT_TYPE(int32_t, CU_TENSOR_MAP_DATA_TYPE_INT32)
CUTE_TMA_ELEMENT_TYPE(uint32_t, CU_TENSOR_MAP_DATA_TYPE_UINT32)
CUTE_TMA_ELEMENT_TYPE(int64_t, CU_TENSOR_MAP_DATA_TYPE_INT64)
CUTE_TMA_ELEMENT_TYPE(uint64_t, CU_TENSOR_MAP_DATA_TYPE_UINT64)
#undef CUTE_TMA_ELEMENT_TYPE

#define CUTE_TMA_NO_ELEMENT_TYPE_MSG                                           \
  "TMA has no element type for this type: float, double, _Float16, "           \
  "__bf16, float_e4m3_t, float_e5m2_t, float_ue8m0_t, float_ue4m3_t and the "  \
  "8- to 64-bit integers have one"

/// The CUtensorMapDataType of element type \p T. A type TMA has none for is
/// a compile-time error, never a missing symbol at link time.
template <typename T> CUtensorMapDataType elementTypeOf() {
  static_assert(ElementType<T>::Known, CUTE_TMA_NO_ELEMENT_TYPE_MSG);
  return ElementType<T>::value;
}

/// The swizzle CuTe's swizzle functor `S<B,M,S>` at the head of a
/// shared-memory layout string (`S<3,4,3> o 0 o (64,64):(64,1)`, or a
/// layout without one: Swizzle::None) stands for, for elements of
/// \p ElemBytes bytes; null, or the reason the layout has no TMA swizzle.
inline const char *swizzleOfLayout(const char *Layout, unsigned ElemBytes,
                                   Swizzle *Out) {
  while (*Layout == ' ')
    ++Layout;
  if (Layout[0] != 'S' || Layout[1] != '<') {
    *Out = Swizzle::None;
    return nullptr;
  }
  int B, M, S;
  if (std::sscanf(Layout, "S<%d,%d,%d>", &B, &M, &S) != 3 &&
      std::sscanf(Layout, "S<%d, %d, %d>", &B, &M, &S) != 3)
    return "the swizzle of the layout is not S<B,M,S>";
  // M counts elements: the 16-byte chunk is 2^M elements of ElemBytes.
  int ElemLog = 0;
  while ((1u << ElemLog) < ElemBytes)
    ++ElemLog;
  if (B == 0) {
    *Out = Swizzle::None;
    return nullptr;
  }
  if (M + ElemLog != 4 || S != 3 || B < 1 || B > 3)
    return "TMA swizzles 16-byte chunks within 32-, 64- or 128-byte rows: "
           "the layout's swizzle must be S<1..3,M,3> with 2^M elements "
           "making 16 bytes";
  *Out = Swizzle(B);
  return nullptr;
}

/// cuTensorMapEncodeTiled from the driver, through the runtime; null when
/// the driver has none.
inline decltype(&cuTensorMapEncodeTiled) encodeTiledEntryPoint() {
  static decltype(&cuTensorMapEncodeTiled) Fn = [] {
    void *P = nullptr;
    cudaDriverEntryPointQueryResult Q;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &P, 12000,
                                         cudaEnableDefault,
                                         &Q) != cudaSuccess ||
        Q != cudaDriverEntryPointSuccess)
      P = nullptr;
    return reinterpret_cast<decltype(&cuTensorMapEncodeTiled)>(P);
  }();
  return Fn;
}

/// Encodes into \p Map the tiled tensor map of the rank-R tensor at
/// \p Global (R = Dims.size(), 1..5): extents \p Dims and strides
/// \p Strides in elements, innermost first (Strides[0] must be 1, the
/// others multiples of 16 bytes), elements of \p Type (\p ElemBytes each),
/// and the box \p Box (extents in elements, each at most 256; the inner
/// one times ElemBytes a multiple of 16 bytes and, when swizzled, at most
/// the swizzle span) with swizzle \p Swz. Loads outside the tensor fill 0,
/// stores outside it are dropped. Null on success, else why not.
inline const char *makeTensorMap(CUtensorMap *Map, CUtensorMapDataType Type,
                                 unsigned ElemBytes, const void *Global,
                                 std::initializer_list<uint64_t> Dims,
                                 std::initializer_list<uint64_t> Strides,
                                 std::initializer_list<uint32_t> Box,
                                 Swizzle Swz = Swizzle::None) {
  size_t Rank = Dims.size();
  if (Rank < 1 || Rank > 5)
    return "a TMA tensor has rank 1 to 5";
  if (Strides.size() != Rank || Box.size() != Rank)
    return "the strides and the box need one entry per dimension";
  if (reinterpret_cast<uintptr_t>(Global) % 16)
    return "the tensor's address must be 16-byte aligned";
  cuuint64_t GDim[5], GStride[4];
  cuuint32_t BoxDim[5], ElemStride[5];
  const uint64_t *D = Dims.begin(), *St = Strides.begin();
  const uint32_t *Bx = Box.begin();
  if (St[0] != 1)
    return "the innermost dimension must be contiguous (stride 1)";
  for (size_t I = 0; I != Rank; ++I) {
    GDim[I] = D[I];
    BoxDim[I] = Bx[I];
    ElemStride[I] = 1;
    if (!D[I] || !Bx[I] || Bx[I] > 256)
      return "each extent must be positive and each box extent in [1, 256]";
    if (I) {
      GStride[I - 1] = St[I] * ElemBytes;
      if (GStride[I - 1] % 16)
        return "each outer stride must be a multiple of 16 bytes";
    }
  }
  if ((Bx[0] * ElemBytes) % 16)
    return "the box's inner extent must be a multiple of 16 bytes";
  if (Swz != Swizzle::None && Bx[0] * ElemBytes > swizzleBytes(Swz))
    return "the box's inner extent exceeds the swizzle span";
  auto Encode = encodeTiledEntryPoint();
  if (!Encode)
    return "the CUDA driver has no cuTensorMapEncodeTiled (needs CUDA 12)";
  static const CUtensorMapSwizzle Swizzles[] = {
      CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_SWIZZLE_32B,
      CU_TENSOR_MAP_SWIZZLE_64B, CU_TENSOR_MAP_SWIZZLE_128B};
  CUresult R =
      Encode(Map, Type, cuuint32_t(Rank), const_cast<void *>(Global), GDim,
             GStride, BoxDim, ElemStride, CU_TENSOR_MAP_INTERLEAVE_NONE,
             Swizzles[unsigned(Swz)], CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
             CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return R == CUDA_SUCCESS ? nullptr
                           : "cuTensorMapEncodeTiled rejected the tensor map";
}

/// makeTensorMap with the element type of \p Global and the swizzle of the
/// shared-memory layout string \p SmemLayout (see swizzleOfLayout).
template <typename T>
const char *makeTensorMap(CUtensorMap *Map, const T *Global,
                          std::initializer_list<uint64_t> Dims,
                          std::initializer_list<uint64_t> Strides,
                          std::initializer_list<uint32_t> Box,
                          const char *SmemLayout)
    __attribute__((diagnose_if(!ElementType<T>::Known,
                               CUTE_TMA_NO_ELEMENT_TYPE_MSG, "error"))) {
  Swizzle S;
  if (const char *Err = swizzleOfLayout(SmemLayout, sizeof(T), &S))
    return Err;
  return makeTensorMap(Map, elementTypeOf<T>(), sizeof(T), Global, Dims,
                       Strides, Box, S);
}

#undef CUTE_TMA_NO_ELEMENT_TYPE_MSG

/// The bytes one box of \p Box extents of \p ElemBytes elements moves (what
/// the mbarrier expects: mbarrier_arrive_expect_tx), out-of-bounds fill
/// included.
inline unsigned boxBytes(std::initializer_list<uint32_t> Box,
                         unsigned ElemBytes) {
  unsigned N = ElemBytes;
  for (uint32_t B : Box)
    N *= B;
  return N;
}

} // namespace tma
} // namespace cute

#endif // CUTE_TMA_H
