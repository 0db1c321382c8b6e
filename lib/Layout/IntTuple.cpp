//===- IntTuple.cpp - CuTe integer tuples ---------------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// IntTuple and the tuple algorithms of IntTuple.h.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/IntTuple.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace cute {

//===----------------------------------------------------------------------===//
// IntTuple
//===----------------------------------------------------------------------===//

// The tree adds nothing to the fields an IntTuple holds.
namespace {
struct IntTupleFields {
  uint8_t K;
  Int Val;
  SmallVector<unsigned, 2> Basis;
  std::vector<int> Elems;
};
} // namespace
static_assert(sizeof(IntTuple) <= sizeof(IntTupleFields),
              "an IntTuple grew past its kind, leaf and elements");

std::string IntTuple::str() const {
  return bracketStr([](const IntTupleLeaf &L) {
    std::string S = L.Val.str();
    for (unsigned B : L.Basis)
      S += "@" + std::to_string(B);
    return S;
  });
}

unsigned rank(const IntTuple &T) { return T.rank(); }

unsigned depth(const IntTuple &T) {
  return T.depth([](const IntTupleLeaf &) { return 0u; });
}

Int product(const IntTuple &T) {
  if (T.isLeaf())
    return T.value();
  if (T.isUnderscore())
    return Int(1);
  Int P(1);
  for (const IntTuple &E : T.elems())
    P = P * product(E);
  return P;
}

const IntTuple &mode(const IntTuple &T, unsigned I) {
  if (!T.isTuple())
    return T;
  return T[I];
}

void leaves(const IntTuple &T, SmallVectorImpl<IntTuple> &Out) {
  forEachLeaf(T, [&](const IntTuple &X) { Out.push_back(X); });
}

IntTuple flatten(const IntTuple &T) {
  if (!T.isTuple())
    return T;
  SmallVector<IntTuple, 8> L;
  leaves(T, L);
  return IntTuple(std::vector<IntTuple>(L.begin(), L.end()));
}

bool congruent(const IntTuple &A, const IntTuple &B) {
  if (A.isTuple() != B.isTuple())
    return false;
  if (!A.isTuple())
    return true;
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (!congruent(A[I], B[I]))
      return false;
  return true;
}

bool isStatic(const IntTuple &T) {
  return !anyLeaf(
      T, [](const IntTuple &X) { return X.isLeaf() && !X.value().isStatic(); });
}

bool hasBasis(const IntTuple &T) {
  return anyLeaf(T, [](const IntTuple &X) { return X.isBasis(); });
}

bool hasUnderscore(const IntTuple &T) {
  return anyLeaf(T, [](const IntTuple &X) { return X.isUnderscore(); });
}

IntTuple zeroUnderscores(const IntTuple &T) {
  return transformLeaves<IntTuple>(
      T, [](const IntTuple &X) { return X.isUnderscore() ? IntTuple(0) : X; });
}

IntTuple unwrap(IntTuple T) {
  while (T.isTuple() && T.size() == 1) {
    IntTuple E = T[0];
    T = std::move(E);
  }
  return T;
}

IntTuple wrap(IntTuple T) {
  if (T.isTuple())
    return T;
  return IntTuple({std::move(T)});
}

namespace {
/// The exclusive prefix product of \p T's leaves, threading the running
/// product through \p Acc: leaves in order, or last to first for
/// \p RowMajor; with \p Compact, a leaf of extent 1 gets stride 0 (CuTe's
/// compact strides).
IntTuple scanProduct(const IntTuple &T, Int &Acc, bool Compact, bool RowMajor) {
  if (!T.isTuple()) {
    IntTuple R(Compact && T.value().is(1) ? Int(0) : Acc);
    Acc = Acc * T.value();
    return R;
  }
  std::vector<IntTuple> Out(T.size());
  for (size_t K = 0; K < T.size(); ++K) {
    size_t I = RowMajor ? T.size() - 1 - K : K;
    Out[I] = scanProduct(T[I], Acc, Compact, RowMajor);
  }
  return IntTuple(std::move(Out));
}
} // namespace

