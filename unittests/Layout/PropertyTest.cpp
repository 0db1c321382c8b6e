//===- PropertyTest.cpp - Algebraic properties on random layouts ----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checks the defining properties of CuTe's layout algebra on thousands of
/// random static layouts (fixed seeds, so every run sees the same layouts):
/// composition is functional composition, complement is disjoint and ordered,
/// the inverses invert, divides and products preserve size and agree with
/// their definitions via composition and complement, coalesce and filter keep
/// the function, crd2idx/idx2crd round trip and notation round trips.
///
/// Layouts are evaluated here by an independent reference evaluator (colex
/// decomposition over the flattened leaves, the last leaf taking any
/// overflow, as CuTe does), never by the library under test.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Layout/LayoutCode.h"
#include "CuteLLVM/Layout/Notation.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <set>

using namespace cute;

namespace {

/// How many random cases each property tries.
constexpr int NumCases = 3000;
/// Layouts larger than this are not drawn (every check is brute force).
constexpr int64_t MaxSize = 2048;
/// Properties that keep going after a counterexample report this many.
constexpr int MaxReported = 5;

//===----------------------------------------------------------------------===//
// Reference evaluation
//===----------------------------------------------------------------------===//

/// The flattened (extent, stride) pairs of a static integral layout.
struct Flat {
  std::vector<int64_t> Extents, Strides;
};

Flat flatOf(const Layout &L) {
  llvm::SmallVector<IntTuple, 8> S, D;
  leaves(L.Shape, S);
  leaves(L.Stride, D);
  Flat F;
  for (size_t I = 0; I < S.size(); ++I) {
    F.Extents.push_back(S[I].value().value());
    F.Strides.push_back(D[I].value().value());
  }
  return F;
}

bool isStaticIntegral(const Layout &L) {
  return isStatic(L.Shape) && isStatic(L.Stride) && !hasBasis(L.Stride);
}

int64_t evalFlat(const Flat &F, int64_t I) {
  int64_t R = 0;
  for (size_t K = 0; K < F.Extents.size(); ++K) {
    bool Last = K + 1 == F.Extents.size();
    int64_t C = Last ? I : I % F.Extents[K];
    R += C * F.Strides[K];
    I = Last ? 0 : I / F.Extents[K];
  }
  return R;
}

int64_t sizeOf(const Layout &L) { return product(L.Shape).value(); }

std::vector<int64_t> valuesOf(const Layout &L) {
  Flat F = flatOf(L);
  std::vector<int64_t> V(sizeOf(L));
  for (int64_t I = 0; I < int64_t(V.size()); ++I)
    V[I] = evalFlat(F, I);
  return V;
}

int64_t cosizeOf(const Layout &L) {
  std::vector<int64_t> V = valuesOf(L);
  return V.empty() ? 0 : *std::max_element(V.begin(), V.end()) + 1;
}

bool isInjective(const Layout &L) {
  std::vector<int64_t> V = valuesOf(L);
  std::sort(V.begin(), V.end());
  return std::adjacent_find(V.begin(), V.end()) == V.end();
}

std::vector<int64_t> sorted(std::vector<int64_t> V) {
  std::sort(V.begin(), V.end());
  return V;
}

/// Takes the value of \p E, or consumes its error and returns nothing.
template <typename T> std::optional<T> take(llvm::Expected<T> E) {
  if (!E) {
    llvm::consumeError(E.takeError());
    return std::nullopt;
  }
  return std::move(*E);
}

//===----------------------------------------------------------------------===//
// Random layouts
//===----------------------------------------------------------------------===//

class Gen {
public:
  explicit Gen(unsigned Seed) : Rng(Seed) {}

  int64_t uniform(int64_t Lo, int64_t Hi) {
    return std::uniform_int_distribution<int64_t>(Lo, Hi)(Rng);
  }
  bool coin(double P = 0.5) { return std::bernoulli_distribution(P)(Rng); }
  template <typename T> const T &pick(const std::vector<T> &V) {
    return V[uniform(0, V.size() - 1)];
  }

  /// A shape of the given rank (0: a leaf) and depth whose leaves are drawn
  /// by \p Leaf.
  template <typename FnT>
  IntTuple shape(unsigned Rank, unsigned Depth, FnT Leaf) {
    if (Rank == 0)
      return IntTuple(Leaf());
    std::vector<IntTuple> Modes;
    for (unsigned I = 0; I < Rank; ++I) {
      if (Depth > 1 && coin(0.4))
        Modes.push_back(shape(uniform(1, 3), Depth - 1, Leaf));
      else
        Modes.push_back(IntTuple(Leaf()));
    }
    return IntTuple(std::move(Modes));
  }

