//===- OpsArithmetic.cpp - The Arithmetic ops -----------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The evaluators of CuTe IR's Arithmetic group: shape_div, ceil_div,
/// prefix_product, tuple_product(_each), tuple_add / tuple_sub, elem_less and
/// equal.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"
#include "OpsCommon.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {
namespace ops {

Expected<Results> evalShapeDiv(StringRef Op, Args A, const OpAttrs &) {
  auto XY = asTuplePair(Op, A);
  if (!XY)
    return XY.takeError();
  const auto &[X, Y] = *XY;
  return one(shapeDiv(X, Y), A[0].kind());
}

Expected<Results> evalCeilDiv(StringRef Op, Args A, const OpAttrs &) {
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  if (A[1].kind() == ValueKind::Layout || A[1].kind() == ValueKind::Tile) {
    // ceil_div(target, tiler) is the shape of the tiler's complement.
    if (A[1].kind() == ValueKind::Tile && !A[1].tile().isLayout())
      return kindError(Op, 1, A[1], "a layout");
    const Layout &T =
        A[1].kind() == ValueKind::Layout ? A[1].layout() : A[1].tile().layout();
    auto C = complement(T, IntTuple(product(*X)));
    if (!C)
      return C.takeError();
    return Results{tupleValue(C->Shape, A[0].kind())};
  }
  auto Y = asTuple(Op, A, 1);
  if (!Y)
    return Y.takeError();
  return one(ceilDiv(*X, *Y), A[0].kind());
}

/// pycute's prefix_product(a, init) with a tuple init: a tuple init is
/// applied mode by mode, and an integer init covers a whole (sub)tuple of a.
static Expected<IntTuple> prefixProductWithInit(const IntTuple &X,
                                                const IntTuple &I,
                                                const IntTuple &TopX,
                                                const IntTuple &TopI) {
  if (!I.isTuple())
    return prefixProduct(X, I.value());
  if (!X.isTuple() || X.size() != I.size())
    return makeError(diag(DiagID::PrefixProductExpects, TopI.str(), TopX.str(),
                          I.str(), X.str()));
  std::vector<IntTuple> Out;
  for (size_t K = 0; K < X.size(); ++K) {
    auto E = prefixProductWithInit(X[K], I[K], TopX, TopI);
    if (!E)
      return E.takeError();
    Out.push_back(std::move(*E));
  }
  return IntTuple(std::move(Out));
}

Expected<Results> evalPrefixProduct(StringRef Op, Args A, const OpAttrs &) {
  if (A.size() == 2) {
    auto XI = asTuplePair(Op, A);
    if (!XI)
      return XI.takeError();
    const auto &[X, I] = *XI;
    auto R = prefixProductWithInit(X, I, X, I);
    if (!R)
      return R.takeError();
    return Results{tupleValue(std::move(*R))};
  }
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  return Results{tupleValue(prefixProduct(*X, Int(1)))};
}

/// The operand of tuple_product(_each): a shape or an int tuple.
static Expected<IntTuple> asProductOperand(StringRef Op, Args A) {
  if (A[0].kind() == ValueKind::Stride || A[0].kind() == ValueKind::Coord)
    return kindError(Op, 0, A[0], "a shape or an int tuple");
  return asTuple(Op, A, 0);
}

Expected<Results> evalTupleProduct(StringRef Op, Args A, const OpAttrs &) {
  auto X = asProductOperand(Op, A);
  if (!X)
    return X.takeError();
  return Results{intValue(product(*X))};
}

Expected<Results> evalTupleProductEach(StringRef Op, Args A, const OpAttrs &) {
  auto X = asProductOperand(Op, A);
  if (!X)
    return X.takeError();
  std::vector<IntTuple> Out;
  if (!X->isTuple())
    Out.push_back(IntTuple(product(*X)));
  else
    for (const IntTuple &E : X->elems())
      Out.push_back(IntTuple(product(E)));
  return Results{tupleValue(IntTuple(std::move(Out)), A[0].kind())};
}

/// Elementwise add/sub of congruent int tuples of the same kind.
static Expected<IntTuple> zipArith(const IntTuple &X, const IntTuple &Y,
                                   bool Add) {
  // A missing mode counts as 0, and a static 0 applies to every mode.
  if (X.isTuple() && Y.isInt() && Y.value().is(0))
    return X;
  if (Y.isTuple() && X.isInt() && X.value().is(0) && Add)
    return Y;
  if (X.isTuple() != Y.isTuple())
    return makeError(diag(DiagID::ExpectsCongruentOperands, X.str(), Y.str()));
  if (X.isTuple() && X.size() != Y.size()) {
    IntTuple PX = X, PY = Y;
    while (PX.size() < PY.size())
      PX.push_back(IntTuple(0));
    while (PY.size() < PX.size())
      PY.push_back(IntTuple(0));
    return zipArith(PX, PY, Add);
  }
  if (!X.isTuple()) {
    if (!X.isInt() || !Y.isInt())
      return makeError(diag(DiagID::ExpectsIntegers, X.str(), Y.str()));
    return IntTuple(Add ? X.value() + Y.value() : X.value() - Y.value());
  }
  return IntTuple::tupleOf(X.size(),
                           [&](size_t I) { return zipArith(X[I], Y[I], Add); });
}

static Expected<Results> evalTupleAddSub(StringRef Op, Args A, bool Add) {
  auto XY = asSameKindTuples(Op, A);
  if (!XY)
    return XY.takeError();
  const auto &[X, Y] = *XY;
  if (A[0].kind() == ValueKind::Coord)
    return kindError(Op, 0, A[0], "an int tuple, a shape or a stride");
  return one(zipArith(X, Y, Add), A[0].kind());
}
Expected<Results> evalTupleAdd(StringRef Op, Args A, const OpAttrs &) {
  return evalTupleAddSub(Op, A, true);
}
Expected<Results> evalTupleSub(StringRef Op, Args A, const OpAttrs &) {
  return evalTupleAddSub(Op, A, false);
}

static Expected<bool> elemLess(const IntTuple &X, const IntTuple &Y) {
  if (X.isTuple() != Y.isTuple() || (X.isTuple() && X.size() != Y.size()))
    return makeError(diag(DiagID::ElemLessExpectsCongruent, X.str(), Y.str()));
  if (!X.isTuple()) {
    if (!X.isInt() || !Y.isInt() || X.value().isDynamic() ||
        Y.value().isDynamic())
      return makeError(diag(DiagID::ElemLessExpectsStatic, X.str(), Y.str()));
    return X.value().value() < Y.value().value();
  }
  for (size_t I = 0; I < X.size(); ++I) {
    auto R = elemLess(X[I], Y[I]);
    if (!R)
      return R.takeError();
    if (!*R)
      return false;
  }
  return true;
}

Expected<Results> evalElemLess(StringRef Op, Args A, const OpAttrs &) {
  auto XY = asTuplePair(Op, A);
  if (!XY)
    return XY.takeError();
  const auto &[X, Y] = *XY;
  auto R = elemLess(X, Y);
  if (!R)
    return R.takeError();
  return Results{boolValue(*R)};
}

Expected<Results> evalEqual(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() != A[1].kind())
    return makeError(diag(DiagID::ExpectsOperandsSame, Op));
  return Results{boolValue(A[0].str() == A[1].str())};
}

} // namespace ops
} // namespace cute
