//===- IntTuple.h - CuTe integer tuples -------------------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The value types of CuTe's layout algebra: IntTuple, a leaf or a tuple of
/// IntTuples (a NestedTuple, NestedTuple.h), whose leaves are integers (Int.h:
/// static, or dynamic `?` with an optional width and divisibility), scaled
/// bases (`1@0@1`) or the `_` wildcard of coordinates; and the tuple algorithms
/// (rank, product, shape_div, crd2idx, ...).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_INTTUPLE_H
#define CUTELLVM_LAYOUT_INTTUPLE_H

#include "CuteLLVM/Layout/Int.h"
#include "CuteLLVM/Layout/NestedTuple.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cute {

/// The leaf of an IntTuple: an integer, and the indices of a scaled basis
/// when it is one.
struct IntTupleLeaf {
  Int Val;
  llvm::SmallVector<unsigned, 2> Basis;

  bool operator==(const IntTupleLeaf &O) const {
    return Val == O.Val && Basis == O.Basis;
  }
};

/// An IntTuple: an integer leaf, a scaled-basis leaf, the `_` wildcard, or a
/// tuple of IntTuples. Shapes, strides and coordinates are all IntTuples.
class IntTuple : public NestedTuple<IntTuple, IntTupleLeaf> {
  using Base = NestedTuple<IntTuple, IntTupleLeaf>;

public:
  IntTuple() = default;
  /*implicit*/ IntTuple(Int V) : Base(IntTupleLeaf{std::move(V), {}}) {}
  /*implicit*/ IntTuple(int64_t V) : IntTuple(Int(V)) {}
  /*implicit*/ IntTuple(int V) : IntTuple(Int(int64_t(V))) {}
  IntTuple(std::initializer_list<IntTuple> Elts)
      : Base(std::vector<IntTuple>(Elts)) {}
  explicit IntTuple(std::vector<IntTuple> Elts) : Base(std::move(Elts)) {}

  static IntTuple underscore() { return makeUnderscore(); }
  /// The scaled basis `Coef@B0@B1...`: \p Basis lists the indices as written,
  /// the last one being the top-level mode.
  static IntTuple scaledBasis(Int Coef, llvm::ArrayRef<unsigned> Basis) {
    IntTuple T(std::move(Coef));
    T.setBasis(Basis);
    return T;
  }

  bool isInt() const { return isLeaf() && Leaf.Basis.empty(); }
  bool isBasis() const { return isLeaf() && !Leaf.Basis.empty(); }

  /// The integer of a leaf (its coefficient for a scaled basis).
  const Int &value() const { return Leaf.Val; }
  Int &value() { return Leaf.Val; }
  llvm::ArrayRef<unsigned> basis() const { return Leaf.Basis; }
  void setBasis(llvm::ArrayRef<unsigned> B) {
    Leaf.Basis.assign(B.begin(), B.end());
  }

  /// CuTe notation: `(3,(2,4))`, `8`, `?`, `1@0`, `_`, `()`.
  std::string str() const;
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
