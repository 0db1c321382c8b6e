//===- cute/numeric.h - 8-bit floating-point element types ------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's 8-bit floating-point element types, float_e4m3_t and float_e5m2_t
/// (cutlass/float8.h's names), and the scale-factor types of the
/// block-scaled MMAs, float_ue8m0_t and float_ue4m3_t: one byte of storage
/// each, with the conversions a kernel and its host code need.
///
///  - e4m3: 4 exponent bits (bias 7), 3 mantissa bits, no infinities; 0x7f
///    and 0xff are NaN; the largest finite magnitude is 448.
///  - e5m2: 5 exponent bits (bias 15), 2 mantissa bits, IEEE-style
///    infinities and NaNs; the largest finite magnitude is 57344.
///  - ue8m0 (MX scale factors): an unsigned power of two, 2^(code - 127);
///    0xff is NaN; no zero: the smallest value is 2^-127, the largest
///    2^127.
///  - ue4m3 (NVFP4 scale factors): e4m3 without its sign bit (the top bit
///    is 0): 0 to 448, 0x7f is NaN.
///
/// A float converts with round-to-nearest-even and saturation to the
/// largest finite magnitude (PTX's cvt.rn.satfinite, which the device uses
/// from sm_89 on: one instruction per pair in cute::convert); NaN stays
/// NaN. The unsigned types take a negative float (and ue8m0 zero) to their
/// smallest code: 0 for ue4m3, 2^-127 for ue8m0. The types are element types of
/// tensors (make_view names them "e4m3", "e5m2", "ue8m0" and "ue4m3", so an
/// atom of another element type rejects them), of TMA maps (<cute/tma.h>) and
/// of the GMMA op selectors
/// (<cute/arch/wgmma.h>).
///
/// \code
///   cute::float_e4m3_t X(0.75f);          // 0x34
///   float F = float(X);                   // 0.75
///   auto Y = cute::float_e4m3_t::bitcast(0x7e);   // 448
/// \endcode
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_NUMERIC_H
#define CUTE_NUMERIC_H

#include <stdint.h>

#if defined(__CUDA__) || defined(__CUDACC__)
#define CUTE_NUMERIC_INLINE __host__ __device__ __forceinline__
#else
#define CUTE_NUMERIC_INLINE inline
#endif

