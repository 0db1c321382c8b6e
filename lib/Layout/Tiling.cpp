//===- Tiling.cpp - Divides, products and tile_to_shape -------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "TiledCommon.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {

using tiled_detail::modeOf;

namespace {

/// Applies \p F mode by mode along a tuple tiler, keeping the modes of \p A
/// that the tiler does not reach.
template <typename FnT>
Expected<Layout> byTile(const Layout &A, const Tile &T, const char *Op,
                        bool Strict, FnT F) {
  if (T.isUnderscore())
    return A;
  if (T.isLayout()) {
    if (Error E = detail::checkPositiveShape(T.layout().Shape, Op, "a tiler"))
      return std::move(E);
    return F(A, T.layout(), Strict);
  }
  if (T.size() > rank(A))
    return makeError(diag(DiagID::TilerMoreModesLayout, Op, T.str(), A.str()));
  std::vector<Layout> Modes;
  for (unsigned I = 0; I < rank(A); ++I) {
    if (I >= T.size()) {
      Modes.push_back(modeOf(A, I));
      continue;
    }
    auto R = byTile(modeOf(A, I), T[I], Op, Strict, F);
    if (!R)
      return R.takeError();
    Modes.push_back(std::move(*R));
  }
  return makeLayoutFromModes(Modes);
}

/// zip2_by: gather the rank-2 modes at the terminals of the tiler into
/// ((tiles...), (rests..., untouched modes...)).
Expected<std::pair<IntTuple, IntTuple>> zip2By(const IntTuple &T,
                                               const Tile &Guide) {
  if (!Guide.isTuple()) {
    if (!T.isTuple() || T.size() != 2)
      return makeError(diag(DiagID::ExpectsRankMode, T.str()));
    return std::make_pair(T[0], T[1]);
  }
  if (!T.isTuple() || T.size() < Guide.size())
    return makeError(diag(DiagID::ExpectsLeastRankTiler, T.str(), Guide.str()));
  std::vector<IntTuple> C0, C1;
  for (size_t I = 0; I < Guide.size(); ++I) {
    auto R = zip2By(T[I], Guide[I]);
    if (!R)
      return R.takeError();
    C0.push_back(R->first);
    C1.push_back(R->second);
  }
  for (size_t I = Guide.size(); I < T.size(); ++I)
    C1.push_back(T[I]);
  return std::make_pair(IntTuple(std::move(C0)), IntTuple(std::move(C1)));
}

Expected<Layout> tileUnzip(const Layout &L, const Tile &T) {
  auto S = zip2By(L.Shape, T);
  if (!S)
    return S.takeError();
  auto D = zip2By(L.Stride, T);
  if (!D)
    return D.takeError();
  return Layout(IntTuple({S->first, S->second}),
                IntTuple({D->first, D->second}));
}

/// Splice the elements of mode \p I into the top level when it has rank > 1.
Layout spliceMode(const Layout &L, unsigned I) {
  std::vector<IntTuple> S, D;
  for (unsigned K = 0; K < rank(L); ++K) {
    const IntTuple &MS = mode(L.Shape, K), &MD = mode(L.Stride, K);
    if (K == I && MS.isTuple() && MS.size() > 1) {
      for (size_t J = 0; J < MS.size(); ++J) {
        S.push_back(MS[J]);
        D.push_back(MD[J]);
      }
      continue;
    }
    S.push_back(MS);
    D.push_back(MD);
  }
  return Layout(IntTuple(std::move(S)), IntTuple(std::move(D)));
}

bool hasUnderscoreTile(const Tile &T) {
  return anyLeaf(T, [](const Tile &X) { return X.isUnderscore(); });
}

/// Size must be preserved when everything is static: a tiler that does not
/// divide the layout would otherwise give a layout of another size.
Error checkSizePreserved(const Layout &A, const Layout &R, const char *Op,
                         const Layout &Tiler) {
  Int SA = size(A), SR = size(R);
  if (SA.isStatic() && SR.isStatic() && SA.value() != SR.value())
    return makeError(diag(DiagID::TilerDoesNotDivide, Op, Tiler.str(), A.str(),
                          SA.value(), SR.value()));
  return Error::success();
}

/// The codomain modes of a layout whose strides are scaled bases `k@j` of
/// one index (or zero): \p Parts[j] gets the integer layout of the modes
/// that step along codomain mode j, in order. \p MinModes pads the result.
Error splitByBasis(const Layout &L, const char *Op, unsigned MinModes,
                   std::vector<Layout> &Parts) {
  SmallVector<IntTuple, 8> S, D;
  leaves(L.Shape, S);
  leaves(L.Stride, D);
  std::vector<std::vector<IntTuple>> PS(MinModes), PD(MinModes);
  for (size_t I = 0; I < S.size(); ++I) {
    if (D[I].isInt() && D[I].value().is(0))
      continue;
    if (!D[I].isBasis() || D[I].basis().size() != 1)
      return makeError(diag(DiagID::ExpectsStridesZero, Op, L.str()));
    if (!D[I].value().isStatic() || !S[I].value().isStatic())
      return makeError(diag(DiagID::ScaledBasisStrides, Op, L.str()));
    unsigned J = D[I].basis().front();
    if (J >= PS.size()) {
      PS.resize(J + 1);
      PD.resize(J + 1);
    }
    PS[J].push_back(S[I]);
    PD[J].push_back(IntTuple(D[I].value()));
  }
  Parts.clear();
  for (size_t J = 0; J < PS.size(); ++J) {
    if (PS[J].empty())
      Parts.push_back(Layout(IntTuple(1), IntTuple(0)));
    else
      Parts.push_back(
          Layout(IntTuple(std::move(PS[J])), IntTuple(std::move(PD[J]))));
  }
  return Error::success();
}

/// \p D with its non-zero integer leaves turned into scaled bases `k@J`.
IntTuple strideToBasis(const IntTuple &D, unsigned J) {
  return transformLeaves<IntTuple>(D, [&](const IntTuple &X) {
    if (!X.isInt() || X.value().is(0))
      return X;
    return IntTuple::scaledBasis(X.value(), {J});
  });
}

Layout toBasis(const Layout &L, unsigned J) {
  return Layout(L.Shape, strideToBasis(L.Stride, J));
}

/// The complement of a tiler \p T with scaled-basis strides within the
/// shape \p Target of the layout it divides: one complement per mode of
/// \p Target, of the part of \p T that steps along that mode.
Expected<Layout> complementBasisIn(const Layout &T, const IntTuple &Target,
                                   bool Strict) {
  if (!Target.isTuple())
    return makeError(diag(DiagID::LogicalDivideExpects, T.str(), Target.str()));
  std::vector<Layout> Parts;
  if (Error E = splitByBasis(T, "logical_divide", Target.size(), Parts))
    return std::move(E);
  if (Parts.size() > Target.size())
    return makeError(diag(DiagID::LogicalDivideTiler, T.str(), Parts.size() - 1,
                          Target.str(), Target.size()));
  std::vector<Layout> Modes;
  for (size_t J = 0; J < Parts.size(); ++J) {
    auto C = detail::complementImpl(Parts[J], Target[J], Strict,
                                    /*MergeDynamic=*/false);
    if (!C)
      return C.takeError();
    Modes.push_back(toBasis(*C, J));
  }
  return makeLayoutFromModes(Modes);
}

/// The complement of a block \p A with scaled-basis strides that a product
/// of cosize \p Cotarget extends: every codomain mode but the last is
/// filled up to the extent that \p A reaches in it, and the last one grows
/// to hold the rest of \p Cotarget.
Expected<Layout> complementBasisProduct(const Layout &A, const Int &Cotarget,
                                        bool Strict) {
  std::vector<Layout> Parts;
  if (Error E = splitByBasis(A, "logical_product", 1, Parts))
    return std::move(E);
  if (!Cotarget.isStatic())
    return makeError(
        diag(DiagID::LogicalProductBlock, A.str(), Cotarget.str()));
  std::vector<Layout> Modes;
  int64_t Filled = 1;
  for (size_t J = 0; J + 1 < Parts.size(); ++J) {
    auto C = complement(Parts[J], Strict);
    if (!C)
      return C.takeError();
    Filled = checkedMul(Filled,
                        checkedMul(size(Parts[J]).value(), size(*C).value()));
    Modes.push_back(toBasis(*C, J));
  }
  int64_t Rest = ceilDivInt(Cotarget.value(), Int(Filled)).value();
  auto C = complement(Parts.back(), IntTuple(Rest), Strict);
  if (!C)
    return C.takeError();
  Modes.push_back(toBasis(*C, Parts.size() - 1));
  return makeLayoutFromModes(Modes);
}

Expected<Layout> logicalDivideLayout(const Layout &A, const Layout &T,
                                     bool Strict) {
  // A tiler with scaled-basis strides steps along the modes of A's shape;
  // its complement is taken mode by mode.
  auto C = hasBasis(T.Stride)
               ? complementBasisIn(T, A.Shape, Strict)
               : detail::complementImpl(T, coalesce(A).Shape, Strict,
                                        /*MergeDynamic=*/false);
  if (!C)
    return C.takeError();
  auto R = composition(A, makeLayoutFromModes({T, *C}), Strict);
  if (!R)
    return R.takeError();
  if (Strict)
    if (Error E = checkSizePreserved(A, *R, "logical_divide", T))
      return std::move(E);
  return R;
}

Expected<Layout> logicalProductLayout(const Layout &A, const Layout &T,
                                      bool Strict) {
  if (hasBasis(T.Stride))
    return makeError(diag(DiagID::LogicalProductExpects, T.str()));
  auto CT = cosize(T);
  if (!CT)
    return CT.takeError();
  // A block with scaled-basis strides is extended in its codomain modes.
  auto C = hasBasis(A.Stride) ? complementBasisProduct(A, size(A) * *CT, Strict)
                              : complement(A, IntTuple(size(A) * *CT), Strict);
  if (!C)
    return C.takeError();
  auto R = composition(*C, T, Strict);
  if (!R)
    return R.takeError();
  return makeLayoutFromModes({A, *R});
}

/// append<R>: pad with 1:0 modes to rank \p R.
Layout padTo(const Layout &L, unsigned R) {
  Layout Out = L;
  if (rank(Out) >= R)
    return Out;
  if (!Out.Shape.isTuple())
    Out = Layout(IntTuple({Out.Shape}), IntTuple({Out.Stride}));
  while (rank(Out) < R)
    Out = append(Out, Layout(IntTuple(1), IntTuple(0)));
  return Out;
}

Expected<Layout> rankSensitiveProduct(const Layout &A, const Layout &B,
                                      bool Raked, bool Strict) {
  const char *Op = Raked ? "raked_product" : "blocked_product";
  if (Error E = detail::checkPositiveShape(A.Shape, Op, "a block"))
    return std::move(E);
  if (Error E = detail::checkPositiveShape(B.Shape, Op, "a tiler"))
    return std::move(E);
  unsigned R = std::max(rank(A), rank(B));
  auto P = logicalProductLayout(padTo(A, R), padTo(B, R), Strict);
  if (!P)
    return P.takeError();
  Layout First = modeOf(*P, 0), Second = modeOf(*P, 1);
  if (Raked)
    std::swap(First, Second);
  // CuTe's zip(first, second): a leaf first half pairs with the whole second
  // half; otherwise mode I pairs mode I of each half (a leaf second half is
  // its own only mode), and the halves must have the same rank. So
  // blocked_product((5):(1), 6:1) is ((5,6)):((1,5)), and
  // blocked_product(4:2, 4:1) is ((4,(2,2))):((2,(1,8))).
  if (!First.Shape.isTuple())
    return makeLayoutFromModes({makeLayoutFromModes({First, Second})});
  if (rank(First) != rank(Second))
    return makeError(diag(DiagID::CannotZipRanks, Op, First.str(), Second.str(),
                          rank(First), rank(Second)));
  std::vector<Layout> Modes;
  for (unsigned I = 0; I < rank(First); ++I)
    Modes.push_back(makeLayoutFromModes({modeOf(First, I), modeOf(Second, I)}));
  return makeLayoutFromModes(Modes);
}
} // namespace