IntTuple prefixProduct(const IntTuple &T, Int Init) {
  return scanProduct(T, Init, /*Compact=*/false, /*RowMajor=*/false);
}

IntTuple compactColMajor(const IntTuple &Shape, Int Init) {
  return scanProduct(Shape, Init, /*Compact=*/true, /*RowMajor=*/false);
}

IntTuple compactRowMajor(const IntTuple &Shape, Int Init) {
  return scanProduct(Shape, Init, /*Compact=*/true, /*RowMajor=*/true);
}

//===----------------------------------------------------------------------===//
// shape_div and ceil_div
//===----------------------------------------------------------------------===//

namespace {
Expected<Int> shapeDivInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic()) {
    int64_t X = A.value(), Y = B.value();
    if (Y == 0)
      return makeError(diag(DiagID::ShapeDivZero, X, Y));
    if (X == 0)
      return Int(0);
    // modInt and divInt take -1 as a divisor: INT64_MIN % -1 and
    // INT64_MIN / -1 overflow in C++ (the quotient is an overflow error).
    if (modInt(A, B).value() != 0 && modInt(B, A).value() != 0)
      return makeError(diag(DiagID::ShapeDivExpectsDivide, X, Y));
    int64_t Q = divInt(A, B).value();
    if (Q != 0)
      return Int(Q);
    return Int(((X > 0) == (Y > 0)) ? 1 : -1);
  }
  if (B.is(1))
    return A;
  if (A.isStatic() && A.value() == 1)
    return Int(1);
  return divInt(A, B);
}
} // namespace

namespace {
using TupleDivFn = Expected<IntTuple> (*)(const IntTuple &, const IntTuple &);

/// \p A divided by \p B with \p Div (shape_div or ceil_div) where one is a
/// tuple: an integer A by the product of B; a tuple A by a tuple mode by
/// mode (a mode of A past B's rank stays), by an integer left to right,
/// each mode taking what the modes before it left of B.
Expected<IntTuple> divideTuple(const IntTuple &A, const IntTuple &B,
                               TupleDivFn Div) {
  if (!A.isTuple())
    return Div(A, IntTuple(product(B)));
  if (B.isTuple())
    return IntTuple::tupleOf(A.size(), [&](size_t I) -> Expected<IntTuple> {
      return I < B.size() ? Div(A[I], B[I]) : A[I];
    });
  std::vector<IntTuple> Out;
  IntTuple Rest = B;
  for (const IntTuple &E : A.elems()) {
    auto R = Div(E, Rest);
    if (!R)
      return R.takeError();
    auto NewRest = Div(Rest, IntTuple(product(E)));
    if (!NewRest)
      return NewRest.takeError();
    Out.push_back(std::move(*R));
    Rest = std::move(*NewRest);
  }
  return IntTuple(std::move(Out));
}
} // namespace

Expected<IntTuple> shapeDiv(const IntTuple &A, const IntTuple &B) {
  if (A.isTuple() && B.isTuple() && A.size() != B.size())
    return makeError(diag(DiagID::ShapeDivExpectsOperands, A.str(), B.str()));
  if (A.isTuple() || B.isTuple())
    return divideTuple(A, B, shapeDiv);
  if (!A.isInt() || !B.isInt())
    return makeError(diag(DiagID::ShapeDivExpectsIntegers, A.str(), B.str()));
  auto R = shapeDivInt(A.value(), B.value());
  if (!R)
    return R.takeError();
  return IntTuple(*R);
}

Expected<IntTuple> ceilDiv(const IntTuple &A, const IntTuple &B) {
  if (A.isTuple() && B.isTuple() && A.size() < B.size())
    return makeError(diag(DiagID::CeilDivExpectsDivisor, B.str(), A.str()));
  if (A.isTuple() || B.isTuple())
    return divideTuple(A, B, ceilDiv);
  if (B.value().is(0))
    return makeError(diag(DiagID::CeilDivZero, A.str(), B.str()));
  return IntTuple(ceilDivInt(A.value(), B.value()));
}

