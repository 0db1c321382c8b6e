//===- ComposedLayoutTest.cpp - Swizzled composed layouts -----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checks evaluation and slice_and_offset of `S<B,M,S> o offset o L` on
/// thousands of random swizzles and power-of-two layouts against their
/// definitions: the sliced layout, decayed or still swizzled, plus the
/// offset it returns gives the original function on the kept modes. With a
/// dynamic coordinate, the symbolic strides and offset must evaluate to the
/// same function for every value of the coordinate.
///
/// The swizzle and the layouts are evaluated here by independent reference
/// code, never by the library under test.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <random>

using namespace cute;

namespace {

constexpr int NumCases = 3000;

/// `x ^ ((x & yyy) >> S)` with CuTe's masks, written out independently.
int64_t swizzleRef(int B, int M, int S, int64_t X) {
  int64_t Bits = (int64_t(1) << B) - 1;
  int64_t Y = Bits << (M + std::max(0, S));
  return S >= 0 ? X ^ ((X & Y) >> S) : X ^ ((X & Y) << -S);
}

/// Evaluates a leaf, binding symbol 0 to \p Sym.
int64_t leafValue(const IntTuple &T, int64_t Sym) {
  const Int &V = T.value();
  if (V.isStatic())
    return V.value();
  EXPECT_TRUE(V.expr() != nullptr) << "a dynamic leaf with no expression";
  return V.expr() ? V.expr()->evaluate({Sym}) : 0;
}

/// L(i) by colex decomposition over the flattened leaves (the last leaf
/// takes any overflow), with dynamic leaves evaluated at \p Sym.
int64_t evalRef(const Layout &L, int64_t I, int64_t Sym = 0) {
  llvm::SmallVector<IntTuple, 8> S, D;
  leaves(L.Shape, S);
  leaves(L.Stride, D);
  int64_t R = 0;
  for (size_t K = 0; K < S.size(); ++K) {
    int64_t Extent = leafValue(S[K], Sym);
    bool Last = K + 1 == S.size();
    int64_t C = Last ? I : I % Extent;
    R += C * leafValue(D[K], Sym);
    I = Last ? 0 : I / Extent;
  }
  return R;
}

int64_t sizeRef(const IntTuple &Shape) {
  llvm::SmallVector<IntTuple, 8> S;
  leaves(Shape, S);
  int64_t N = 1;
  for (const IntTuple &E : S)
    N *= E.value().value();
  return N;
}

struct Case {
  int B, M, S;
  int64_t Offset;
  Layout Outer;
  /// Per top-level mode: -1 for `_`, else the mode's 1-D coordinate.
  std::vector<int64_t> Crd;
};

class Gen {
public:
  explicit Gen(unsigned Seed) : Rng(Seed) {}
  int64_t uniform(int64_t Lo, int64_t Hi) {
    return std::uniform_int_distribution<int64_t>(Lo, Hi)(Rng);
  }

