//===- IntTuple.cpp - CuTe integers and integer tuples --------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/IntTuple.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace cute {

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

//===----------------------------------------------------------------------===//
// Checked static arithmetic
//===----------------------------------------------------------------------===//

namespace {
thread_local OverflowScope *InnermostScope = nullptr;
} // namespace

OverflowScope::OverflowScope() : Outer(InnermostScope) {
  InnermostScope = this;
}

OverflowScope::~OverflowScope() {
  InnermostScope = Outer;
  if (Outer && !First.empty() && Outer->First.empty())
    Outer->First = std::move(First);
}

Error OverflowScope::takeError() {
  if (First.empty())
    return Error::success();
  std::string Msg = "integer overflow: " + First;
  First.clear();
  return makeError(Msg);
}

void OverflowScope::report(const Twine &What) {
  if (InnermostScope && InnermostScope->First.empty())
    InnermostScope->First = What.str();
}

int64_t checkedMul(int64_t A, int64_t B) {
  int64_t R;
  if (MulOverflow(A, B, R))
    OverflowScope::report(formatv("{0} * {1} does not fit in 64 bits", A, B));
  return R;
}

int64_t checkedAdd(int64_t A, int64_t B) {
  int64_t R;
  if (AddOverflow(A, B, R))
    OverflowScope::report(formatv("{0} + {1} does not fit in 64 bits", A, B));
  return R;
}

int64_t checkedSub(int64_t A, int64_t B) {
  int64_t R;
  if (SubOverflow(A, B, R))
    OverflowScope::report(formatv("{0} - {1} does not fit in 64 bits", A, B));
  return R;
}

int64_t checkedShl(int64_t A, int64_t Shift) {
  if (A == 0 && Shift >= 0)
    return 0;
  if (Shift < 0 || Shift > 62) {
    OverflowScope::report(
        formatv("{0} * 2^{1} does not fit in 64 bits", A, Shift));
    return 0;
  }
  int64_t R;
  if (MulOverflow(A, int64_t(1) << Shift, R))
    OverflowScope::report(
        formatv("{0} * 2^{1} does not fit in 64 bits", A, Shift));
  return R;
}

//===----------------------------------------------------------------------===//
// SymExpr
//===----------------------------------------------------------------------===//

SymExpr::Ptr SymExpr::symbol(unsigned Id) {
  auto E = std::make_shared<SymExpr>();
  E->O = Op::Symbol;
  E->V = Id;
  return E;
}

SymExpr::Ptr SymExpr::constant(int64_t V) {
  auto E = std::make_shared<SymExpr>();
  E->O = Op::Const;
  E->V = V;
  return E;
}

SymExpr::Ptr SymExpr::binary(Op O, Ptr L, Ptr R) {
  if (!L || !R)
    return nullptr;
  auto E = std::make_shared<SymExpr>();
  E->O = O;
  E->L = std::move(L);
  E->R = std::move(R);
  return E;
}

SymExpr::~SymExpr() {
  // A chain of dependent operations may be arbitrarily long: the operands
  // this node alone owns are released from a worklist, not recursively.
  SmallVector<Ptr, 8> Work;
  auto Release = [&](Ptr &P) {
    if (P && P.use_count() == 1)
      Work.push_back(std::move(P));
    P.reset();
  };
  Release(L);
  Release(R);
  while (!Work.empty()) {
    Ptr P = Work.pop_back_val();
    // The last owner: take its operands before it dies.
    auto *E = const_cast<SymExpr *>(P.get());
    Release(E->L);
    Release(E->R);
  }
}

bool SymExpr::equal(const SymExpr *A, const SymExpr *B) {
  // Iterative, like the destructor.
  SmallVector<std::pair<const SymExpr *, const SymExpr *>, 16> Work = {{A, B}};
  while (!Work.empty()) {
    auto [X, Y] = Work.pop_back_val();
    if (X == Y)
      continue;
    if (!X || !Y || X->O != Y->O || X->V != Y->V)
      return false;
    Work.push_back({X->L.get(), Y->L.get()});
    Work.push_back({X->R.get(), Y->R.get()});
  }
  return true;
}

