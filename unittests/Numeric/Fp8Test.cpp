//===- Fp8Test.cpp - The byte floats of <cute/numeric.h> by brute force ---===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The host conversions of <cute/numeric.h> checked as properties: every
/// code decodes to the value its fields define (computed here by ldexp,
/// independently of the bit assembly the header does), and a float encodes
/// to the code whose value is nearest, ties to the even code, saturated to
/// the largest finite magnitude, NaN to NaN: the nearest code found by
/// searching all 256, for every code's value, every midpoint between
/// neighbours, the floats one ulp either side of each, and random floats.
/// The scale-factor types (float_ue8m0_t, float_ue4m3_t) the same way over
/// their unsigned codes: a negative float (and, for ue8m0, which has no
/// zero, zero) goes to the smallest code.
///
//===----------------------------------------------------------------------===//

#include "cute/numeric.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace {

struct Format {
  int E, M, Bias;
  bool HasInf;
  uint8_t MaxFinite;
};
constexpr Format E4M3{4, 3, 7, false, 0x7e};
constexpr Format E5M2{5, 2, 15, true, 0x7b};

/// The value of \p Code by its definition.
double valueOf(const Format &F, uint8_t Code) {
  int Sign = Code >> 7, Exp = (Code >> F.M) & ((1 << F.E) - 1),
      Mant = Code & ((1 << F.M) - 1);
  bool AllOnes = Exp == (1 << F.E) - 1;
  if (F.HasInf && AllOnes)
    return Mant ? NAN : (Sign ? -INFINITY : INFINITY);
  if (!F.HasInf && AllOnes && Mant == (1 << F.M) - 1)
    return NAN;
  double V = Exp ? std::ldexp(1.0 + Mant / double(1 << F.M), Exp - F.Bias)
                 : std::ldexp(Mant / double(1 << F.M), 1 - F.Bias);
  return Sign ? -V : V;
}

/// The code a float should encode to: the nearest finite code, ties to an
/// even mantissa, saturated; NaN to 0x7f with the sign.
uint8_t nearest(const Format &F, float X) {
  if (std::isnan(X))
    return uint8_t((std::signbit(X) ? 0x80 : 0) | 0x7f);
  uint8_t Sign = std::signbit(X) ? 0x80 : 0;
  double A = std::fabs(double(X));
  if (A >= valueOf(F, F.MaxFinite))
    return uint8_t(Sign | F.MaxFinite);
  int Best = -1;
  double BestErr = 0;
  for (int C = 0; C <= F.MaxFinite; ++C) {
    double Err = std::fabs(valueOf(F, uint8_t(C)) - A);
    if (Best < 0 || Err < BestErr || (Err == BestErr && C % 2 == 0)) {
      Best = C;
      BestErr = Err;
    }
  }
  return uint8_t(Sign | Best);
}

std::vector<float> probes(const Format &F) {
  std::vector<float> P = {0.0f,  -0.0f,  INFINITY, -INFINITY,
                          1e30f, -1e30f, 1e-30f,   std::nanf("")};
  for (int C = 0; C < F.MaxFinite; ++C) {
    double Lo = valueOf(F, uint8_t(C)), Hi = valueOf(F, uint8_t(C + 1));
    for (double V : {Lo, (Lo + Hi) / 2}) {
      float X = float(V);
      for (float Y : {X, std::nextafter(X, 0.0f), std::nextafter(X, 1e38f)}) {
        P.push_back(Y);
        P.push_back(-Y);
      }
    }
  }
  // Past the largest finite value: its midpoint with the next binade.
  double Max = valueOf(F, F.MaxFinite);
  P.push_back(float(Max * 1.0625));
  P.push_back(float(Max * 2));
  std::mt19937 G(7);
  std::uniform_real_distribution<float> Log(-24, 18);
  for (int I = 0; I < 20000; ++I)
    P.push_back((I % 2 ? -1 : 1) * std::exp2(Log(G)));
  return P;
}

