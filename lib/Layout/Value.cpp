//===- Value.cpp - A typed value of the CuTe layout algebra ---------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// cute::Value's constructors and printing, and the names of its kinds.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Value.h"

#include "llvm/ADT/StringRef.h"

using namespace llvm;

namespace cute {

// The lowering keeps one value per IR value: keep it small.
static_assert(sizeof(Value) <= 128, "cute::Value grew past 128 bytes");

namespace {
/// A kind's name in CuTe IR, and whether an `arg_types` entry may name it.
struct KindName {
  ValueKind Kind;
  StringLiteral Name;
  bool IsArgType;
};

/// The vocabulary of value kinds: parseValueKind reads it, valueKindName
/// writes it.
constexpr KindName KindNames[] = {
    {ValueKind::Auto, "auto", false},
    {ValueKind::IntTuple, "int_tuple", true},
    {ValueKind::Shape, "shape", true},
    {ValueKind::Stride, "stride", true},
    {ValueKind::Coord, "coord", true},
    {ValueKind::Int, "int", true},
    {ValueKind::Layout, "layout", true},
    {ValueKind::ComposedLayout, "composed_layout", true},
    {ValueKind::Swizzle, "swizzle", true},
    {ValueKind::Tile, "tile", true},
    {ValueKind::Bool, "bool", false},
    {ValueKind::LayoutTuple, "layout_tuple", false},
};
} // namespace

std::optional<ValueKind> parseValueKind(StringRef Name) {
  for (const KindName &K : KindNames)
    if (K.IsArgType && K.Name == Name)
      return K.Kind;
  return std::nullopt;
}

StringRef valueKindName(ValueKind K) {
  for (const KindName &N : KindNames)
    if (N.Kind == K)
      return N.Name;
  return "?";
}

Value Value::fromTuple(IntTuple T, ValueKind K) {
  assert(cute::isTupleKind(K) && "not a tuple kind");
  Value V;
  V.Kind = K == ValueKind::Int && T.isTuple() ? ValueKind::IntTuple : K;
  V.Storage.emplace<IntTuple>(std::move(T));
  return V;
}

Value Value::fromLayout(Layout L) {
  return make<detail::Boxed<Layout>>(ValueKind::Layout, std::move(L));
}

Value Value::fromComposed(ComposedLayout C) {
  return make<detail::Boxed<ComposedLayout>>(ValueKind::ComposedLayout,
                                             std::move(C));
}

Value Value::fromSwizzle(Swizzle S) {
  return make<Swizzle>(ValueKind::Swizzle, S);
}

Value Value::fromTile(Tile T, bool Bracketed) {
  Value V = make<detail::Boxed<Tile>>(ValueKind::Tile, std::move(T));
  V.Bracketed = Bracketed;
  return V;
}

Value Value::fromBool(bool B) { return make<bool>(ValueKind::Bool, B); }

Value Value::fromLayouts(std::vector<Value> Elems) {
  return make<detail::Boxed<std::vector<Value>>>(ValueKind::LayoutTuple,
                                                 std::move(Elems));
}

std::string Value::str() const {
  switch (Kind) {
  case ValueKind::Layout:
    return layout().str();
  case ValueKind::ComposedLayout:
    return composed().str();
  case ValueKind::Swizzle:
    return swizzle().str();
  case ValueKind::Tile:
    return tile().str(Bracketed);
  case ValueKind::Bool:
    return flag() ? "true" : "false";
  case ValueKind::LayoutTuple: {
    std::string S = "(";
    for (size_t I = 0; I < elems().size(); ++I)
      S += (I ? "," : "") + elems()[I].str();
    return S + ")";
  }
  default:
    return tuple().str();
  }
}

} // namespace cute