int64_t SymExpr::evaluate(ArrayRef<int64_t> Symbols) const {
  if (O == Op::Symbol)
    return V < (int64_t)Symbols.size() ? Symbols[V] : 0;
  if (O == Op::Const)
    return V;
  int64_t A = L->evaluate(Symbols), B = R->evaluate(Symbols);
  switch (O) {
  // Two's complement of 64 bits, as the lowering's IR computes: wrapping,
  // never undefined.
  case Op::Add:
    return int64_t(uint64_t(A) + uint64_t(B));
  case Op::Sub:
    return int64_t(uint64_t(A) - uint64_t(B));
  case Op::Mul:
    return int64_t(uint64_t(A) * uint64_t(B));
  case Op::Div:
    return B == -1 ? int64_t(0 - uint64_t(A)) : B ? A / B : 0;
  case Op::Mod:
    return B == -1 || !B ? 0 : A % B;
  case Op::CeilDiv:
    return B == -1 ? int64_t(0 - uint64_t(A)) : B ? divideCeilSigned(A, B) : 0;
  case Op::Min:
    return std::min(A, B);
  case Op::Max:
    return std::max(A, B);
  case Op::And:
    return A & B;
  case Op::Xor:
    return A ^ B;
  default:
    return 0;
  }
}

std::string SymExpr::str() const {
  if (O == Op::Symbol)
    return "s" + std::to_string(V);
  if (O == Op::Const)
    return std::to_string(V);
  const char *Name = "";
  switch (O) {
  case Op::Add:
    Name = " + ";
    break;
  case Op::Sub:
    Name = " - ";
    break;
  case Op::Mul:
    Name = " * ";
    break;
  case Op::Div:
    Name = " / ";
    break;
  case Op::Mod:
    Name = " % ";
    break;
  case Op::CeilDiv:
    return "ceil_div(" + L->str() + ", " + R->str() + ")";
  case Op::Min:
    return "min(" + L->str() + ", " + R->str() + ")";
  case Op::Max:
    return "max(" + L->str() + ", " + R->str() + ")";
  case Op::And:
    Name = " & ";
    break;
  case Op::Xor:
    Name = " ^ ";
    break;
  default:
    break;
  }
  return "(" + L->str() + Name + R->str() + ")";
}

//===----------------------------------------------------------------------===//
// Int
//===----------------------------------------------------------------------===//

std::string Int::str() const {
  if (!Dyn)
    return std::to_string(Value);
  std::string S = "?";
  SmallVector<std::string, 2> Attrs;
  if (Width == 64)
    Attrs.push_back("i64");
  if (Div > 1)
    Attrs.push_back("div=" + std::to_string(Div));
  if (!Attrs.empty()) {
    S += "{";
    for (size_t I = 0; I < Attrs.size(); ++I)
      S += (I ? "," : "") + Attrs[I];
    S += "}";
  }
  return S;
}

/// The width an integer needs: a dynamic one its own; a static one 32 bits,
/// or 64 when its value does not fit a signed 32-bit integer.
static unsigned neededWidth(const Int &I) {
  if (I.isDynamic())
    return I.width();
  return isInt<32>(I.value()) ? 32 : 64;
}

unsigned joinWidth(const Int &A, const Int &B) {
  return std::max({32u, neededWidth(A), neededWidth(B)});
}

/// The dynamic result of \p O on \p A and \p B, with its expression when
/// both operands have one (or are static).
static Int dynamicResult(SymExpr::Op O, const Int &A, const Int &B) {
  Int R = Int::dynamic(joinWidth(A, B));
  R.setExpr(SymExpr::binary(O, A.asExpr(), B.asExpr()));
  return R;
}

Int operator*(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(checkedMul(A.value(), B.value()));
  if (A.is(0) || B.is(0))
    return Int(0);
  if (A.is(1))
    return B;
  if (B.is(1))
    return A;
  return dynamicResult(SymExpr::Op::Mul, A, B);
}

Int operator+(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(checkedAdd(A.value(), B.value()));
  if (A.is(0))
    return B;
  if (B.is(0))
    return A;
  return dynamicResult(SymExpr::Op::Add, A, B);
}

Int operator-(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(checkedSub(A.value(), B.value()));
  if (B.is(0))
    return A;
  return dynamicResult(SymExpr::Op::Sub, A, B);
}

Int divInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(B.value() == -1 ? checkedSub(0, A.value())
               : B.value()     ? A.value() / B.value()
                               : 0);
  if (B.is(1) || A.is(0))
    return A;
  return dynamicResult(SymExpr::Op::Div, A, B);
}

Int modInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(B.value() && B.value() != -1 ? A.value() % B.value() : 0);
  if (B.is(1) || A.is(0))
    return Int(0);
  if (B.isStatic() && B.value() > 0 && A.divisibility() % B.value() == 0)
    return Int(0);
  return dynamicResult(SymExpr::Op::Mod, A, B);
}