namespace {
// The zipped, tiled and flat forms of a logical divide or product, which
// CuTe derives alike from the one before: ((tile),(rest)), then
// ((tile),rest...), then (tile...,rest...).

/// zipped_X of \p Logical, logical_X(A, \p T).
Expected<Layout> zippedOf(Expected<Layout> Logical, const Tile &T) {
  if (!Logical)
    return Logical.takeError();
  return tileUnzip(*Logical, T);
}

/// tiled_X of \p Zipped, zipped_X(A, T): its rest modes spliced in.
Expected<Layout> tiledOf(Expected<Layout> Zipped) {
  if (!Zipped)
    return Zipped.takeError();
  return spliceMode(*Zipped, 1);
}

/// flat_X of \p Zipped, zipped_X(A, T): its tile modes spliced in too.
Expected<Layout> flatOf(Expected<Layout> Zipped) {
  Expected<Layout> Tiled = tiledOf(std::move(Zipped));
  if (!Tiled)
    return Tiled.takeError();
  return spliceMode(*Tiled, 0);
}
} // namespace

//===----------------------------------------------------------------------===//
// Divides
//===----------------------------------------------------------------------===//

Expected<Layout> logicalDivide(const Layout &A, const Tile &T, bool Strict) {
  return byTile(A, T, "logical_divide", Strict, logicalDivideLayout);
}