  /// Rebuilds \p Shape's structure with the leaves of \p Flat.
  static IntTuple rebuild(const IntTuple &Shape, llvm::ArrayRef<int64_t> Flat,
                          size_t &Pos) {
    if (!Shape.isTuple())
      return IntTuple(Flat[Pos++]);
    std::vector<IntTuple> Out;
    for (const IntTuple &E : Shape.elems())
      Out.push_back(rebuild(E, Flat, Pos));
    return IntTuple(std::move(Out));
  }

  enum class StrideKind { Compact, Permuted, Padded, Random };

  /// Strides for \p Shape: compact column-major, compact in a random mode
  /// order, compact in a random order with gaps, or random in [0, 64].
  IntTuple strides(const IntTuple &Shape, StrideKind K) {
    llvm::SmallVector<IntTuple, 8> Ls;
    leaves(Shape, Ls);
    size_t N = Ls.size();
    std::vector<int64_t> D(N);
    if (K == StrideKind::Random) {
      for (auto &S : D)
        S = uniform(0, 64);
    } else {
      std::vector<size_t> Order(N);
      for (size_t I = 0; I < N; ++I)
        Order[I] = I;
      if (K != StrideKind::Compact)
        std::shuffle(Order.begin(), Order.end(), Rng);
      int64_t Acc = K == StrideKind::Padded ? uniform(1, 3) : 1;
      for (size_t I : Order) {
        D[I] = Acc;
        Acc *= Ls[I].value().value();
        if (K == StrideKind::Padded)
          Acc *= uniform(1, 2);
      }
    }
    size_t Pos = 0;
    return rebuild(Shape, D, Pos);
  }

  StrideKind strideKind() {
    switch (uniform(0, 3)) {
    case 0:
      return StrideKind::Compact;
    case 1:
      return StrideKind::Permuted;
    case 2:
      return StrideKind::Padded;
    default:
      return StrideKind::Random;
    }
  }

  /// A random layout: rank 1-4 (or a bare leaf), depth up to 2, extents
  /// 1..8, no larger than \p Limit.
  Layout layout(int64_t Limit = MaxSize) { return layout(Limit, strideKind()); }
  Layout layout(int64_t Limit, StrideKind K) {
    for (;;) {
      unsigned Rank = coin(0.15) ? 0 : uniform(1, 4);
      unsigned Depth = Rank == 0 ? 0 : uniform(1, 2);
      IntTuple S = shape(Rank, Depth, [&] { return uniform(1, 8); });
      if (product(S).value() > Limit)
        continue;
      return Layout(S, strides(S, K));
    }
  }
  /// A random injective layout (compact, permuted or padded strides).
  Layout injective(int64_t Limit = MaxSize) {
    StrideKind K = pick(std::vector<StrideKind>{
        StrideKind::Compact, StrideKind::Permuted, StrideKind::Padded});
    return layout(Limit, K);
  }

  /// A factorisation of a divisor of \p N into a random shape, so that
  /// tilers divide more often than chance would have them.
  IntTuple divisorShape(int64_t N) {
    std::vector<int64_t> Factors;
    for (int64_t P = 2; N > 1;) {
      if (N % P == 0) {
        Factors.push_back(P);
        N /= P;
      } else {
        ++P;
      }
    }
    std::shuffle(Factors.begin(), Factors.end(), Rng);
    Factors.resize(uniform(0, Factors.size()));
    unsigned Modes = uniform(1, 3);
    std::vector<int64_t> Ext(Modes, 1);
    for (int64_t F : Factors)
      Ext[uniform(0, Modes - 1)] *= F;
    if (Modes == 1 && coin())
      return IntTuple(Ext[0]);
    std::vector<IntTuple> Out(Ext.begin(), Ext.end());
    return IntTuple(std::move(Out));
  }