  Case next() {
    Case C;
    C.B = uniform(0, 3);
    C.M = uniform(0, 4);
    int AbsS = C.B == 0 ? uniform(0, 3) : uniform(C.B, C.B + 2);
    C.S = uniform(0, 1) ? AbsS : -AbsS;
    // Two or three modes of power-of-two extents, each a leaf or a pair,
    // with compact strides in a random order (sometimes a broadcast leaf).
    unsigned Rank = uniform(2, 3);
    std::vector<std::vector<int64_t>> Ext(Rank);
    std::vector<std::pair<unsigned, unsigned>> Order;
    for (unsigned I = 0; I < Rank; ++I) {
      unsigned N = uniform(1, 2);
      for (unsigned J = 0; J < N; ++J) {
        Ext[I].push_back(int64_t(1) << uniform(0, 3));
        Order.push_back({I, J});
      }
    }
    std::shuffle(Order.begin(), Order.end(), Rng);
    std::vector<std::vector<int64_t>> Str(Rank);
    for (unsigned I = 0; I < Rank; ++I)
      Str[I].resize(Ext[I].size());
    int64_t Acc = 1;
    for (auto [I, J] : Order) {
      bool Broadcast = uniform(0, 7) == 0;
      Str[I][J] = Broadcast ? 0 : Acc;
      if (!Broadcast)
        Acc *= Ext[I][J];
    }
    // CuTe's slice moves bits between the offset and the layout by xor, so
    // the offset holds no bit that the layout reaches (no carries).
    C.Offset = uniform(0, 3) == 0 ? 0 : uniform(1, 7) * Acc;
    std::vector<IntTuple> Shape, Stride;
    for (unsigned I = 0; I < Rank; ++I) {
      auto Mode = [](const std::vector<int64_t> &V) {
        if (V.size() == 1)
          return IntTuple(V[0]);
        return IntTuple(std::vector<IntTuple>(V.begin(), V.end()));
      };
      Shape.push_back(Mode(Ext[I]));
      Stride.push_back(Mode(Str[I]));
    }
    C.Outer = Layout(IntTuple(Shape), IntTuple(Stride));
    // At least one `_` and one fixed mode.
    unsigned Kept = uniform(0, Rank - 1), Fixed = (Kept + 1) % Rank;
    for (unsigned I = 0; I < Rank; ++I) {
      bool Under = I == Kept || (I != Fixed && uniform(0, 1));
      C.Crd.push_back(Under ? -1 : uniform(0, sizeRef(Shape[I]) - 1));
    }
    return C;
  }

private:
  std::mt19937 Rng;
};

Layout modeOf(const Layout &L, unsigned I) {
  return Layout(L.Shape.elems()[I], L.Stride.elems()[I]);
}

/// The original function on the kept modes: the swizzle of offset plus the
/// fixed modes at their coordinates plus the kept modes at the colex
/// decomposition of \p I.
int64_t original(const Case &C, int64_t I, const std::vector<int64_t> &Crd) {
  int64_t Idx = C.Offset;
  for (unsigned K = 0; K < Crd.size(); ++K) {
    Layout Mode = modeOf(C.Outer, K);
    if (Crd[K] >= 0) {
      Idx += evalRef(Mode, Crd[K]);
      continue;
    }
    int64_t N = sizeRef(Mode.Shape);
    Idx += evalRef(Mode, I % N);
    I /= N;
  }
  return swizzleRef(C.B, C.M, C.S, Idx);
}

/// The sliced result at \p I, symbol 0 bound to \p Sym.
int64_t sliced(const Case &C, const std::variant<Layout, ComposedLayout> &R,
               int64_t I, int64_t Sym) {
  if (auto *L = std::get_if<Layout>(&R))
    return evalRef(*L, I, Sym);
  const auto &CL = std::get<ComposedLayout>(R);
  int64_t Off = leafValue(CL.Offset, Sym);
  return swizzleRef(C.B, C.M, C.S, Off + evalRef(CL.Outer, I, Sym));
}

std::string show(const Case &C, const IntTuple &Crd) {
  return "S<" + std::to_string(C.B) + "," + std::to_string(C.M) + "," +
         std::to_string(C.S) + "> o " + std::to_string(C.Offset) + " o " +
         C.Outer.str() + " sliced at " + Crd.str();
}

std::string show(const std::variant<Layout, ComposedLayout> &R) {
  if (auto *L = std::get_if<Layout>(&R))
    return L->str();
  return std::get<ComposedLayout>(R).str();
}

/// Slices \p C with a static coordinate, or with the first fixed mode's
/// coordinate dynamic (symbol 0), and checks the result against the
/// definition. Returns false when the library refused the slice.
bool check(const Case &C, bool Dynamic, int &Decayed) {
  ComposedLayout CL;
  CL.InnerSwizzle = Swizzle{C.B, C.M, C.S};
  CL.Offset = IntTuple(C.Offset);
  CL.Outer = C.Outer;
  std::vector<IntTuple> Crd;
  int64_t Sym = 0;
  bool SymUsed = false;
  for (int64_t V : C.Crd) {
    if (V < 0) {
      Crd.push_back(IntTuple::underscore());
    } else if (Dynamic && !SymUsed) {
      Crd.push_back(IntTuple(Int::symbol(0)));
      Sym = V;
      SymUsed = true;
    } else {
      Crd.push_back(IntTuple(V));
    }
  }
  IntTuple CrdT(Crd);
  auto SO = sliceAndOffset(CrdT, CL);
  if (!SO) {
    llvm::consumeError(SO.takeError());
    return false;
  }
  const auto *R = &SO->Sliced;
  Decayed += std::holds_alternative<Layout>(*R);
  const Layout &Kept = std::holds_alternative<Layout>(*R)
                           ? std::get<Layout>(*R)
                           : std::get<ComposedLayout>(*R).Outer;
  int64_t Offset = leafValue(SO->Offset, Sym);
  int64_t N = 1;
  for (unsigned K = 0; K < C.Crd.size(); ++K)
    if (C.Crd[K] < 0)
      N *= sizeRef(modeOf(C.Outer, K).Shape);
  EXPECT_EQ(sizeRef(Kept.Shape), N) << show(C, CrdT) << " = " << show(*R);
  int64_t Shift = original(C, 0, C.Crd) - sliced(C, *R, 0, Sym);
  // The offset slice_and_offset returns is that shift: the sliced layout
  // plus it is the original at every point.
  EXPECT_EQ(Offset, Shift) << show(C, CrdT) << " = " << show(*R)
                           << " with ?=" << Sym;
  for (int64_t I = 0; I < N; ++I) {
    int64_t Want = original(C, I, C.Crd), Got = sliced(C, *R, I, Sym);
    if (Want - Got != Shift) {
      ADD_FAILURE() << show(C, CrdT) << " = " << show(*R) << " with ?=" << Sym
                    << ": at " << I << " gives " << Got
                    << ", the original gives " << Want << " (offset " << Shift
                    << " at 0)";
      break;
    }
  }
  return true;
}

TEST(ComposedLayoutTest, SliceIsTheOriginalUpToAnOffset) {
  Gen G(21);
  int Ok = 0, Decayed = 0;
  for (int I = 0; I < NumCases; ++I)
    Ok += check(G.next(), /*Dynamic=*/false, Decayed);
  EXPECT_GT(Ok, NumCases * 9 / 10);
  // Both outcomes occur.
  EXPECT_GT(Decayed, NumCases / 10);
  EXPECT_GT(Ok - Decayed, NumCases / 20);
}

TEST(ComposedLayoutTest, DynamicCoordinateGivesTheSameFunction) {
  Gen G(22);
  int Ok = 0, Decayed = 0;
  for (int I = 0; I < NumCases; ++I)
    Ok += check(G.next(), /*Dynamic=*/true, Decayed);
  EXPECT_GT(Ok, NumCases * 9 / 10);
  EXPECT_GT(Decayed, NumCases / 10);
}

TEST(ComposedLayoutTest, DecayKeepsOffsetDependentStridesDynamic) {
  // CuTe IR's vector: the kept mode reaches only the Y bits, the sliced-off
  // mode the Z bits, so the Y strides depend on the dynamic coordinate.
  ComposedLayout CL;
  CL.InnerSwizzle = Swizzle{3, 2, 4};
  CL.Offset = IntTuple(0);
  CL.Outer = Layout(IntTuple({IntTuple(16), IntTuple({4, 8})}),
                    IntTuple({IntTuple(4), IntTuple({1, 64})}));
  IntTuple Crd({IntTuple(Int::symbol(0)), IntTuple::underscore()});
  auto R = sliceAndOffset(Crd, CL);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  ASSERT_TRUE(std::holds_alternative<Layout>(R->Sliced)) << show(R->Sliced);
  EXPECT_EQ(std::get<Layout>(R->Sliced).str(), "((4,(2,2,2))):((1,(?,?,?)))");
  EXPECT_EQ(R->Offset.str(), "?");
}

} // namespace