Expected<Layout> zippedDivide(const Layout &A, const Tile &T, bool Strict) {
  return zippedOf(logicalDivide(A, T, Strict), T);
}

Expected<Layout> tiledDivide(const Layout &A, const Tile &T, bool Strict) {
  return tiledOf(zippedDivide(A, T, Strict));
}

Expected<Layout> flatDivide(const Layout &A, const Tile &T, bool Strict) {
  return flatOf(zippedDivide(A, T, Strict));
}

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

Expected<Layout> logicalProduct(const Layout &A, const Tile &T, bool Strict) {
  return byTile(A, T, "logical_product", Strict, logicalProductLayout);
}

Expected<Layout> zippedProduct(const Layout &A, const Tile &T, bool Strict) {
  if (hasUnderscoreTile(T))
    return makeError(diag(DiagID::ZippedProductUnderscoreTiler, T.str()));
  return zippedOf(logicalProduct(A, T, Strict), T);
}

Expected<Layout> tiledProduct(const Layout &A, const Tile &T, bool Strict) {
  return tiledOf(zippedProduct(A, T, Strict));
}

Expected<Layout> flatProduct(const Layout &A, const Tile &T, bool Strict) {
  return flatOf(zippedProduct(A, T, Strict));
}

Expected<Layout> blockedProduct(const Layout &A, const Layout &B, bool Strict) {
  return rankSensitiveProduct(A, B, /*Raked=*/false, Strict);
}