//===----------------------------------------------------------------------===//
// crd2idx / idx2crd
//===----------------------------------------------------------------------===//

namespace {
/// Scale a stride leaf (maybe a scaled basis) by an integer coordinate.
IntTuple scaleStride(const Int &C, const IntTuple &D) {
  IntTuple R = D;
  R.value() = C * D.value();
  return R;
}
} // namespace

static Expected<IntTuple>
crd2idxImpl(const IntTuple &Crd, const IntTuple &Shape, const IntTuple &Stride);

/// \p Sum += crd2idx(\p Crd, \p Shape, \p Stride).
static Error addTerm(IntTuple &Sum, const IntTuple &Crd, const IntTuple &Shape,
                     const IntTuple &Stride) {
  auto R = crd2idxImpl(Crd, Shape, Stride);
  if (!R)
    return R.takeError();
  auto S = addIndex(Sum, *R);
  if (!S)
    return S.takeError();
  Sum = std::move(*S);
  return Error::success();
}

static Expected<IntTuple> crd2idxImpl(const IntTuple &Crd,
                                      const IntTuple &Shape,
                                      const IntTuple &Stride) {
  if (Crd.isTuple()) {
    if (!Shape.isTuple() || Shape.size() != Crd.size() || !Stride.isTuple() ||
        Stride.size() != Shape.size())
      return makeError(
          diag(DiagID::Crd2idxExpectsCoordinate, Crd.str(), Shape.str()));
    IntTuple Sum(0);
    for (size_t I = 0; I < Crd.size(); ++I) {
      if (Error E = addTerm(Sum, Crd[I], Shape[I], Stride[I]))
        return std::move(E);
    }
    return Sum;
  }
  if (Crd.isUnderscore())
    return makeError(diag(DiagID::Crd2idxExpectsInteger));
  if (Crd.isBasis())
    return makeError(diag(DiagID::Crd2idxExpectsIntegerCoordinate, Crd.str()));
  // Integral coordinate.
  if (Shape.isTuple()) {
    if (!Stride.isTuple() || Stride.size() != Shape.size())
      return makeError(
          diag(DiagID::Crd2idxExpectsStride, Stride.str(), Shape.str()));
    if (Shape.size() == 0)
      return IntTuple(0);
    IntTuple Sum(0);
    Int C = Crd.value();
    for (size_t I = 0; I < Shape.size(); ++I) {
      Int Here = C;
      if (I + 1 < Shape.size()) {
        Int S = product(Shape[I]);
        Here = modInt(C, S);
        C = divInt(C, S);
      }
      if (Error E = addTerm(Sum, IntTuple(Here), Shape[I], Stride[I]))
        return std::move(E);
    }
    return Sum;
  }
  if (Stride.isTuple())
    return makeError(
        diag(DiagID::Crd2idxExpectsStride, Stride.str(), Shape.str()));
  return scaleStride(Crd.value(), Stride);
}

Expected<IntTuple> crd2idx(const IntTuple &Crd, const IntTuple &Shape,
                           const IntTuple &Stride) {
  // Only a coordinate may hold '_' (and crd2idx then has no index to give).
  if (hasUnderscore(Shape) || hasUnderscore(Stride))
    return makeError(
        diag(DiagID::Crd2idxExpectsShape, Shape.str(), Stride.str()));
  if (!congruent(Shape, Stride))
    return makeError(
        diag(DiagID::Crd2idxExpectsCongruent, Shape.str(), Stride.str()));
  return crd2idxImpl(Crd, Shape, Stride);
}

