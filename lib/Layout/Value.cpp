//===- Value.cpp - A typed value of the CuTe layout algebra ---------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Value.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace cute {

// The lowering keeps one value per IR value: keep it small.
static_assert(sizeof(Value) <= 128, "cute::Value grew past 128 bytes");

std::optional<ValueKind> parseValueKind(StringRef Name) {
  return StringSwitch<std::optional<ValueKind>>(Name)
      .Case("int_tuple", ValueKind::IntTuple)
      .Case("shape", ValueKind::Shape)
      .Case("stride", ValueKind::Stride)
      .Case("coord", ValueKind::Coord)
      .Case("int", ValueKind::Int)
      .Case("layout", ValueKind::Layout)
      .Case("composed_layout", ValueKind::ComposedLayout)
      .Case("swizzle", ValueKind::Swizzle)
      .Case("tile", ValueKind::Tile)
      .Default(std::nullopt);
}

StringRef valueKindName(ValueKind K) {
  switch (K) {
  case ValueKind::Auto:
    return "auto";
  case ValueKind::IntTuple:
    return "int_tuple";
  case ValueKind::Shape:
    return "shape";
  case ValueKind::Stride:
    return "stride";
  case ValueKind::Coord:
    return "coord";
  case ValueKind::Int:
    return "int";
  case ValueKind::Layout:
    return "layout";
  case ValueKind::ComposedLayout:
    return "composed_layout";
  case ValueKind::Swizzle:
    return "swizzle";
  case ValueKind::Tile:
    return "tile";
  case ValueKind::Bool:
    return "bool";
  case ValueKind::LayoutTuple:
    return "layout_tuple";
  }
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
  Value V;
  V.Kind = ValueKind::Layout;
  V.Storage.emplace<detail::Boxed<Layout>>(std::move(L));
  return V;
}

Value Value::fromComposed(ComposedLayout C) {
  Value V;
  V.Kind = ValueKind::ComposedLayout;
  V.Storage.emplace<detail::Boxed<ComposedLayout>>(std::move(C));
  return V;
}

Value Value::fromSwizzle(Swizzle S) {
  Value V;
  V.Kind = ValueKind::Swizzle;
  V.Storage.emplace<Swizzle>(S);
  return V;
}

Value Value::fromTile(Tile T, bool Bracketed) {
  Value V;
  V.Kind = ValueKind::Tile;
  V.Bracketed = Bracketed;
  V.Storage.emplace<detail::Boxed<Tile>>(std::move(T));
  return V;
}

Value Value::fromBool(bool B) {
  Value V;
  V.Kind = ValueKind::Bool;
  V.Storage.emplace<bool>(B);
  return V;
}

Value Value::fromLayouts(std::vector<Value> Elems) {
  Value V;
  V.Kind = ValueKind::LayoutTuple;
  V.Storage.emplace<detail::Boxed<std::vector<Value>>>(std::move(Elems));
  return V;
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