  /// A tiler for a layout of size \p N: usually a compact or permuted
  /// layout of a divisor of N (which divides), sometimes a random layout.
  Layout tilerFor(int64_t N) {
    if (coin(0.2))
      return layout(std::max<int64_t>(N, 8));
    IntTuple S = divisorShape(N);
    return Layout(S, strides(S, coin() ? StrideKind::Compact
                                       : (coin() ? StrideKind::Permuted
                                                 : StrideKind::Padded)));
  }

private:
  std::mt19937 Rng;
};

std::string show(const Layout &L) { return L.str(); }

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

TEST(PropertyTest, StrictCompositionIsFunctionalComposition) {
  Gen G(1);
  int Succeeded = 0, Failures = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout A = G.layout();
    Layout B = G.coin(0.7) ? G.tilerFor(sizeOf(A)) : G.layout(64);
    auto R = take(composition(A, B, /*Strict=*/true));
    if (!R)
      continue;
    ++Succeeded;
    ASSERT_TRUE(isStaticIntegral(*R)) << show(A) << " o " << show(B);
    ASSERT_EQ(sizeOf(*R), sizeOf(B))
        << show(A) << " o " << show(B) << " = " << show(*R);
    Flat FA = flatOf(A), FB = flatOf(B), FR = flatOf(*R);
    for (int64_t I = 0; I < sizeOf(B); ++I) {
      if (evalFlat(FR, I) == evalFlat(FA, evalFlat(FB, I)))
        continue;
      // Report a few counterexamples, not only the first.
      if (++Failures <= MaxReported)
        ADD_FAILURE() << show(A) << " o " << show(B) << " = " << show(*R)
                      << ", but at " << I << " it gives " << evalFlat(FR, I)
                      << " instead of A(B(" << I << ")) = A(" << evalFlat(FB, I)
                      << ") = " << evalFlat(FA, evalFlat(FB, I));
      break;
    }
  }
  EXPECT_EQ(Failures, 0) << "compositions that are not A(B(i))";
  EXPECT_GT(Succeeded, NumCases / 3);
}

TEST(PropertyTest, CompositionWithTupleTilerIsByMode) {
  Gen G(2);
  int Succeeded = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout A = G.layout();
    if (rank(A) < 2 || !A.Shape.isTuple())
      continue;
    // One tiler per mode of A, for some of its modes.
    unsigned N = G.uniform(1, rank(A));
    std::vector<Tile> Tiles;
    std::vector<Layout> Expected;
    bool Ok = true;
    for (unsigned I = 0; I < N; ++I) {
      Layout M(A.Shape[I], A.Stride[I]);
      Layout T = G.tilerFor(sizeOf(M));
      Tiles.push_back(Tile(T));
      auto E = take(composition(M, T));
      if (!E) {
        Ok = false;
        break;
      }
      Expected.push_back(*E);
    }
    auto R = take(composition(A, Tile(Tiles)));
    if (!Ok) {
      EXPECT_FALSE(R.has_value()) << show(A);
      continue;
    }
    ASSERT_TRUE(R.has_value()) << show(A);
    ++Succeeded;
    // As in CuTe, the modes of A that the tiler does not reach are dropped.
    EXPECT_EQ(show(*R), show(makeLayoutFromModes(Expected))) << show(A);
  }
  EXPECT_GT(Succeeded, NumCases / 10);
}

//===----------------------------------------------------------------------===//
// Complement
//===----------------------------------------------------------------------===//

TEST(PropertyTest, ComplementIsDisjointAndOrdered) {
  Gen G(3);
  int Succeeded = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout L = G.coin(0.8) ? G.injective(512) : G.layout(512);
    if (!isInjective(L))
      continue;
    int64_t Cotarget = cosizeOf(L) * G.uniform(1, 4);
    // Strict rejects layouts whose strides do not nest; CuTe's truncating
    // complement must agree with it wherever it succeeds.
    auto Strict = take(complement(L, IntTuple(Cotarget), /*Strict=*/true));
    auto C = take(complement(L, IntTuple(Cotarget)));
    std::string Ctx =
        "complement(" + show(L) + ", " + std::to_string(Cotarget) + ")";
    if (!Strict)
      continue;
    ++Succeeded;
    ASSERT_TRUE(C.has_value()) << Ctx << " = " << show(*Strict);
    ASSERT_EQ(show(*C), show(*Strict)) << Ctx;
    Ctx += " = " + show(*C);
    ASSERT_TRUE(isStaticIntegral(*C)) << Ctx;
    std::vector<int64_t> VC = valuesOf(*C), VL = valuesOf(L);
    std::set<int64_t> Image(VL.begin(), VL.end());
    // Ordered: strictly increasing.
    for (size_t I = 1; I < VC.size(); ++I)
      ASSERT_LT(VC[I - 1], VC[I]) << Ctx << " at " << I;
    // Disjoint: no index but 0 of the complement is in L's image.
    for (size_t I = 1; I < VC.size(); ++I)
      ASSERT_FALSE(Image.count(VC[I])) << Ctx << " at " << I;
    // Together they reach the cotarget, without overlapping.
    ASSERT_GE(sizeOf(L) * sizeOf(*C), Cotarget) << Ctx;
    ASSERT_TRUE(isInjective(makeLayoutFromModes({L, *C}))) << Ctx;
  }
  EXPECT_GT(Succeeded, NumCases / 3);
}

