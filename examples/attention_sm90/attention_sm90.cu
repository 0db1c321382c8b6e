//===- attention_sm90.cu - The Hopper attention forward, checked ----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The C entry point of attention_sm90.cuh's kernel (what bench/attention
/// loads from a shared library), and a check of it against a plain fp32
/// reference kernel on shapes that stress the edges: sequences of 1, 17 and
/// 1000 tokens, seqlen_q != seqlen_k both ways, grouped-query attention,
/// head dims 64/128/256, causal and not, fp16 and bf16, and a
/// variable-length batch with empty and one-token sequences; the LSE too.
///
/// Bound: the reference computes in fp32 from the same 16-bit inputs; the
/// kernel rounds P to 16 bits before P V (as every FlashAttention does) and
/// O to 16 bits at the end. With |V| <= 1 and P's rows summing to 1, the
/// error of O is at most about 2 ulp of the output type at 1 (2^-7 bf16,
/// 2^-10 fp16) plus P's rounding (the same relative size): the check
/// allows 2^-6 (bf16) and 2^-8 (fp16) absolute, and 1e-3 for the LSE (fp32
/// throughout but for exp2/log2's approximations).
///
/// Run: `attention_sm90` (exit status 1 on a mismatch), or
/// `attention_sm90 --time [D [e4m3]]` for 4k-token timings per head dim.
///
//===----------------------------------------------------------------------===//

#include "../common/ExampleHarness.h"
#include "../common/GemmCheck.h"
#include "attention_sm90.cuh"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

/// The element types of the C entry points' \p Dtype.
enum Dtype { Fp16 = 0, Bf16 = 1, E4m3 = 2 };

/// The forward pass for head dimension \p HeadDim and element type
/// \p Dtype (O in bf16 for e4m3, which takes the descale factors) on the
/// schedule \p Sched.
int forward(const void *Q, const void *K, const void *V, void *O, float *LSE,
            int Batch, int SeqQ, int SeqK, int HeadsQ, int HeadsKV, int HeadDim,
            const int *CuSeqQ, const int *CuSeqK, float Scale, int Causal,
            int Dtype, const float *DescaleQ, const float *DescaleK,
            const float *DescaleV, void *Stream,
            attention_sm90::Schedule Sched) {
  if (Batch <= 0 || SeqQ < 0 || SeqK < 0 || HeadsQ <= 0 || HeadsKV <= 0 ||
      HeadsQ % HeadsKV || (Dtype != Fp16 && Dtype != Bf16 && Dtype != E4m3))
    return cudaErrorInvalidValue;
  attention_sm90::Params P{Q,        K,       V,     O,           LSE,
                           Batch,    SeqQ,    SeqK,  HeadsQ,      HeadsKV,
                           CuSeqQ,   CuSeqK,  Scale, Causal != 0, DescaleQ,
                           DescaleK, DescaleV};
  auto St = static_cast<cudaStream_t>(Stream);
  using namespace attention_sm90;
  Tuning Tune;
  Tune.Sched = Sched;
  using E4M3 = cute::float_e4m3_t;
  switch (HeadDim) {
  case 64:
    // FP8 at head dimension 64 would need the 64-byte swizzle (a row of 64
    // bytes): not built.
    return Dtype == E4m3   ? cudaErrorNotSupported
           : Dtype == Bf16 ? run<__bf16, 64>(P, St, Tune)
                           : run<_Float16, 64>(P, St, Tune);
  case 128:
    return Dtype == E4m3   ? run<E4M3, 128>(P, St, Tune)
           : Dtype == Bf16 ? run<__bf16, 128>(P, St, Tune)
                           : run<_Float16, 128>(P, St, Tune);
  case 256:
    return Dtype == E4m3   ? run<E4M3, 256>(P, St, Tune)
           : Dtype == Bf16 ? run<__bf16, 256>(P, St, Tune)
                           : run<_Float16, 256>(P, St, Tune);
  default:
    return cudaErrorInvalidValue;
  }
}

/// The schedule the C entry point takes: CUTE_ATTENTION_SCHEDULE=tile,
/// =persistent or =wide (what the benchmark compares), else the launcher's
/// choice.
attention_sm90::Schedule entrySchedule() {
  static const attention_sm90::Schedule Sched = [] {
    const char *Env = std::getenv("CUTE_ATTENTION_SCHEDULE");
    if (Env && !std::strcmp(Env, "tile"))
      return attention_sm90::Schedule::PerTile;
    if (Env && !std::strcmp(Env, "persistent"))
      return attention_sm90::Schedule::Persistent;
    if (Env && !std::strcmp(Env, "wide"))
      return attention_sm90::Schedule::WideKeys;
    return attention_sm90::Schedule::Auto;
  }();
  return Sched;
}

} // namespace

