//===- Algebra.cpp - coalesce, composition, complement, inverses ----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's layout algebra with CuTe C++ semantics. Where CuTe C++ checks a
/// precondition only when it is static, or not at all, these functions check
/// it whenever the values are known, so that a result never silently breaks
/// R(i) == A(B(i)) or size preservation.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/Support/FormatVariadic.h"

#include <limits>
#include <optional>

using namespace llvm;

namespace cute {

namespace {
/// True when \p X is statically known to be \p V.
bool isConst(const IntTuple &X, int64_t V) {
  return X.isInt() && X.value().is(V);
}

Layout makeFlat(std::vector<IntTuple> S, std::vector<IntTuple> D) {
  if (S.size() == 1)
    return Layout(S[0], D[0]);
  return Layout(IntTuple(std::move(S)), IntTuple(std::move(D)));
}

/// Scale a stride (integer or scaled basis) by an integer.
IntTuple scale(const IntTuple &D, const Int &C) {
  IntTuple R = D;
  R.value() = D.value() * C;
  return R;
}

/// The static product s*d == D test of bw_coalesce.
bool staticallyEqual(const IntTuple &S, const IntTuple &D, const IntTuple &E) {
  if (!S.isInt() || !S.value().isStatic())
    return false;
  IntTuple P = scale(D, S.value());
  if (P.isBasis() || E.isBasis())
    return P.isBasis() && E.isBasis() && P.basis() == E.basis() &&
           P.value().isStatic() && E.value().isStatic() &&
           P.value() == E.value();
  return P.value().isStatic() && E.value().isStatic() &&
         P.value().value() == E.value().value();
}

/// CuTe's bw_coalesce over flat modes [0, Last] with the stack front
/// initialised to (NewS, NewD).
Layout bwCoalesce(const std::vector<IntTuple> &S,
                  const std::vector<IntTuple> &D, int Last, IntTuple NewS,
                  IntTuple NewD) {
  std::vector<IntTuple> OutS{NewS}, OutD{NewD};
  for (int I = Last; I >= 0; --I) {
    if (isConst(S[I], 1))
      continue;
    if (OutS.size() == 1 && isConst(OutS.front(), 1)) {
      OutS.front() = S[I];
      OutD.front() = D[I];
      continue;
    }
    if (OutS.front().value().isStatic() &&
        staticallyEqual(S[I], D[I], OutD.front())) {
      OutS.front() = IntTuple(S[I].value() * OutS.front().value());
      OutD.front() = D[I];
      continue;
    }
    OutS.insert(OutS.begin(), S[I]);
    OutD.insert(OutD.begin(), D[I]);
  }
  if (OutS.size() == 1 && isConst(OutS.front(), 1))
    return Layout(IntTuple(1), IntTuple(0));
  return makeFlat(std::move(OutS), std::move(OutD));
}

void flatModes(const Layout &L, std::vector<IntTuple> &S,
               std::vector<IntTuple> &D) {
  SmallVector<IntTuple, 8> FS, FD;
  leaves(L.Shape, FS);
  leaves(L.Stride, FD);
  S.assign(FS.begin(), FS.end());
  D.assign(FD.begin(), FD.end());
}

/// coalesce_x: like coalesce but preserves the function outside the domain
/// too (a trailing size-1 mode keeps its stride).
Layout coalesceX(const Layout &L) {
  std::vector<IntTuple> S, D;
  flatModes(L, S, D);
  if (S.empty())
    return Layout(IntTuple(1), IntTuple(0));
  int R = S.size();
  if (isConst(S[R - 1], 1))
    return bwCoalesce(S, D, R - 2, IntTuple(2), D[R - 1]);
  return bwCoalesce(S, D, R - 2, S[R - 1], D[R - 1]);
}

/// Applies \p F to the modes that the tuple \p Profile covers and keeps the
/// rest (CuTe's transform_layout with a profile).
template <typename FnT>
Expected<Layout> byProfile(const Layout &L, const IntTuple &Profile, FnT F) {
  if (!Profile.isTuple())
    return F(L, Profile);
  if (Profile.size() > rank(L))
    return makeError(
        diag(DiagID::ProfileMoreModesLayout, Profile.str(), L.str()));
  std::vector<Layout> Modes;
  for (unsigned I = 0; I < rank(L); ++I) {
    Layout M(mode(L.Shape, I), mode(L.Stride, I));
    if (I < Profile.size()) {
      auto R = byProfile(M, Profile[I], F);
      if (!R)
        return R.takeError();
      Modes.push_back(std::move(*R));
    } else {
      Modes.push_back(std::move(M));
    }
  }
  return makeLayoutFromModes(Modes);
}

IntTuple filterZerosTuple(const IntTuple &Stride, const IntTuple &Shape) {
  if (Shape.isTuple()) {
    std::vector<IntTuple> Out;
    for (size_t I = 0; I < Shape.size(); ++I)
      Out.push_back(filterZerosTuple(Stride[I], Shape[I]));
    return IntTuple(std::move(Out));
  }
  return isConst(Stride, 0) ? IntTuple(1) : Shape;
}
} // namespace

//===----------------------------------------------------------------------===//
// coalesce / filter
//===----------------------------------------------------------------------===//

Layout coalesce(const Layout &L) {
  std::vector<IntTuple> S, D;
  flatModes(L, S, D);
  if (S.empty())
    return L; // The empty layout ():() stays empty.
  int R = S.size();
  return bwCoalesce(S, D, R - 2, S[R - 1], D[R - 1]);
}

Expected<Layout> coalesce(const Layout &L, const IntTuple &Profile) {
  return byProfile(L, Profile, [](const Layout &M, const IntTuple &) {
    return Expected<Layout>(coalesce(M));
  });
}

Layout filterZeros(const Layout &L) {
  return Layout(filterZerosTuple(L.Stride, L.Shape), L.Stride);
}

Layout filter(const Layout &L) { return coalesce(filterZeros(L)); }

Expected<Layout> filter(const Layout &L, const IntTuple &Profile) {
  return byProfile(L, Profile, [](const Layout &M, const IntTuple &) {
    return Expected<Layout>(filter(M));
  });
}

//===----------------------------------------------------------------------===//
// composition
//===----------------------------------------------------------------------===//

namespace {
/// basis_get: follow the scaled basis path of \p Basis into \p T.
Expected<IntTuple> basisGet(ArrayRef<unsigned> Basis, const IntTuple &T) {
  IntTuple Cur = T;
  for (size_t K = Basis.size(); K-- > 0;) {
    unsigned I = Basis[K];
    if (!Cur.isTuple()) {
      if (I == 0)
        continue;
      return makeError(diag(DiagID::ScaledBasisOutRange, I, T.str()));
    }
    if (I >= Cur.size())
      return makeError(diag(DiagID::ScaledBasisOutRange, I, T.str()));
    IntTuple Next = Cur[I];
    Cur = std::move(Next);
  }
  return Cur;
}

/// Whether the step \p AbsRest (a magnitude) of the right-hand mode lands on
/// the boundaries of mode \p I of the left-hand layout, of extent
/// \p CurrShape, or the \p RestShape elements left (none when \p Done) stay
/// inside it; an error when it does not, or cannot be decided statically.
Error checkCompositionStep(const Int &CurrShape, const Int &AbsRest,
                           const Int &RestShape, bool Done, size_t I) {
  // A dynamic step over a static mode: whether it lands on the mode's
  // boundaries cannot be decided, and the layout computed assuming so
  // would be wrong whenever it does not.
  if (!Done && AbsRest.isDynamic() && CurrShape.isStatic() && !CurrShape.is(1))
    return makeError(diag(DiagID::CompositionCannotDecide, AbsRest.str(),
                          CurrShape.value(), I));
  // Stride divisibility: the step must land on mode boundaries unless the
  // remaining elements all stay inside this mode. (CuTe C++ accepts any
  // step smaller than the mode and then returns a layout that is not
  // A(B(i)); pycute rejects such steps too.)
  if (CurrShape.isStatic() && AbsRest.isStatic()) {
    int64_t CS = CurrShape.value(), RS = AbsRest.value();
    if (CS <= 0)
      return makeError(diag(DiagID::CompositionModeLeft, I, CS));
    if (RS == 0) {
      // A zero step stays at the origin: nothing to divide.
    } else if (RS >= CS) {
      if (RS % CS != 0)
        return makeError(
            diag(DiagID::CompositionStrideNotDivisible, RS, CS, I));
    } else if (CS % RS != 0) {
      // ceil(CS / RS) without forming CS + RS (past 2^63 near the top).
      int64_t Fit = CS / RS + 1;
      if (!Done && (RestShape.isDynamic() || RestShape.value() > Fit))
        return makeError(diag(DiagID::CompositionStrideNotDividing, RS, CS, I,
                              RestShape.str()));
    }
  }
  return Error::success();
}

/// composition of the flat left-hand layout (\p LShape, \p LStride) and the
/// integral right-hand mode (\p RShape, \p RStride).
Expected<Layout> compositionFlat(const IntTuple &LShape,
                                 const IntTuple &LStride,
                                 const IntTuple &RShape,
                                 const IntTuple &RStride) {
  size_t R = LShape.size();
  if (R == 0)
    return makeError(diag(DiagID::CompositionLeftHand));
  std::vector<IntTuple> ResS, ResD;
  Int RestShape = RShape.value();
  Int RestStride = RStride.value();
  for (size_t I = 0; I + 1 < R; ++I) {
    Int CurrShape = LShape[I].value();
    const IntTuple &CurrStride = LStride[I];
    Int AbsRest = RestStride;
    if (AbsRest.isStatic()) {
      // -2^63 (a product past 64 bits) has no magnitude to step by.
      if (AbsRest.value() == std::numeric_limits<int64_t>::min())
        return makeError(
            diag(DiagID::CompositionIntegerOverflow, AbsRest.value()));
      AbsRest = Int(std::abs(AbsRest.value()));
    }
    Int NextShape = ceilDivInt(CurrShape, AbsRest);
    Int NextStride = ceilDivInt(AbsRest, CurrShape);
    if (RestStride.isStatic() && RestStride.value() < 0)
      NextStride = NextStride * Int(-1);
    bool Done = RestShape.is(1);
    if (Error E = checkCompositionStep(CurrShape, AbsRest, RestShape, Done, I))
      return std::move(E);
    if (NextShape.is(1) || Done) {
      RestStride = NextStride;
      continue;
    }
    Int NewShape = minInt(NextShape, RestShape);
    if (NextShape.isStatic() && RestShape.isStatic())
      NewShape = Int(std::min(NextShape.value(), RestShape.value()));
    if (NewShape.isStatic() && RestShape.isStatic() &&
        RestShape.value() % NewShape.value() != 0)
      return makeError(diag(DiagID::CompositionExtentRight, RestShape.value(),
                            NewShape.value(), I));
    ResS.push_back(IntTuple(NewShape));
    ResD.push_back(scale(CurrStride, RestStride));
    RestShape = divInt(RestShape, NewShape);
    RestStride = NextStride;
  }
  if (ResS.empty())
    return Layout(IntTuple(RestShape), scale(LStride[R - 1], RestStride));
  if (RestShape.is(1))
    return makeFlat(std::move(ResS), std::move(ResD));
  ResS.push_back(IntTuple(RestShape));
  ResD.push_back(scale(LStride[R - 1], RestStride));
  return Layout(IntTuple(std::move(ResS)), IntTuple(std::move(ResD)));
}

Expected<Layout> compositionImpl(const IntTuple &LShape,
                                 const IntTuple &LStride,
                                 const IntTuple &RShape,
                                 const IntTuple &RStride) {
  // Right-distributivity over the modes of the right-hand side.
  if (RShape.isTuple()) {
    std::vector<Layout> Modes;
    for (size_t I = 0; I < RShape.size(); ++I) {
      auto M = compositionImpl(LShape, LStride, RShape[I], RStride[I]);
      if (!M)
        return M.takeError();
      Modes.push_back(std::move(*M));
    }
    return makeLayoutFromModes(Modes);
  }
  if (RStride.isBasis()) {
    auto S = basisGet(RStride.basis(), LShape);
    if (!S)
      return S.takeError();
    auto D = basisGet(RStride.basis(), LStride);
    if (!D)
      return D.takeError();
    return compositionImpl(*S, *D, RShape, IntTuple(RStride.value()));
  }
  if (isConst(RStride, 0))
    return Layout(RShape, RStride);
  if (!LShape.isTuple())
    return Layout(RShape, scale(LStride, RStride.value()));

  // General case: a flat tuple on the left, an integral mode on the right.
  return compositionFlat(LShape, LStride, RShape, RStride);
}

/// coshape's profile: a tuple when B's strides are scaled bases.
IntTuple coprofile(const Layout &B) {
  SmallVector<IntTuple, 8> D;
  leaves(B.Stride, D);
  unsigned Modes = 0;
  bool Any = false;
  for (const IntTuple &X : D)
    if (X.isBasis()) {
      Any = true;
      Modes = std::max(Modes, X.basis().back() + 1);
    }
  if (!Any)
    return IntTuple(0);
  return IntTuple(std::vector<IntTuple>(Modes, IntTuple(0)));
}

Expected<Layout> coalesceXProfile(const Layout &L, const IntTuple &Profile) {
  return byProfile(L, Profile, [](const Layout &M, const IntTuple &) {
    return Expected<Layout>(coalesceX(M));
  });
}

/// A static integral layout flattened to its leaves' extents and strides,
/// colexicographic: evaluated in a few machine operations per mode.
struct FlatLayout {
  SmallVector<int64_t, 8> Shape, Stride;