template <class T> void checkFormat(const Format &F) {
  for (int C = 0; C < 256; ++C) {
    double Want = valueOf(F, uint8_t(C));
    EXPECT_EQ(int(T::bitcast(uint8_t(C)).raw()), C);
    float Got = float(T::bitcast(uint8_t(C)));
    EXPECT_TRUE(Got == T::decode(uint8_t(C)) || std::isnan(Got));
    if (std::isnan(Want))
      EXPECT_TRUE(std::isnan(Got)) << "code " << C;
    else
      EXPECT_EQ(double(Got), Want) << "code " << C;
  }
  for (float X : probes(F))
    EXPECT_EQ(int(T(X).storage), int(nearest(F, X))) << "float " << X;
}

TEST(Fp8Test, E4M3) { checkFormat<cute::float_e4m3_t>(E4M3); }
TEST(Fp8Test, E5M2) { checkFormat<cute::float_e5m2_t>(E5M2); }

/// An unsigned scale-factor format: the value of each code (NaN for the
/// NaN code), and its largest finite code.
struct UnsignedFormat {
  double (*Value)(uint8_t);
  uint8_t MaxFinite, NaN;
};
double ue8m0Value(uint8_t C) {
  return C == 0xff ? NAN : std::ldexp(1.0, int(C) - 127);
}
/// ue4m3: e4m3's value of the low seven bits; codes with the top bit set
/// are not ue4m3 codes (never produced).
double ue4m3Value(uint8_t C) { return valueOf(E4M3, uint8_t(C & 0x7f)); }
constexpr UnsignedFormat UE8M0{ue8m0Value, 0xfe, 0xff};
constexpr UnsignedFormat UE4M3{ue4m3Value, 0x7e, 0x7f};

/// The nearest code (ties to the even code), saturated; negative floats
/// (and zero where no code is 0) to code 0; NaN to the NaN code.
uint8_t nearestUnsigned(const UnsignedFormat &F, float X) {
  if (std::isnan(X))
    return F.NaN;
  if (std::signbit(X))
    return 0;
  double A = double(X);
  if (A >= F.Value(F.MaxFinite))
    return F.MaxFinite;
  int Best = -1;
  double BestErr = 0;
  for (int C = 0; C <= F.MaxFinite; ++C) {
    double Err = std::fabs(F.Value(uint8_t(C)) - A);
    if (Best < 0 || Err < BestErr || (Err == BestErr && C % 2 == 0)) {
      Best = C;
      BestErr = Err;
    }
  }
  return uint8_t(Best);
}

template <class T> void checkUnsigned(const UnsignedFormat &F) {
  for (int C = 0; C <= F.NaN; ++C) {
    double Want = F.Value(uint8_t(C));
    EXPECT_EQ(int(T::bitcast(uint8_t(C)).raw()), C);
    float Got = float(T::bitcast(uint8_t(C)));
    EXPECT_TRUE(Got == T::decode(uint8_t(C)) || std::isnan(Got));
    if (std::isnan(Want))
      EXPECT_TRUE(std::isnan(Got)) << "code " << C;
    else
      EXPECT_EQ(double(Got), Want) << "code " << C;
  }
  std::vector<float> P = {0.0f,  -0.0f, INFINITY, -INFINITY,
                          1e38f, -1.0f, 1e-40f,   std::nanf("")};
  for (int C = 0; C < F.MaxFinite; ++C) {
    double Lo = F.Value(uint8_t(C)), Hi = F.Value(uint8_t(C + 1));
    for (double V : {Lo, (Lo + Hi) / 2}) {
      float X = float(V);
      for (float Y : {X, std::nextafter(X, 0.0f), std::nextafter(X, 1e38f)})
        P.push_back(Y);
    }
  }
  std::mt19937 G(11);
  std::uniform_real_distribution<float> Log(-140, 128);
  for (int I = 0; I < 20000; ++I)
    P.push_back((I % 7 ? 1 : -1) * std::exp2(Log(G)));
  for (float X : P)
    EXPECT_EQ(int(T(X).storage), int(nearestUnsigned(F, X))) << "float " << X;
}

TEST(Fp8Test, UE8M0) { checkUnsigned<cute::float_ue8m0_t>(UE8M0); }
TEST(Fp8Test, UE4M3) { checkUnsigned<cute::float_ue4m3_t>(UE4M3); }

} // namespace