//===----------------------------------------------------------------------===//
// Inverses
//===----------------------------------------------------------------------===//

TEST(PropertyTest, RightInverseInverts) {
  Gen G(4);
  int Succeeded = 0, Nontrivial = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout L = G.layout();
    auto R = take(rightInverse(L));
    if (!R)
      continue;
    ++Succeeded;
    std::string Ctx = "right_inverse(" + show(L) + ") = " + show(*R);
    ASSERT_TRUE(isStaticIntegral(*R)) << Ctx;
    ASSERT_LE(sizeOf(*R), cosizeOf(L)) << Ctx;
    Nontrivial += sizeOf(*R) > 1;
    Flat FL = flatOf(L), FR = flatOf(*R);
    for (int64_t I = 0; I < sizeOf(*R); ++I) {
      int64_t J = evalFlat(FR, I);
      ASSERT_TRUE(J >= 0 && J < sizeOf(L)) << Ctx << " at " << I;
      ASSERT_EQ(evalFlat(FL, J), I) << Ctx << " at " << I;
    }
  }
  EXPECT_GT(Succeeded, NumCases / 2);
  EXPECT_GT(Nontrivial, NumCases / 4);
}

TEST(PropertyTest, LeftInverseInverts) {
  Gen G(5);
  int Succeeded = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout L = G.coin(0.8) ? G.injective() : G.layout();
    if (!isInjective(L))
      continue;
    auto R = take(leftInverse(L));
    if (!R)
      continue;
    ++Succeeded;
    std::string Ctx = "left_inverse(" + show(L) + ") = " + show(*R);
    ASSERT_TRUE(isStaticIntegral(*R)) << Ctx;
    Flat FL = flatOf(L), FR = flatOf(*R);
    for (int64_t I = 0; I < sizeOf(L); ++I)
      ASSERT_EQ(evalFlat(FR, evalFlat(FL, I)), I) << Ctx << " at " << I;
  }
  EXPECT_GT(Succeeded, NumCases / 3);
}

//===----------------------------------------------------------------------===//
// Divides
//===----------------------------------------------------------------------===//

TEST(PropertyTest, LogicalDivideIsItsDefinition) {
  Gen G(6);
  int Succeeded = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout A = G.layout();
    Layout B = G.tilerFor(sizeOf(A));
    bool Strict = G.coin();
    auto R = take(logicalDivide(A, Tile(B), Strict));
    std::string Ctx = "logical_divide(" + show(A) + ", " + show(B) + ")";
    // composition(A, make_layout(B, complement(B, size(A)))).
    std::optional<Layout> Def;
    if (auto C = take(complement(B, IntTuple(sizeOf(A)), Strict)))
      Def = take(composition(A, makeLayoutFromModes({B, *C})));
    if (!R)
      continue;
    ++Succeeded;
    ASSERT_TRUE(Def.has_value()) << Ctx << " = " << show(*R);
    Ctx += " = " + show(*R);
    if (Strict)
      ASSERT_EQ(sizeOf(*R), sizeOf(A)) << Ctx;
    ASSERT_GE(sizeOf(*R), sizeOf(A)) << Ctx;
    // Equal as functions (the definition may coalesce differently).
    ASSERT_EQ(sizeOf(*R), sizeOf(*Def)) << Ctx << " vs " << show(*Def);
    ASSERT_EQ(valuesOf(*R), valuesOf(*Def)) << Ctx << " vs " << show(*Def);
    // The first mode is the tiler applied to A.
    ASSERT_EQ(sizeOf(Layout(mode(R->Shape, 0), mode(R->Stride, 0))), sizeOf(B))
        << Ctx;
  }
  EXPECT_GT(Succeeded, NumCases / 3);
}

