//===- OverflowTest.cpp - Static arithmetic never wraps silently ----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Random layouts whose extents and strides reach past 64 bits (fixed seeds):
/// size, cosize, make_layout's compact strides and crd2idx either return the
/// exact value, computed here in 128 bits, or fail with an integer-overflow
/// error, and they fail exactly when the value (or, for cosize, the size it
/// is computed from) does not fit 64 bits.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Operations.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <random>
#include <string>
#include <vector>

using namespace cute;

namespace {

constexpr int NumCases = 2000;
using Wide = __int128;

bool fits64(Wide V) { return V >= INT64_MIN && V <= INT64_MAX; }

std::string str(Wide V) { return std::to_string(int64_t(V)); }

/// Extents and strides spread over every magnitude up to 2^Bits.
struct Gen {
  std::mt19937_64 Rng;
  explicit Gen(uint64_t Seed) : Rng(Seed) {}
  int64_t magnitude(unsigned MaxBits) {
    unsigned Bits = std::uniform_int_distribution<unsigned>(0, MaxBits)(Rng);
    uint64_t Hi = Bits ? (uint64_t(1) << Bits) : 1;
    return int64_t(std::uniform_int_distribution<uint64_t>(1, Hi)(Rng));
  }
  std::vector<int64_t> extents() {
    unsigned Rank = std::uniform_int_distribution<unsigned>(1, 4)(Rng);
    std::vector<int64_t> E;
    for (unsigned I = 0; I < Rank; ++I)
      E.push_back(magnitude(40));
    return E;
  }
  std::vector<int64_t> strides(size_t Rank) {
    std::vector<int64_t> D;
    for (size_t I = 0; I < Rank; ++I) {
      int64_t M = magnitude(62);
      D.push_back(Rng() % 2 ? M : -M);
    }
    return D;
  }
};

std::string tuple(const std::vector<int64_t> &V) {
  std::string S = "(";
  for (size_t I = 0; I < V.size(); ++I)
    S += (I ? "," : "") + std::to_string(V[I]);
  return S + ")";
}

/// The single result of \p Op, or the error's message prefixed by "error: ".
std::string eval(llvm::StringRef Op, std::vector<std::string> Operands) {
  std::vector<OpArg> Args;
  for (std::string &T : Operands)
    Args.push_back(OpArg{std::move(T), ValueKind::Auto});
  auto R = evaluateOp(Op, Args, OpAttrs());
  if (!R)
    return "error: " + llvm::toString(R.takeError());
  return R->size() == 1 ? (*R)[0].str() : "several results";
}

bool isOverflow(const std::string &Got) {
  return Got.rfind("error: ", 0) == 0 &&
         Got.find("integer overflow") != std::string::npos;
}

TEST(OverflowTest, SizeIsExactOrAnOverflowError) {
  Gen G(1);
  for (int Case = 0; Case < NumCases; ++Case) {
    std::vector<int64_t> E = G.extents();
    Wide Size = 1;
    bool Fits = true;
    // Stop at the first product past 64 bits: one more factor (up to 2^62)
    // still fits the 128-bit oracle, a second might not.
    for (int64_t X : E) {
      if (!Fits)
        break;
      Size *= X;
      Fits = fits64(Size);
    }
    std::string Got = eval("size", {tuple(E)});
    if (Fits)
      ASSERT_EQ(Got, str(Size)) << "size " << tuple(E);
    else
      ASSERT_TRUE(isOverflow(Got)) << "size " << tuple(E) << ": " << Got;
  }
}

TEST(OverflowTest, CompactStridesAreExactOrAnOverflowError) {
  Gen G(2);
  for (int Case = 0; Case < NumCases; ++Case) {
    std::vector<int64_t> E = G.extents();
    std::vector<int64_t> D;
    Wide Acc = 1;
    bool Fits = true;
    for (int64_t X : E) {
      D.push_back(X == 1 ? 0 : int64_t(Acc));
      if (!Fits)
        continue;
      Acc *= X;
      Fits = fits64(Acc);
    }
    std::string Got = eval("make_layout", {tuple(E)});
    if (Fits)
      ASSERT_EQ(Got, tuple(E) + ":" + tuple(D)) << "make_layout " << tuple(E);
    else
      ASSERT_TRUE(isOverflow(Got))
          << "make_layout " << tuple(E) << ": " << Got;
  }
}

TEST(OverflowTest, Crd2idxIsExactOrAnOverflowError) {
  Gen G(3);
  for (int Case = 0; Case < NumCases; ++Case) {
    std::vector<int64_t> E = G.extents();
    std::vector<int64_t> D = G.strides(E.size()), C;
    Wide Idx = 0;
    bool Fits = true;
    for (size_t I = 0; I < E.size(); ++I) {
      C.push_back(int64_t(G.Rng() % uint64_t(E[I])));
      Wide Term = Wide(C.back()) * D[I];
      Idx += Term;
      Fits = Fits && fits64(Term) && fits64(Idx);
    }
    std::string L = tuple(E) + ":" + tuple(D);
    std::string Got = eval("crd2idx", {tuple(C), L});
    if (Fits)
      ASSERT_EQ(Got, str(Idx)) << "crd2idx " << tuple(C) << " " << L;
    else
      ASSERT_TRUE(isOverflow(Got))
          << "crd2idx " << tuple(C) << " " << L << ": " << Got;
  }
}

TEST(OverflowTest, CosizeIsExactOrAnOverflowError) {
  Gen G(4);
  for (int Case = 0; Case < NumCases; ++Case) {
    std::vector<int64_t> E = G.extents();
    std::vector<int64_t> D = G.strides(E.size());
    for (int64_t &X : D)
      X = X < 0 ? -(X + 1) : X; // cosize of non-negative strides
    Wide Size = 1, Last = 0;
    bool SizeFits = true, Fits = true;
    for (size_t I = 0; I < E.size(); ++I) {
      if (SizeFits) {
        Size *= E[I];
        SizeFits = fits64(Size);
      }
      Wide Term = Wide(E[I] - 1) * D[I];
      Last += Term;
      Fits = Fits && fits64(Term) && fits64(Last) && fits64(Last + 1);
    }
    std::string L = tuple(E) + ":" + tuple(D);
    std::string Got = eval("cosize", {L});
    if (Fits && SizeFits)
      ASSERT_EQ(Got, str(Last + 1)) << "cosize " << L;
    else if (!Fits)
      ASSERT_TRUE(isOverflow(Got)) << "cosize " << L << ": " << Got;
    else // cosize(L) = L(size(L) - 1) + 1: the size must fit as well.
      ASSERT_TRUE(Got == str(Last + 1) || isOverflow(Got))
          << "cosize " << L << ": " << Got;
  }
}

} // namespace
