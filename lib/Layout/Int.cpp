//===- Int.cpp - CuTe integers, static or dynamic -------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Checked static arithmetic (OverflowScope) and Int: its printing and its
/// arithmetic, static where both operands are, dynamic with an expression
/// otherwise.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Int.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

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

/// A \p Sym B in 64-bit two's complement by \p OpFn (one of LLVM's
/// MulOverflow, AddOverflow, SubOverflow), reporting an overflow.
template <int64_t (*OpFn)(int64_t, int64_t, int64_t &)>
static int64_t checked(int64_t A, int64_t B, StringRef Sym) {
  int64_t R;
  if (OpFn(A, B, R))
    OverflowScope::report(diag(DiagID::IntOverflow, A, Sym, B));
  return R;
}

int64_t checkedMul(int64_t A, int64_t B) {
  return checked<MulOverflow<int64_t>>(A, B, "*");
}

int64_t checkedAdd(int64_t A, int64_t B) {
  return checked<AddOverflow<int64_t>>(A, B, "+");
}

int64_t checkedSub(int64_t A, int64_t B) {
  return checked<SubOverflow<int64_t>>(A, B, "-");
}

int64_t checkedShl(int64_t A, int64_t Shift) {
  if (A == 0 && Shift >= 0)
    return 0;
  if (Shift < 0 || Shift > 62) {
    OverflowScope::report(diag(DiagID::IntShiftOverflow, A, Shift));
    return 0;
  }
  int64_t R;
  if (MulOverflow(A, int64_t(1) << Shift, R))
    OverflowScope::report(diag(DiagID::IntShiftOverflow, A, Shift));
  return R;
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

/// The largest power of two dividing \p D (2^62 for 0).
static uint64_t powerOfTwoPart(uint64_t D) {
  return D ? D & (~D + 1) : uint64_t(1) << 62;
}

/// A divisor of the result of \p O on \p A and \p B, from theirs (1 where
/// nothing is known).
static uint64_t resultDivisor(SymExpr::Op O, const Int &A, const Int &B) {
  uint64_t DA = A.knownDivisor(), DB = B.knownDivisor();
  switch (O) {
  case SymExpr::Op::Add:
  case SymExpr::Op::Sub:
  case SymExpr::Op::Min:
  case SymExpr::Op::Max:
    return std::gcd(DA, DB);
  case SymExpr::Op::Mul: {
    uint64_t P;
    if (DA && DB && !__builtin_mul_overflow(DA, DB, &P))
      return P;
    return std::max(DA, DB);
  }
  case SymExpr::Op::Div:
    return B.isStatic() && DB && DA % DB == 0 ? DA / DB : 1;
  case SymExpr::Op::Mod:
    return B.isStatic() ? std::gcd(DA, DB) : 1;
  case SymExpr::Op::And:
    return std::max(powerOfTwoPart(DA), powerOfTwoPart(DB));
  case SymExpr::Op::Xor:
    return std::min(powerOfTwoPart(DA), powerOfTwoPart(DB));
  default:
    return 1;
  }
}

/// The dynamic result of \p O on \p A and \p B, with its expression when
/// both operands have one (or are static), and what is known to divide it.
static Int dynamicResult(SymExpr::Op O, const Int &A, const Int &B) {
  Int R =
      Int::dynamic(joinWidth(A, B)).withKnownDivisor(resultDivisor(O, A, B));
  R.setExpr(SymExpr::binary(O, A.asExpr(), B.asExpr()));
  return R;
}

Int Int::withKnownDivisor(uint64_t D) const {
  Int R = *this;
  // A divisor past 2^30 says little and would not fit every width.
  if (!Dyn || D == 0 || D > (uint64_t(1) << 30))
    return R;
  uint64_t L = std::lcm(uint64_t(R.Known), D);
  if (L <= (uint64_t(1) << 30))
    R.Known = int64_t(L);
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

} // namespace cute