/// zipped, tiled and flat divides rearrange the modes of logical_divide:
/// same size, same values (as a multiset); for a single-layout tiler the
/// same function.
TEST(PropertyTest, DividesAgreeWithLogicalDivide) {
  Gen G(7);
  int Succeeded = 0, TupleTilers = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout A = G.layout();
    Tile T;
    bool IsTuple = rank(A) >= 2 && A.Shape.isTuple() && G.coin();
    if (IsTuple) {
      std::vector<Tile> Tiles;
      unsigned N = G.uniform(1, rank(A));
      for (unsigned I = 0; I < N; ++I) {
        if (G.coin(0.15))
          Tiles.push_back(Tile::underscore());
        else
          Tiles.push_back(Tile(G.tilerFor(product(A.Shape[I]).value())));
      }
      T = Tile(Tiles);
    } else {
      T = Tile(G.tilerFor(sizeOf(A)));
    }
    bool Strict = G.coin();
    auto L = take(logicalDivide(A, T, Strict));
    auto Z = take(zippedDivide(A, T, Strict));
    auto Ti = take(tiledDivide(A, T, Strict));
    auto F = take(flatDivide(A, T, Strict));
    std::string Ctx = "divide(" + show(A) + ", " + T.str() + ")";
    if (!L)
      continue;
    // zipped_divide needs a rank-2 mode under every terminal of the tiler;
    // a mode kept by '_' may not have one (as in CuTe).
    bool HasUnderscore = false;
    if (IsTuple)
      for (const Tile &E : T.elems())
        HasUnderscore |= E.isUnderscore();
    if (HasUnderscore && !Z)
      continue;
    ASSERT_TRUE(Z.has_value()) << Ctx;
    ASSERT_TRUE(Ti.has_value()) << Ctx;
    ASSERT_TRUE(F.has_value()) << Ctx;
    ++Succeeded;
    TupleTilers += IsTuple;
    Ctx += ": logical " + show(*L);
    std::vector<int64_t> VL = valuesOf(*L);
    for (const Layout *X : {&*Z, &*Ti, &*F}) {
      ASSERT_EQ(sizeOf(*X), sizeOf(*L)) << Ctx << " vs " << show(*X);
      if (!IsTuple)
        ASSERT_EQ(valuesOf(*X), VL) << Ctx << " vs " << show(*X);
      else
        ASSERT_EQ(sorted(valuesOf(*X)), sorted(VL))
            << Ctx << " vs " << show(*X);
    }
    // zipped_divide: ((tiles), (rests)) of rank 2; tiled keeps the tile
    // mode and splices the rests; flat splices both.
    ASSERT_EQ(rank(*Z), 2u) << Ctx << " zipped " << show(*Z);
    ASSERT_EQ(product(mode(Ti->Shape, 0)), product(mode(Z->Shape, 0))) << Ctx;
    ASSERT_GE(rank(*F), rank(*Ti)) << Ctx;
    if (IsTuple) {
      // By mode: mode I of logical_divide is logical_divide of mode I.
      for (unsigned I = 0; I < T.size(); ++I) {
        Layout M(A.Shape[I], A.Stride[I]);
        auto MI = take(logicalDivide(M, T[I], Strict));
        ASSERT_TRUE(MI.has_value()) << Ctx << " mode " << I;
        ASSERT_EQ(show(*MI), show(Layout(L->Shape[I], L->Stride[I])))
            << Ctx << " mode " << I;
      }
    }
  }
  EXPECT_GT(Succeeded, NumCases / 3);
  EXPECT_GT(TupleTilers, NumCases / 10);
}

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

TEST(PropertyTest, LogicalProductIsItsDefinition) {
  Gen G(8);
  int Succeeded = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout A = G.injective(256);
    Layout B = G.coin(0.8) ? G.injective(16) : G.layout(16);
    auto R = take(logicalProduct(A, Tile(B)));
    std::string Ctx = "logical_product(" + show(A) + ", " + show(B) + ")";
    // make_layout(A, composition(complement(A, size(A) * cosize(B)), B)).
    std::optional<Layout> Def;
    if (auto C = take(complement(A, IntTuple(sizeOf(A) * cosizeOf(B)))))
      if (auto CB = take(composition(*C, B)))
        Def = makeLayoutFromModes({A, *CB});
    if (!R) {
      EXPECT_FALSE(Def.has_value()) << Ctx;
      continue;
    }
    ++Succeeded;
    Ctx += " = " + show(*R);
    ASSERT_TRUE(Def.has_value()) << Ctx;
    ASSERT_EQ(sizeOf(*R), sizeOf(A) * sizeOf(B)) << Ctx;
    ASSERT_EQ(valuesOf(*R), valuesOf(*Def)) << Ctx << " vs " << show(*Def);
    // The first mode is A itself.
    ASSERT_EQ(show(Layout(mode(R->Shape, 0), mode(R->Stride, 0))), show(A))
        << Ctx;
  }
  EXPECT_GT(Succeeded, NumCases / 2);
}

/// \p L printed with its 1-tuples unwrapped.
std::string showUnwrapped(const Layout &L) {
  return show(Layout(unwrap(L.Shape), unwrap(L.Stride)));
}

