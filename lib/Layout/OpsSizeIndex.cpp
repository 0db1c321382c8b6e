//===- OpsSizeIndex.cpp - The SizeIndex ops -------------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The evaluators of CuTe IR's SizeIndex group: size, cosize, rank, depth,
/// crd2idx, idx2crd, eval, layout_eval, swizzle, increment_coord and
/// append_to_rank / prepend_to_rank.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"
#include "OpsCommon.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <numeric>

using namespace llvm;

namespace cute {
namespace ops {

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
static int64_t tileDepth(const Tile &T) {
  return T.depth([](const Layout &L) { return depth(L); });
}

/// rank / depth: of a layout, of the domain (outer) layout of a composed
/// layout (CuTe's rank/depth of a ComposedLayout), of a tile, or of a tuple.
static Expected<Results> evalRankOrDepth(StringRef Op, Args A, bool Rank) {
  const Value &V = A[0];
  if (V.isLayoutKind()) {
    const Layout &L =
        V.kind() == ValueKind::Layout ? V.layout() : V.composed().Outer;
    return Results{intValue(Int(int64_t(Rank ? rank(L) : depth(L))))};
  }
  if (V.kind() == ValueKind::Tile) {
    const Tile &T = V.tile();
    if (T.isLayout())
      return Results{
          intValue(Int(int64_t(Rank ? rank(T.layout()) : depth(T.layout()))))};
    int64_t R = Rank ? int64_t(T.rank()) : tileDepth(T);
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
  // A composed layout (a swizzled one): the index of the coordinate through
  // the whole composition, as layout_eval gives it (CuTe's
  // ComposedLayout::operator()(crd)).
  if (A[1].kind() == ValueKind::ComposedLayout && A.size() == 2) {
    if (hasUnderscore(*C))
      return kindError(Op, 0, A[0], "a coordinate without '_'");
    return one(evalComposed(A[1].composed(), *C));
  }
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

namespace {

/// The answers of contiguous.
constexpr int64_t Always = 1, Never = 0, Unknown = -1;

/// The divisibility of every value \p L takes on its domain: the gcd of
/// the strides of its modes of more than one element (0 when it is the
/// constant 0), or nullopt when a stride is a basis.
std::optional<int64_t> strideDivisibility(const Layout &L) {
  SmallVector<IntTuple, 8> Shapes, Strides;
  leaves(L.Shape, Shapes);
  leaves(L.Stride, Strides);
  int64_t G = 0;
  for (auto [Sh, St] : zip(Shapes, Strides)) {
    if (!St.isInt())
      return std::nullopt;
    if (Sh.isInt() && Sh.value().is(1))
      continue;
    const Int &D = St.value();
    G = std::gcd(G, int64_t(D.knownDivisor()));
  }
  return G;
}

/// contiguous on static operands: each of the \p Count indices from \p I0
/// evaluated.
Expected<int64_t> contiguousByEvaluation(const Value &L, int64_t I0,
                                         int64_t Count) {
  std::optional<int64_t> First;
  for (int64_t E = 0; E < Count; ++E) {
    IntTuple Crd(Int(I0 + E));
    Expected<IntTuple> Idx =
        L.kind() == ValueKind::ComposedLayout
            ? evalComposed(L.composed(), Crd)
            : crd2idx(Crd, L.layout().Shape, L.layout().Stride);
    if (!Idx)
      return Idx.takeError();
    if (!Idx->isInt() || Idx->value().isDynamic())
      return Unknown;
    int64_t V = Idx->value().value();
    if (!First)
      First = V;
    else if (V != *First + E)
      return Never;
  }
  return Always;
}

/// Where \p Count values from index \p I0 of a layout lie in its codomain:
/// a divisor of the offset they start at (none when unknown), and whether
/// they are consecutive there.
struct OuterRun {
  std::optional<int64_t> StartDiv;
  bool Unit = false;
};

/// The run of the \p Count values from index \p I0 of \p Outer, of size
/// \p Size; none when it cannot be known statically.
Expected<std::optional<OuterRun>> outerRun(const Layout &Outer, const Int &I0,
                                           int64_t Count, const Int &Size) {
  OuterRun Run;
  if (I0.isStatic()) {
    // Outer(I0 + e) for each e: static where the outer layout is.
    std::optional<int64_t> First;
    Run.Unit = true;
    for (int64_t E = 0; E < Count && Run.Unit; ++E) {
      Expected<IntTuple> Idx =
          crd2idx(IntTuple(Int(I0.value() + E)), Outer.Shape, Outer.Stride);
      if (!Idx)
        return Idx.takeError();
      if (!Idx->isInt() || Idx->value().isDynamic())
        return std::nullopt;
      int64_t X = Idx->value().value();
      if (!First)
        First = X;
      else
        Run.Unit = X == *First + E;
    }
    Run.StartDiv = std::abs(*First);
    return Run;
  }
  // The index is the k-th block of count values: Outer(I0 + e) =
  // Values(e) + Blocks(k).
  if (I0.knownDivisor() % Count || !Size.isStatic() || Size.value() % Count)
    return std::nullopt;
  Expected<Layout> Divided = logicalDivide(Outer, Tile(makeLayout(Int(Count))));
  if (!Divided)
    return Divided.takeError();
  Expected<Layout> Values = getMode(*Divided, 0), Blocks = getMode(*Divided, 1);
  if (!Values)
    return Values.takeError();
  if (!Blocks)
    return Blocks.takeError();
  Layout Flat = coalesce(*Values);
  if (!isStatic(Flat.Stride) || hasBasis(Flat.Stride))
    return std::nullopt;
  Run.Unit =
      Flat.Shape.isInt() && Flat.Stride.isInt() && Flat.Stride.value().is(1);
  Run.StartDiv = strideDivisibility(*Blocks);
  return Run;
}

/// contiguous of the \p Count values of run \p Run of the outer layout of
/// swizzled \p CL: the swizzle moves none of the values' low bits when
/// their first offset (the offset plus the start) is a multiple of a power
/// of two P >= count and P is no larger than the lowest bit the swizzle
/// reads or writes.
int64_t swizzledContiguity(const ComposedLayout &CL, const OuterRun &Run,
                           int64_t Count) {
  const Swizzle &Sw = *CL.InnerSwizzle;
  if (!Run.Unit || !Run.StartDiv || !CL.Offset.isInt())
    return Unknown;
  if (Sw.Bits == 0)
    return Always;
  const Int &Off = CL.Offset.value();
  int64_t OffDiv = int64_t(Off.knownDivisor());
  int64_t First = std::gcd(OffDiv, *Run.StartDiv);
  int64_t P = 1;
  while (P < Count)
    P *= 2;
  // First == 0: the values start at offset 0.
  bool Aligned = First == 0 || First % P == 0;
  return Aligned && P <= (int64_t(1) << Sw.Base) ? Always : Unknown;
}

} // namespace

/// contiguous(layout, index, count): whether the \p count indices from
/// \p index map to consecutive offsets. Static operands are evaluated;
/// otherwise, with the index a multiple of count and count dividing the
/// size, the layout divided by count:1 gives the map of the count values
/// (the same for every index), and a swizzle leaves them consecutive when
/// the offset they start from is a multiple of a power of two P >= count
/// with P no larger than the lowest bit the swizzle reads or writes.
Expected<Results> evalContiguous(StringRef Op, Args A, const OpAttrs &) {
  const Value &L = A[0];
  if (!L.isLayoutKind())
    return kindError(Op, 0, L, "a layout or a composed layout");
  Expected<IntTuple> Index = asTuple(Op, A, 1), Count = asTuple(Op, A, 2);
  if (!Index)
    return Index.takeError();
  if (!Count)
    return Count.takeError();
  if (!Index->isInt())
    return kindError(Op, 1, A[1], "an integer");
  if (!Count->isInt() ||
      (Count->value().isStatic() && Count->value().value() <= 0))
    return kindError(Op, 2, A[2], "a positive integer");
  // A count known only at run time (at -O0): the addresses tell.
  if (Count->value().isDynamic())
    return Results{intValue(Int(Unknown))};
  const Int &I0 = Index->value();
  int64_t V = Count->value().value();
  const ComposedLayout *CL =
      L.kind() == ValueKind::ComposedLayout ? &L.composed() : nullptr;
  const Layout &Outer = CL ? CL->Outer : L.layout();
  Int Size = size(Outer);
  if (I0.isStatic() &&
      (I0.value() < 0 || (Size.isStatic() && I0.value() + V > Size.value())))
    return makeError(diag(DiagID::IndicesNotDomainSize, Op, I0.value(),
                          I0.value() + V, L.str(), Size.str()));
  if (V == 1)
    return Results{intValue(Int(Always))};
  if (I0.isStatic()) {
    Expected<int64_t> R = contiguousByEvaluation(L, I0.value(), V);
    if (!R)
      return R.takeError();
    if (*R != Unknown)
      return Results{intValue(Int(*R))};
  }
  if (CL && !CL->InnerSwizzle)
    return Results{intValue(Int(Unknown))};
  Expected<std::optional<OuterRun>> Run = outerRun(Outer, I0, V, Size);
  if (!Run)
    return Run.takeError();
  if (!*Run)
    return Results{intValue(Int(Unknown))};
  if (!CL)
    return Results{intValue(Int((*Run)->Unit ? Always : Never))};
  return Results{intValue(Int(swizzledContiguity(*CL, **Run, V)))};
}

Expected<Results> evalIdx2Crd(StringRef Op, Args A, const OpAttrs &) {
  auto IS = asTupleAndShape(Op, A);
  if (!IS)
    return IS.takeError();
  const auto &[I, S] = *IS;
  if (A.size() == 3) {
    auto D = asTuple(Op, A, 2);
    if (!D)
      return D.takeError();
    return one(idx2crd(I, S, *D), ValueKind::Coord);
  }
  if (S.isTuple() && S.size() == 0)
    return Results{tupleValue(IntTuple(), ValueKind::Coord)};
  return one(idx2crd(I, S), ValueKind::Coord);
}

/// The most elements eval enumerates.
constexpr int64_t MaxEvalElements = int64_t(1) << 16;

Expected<Results> evalEval(StringRef Op, Args A, const OpAttrs &) {
  auto L = asLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  Int N = size(*L);
  if (N.isDynamic())
    return makeError(diag(DiagID::EvalExpectsStaticSize, L->str()));
  // The result is one value per element: bounded as print and svg are, so
  // that one line cannot ask for megabytes.
  if (N.value() < 0 || N.value() > MaxEvalElements)
    return makeError(
        diag(DiagID::EvalLayoutTooLarge, L->str(), MaxEvalElements));
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
    return makeError(
        diag(DiagID::EvalLayoutDynamicScaled, L->str(), MaxSymbolicElements));
  for (int64_t I = Flat ? N.value() : 0; I < N.value(); ++I) {
    auto R = crd2idx(IntTuple(I), L->Shape, L->Stride);
    if (!R)
      return R.takeError();
    Out.push_back(std::move(*R));
  }
  return Results{tupleValue(IntTuple(std::move(Out)))};
}

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

Expected<Results> evalIncrementCoord(StringRef Op, Args A, const OpAttrs &) {
  auto CS = asTupleAndShape(Op, A);
  if (!CS)
    return CS.takeError();
  const IntTuple &C = CS->first, &S = CS->second;
  if (!congruent(C, S))
    return makeError(diag(DiagID::IncrementCoordExpects, C.str(), S.str()));
  // Colexicographic increment (CuTe's detail::increment): the first leaf
  // moves fastest; a leaf that reaches its extent wraps to 0 and carries,
  // except the last. Where a dynamic coordinate or extent leaves the carry
  // unknown, the leaves it may reach are dynamic ('?').
  SmallVector<IntTuple, 8> CL, SL;
  leaves(C, CL);
  leaves(S, SL);
  enum { No, Yes, Maybe } Carry = Yes;
  for (size_t I = 0; I < CL.size() && Carry != No; ++I) {
    if (!CL[I].isInt() || !SL[I].isInt())
      return makeError(
          diag(DiagID::IncrementCoordExpectsInteger, C.str(), S.str()));
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
  IntTuple Out = transformLeaves<IntTuple>(
      C, [&](const IntTuple &) { return CL[Next++]; });
  return Results{tupleValue(std::move(Out), ValueKind::Coord)};
}

/// append_to_rank / prepend_to_rank.
static Expected<Results> evalPadToRank(StringRef Op, Args A, const OpAttrs &At,
                                       bool Front) {
  auto R = At.getInt("rank");
  if (!R || *R < 0)
    return makeError(diag(DiagID::ExpectsRankAttribute, Op));
  // The result has that many modes: bounded as the notation bounds a tuple.
  constexpr int64_t MaxPadRank = int64_t(1) << 16;
  if (*R > MaxPadRank)
    return makeError(diag(DiagID::RankLarger, Op, *R, MaxPadRank));
  unsigned N = unsigned(*R);
  if (N == 0)
    return makeError(diag(DiagID::ExpectsPositiveRank, Op));
  // A composed layout pads its domain (outer) layout, like CuTe's append
  // of a ComposedLayout: one composed layout, not a tuple.
  if (A[0].isLayoutKind()) {
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
  auto TP = asSameKindTuples(Op, A);
  if (!TP)
    return TP.takeError();
  const auto &[T, Pad] = *TP;
  if (rank(T) >= N)
    return Results{A[0]};
  IntTuple W = wrap(T);
  while (W.size() < N) {
    if (Front)
      W.elems().insert(W.elems().begin(), Pad);
    else
      W.push_back(Pad);
  }
  return Results{tupleValue(W, A[0].kind())};
}
Expected<Results> evalAppendToRank(StringRef Op, Args A, const OpAttrs &At) {
  return evalPadToRank(Op, A, At, false);
}
Expected<Results> evalPrependToRank(StringRef Op, Args A, const OpAttrs &At) {
  return evalPadToRank(Op, A, At, true);
}

} // namespace ops
} // namespace cute