  /// False when \p L has a dynamic leaf or a scaled-basis stride.
  bool assign(const Layout &L) {
    SmallVector<IntTuple, 8> S, D;
    leaves(L.Shape, S);
    leaves(L.Stride, D);
    if (S.size() != D.size())
      return false;
    for (size_t I = 0; I < S.size(); ++I) {
      if (!S[I].isInt() || !D[I].isInt() || !S[I].value().isStatic() ||
          !D[I].value().isStatic() || S[I].value().value() <= 0)
        return false;
      Shape.push_back(S[I].value().value());
      Stride.push_back(D[I].value().value());
    }
    return true;
  }

  /// L(I), or nothing where the arithmetic leaves 64 bits or \p I is
  /// negative. As idx2crd, the last mode takes what is left of \p I.
  std::optional<int64_t> operator()(int64_t I) const {
    if (I < 0)
      return std::nullopt;
    int64_t R = 0;
    for (size_t M = 0; M < Shape.size(); ++M) {
      int64_t C = M + 1 == Shape.size() ? I : I % Shape[M], T;
      I /= Shape[M];
      if (__builtin_mul_overflow(C, Stride[M], &T) ||
          __builtin_add_overflow(R, T, &R))
        return std::nullopt;
    }
    return R;
  }
};
} // namespace

Expected<Layout> composition(const Layout &A, const Layout &B, bool Strict) {
  if (Error E = detail::checkPositiveShape(A.Shape, "composition",
                                           "a left-hand layout"))
    return std::move(E);
  if (Error E = detail::checkPositiveShape(B.Shape, "composition",
                                           "a right-hand layout"))
    return std::move(E);
  auto Flat = coalesceXProfile(A, coprofile(B));
  if (!Flat)
    return Flat.takeError();
  auto R = compositionImpl(Flat->Shape, Flat->Stride, B.Shape, B.Stride);
  if (!R)
    return R.takeError();
  // The mode-by-mode rules cannot see two modes of B that together cross a
  // mode boundary of A. CuTe C++ (and pycute) return such layouts as they
  // are; with Strict, check R(i) == A(B(i)) directly for static layouts.
  // Each element costs a few machine operations per mode of the flattened
  // layouts, and the check stops at 2^16 elements.
  Int N = size(B);
  FlatLayout FA, FB, FR;
  if (Strict && N.isStatic() && N.value() <= (1 << 16) && FA.assign(A) &&
      FB.assign(B) && FR.assign(*R)) {
    for (int64_t I = 0; I < N.value(); ++I) {
      std::optional<int64_t> BI = FB(I);
      std::optional<int64_t> AI = BI ? FA(*BI) : std::nullopt;
      std::optional<int64_t> RI = FR(I);
      if (!AI || !RI)
        break;
      if (*AI != *RI)
        return makeError(
            diag(DiagID::CompositionONoLayout, A.str(), B.str(), I, *AI));
    }
  }
  return R;
}

Expected<Layout> composition(const Layout &A, const Tile &B, bool Strict) {
  if (B.isUnderscore())
    return A;
  if (B.isLayout()) {
    // An integer tile n composes as the layout n:1.
    if (B.isInteger())
      return composition(A, Layout(B.layout().Shape, IntTuple(1)), Strict);
    return composition(A, B.layout(), Strict);
  }
  if (B.size() > rank(A))
    return makeError(diag(DiagID::CompositionTilerMore, B.str(), A.str()));
  std::vector<Layout> Modes;
  for (size_t I = 0; I < B.size(); ++I) {
    Layout M(mode(A.Shape, I), mode(A.Stride, I));
    auto R = composition(M, B[I], Strict);
    if (!R)
      return R.takeError();
    Modes.push_back(std::move(*R));
  }
  return makeLayoutFromModes(Modes);
}

//===----------------------------------------------------------------------===//
// complement
//===----------------------------------------------------------------------===//

namespace {
/// coalesce(shape): merges adjacent static modes (dynamic modes stay apart
/// so that each keeps its own runtime value).
IntTuple coalesceShape(const IntTuple &Shape, bool MergeDynamic = false) {
  if (!Shape.isTuple())
    return Shape;
  SmallVector<IntTuple, 8> L;
  leaves(Shape, L);
  std::vector<IntTuple> Out;
  for (const IntTuple &X : L) {
    if (!Out.empty() && Out.back().value().isStatic() == X.value().isStatic() &&
        (X.value().isStatic() || MergeDynamic)) {
      Out.back() = IntTuple(Out.back().value() * X.value());
      continue;
    }
    Out.push_back(X);
  }
  if (Out.size() == 1)
    return Out[0];
  return IntTuple(std::move(Out));
}

/// complement's errors: a stride after a dynamic extent (strict mode cannot
/// prove that the modes nest), a product that left no positive extent to
/// divide by, a stride that is not a multiple of the extent before it.
Error unprovenNesting(const Layout &L, const Int &MinStride) {
  return makeError(
      diag(DiagID::ComplementLayoutMode, L.str(), MinStride.value()));
}
Error nonPositiveSpan(const Layout &L) {
  return makeError(diag(DiagID::ComplementLayoutSpans, L.str()));
}
Error interleaving(const Layout &L, const Int &MinStride, const Int &Last) {
  return makeError(diag(DiagID::ComplementNotInjective, L.str(),
                        MinStride.value(), Last.value()));
}
} // namespace

Expected<Layout> complement(const Layout &L, const IntTuple &Cotarget,
                            bool Strict) {
  if (Error E = detail::checkPositiveShape(L.Shape, "complement", "a layout"))
    return std::move(E);
  if (Error E = checkNonNegativeStrides("complement", L))
    return std::move(E);
  if (Error E =
          detail::checkPositiveShape(Cotarget, "complement", "a cotarget"))
    return std::move(E);
  return detail::complementImpl(L, Cotarget, Strict, /*MergeDynamic=*/true);
}

Expected<Layout> detail::complementImpl(const Layout &L,
                                        const IntTuple &Cotarget, bool Strict,
                                        bool MergeDynamic) {
  if (Error E = checkIntegerStrides("complement", L))
    return std::move(E);
  Layout F = filter(L);
  std::vector<IntTuple> S, D;
  flatModes(F, S, D);
  if (S.empty() || isConst(F.Stride, 0))
    return makeLayout(coalesceShape(Cotarget, MergeDynamic));
  size_t R = S.size();
  if (R > 1) {
    for (const IntTuple &X : D)
      if (X.value().isDynamic())
        return makeError(diag(DiagID::ComplementDynamicStrides, L.str()));
  }
  std::vector<IntTuple> ResS, ResD{IntTuple(1)};
  while (S.size() > 1) {
    size_t MinIdx = 0;
    for (size_t I = 1; I < D.size(); ++I)
      if (D[I].value().value() < D[MinIdx].value().value())
        MinIdx = I;
    Int MinStride = D[MinIdx].value();
    Int Last = ResD.back().value();
    // After a dynamic extent the next stride can only be checked against it
    // at run time; strict mode cannot prove that the modes nest.
    if (Last.isDynamic() && Strict)
      return unprovenNesting(L, MinStride);
    // A product past 64 bits (reported by the overflow scope) can leave a
    // non-positive extent: nothing to divide by.
    if (Last.isStatic() && Last.value() <= 0)
      return nonPositiveSpan(L);
    if (Last.isStatic() && (MinStride.value() < Last.value() ||
                            (Strict && MinStride.value() % Last.value() != 0)))
      return interleaving(L, MinStride, Last);
    ResS.push_back(IntTuple(divInt(MinStride, Last)));
    ResD.push_back(IntTuple(MinStride * S[MinIdx].value()));
    S.erase(S.begin() + MinIdx);
    D.erase(D.begin() + MinIdx);
  }
  Int MinStride = D[0].value();
  Int Last = ResD.back().value();
  if (Last.isDynamic() && MinStride.isStatic() && Strict)
    return unprovenNesting(L, MinStride);
  // As in the loop: an overflowed product leaves nothing to divide by.
  if (Last.isStatic() && Last.value() <= 0)
    return nonPositiveSpan(L);
  if (MinStride.isStatic() && Last.isStatic()) {
    if (MinStride.value() < Last.value() ||
        (Strict && MinStride.value() % Last.value() != 0))
      return interleaving(L, MinStride, Last);
  }
  ResS.push_back(IntTuple(divInt(MinStride, Last)));
  Int NewStride = MinStride * S[0].value();
  auto RestShape = ceilDiv(Cotarget, IntTuple(NewStride));
  if (!RestShape)
    return RestShape.takeError();
  IntTuple Rest = coalesceShape(*RestShape, MergeDynamic);
  IntTuple RestStride = compactColMajor(Rest, NewStride);
  Layout Full(
      IntTuple({IntTuple(ResS), Rest}),
      IntTuple({IntTuple(std::vector<IntTuple>(ResD.begin(), ResD.end())),
                RestStride}));
  return coalesce(Full);
}

namespace {
/// The codomain path of each flat mode's scaled-basis stride (top-level
/// index first; empty for a zero stride), or an error naming \p Op for an
/// integer stride other than 0.
Expected<std::vector<std::vector<unsigned>>>
codomainPaths(const Layout &L, ArrayRef<IntTuple> D, StringRef Op) {
  std::vector<std::vector<unsigned>> Paths(D.size());
  for (size_t I = 0; I < D.size(); ++I) {
    if (D[I].isInt()) {
      if (!D[I].value().is(0))
        return makeError(diag(DiagID::ExpectsScaledBasis, Op, L.str()));
      continue;
    }
    ArrayRef<unsigned> B = D[I].basis();
    Paths[I].assign(B.rbegin(), B.rend());
  }
  return Paths;
}

/// A layout with one mode per codomain mode that \p Paths reach, nested as
/// the bases nest. \p Leaf builds the mode at a leaf path (its basis, and
/// the flat modes whose stride is exactly there); a path that has children
/// and flat modes of its own is an error from \p Interior when it is given,
/// and its own modes are ignored otherwise.
Expected<Layout> buildOverCodomain(
    const std::vector<std::vector<unsigned>> &Paths,
    function_ref<Expected<Layout>(ArrayRef<unsigned>, ArrayRef<size_t>)> Leaf,
    function_ref<Error()> Interior) {
  std::vector<unsigned> Prefix;
  std::function<Expected<Layout>()> Build = [&]() -> Expected<Layout> {
    std::vector<size_t> Here;
    int MaxChild = -1;
    for (size_t I = 0; I < Paths.size(); ++I) {
      const auto &P = Paths[I];
      if (P.empty() || P.size() < Prefix.size() ||
          !std::equal(Prefix.begin(), Prefix.end(), P.begin()))
        continue;
      if (P.size() == Prefix.size())
        Here.push_back(I);
      else
        MaxChild = std::max(MaxChild, int(P[Prefix.size()]));
    }
    if (MaxChild < 0) {
      SmallVector<unsigned, 4> Basis(Prefix.rbegin(), Prefix.rend());
      return Leaf(Basis, Here);
    }
    if (!Here.empty() && Interior)
      return Interior();
    std::vector<Layout> Modes;
    for (int C = 0; C <= MaxChild; ++C) {
      Prefix.push_back(C);
      auto M = Build();
      Prefix.pop_back();
      if (!M)
        return M.takeError();
      Modes.push_back(std::move(*M));
    }
    return makeLayoutFromModes(Modes);
  };
  return Build();
}

/// complement of a layout with scaled-basis strides: one complement per
/// codomain mode (nested as the bases nest), each within the cosize of the
/// part of the layout that reaches that mode. Unit modes of each part's
/// result are dropped; its rest mode is kept.
Expected<Layout> complementBasis(const Layout &L) {
  std::vector<IntTuple> S, D;
  flatModes(L, S, D);
  auto Paths = codomainPaths(L, D, "complement");
  if (!Paths)
    return Paths.takeError();
  for (size_t I = 0; I < D.size(); ++I)
    if (!D[I].isInt() && (D[I].value().isDynamic() || S[I].value().isDynamic()))
      return makeError(diag(DiagID::ComplementScaledBasis, L.str()));
  auto Leaf = [&](ArrayRef<unsigned> Basis,
                  ArrayRef<size_t> Here) -> Expected<Layout> {
    auto AtBasis = [&](int64_t C) {
      return IntTuple::scaledBasis(Int(C), Basis);
    };
    // The integer layout of this mode, its cosize and its complement.
    std::vector<std::pair<int64_t, int64_t>> Modes; // (stride, shape)
    int64_t Cosize = 1;
    for (size_t I : Here) {
      int64_t Sh = S[I].value().value(), St = D[I].value().value();
      if (Sh == 1)
        continue;
      Modes.push_back({St, Sh});
      Cosize += (Sh - 1) * St;
    }
    llvm::sort(Modes);
    std::vector<IntTuple> RS, RD;
    int64_t Curr = 1;
    for (auto [St, Sh] : Modes) {
      if (St < Curr || St % Curr)
        return makeError(
            diag(DiagID::ComplementNotInjective, L.str(), St, Curr));
      if (St / Curr != 1) {
        RS.push_back(IntTuple(St / Curr));
        RD.push_back(AtBasis(Curr));
      }
      Curr = St * Sh;
    }
    RS.push_back(IntTuple((Cosize + Curr - 1) / Curr));
    RD.push_back(AtBasis(Curr));
    return makeFlat(std::move(RS), std::move(RD));
  };
  return buildOverCodomain(*Paths, Leaf, nullptr);
}
} // namespace

Expected<Layout> complement(const Layout &L, bool Strict) {
  if (hasBasis(L.Stride))
    return complementBasis(L);
  Layout F = filter(L);
  auto C = cosize(F);
  if (!C)
    return C.takeError();
  return complement(L, IntTuple(*C), Strict);
}

//===----------------------------------------------------------------------===//
// right_inverse / left_inverse
//===----------------------------------------------------------------------===//

namespace {
/// right_inverse of a layout whose strides are scaled bases: the result's
/// shape follows the codomain (one mode per basis mode, nested as the bases
/// nest) and maps each codomain coordinate back to the domain index.
Expected<Layout> rightInverseBasis(const Layout &L) {
  std::vector<IntTuple> S, D;
  flatModes(L, S, D);
  std::vector<Int> Pre{Int(1)};
  for (const IntTuple &X : S)
    Pre.push_back(Pre.back() * X.value());
  auto Paths = codomainPaths(L, D, "right_inverse");
  if (!Paths)
    return Paths.takeError();
  auto Leaf = [&](ArrayRef<unsigned>,
                  ArrayRef<size_t> Leaves) -> Expected<Layout> {
    std::vector<size_t> Here(Leaves.begin(), Leaves.end());
    std::stable_sort(Here.begin(), Here.end(), [&](size_t A, size_t B) {
      const Int &X = D[A].value(), &Y = D[B].value();
      return X.isStatic() && (Y.isDynamic() || X.value() < Y.value());
    });
    std::vector<IntTuple> RS, RD;
    Int Curr(1);
    for (size_t I : Here) {
      const Int &C = D[I].value();
      if (S[I].value().is(1) || C.isDynamic() || !Curr.isStatic() ||
          C.value() != Curr.value())
        continue;
      RS.push_back(S[I]);
      RD.push_back(IntTuple(Pre[I]));
      Curr = S[I].value() * C;
    }
    if (RS.empty())
      return Layout(IntTuple(1), IntTuple(0));
    return makeFlat(std::move(RS), std::move(RD));
  };
  auto Interior = [&]() -> Error {
    return makeError(diag(DiagID::RightInverseScaled, L.str()));
  };
  return buildOverCodomain(*Paths, Leaf, Interior);
}
} // namespace

Expected<Layout> rightInverse(const Layout &L) {
  if (hasBasis(L.Stride))
    return rightInverseBasis(L);
  Layout C = coalesce(L);
  std::vector<IntTuple> S, D;
  flatModes(C, S, D);
  // Exclusive prefix products of the shape.
  std::vector<Int> Pre{Int(1)};
  for (const IntTuple &X : S)
    Pre.push_back(Pre.back() * X.value());
  // Static strides, sorted.
  std::vector<size_t> Seq;
  for (size_t I = 0; I < D.size(); ++I)
    if (D[I].value().isStatic())
      Seq.push_back(I);
  std::stable_sort(Seq.begin(), Seq.end(), [&](size_t A, size_t B) {
    return D[A].value().value() < D[B].value().value();
  });
  std::vector<IntTuple> ResS{IntTuple(1)}, ResD{IntTuple(0)};
  Int Curr(1);
  for (size_t I : Seq) {
    if (Curr.isStatic() && D[I].value().value() == Curr.value()) {
      ResS.push_back(S[I]);
      ResD.push_back(IntTuple(Pre[I]));
      Curr = S[I].value() * D[I].value();
    }
  }
  return coalesce(Layout(IntTuple(std::move(ResS)), IntTuple(std::move(ResD))));
}

Expected<Layout> leftInverse(const Layout &L) {
  if (Error E = checkIntegerStrides("left_inverse", L))
    return std::move(E);
  if (Error E = checkNonNegativeStrides("left_inverse", L))
    return std::move(E);
  Layout C = coalesce(L);
  std::vector<IntTuple> S, D;
  flatModes(C, S, D);
  for (const IntTuple &X : D)
    if (X.value().isDynamic())
      return makeError(diag(DiagID::LeftInverseExpects, L.str()));
  std::vector<Int> Pre{Int(1)};
  for (const IntTuple &X : S)
    Pre.push_back(Pre.back() * X.value());
  std::vector<size_t> Seq(D.size());
  for (size_t I = 0; I < D.size(); ++I)
    Seq[I] = I;
  std::stable_sort(Seq.begin(), Seq.end(), [&](size_t A, size_t B) {
    return D[A].value().value() < D[B].value().value();
  });
  if (Seq.empty())
    return Layout(IntTuple(1), IntTuple(0));
  std::vector<IntTuple> ResS, ResD{IntTuple(0)};
  Int Size(1);
  for (size_t I : Seq) {
    int64_t St = D[I].value().value();
    if (St == 0)
      continue;
    if (!Size.isStatic() || St < 0 || St % Size.value() != 0)
      return makeError(
          diag(DiagID::LeftInverseStrideLayout, St, L.str(), Size.str()));
    Int NewShape(St / Size.value());
    ResS.push_back(IntTuple(NewShape));
    ResD.push_back(IntTuple(Pre[I]));
    Size = Size * NewShape;
  }
  ResS.push_back(S[Seq.back()]);
  return coalesce(Layout(IntTuple(std::move(ResS)), IntTuple(std::move(ResD))));
}

} // namespace cute