/// The entry point bench/attention calls (see its README): 0 on success,
/// else a cudaError_t. \p Dtype: 0 fp16, 1 bf16 (2, e4m3, takes
/// cute_attention_sm90_fwd_fp8).
extern "C" int cute_attention_sm90_fwd(
    const void *Q, const void *K, const void *V, void *O, float *LSE, int Batch,
    int SeqQ, int SeqK, int HeadsQ, int HeadsKV, int HeadDim, const int *CuSeqQ,
    const int *CuSeqK, float Scale, int Causal, int Dtype, void *Stream) {
  if (Dtype == E4m3)
    return cudaErrorInvalidValue;
  return forward(Q, K, V, O, LSE, Batch, SeqQ, SeqK, HeadsQ, HeadsKV, HeadDim,
                 CuSeqQ, CuSeqK, Scale, Causal, Dtype, nullptr, nullptr,
                 nullptr, Stream, entrySchedule());
}

/// The FP8 entry point: Q, K and V in e4m3, O in bf16, and the three
/// per-tensor descale factors (one float each in device memory, or null
/// for 1; FlashAttention-3's q_descale, k_descale, v_descale):
/// O = softmax(Q K^T * Scale * DescaleQ * DescaleK) V * DescaleV.
extern "C" int cute_attention_sm90_fwd_fp8(
    const void *Q, const void *K, const void *V, void *O, float *LSE, int Batch,
    int SeqQ, int SeqK, int HeadsQ, int HeadsKV, int HeadDim, const int *CuSeqQ,
    const int *CuSeqK, float Scale, int Causal, const float *DescaleQ,
    const float *DescaleK, const float *DescaleV, void *Stream) {
  return forward(Q, K, V, O, LSE, Batch, SeqQ, SeqK, HeadsQ, HeadsKV, HeadDim,
                 CuSeqQ, CuSeqK, Scale, Causal, E4m3, DescaleQ, DescaleK,
                 DescaleV, Stream, entrySchedule());
}

namespace {

/// The fp32 reference: one thread per (query row, head), two passes over
/// the keys; rows that see no key give 0 and an LSE of -inf.
template <class T>
__global__ void referenceKernel(const T *Q, const T *K, const T *V, float *O,
                                float *LSE, int TotalQ, int HeadsQ, int HeadsKV,
                                int D, const int *CuQ, const int *CuK,
                                int Batch, float Scale, bool Causal,
                                float DescaleV) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x, H = blockIdx.y;
  if (Row >= TotalQ)
    return;
  int B = 0;
  while (B + 1 < Batch && CuQ[B + 1] <= Row)
    ++B;
  int I = Row - CuQ[B], SeqQ = CuQ[B + 1] - CuQ[B];
  int K0 = CuK[B], SeqK = CuK[B + 1] - CuK[B];
  int Limit = Causal ? min(SeqK, I + 1 + SeqK - SeqQ) : SeqK;
  int HK = H / (HeadsQ / HeadsKV);
  const T *Qr = Q + ((size_t)Row * HeadsQ + H) * D;
  float Max = -INFINITY;
  for (int J = 0; J < Limit; ++J) {
    const T *Kr = K + ((size_t)(K0 + J) * HeadsKV + HK) * D;
    float Dot = 0;
    for (int C = 0; C < D; ++C)
      Dot += float(Qr[C]) * float(Kr[C]);
    Max = fmaxf(Max, Dot * Scale);
  }
  float Sum = 0;
  float *Or = O + ((size_t)Row * HeadsQ + H) * D;
  for (int C = 0; C < D; ++C)
    Or[C] = 0;
  for (int J = 0; J < Limit; ++J) {
    const T *Kr = K + ((size_t)(K0 + J) * HeadsKV + HK) * D;
    const T *Vr = V + ((size_t)(K0 + J) * HeadsKV + HK) * D;
    float Dot = 0;
    for (int C = 0; C < D; ++C)
      Dot += float(Qr[C]) * float(Kr[C]);
    float Pj = expf(Dot * Scale - Max);
    Sum += Pj;
    for (int C = 0; C < D; ++C)
      Or[C] += Pj * float(Vr[C]) * DescaleV;
  }
  for (int C = 0; C < D; ++C)
    Or[C] = Sum > 0 ? Or[C] / Sum : 0.f;
  LSE[(size_t)H * TotalQ + Row] = Sum > 0 ? Max + logf(Sum) : -INFINITY;
}