Int ceilDivInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic()) {
    if (B.value() == 0)
      return Int(0);
    if (B.value() == -1)
      return Int(checkedSub(0, A.value()));
    return Int(divideCeilSigned(A.value(), B.value()));
  }
  if (B.is(1) || A.is(0))
    return A;
  return dynamicResult(SymExpr::Op::CeilDiv, A, B);
}

Int minInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(std::min(A.value(), B.value()));
  return dynamicResult(SymExpr::Op::Min, A, B);
}

Int maxInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(std::max(A.value(), B.value()));
  return dynamicResult(SymExpr::Op::Max, A, B);
}

Int andInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(A.value() & B.value());
  if (A.is(0) || B.is(0))
    return Int(0);
  return dynamicResult(SymExpr::Op::And, A, B);
}

Int xorInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic())
    return Int(A.value() ^ B.value());
  if (A.is(0))
    return B;
  if (B.is(0))
    return A;
  return dynamicResult(SymExpr::Op::Xor, A, B);
}

//===----------------------------------------------------------------------===//
// IntTuple
//===----------------------------------------------------------------------===//

bool IntTuple::operator==(const IntTuple &O) const {
  if (K != O.K)
    return false;
  switch (K) {
  case Kind::Underscore:
    return true;
  case Kind::Leaf:
    return Val == O.Val && Basis == O.Basis;
  case Kind::Tuple:
    return Elems == O.Elems;
  }
  return false;
}

std::string IntTuple::str() const {
  switch (K) {
  case Kind::Underscore:
    return "_";
  case Kind::Leaf: {
    std::string S = Val.str();
    for (unsigned B : Basis)
      S += "@" + std::to_string(B);
    return S;
  }
  case Kind::Tuple: {
    std::string S = "(";
    for (size_t I = 0; I < Elems.size(); ++I) {
      if (I)
        S += ",";
      S += Elems[I].str();
    }
    return S + ")";
  }
  }
  return "";
}

unsigned rank(const IntTuple &T) { return T.isTuple() ? T.size() : 1; }

unsigned depth(const IntTuple &T) {
  if (!T.isTuple())
    return 0;
  unsigned D = 0;
  for (const IntTuple &E : T.elems())
    D = std::max(D, depth(E));
  return D + 1;
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
  if (!T.isTuple()) {
    Out.push_back(T);
    return;
  }
  for (const IntTuple &E : T.elems())
    leaves(E, Out);
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
  if (T.isLeaf())
    return T.value().isStatic();
  for (const IntTuple &E : T.elems())
    if (!isStatic(E))
      return false;
  return true;
}

bool hasBasis(const IntTuple &T) {
  if (T.isLeaf())
    return T.isBasis();
  for (const IntTuple &E : T.elems())
    if (hasBasis(E))
      return true;
  return false;
}

bool hasUnderscore(const IntTuple &T) {
  if (T.isUnderscore())
    return true;
  for (const IntTuple &E : T.elems())
    if (hasUnderscore(E))
      return true;
  return false;
}

IntTuple zeroUnderscores(const IntTuple &T) {
  if (T.isUnderscore())
    return IntTuple(0);
  if (!T.isTuple())
    return T;
  std::vector<IntTuple> Out;
  for (const IntTuple &E : T.elems())
    Out.push_back(zeroUnderscores(E));
  return IntTuple(std::move(Out));
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
/// Exclusive prefix product, threading the running product through \p Acc.
IntTuple prefixProductImpl(const IntTuple &T, Int &Acc) {
  if (!T.isTuple()) {
    IntTuple R(Acc);
    Acc = Acc * T.value();
    return R;
  }
  std::vector<IntTuple> Out;
  for (const IntTuple &E : T.elems())
    Out.push_back(prefixProductImpl(E, Acc));
  return IntTuple(std::move(Out));
}

IntTuple compactImpl(const IntTuple &T, Int &Acc) {
  if (!T.isTuple()) {
    IntTuple R(T.value().is(1) ? Int(0) : Acc);
    Acc = Acc * T.value();
    return R;
  }
  std::vector<IntTuple> Out;
  for (const IntTuple &E : T.elems())
    Out.push_back(compactImpl(E, Acc));
  return IntTuple(std::move(Out));
}

IntTuple compactRowImpl(const IntTuple &T, Int &Acc) {
  if (!T.isTuple()) {
    IntTuple R(T.value().is(1) ? Int(0) : Acc);
    Acc = Acc * T.value();
    return R;
  }
  std::vector<IntTuple> Out(T.size());
  for (size_t I = T.size(); I-- > 0;)
    Out[I] = compactRowImpl(T[I], Acc);
  return IntTuple(std::move(Out));
}
} // namespace