/// blocked and raked products (and zipped/tiled/flat products) rearrange
/// the modes of logical_product: same size and the same values.
///
/// blocked and raked zip the two halves of the logical product of A and B
/// (both padded to rank R = max(rank(A), rank(B))) as CuTe's zip does: a leaf
/// first half is paired with the whole second half; otherwise mode I pairs
/// mode I of each half, so the halves need the same rank (a leaf counts as
/// rank 1). Halves of rank R > 1 always have it; at R == 1 they may not,
/// and CuTe then rejects the product ("Mismatched Ranks").
TEST(PropertyTest, ProductsAgreeWithLogicalProduct) {
  Gen G(9);
  int Succeeded = 0, Failures = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout A = G.injective(128);
    Layout B = G.injective(16);
    std::string Ctx = "product(" + show(A) + ", " + show(B) + ")";
    auto L = take(logicalProduct(A, Tile(B)));
    if (!L)
      continue;
    ++Succeeded;
    Ctx += ": logical " + show(*L);
    std::vector<int64_t> VL = sorted(valuesOf(*L));
    auto Bl = take(blockedProduct(A, B));
    auto Ra = take(rakedProduct(A, B));
    auto Z = take(zippedProduct(A, Tile(B)));
    auto Ti = take(tiledProduct(A, Tile(B)));
    auto F = take(flatProduct(A, Tile(B)));
    unsigned R = std::max(rank(A), rank(B));
    // At R == 1, append<1> keeps A and B: the halves are those of L.
    auto Zips = [&](unsigned First) {
      const IntTuple &X = mode(L->Shape, First), &Y = mode(L->Shape, 1 - First);
      return R > 1 || !X.isTuple() || rank(X) == rank(Y);
    };
    bool Defined[] = {Zips(0), Zips(1), true, true, true};
    bool Bad = false;
    const char *Names[] = {"blocked", "raked", "zipped", "tiled", "flat"};
    int K = 0;
    for (auto *X : {&Bl, &Ra, &Z, &Ti, &F}) {
      bool IsDefined = Defined[K];
      const char *Name = Names[K++];
      if (!IsDefined) {
        ASSERT_FALSE(X->has_value())
            << Ctx << ": " << Name << " zips halves of other ranks into "
            << show(**X);
        Bad = true;
        continue;
      }
      ASSERT_TRUE(X->has_value()) << Ctx << ": " << Name;
      if (sizeOf(**X) == sizeOf(A) * sizeOf(B) && sorted(valuesOf(**X)) == VL)
        continue;
      Bad = true;
      if (++Failures <= MaxReported)
        ADD_FAILURE() << Ctx << ", but " << Name << " gives " << show(**X)
                      << " of size " << sizeOf(**X) << " instead of "
                      << sizeOf(A) * sizeOf(B) << " or other values";
    }
    if (Bad)
      continue;
    // blocked_product: mode I is (A_I, B-part_I); raked: (B-part_I, A_I),
    // up to the 1-tuple that zip makes of a leaf half at R == 1.
    ASSERT_EQ(rank(*Bl), R) << Ctx << " blocked " << show(*Bl);
    ASSERT_EQ(rank(*Ra), R) << Ctx << " raked " << show(*Ra);
    for (unsigned I = 0; I < R; ++I) {
      Layout BM(mode(Bl->Shape, I), mode(Bl->Stride, I));
      Layout RM(mode(Ra->Shape, I), mode(Ra->Stride, I));
      ASSERT_EQ(showUnwrapped(Layout(mode(BM.Shape, 0), mode(BM.Stride, 0))),
                showUnwrapped(Layout(mode(RM.Shape, 1), mode(RM.Stride, 1))))
          << Ctx << " mode " << I;
      ASSERT_EQ(showUnwrapped(Layout(mode(BM.Shape, 1), mode(BM.Stride, 1))),
                showUnwrapped(Layout(mode(RM.Shape, 0), mode(RM.Stride, 0))))
          << Ctx << " mode " << I;
      if (I < rank(A) && A.Shape.isTuple())
        ASSERT_EQ(show(Layout(mode(BM.Shape, 0), mode(BM.Stride, 0))),
                  show(Layout(mode(A.Shape, I), mode(A.Stride, I))))
            << Ctx << " mode " << I;
    }
  }
  EXPECT_EQ(Failures, 0) << "products that lose or change elements";
  EXPECT_GT(Succeeded, NumCases / 2);
}

//===----------------------------------------------------------------------===//
// Coalesce and filter
//===----------------------------------------------------------------------===//

