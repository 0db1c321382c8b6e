//===- NestedTuple.h - CuTe's nested tuples over a leaf type ----*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// NestedTuple, the tree that IntTuple and Tile share: a node is a leaf, the
/// `_` wildcard, or a tuple of nodes. It holds the kind, the leaf and the
/// children, and answers the questions that do not look inside a leaf
/// (rank, depth, the leaves in order, the bracket notation); the walks
/// below visit, test or rebuild a tree leaf by leaf.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_NESTEDTUPLE_H
#define CUTELLVM_LAYOUT_NESTEDTUPLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cute {

/// A leaf of type \p LeafT, the `_` wildcard, or a tuple of \p Derived
/// nodes. \p Derived (IntTuple, Tile) derives from it and names its leaf's
/// accessors; a default-constructed node is the empty tuple `()`.
template <typename Derived, typename LeafT> class NestedTuple {
public:
  enum class Kind : uint8_t { Leaf, Underscore, Tuple };

  Kind kind() const { return K; }
  bool isLeaf() const { return K == Kind::Leaf; }
  bool isUnderscore() const { return K == Kind::Underscore; }
  bool isTuple() const { return K == Kind::Tuple; }

  /// Elements of a tuple (none for a leaf or `_`).
  const std::vector<Derived> &elems() const { return Elems; }
  std::vector<Derived> &elems() { return Elems; }
  size_t size() const { return Elems.size(); }
  const Derived &operator[](size_t I) const { return Elems[I]; }
  Derived &operator[](size_t I) { return Elems[I]; }
  void push_back(Derived T) { Elems.push_back(std::move(T)); }

  /// Number of top-level modes: a tuple's size, 1 for a leaf or `_`.
  unsigned rank() const { return isTuple() ? unsigned(size()) : 1; }

  /// Nesting depth: one more than the deepest element for a tuple, 0 for
  /// `_`, and \p LeafDepth of the leaf for a leaf.
  template <typename FnT> unsigned depth(FnT LeafDepth) const {
    if (isLeaf())
      return LeafDepth(Leaf);
    if (!isTuple())
      return 0;
    unsigned D = 0;
    for (const Derived &E : Elems)
      D = std::max(D, E.depth(LeafDepth));
    return D + 1;
  }

  /// The tuple whose element I is \p Elem(I) for I in [0, \p N), or the
  /// first error \p Elem returns (\p Elem returns an Expected<Derived>).
  template <typename FnT>
  static llvm::Expected<Derived> tupleOf(size_t N, FnT Elem) {
    std::vector<Derived> Elts;
    Elts.reserve(N);
    for (size_t I = 0; I < N; ++I) {
      llvm::Expected<Derived> E = Elem(I);
      if (!E)
        return E.takeError();
      Elts.push_back(std::move(*E));
    }
    return Derived(std::move(Elts));
  }

  /// Same kind, equal leaves, equal elements. (A friend of \p Derived, so
  /// that `T == 0` converts the 0 as it would for any \p Derived.)
  friend bool operator==(const Derived &A, const Derived &B) {
    return A.equals(B);
  }
  friend bool operator!=(const Derived &A, const Derived &B) {
    return !A.equals(B);
  }

protected:
  NestedTuple() = default;
  explicit NestedTuple(LeafT L) : K(Kind::Leaf), Leaf(std::move(L)) {}
  explicit NestedTuple(std::vector<Derived> Elts)
      : K(Kind::Tuple), Elems(std::move(Elts)) {}

  static Derived makeUnderscore() {
    Derived T;
    T.K = Kind::Underscore;
    return T;
  }

  /// The notation of the tree: \p LeafStr of each leaf, `_`, and tuples as
  /// \p Open, elements split by \p Sep, \p Close.
  template <typename FnT>
  std::string bracketStr(FnT LeafStr, llvm::StringRef Open = "(",
                         llvm::StringRef Sep = ",",
                         llvm::StringRef Close = ")") const {
    switch (K) {
    case Kind::Underscore:
      return "_";
    case Kind::Leaf:
      return LeafStr(Leaf);
    case Kind::Tuple:
      break;
    }
    std::string S = Open.str();
    for (size_t I = 0; I < Elems.size(); ++I) {
      if (I)
        S += Sep;
      S += Elems[I].bracketStr(LeafStr, Open, Sep, Close);
    }
    return S + Close.str();
  }

  bool equals(const NestedTuple &O) const {
    if (K != O.K)
      return false;
    switch (K) {
    case Kind::Underscore:
      return true;
    case Kind::Leaf:
      return Leaf == O.Leaf;
    case Kind::Tuple:
      return Elems == O.Elems;
    }
    return false;
  }

  Kind K = Kind::Tuple;
  LeafT Leaf;
  std::vector<Derived> Elems;
};

//===----------------------------------------------------------------------===//
// Walks over the leaves (a leaf or `_`) of a nested tuple
//===----------------------------------------------------------------------===//

/// Calls \p Fn on each leaf or `_` node of \p T, left to right; \p T may be
/// const or not, and \p Fn gets the node as \p T holds it.
template <typename TreeT, typename FnT> void forEachLeaf(TreeT &T, FnT &&Fn) {
  if (!T.isTuple()) {
    Fn(T);
    return;
  }
  for (auto &E : T.elems())
    forEachLeaf(E, Fn);
}

/// True when a leaf or `_` node of \p T satisfies \p Pred (left to right,
/// stopping at the first).
template <typename TreeT, typename PredT>
bool anyLeaf(const TreeT &T, PredT &&Pred) {
  if (!T.isTuple())
    return Pred(T);
  for (const TreeT &E : T.elems())
    if (anyLeaf(E, Pred))
      return true;
  return false;
}

/// The node of \p T that \p Path names, mode by mode from the top (CuTe's
/// get<I0,I1,...>). Where a step names no mode (a leaf or `_` has none), the
/// node reached so far, with \p Path left at that step.
template <typename TreeT>
const TreeT &followPath(const TreeT &T, llvm::ArrayRef<unsigned> &Path) {
  const TreeT *Cur = &T;
  while (!Path.empty() && Cur->isTuple() && Path.front() < Cur->size()) {
    Cur = &(*Cur)[Path.front()];
    Path = Path.drop_front();
  }
  return *Cur;
}

/// The tree of \p OutT shaped like \p T whose leaf and `_` nodes are \p Fn
/// of \p T's: CuTe's transform_leaf.
template <typename OutT, typename TreeT, typename FnT>
OutT transformLeaves(const TreeT &T, FnT &&Fn) {
  if (!T.isTuple())
    return Fn(T);
  std::vector<OutT> Out;
  Out.reserve(T.size());
  for (const TreeT &E : T.elems())
    Out.push_back(transformLeaves<OutT>(E, Fn));
  return OutT(std::move(Out));
}

} // namespace cute

#endif // CUTELLVM_LAYOUT_NESTEDTUPLE_H
