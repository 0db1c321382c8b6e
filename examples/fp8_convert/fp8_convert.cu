//===- fp8_convert.cu - FP8 conversions on the device, against the host ---===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The device's conversions of cute::float_e4m3_t and float_e5m2_t
/// (<cute/numeric.h>; cvt.rn.satfinite on sm_89+) and cute::convert's packed
/// pairs (f32 pairs to e4m3x2 / e5m2x2, FP8 pairs to f16x2 and f32) give
/// the bits of the host's conversions, which unittests/Numeric checks
/// against a brute-force search: on every FP8 code's value, the midpoints
/// between neighbours and the floats one ulp either side, saturating
/// values, infinities and NaN.
///
/// Run: `fp8_convert`. Exit status 1 on any difference.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"

#include <cute/algorithm.h>
#include <cute/llvm.h>
#include <cute/numeric.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

/// Each thread converts a pair of floats: one by one (the scalar
/// constructor), and as a pair through cute::convert; then the codes of the
/// pair back to f16 and f32 through cute::convert.
template <class T>
__global__ void convertKernel(const float *In, T *Scalar, T *Packed,
                              _Float16 *Half, float *Full, int Pairs) {
  using namespace cute;
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= Pairs)
    return;
  float F[2] = {In[2 * I], In[2 * I + 1]};
  Scalar[2 * I] = T(F[0]);
  Scalar[2 * I + 1] = T(F[1]);
  T P[2];
  convert(make_view(F, make_layout("2:1")), make_view(P, make_layout("2:1")));
  Packed[2 * I] = P[0];
  Packed[2 * I + 1] = P[1];
  _Float16 H[2];
  float G[2];
  convert(make_view(P, make_layout("2:1")), make_view(H, make_layout("2:1")));
  convert(make_view(P, make_layout("2:1")), make_view(G, make_layout("2:1")));
  Half[2 * I] = H[0];
  Half[2 * I + 1] = H[1];
  Full[2 * I] = G[0];
  Full[2 * I + 1] = G[1];
}

template <class T> std::vector<float> probes() {
  std::vector<float> P = {0.0f,  -0.0f,   INFINITY, -INFINITY,
                          1e30f, -1e30f, 1e-30f,   std::nanf("")};
  for (int C = 0; C < 256; ++C) {
    float V = float(T::bitcast(uint8_t(C)));
    float W = float(T::bitcast(uint8_t((C + 1) & 0xff)));
    if (std::isnan(V))
      continue;
    for (float X : {V, (V + W) / 2})
      if (std::isfinite(X))
        for (float Y : {X, std::nextafter(X, 0.0f), std::nextafter(X, 1e38f)})
          P.push_back(Y);
  }
  if (P.size() % 2)
    P.push_back(1.0f);
  return P;
}

uint32_t bits(float F) {
  uint32_t U;
  std::memcpy(&U, &F, 4);
  return U;
}

template <class T> bool check(const char *Name) {
  std::vector<float> In = probes<T>();
  int N = int(In.size()), Pairs = N / 2;
  float *DIn = example::toDevice(In);
  T *DS = example::poisonedDevice<T>(N), *DP = example::poisonedDevice<T>(N);
  _Float16 *DH = example::poisonedDevice<_Float16>(N);
  float *DF = example::poisonedDevice<float>(N);
  convertKernel<T><<<(Pairs + 127) / 128, 128>>>(DIn, DS, DP, DH, DF, Pairs);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<T> S = example::fromDevice(DS, N), P = example::fromDevice(DP, N);
  std::vector<_Float16> H = example::fromDevice(DH, N);
  std::vector<float> F = example::fromDevice(DF, N);
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    T Want = T(In[I]);
    float Back = float(Want);
    bool Nan = std::isnan(Back);
    bool Ok = S[I].storage == Want.storage && P[I].storage == Want.storage &&
              (Nan ? std::isnan(float(H[I])) && std::isnan(F[I])
                   : float(H[I]) == Back && bits(F[I]) == bits(Back));
    if (!Ok && Bad++ < 5)
      std::printf("  %s: %a: host 0x%02x (%g), device scalar 0x%02x, pair "
                  "0x%02x, f16 %g, f32 %g\n",
                  Name, In[I], Want.storage, Back, S[I].storage, P[I].storage,
                  float(H[I]), F[I]);
  }
  std::printf("fp8_convert %s: %d floats, %d differences\n", Name, N, Bad);
  CHECK_CUDA(cudaFree(DIn));
  CHECK_CUDA(cudaFree(DS));
  CHECK_CUDA(cudaFree(DP));
  CHECK_CUDA(cudaFree(DH));
  CHECK_CUDA(cudaFree(DF));
  return Bad == 0;
}

int main() {
  bool Ok = check<cute::float_e4m3_t>("e4m3");
  Ok &= check<cute::float_e5m2_t>("e5m2");
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
