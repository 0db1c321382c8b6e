//===- Layout.cpp - Layout construction, access and evaluation ------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace llvm;

namespace cute {

// The tree adds nothing to the fields a Tile holds.
namespace {
struct TileFields {
  uint8_t K;
  Layout L;
  bool FromInt;
  std::vector<int> Elems;
};
} // namespace
static_assert(sizeof(Tile) <= sizeof(TileFields),
              "a Tile grew past its kind, layout, flag and elements");

Tile Tile::fromShape(const IntTuple &Shape, bool UnitStride) {
  return transformLeaves<Tile>(Shape, [&](const IntTuple &X) {
    if (X.isUnderscore())
      return underscore();
    Tile T(UnitStride ? Layout(X, IntTuple(1)) : makeLayout(X));
    T.FromInt = true;
    return T;
  });
}

Error detail::checkPositiveShape(const IntTuple &Shape, StringRef Op,
                                 StringRef What) {
  SmallVector<IntTuple, 8> L;
  leaves(Shape, L);
  for (const IntTuple &X : L)
    if (X.isLeaf() && X.value().isStatic() && X.value().value() <= 0)
      return makeError(diag(DiagID::ExpectsPositiveExtents, Op, What,
                            Shape.str(), X.value().value()));
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

Layout makeLayout(const IntTuple &Shape) {
  return Layout(Shape, compactColMajor(Shape));
}

Expected<Layout> makeLayout(const IntTuple &Shape, const IntTuple &Stride) {
  if (!congruent(Shape, Stride))
    return makeError(
        diag(DiagID::MakeLayoutExpectsCongruent, Shape.str(), Stride.str()));
  return Layout(Shape, Stride);
}

Layout makeLayoutFromModes(ArrayRef<Layout> Modes) {
  std::vector<IntTuple> Shp, Str;
  for (const Layout &M : Modes) {
    Shp.push_back(M.Shape);
    Str.push_back(M.Stride);
  }
  return Layout(IntTuple(std::move(Shp)), IntTuple(std::move(Str)));
}

Layout makeLayoutRight(const IntTuple &Shape) {
  return Layout(Shape, compactRowMajor(Shape));
}

namespace {
/// product_like: collapse the modes of \p Shape where \p Order is a leaf.
Expected<IntTuple> productLike(const IntTuple &Shape, const IntTuple &Order) {
  if (!Order.isTuple())
    return IntTuple(product(Shape));
  if (!Shape.isTuple() || Shape.size() != Order.size())
    return makeError(
        diag(DiagID::ExpectsOrderCongruent, Order.str(), Shape.str()));
  return IntTuple::tupleOf(
      Shape.size(), [&](size_t I) { return productLike(Shape[I], Order[I]); });
}

/// compact_order's recursion: each order leaf starts at the product of the
/// reference shapes of smaller order.
IntTuple compactOrderImpl(const IntTuple &Shape, const IntTuple &Order,
                          ArrayRef<Int> RefShape, ArrayRef<int64_t> RefOrder) {
  if (Order.isTuple()) {
    std::vector<IntTuple> Out;
    for (size_t I = 0; I < Order.size(); ++I)
      Out.push_back(
          compactOrderImpl(mode(Shape, I), Order[I], RefShape, RefOrder));
    return IntTuple(std::move(Out));
  }
  int64_t O = Order.value().value();
  Int Start(1);
  for (size_t I = 0; I < RefShape.size(); ++I)
    if (RefOrder[I] < O)
      Start = Start * RefShape[I];
  return compactColMajor(Shape, Start);
}

/// compact_order(shape, order): dynamic order entries are replaced by
/// distinct orders larger than every static one.
Expected<IntTuple> compactOrder(const IntTuple &Shape, const IntTuple &Order) {
  auto Ref = productLike(Shape, Order);
  if (!Ref)
    return Ref.takeError();
  SmallVector<IntTuple, 8> RefLeaves, OrderLeaves;
  leaves(*Ref, RefLeaves);
  leaves(Order, OrderLeaves);
  int64_t MaxOrder = 0;
  for (const IntTuple &O : OrderLeaves) {
    if (!O.isInt())
      return makeError(diag(DiagID::ExpectsIntegerOrder, Order.str()));
    if (O.value().isStatic())
      MaxOrder = std::max(MaxOrder, O.value().value());
  }
  SmallVector<Int, 8> RefShape;
  SmallVector<int64_t, 8> RefOrder;
  for (size_t I = 0; I < OrderLeaves.size(); ++I) {
    RefShape.push_back(RefLeaves[I].value());
    const Int &O = OrderLeaves[I].value();
    RefOrder.push_back(O.isStatic() ? O.value() : MaxOrder + 1 + int64_t(I));
  }
  // Rebuild the order with the replaced entries.
  size_t Next = 0;
  IntTuple NewOrder = transformLeaves<IntTuple>(
      Order, [&](const IntTuple &) { return IntTuple(RefOrder[Next++]); });
  return compactOrderImpl(Shape, NewOrder, RefShape, RefOrder);
}
} // namespace

Expected<Layout> makeOrderedLayout(const IntTuple &Shape,
                                   const IntTuple &Order) {
  if (Order.isTuple() && (!Shape.isTuple() || Shape.size() != Order.size()))
    return makeError(
        diag(DiagID::MakeOrderedLayoutExpects, Order.str(), Shape.str()));
  auto Stride = compactOrder(Shape, Order);
  if (!Stride)
    return Stride.takeError();
  return Layout(Shape, std::move(*Stride));
}

namespace {
IntTuple basisLike(const IntTuple &Shape, SmallVectorImpl<unsigned> &Path) {
  if (!Shape.isTuple()) {
    SmallVector<unsigned, 4> Rev(Path.rbegin(), Path.rend());
    if (Rev.empty())
      return IntTuple(1);
    return IntTuple::scaledBasis(Int(1), Rev);
  }
  std::vector<IntTuple> Out;
  for (size_t I = 0; I < Shape.size(); ++I) {
    Path.push_back(I);
    Out.push_back(basisLike(Shape[I], Path));
    Path.pop_back();
  }
  return IntTuple(std::move(Out));
}
} // namespace

Layout makeIdentityLayout(const IntTuple &Shape) {
  SmallVector<unsigned, 4> Path;
  if (!Shape.isTuple())
    return Layout(Shape, IntTuple(1));
  return Layout(Shape, basisLike(Shape, Path));
}

Error checkIntegerStrides(StringRef Op, const Layout &L) {
  if (!hasBasis(L.Stride))
    return Error::success();
  return makeError(diag(DiagID::ExpectsIntegerStrides, Op, L.str()));
}

Error checkNonNegativeStrides(StringRef Op, const Layout &L) {
  SmallVector<IntTuple, 8> S, D;
  leaves(L.Shape, S);
  leaves(L.Stride, D);
  for (size_t I = 0; I < S.size() && I < D.size(); ++I) {
    const Int &St = D[I].value();
    if (St.isStatic() && St.value() < 0 && !S[I].value().is(1))
      return makeError(
          diag(DiagID::NegativeStrideNotSupported, Op, L.str(), St.value()));
  }
  return Error::success();
}

Expected<Layout> makeLayoutLike(const Layout &L) {
  if (Error E = checkIntegerStrides("make_layout_like", L))
    return std::move(E);
  Layout F = filterZeros(L);
  auto Stride = compactOrder(F.Shape, L.Stride);
  if (!Stride)
    return Stride.takeError();
  return Layout(L.Shape, std::move(*Stride));
}

//===----------------------------------------------------------------------===//
// Access
//===----------------------------------------------------------------------===//

unsigned rank(const Layout &L) { return rank(L.Shape); }
unsigned depth(const Layout &L) { return depth(L.Shape); }
Int size(const Layout &L) { return product(L.Shape); }

Expected<Int> cosize(const Layout &L) {
  if (hasBasis(L.Stride)) {
    // CuTe's cosize is size(coshape(L)): the largest coordinate reached in
    // each codomain mode (inner_product of the extents minus one with the
    // absolute strides), plus one, multiplied over the codomain modes.
    SmallVector<IntTuple, 8> Shp, Str;
    leaves(L.Shape, Shp);
    leaves(L.Stride, Str);
    if (Shp.size() != Str.size())
      return makeError(diag(DiagID::CosizeExpectsCongruent, L.str()));
    std::map<std::vector<unsigned>, Int> Reach;
    for (size_t I = 0; I < Shp.size(); ++I) {
      const IntTuple &D = Str[I];
      if (!D.isLeaf() || (D.isInt() && D.value().is(0)))
        continue;
      if (!D.isBasis())
        return makeError(diag(DiagID::CosizeExpectsStrides, L.str()));
      Int Coef = D.value();
      if (Coef.isStatic() && Coef.value() < 0)
        Coef = Int(0) - Coef;
      std::vector<unsigned> Path(D.basis().begin(), D.basis().end());
      auto [It, New] = Reach.try_emplace(Path, Int(0));
      It->second = It->second + (Shp[I].value() - Int(1)) * Coef;
    }
    Int Out(1);
    for (auto &[Path, Max] : Reach)
      Out = Out * (Max + Int(1));
    return Out;
  }
  // cosize(L) = L(size(L) - 1) + 1.
  auto Last = crd2idx(IntTuple(size(L) - Int(1)), L.Shape, L.Stride);
  if (!Last)
    return Last.takeError();
  return Last->value() + Int(1);
}

Expected<Layout> getMode(const Layout &L, unsigned I) {
  if (I >= rank(L))
    return makeError(
        diag(DiagID::ModeOutOfRangeLayoutRank, I, L.str(), rank(L)));
  return Layout(mode(L.Shape, I), mode(L.Stride, I));
}

Expected<Layout> select(const Layout &L, ArrayRef<unsigned> Modes) {
  std::vector<IntTuple> Shp, Str;
  for (unsigned I : Modes) {
    auto M = getMode(L, I);
    if (!M)
      return M.takeError();
    Shp.push_back(M->Shape);
    Str.push_back(M->Stride);
  }
  return Layout(IntTuple(std::move(Shp)), IntTuple(std::move(Str)));
}

Expected<Layout> take(const Layout &L, unsigned B, unsigned E) {
  if (B >= E || E > rank(L))
    return makeError(diag(DiagID::TakeOutRangeLayout, B, E, L.str()));
  SmallVector<unsigned, 8> Modes;
  for (unsigned I = B; I < E; ++I)
    Modes.push_back(I);
  return select(L, Modes);
}

Expected<Layout> groupModes(const Layout &L, unsigned B, unsigned E) {
  unsigned R = rank(L);
  // CuTe IR rejects an empty group: it would insert a mode of rank 0.
  if (B == E)
    return makeError(diag(DiagID::GroupModesExpectsBegin, B, E));
  if (B > E || E > R)
    return makeError(diag(DiagID::GroupModesOutRange, B, E, L.str(), R));
  auto Group = [&](const IntTuple &T) {
    IntTuple W = wrap(T);
    std::vector<IntTuple> Out, Mid;
    for (unsigned I = 0; I < B; ++I)
      Out.push_back(W[I]);
    for (unsigned I = B; I < E; ++I)
      Mid.push_back(W[I]);
    Out.push_back(IntTuple(std::move(Mid)));
    for (unsigned I = E; I < R; ++I)
      Out.push_back(W[I]);
    return IntTuple(std::move(Out));
  };
  return Layout(Group(L.Shape), Group(L.Stride));
}

Layout flatten(const Layout &L) {
  return Layout(flatten(L.Shape), flatten(L.Stride));
}

Layout append(const Layout &L, const Layout &M) {
  IntTuple S = wrap(L.Shape), D = wrap(L.Stride);
  S.push_back(M.Shape);
  D.push_back(M.Stride);
  return Layout(S, D);
}

Layout prepend(const Layout &L, const Layout &M) {
  IntTuple S = wrap(L.Shape), D = wrap(L.Stride);
  S.elems().insert(S.elems().begin(), M.Shape);
  D.elems().insert(D.elems().begin(), M.Stride);
  return Layout(S, D);
}

Expected<Layout> replace(const Layout &L, unsigned I, const Layout &M) {
  if (I >= rank(L))
    return makeError(diag(DiagID::ModeOutOfRangeLayout, I, L.str()));
  if (!L.Shape.isTuple())
    return M;
  Layout R = L;
  R.Shape[I] = M.Shape;
  R.Stride[I] = M.Stride;
  return R;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

Expected<IntTuple> evalLayout(const Layout &L, const IntTuple &Crd) {
  return crd2idx(Crd, L.Shape, L.Stride);
}

Expected<int64_t> evalIndex(const Layout &L, int64_t I) {
  auto R = crd2idx(IntTuple(I), L.Shape, L.Stride);
  if (!R)
    return R.takeError();
  if (!R->isInt() || R->value().isDynamic())
    return makeError(diag(DiagID::LayoutDoesNotMap, L.str(), I));
  return R->value().value();
}

namespace {
/// \p Shape with its leaves replaced, in order, by \p Leaves[Next...].
IntTuple rebuildLike(const IntTuple &Shape, ArrayRef<IntTuple> Leaves,
                     unsigned &Next) {
  if (!Shape.isTuple())
    return Leaves[Next++];
  std::vector<IntTuple> Elts;
  for (const IntTuple &E : Shape.elems())
    Elts.push_back(rebuildLike(E, Leaves, Next));
  return IntTuple(std::move(Elts));
}

/// The factors (extent, stride) of a leaf along which a function steps by
/// \p G (G[e] - G[0] at e steps): from the first, each the largest divisor
/// of what remains on whose multiples G is linear.
SmallVector<std::pair<int64_t, int64_t>, 2> splitLeaf(ArrayRef<int64_t> G) {
  SmallVector<std::pair<int64_t, int64_t>, 2> Out;
  int64_t N = G.size();
  for (int64_t Base = 1; Base < N;) {
    int64_t Rem = N / Base, Step = G[Base] - G[0], Best = 0;
    for (int64_t D = Rem; D > 1 && !Best; --D) {
      if (Rem % D)
        continue;
      bool Linear = true;
      for (int64_t E = 2; Linear && E < D; ++E)
        Linear = G[E * Base] - G[0] == E * Step;
      if (Linear)
        Best = D;
    }
    // No divisor is linear (an odd factor): take the smallest; the check
    // of the whole function reports it.
    for (int64_t D = 2; !Best; ++D)
      if (Rem % D == 0)
        Best = D;
    Out.push_back({Best, Step});
    Base *= Best;
  }
  return Out;
}
} // namespace

Expected<Layout> fitLayout(const IntTuple &Shape, ArrayRef<int64_t> Values,
                           StringRef What, bool SplitLeaves) {
  if (!isStatic(Shape) || hasBasis(Shape) || hasUnderscore(Shape))
    return makeError(diag(DiagID::FitLayoutExpectsStatic, Shape.str()));
  Int N = product(Shape);
  if (N.value() != (int64_t)Values.size())
    return makeError(diag(DiagID::FitLayoutValuesShape, What, Values.size(),
                          Shape.str(), N.str()));
  if (Values.empty() || Values[0] != 0)
    return makeError(diag(DiagID::NotLayoutShapeLayout, What, Shape.str(),
                          Values.empty() ? 0 : Values[0]));
  // One step along leaf L is the colexicographic index prefix(L).
  SmallVector<IntTuple, 8> Leaves;
  leaves(Shape, Leaves);
  SmallVector<IntTuple, 8> Shapes, Strides;
  int64_t Step = 1;
  for (const IntTuple &E : Leaves) {
    int64_t Extent = E.value().value();
    SmallVector<int64_t, 16> G;
    for (int64_t I = 0; I < Extent; ++I)
      G.push_back(Values[I * Step]);
    SmallVector<std::pair<int64_t, int64_t>, 2> Factors;
    if (Extent > 1 && SplitLeaves)
      Factors = splitLeaf(G);
    else if (Extent > 1)
      Factors.push_back({Extent, G[1] - G[0]});
    if (Factors.size() <= 1) {
      Shapes.push_back(E);
      Strides.push_back(IntTuple(Factors.empty() ? 0 : Factors[0].second));
    } else {
      std::vector<IntTuple> FS, FD;
      for (auto [X, D] : Factors) {
        FS.push_back(IntTuple(X));
        FD.push_back(IntTuple(D));
      }
      Shapes.push_back(IntTuple(std::move(FS)));
      Strides.push_back(IntTuple(std::move(FD)));
    }
    Step *= Extent;
  }
  unsigned NextS = 0, NextD = 0;
  Layout L(rebuildLike(Shape, Shapes, NextS),
           rebuildLike(Shape, Strides, NextD));
  for (int64_t I = 0, E = Values.size(); I < E; ++I) {
    auto Got = evalIndex(L, I);
    if (!Got)
      return Got.takeError();
    if (*Got != Values[I]) {
      auto Crd = idx2crd(IntTuple(I), L.Shape);
      return makeError(
          diag(DiagID::NotLayoutShapeLayoutSteps, What, Shape.str(), L.str(),
               *Got, Crd ? Crd->str() : std::to_string(I), I, Values[I]));
    }
  }
  return L;
}

bool isIntegral(const Layout &L) {
  return isStatic(L.Shape) && isStatic(L.Stride) && !hasBasis(L.Stride);
}

//===----------------------------------------------------------------------===//
// Slice and dice
//===----------------------------------------------------------------------===//

namespace {
/// Appends the kept parts of \p T to \p Out. With \p Keep the `_` positions
/// are kept (slice); otherwise the integer positions are kept (dice).
Error sliceInto(const IntTuple &Crd, const IntTuple &T, bool KeepUnderscore,
                std::vector<IntTuple> &Out) {
  if (Crd.isUnderscore()) {
    if (KeepUnderscore)
      Out.push_back(T);
    return Error::success();
  }
  if (Crd.isTuple()) {
    if (!T.isTuple() || T.size() != Crd.size())
      return makeError(
          diag(DiagID::ExpectsCoordinateCongruent, Crd.str(), T.str()));
    for (size_t I = 0; I < Crd.size(); ++I)
      if (Error E = sliceInto(Crd[I], T[I], KeepUnderscore, Out))
        return E;
    return Error::success();
  }
  if (!KeepUnderscore)
    Out.push_back(T);
  return Error::success();
}

Expected<IntTuple> cutTuple(const IntTuple &Crd, const IntTuple &T,
                            bool KeepUnderscore) {
  if (Crd.isUnderscore())
    return KeepUnderscore ? T : IntTuple();
  if (!Crd.isTuple())
    return KeepUnderscore ? IntTuple() : T;
  std::vector<IntTuple> Out;
  if (Error E = sliceInto(Crd, T, KeepUnderscore, Out))
    return std::move(E);
  return IntTuple(std::move(Out));
}

/// The layout of the shape and stride cut alike: slice or dice.
Expected<Layout> cutLayout(const IntTuple &Crd, const Layout &L,
                           bool KeepUnderscore) {
  auto S = cutTuple(Crd, L.Shape, KeepUnderscore);
  if (!S)
    return S.takeError();
  auto D = cutTuple(Crd, L.Stride, KeepUnderscore);
  if (!D)
    return D.takeError();
  return Layout(std::move(*S), std::move(*D));
}
} // namespace

Expected<IntTuple> sliceTuple(const IntTuple &Crd, const IntTuple &T) {
  return cutTuple(Crd, T, /*KeepUnderscore=*/true);
}

Expected<IntTuple> diceTuple(const IntTuple &Crd, const IntTuple &T) {
  return cutTuple(Crd, T, /*KeepUnderscore=*/false);
}

Expected<Layout> slice(const IntTuple &Crd, const Layout &L) {
  return cutLayout(Crd, L, /*KeepUnderscore=*/true);
}

Expected<Layout> dice(const IntTuple &Crd, const Layout &L) {
  return cutLayout(Crd, L, /*KeepUnderscore=*/false);
}

//===----------------------------------------------------------------------===//
// recast_layout
//===----------------------------------------------------------------------===//

namespace {
Expected<Layout> upcast(const IntTuple &Shape, const IntTuple &Stride,
                        int64_t N) {
  if (Shape.isTuple()) {
    std::vector<IntTuple> S, D;
    for (size_t I = 0; I < Shape.size(); ++I) {
      auto R = upcast(Shape[I], Stride[I], N);
      if (!R)
        return R.takeError();
      S.push_back(R->Shape);
      D.push_back(R->Stride);
    }
    return Layout(IntTuple(std::move(S)), IntTuple(std::move(D)));
  }
  if (Stride.isBasis())
    return makeError(diag(DiagID::RecastLayoutExpects));
  const Int &Dv = Stride.value();
  if (Dv.is(0))
    return Layout(Shape, Stride);
  if (Dv.isStatic()) {
    int64_t D = Dv.value(), AbsD = D < 0 ? checkedSub(0, D) : D;
    if (AbsD % N != 0 && N % AbsD != 0)
      return makeError(diag(DiagID::RecastLayoutStride, D, N));
    Int NewShape = ceilDivInt(
        Shape.value(), Int(int64_t(divideCeil(uint64_t(N), uint64_t(AbsD)))));
    int64_t NewStride =
        (D < 0 ? -1 : 1) * int64_t(divideCeil(uint64_t(AbsD), uint64_t(N)));
    return Layout(IntTuple(NewShape), IntTuple(NewStride));
  }
  return Layout(Shape, IntTuple(divInt(Dv, Int(N))));
}

bool hasStride1(const IntTuple &Stride) {
  SmallVector<IntTuple, 8> L;
  leaves(Stride, L);
  for (const IntTuple &D : L)
    if (D.isInt() && (D.value().is(1) || D.value().is(-1)))
      return true;
  return false;
}

Layout downcast(const IntTuple &Shape, const IntTuple &Stride, int64_t N) {
  if (Shape.isTuple()) {
    std::vector<IntTuple> S, D;
    for (size_t I = 0; I < Shape.size(); ++I) {
      Layout R = downcast(Shape[I], Stride[I], N);
      S.push_back(R.Shape);
      D.push_back(R.Stride);
    }
    return Layout(IntTuple(std::move(S)), IntTuple(std::move(D)));
  }
  if (Stride.isInt() && (Stride.value().is(1) || Stride.value().is(-1)))
    return Layout(IntTuple(Shape.value() * Int(N)), Stride);
  IntTuple D = Stride;
  D.value() = D.value() * Int(N);
  return Layout(Shape, D);
}
} // namespace

Expected<Layout> recastLayout(const Layout &L, int64_t OldBits,
                              int64_t NewBits) {
  if (OldBits <= 0 || NewBits <= 0)
    return makeError(
        diag(DiagID::RecastLayoutExpectsPositive, OldBits, NewBits));
  int64_t G = std::gcd(OldBits, NewBits);
  int64_t Num = NewBits / G, Den = OldBits / G;
  Layout R = L;
  if (Num != 1) {
    auto U = upcast(R.Shape, R.Stride, Num);
    if (!U)
      return U.takeError();
    R = std::move(*U);
  }
  if (Den != 1) {
    if (!hasStride1(R.Stride) && isStatic(R.Stride))
      return makeError(diag(DiagID::RecastLayoutNarrower, R.str()));
    R = downcast(R.Shape, R.Stride, Den);
  }
  return R;
}

} // namespace cute
