//===- IntTuple.h - CuTe integer tuples -------------------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The value types of CuTe's layout algebra: IntTuple, a leaf or a tuple of
/// IntTuples, whose leaves are integers (Int.h: static, or dynamic `?` with
/// an optional width and divisibility), scaled bases (`1@0@1`) or the `_`
/// wildcard of coordinates; and the tuple algorithms (rank, product,
/// shape_div, crd2idx, ...).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_INTTUPLE_H
#define CUTELLVM_LAYOUT_INTTUPLE_H

#include "CuteLLVM/Layout/Int.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cute {

/// An IntTuple: an integer leaf, a scaled-basis leaf, the `_` wildcard, or a
/// tuple of IntTuples. Shapes, strides and coordinates are all IntTuples.
class IntTuple {
public:
  enum class Kind : uint8_t { Leaf, Underscore, Tuple };

  IntTuple() : K(Kind::Tuple) {}
  /*implicit*/ IntTuple(Int V) : K(Kind::Leaf), Val(V) {}
  /*implicit*/ IntTuple(int64_t V) : K(Kind::Leaf), Val(V) {}
  /*implicit*/ IntTuple(int V) : K(Kind::Leaf), Val(int64_t(V)) {}
  IntTuple(std::initializer_list<IntTuple> Elts)
      : K(Kind::Tuple), Elems(Elts) {}
  explicit IntTuple(std::vector<IntTuple> Elts)
      : K(Kind::Tuple), Elems(std::move(Elts)) {}

  static IntTuple underscore() {
    IntTuple T;
    T.K = Kind::Underscore;
    return T;
  }
  /// The scaled basis `Coef@B0@B1...`: \p Basis lists the indices as written,
  /// the last one being the top-level mode.
  static IntTuple scaledBasis(Int Coef, llvm::ArrayRef<unsigned> Basis) {
    IntTuple T(Coef);
    T.Basis.assign(Basis.begin(), Basis.end());
    return T;
  }

  Kind kind() const { return K; }
  bool isLeaf() const { return K == Kind::Leaf; }
  bool isInt() const { return K == Kind::Leaf && Basis.empty(); }
  bool isUnderscore() const { return K == Kind::Underscore; }
  bool isTuple() const { return K == Kind::Tuple; }
  bool isBasis() const { return K == Kind::Leaf && !Basis.empty(); }

  /// The integer of a leaf (its coefficient for a scaled basis).
  const Int &value() const { return Val; }
  Int &value() { return Val; }
  llvm::ArrayRef<unsigned> basis() const { return Basis; }
  void setBasis(llvm::ArrayRef<unsigned> B) {
    Basis.assign(B.begin(), B.end());
  }

  /// Elements of a tuple.
  const std::vector<IntTuple> &elems() const { return Elems; }
  std::vector<IntTuple> &elems() { return Elems; }
  size_t size() const { return Elems.size(); }
  const IntTuple &operator[](size_t I) const { return Elems[I]; }
  IntTuple &operator[](size_t I) { return Elems[I]; }
  void push_back(IntTuple T) { Elems.push_back(std::move(T)); }

  bool operator==(const IntTuple &O) const;
  bool operator!=(const IntTuple &O) const { return !(*this == O); }

  /// CuTe notation: `(3,(2,4))`, `8`, `?`, `1@0`, `_`, `()`.
  std::string str() const;

private:
  Kind K;
  Int Val;
  llvm::SmallVector<unsigned, 2> Basis;
  std::vector<IntTuple> Elems;
};

//===----------------------------------------------------------------------===//
// IntTuple queries
//===----------------------------------------------------------------------===//

/// Number of top-level modes (1 for a leaf).
unsigned rank(const IntTuple &T);
/// Nesting depth (0 for a leaf).
unsigned depth(const IntTuple &T);
/// Product of all leaves.
Int product(const IntTuple &T);
/// Mode \p I (a leaf is its own mode 0).
const IntTuple &mode(const IntTuple &T, unsigned I);
/// All leaves, left to right.
void leaves(const IntTuple &T, llvm::SmallVectorImpl<IntTuple> &Out);
/// The flat tuple of leaves; a leaf stays a leaf.
IntTuple flatten(const IntTuple &T);
/// True when both have the same tuple structure.
bool congruent(const IntTuple &A, const IntTuple &B);
/// True when every leaf is static (and has no scaled basis if \p NoBasis).
bool isStatic(const IntTuple &T);
bool hasBasis(const IntTuple &T);
bool hasUnderscore(const IntTuple &T);
/// \p T with every `_` replaced by 0: where a slice starts.
IntTuple zeroUnderscores(const IntTuple &T);
/// A 1-tuple is unwrapped to its element.
IntTuple unwrap(IntTuple T);
/// Wrap a leaf into a 1-tuple; a tuple is returned unchanged.
IntTuple wrap(IntTuple T);

/// Exclusive prefix product from the left (LayoutLeft, generalized
/// column-major), starting at \p Init.
IntTuple prefixProduct(const IntTuple &T, Int Init = Int(1));
/// Compact column-major strides: LayoutLeft where size-1 modes get stride 0.
IntTuple compactColMajor(const IntTuple &Shape, Int Init = Int(1));
/// Compact row-major strides (LayoutRight).
IntTuple compactRowMajor(const IntTuple &Shape, Int Init = Int(1));

/// CuTe's shape_div: a / b where one must divide the other.
llvm::Expected<IntTuple> shapeDiv(const IntTuple &A, const IntTuple &B);
/// Element-wise (or tuple-by-int) ceil_div.
llvm::Expected<IntTuple> ceilDiv(const IntTuple &A, const IntTuple &B);

/// crd2idx: the index of coordinate \p Crd in (\p Shape, \p Stride).
llvm::Expected<IntTuple> crd2idx(const IntTuple &Crd, const IntTuple &Shape,
                                 const IntTuple &Stride);
/// idx2crd: the natural coordinate of \p Idx in \p Shape (compact
/// column-major), or with explicit \p Stride, (idx / stride) % shape per leaf.
llvm::Expected<IntTuple> idx2crd(const IntTuple &Idx, const IntTuple &Shape);
llvm::Expected<IntTuple> idx2crd(const IntTuple &Idx, const IntTuple &Shape,
                                 const IntTuple &Stride);

/// The sum of two index values: integers, or scaled bases / coordinate
/// tuples added mode by mode.
llvm::Expected<IntTuple> addIndex(const IntTuple &A, const IntTuple &B);

} // namespace cute

#endif // CUTELLVM_LAYOUT_INTTUPLE_H
