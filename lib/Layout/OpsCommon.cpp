//===- OpsCommon.cpp - What the layout op evaluators share ----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The operand coercions and result builders of OpsCommon.h.
///
//===----------------------------------------------------------------------===//

#include "OpsCommon.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace llvm;

namespace cute {
namespace ops {

Expected<Results> one(Expected<Layout> L) {
  if (!L)
    return L.takeError();
  return Results{layoutValue(std::move(*L))};
}
Expected<Results> one(Expected<IntTuple> T, ValueKind K) {
  if (!T)
    return T.takeError();
  return Results{tupleValue(std::move(*T), K)};
}

Error kindError(StringRef Op, unsigned I, const Value &V, StringRef Want) {
  return makeError(diag(DiagID::OpOperandKindMismatch, Op, I, Want,
                        valueKindName(V.kind()), V.str()));
}

Error sameKindError(StringRef Op, const Value &X, const Value &Y) {
  return makeError(diag(DiagID::ExpectsOperandsSameType, Op,
                        valueKindName(X.kind()), valueKindName(Y.kind())));
}

Expected<Layout> asLayout(StringRef Op, Args A, unsigned I) {
  if (A[I].kind() != ValueKind::Layout)
    return kindError(Op, I, A[I], "a layout");
  return A[I].layout();
}

/// A layout or the outer layout of a composed layout (the ops that act on
/// the domain of a composed layout act on its outer layout).
Expected<Layout> asLayoutOrOuter(StringRef Op, Args A, unsigned I) {
  if (A[I].kind() == ValueKind::ComposedLayout)
    return A[I].composed().Outer;
  return asLayout(Op, A, I);
}

Expected<IntTuple> asTuple(StringRef Op, Args A, unsigned I) {
  if (!A[I].isTupleKind())
    return kindError(Op, I, A[I], "an integer tuple");
  return A[I].tuple();
}

/// Operand #0 by asTuple and operand #1 by \p AsSecond.
static Expected<std::pair<IntTuple, IntTuple>>
asTupleAnd(StringRef Op, Args A,
           Expected<IntTuple> (*AsSecond)(StringRef, Args, unsigned)) {
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  auto Y = AsSecond(Op, A, 1);
  if (!Y)
    return Y.takeError();
  return std::make_pair(std::move(*X), std::move(*Y));
}

Expected<std::pair<IntTuple, IntTuple>> asTuplePair(StringRef Op, Args A) {
  return asTupleAnd(Op, A, asTuple);
}

Expected<std::pair<IntTuple, IntTuple>> asSameKindTuples(StringRef Op, Args A) {
  auto XY = asTuplePair(Op, A);
  if (XY && A[0].kind() != A[1].kind())
    return sameKindError(Op, A[0], A[1]);
  return XY;
}

Expected<IntTuple> asOrder(StringRef Op, Args A, unsigned I,
                           const IntTuple &Shape) {
  auto O = asTuple(Op, A, I);
  if (O && rank(*O) != rank(Shape))
    return makeError(
        diag(DiagID::ExpectsOrderRankShape, Op, O->str(), Shape.str()));
  return O;
}

Expected<std::pair<IntTuple, IntTuple>> asTupleAndShape(StringRef Op, Args A) {
  return asTupleAnd(Op, A, asShapeLike);
}

/// A shape: a shape operand, an int tuple, or the shape of a layout.
Expected<IntTuple> asShapeLike(StringRef Op, Args A, unsigned I) {
  if (A[I].kind() == ValueKind::Layout)
    return A[I].layout().Shape;
  if (A[I].kind() == ValueKind::Stride || A[I].kind() == ValueKind::Coord)
    return kindError(Op, I, A[I], "a shape");
  auto T = asTuple(Op, A, I);
  if (!T)
    return T.takeError();
  if (auto Bad = nonPositiveLeaf(*T))
    return makeError(diag(DiagID::ExpectsOperandShape, Op, I, T->str(), *Bad));
  return T;
}

/// A tiler: a layout, a tile, or a shape (by mode).
Expected<Tile> asTile(StringRef Op, Args A, unsigned I, bool UnitStride) {
  if (A[I].isTupleKind() && A[I].kind() != ValueKind::Stride &&
      A[I].kind() != ValueKind::Coord)
    if (auto Bad = nonPositiveLeaf(A[I].tuple()))
      return makeError(
          diag(DiagID::ExpectsOperandTiler, Op, I, A[I].str(), *Bad));
  switch (A[I].kind()) {
  case ValueKind::Layout:
    return Tile(A[I].layout());
  case ValueKind::Tile:
    return A[I].tile();
  case ValueKind::IntTuple:
  case ValueKind::Shape:
  case ValueKind::Int:
    if (hasBasis(A[I].tuple()))
      return kindError(Op, I, A[I], "a tiler");
    return Tile::fromShape(A[I].tuple(), UnitStride);
  default:
    return kindError(Op, I, A[I], "a tiler");
  }
}

/// Rebuild a composed layout around a new outer layout.
Value withOuter(const ComposedLayout &C, Layout Outer) {
  ComposedLayout R = C;
  R.Outer = std::move(Outer);
  return composedValue(std::move(R));
}

Expected<std::vector<unsigned>> modeList(StringRef Op, const OpAttrs &At) {
  const std::vector<int64_t> *M = At.getList("mode");
  if (!M)
    return makeError(diag(DiagID::ExpectsModeAttribute, Op));
  std::vector<unsigned> Out;
  for (int64_t X : *M) {
    if (X < 0)
      return makeError(diag(DiagID::ExpectsNonNegative, Op));
    // Reported as given, not as the 32-bit index it would wrap to.
    if (X > int64_t(std::numeric_limits<unsigned>::max()))
      return makeError(diag(DiagID::ModeOutRange, Op, X));
    Out.push_back(unsigned(X));
  }
  return Out;
}

/// get<I0,I1,...>(T) on a tuple. As in CuTe, mode 0 of an integer (a
/// rank-1 shape) is the integer itself.
Expected<IntTuple> getPath(const IntTuple &T, ArrayRef<unsigned> Path) {
  const IntTuple *Cur = &T;
  for (;;) {
    Cur = &followPath(*Cur, Path);
    if (Path.empty() || Cur->isTuple() || Path.front() != 0)
      break;
    Path = Path.drop_front();
  }
  if (!Path.empty())
    return makeError(
        diag(DiagID::ModeOutOfRangeTuple, Path.front(), Cur->str()));
  return *Cur;
}

/// get<I0,I1,...>(L) on a layout; mode 0 of a rank-1 layout whose shape is
/// an integer is the layout itself (CuTe's get<0> of a non-tuple).
Expected<Layout> getLayoutPath(const Layout &L, ArrayRef<unsigned> Path) {
  Layout Cur = L;
  for (unsigned I : Path) {
    if (!Cur.Shape.isTuple()) {
      if (I == 0)
        continue;
      return makeError(diag(DiagID::ModeOutOfRangeTuple, I, Cur.str()));
    }
    auto M = getMode(Cur, I);
    if (!M)
      return M.takeError();
    Cur = std::move(*M);
  }
  return Cur;
}

/// A tile flattened like CuTe's flatten of a tuple: nested tiles open into
/// their parent, layouts and '_' stay whole.
void flattenTile(const Tile &T, std::vector<Tile> &Out) {
  forEachLeaf(T, [&](const Tile &X) { Out.push_back(X); });
}

} // namespace ops
} // namespace cute