struct Case {
  int D, HeadsQ, HeadsKV;
  bool Causal;
  /// Per sequence: (query, key) lengths.
  std::vector<std::pair<int, int>> Seqs;
  /// Whether to pass the offsets (else a fixed-length batch: every entry
  /// of Seqs must then be equal).
  bool Varlen;
  /// Q positive and K negative, with a softmax scale of 4: every score of
  /// a row is far below 0 (S * scale * log2(e) about -3 D), so that a
  /// row's first maximum moves the exp2 base a long way down.
  bool NegativeScores = false;
};

template <class T>
bool checkCase(const Case &C, attention_sm90::Schedule Sched,
               std::mt19937 &Rng) {
  int Batch = int(C.Seqs.size());
  std::vector<int> CuQ(Batch + 1), CuK(Batch + 1);
  for (int B = 0; B < Batch; ++B) {
    CuQ[B + 1] = CuQ[B] + C.Seqs[B].first;
    CuK[B + 1] = CuK[B] + C.Seqs[B].second;
  }
  int TotalQ = CuQ[Batch], TotalK = CuK[Batch];
  size_t NQ = size_t(TotalQ) * C.HeadsQ * C.D;
  size_t NK = size_t(TotalK) * C.HeadsKV * C.D;
  // Multiples of 1/64 in [-1, 1]: exact in fp16 and bf16; of 1/8 in e4m3.
  constexpr bool Fp8 = cute::detail::IsFp8<T>;
  using TO = attention_sm90::OutputOf<T>;
  const int Steps = Fp8 ? 8 : 64;
  std::uniform_int_distribution<int> U(-Steps, Steps);
  std::vector<T> Q(NQ), K(NK), V(NK);
  for (std::vector<T> *X : {&Q, &K, &V})
    for (T &E : *X) {
      float X0 = float(U(Rng)) / Steps;
      if (C.NegativeScores && X != &V)
        X0 = (X == &Q ? 1.f : -1.f) * (std::fabs(X0) / 2 + 0.5f);
      E = example::exactly<T>(X0);
    }
  T *DQ = example::toDevice(Q), *DK = example::toDevice(K),
    *DV = example::toDevice(V);
  TO *DO = example::poisonedDevice<TO>(NQ);
  // FP8's descale factors (powers of two and not), on the device.
  std::vector<float> Descale = {Fp8 ? 0.5f : 1.f, Fp8 ? 1.5f : 1.f,
                                Fp8 ? 1.25f : 1.f};
  float *DDescale = example::toDevice(Descale);
  float *DRef = example::poisonedDevice<float>(NQ);
  size_t NL = size_t(C.HeadsQ) * TotalQ;
  float *DLse = example::poisonedDevice<float>(NL);
  float *DRefLse = example::poisonedDevice<float>(NL);
  int *DCuQ = example::toDevice(CuQ), *DCuK = example::toDevice(CuK);
  float Scale = C.NegativeScores ? 4.f : 1.f / std::sqrt(float(C.D));
  int MaxQ = 0, MaxK = 0;
  for (auto [Lq, Lk] : C.Seqs) {
    MaxQ = std::max(MaxQ, Lq);
    MaxK = std::max(MaxK, Lk);
  }
  int Dtype = Fp8 ? E4m3 : __is_same(T, __bf16) ? Bf16 : Fp16;
  CHECK_CUDA(cudaError_t(forward(
      DQ, DK, DV, DO, DLse, Batch, MaxQ, MaxK, C.HeadsQ, C.HeadsKV, C.D,
      C.Varlen ? DCuQ : nullptr, C.Varlen ? DCuK : nullptr, Scale, C.Causal,
      Dtype, Fp8 ? DDescale : nullptr, Fp8 ? DDescale + 1 : nullptr,
      Fp8 ? DDescale + 2 : nullptr, nullptr, Sched)));
  if (TotalQ > 0)
    referenceKernel<T><<<dim3((TotalQ + 127) / 128, C.HeadsQ), 128>>>(
        DQ, DK, DV, DRef, DRefLse, TotalQ, C.HeadsQ, C.HeadsKV, C.D, DCuQ, DCuK,
        Batch, Scale * Descale[0] * Descale[1], C.Causal, Descale[2]);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<TO> Out = example::fromDevice(DO, NQ);
  std::vector<float> Ref = example::fromDevice(DRef, NQ);
  std::vector<float> Lse = example::fromDevice(DLse, NL);
  std::vector<float> RefLse = example::fromDevice(DRefLse, NL);
  // FP8: P rounded to e4m3 (3 fraction bits, relative error <= 2^-4 in
  // its normal range) bounds O's error by 2^-4 max|V| DescaleV, plus bf16's
  // rounding of O.
  double Tol = Fp8 ? Descale[2] / 16 + 1.0 / 128 : Dtype ? 1.0 / 64 : 1.0 / 256;
  double MaxErr = 0, MaxLseErr = 0;
  size_t Bad = 0;
  for (size_t I = 0; I < NQ; ++I) {
    double E = std::fabs(double(float(Out[I])) - Ref[I]);
    if (!(E <= Tol))
      ++Bad;
    MaxErr = std::isnan(E) ? INFINITY : std::max(MaxErr, E);
  }
  for (size_t I = 0; I < NL; ++I) {
    bool BothInf = std::isinf(Lse[I]) && std::isinf(RefLse[I]) && Lse[I] < 0 &&
                   RefLse[I] < 0;
    double E = BothInf ? 0 : std::fabs(double(Lse[I]) - RefLse[I]);
    if (!(E <= 1e-3))
      ++Bad;
    MaxLseErr = std::isnan(E) ? INFINITY : std::max(MaxLseErr, E);
  }
  std::printf("attention_sm90 %s %s d=%d h=%d/%d %s%s seqs=",
              Sched == attention_sm90::Schedule::PerTile      ? "per-tile"
              : Sched == attention_sm90::Schedule::Persistent ? "persistent"
                                                              : "wide-keys",
              Fp8     ? "e4m3"
              : Dtype ? "bf16"
                      : "f16",
              C.D, C.HeadsQ, C.HeadsKV, C.Causal ? "causal " : "",
              C.Varlen ? "varlen" : "fixed");
  for (size_t B = 0; B < C.Seqs.size() && B < 4; ++B)
    std::printf("%s%dx%d", B ? "," : "", C.Seqs[B].first, C.Seqs[B].second);
  std::printf("%s: %zu mismatches, max error %g, LSE max error %g\n",
              C.Seqs.size() > 4 ? ",..." : "", Bad, MaxErr, MaxLseErr);
  for (void *Ptr : {(void *)DQ, (void *)DK, (void *)DV, (void *)DO,
                    (void *)DRef, (void *)DLse, (void *)DRefLse, (void *)DCuQ,
                    (void *)DCuK, (void *)DDescale})
    CHECK_CUDA(cudaFree(Ptr));
  return Bad == 0;
}

