//===- Value.h - A typed value of the CuTe layout algebra -------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// cute::Value: one value of the algebra as CuTe IR types it (an int tuple,
/// shape, stride, coordinate or integer; a layout, composed layout,
/// swizzle or tiler; a boolean; a tuple of layouts). It holds only the
/// alternative in use: tuples inline, the larger alternatives behind a
/// pointer, so that a value costs little wherever the lowering keeps one
/// per IR value.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_VALUE_H
#define CUTELLVM_LAYOUT_VALUE_H

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace cute {

/// The kind of an operand, as CuTe IR types it. `Auto` infers the kind from
/// the notation and the operation.
enum class ValueKind {
  Auto,
  IntTuple,
  Shape,
  Stride,
  Coord,
  Int,
  Layout,
  ComposedLayout,
  Swizzle,
  Tile,
  Bool,
  /// A tuple of layouts, as prepend_to_rank of a composed layout prints.
  LayoutTuple,
};

/// Parses an `arg_types` entry: `layout`, `shape`, `stride`, `coord`,
/// `int_tuple`, `tile`, `composed_layout`, `swizzle`, `int`.
std::optional<ValueKind> parseValueKind(llvm::StringRef Name);
llvm::StringRef valueKindName(ValueKind K);

/// True for the kinds an IntTuple carries: int_tuple, shape, stride, coord
/// and int.
inline bool isTupleKind(ValueKind K) {
  return K == ValueKind::IntTuple || K == ValueKind::Shape ||
         K == ValueKind::Stride || K == ValueKind::Coord || K == ValueKind::Int;
}

/// True for the kinds that are a layout function: layout and
/// composed_layout.
inline bool isLayoutKind(ValueKind K) {
  return K == ValueKind::Layout || K == ValueKind::ComposedLayout;
}

namespace detail {
/// A heap-allocated T with value semantics: copies copy the T.
template <typename T> class Boxed {
public:
  explicit Boxed(T V) : P(std::make_unique<T>(std::move(V))) {}
  Boxed(const Boxed &O) : P(std::make_unique<T>(*O.P)) {}
  Boxed(Boxed &&) = default;
  Boxed &operator=(const Boxed &O) {
    if (this != &O)
      P = std::make_unique<T>(*O.P);
    return *this;
  }
  Boxed &operator=(Boxed &&) = default;
  T &get() { return *P; }
  const T &get() const { return *P; }

private:
  std::unique_ptr<T> P;
};
} // namespace detail

/// A typed value of the algebra. Build one with the from* constructors and
/// read the alternative its kind names; asking for another alternative is
/// a programming error (asserted).
class Value {
public:
  /// The empty int tuple `()`.
  Value() = default;
  Value(const Value &) = default;
  Value &operator=(const Value &) = default;
  /// A moved-from value is the empty int tuple (never a dangling box).
  Value(Value &&O)
      : Kind(O.Kind), Bracketed(O.Bracketed), Storage(std::move(O.Storage)) {
    O.reset();
  }
  Value &operator=(Value &&O) {
    if (this != &O) {
      Kind = O.Kind;
      Bracketed = O.Bracketed;
      Storage = std::move(O.Storage);
      O.reset();
    }
    return *this;
  }

  /// A tuple-kinded value. An `int` that is not a leaf (append_to_rank,
  /// select, slice, ... of an integer) is an int tuple: only leaves are
  /// ints.
  static Value fromTuple(IntTuple T, ValueKind K = ValueKind::IntTuple);
  static Value fromLayout(Layout L);
  static Value fromComposed(ComposedLayout C);
  static Value fromSwizzle(Swizzle S);
  /// A tiler; \p Bracketed prints it with CuTe IR's brackets.
  static Value fromTile(Tile T, bool Bracketed = false);
  static Value fromBool(bool B);
  /// A tuple of layouts (LayoutTuple).
  static Value fromLayouts(std::vector<Value> Elems);

  ValueKind kind() const { return Kind; }
  bool isTupleKind() const { return cute::isTupleKind(Kind); }
  bool isLayoutKind() const { return cute::isLayoutKind(Kind); }
  /// Retype a tuple-kinded value as another tuple kind.
  void setTupleKind(ValueKind K) {
    assert(isTupleKind() && cute::isTupleKind(K) && "not a tuple kind");
    Kind = K;
  }

  /// The alternatives, by kind.
  const IntTuple &tuple() const { return get<IntTuple>(isTupleKind()); }
  IntTuple &tuple() { return get<IntTuple>(isTupleKind()); }
  const Layout &layout() const { return boxed<Layout>(ValueKind::Layout); }
  Layout &layout() { return boxed<Layout>(ValueKind::Layout); }
  const ComposedLayout &composed() const {
    return boxed<ComposedLayout>(ValueKind::ComposedLayout);
  }
  ComposedLayout &composed() {
    return boxed<ComposedLayout>(ValueKind::ComposedLayout);
  }
  const Swizzle &swizzle() const {
    return get<Swizzle>(Kind == ValueKind::Swizzle);
  }
  const Tile &tile() const { return boxed<Tile>(ValueKind::Tile); }
  Tile &tile() { return boxed<Tile>(ValueKind::Tile); }
  bool flag() const { return get<bool>(Kind == ValueKind::Bool); }
  const std::vector<Value> &elems() const {
    return boxed<std::vector<Value>>(ValueKind::LayoutTuple);
  }
  std::vector<Value> &elems() {
    return boxed<std::vector<Value>>(ValueKind::LayoutTuple);
  }
  /// A tiler prints with CuTe IR's brackets.
  bool bracketed() const { return Bracketed; }

  /// CuTe notation (CuTe IR's brackets for a bracketed tiler).
  std::string str() const;

private:
  /// A value of kind \p K holding the alternative \p T built from \p Arg.
  template <typename T, typename ArgT>
  static Value make(ValueKind K, ArgT Arg) {
    Value V;
    V.Kind = K;
    V.Storage.template emplace<T>(std::move(Arg));
    return V;
  }
  void reset() {
    Kind = ValueKind::IntTuple;
    Bracketed = false;
    Storage.emplace<IntTuple>();
  }
  template <typename T> const T &get(bool Ok) const {
    assert(Ok && "cute::Value: not the alternative in use");
    (void)Ok;
    return *std::get_if<T>(&Storage);
  }
  template <typename T> T &get(bool Ok) {
    assert(Ok && "cute::Value: not the alternative in use");
    (void)Ok;
    return *std::get_if<T>(&Storage);
  }
  template <typename T> const T &boxed(ValueKind K) const {
    return get<detail::Boxed<T>>(Kind == K).get();
  }
  template <typename T> T &boxed(ValueKind K) {
    return get<detail::Boxed<T>>(Kind == K).get();
  }

  ValueKind Kind = ValueKind::IntTuple;
  bool Bracketed = false;
  std::variant<IntTuple, detail::Boxed<Layout>, detail::Boxed<ComposedLayout>,
               Swizzle, detail::Boxed<Tile>, bool,
               detail::Boxed<std::vector<Value>>>
      Storage;
};

} // namespace cute

#endif // CUTELLVM_LAYOUT_VALUE_H
