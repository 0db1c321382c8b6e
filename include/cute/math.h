//===- cute/math.h - Scalar math of the kernels' fragments -----*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The scalar functions that kernels map over register fragments (with
/// cute::transform of <cute/algorithm.h>, or element by element): the two
/// exponentials of an attention softmax, one on the special-function unit
/// and one on the FMA pipe, so that a kernel bound by the first can move a
/// share of its exponentials to the second. Host and device both: the host
/// computes what the device does (the unit tests check it there).
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_MATH_H
#define CUTE_MATH_H

#if defined(__CUDA__) || defined(__CUDACC__)
#define CUTE_MATH_INLINE __host__ __device__ __forceinline__
#else
#define CUTE_MATH_INLINE inline
#endif

namespace cute {

/// 2^X by the special-function unit, denormals flushed (ex2.approx.ftz.f32:
/// what exp2f is under nvcc's --use_fast_math, FlashAttention's softmax).
CUTE_MATH_INLINE float exp2_approx(float X) {
#if defined(__CUDA_ARCH__)
  return __nvvm_ex2_approx_ftz_f(X);
#else
  return __builtin_exp2f(X);
#endif
}
/// 2^X on the FMA pipe, without the special-function unit
/// (FlashAttention-4's exponential emulation, for softmaxes whose ex2.approx
/// throughput, 16 per SM and clock, bounds them: a kernel computes some of
/// its exponentials here and the rest there). X is split into floor(X) and
/// F in [0, 1): the floor by one add rounding down past 1.5 * 2^23 (it lands
/// in the sum's low mantissa bits), 2^F by a degree-3 polynomial (three
/// FMAs; coefficients fitted here for the least maximum relative error,
/// 8.7e-5, with 2^0 exactly 1), and floor(X) added to the result's exponent
/// field by an integer shift and add: eight instructions, none of them MUFU.
/// Defined for X < 128; X <= -127 (and -inf, NaN) give exactly +0 (X is
/// clamped to -127, where F = 0 and the exponent field becomes 0), X in
/// (-127, -126) a value below 2^-126. The host computes the same bits.
CUTE_MATH_INLINE float exp2_fma(float X) {
  constexpr float Round = 12582912.f; // 1.5 * 2^23
  X = __builtin_fmaxf(X, -127.f);
#if defined(__CUDA_ARCH__)
  float Shifted = __nvvm_add_rm_ftz_f(X, Round);
#else
  float Shifted = __builtin_floorf(X) + Round;
#endif
  float F = X - (Shifted - Round);
  float P =
      __builtin_fmaf(__builtin_fmaf(__builtin_fmaf(0.07705192f, F, 0.22766143f),
                                    F, 0.69511324f),
                     F, 1.f);
  unsigned Bits = __builtin_bit_cast(unsigned, P) +
                  (__builtin_bit_cast(unsigned, Shifted) << 23);
  return __builtin_bit_cast(float, Bits);
}

} // namespace cute

#endif // CUTE_MATH_H