namespace cute {

namespace detail {

/// The bits of \p F.
CUTE_NUMERIC_INLINE uint32_t floatBits(float F) {
  uint32_t U;
  __builtin_memcpy(&U, &F, 4);
  return U;
}
CUTE_NUMERIC_INLINE float bitsFloat(uint32_t U) {
  float F;
  __builtin_memcpy(&F, &U, 4);
  return F;
}

/// An 8-bit floating-point format: \p E exponent bits of bias \p Bias, \p M
/// mantissa bits, \p MaxFinite the code of its largest finite magnitude,
/// \p HasInf whether the all-ones exponent holds infinities and NaNs (e5m2)
/// or only the all-ones code is NaN (e4m3).
template <int E, int M, int Bias, int MaxFinite, bool HasInf> struct Fp8Format {
  /// \p F rounded to nearest even, saturated to +-MaxFinite; NaN to NaN.
  static CUTE_NUMERIC_INLINE uint8_t encode(float F) {
    uint32_t U = floatBits(F);
    uint8_t Sign = uint8_t((U >> 24) & 0x80);
    uint32_t Abs = U & 0x7fffffffu;
    if (Abs > 0x7f800000u) // NaN
      return uint8_t(Sign | 0x7f);
    int Exp = int(Abs >> 23) - 127 + Bias; // the biased target exponent
    uint32_t Mant = Abs & 0x7fffffu;
    if (Abs == 0)
      return Sign;
    // Normal floats get their implicit bit; the target's subnormals
    // (Exp < 1) shift it into the mantissa field.
    uint32_t Full = (Abs >> 23) ? (Mant | 0x800000u) : Mant;
    int Shift = 23 - M + (Exp < 1 ? 1 - Exp : 0);
    uint32_t Code;
    if (Shift > 25) {
      Code = 0; // below half the smallest subnormal
    } else {
      uint32_t Q = Full >> Shift, Rem = Full & ((1u << Shift) - 1);
      uint32_t Half = 1u << (Shift - 1);
      if (Rem > Half || (Rem == Half && (Q & 1)))
        ++Q;
      // Normal: the implicit bit is dropped and the exponent added; a
      // mantissa that rounded up to 2^M carries into the exponent.
      Code = Exp < 1 ? Q : (uint32_t(Exp) << M) + (Q - (1u << M));
    }
    if (Code > uint32_t(MaxFinite) || Abs == 0x7f800000u)
      Code = uint32_t(MaxFinite);
    return uint8_t(Sign | Code);
  }

  /// The value of code \p C (exact in float).
  static CUTE_NUMERIC_INLINE float decode(uint8_t C) {
    uint32_t Sign = uint32_t(C & 0x80) << 24;
    uint32_t Exp = (C >> M) & ((1u << E) - 1), Mant = C & ((1u << M) - 1);
    if (Exp == (1u << E) - 1 && (HasInf || Mant == (1u << M) - 1)) {
      if (HasInf && Mant == 0)
        return bitsFloat(Sign | 0x7f800000u);
      return bitsFloat(Sign | 0x7fc00000u);
    }
    if (Exp == 0) // subnormal: Mant * 2^(1 - Bias - M)
      return bitsFloat(
          Sign | floatBits(float(Mant) *
                           bitsFloat(uint32_t(127 + 1 - Bias - M) << 23)));
    return bitsFloat(Sign | ((Exp - Bias + 127) << 23) | (Mant << (23 - M)));
  }
};

using E4M3Format = Fp8Format<4, 3, 7, 0x7e, false>;
using E5M2Format = Fp8Format<5, 2, 15, 0x7b, true>;

} // namespace detail

namespace detail {
/// What every byte float of this header has, over \p Derived's static
/// encode (float to code) and decode (code to float): one byte of storage,
/// the conversions both ways, bitcast and raw.
template <class Derived> struct ByteFloat {
  uint8_t storage;

  ByteFloat() = default;
  CUTE_NUMERIC_INLINE explicit ByteFloat(float F)
      : storage(Derived::encode(F)) {}
  /// The value whose code is \p Bits.
  static CUTE_NUMERIC_INLINE Derived bitcast(uint8_t Bits) {
    Derived X;
    X.storage = Bits;
    return X;
  }
  CUTE_NUMERIC_INLINE explicit operator float() const {
    return Derived::decode(storage);
  }
  CUTE_NUMERIC_INLINE uint8_t raw() const { return storage; }
};
} // namespace detail

/// CuTe's float_e4m3_t: FP8 with 4 exponent and 3 mantissa bits.
struct float_e4m3_t : detail::ByteFloat<float_e4m3_t> {
  using ByteFloat::ByteFloat;

  /// \p F rounded to nearest even with saturation (cvt.rn.satfinite on
  /// sm_89 and later).
  static CUTE_NUMERIC_INLINE uint8_t encode(float F) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890 && defined(__clang__)
    return uint8_t(__nvvm_ff_to_e4m3x2_rn(0.0f, F));
#else
    return detail::E4M3Format::encode(F);
#endif
  }
  static CUTE_NUMERIC_INLINE float decode(uint8_t C) {
    return detail::E4M3Format::decode(C);
  }
};

/// CuTe's float_e5m2_t: FP8 with 5 exponent and 2 mantissa bits.
struct float_e5m2_t : detail::ByteFloat<float_e5m2_t> {
  using ByteFloat::ByteFloat;

