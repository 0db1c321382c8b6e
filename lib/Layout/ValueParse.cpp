//===- ValueParse.cpp - A value from its notation -------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// parseValue: a cute::Value from CuTe notation and the kind CuTe IR gives it
/// (or the kind the notation implies), with the checks every CuTe IR
/// verifier makes of a value: positive extents, strides of one codomain.
///
//===----------------------------------------------------------------------===//

#include "OpsCommon.h"

#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace llvm;

namespace cute {
namespace ops {

Error verifyShape(const IntTuple &T, StringRef What) {
  SmallVector<IntTuple, 8> L;
  leaves(T, L);
  for (const IntTuple &X : L) {
    if (X.isUnderscore())
      return makeError(diag(DiagID::ValueHoldsUnderscore, What, T.str()));
    if (X.isBasis())
      return makeError(diag(DiagID::CannotHoldScaledBasis, What, T.str()));
    if (X.value().isStatic() && X.value().value() <= 0)
      return makeError(
          diag(DiagID::NonPositiveLeaf, What, T.str(), X.value().value()));
  }
  return Error::success();
}
std::optional<int64_t> nonPositiveLeaf(const IntTuple &T) {
  SmallVector<IntTuple, 8> L;
  leaves(T, L);
  for (const IntTuple &X : L)
    if (X.isLeaf() && X.value().isStatic() && X.value().value() <= 0)
      return X.value().value();
  return std::nullopt;
}

} // namespace ops

using namespace ops;

namespace {
/// The first static extent of a layout in \p T that is not positive.
std::optional<int64_t> nonPositiveExtent(const Tile &T) {
  std::optional<int64_t> Bad;
  anyLeaf(T, [&](const Tile &X) {
    if (X.isLayout())
      Bad = nonPositiveLeaf(X.layout().Shape);
    return Bad.has_value();
  });
  return Bad;
}

/// Strides are all integers or all scaled bases (a static 0 fits both), and
/// the bases name one codomain: a mode is either a leaf or a tuple.
Error verifyStrides(const IntTuple &Stride) {
  SmallVector<IntTuple, 8> L;
  leaves(Stride, L);
  bool Ints = false, Bases = false;
  std::map<std::vector<unsigned>, bool> IsLeafAt;
  for (const IntTuple &X : L) {
    if (X.isUnderscore())
      continue;
    if (X.isBasis()) {
      Bases = true;
      std::vector<unsigned> P(X.basis().rbegin(), X.basis().rend());
      for (size_t K = 1; K <= P.size(); ++K) {
        std::vector<unsigned> Pre(P.begin(), P.begin() + K);
        bool Leaf = K == P.size();
        auto [It, New] = IsLeafAt.try_emplace(Pre, Leaf);
        if (!New && It->second != Leaf)
          return makeError(diag(DiagID::StrideMixesScaledBases, Stride.str()));
      }
    } else if (!X.value().is(0)) {
      Ints = true;
    }
  }
  if (Ints && Bases)
    return makeError(diag(DiagID::StrideMixesIntegers, Stride.str()));
  return Error::success();
}
} // namespace

ValueKind impliedValueKind(StringRef Text) {
  if (looksLikeComposed(Text))
    return ValueKind::ComposedLayout;
  if (looksLikeSwizzle(Text))
    return ValueKind::Swizzle;
  if (looksLikeLayout(Text))
    return ValueKind::Layout;
  if (Text.contains(':') || Text.contains('[') || Text.contains('_'))
    return ValueKind::Tile;
  return ValueKind::IntTuple;
}

Expected<Value> parseValue(StringRef Text, ValueKind Kind) {
  if (Kind == ValueKind::Auto)
    Kind = impliedValueKind(Text);
  switch (Kind) {
  case ValueKind::Layout: {
    auto L = parseLayout(Text);
    if (!L)
      return L.takeError();
    if (Error E = verifyShape(L->Shape, "shape"))
      return std::move(E);
    if (Error E = verifyStrides(L->Stride))
      return std::move(E);
    return Value::fromLayout(std::move(*L));
  }
  case ValueKind::ComposedLayout: {
    auto C = parseComposedLayout(Text);
    if (!C)
      return C.takeError();
    if (Error E = verifyShape(C->Outer.Shape, "shape"))
      return std::move(E);
    return Value::fromComposed(std::move(*C));
  }
  case ValueKind::Swizzle: {
    auto S = parseSwizzle(Text);
    if (!S)
      return S.takeError();
    return Value::fromSwizzle(*S);
  }
  case ValueKind::Tile: {
    auto T = parseTile(Text);
    if (!T)
      return T.takeError();
    if (auto Bad = nonPositiveExtent(*T))
      return makeError(diag(DiagID::TileNonPositiveExtent, T->str(), *Bad));
    return Value::fromTile(std::move(*T), Text.trim().starts_with("["));
  }
  default: {
    auto T =
        Kind == ValueKind::Stride ? parseStride(Text) : parseIntTuple(Text);
    if (!T)
      return T.takeError();
    if (Kind == ValueKind::Shape)
      if (Error E = verifyShape(*T, "shape"))
        return std::move(E);
    if (Kind != ValueKind::Coord && Kind != ValueKind::Stride &&
        hasUnderscore(*T))
      return makeError(
          diag(DiagID::AllowedCoordinate, valueKindName(Kind), T->str()));
    if (Kind == ValueKind::Int && T->isTuple())
      return makeError(diag(DiagID::ExpectsInteger, T->str()));
    return Value::fromTuple(std::move(*T), Kind);
  }
  }
}

} // namespace cute