TEST(PropertyTest, CoalescePreservesTheFunction) {
  Gen G(10);
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout L = G.layout();
    Layout C = coalesce(L);
    std::string Ctx = "coalesce(" + show(L) + ") = " + show(C);
    ASSERT_EQ(sizeOf(C), sizeOf(L)) << Ctx;
    ASSERT_LE(depth(C), 1u) << Ctx;
    ASSERT_EQ(valuesOf(C), valuesOf(L)) << Ctx;
    // Idempotent.
    ASSERT_EQ(show(coalesce(C)), show(C)) << Ctx;
    // By mode: each top-level mode keeps its size and function.
    if (!L.Shape.isTuple())
      continue;
    auto P = take(coalesce(L, L.Shape));
    ASSERT_TRUE(P.has_value()) << Ctx;
    ASSERT_EQ(rank(*P), rank(L)) << "coalesce by profile " << show(*P);
    ASSERT_EQ(valuesOf(*P), valuesOf(L)) << "coalesce by profile " << show(*P);
    for (unsigned I = 0; I < rank(L); ++I)
      ASSERT_EQ(product(mode(P->Shape, I)), product(mode(L.Shape, I)))
          << "coalesce by profile " << show(*P);
  }
}

TEST(PropertyTest, FilterKeepsTheImage) {
  Gen G(11);
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout L = G.layout();
    Layout F = filter(L);
    std::string Ctx = "filter(" + show(L) + ") = " + show(F);
    std::vector<int64_t> VL = valuesOf(L), VF = valuesOf(F);
    ASSERT_EQ(std::set<int64_t>(VF.begin(), VF.end()),
              std::set<int64_t>(VL.begin(), VL.end()))
        << Ctx;
    // Size: the product of the extents of the modes with a nonzero stride.
    Flat FL = flatOf(L);
    int64_t Expected = 1;
    for (size_t I = 0; I < FL.Extents.size(); ++I)
      if (FL.Strides[I] != 0)
        Expected *= FL.Extents[I];
    ASSERT_EQ(sizeOf(F), Expected) << Ctx;
    // filter_zeros keeps the structure and the image.
    Layout Z = filterZeros(L);
    ASSERT_TRUE(congruent(Z.Shape, L.Shape)) << show(Z);
    ASSERT_EQ(sizeOf(Z), Expected) << "filter_zeros " << show(Z);
    std::vector<int64_t> VZ = valuesOf(Z);
    ASSERT_EQ(std::set<int64_t>(VZ.begin(), VZ.end()),
              std::set<int64_t>(VL.begin(), VL.end()))
        << "filter_zeros " << show(Z);
  }
}

//===----------------------------------------------------------------------===//
// Coordinates and notation
//===----------------------------------------------------------------------===//

TEST(PropertyTest, Crd2IdxIdx2CrdRoundTrip) {
  Gen G(12);
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout L = G.layout(512);
    IntTuple Compact = compactColMajor(L.Shape);
    Flat FL = flatOf(L);
    for (int64_t I = 0; I < sizeOf(L); ++I) {
      auto Crd = take(idx2crd(IntTuple(I), L.Shape));
      ASSERT_TRUE(Crd.has_value()) << show(L) << " at " << I;
      ASSERT_TRUE(congruent(*Crd, L.Shape))
          << show(L) << " at " << I << ": " << Crd->str();
      auto Back = take(crd2idx(*Crd, L.Shape, Compact));
      ASSERT_TRUE(Back.has_value()) << show(L) << " at " << I;
      ASSERT_EQ(Back->str(), std::to_string(I))
          << show(L) << ": " << Crd->str();
      auto Idx = take(crd2idx(*Crd, L.Shape, L.Stride));
      ASSERT_TRUE(Idx.has_value()) << show(L) << " at " << I;
      ASSERT_EQ(Idx->str(), std::to_string(evalFlat(FL, I)))
          << show(L) << ": " << Crd->str();
    }
  }
}