/// The forward pass at batch 4, 16 heads of 128 (or 8 of 256, 32 of 64),
/// 4096 tokens, in bf16 (or e4m3, at head dims 128 and 256): TFLOP/s (4 b h
/// s^2 d, halved when causal), with each combination of FlashAttention-3's
/// overlap and ping-pong.
template <class T>
cudaError_t runDim(int D, const attention_sm90::Params &P,
                   attention_sm90::Tuning Tune) {
  using namespace attention_sm90;
  if constexpr (cute::detail::IsFp8<T>)
    return D == 128   ? run<T, 128>(P, nullptr, Tune)
           : D == 256 ? run<T, 256>(P, nullptr, Tune)
                      : cudaErrorNotSupported;
  else
    return D == 64    ? run<T, 64>(P, nullptr, Tune)
           : D == 128 ? run<T, 128>(P, nullptr, Tune)
                      : run<T, 256>(P, nullptr, Tune);
}

template <class T> int timeAll(int OnlyD) {
  constexpr bool Fp8 = cute::detail::IsFp8<T>;
  for (int D : {64, 128, 256})
    for (bool Causal : {false, true})
      if ((!OnlyD || OnlyD == D) && !(Fp8 && D == 64))
        for (int Variant = 0; Variant < (Fp8 ? 4 : 5); ++Variant) {
          // Variants 0-3: one CTA per tile, each combination of overlap and
          // ping-pong; 4: the persistent kernel (both).
          attention_sm90::Tuning Tune;
          Tune.Overlap = Variant & 1 || Variant == 4;
          Tune.PingPong = Variant & 2 || Variant == 4;
          Tune.Sched = Variant == 4 ? attention_sm90::Schedule::Persistent
                                    : attention_sm90::Schedule::PerTile;
          int B = 4, S = 4096, H = 2048 / D;
          size_t N = size_t(B) * S * H * D;
          void *Q, *K, *V, *O;
          CHECK_CUDA(cudaMalloc(&Q, N * sizeof(T)));
          CHECK_CUDA(cudaMalloc(&K, N * sizeof(T)));
          CHECK_CUDA(cudaMalloc(&V, N * sizeof(T)));
          CHECK_CUDA(cudaMalloc(&O, N * 2));
          // Bytes 0x3c: 1.5 in e4m3, 0.0115 in bf16.
          CHECK_CUDA(cudaMemset(Q, 0x3c, N * sizeof(T)));
          CHECK_CUDA(cudaMemset(K, 0x3c, N * sizeof(T)));
          CHECK_CUDA(cudaMemset(V, 0x3c, N * sizeof(T)));
          double Sec = example::timeLaunches(
              [&] {
                attention_sm90::Params P{Q,      K,     V, O, nullptr, B,
                                         S,      S,     H, H, nullptr, nullptr,
                                         0.088f, Causal};
                CHECK_CUDA(runDim<T>(D, P, Tune));
              },
              20);
          double Flops = 4.0 * B * H * double(S) * S * D / (Causal ? 2 : 1);
          std::printf("attention_sm90 %s d=%d %s b=%d h=%d s=%d overlap=%d "
                      "pingpong=%d %s: %.1f us, %.1f TFLOP/s\n",
                      Fp8 ? "e4m3" : "bf16", D,
                      Causal ? "causal" : "non-causal", B, H, S, Tune.Overlap,
                      Tune.PingPong, Variant == 4 ? "persistent" : "per-tile",
                      Sec * 1e6, Flops / Sec / 1e12);
          for (void *Ptr : {(void *)Q, (void *)K, (void *)V, (void *)O})
            CHECK_CUDA(cudaFree(Ptr));
        }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc > 1 && !std::strcmp(Argv[1], "--time")) {
    int OnlyD = Argc > 2 ? std::atoi(Argv[2]) : 0;
    return Argc > 3 && !std::strcmp(Argv[3], "e4m3")
               ? timeAll<cute::float_e4m3_t>(OnlyD)
               : timeAll<__bf16>(OnlyD);
  }
  std::mt19937 Rng(2026);
  std::vector<Case> Cases;
  for (int D : {64, 128, 256})
    for (bool Causal : {false, true}) {
      Cases.push_back({D, 4, 4, Causal, {{257, 257}, {257, 257}}, false});
      Cases.push_back({D, 8, 1, Causal, {{1, 1}}, false});
      Cases.push_back({D, 2, 2, Causal, {{17, 17}}, false});
      Cases.push_back({D, 16, 2, Causal, {{128, 1000}}, false});
      Cases.push_back({D, 2, 1, Causal, {{1000, 128}}, false});
      // More tiles than an H100 or H200 has SMs: each persistent CTA takes
      // several, with a different sequence, head and length each.
      Cases.push_back(
          {D, 16, 4, Causal, {{700, 700}, {700, 700}, {700, 700}}, false});
      Cases.push_back({D,
                       8,
                       8,
                       Causal,
                       {{900, 900},
                        {0, 3},
                        {129, 500},
                        {1000, 1000},
                        {64, 64},
                        {511, 300},
                        {1, 1},
                        {777, 777}},
                       true});
      Cases.push_back({D,
                       4,
                       2,
                       Causal,
                       {{300, 700}, {0, 5}, {1, 1}, {77, 0}, {513, 200}},
                       true});
      Cases.push_back({D, 4, 4, Causal, {{300, 300}, {300, 300}}, false, true});
    }
  bool Ok = true;
  // Each case on both schedules (the persistent one where the head
  // dimension has it; its cases also run more tiles than CTAs below).
  using attention_sm90::Schedule;
  for (Schedule Sched :
       {Schedule::PerTile, Schedule::Persistent, Schedule::WideKeys})
    for (const Case &C : Cases) {
      if (Sched == Schedule::Persistent && C.D == 256)
        continue;
      // The WideKeys kernel exists for FP8 at D = 128 (below) only.
      if (Sched != Schedule::WideKeys) {
        Ok &= checkCase<__bf16>(C, Sched, Rng);
        if (C.D == 128)
          Ok &= checkCase<_Float16>(C, Sched, Rng);
      }
      // FP8 (head dimensions 128 and 256, one CTA per tile), except with
      // scores in the hundreds: FP8 WGMMA accumulates Q K^T with fewer
      // bits than f32, which shifts such scores (and the LSE) by up to ~1.
      if (C.D != 64 && !C.NegativeScores &&
          (Sched == Schedule::PerTile ||
           (Sched == Schedule::WideKeys && C.D == 128)))
        Ok &= checkCase<cute::float_e4m3_t>(C, Sched, Rng);
    }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