/// Index values are integers or sums of scaled bases; a sum of bases is
/// kept as a tuple indexed by basis mode.
Expected<IntTuple> addIndex(const IntTuple &A, const IntTuple &B) {
  if (A.isInt() && A.value().is(0))
    return B;
  if (B.isInt() && B.value().is(0))
    return A;
  if (A.isInt() && B.isInt())
    return IntTuple(A.value() + B.value());
  // Expand scaled bases into nested tuples and add elementwise.
  auto Expand = [](const IntTuple &X) -> IntTuple {
    if (!X.isBasis())
      return X;
    IntTuple R(X.value());
    ArrayRef<unsigned> Path = X.basis();
    for (unsigned N : Path) {
      std::vector<IntTuple> V(N + 1, IntTuple(0));
      V[N] = R;
      R = IntTuple(std::move(V));
    }
    return R;
  };
  IntTuple EA = Expand(A), EB = Expand(B);
  if (EA.isTuple() && EB.isTuple()) {
    std::vector<IntTuple> Out;
    size_t N = std::max(EA.size(), EB.size());
    for (size_t I = 0; I < N; ++I) {
      IntTuple X = I < EA.size() ? EA[I] : IntTuple(0);
      IntTuple Y = I < EB.size() ? EB[I] : IntTuple(0);
      auto S = addIndex(X, Y);
      if (!S)
        return S.takeError();
      Out.push_back(std::move(*S));
    }
    return IntTuple(std::move(Out));
  }
  return makeError(diag(DiagID::CannotAddIndex, A.str(), B.str()));
}

Expected<IntTuple> idx2crd(const IntTuple &Idx, const IntTuple &Shape,
                           const IntTuple &Stride) {
  if (Idx.isTuple()) {
    if (!Shape.isTuple() || Shape.size() != Idx.size())
      return makeError(
          diag(DiagID::Idx2crdExpectsIndex, Idx.str(), Shape.str()));
    if (Stride.isTuple() && Stride.size() != Shape.size())
      return makeError(
          diag(DiagID::Idx2crdExpectsStride, Stride.str(), Shape.str()));
    return IntTuple::tupleOf(Idx.size(), [&](size_t I) {
      return idx2crd(Idx[I], Shape[I], mode(Stride, I));
    });
  }
  if (!Idx.isInt())
    return makeError(diag(DiagID::Idx2crdExpectsInteger, Idx.str()));
  if (Shape.isTuple()) {
    if (!congruent(Shape, Stride))
      return makeError(
          diag(DiagID::Idx2crdExpectsCongruent, Shape.str(), Stride.str()));
    return IntTuple::tupleOf(Shape.size(), [&](size_t I) {
      return idx2crd(Idx, Shape[I], Stride[I]);
    });
  }
  if (!Stride.isInt())
    return makeError(diag(DiagID::Idx2crdExpectsIntegerStride, Stride.str()));
  return IntTuple(modInt(divInt(Idx.value(), Stride.value()), Shape.value()));
}

Expected<IntTuple> idx2crd(const IntTuple &Idx, const IntTuple &Shape) {
  if (Idx.isTuple()) {
    if (!Shape.isTuple() || Shape.size() != Idx.size())
      return makeError(
          diag(DiagID::Idx2crdExpectsIndex, Idx.str(), Shape.str()));
    return IntTuple::tupleOf(
        Idx.size(), [&](size_t I) { return idx2crd(Idx[I], Shape[I]); });
  }
  if (!Shape.isTuple())
    return Idx;
  // Split colexicographically; the last mode takes any overflow.
  std::vector<IntTuple> Out;
  Int C = Idx.value();
  for (size_t I = 0; I < Shape.size(); ++I) {
    Int S = product(Shape[I]);
    Int Here = C;
    if (I + 1 < Shape.size()) {
      Here = modInt(C, S);
      C = divInt(C, S);
    }
    auto R = idx2crd(IntTuple(Here), Shape[I]);
    if (!R)
      return R.takeError();
    Out.push_back(std::move(*R));
  }
  return IntTuple(std::move(Out));
}

} // namespace cute
