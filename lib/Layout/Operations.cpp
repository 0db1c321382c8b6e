//===- Operations.cpp - CuTe IR operations by mnemonic --------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The operation table: every mnemonic with its arity and its evaluator,
/// grouped by CuTe IR's spec groups (Constructors, Accessors, SizeIndex,
/// LayoutAlgebra, TilingPartitioningProducts, Arithmetic).
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Layout/OpTable.h"
#include "TiledOperations.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

namespace {
Value tupleValue(IntTuple T, ValueKind K = ValueKind::IntTuple) {
  return Value::fromTuple(std::move(T), K);
}
Value layoutValue(Layout L) { return Value::fromLayout(std::move(L)); }
Value composedValue(ComposedLayout C) {
  return Value::fromComposed(std::move(C));
}
Value boolValue(bool B) { return Value::fromBool(B); }
Value intValue(Int I) { return tupleValue(IntTuple(I), ValueKind::Int); }

/// Checks the static-leaf rules every CuTe IR tuple verifier enforces:
/// shapes have positive leaves.
Error verifyShape(const IntTuple &T, StringRef What) {
  SmallVector<IntTuple, 8> L;
  leaves(T, L);
  for (const IntTuple &X : L) {
    if (X.isUnderscore())
      return makeError(formatv("{0} {1} cannot hold '_'", What, T.str()));
    if (X.isBasis())
      return makeError(
          formatv("{0} {1} cannot hold a scaled basis", What, T.str()));
    if (X.value().isStatic() && X.value().value() <= 0)
      return makeError(formatv("{0} {1} has a non-positive leaf {2}", What,
                               T.str(), X.value().value()));
  }
  return Error::success();
}
/// The first static leaf of \p T that is not positive (an extent of a shape
/// or a tiler must be), if any.
std::optional<int64_t> nonPositiveLeaf(const IntTuple &T) {
  SmallVector<IntTuple, 8> L;
  leaves(T, L);
  for (const IntTuple &X : L)
    if (X.isLeaf() && X.value().isStatic() && X.value().value() <= 0)
      return X.value().value();
  return std::nullopt;
}

/// The first static extent of a layout in \p T that is not positive.
std::optional<int64_t> nonPositiveExtent(const Tile &T) {
  if (T.isLayout())
    return nonPositiveLeaf(T.layout().Shape);
  if (T.isTuple())
    for (const Tile &E : T.elems())
      if (auto Bad = nonPositiveExtent(E))
        return Bad;
  return std::nullopt;
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
          return makeError(formatv("stride {0} mixes scaled bases that use "
                                   "a mode both as an integer and as a tuple",
                                   Stride.str()));
      }
    } else if (!X.value().is(0)) {
      Ints = true;
    }
  }
  if (Ints && Bases)
    return makeError(
        formatv("stride {0} mixes integers and scaled bases", Stride.str()));
  return Error::success();
}
} // namespace

Expected<Value> parseValue(StringRef Text, ValueKind Kind) {
  if (Kind == ValueKind::Auto) {
    if (looksLikeComposed(Text))
      Kind = ValueKind::ComposedLayout;
    else if (looksLikeSwizzle(Text))
      Kind = ValueKind::Swizzle;
    else if (looksLikeLayout(Text))
      Kind = ValueKind::Layout;
    else if (Text.contains(':') || Text.contains('[') || Text.contains('_'))
      Kind = ValueKind::Tile;
    else
      Kind = ValueKind::IntTuple;
  }
  switch (Kind) {
  case ValueKind::Layout: {
    auto L = parseLayout(Text);
    if (!L)
      return L.takeError();
    if (Error E = verifyShape(L->Shape, "shape"))
      return std::move(E);
    if (Error E = verifyStrides(L->Stride))
      return std::move(E);
    return layoutValue(std::move(*L));
  }
  case ValueKind::ComposedLayout: {
    auto C = parseComposedLayout(Text);
    if (!C)
      return C.takeError();
    if (Error E = verifyShape(C->Outer.Shape, "shape"))
      return std::move(E);
    return composedValue(std::move(*C));
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
      return makeError(
          formatv("tile {0} has a non-positive extent {1}", T->str(), *Bad));
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
      return makeError(formatv("'_' is only allowed in a coordinate, but got "
                               "{0} {1}",
                               valueKindName(Kind), T->str()));
    if (Kind == ValueKind::Int && T->isTuple())
      return makeError(formatv("expects an integer, but got {0}", T->str()));
    return tupleValue(std::move(*T), Kind);
  }
  }
}

std::optional<int64_t> OpAttrs::getInt(StringRef Name) const {
  auto It = Ints.find(Name.str());
  if (It == Ints.end() || It->second.size() != 1)
    return std::nullopt;
  return It->second.front();
}

const std::vector<int64_t> *OpAttrs::getList(StringRef Name) const {
  auto It = Ints.find(Name.str());
  return It == Ints.end() ? nullptr : &It->second;
}

//===----------------------------------------------------------------------===//
// Operand coercions
//===----------------------------------------------------------------------===//

namespace {
using Results = std::vector<Value>;
using Args = ArrayRef<Value>;

Expected<Results> one(Expected<Layout> L) {
  if (!L)
    return L.takeError();
  return Results{layoutValue(std::move(*L))};
}
Expected<Results> one(Expected<IntTuple> T, ValueKind K = ValueKind::IntTuple) {
  if (!T)
    return T.takeError();
  return Results{tupleValue(std::move(*T), K)};
}

Error kindError(StringRef Op, unsigned I, const Value &V, StringRef Want) {
  return makeError(formatv("'{0}' expects operand #{1} to be {2}, but got {3} "
                           "{4}",
                           Op, I, Want, valueKindName(V.kind()), V.str()));
}

/// A plain layout operand.
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
    return makeError(formatv("'{0}' expects operand #{1} to be a shape of "
                             "positive extents, but got {2} (extent {3})",
                             Op, I, T->str(), *Bad));
  return T;
}

