//===- OpsLayoutAlgebra.cpp - The LayoutAlgebra ops -----------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The evaluators of CuTe IR's LayoutAlgebra group: coalesce, filter,
/// filter_zeros, composition, complement, the inverses, recast_layout, slice
/// and dice.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"
#include "OpsCommon.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace llvm;

namespace cute {
namespace ops {

/// coalesce / filter: of the whole layout (\p Whole), or by the profile
/// of operand #1 (\p ByProfile).
template <Layout (*Whole)(const Layout &),
          Expected<Layout> (*ByProfile)(const Layout &, const IntTuple &)>
static Expected<Results> evalWithProfile(StringRef Op, Args A) {
  if (A.size() == 2) {
    auto P = asTuple(Op, A, 1);
    if (!P)
      return P.takeError();
    return liftOuter(Op, A, [&](const Layout &L) { return ByProfile(L, *P); });
  }
  return liftOuter(Op, A,
                   [](const Layout &L) { return Expected<Layout>(Whole(L)); });
}

Expected<Results> evalCoalesce(StringRef Op, Args A, const OpAttrs &) {
  return evalWithProfile<coalesce, coalesce>(Op, A);
}

Expected<Results> evalFilter(StringRef Op, Args A, const OpAttrs &) {
  return evalWithProfile<filter, filter>(Op, A);
}

Expected<Results> evalFilterZeros(StringRef Op, Args A, const OpAttrs &) {
  return liftOuter(
      Op, A, [](const Layout &L) { return Expected<Layout>(filterZeros(L)); });
}

Expected<Results> evalComposition(StringRef Op, Args A, const OpAttrs &Attrs) {
  // composition(Swizzle, Layout): CuTe's ComposedLayout<Swizzle, _0, L>.
  if (A[0].kind() == ValueKind::Swizzle) {
    auto L = asLayout(Op, A, 1);
    if (!L)
      return L.takeError();
    ComposedLayout C;
    C.InnerSwizzle = A[0].swizzle();
    C.Offset = IntTuple(0);
    C.Outer = std::move(*L);
    return Results{composedValue(std::move(C))};
  }
  // composition(Layout, A o 0 o B) is (L o A) o B, as in CuTe C++, which
  // requires a zero offset. (A layout composed with a swizzle is CuTe's
  // mask-matching special case, not taken here.)
  if (A[0].kind() == ValueKind::Layout &&
      A[1].kind() == ValueKind::ComposedLayout) {
    const ComposedLayout &CB = A[1].composed();
    if (CB.InnerSwizzle)
      return kindError(Op, 1, A[1], "a tiler or a layout-composed layout");
    if (!CB.Offset.isInt() || !CB.Offset.value().is(0))
      return makeError(diag(DiagID::LayoutComposedLayout, Op, CB.Offset.str()));
    auto LA = composition(A[0].layout(), Tile(CB.InnerLayout), Attrs.Strict);
    if (!LA)
      return LA.takeError();
    return one(composition(*LA, Tile(CB.Outer), Attrs.Strict));
  }
  auto T = asTile(Op, A, 1, /*UnitStride=*/true);
  if (!T)
    return T.takeError();
  return liftOuter(
      Op, A, [&](const Layout &L) { return composition(L, *T, Attrs.Strict); });
}

Expected<Results> evalComplement(StringRef Op, Args A, const OpAttrs &At) {
  auto L = asLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  if (A.size() == 2) {
    auto C = asShapeLike(Op, A, 1);
    if (!C)
      return C.takeError();
    return one(complement(*L, *C, At.Strict));
  }
  return one(complement(*L, At.Strict));
}

Expected<Results> evalRightInverse(StringRef Op, Args A, const OpAttrs &) {
  return onLayout(Op, A, [](const Layout &L) { return rightInverse(L); });
}

Expected<Results> evalLeftInverse(StringRef Op, Args A, const OpAttrs &) {
  return onLayout(Op, A, [](const Layout &L) { return leftInverse(L); });
}

Expected<Results> evalRecastLayout(StringRef Op, Args A, const OpAttrs &At) {
  auto O = At.getInt("old_type_bits"), N = At.getInt("new_type_bits");
  if (!O || !N)
    return makeError(diag(DiagID::RecastLayoutExpectsOld));
  if (A[0].kind() == ValueKind::ComposedLayout) {
    // Recast every part: the inner function, the offset and the outer layout.
    ComposedLayout C = A[0].composed();
    int64_t G = std::gcd(*O, *N);
    if (G <= 0)
      return makeError(diag(DiagID::RecastLayoutExpectsPositiveElement));
    int64_t Num = *N / G, Den = *O / G;
    auto Outer = recastLayout(C.Outer, *O, *N);
    if (!Outer)
      return Outer.takeError();
    C.Outer = *Outer;
    if (C.InnerSwizzle) {
      if (!isPowerOf2_64(Num) || !isPowerOf2_64(Den))
        return makeError(diag(DiagID::RecastLayoutSwizzle));
      C.InnerSwizzle->Base += int(Log2_64(Den)) - int(Log2_64(Num));
      if (C.InnerSwizzle->Base < 0)
        return makeError(diag(DiagID::RecastLayoutSwizzleCannot,
                              A[0].composed().InnerSwizzle->str(), *N));
    } else {
      auto In = recastLayout(C.InnerLayout, *O, *N);
      if (!In)
        return In.takeError();
      C.InnerLayout = *In;
    }
    if (C.Offset.isInt())
      C.Offset = IntTuple(divInt(C.Offset.value() * Int(Den), Int(Num)));
    return Results{composedValue(std::move(C))};
  }
  return liftOuter(Op, A,
                   [&](const Layout &L) { return recastLayout(L, *O, *N); });
}

/// slice of a composed layout: the sliced-off coordinate moves into the
/// offset of a layout-composed layout; a swizzled one follows CuTe's
/// slice_and_offset (see sliceSwizzled).
Expected<Results> sliceComposed(StringRef Op, const ComposedLayout &CL,
                                const IntTuple &C, bool IsSlice) {
  if (IsSlice && !hasUnderscore(C))
    return makeError(diag(DiagID::ExpectsCoordinateLeast, Op, C.str()));
  if (!IsSlice) {
    auto R = dice(C, CL.Outer);
    if (!R)
      return R.takeError();
    return Results{withOuter(CL, *R)};
  }
  auto R = sliceAndOffset(C, CL);
  if (!R)
    return R.takeError();
  if (auto *L = std::get_if<Layout>(&R->Sliced))
    return Results{layoutValue(std::move(*L))};
  return Results{composedValue(std::get<ComposedLayout>(std::move(R->Sliced)))};
}

static Expected<Results> evalSliceDice(StringRef Op, Args A, bool IsSlice) {
  // slice/dice(layout-or-tuple, coord) (CuTe IR operand order).
  unsigned LI = 0, CI = 1;
  if (A[0].kind() == ValueKind::Coord && A[1].kind() != ValueKind::Coord)
    std::swap(LI, CI);
  auto C = asTuple(Op, A, CI);
  if (!C)
    return C.takeError();
  const Value &X = A[LI];
  auto Cut = [&](const Layout &L) {
    return IsSlice ? slice(*C, L) : dice(*C, L);
  };
  if (X.kind() == ValueKind::Layout)
    return one(Cut(X.layout()));
  if (X.kind() == ValueKind::ComposedLayout)
    return sliceComposed(Op, X.composed(), *C, IsSlice);
  if (!X.isTupleKind())
    return kindError(Op, LI, X, "a layout or an int tuple");
  if (rank(*C) != rank(X.tuple()) && C->isTuple())
    return makeError(
        diag(DiagID::ExpectsCoordinateRank, Op, C->str(), X.tuple().str()));
  return one(IsSlice ? sliceTuple(*C, X.tuple()) : diceTuple(*C, X.tuple()),
             X.kind());
}
Expected<Results> evalSlice(StringRef Op, Args A, const OpAttrs &) {
  return evalSliceDice(Op, A, true);
}
Expected<Results> evalDice(StringRef Op, Args A, const OpAttrs &) {
  return evalSliceDice(Op, A, false);
}

/// CuTe's slice_and_offset(coord, layout): the slice and the offset at
/// which it starts, crd2idx of the coordinate with its `_` leaves 0. The
/// offset of a coordinate layout (an identity layout's, whose strides are
/// bases) is the coordinate of the slice's origin, which a sliced identity
/// tensor keeps; that of a composed layout is what slicing a tensor over it
/// moves the iterator by.
Expected<Results> evalSliceAndOffset(StringRef Op, Args A,
                                     const OpAttrs &Attrs) {
  unsigned LI = 0, CI = 1;
  if (A[0].kind() == ValueKind::Coord && A[1].kind() != ValueKind::Coord)
    std::swap(LI, CI);
  const Value &X = A[LI];
  if (!X.isLayoutKind())
    return kindError(Op, LI, X, "a layout or a composed layout");
  auto C = asTuple(Op, A, CI);
  if (!C)
    return C.takeError();
  if (!hasUnderscore(*C))
    return makeError(diag(DiagID::ExpectsCoordinateLeast, Op, C->str()));
  auto Sliced = evalSliceDice(Op, A, true);
  if (!Sliced)
    return Sliced.takeError();
  IntTuple Offset;
  if (X.kind() == ValueKind::ComposedLayout) {
    auto R = sliceAndOffset(*C, X.composed());
    if (!R)
      return R.takeError();
    Offset = R->Offset;
  } else {
    auto Idx =
        crd2idx(zeroUnderscores(*C), X.layout().Shape, X.layout().Stride);
    if (!Idx)
      return Idx.takeError();
    Offset = *Idx;
  }
  Sliced->push_back(Value::fromTuple(std::move(Offset)));
  return Sliced;
}

} // namespace ops
} // namespace cute
