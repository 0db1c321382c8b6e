//===- Exp2FmaTest.cpp - exp2_fma of <cute/math.h> against exp2 -----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The FMA-pipe exponential checked as properties against the C library's
/// exp2 in double: its relative error stays within the polynomial's bound
/// (8.7e-5, checked at 9e-5) on 2^21 evenly spaced floats of [-4,
/// 4), at every integer and the floats either side (the
/// seams where floor(X) changes), and on random floats of (-126, 128); X at
/// or below -127, -inf and NaN give +0 exactly; results at integers are the
/// exact powers of two (the polynomial is exactly 1 at 0).
///
//===----------------------------------------------------------------------===//

#include "cute/math.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

namespace {

constexpr double Bound = 9e-5;

double relError(float X) {
  double Want = std::exp2(double(X));
  return std::fabs(double(cute::exp2_fma(X)) / Want - 1.0);
}

uint32_t bitsOf(float X) {
  uint32_t B;
  std::memcpy(&B, &X, 4);
  return B;
}

TEST(Exp2Fma, DenseSweep) {
  // 2^21 evenly spaced points of [-4, 4): 2^18 per unit interval, every
  // one a float (exact multiples of 2^-18).
  double Worst = 0;
  float WorstX = 0;
  for (int I = 0; I < (1 << 21); ++I) {
    float X = -4.f + std::ldexp(float(I), -18);
    double E = relError(X);
    if (E > Worst) {
      Worst = E;
      WorstX = X;
    }
  }
  EXPECT_LE(Worst, Bound) << "at " << WorstX;
  // The bound is the fit's, not a loose one: the error comes close to it.
  EXPECT_GE(Worst, 5e-5);
}

TEST(Exp2Fma, IntegerSeams) {
  for (int I = -126; I < 128; ++I) {
    float X = float(I);
    EXPECT_EQ(cute::exp2_fma(X), std::ldexp(1.f, I)) << I;
    float Below = std::nextafter(X, -1e30f), Above = std::nextafter(X, 1e30f);
    if (I > -126)
      EXPECT_LE(relError(Below), Bound) << Below;
    EXPECT_LE(relError(Above), Bound) << Above;
  }
}

TEST(Exp2Fma, RandomFloats) {
  std::mt19937 Gen(28);
  std::uniform_real_distribution<float> D(-125.99f, 127.99f);
  for (int I = 0; I < 1000000; ++I) {
    float X = D(Gen);
    ASSERT_LE(relError(X), Bound) << X;
  }
}

TEST(Exp2Fma, UnderflowIsZero) {
  const float Cases[] = {-127.f,
                         -127.5f,
                         -200.f,
                         -1e30f,
                         -std::numeric_limits<float>::infinity(),
                         std::numeric_limits<float>::quiet_NaN()};
  for (float X : Cases)
    EXPECT_EQ(bitsOf(cute::exp2_fma(X)), 0u) << X;
  // Between -127 and -126: below 2^-126, not negative.
  float Y = cute::exp2_fma(-126.5f);
  EXPECT_GE(Y, 0.f);
  EXPECT_LT(Y, std::ldexp(1.f, -126));
}

} // namespace