  static CUTE_NUMERIC_INLINE uint8_t encode(float F) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890 && defined(__clang__)
    return uint8_t(__nvvm_ff_to_e5m2x2_rn(0.0f, F));
#else
    return detail::E5M2Format::encode(F);
#endif
  }
  static CUTE_NUMERIC_INLINE float decode(uint8_t C) {
    return detail::E5M2Format::decode(C);
  }
};

/// CuTe's float_ue8m0_t: an unsigned power of two, 2^(code - 127), the
/// scale factor of the MX block-scaled MMAs.
struct float_ue8m0_t : detail::ByteFloat<float_ue8m0_t> {
  using ByteFloat::ByteFloat;

  /// The power of two nearest \p F (ties to the even code), saturated to
  /// 2^127; a negative or zero \p F to 2^-127; NaN to NaN.
  static CUTE_NUMERIC_INLINE uint8_t encode(float F) {
    uint32_t U = detail::floatBits(F);
    uint32_t Abs = U & 0x7fffffffu;
    if (Abs > 0x7f800000u)
      return 0xff;
    if ((U >> 31) || Abs == 0)
      return 0;
    uint32_t Exp = Abs >> 23, Mant = Abs & 0x7fffffu;
    if (Exp == 0) {
      // Below 2^-126: 2^-127 is the mantissa 0x400000, the midpoint to
      // 2^-126 the mantissa 0x600000.
      return Mant > 0x600000u ? 1 : 0;
    }
    uint32_t Code = Exp;
    if (Mant > 0x400000u || (Mant == 0x400000u && (Code & 1)))
      ++Code;
    return uint8_t(Code > 0xfe ? 0xfe : Code);
  }
  static CUTE_NUMERIC_INLINE float decode(uint8_t C) {
    if (C == 0xff)
      return detail::bitsFloat(0x7fc00000u);
    // 2^-127 is the float subnormal 0x00400000; the rest are normal.
    return detail::bitsFloat(C ? uint32_t(C) << 23 : 0x00400000u);
  }
};

/// CuTe's float_ue4m3_t: e4m3 without a sign (0 to 448), the scale factor
/// of the NVFP4 block-scaled MMAs.
struct float_ue4m3_t : detail::ByteFloat<float_ue4m3_t> {
  using ByteFloat::ByteFloat;

  /// e4m3's rounding of \p F; a negative \p F to 0; NaN to 0x7f.
  static CUTE_NUMERIC_INLINE uint8_t encode(float F) {
    uint32_t U = detail::floatBits(F);
    if ((U & 0x7fffffffu) > 0x7f800000u)
      return 0x7f;
    if (U >> 31)
      return 0;
    return uint8_t(detail::E4M3Format::encode(F) & 0x7f);
  }
  /// The value of the code's low seven bits (the top bit is no sign).
  static CUTE_NUMERIC_INLINE float decode(uint8_t C) {
    return detail::E4M3Format::decode(uint8_t(C & 0x7f));
  }
};

static_assert(sizeof(float_e4m3_t) == 1 && sizeof(float_e5m2_t) == 1 &&
                  sizeof(float_ue8m0_t) == 1 && sizeof(float_ue4m3_t) == 1,
              "8-bit floating-point element types are one byte");

namespace detail {
template <class T>
constexpr bool IsFp8 = __is_same(T, float_e4m3_t) || __is_same(T, float_e5m2_t);
/// FP8 or a scale-factor type: one of the byte floats of this header.
template <class T>
constexpr bool IsByteFloat = IsFp8<T> || __is_same(T, float_ue8m0_t) ||
                             __is_same(T, float_ue4m3_t);

/// \p X converted to \p To: through float where either side is a byte
/// float (whose conversions are to and from float only), as C++ converts
/// otherwise.
template <class To, class From> CUTE_NUMERIC_INLINE To convertTo(From X) {
  if constexpr (IsByteFloat<To> || IsByteFloat<From>)
    return To(float(X));
  else
    return To(X);
}
} // namespace detail

} // namespace cute

#undef CUTE_NUMERIC_INLINE

#endif // CUTE_NUMERIC_H