/// A tiler: a layout, a tile, or a shape (by mode).
Expected<Tile> asTile(StringRef Op, Args A, unsigned I, bool UnitStride) {
  if (A[I].isTupleKind() && A[I].kind() != ValueKind::Stride &&
      A[I].kind() != ValueKind::Coord)
    if (auto Bad = nonPositiveLeaf(A[I].tuple()))
      return makeError(formatv("'{0}' expects operand #{1} to be a tiler of "
                               "positive extents, but got {2} (extent {3})",
                               Op, I, A[I].str(), *Bad));
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

/// Lift a layout -> layout function to composed layouts (on the outer).
template <typename FnT>
Expected<Results> liftOuter(StringRef Op, Args A, FnT F) {
  if (A[0].kind() == ValueKind::ComposedLayout) {
    auto R = F(A[0].composed().Outer);
    if (!R)
      return R.takeError();
    return Results{withOuter(A[0].composed(), std::move(*R))};
  }
  auto L = asLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  return one(F(*L));
}

Expected<std::vector<unsigned>> modeList(StringRef Op, const OpAttrs &At) {
  const std::vector<int64_t> *M = At.getList("mode");
  if (!M)
    return makeError(formatv("'{0}' expects a 'mode' attribute", Op));
  std::vector<unsigned> Out;
  for (int64_t X : *M) {
    if (X < 0)
      return makeError(formatv("'{0}' expects non-negative modes", Op));
    Out.push_back(unsigned(X));
  }
  return Out;
}

/// get<I0,I1,...>(T) on a tuple.
Expected<IntTuple> getPath(const IntTuple &T, ArrayRef<unsigned> Path) {
  IntTuple Cur = T;
  for (unsigned I : Path) {
    if (!Cur.isTuple() || I >= Cur.size())
      return makeError(
          formatv("mode {0} is out of range for {1}", I, Cur.str()));
    IntTuple Next = Cur[I];
    Cur = std::move(Next);
  }
  return Cur;
}

Expected<Layout> getLayoutPath(const Layout &L, ArrayRef<unsigned> Path) {
  Layout Cur = L;
  for (unsigned I : Path) {
    if (!Cur.Shape.isTuple())
      return makeError(
          formatv("mode {0} is out of range for {1}", I, Cur.str()));
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
  if (!T.isTuple()) {
    Out.push_back(T);
    return;
  }
  for (const Tile &E : T.elems())
    flattenTile(E, Out);
}

//===----------------------------------------------------------------------===//
// The operation table
//===----------------------------------------------------------------------===//

using EvalFn = Expected<Results> (*)(StringRef, Args, const OpAttrs &);

//===--- SizeIndex --------------------------------------------------------===//

Expected<Results> evalSize(StringRef Op, Args A, const OpAttrs &At) {
  std::vector<unsigned> Path;
  if (At.getList("mode")) {
    auto M = modeList(Op, At);
    if (!M)
      return M.takeError();
    Path = *M;
  }
  IntTuple Shape;
  if (A[0].kind() == ValueKind::Layout)
    Shape = A[0].layout().Shape;
  else if (A[0].kind() == ValueKind::ComposedLayout)
    Shape = A[0].composed().Outer.Shape;
  else if (A[0].isTupleKind() && A[0].kind() != ValueKind::Stride)
    Shape = A[0].tuple();
  else
    return kindError(Op, 0, A[0], "a layout or a shape");
  auto S = getPath(Shape, Path);
  if (!S)
    return S.takeError();
  return Results{intValue(product(*S))};
}

Expected<Results> evalCosize(StringRef Op, Args A, const OpAttrs &At) {
  if (A[0].kind() == ValueKind::ComposedLayout && !A[0].composed().InnerSwizzle)
    return kindError(Op, 0, A[0], "a layout or a swizzled layout");
  auto L = asLayoutOrOuter(Op, A, 0);
  if (!L)
    return L.takeError();
  Layout M = *L;
  if (At.getList("mode")) {
    auto P = modeList(Op, At);
    if (!P)
      return P.takeError();
    auto S = getLayoutPath(M, *P);
    if (!S)
      return S.takeError();
    M = *S;
  }
  auto C = cosize(M);
  if (!C)
    return C.takeError();
  return Results{intValue(*C)};
}

/// CuTe's depth of a tile (a tuple of layouts): a layout counts its
/// shape's depth, '_' none, a tuple one more than its deepest mode.
int64_t tileDepth(const Tile &T) {
  if (T.isLayout())
    return depth(T.layout());
  if (!T.isTuple())
    return 0;
  int64_t D = 0;
  for (const Tile &E : T.elems())
    D = std::max(D, tileDepth(E));
  return 1 + D;
}

/// rank / depth: of a layout, of the domain (outer) layout of a composed
/// layout (CuTe's rank/depth of a ComposedLayout), of a tile, or of a tuple.
Expected<Results> evalRankOrDepth(StringRef Op, Args A, bool Rank) {
  const Value &V = A[0];
  if (V.kind() == ValueKind::Layout || V.kind() == ValueKind::ComposedLayout) {
    const Layout &L =
        V.kind() == ValueKind::Layout ? V.layout() : V.composed().Outer;
    return Results{intValue(Int(int64_t(Rank ? rank(L) : depth(L))))};
  }
  if (V.kind() == ValueKind::Tile) {
    const Tile &T = V.tile();
    if (T.isLayout())
      return Results{
          intValue(Int(int64_t(Rank ? rank(T.layout()) : depth(T.layout()))))};
    int64_t R = Rank ? (T.isTuple() ? int64_t(T.size()) : 1) : tileDepth(T);
    return Results{intValue(Int(R))};
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  return Results{intValue(Int(int64_t(Rank ? rank(*T) : depth(*T))))};
}

Expected<Results> evalRank(StringRef Op, Args A, const OpAttrs &) {
  return evalRankOrDepth(Op, A, true);
}

Expected<Results> evalDepth(StringRef Op, Args A, const OpAttrs &) {
  return evalRankOrDepth(Op, A, false);
}

Expected<Results> evalCrd2Idx(StringRef Op, Args A, const OpAttrs &) {
  auto C = asTuple(Op, A, 0);
  if (!C)
    return C.takeError();
  if (A[0].kind() != ValueKind::Coord && A[0].kind() != ValueKind::IntTuple &&
      A[0].kind() != ValueKind::Int)
    return kindError(Op, 0, A[0], "a coordinate");
  IntTuple Shape, Stride;
  if (A[1].kind() == ValueKind::Layout) {
    Shape = A[1].layout().Shape;
    Stride = A[1].layout().Stride;
  } else {
    if (A[1].kind() != ValueKind::Shape && A.size() == 2 &&
        A[0].kind() == ValueKind::Coord)
      return kindError(Op, 1, A[1], "a shape");
    auto S = asTuple(Op, A, 1);
    if (!S)
      return S.takeError();
    Shape = *S;
    if (A.size() == 3) {
      auto D = asTuple(Op, A, 2);
      if (!D)
        return D.takeError();
      Stride = *D;
    } else {
      Stride = compactColMajor(Shape);
    }
  }
  if (A[0].kind() == ValueKind::IntTuple && A.size() == 2 &&
      A[1].kind() == ValueKind::Shape)
    return kindError(Op, 0, A[0], "a coordinate");
  return one(crd2idx(*C, Shape, Stride));
}

Expected<Results> evalIdx2Crd(StringRef Op, Args A, const OpAttrs &) {
  auto I = asTuple(Op, A, 0);
  if (!I)
    return I.takeError();
  auto S = asShapeLike(Op, A, 1);
  if (!S)
    return S.takeError();
  if (A.size() == 3) {
    auto D = asTuple(Op, A, 2);
    if (!D)
      return D.takeError();
    return one(idx2crd(*I, *S, *D), ValueKind::Coord);
  }
  if (S->isTuple() && S->size() == 0)
    return Results{tupleValue(IntTuple(), ValueKind::Coord)};
  return one(idx2crd(*I, *S), ValueKind::Coord);
}

/// The most elements eval enumerates.
constexpr int64_t MaxEvalElements = int64_t(1) << 16;

Expected<Results> evalEval(StringRef Op, Args A, const OpAttrs &) {
  auto L = asLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  Int N = size(*L);
  if (N.isDynamic())
    return makeError(
        formatv("eval expects a static size, but got {0}", L->str()));
  // The result is one value per element: bounded as print and svg are, so
  // that one line cannot ask for megabytes.
  if (N.value() < 0 || N.value() > MaxEvalElements)
    return makeError(formatv("eval: layout {0} is too large to enumerate "
                             "(more than {1} elements)",
                             L->str(), MaxEvalElements));
  std::vector<IntTuple> Out;
  Out.reserve(N.value());
  // Static integer strides: the flattened modes, a few machine operations
  // per mode per element (the trees below cost a walk and allocations each).
  SmallVector<IntTuple, 8> Shapes, Strides;
  leaves(L->Shape, Shapes);
  leaves(L->Stride, Strides);
  bool Flat = Shapes.size() == Strides.size() && !Shapes.empty();
  for (size_t M = 0; Flat && M < Shapes.size(); ++M)
    Flat = Shapes[M].isInt() && Strides[M].isInt() &&
           Shapes[M].value().isStatic() && Strides[M].value().isStatic() &&
           Shapes[M].value().value() > 0;
  for (int64_t I = 0; Flat && I < N.value(); ++I) {
    int64_t Rest = I, R = 0, T;
    for (size_t M = 0; M < Shapes.size(); ++M) {
      int64_t Ext = Shapes[M].value().value();
      int64_t C = M + 1 == Shapes.size() ? Rest : Rest % Ext;
      Rest /= Ext;
      if (__builtin_mul_overflow(C, Strides[M].value().value(), &T) ||
          __builtin_add_overflow(R, T, &R)) {
        Flat = false; // let the checked arithmetic below report it
        Out.clear();
        break;
      }
    }
    if (Flat)
      Out.push_back(IntTuple(R));
  }
  // Dynamic or scaled-basis strides give a symbolic tree per element: fewer.
  constexpr int64_t MaxSymbolicElements = int64_t(1) << 12;
  if (!Flat && N.value() > MaxSymbolicElements)
    return makeError(formatv("eval: layout {0} has dynamic or scaled-basis "
                             "strides; it is enumerated up to {1} elements",
                             L->str(), MaxSymbolicElements));
  for (int64_t I = Flat ? N.value() : 0; I < N.value(); ++I) {
    auto R = crd2idx(IntTuple(I), L->Shape, L->Stride);
    if (!R)
      return R.takeError();
    Out.push_back(std::move(*R));
  }
  return Results{tupleValue(IntTuple(std::move(Out)))};
}

Expected<Results> sliceComposed(StringRef Op, const ComposedLayout &CL,
                                const IntTuple &C, bool IsSlice);

Expected<Results> evalLayoutEval(StringRef Op, Args A, const OpAttrs &) {
  auto C = asTuple(Op, A, 0);
  if (!C)
    return C.takeError();
  if (A[1].kind() == ValueKind::ComposedLayout) {
    if (hasUnderscore(*C))
      return sliceComposed(Op, A[1].composed(), *C, /*IsSlice=*/true);
    return one(evalComposed(A[1].composed(), *C));
  }
  auto L = asLayout(Op, A, 1);
  if (!L)
    return L.takeError();
  if (hasUnderscore(*C))
    return one(slice(*C, *L));
  return one(crd2idx(*C, L->Shape, L->Stride));
}

Expected<Results> evalSwizzle(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() != ValueKind::Swizzle)
    return kindError(Op, 0, A[0], "a swizzle");
  auto O = asTuple(Op, A, 1);
  if (!O)
    return O.takeError();
  if (!O->isInt())
    return kindError(Op, 1, A[1], "an integer offset");
  return Results{intValue(A[0].swizzle().apply(O->value()))};
}

//===--- Arithmetic -------------------------------------------------------===//

Expected<Results> evalShapeDiv(StringRef Op, Args A, const OpAttrs &) {
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  auto Y = asTuple(Op, A, 1);
  if (!Y)
    return Y.takeError();
  return one(shapeDiv(*X, *Y), A[0].kind());
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
Expected<IntTuple> prefixProductWithInit(const IntTuple &X, const IntTuple &I,
                                         const IntTuple &TopX,
                                         const IntTuple &TopI) {
  if (!I.isTuple())
    return prefixProduct(X, I.value());
  if (!X.isTuple() || X.size() != I.size())
    return makeError(formatv("prefix_product expects init {0} to be "
                             "congruent with {1} (or coarser), but mode {2} "
                             "of init does not match {3}",
                             TopI.str(), TopX.str(), I.str(), X.str()));
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
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  if (A.size() == 2) {
    auto I = asTuple(Op, A, 1);
    if (!I)
      return I.takeError();
    auto R = prefixProductWithInit(*X, *I, *X, *I);
    if (!R)
      return R.takeError();
    return Results{tupleValue(std::move(*R))};
  }
  return Results{tupleValue(prefixProduct(*X, Int(1)))};
}

Expected<Results> evalTupleProduct(StringRef Op, Args A, const OpAttrs &) {
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  if (A[0].kind() == ValueKind::Stride || A[0].kind() == ValueKind::Coord)
    return kindError(Op, 0, A[0], "a shape or an int tuple");
  return Results{intValue(product(*X))};
}

Expected<Results> evalTupleProductEach(StringRef Op, Args A, const OpAttrs &) {
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  if (A[0].kind() == ValueKind::Stride || A[0].kind() == ValueKind::Coord)
    return kindError(Op, 0, A[0], "a shape or an int tuple");
  std::vector<IntTuple> Out;
  if (!X->isTuple())
    Out.push_back(IntTuple(product(*X)));
  else
    for (const IntTuple &E : X->elems())
      Out.push_back(IntTuple(product(E)));
  return Results{tupleValue(IntTuple(std::move(Out)), A[0].kind())};
}

/// Elementwise add/sub of congruent int tuples of the same kind.
Expected<IntTuple> zipArith(const IntTuple &X, const IntTuple &Y, bool Add) {
  // A missing mode counts as 0, and a static 0 applies to every mode.
  if (X.isTuple() && Y.isInt() && Y.value().is(0))
    return X;
  if (Y.isTuple() && X.isInt() && X.value().is(0) && Add)
    return Y;
  if (X.isTuple() != Y.isTuple())
    return makeError(formatv("expects congruent operands, but got {0} and {1}",
                             X.str(), Y.str()));
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
      return makeError(
          formatv("expects integers, but got {0} and {1}", X.str(), Y.str()));
    return IntTuple(Add ? X.value() + Y.value() : X.value() - Y.value());
  }
  std::vector<IntTuple> Out;
  for (size_t I = 0; I < X.size(); ++I) {
    auto R = zipArith(X[I], Y[I], Add);
    if (!R)
      return R.takeError();
    Out.push_back(std::move(*R));
  }
  return IntTuple(std::move(Out));
}

Expected<Results> evalTupleAddSub(StringRef Op, Args A, bool Add) {
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  auto Y = asTuple(Op, A, 1);
  if (!Y)
    return Y.takeError();
  if (A[0].kind() != A[1].kind())
    return makeError(formatv("'{0}' expects operands of the same type, but "
                             "got {1} and {2}",
                             Op, valueKindName(A[0].kind()),
                             valueKindName(A[1].kind())));
  if (A[0].kind() == ValueKind::Coord)
    return kindError(Op, 0, A[0], "an int tuple, a shape or a stride");
  return one(zipArith(*X, *Y, Add), A[0].kind());
}
Expected<Results> evalTupleAdd(StringRef Op, Args A, const OpAttrs &) {
  return evalTupleAddSub(Op, A, true);
}
Expected<Results> evalTupleSub(StringRef Op, Args A, const OpAttrs &) {
  return evalTupleAddSub(Op, A, false);
}

Expected<bool> elemLess(const IntTuple &X, const IntTuple &Y) {
  if (X.isTuple() != Y.isTuple() || (X.isTuple() && X.size() != Y.size()))
    return makeError(formatv("elem_less expects congruent operands, but got "
                             "{0} and {1}",
                             X.str(), Y.str()));
  if (!X.isTuple()) {
    if (!X.isInt() || !Y.isInt() || X.value().isDynamic() ||
        Y.value().isDynamic())
      return makeError(formatv("elem_less expects static integers, but got "
                               "{0} and {1}",
                               X.str(), Y.str()));
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
  auto X = asTuple(Op, A, 0);
  if (!X)
    return X.takeError();
  auto Y = asTuple(Op, A, 1);
  if (!Y)
    return Y.takeError();
  auto R = elemLess(*X, *Y);
  if (!R)
    return R.takeError();
  return Results{boolValue(*R)};
}

Expected<Results> evalEqual(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() != A[1].kind())
    return makeError(formatv("'{0}' expects operands of the same type", Op));
  return Results{boolValue(A[0].str() == A[1].str())};
}

//===--- Accessors --------------------------------------------------------===//

Expected<Results> evalGet(StringRef Op, Args A, const OpAttrs &At) {
  auto Path = modeList(Op, At);
  if (!Path)
    return Path.takeError();
  if (A[0].kind() == ValueKind::Layout)
    return one(getLayoutPath(A[0].layout(), *Path));
  if (A[0].kind() == ValueKind::ComposedLayout) {
    auto M = getLayoutPath(A[0].composed().Outer, *Path);
    if (!M)
      return M.takeError();
    return Results{withOuter(A[0].composed(), *M)};
  }
  if (A[0].kind() == ValueKind::Tile) {
    const Tile *Cur = &A[0].tile();
    for (unsigned I : *Path) {
      if (!Cur->isTuple() || I >= Cur->size())
        return makeError(formatv("mode {0} is out of range for tile {1}", I,
                                 A[0].tile().str(A[0].bracketed())));
      Cur = &(*Cur)[I];
    }
    if (Cur->isLayout())
      return Results{layoutValue(Cur->layout())};
    return Results{Value::fromTile(*Cur, A[0].bracketed())};
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  return one(getPath(*T, *Path), A[0].kind());
}

Expected<Results> evalSelect(StringRef Op, Args A, const OpAttrs &At) {
  auto Modes = modeList(Op, At);
  if (!Modes)
    return Modes.takeError();
  if (A[0].kind() == ValueKind::Layout)
    return one(select(A[0].layout(), *Modes));
  if (A[0].kind() == ValueKind::ComposedLayout) {
    // CuTe's select of a composed layout selects the modes of its domain
    // (outer) layout and keeps the inner function and the offset.
    auto M = select(A[0].composed().Outer, *Modes);
    if (!M)
      return M.takeError();
    return Results{withOuter(A[0].composed(), std::move(*M))};
  }
  if (A[0].kind() == ValueKind::Tile) {
    const Tile &T = A[0].tile();
    std::vector<Tile> Out;
    for (unsigned I : *Modes) {
      if (!T.isTuple() || I >= T.size())
        return makeError(formatv("mode {0} is out of range for tile {1}", I,
                                 T.str(A[0].bracketed())));
      Out.push_back(T[I]);
    }
    return Results{Value::fromTile(Tile(std::move(Out)), A[0].bracketed())};
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  std::vector<IntTuple> Out;
  for (unsigned I : *Modes) {
    if (I >= rank(*T))
      return makeError(formatv("mode {0} is out of range for {1} of rank {2}",
                               I, T->str(), rank(*T)));
    Out.push_back(mode(*T, I));
  }
  return Results{tupleValue(IntTuple(std::move(Out)), A[0].kind())};
}

/// get_shape / get_stride: the \p Part of a layout (or of its outer
/// layout), or of each layout of a tile, as a value of kind \p Kind.
Expected<Results> evalLayoutPart(StringRef Op, Args A, IntTuple Layout::*Part,
                                 ValueKind Kind) {
  if (A[0].kind() == ValueKind::Tile && A[0].tile().isTuple()) {
    std::vector<IntTuple> Out;
    for (const Tile &E : A[0].tile().elems()) {
      if (!E.isLayout())
        return kindError(Op, 0, A[0], "a tile of layouts");
      Out.push_back(E.layout().*Part);
    }
    return Results{tupleValue(IntTuple(std::move(Out)), Kind)};
  }
  auto L = asLayoutOrOuter(Op, A, 0);
  if (!L)
    return L.takeError();
  return Results{tupleValue((*L).*Part, Kind)};
}

Expected<Results> evalGetShape(StringRef Op, Args A, const OpAttrs &) {
  return evalLayoutPart(Op, A, &Layout::Shape, ValueKind::Shape);
}

Expected<Results> evalGetStride(StringRef Op, Args A, const OpAttrs &) {
  return evalLayoutPart(Op, A, &Layout::Stride, ValueKind::Stride);
}

Expected<Results> evalGetLeaves(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::Tile) {
    // The leaves of a tile are its layouts and its '_' modes, in order.
    std::vector<Tile> Flat;
    flattenTile(A[0].tile(), Flat);
    Results Out;
    for (Tile &E : Flat) {
      if (E.isLayout()) {
        Out.push_back(layoutValue(E.layout()));
        continue;
      }
      Out.push_back(Value::fromTile(std::move(E), A[0].bracketed()));
    }
    return Out;
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  SmallVector<IntTuple, 8> L;
  leaves(*T, L);
  Results Out;
  for (IntTuple &X : L)
    Out.push_back(tupleValue(std::move(X), A[0].kind()));
  return Out;
}

Expected<Results> evalGetLayoutsFromTile(StringRef Op, Args A,
                                         const OpAttrs &) {
  if (A[0].kind() != ValueKind::Tile)
    return kindError(Op, 0, A[0], "a tile");
  Results Out;
  const Tile &T = A[0].tile();
  if (!T.isTuple())
    return makeError("get_layouts_from_tile expects a tuple of tiles");
  std::function<void(const Tile &)> Collect = [&](const Tile &E) {
    if (E.isLayout())
      Out.push_back(layoutValue(E.layout()));
    else if (E.isTuple())
      for (const Tile &X : E.elems())
        Collect(X);
  };
  Collect(T);
  // A tile of '_' modes only has no layout slot to read.
  if (Out.empty())
    return makeError(formatv("get_layouts_from_tile expects a tile with at "
                             "least one layout, but {0} has none",
                             T.str(A[0].bracketed())));
  return Out;
}

Expected<Results> evalComposedGet(StringRef Op, Args A, int Which) {
  if (A[0].kind() != ValueKind::ComposedLayout)
    return kindError(Op, 0, A[0], "a composed layout");
  const ComposedLayout &C = A[0].composed();
  if (Which == 0) {
    if (C.InnerSwizzle) {
      return Results{Value::fromSwizzle(*C.InnerSwizzle)};
    }
    return Results{layoutValue(C.InnerLayout)};
  }
  if (Which == 1)
    return Results{tupleValue(C.Offset)};
  return Results{layoutValue(C.Outer)};
}
Expected<Results> evalComposedInner(StringRef Op, Args A, const OpAttrs &) {
  return evalComposedGet(Op, A, 0);
}
Expected<Results> evalComposedOffset(StringRef Op, Args A, const OpAttrs &) {
  return evalComposedGet(Op, A, 1);
}
Expected<Results> evalComposedOuter(StringRef Op, Args A, const OpAttrs &) {
  return evalComposedGet(Op, A, 2);
}

/// to_int_tuple / to_shape / to_stride / to_coord: retype an int tuple.
Expected<Results> evalRetype(StringRef Op, Args A, ValueKind To) {
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  if (A[0].kind() == To && To != ValueKind::IntTuple)
    return makeError(formatv("'{0}' expects an operand that is not already a "
                             "{1}",
                             Op, valueKindName(To)));
  if (To == ValueKind::IntTuple) {
    if (hasBasis(*T) || hasUnderscore(*T))
      return makeError(
          formatv("'{0}' expects integer leaves, but got {1}", Op, T->str()));
  } else if (A[0].kind() != ValueKind::IntTuple) {
    return kindError(Op, 0, A[0], "an int tuple");
  }
  if (To == ValueKind::Shape)
    if (Error E = verifyShape(*T, "shape"))
      return std::move(E);
  return Results{tupleValue(*T, To)};
}
Expected<Results> evalToIntTuple(StringRef Op, Args A, const OpAttrs &) {
  return evalRetype(Op, A, ValueKind::IntTuple);
}
Expected<Results> evalToShape(StringRef Op, Args A, const OpAttrs &) {
  return evalRetype(Op, A, ValueKind::Shape);
}
Expected<Results> evalToStride(StringRef Op, Args A, const OpAttrs &) {
  return evalRetype(Op, A, ValueKind::Stride);
}
Expected<Results> evalToCoord(StringRef Op, Args A, const OpAttrs &) {
  return evalRetype(Op, A, ValueKind::Coord);
}

Expected<Results> evalIncrementCoord(StringRef Op, Args A, const OpAttrs &) {
  auto C = asTuple(Op, A, 0);
  if (!C)
    return C.takeError();
  auto S = asShapeLike(Op, A, 1);
  if (!S)
    return S.takeError();
  if (!congruent(*C, *S))
    return makeError(formatv("increment_coord expects coordinate {0} to be "
                             "congruent with shape {1}",
                             C->str(), S->str()));
  // Colexicographic increment (CuTe's detail::increment): the first leaf
  // moves fastest; a leaf that reaches its extent wraps to 0 and carries,
  // except the last. Where a dynamic coordinate or extent leaves the carry
  // unknown, the leaves it may reach are dynamic ('?').
  SmallVector<IntTuple, 8> CL, SL;
  leaves(*C, CL);
  leaves(*S, SL);
  enum { No, Yes, Maybe } Carry = Yes;
  for (size_t I = 0; I < CL.size() && Carry != No; ++I) {
    if (!CL[I].isInt() || !SL[I].isInt())
      return makeError(formatv("increment_coord expects integer leaves, but "
                               "got {0} and {1}",
                               C->str(), S->str()));
    const Int &CV = CL[I].value(), &SV = SL[I].value();
    unsigned Width = std::max(CV.width(), SV.width());
    bool Last = I + 1 == CL.size();
    if (CV.isStatic() && SV.isStatic() && Carry == Yes) {
      int64_t V = CV.value() + 1;
      if (V < SV.value() || Last) {
        CL[I] = IntTuple(Int(V));
        Carry = No;
      } else {
        CL[I] = IntTuple(Int(0));
      }
      continue;
    }
    // The leaf may change: it is dynamic from here on. Its carry out is
    // certainly none only when a static increment stays in its extent.
    bool MayWrap =
        !(CV.isStatic() && SV.isStatic() && CV.value() + 1 < SV.value());
    CL[I] = IntTuple(Int::dynamic(Width));
    Carry = MayWrap && !Last ? Maybe : No;
  }
  size_t Next = 0;
  std::function<IntTuple(const IntTuple &)> Rebuild =
      [&](const IntTuple &T) -> IntTuple {
    if (!T.isTuple())
      return CL[Next++];
    std::vector<IntTuple> Out;
    for (const IntTuple &E : T.elems())
      Out.push_back(Rebuild(E));
    return IntTuple(std::move(Out));
  };
  return Results{tupleValue(Rebuild(*C), ValueKind::Coord)};
}

//===--- Constructors -----------------------------------------------------===//

Expected<Results> evalMakeLayout(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::Layout) {
    std::vector<Layout> Modes;
    for (unsigned I = 0; I < A.size(); ++I) {
      auto L = asLayout(Op, A, I);
      if (!L)
        return L.takeError();
      Modes.push_back(*L);
    }
    return one(Expected<Layout>(makeLayoutFromModes(Modes)));
  }
  auto S = asShapeLike(Op, A, 0);
  if (!S)
    return S.takeError();
  if (A.size() == 1)
    return one(Expected<Layout>(makeLayout(*S)));
  if (A[1].kind() == ValueKind::Shape || A[1].kind() == ValueKind::Coord)
    return kindError(Op, 1, A[1], "a stride");
  auto D = asTuple(Op, A, 1);
  if (!D)
    return D.takeError();
  return one(makeLayout(*S, *D));
}

Expected<Results> evalMakeComposedLayout(StringRef Op, Args A,
                                         const OpAttrs &) {
  ComposedLayout C;
  if (A[0].kind() == ValueKind::Swizzle)
    C.InnerSwizzle = A[0].swizzle();
  else if (A[0].kind() == ValueKind::Layout)
    C.InnerLayout = A[0].layout();
  else
    return kindError(Op, 0, A[0], "a layout or a swizzle");
  auto Off = asTuple(Op, A, 1);
  if (!Off)
    return Off.takeError();
  C.Offset = *Off;
  auto Out = asLayout(Op, A, 2);
  if (!Out)
    return Out.takeError();
  C.Outer = *Out;
  // The parts must make a composed layout the notation accepts ('_' in the
  // offset, an offset that does not fit the inner layout, a zero extent):
  // one set of rules, the parser's, checked on what the parts print as.
  std::string Printed = C.str();
  if (auto Checked = parseComposedLayout(Printed); !Checked)
    return makeError(formatv("'{0}': '{1}' is not a composed layout: {2}", Op,
                             Printed, toString(Checked.takeError())));
  return Results{composedValue(std::move(C))};
}

Expected<Results> evalMakeIdentityLayout(StringRef Op, Args A,
                                         const OpAttrs &) {
  auto S = asShapeLike(Op, A, 0);
  if (!S)
    return S.takeError();
  return one(Expected<Layout>(makeIdentityLayout(*S)));
}

Expected<Results> evalMakeLayoutLike(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::ComposedLayout && !A[0].composed().InnerSwizzle)
    return kindError(Op, 0, A[0], "a layout or a swizzled layout");
  auto L = asLayoutOrOuter(Op, A, 0);
  if (!L)
    return L.takeError();
  return one(makeLayoutLike(*L));
}

Expected<Results> evalMakeOrderedLayout(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::Layout)
    return kindError(Op, 0, A[0], "a shape");
  auto S = asShapeLike(Op, A, 0);
  if (!S)
    return S.takeError();
  auto O = asTuple(Op, A, 1);
  if (!O)
    return O.takeError();
  if (rank(*O) != rank(*S))
    return makeError(formatv("make_ordered_layout expects order {0} to have "
                             "the rank of shape {1}",
                             O->str(), S->str()));
  return one(makeOrderedLayout(*S, *O));
}

/// append_to_rank / prepend_to_rank.
Expected<Results> evalPadToRank(StringRef Op, Args A, const OpAttrs &At,
                                bool Front) {
  auto R = At.getInt("rank");
  if (!R || *R < 0)
    return makeError(formatv("'{0}' expects a 'rank' attribute", Op));
  // The result has that many modes: bounded as the notation bounds a tuple.
  constexpr int64_t MaxPadRank = int64_t(1) << 16;
  if (*R > MaxPadRank)
    return makeError(formatv("'{0}': rank {1} is larger than {2}", Op, *R,
                             MaxPadRank));
  unsigned N = unsigned(*R);
  if (N == 0)
    return makeError(formatv("'{0}' expects a positive rank", Op));
  // A composed layout pads its domain (outer) layout, like CuTe's append
  // of a ComposedLayout: one composed layout, not a tuple.
  if (A[0].kind() == ValueKind::Layout ||
      A[0].kind() == ValueKind::ComposedLayout) {
    auto Pad = asLayout(Op, A, 1);
    if (!Pad)
      return Pad.takeError();
    Layout L = A[0].kind() == ValueKind::Layout ? A[0].layout()
                                                : A[0].composed().Outer;
    auto Wrap = [&](Layout R) {
      return A[0].kind() == ValueKind::Layout ? layoutValue(std::move(R))
                                              : withOuter(A[0].composed(), R);
    };
    IntTuple S = wrap(L.Shape), D = wrap(L.Stride);
    while (S.size() < N) {
      auto &SE = S.elems();
      auto &DE = D.elems();
      if (Front) {
        SE.insert(SE.begin(), Pad->Shape);
        DE.insert(DE.begin(), Pad->Stride);
      } else {
        SE.push_back(Pad->Shape);
        DE.push_back(Pad->Stride);
      }
    }
    if (rank(L) >= N)
      return Results{Wrap(L)};
    return Results{Wrap(Layout(S, D))};
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  auto Pad = asTuple(Op, A, 1);
  if (!Pad)
    return Pad.takeError();
  if (A[0].kind() != A[1].kind())
    return makeError(formatv("'{0}' expects operands of the same type, but "
                             "got {1} and {2}",
                             Op, valueKindName(A[0].kind()),
                             valueKindName(A[1].kind())));
  if (rank(*T) >= N)
    return Results{A[0]};
  IntTuple W = wrap(*T);
  while (W.size() < N) {
    if (Front)
      W.elems().insert(W.elems().begin(), *Pad);
    else
      W.push_back(*Pad);
  }
  return Results{tupleValue(W, A[0].kind())};
}
Expected<Results> evalAppendToRank(StringRef Op, Args A, const OpAttrs &At) {
  return evalPadToRank(Op, A, At, false);
}
Expected<Results> evalPrependToRank(StringRef Op, Args A, const OpAttrs &At) {
  return evalPadToRank(Op, A, At, true);
}

Expected<Results> evalParse(StringRef Op, Args A, const OpAttrs &) {
  // The operand was already parsed with its kind: reaching here means the
  // notation was valid.
  return Results{A[0]};
}

//===--- LayoutAlgebra ----------------------------------------------------===//

Expected<Results> evalCoalesce(StringRef Op, Args A, const OpAttrs &) {
  if (A.size() == 2) {
    auto P = asTuple(Op, A, 1);
    if (!P)
      return P.takeError();
    return liftOuter(Op, A, [&](const Layout &L) { return coalesce(L, *P); });
  }
  return liftOuter(
      Op, A, [](const Layout &L) { return Expected<Layout>(coalesce(L)); });
}

Expected<Results> evalFilter(StringRef Op, Args A, const OpAttrs &) {
  if (A.size() == 2) {
    auto P = asTuple(Op, A, 1);
    if (!P)
      return P.takeError();
    return liftOuter(Op, A, [&](const Layout &L) { return filter(L, *P); });
  }
  return liftOuter(Op, A,
                   [](const Layout &L) { return Expected<Layout>(filter(L)); });
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
      return makeError(formatv("'{0}' of a layout with a composed layout "
                               "expects the offset 0, but got {1}",
                               Op, CB.Offset.str()));
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
  auto L = asLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  return one(rightInverse(*L));
}

Expected<Results> evalLeftInverse(StringRef Op, Args A, const OpAttrs &) {
  auto L = asLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  return one(leftInverse(*L));
}

Expected<Results> evalGroupModes(StringRef Op, Args A, const OpAttrs &At) {
  auto B = At.getInt("begin"), E = At.getInt("end");
  if (!B || !E || *B < 0 || *E < 0)
    return makeError("group_modes expects 'begin' and 'end' attributes");
  if (A[0].isTupleKind()) {
    Layout Fake(A[0].tuple(), A[0].tuple());
    auto R = groupModes(Fake, unsigned(*B), unsigned(*E));
    if (!R)
      return R.takeError();
    return Results{tupleValue(R->Shape, A[0].kind())};
  }
  if (A[0].kind() == ValueKind::Tile && A[0].tile().isTuple()) {
    // CuTe's group<B,E> of a tuple: modes [B,E) of the tile become one
    // nested tile.
    const Tile &T = A[0].tile();
    if (*B == *E)
      return makeError(formatv("group_modes<{0},{1}> expects begin < end: an "
                               "empty group has no modes",
                               *B, *E));
    if (*B > *E || uint64_t(*E) > T.size())
      return makeError(formatv("group_modes<{0},{1}> is out of range for tile "
                               "{2} of rank {3}",
                               *B, *E, T.str(A[0].bracketed()), T.size()));
    std::vector<Tile> Out, Mid;
    for (size_t I = 0; I < T.size(); ++I) {
      if (I == size_t(*B))
        Out.push_back(Tile()); // placeholder for the group
      if (I >= size_t(*B) && I < size_t(*E))
        Mid.push_back(T[I]);
      else
        Out.push_back(T[I]);
    }
    Out[*B] = Tile(std::move(Mid));
    return Results{Value::fromTile(Tile(std::move(Out)), A[0].bracketed())};
  }
  return liftOuter(Op, A, [&](const Layout &L) {
    return groupModes(L, unsigned(*B), unsigned(*E));
  });
}

Expected<Results> evalFlatten(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::Layout ||
      A[0].kind() == ValueKind::ComposedLayout)
    return liftOuter(
        Op, A, [](const Layout &L) { return Expected<Layout>(flatten(L)); });
  if (A[0].kind() == ValueKind::Tile) {
    if (A[0].tile().isLayout())
      return Results{layoutValue(flatten(A[0].tile().layout()))};
    std::vector<Tile> Out;
    flattenTile(A[0].tile(), Out);
    return Results{Value::fromTile(Tile(std::move(Out)), A[0].bracketed())};
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  return Results{tupleValue(flatten(*T), A[0].kind())};
}

Expected<Results> evalRecastLayout(StringRef Op, Args A, const OpAttrs &At) {
  auto O = At.getInt("old_type_bits"), N = At.getInt("new_type_bits");
  if (!O || !N)
    return makeError("recast_layout expects 'old_type_bits' and "
                     "'new_type_bits' attributes");
  if (A[0].kind() == ValueKind::ComposedLayout) {
    // Recast every part: the inner function, the offset and the outer layout.
    ComposedLayout C = A[0].composed();
    int64_t G = std::gcd(*O, *N);
    if (G <= 0)
      return makeError("recast_layout expects positive element widths");
    int64_t Num = *N / G, Den = *O / G;
    auto Outer = recastLayout(C.Outer, *O, *N);
    if (!Outer)
      return Outer.takeError();
    C.Outer = *Outer;
    if (C.InnerSwizzle) {
      if (!isPowerOf2_64(Num) || !isPowerOf2_64(Den))
        return makeError("recast_layout of a swizzle expects power-of-two "
                         "element widths");
      C.InnerSwizzle->Base += int(Log2_64(Den)) - int(Log2_64(Num));
      if (C.InnerSwizzle->Base < 0)
        return makeError(formatv("recast_layout: swizzle {0} cannot be "
                                 "recast to {1}-bit elements",
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
    return makeError(formatv("'{0}' expects a coordinate with at least one "
                             "'_', but got {1}",
                             Op, C.str()));
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

Expected<Results> evalSliceDice(StringRef Op, Args A, bool IsSlice) {
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
    return makeError(formatv("'{0}' expects coordinate {1} to have the rank "
                             "of {2}",
                             Op, C->str(), X.tuple().str()));
  return one(IsSlice ? sliceTuple(*C, X.tuple()) : diceTuple(*C, X.tuple()),
             X.kind());
}
Expected<Results> evalSlice(StringRef Op, Args A, const OpAttrs &) {
  return evalSliceDice(Op, A, true);
}
Expected<Results> evalDice(StringRef Op, Args A, const OpAttrs &) {
  return evalSliceDice(Op, A, false);
}

//===--- TilingPartitioningProducts ---------------------------------------===//

template <Expected<Layout> (*F)(const Layout &, const Tile &, bool)>
Expected<Results> evalTiler(StringRef Op, Args A, const OpAttrs &At) {
  auto T = asTile(Op, A, 1, /*UnitStride=*/false);
  if (!T)
    return T.takeError();
  return liftOuter(Op, A, [&](const Layout &L) { return F(L, *T, At.Strict); });
}

template <Expected<Layout> (*F)(const Layout &, const Layout &, bool)>
Expected<Results> evalRankProduct(StringRef Op, Args A, const OpAttrs &At) {
  auto B = asLayout(Op, A, 1);
  if (!B)
    return B.takeError();
  return liftOuter(Op, A, [&](const Layout &L) { return F(L, *B, At.Strict); });
}

Expected<Results> evalTileToShape(StringRef Op, Args A, const OpAttrs &At) {
  auto S = asShapeLike(Op, A, 1);
  if (!S)
    return S.takeError();
  std::optional<IntTuple> Order;
  if (A.size() == 3) {
    auto O = asTuple(Op, A, 2);
    if (!O)
      return O.takeError();
    if (rank(*O) != rank(*S))
      return makeError(formatv("tile_to_shape expects order {0} to have the "
                               "rank of shape {1}",
                               O->str(), S->str()));
    // The order must be a permutation of the modes.
    SmallVector<IntTuple, 8> OL;
    leaves(*O, OL);
    std::vector<bool> Seen(OL.size(), false);
    for (const IntTuple &X : OL) {
      if (!X.isInt() || X.value().isDynamic() || X.value().value() < 0 ||
          X.value().value() >= int64_t(OL.size()) || Seen[X.value().value()])
        return makeError(formatv("tile_to_shape expects order {0} to be a "
                                 "permutation of the modes",
                                 O->str()));
      Seen[X.value().value()] = true;
    }
    Order = *O;
  }
  return liftOuter(Op, A, [&](const Layout &L) {
    return tileToShape(L, *S, Order ? &*Order : nullptr, At.Strict);
  });
}

/// The evaluator of \p Op in this file (td/Ops.td's AlgebraOp records), or
/// null.
EvalFn algebraEvaluator(CuteOp Op) {
  switch (Op) {
#define GET_ALGEBRA_OP_EVALUATORS
#include "CuteLLVM/Layout/CuteOps.inc"
  default:
    return nullptr;
  }
}

/// The op the library calls \p Op, with its evaluator.
struct OpInfo {
  const CuteOpInfo *Info;
  EvalFn Eval;
  unsigned MinArgs, MaxArgs;
};

std::optional<OpInfo> libraryOp(StringRef Op) {
  const CuteOpInfo *Info = lookupLibraryOp(Op);
  if (!Info)
    return std::nullopt;
  EvalFn Eval = algebraEvaluator(Info->Id);
  if (!Eval)
    Eval = tiledEvaluator(Info->Id);
  assert(Eval && "a library op without evaluator");
  return OpInfo{Info, Eval, Info->MinArgs, Info->MaxArgs};
}
} // namespace

bool isKnownOp(StringRef Op) { return lookupLibraryOp(Op) != nullptr; }

bool isMultiResultOp(StringRef Op) {
  const CuteOpInfo *Info = lookupLibraryOp(Op);
  return Info && Info->MultiResult;
}

std::vector<StringRef> knownOps() {
  std::vector<StringRef> Out;
  for (const CuteOpInfo &Info : allOps())
    if (!Info.LibName.empty())
      Out.push_back(Info.LibName);
  llvm::sort(Out);
  return Out;
}

/// CuTe's shapes have positive extents: a result whose shape does not (as
/// tuple_sub of two shapes can give) is an error, not a value.
static Expected<std::vector<Value>>
checkResultShapes(StringRef Op, Expected<std::vector<Value>> R) {
  if (!R)
    return R.takeError();
  for (const Value &V : *R) {
    const IntTuple *Shape = nullptr;
    if (V.kind() == ValueKind::Layout)
      Shape = &V.layout().Shape;
    else if (V.kind() == ValueKind::ComposedLayout)
      Shape = &V.composed().Outer.Shape;
    else if (V.kind() == ValueKind::Shape)
      Shape = &V.tuple();
    if (!Shape)
      continue;
    if (auto Bad = nonPositiveLeaf(*Shape))
      return makeError(formatv("'{0}' expects a result of positive extents, "
                               "but got {1} (extent {2})",
                               Op, V.str(), *Bad));
  }
  return R;
}

/// \p R, or the first overflow of static arithmetic that \p Scope saw while
/// \p Op computed it: the values computed after an overflow mean nothing,
/// so it is the error whatever else became of them.
static Expected<std::vector<Value>>
overflowOr(StringRef Op, OverflowScope &Scope, Expected<std::vector<Value>> R) {
  Error E = Scope.takeError();
  if (!E)
    return R;
  if (!R)
    consumeError(R.takeError());
  return makeError(formatv("'{0}': {1}", Op, toString(std::move(E))));
}

Expected<std::vector<Value>> evaluateOp(StringRef Op, ArrayRef<OpArg> ArgList,
                                        const OpAttrs &Attrs) {
  OverflowScope Scope;
  auto Found = libraryOp(Op);
  if (!Found)
    return makeError(formatv("unknown operation '{0}'", Op));
  const OpInfo &Info = *Found;
  if (ArgList.size() < Info.MinArgs || ArgList.size() > Info.MaxArgs) {
    if (Info.MinArgs == Info.MaxArgs)
      return makeError(formatv("'{0}' expects {1} operand(s), but got {2}", Op,
                               Info.MinArgs, ArgList.size()));
    return makeError(formatv("'{0}' expects {1} to {2} operands, but got {3}",
                             Op, Info.MinArgs, Info.MaxArgs, ArgList.size()));
  }
  std::vector<Value> Vals;
  for (size_t I = 0; I < ArgList.size(); ++I) {
    auto V = parseValue(ArgList[I].Text, ArgList[I].Kind);
    if (!V)
      return handleErrors(V.takeError(), [&](const ParseError &PE) -> Error {
        return makeError(formatv("operand #{0} '{1}': column {2}: {3}", I,
                                 ArgList[I].Text, PE.column(), PE.message()));
      });
    Vals.push_back(std::move(*V));
  }
  return overflowOr(Op, Scope,
                    checkResultShapes(Op, Info.Eval(Op, Vals, Attrs)));
}

Expected<std::vector<Value>> evaluateOp(StringRef Op, ArrayRef<Value> Vals,
                                        const OpAttrs &Attrs) {
  auto Found = libraryOp(Op);
  if (!Found)
    return makeError(formatv("unknown operation '{0}'", Op));
  const OpInfo &Info = *Found;
  if (Vals.size() < Info.MinArgs || Vals.size() > Info.MaxArgs) {
    if (Info.MinArgs == Info.MaxArgs)
      return makeError(formatv("'{0}' expects {1} operand(s), but got {2}", Op,
                               Info.MinArgs, Vals.size()));
    return makeError(formatv("'{0}' expects {1} to {2} operands, but got {3}",
                             Op, Info.MinArgs, Info.MaxArgs, Vals.size()));
  }
  OverflowScope Scope;
  return overflowOr(Op, Scope,
                    checkResultShapes(Op, Info.Eval(Op, Vals, Attrs)));
}

std::pair<unsigned, unsigned> opArity(StringRef Op) {
  const CuteOpInfo *Info = lookupLibraryOp(Op);
  if (!Info)
    return {0, 0};
  return {Info->MinArgs, Info->MaxArgs};
}

} // namespace cute