Expected<Layout> rakedProduct(const Layout &A, const Layout &B, bool Strict) {
  return rankSensitiveProduct(A, B, /*Raked=*/true, Strict);
}

Expected<Layout> tileToShape(const Layout &Block, const IntTuple &Shape,
                             const IntTuple *Order, bool Strict) {
  if (Error E =
          detail::checkPositiveShape(Shape, "tile_to_shape", "a target shape"))
    return std::move(E);
  unsigned R = rank(Shape);
  if (rank(Block) > R)
    return makeError(
        diag(DiagID::TileShapeLayoutMore, Block.str(), Shape.str()));
  Layout Padded = padTo(Block, R);
  std::vector<IntTuple> BlockShape, TargetShape;
  for (unsigned I = 0; I < R; ++I) {
    BlockShape.push_back(IntTuple(product(mode(Padded.Shape, I))));
    TargetShape.push_back(IntTuple(product(mode(Shape, I))));
  }
  for (unsigned I = 0; I < R; ++I) {
    const Int &B = BlockShape[I].value(), &T = TargetShape[I].value();
    if (B.isStatic() && T.isStatic() &&
        (B.value() == 0 || (Strict && T.value() % B.value())))
      return makeError(
          diag(DiagID::TileShapeBlockShape, B.value(), T.value(), I));
  }
  IntTuple BS(BlockShape), TS(TargetShape);
  if (R == 1 && !Shape.isTuple()) {
    BS = BlockShape[0];
    TS = TargetShape[0];
  }
  auto ProductShape = ceilDiv(TS, BS);
  if (!ProductShape)
    return ProductShape.takeError();
  Layout Tiler = makeLayout(*ProductShape);
  if (Order) {
    auto O = makeOrderedLayout(*ProductShape, *Order);
    if (!O)
      return O.takeError();
    Tiler = std::move(*O);
  }
  return blockedProduct(Padded, Tiler, Strict);
}

Expected<Layout> tileToMmaShape(const Layout &Atom, const IntTuple &MmaShape,
                                const IntTuple *Order, bool Strict) {
  if (!MmaShape.isTuple() || rank(MmaShape) < 3 ||
      !mode(MmaShape, 0).isTuple() || rank(mode(MmaShape, 0)) != 2)
    return makeError(diag(DiagID::TileMmaShapeExpects, MmaShape.str()));
  // ((MMA_M, NUM_MMA_M), (MMA_K, NUM_MMA_K), rest...): CuTe's zip of mode 0
  // with modes 1 and 2.
  const IntTuple &Mma = mode(MmaShape, 0);
  std::vector<IntTuple> Target;
  for (unsigned I = 0; I < 2; ++I)
    Target.push_back(
        IntTuple(std::vector<IntTuple>{mode(Mma, I), mode(MmaShape, I + 1)}));
  for (unsigned I = 3, R = rank(MmaShape); I < R; ++I)
    Target.push_back(mode(MmaShape, I));
  auto Tiled = tileToShape(Atom, IntTuple(Target), Order, Strict);
  if (!Tiled)
    return Tiled.takeError();
  std::vector<Tile> Block;
  for (unsigned I = 0; I < 2; ++I)
    Block.push_back(Tile(makeLayout(IntTuple(product(mode(Mma, I))))));
  return tiledDivide(*Tiled, Tile(std::move(Block)), Strict);
}

} // namespace cute