IntTuple prefixProduct(const IntTuple &T, Int Init) {
  return prefixProductImpl(T, Init);
}

IntTuple compactColMajor(const IntTuple &Shape, Int Init) {
  return compactImpl(Shape, Init);
}

IntTuple compactRowMajor(const IntTuple &Shape, Int Init) {
  return compactRowImpl(Shape, Init);
}

//===----------------------------------------------------------------------===//
// shape_div and ceil_div
//===----------------------------------------------------------------------===//

namespace {
Expected<Int> shapeDivInt(const Int &A, const Int &B) {
  if (A.isStatic() && B.isStatic()) {
    int64_t X = A.value(), Y = B.value();
    if (Y == 0)
      return makeError(formatv("shape_div by zero: {0} / {1}", X, Y));
    if (X == 0)
      return Int(0);
    if (X % Y != 0 && Y % X != 0)
      return makeError(formatv(
          "shape_div expects one of {0} and {1} to divide the other", X, Y));
    int64_t Q = X / Y;
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

Expected<IntTuple> shapeDiv(const IntTuple &A, const IntTuple &B) {
  if (A.isTuple()) {
    if (B.isTuple()) {
      if (A.size() != B.size())
        return makeError(formatv("shape_div expects operands of equal rank, "
                                 "but got {0} and {1}",
                                 A.str(), B.str()));
      std::vector<IntTuple> Out;
      for (size_t I = 0; I < A.size(); ++I) {
        auto R = shapeDiv(A[I], B[I]);
        if (!R)
          return R.takeError();
        Out.push_back(std::move(*R));
      }
      return IntTuple(std::move(Out));
    }
    // Tuple / integer: divide the modes left to right.
    std::vector<IntTuple> Out;
    IntTuple Rest = B;
    for (const IntTuple &E : A.elems()) {
      auto R = shapeDiv(E, Rest);
      if (!R)
        return R.takeError();
      auto NewRest = shapeDiv(Rest, IntTuple(product(E)));
      if (!NewRest)
        return NewRest.takeError();
      Out.push_back(std::move(*R));
      Rest = std::move(*NewRest);
    }
    return IntTuple(std::move(Out));
  }
  if (B.isTuple())
    return shapeDiv(A, IntTuple(product(B)));
  if (!A.isInt() || !B.isInt())
    return makeError(formatv("shape_div expects integers, but got {0} and {1}",
                             A.str(), B.str()));
  auto R = shapeDivInt(A.value(), B.value());
  if (!R)
    return R.takeError();
  return IntTuple(*R);
}

Expected<IntTuple> ceilDiv(const IntTuple &A, const IntTuple &B) {
  if (A.isTuple()) {
    if (B.isTuple()) {
      if (A.size() < B.size())
        return makeError(formatv("ceil_div expects the divisor {0} to have "
                                 "at most the rank of {1}",
                                 B.str(), A.str()));
      std::vector<IntTuple> Out;
      for (size_t I = 0; I < A.size(); ++I) {
        if (I >= B.size()) {
          Out.push_back(A[I]);
          continue;
        }
        auto R = ceilDiv(A[I], B[I]);
        if (!R)
          return R.takeError();
        Out.push_back(std::move(*R));
      }
      return IntTuple(std::move(Out));
    }
    // Tuple / integer: fold the divisor through the modes.
    std::vector<IntTuple> Out;
    IntTuple Rest = B;
    for (const IntTuple &E : A.elems()) {
      auto R = ceilDiv(E, Rest);
      if (!R)
        return R.takeError();
      auto NewRest = ceilDiv(Rest, IntTuple(product(E)));
      if (!NewRest)
        return NewRest.takeError();
      Out.push_back(std::move(*R));
      Rest = std::move(*NewRest);
    }
    return IntTuple(std::move(Out));
  }
  if (B.isTuple())
    return ceilDiv(A, IntTuple(product(B)));
  if (B.value().is(0))
    return makeError(formatv("ceil_div by zero: {0} / {1}", A.str(), B.str()));
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

static Expected<IntTuple> crd2idxImpl(const IntTuple &Crd,
                                      const IntTuple &Shape,
                                      const IntTuple &Stride) {
  if (Crd.isTuple()) {
    if (!Shape.isTuple() || Shape.size() != Crd.size() || !Stride.isTuple() ||
        Stride.size() != Shape.size())
      return makeError(formatv("crd2idx expects coordinate {0} to be "
                               "compatible with shape {1}",
                               Crd.str(), Shape.str()));
    IntTuple Sum(0);
    for (size_t I = 0; I < Crd.size(); ++I) {
      auto R = crd2idxImpl(Crd[I], Shape[I], Stride[I]);
      if (!R)
        return R.takeError();
      auto S = addIndex(Sum, *R);
      if (!S)
        return S.takeError();
      Sum = std::move(*S);
    }
    return Sum;
  }
  if (Crd.isUnderscore())
    return makeError("crd2idx expects an integer coordinate, but got _");
  if (Crd.isBasis())
    return makeError(formatv("crd2idx expects an integer coordinate, but got "
                             "{0}",
                             Crd.str()));
  // Integral coordinate.
  if (Shape.isTuple()) {
    if (!Stride.isTuple() || Stride.size() != Shape.size())
      return makeError(formatv("crd2idx expects stride {0} to be congruent "
                               "with shape {1}",
                               Stride.str(), Shape.str()));
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
      auto R = crd2idxImpl(IntTuple(Here), Shape[I], Stride[I]);
      if (!R)
        return R.takeError();
      auto S = addIndex(Sum, *R);
      if (!S)
        return S.takeError();
      Sum = std::move(*S);
    }
    return Sum;
  }
  if (Stride.isTuple())
    return makeError(formatv("crd2idx expects stride {0} to be congruent with "
                             "shape {1}",
                             Stride.str(), Shape.str()));
  return scaleStride(Crd.value(), Stride);
}

Expected<IntTuple> crd2idx(const IntTuple &Crd, const IntTuple &Shape,
                           const IntTuple &Stride) {
  // Only a coordinate may hold '_' (and crd2idx then has no index to give).
  if (hasUnderscore(Shape) || hasUnderscore(Stride))
    return makeError(formatv("crd2idx expects a shape and a stride without "
                             "'_', but got {0} and {1}",
                             Shape.str(), Stride.str()));
  if (!congruent(Shape, Stride))
    return makeError(formatv("crd2idx expects congruent shape and stride, but "
                             "got {0} and {1}",
                             Shape.str(), Stride.str()));
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
  return makeError(formatv("cannot add index {0} and {1}", A.str(), B.str()));
}

Expected<IntTuple> idx2crd(const IntTuple &Idx, const IntTuple &Shape,
                           const IntTuple &Stride) {
  if (Idx.isTuple()) {
    if (!Shape.isTuple() || Shape.size() != Idx.size())
      return makeError(formatv("idx2crd expects index {0} to be congruent "
                               "with shape {1}",
                               Idx.str(), Shape.str()));
    if (Stride.isTuple() && Stride.size() != Shape.size())
      return makeError(formatv("idx2crd expects stride {0} to have the rank "
                               "of shape {1}",
                               Stride.str(), Shape.str()));
    std::vector<IntTuple> Out;
    for (size_t I = 0; I < Idx.size(); ++I) {
      auto R = idx2crd(Idx[I], Shape[I], mode(Stride, I));
      if (!R)
        return R.takeError();
      Out.push_back(std::move(*R));
    }
    return IntTuple(std::move(Out));
  }
  if (!Idx.isInt())
    return makeError(
        formatv("idx2crd expects an integer index, but got {0}", Idx.str()));
  if (Shape.isTuple()) {
    if (!congruent(Shape, Stride))
      return makeError(formatv("idx2crd expects congruent shape and stride, "
                               "but got {0} and {1}",
                               Shape.str(), Stride.str()));
    std::vector<IntTuple> Out;
    for (size_t I = 0; I < Shape.size(); ++I) {
      auto R = idx2crd(Idx, Shape[I], Stride[I]);
      if (!R)
        return R.takeError();
      Out.push_back(std::move(*R));
    }
    return IntTuple(std::move(Out));
  }
  if (!Stride.isInt())
    return makeError(formatv("idx2crd expects an integer stride, but got {0}",
                             Stride.str()));
  return IntTuple(modInt(divInt(Idx.value(), Stride.value()), Shape.value()));
}

Expected<IntTuple> idx2crd(const IntTuple &Idx, const IntTuple &Shape) {
  if (Idx.isTuple()) {
    if (!Shape.isTuple() || Shape.size() != Idx.size())
      return makeError(formatv("idx2crd expects index {0} to be congruent "
                               "with shape {1}",
                               Idx.str(), Shape.str()));
    std::vector<IntTuple> Out;
    for (size_t I = 0; I < Idx.size(); ++I) {
      auto R = idx2crd(Idx[I], Shape[I]);
      if (!R)
        return R.takeError();
      Out.push_back(std::move(*R));
    }
    return IntTuple(std::move(Out));
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