TEST(PropertyTest, NotationRoundTrip) {
  Gen G(13);
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout L = G.layout();
    std::string S = L.str();
    auto P = take(parseLayout(S));
    ASSERT_TRUE(P.has_value()) << S;
    ASSERT_TRUE(*P == L) << S << " parsed as " << P->str();
    ASSERT_EQ(P->str(), S);
    auto T = take(parseIntTuple(L.Shape.str()));
    ASSERT_TRUE(T.has_value()) << L.Shape.str();
    ASSERT_TRUE(*T == L.Shape) << L.Shape.str();
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Layouts as words (LayoutCode.h)
//===----------------------------------------------------------------------===//

namespace {
/// \p L with some leaves made dynamic (of random widths and divisibilities),
/// some scaled bases, a huge or tag-like static stride now and then.
Layout decorate(Gen &G, const Layout &L) {
  auto Leaf = [&](const IntTuple &T, bool Stride) -> IntTuple {
    if (G.coin(0.15))
      return IntTuple(Int::dynamic(G.pick<unsigned>({32, 64}),
                                   int64_t(1) << G.uniform(0, 4)));
    if (Stride && G.coin(0.1))
      return IntTuple::scaledBasis(T.value(), {unsigned(G.uniform(0, 3))});
    if (Stride && G.coin(0.05))
      return IntTuple(
          G.pick<int64_t>({std::numeric_limits<int64_t>::min(),
                           std::numeric_limits<int64_t>::min() + 5,
                           std::numeric_limits<int64_t>::max(), -1}));
    return T;
  };
  std::function<IntTuple(const IntTuple &, bool)> Walk =
      [&](const IntTuple &T, bool Stride) -> IntTuple {
    if (!T.isTuple())
      return Leaf(T, Stride);
    std::vector<IntTuple> Elems;
    for (const IntTuple &E : T.elems())
      Elems.push_back(Walk(E, Stride));
    return IntTuple(std::move(Elems));
  };
  return Layout(Walk(L.Shape, false), Walk(L.Stride, true));
}
} // namespace

TEST(PropertyTest, LayoutWordsRoundTrip) {
  Gen G(31);
  for (int Case = 0; Case < NumCases; ++Case) {
    Layout L = decorate(G, G.layout());
    llvm::SmallVector<int64_t, 32> Words;
    encodeLayout(L, Words);
    llvm::ArrayRef<int64_t> Rest = Words;
    auto Back = take(decodeLayout(Rest));
    ASSERT_TRUE(Back.has_value()) << L.str();
    EXPECT_TRUE(Rest.empty()) << L.str();
    ASSERT_EQ(*Back, L) << L.str() << " came back as " << Back->str();
    EXPECT_EQ(Back->str(), L.str());
    // Every proper prefix is an error, never a crash or a layout.
    for (size_t N = 0; N < Words.size(); ++N) {
      llvm::ArrayRef<int64_t> Prefix(Words.data(), N);
      EXPECT_FALSE(take(decodeLayout(Prefix)).has_value())
          << L.str() << ": a prefix of " << N << " words decoded";
    }
    // A composed layout: a swizzle or a layout inside, an offset.
    ComposedLayout C;
    if (G.coin())
      C.InnerSwizzle = Swizzle{int(G.uniform(0, 3)), int(G.uniform(0, 4)),
                               int(G.uniform(-3, 3))};
    else
      C.InnerLayout = G.layout();
    C.Offset = IntTuple(G.uniform(0, 1024));
    C.Outer = L;
    Words.clear();
    encodeComposedLayout(C, Words);
    Rest = Words;
    auto CBack = take(decodeComposedLayout(Rest));
    ASSERT_TRUE(CBack.has_value()) << C.str();
    EXPECT_TRUE(Rest.empty());
    EXPECT_EQ(*CBack, C) << C.str() << " came back as " << CBack->str();
  }
}

TEST(PropertyTest, LayoutWordsRejectMalformed) {
  using namespace layout_code;
  // Random words (tags included) decode to an error or to a layout whose
  // words are those read: never a crash.
  Gen G(32);
  for (int Case = 0; Case < NumCases; ++Case) {
    llvm::SmallVector<int64_t, 16> Words;
    for (int I = 0, N = int(G.uniform(0, 12)); I < N; ++I)
      Words.push_back(G.coin(0.4) ? TagBase + G.uniform(0, 8)
                                  : G.uniform(-3, 6));
    llvm::ArrayRef<int64_t> Rest = Words;
    if (auto L = take(decodeLayout(Rest))) {
      llvm::SmallVector<int64_t, 16> Again;
      encodeLayout(*L, Again);
      llvm::ArrayRef<int64_t> Read(Words.data(), Words.size() - Rest.size());
      llvm::ArrayRef<int64_t> Back = Again;
      auto L2 = take(decodeLayout(Back));
      ASSERT_TRUE(L2.has_value());
      EXPECT_EQ(*L2, *L) << "words " << Read.size();
    }
  }
  // A shape and a stride that are not congruent.
  llvm::SmallVector<int64_t, 8> Bad = {TupleTag, 2, 4, 8, 1};
  llvm::ArrayRef<int64_t> Rest = Bad;
  auto E = decodeLayout(Rest);
  ASSERT_FALSE(bool(E));
  EXPECT_NE(llvm::toString(E.takeError()).find("not congruent"),
            std::string::npos);
}
