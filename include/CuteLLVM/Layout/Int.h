//===- Int.h - CuTe integers, static or dynamic -----------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// One integer leaf of the algebra: static (known at compile time) or
/// dynamic (`?`, with a width, a divisibility and the SymExpr that computes
/// it), the arithmetic on it, and the checked 64-bit arithmetic every static
/// computation goes through (OverflowScope).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_INT_H
#define CUTELLVM_LAYOUT_INT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>

namespace cute {

/// Make an error whose message names the offending values.
llvm::Error makeError(const llvm::Twine &Msg);

/// How a dynamic integer is computed from the runtime values a client bound
/// to symbols: a small expression DAG that the arithmetic on Int builds as it
/// goes. The lowering of `llvm.cute.*` calls binds each dynamic leaf of its
/// operands to a symbol and turns the expressions of the result's leaves
/// into IR. Evaluation is in two's complement of the result's width;
/// division and remainder truncate toward zero, as Int's arithmetic does.
class SymExpr {
public:
  enum class Op : uint8_t {
    Symbol,
    Const,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    CeilDiv,
    Min,
    Max,
    And,
    Xor
  };
  using Ptr = std::shared_ptr<const SymExpr>;

  SymExpr() = default;
  SymExpr(const SymExpr &) = delete;
  SymExpr &operator=(const SymExpr &) = delete;
  ~SymExpr();

  static Ptr symbol(unsigned Id);
  static Ptr constant(int64_t V);
  static Ptr binary(Op O, Ptr L, Ptr R);

  Op op() const { return O; }
  /// The symbol number or the constant.
  int64_t value() const { return V; }
  const SymExpr *lhs() const { return L.get(); }
  const SymExpr *rhs() const { return R.get(); }

  /// Structural equality.
  static bool equal(const SymExpr *A, const SymExpr *B);
  /// Evaluate with \p Symbols bound to values (for tests and folding).
  int64_t evaluate(llvm::ArrayRef<int64_t> Symbols) const;
  /// A readable form: `(s0 * 4)`.
  std::string str() const;

private:
  Op O = Op::Const;
  int64_t V = 0;
  Ptr L, R;
};

//===----------------------------------------------------------------------===//
// Checked static arithmetic
//===----------------------------------------------------------------------===//

/// Collects the first overflow of static arithmetic while it is alive.
/// Every static computation of the algebra goes through the checked helpers
/// below (and Int's arithmetic, which uses them): an overflow never wraps
/// silently and is never undefined behaviour. It is recorded here, with the
/// operation and its operands, and the computation goes on with a value that
/// is meaningless but defined; whoever opened the scope turns it into an
/// error with takeError(). Scopes nest per thread: an overflow goes to the
/// innermost one, and one not taken moves to the enclosing scope when the
/// inner one ends. evaluateOp and the lowering of each call open one.
class OverflowScope {
public:
  OverflowScope();
  ~OverflowScope();
  OverflowScope(const OverflowScope &) = delete;
  OverflowScope &operator=(const OverflowScope &) = delete;

  bool overflowed() const { return !First.empty(); }
  /// `integer overflow: 4294967296 * 4294967296 does not fit in 64 bits`,
  /// or success; the scope is clear afterwards.
  llvm::Error takeError();

  /// Record an overflow in the innermost scope (none: dropped).
  static void report(const llvm::Twine &What);

private:
  OverflowScope *Outer;
  std::string First;
};

/// A * B, A + B, A - B and A * 2^Shift in 64-bit two's complement; an
/// overflow is reported to the innermost OverflowScope.
int64_t checkedMul(int64_t A, int64_t B);
int64_t checkedAdd(int64_t A, int64_t B);
int64_t checkedSub(int64_t A, int64_t B);
int64_t checkedShl(int64_t A, int64_t Shift);
/// 2^Shift for 0 <= Shift < 63.
inline int64_t checkedPow2(int64_t Shift) { return checkedShl(1, Shift); }

/// One integer of the algebra. A static integer carries its value; a dynamic
/// one (`?`) carries what is known about it: its width and a divisor.
class Int {
public:
  Int() = default;
  /*implicit*/ Int(int64_t V) : Value(V) {}

  /// A dynamic integer of \p Width bits known to be a multiple of \p Div.
  static Int dynamic(unsigned Width = 32, int64_t Div = 1) {
    Int I;
    I.Dyn = true;
    I.Width = Width;
    I.Div = Div < 1 ? 1 : Div;
    I.Known = I.Div;
    return I;
  }

  /// The dynamic integer bound to symbol \p Id.
  static Int symbol(unsigned Id, unsigned Width = 32, int64_t Div = 1) {
    Int I = dynamic(Width, Div);
    I.Sym = SymExpr::symbol(Id);
    return I;
  }

  bool isStatic() const { return !Dyn; }
  bool isDynamic() const { return Dyn; }
  /// How this dynamic integer is computed, or null when it is not known
  /// (a `?` read from notation and never bound).
  const SymExpr::Ptr &expr() const { return Sym; }
  /// This integer as an expression: a constant when static.
  SymExpr::Ptr asExpr() const { return Dyn ? Sym : SymExpr::constant(Value); }
  void setExpr(SymExpr::Ptr E) { Sym = std::move(E); }
  /// True when this is the static integer \p V.
  bool is(int64_t V) const { return !Dyn && Value == V; }
  int64_t value() const { return Value; }
  unsigned width() const { return Width; }
  int64_t divisibility() const { return Dyn ? Div : (Value ? Value : 1); }
  /// What is known to divide this integer: for a dynamic one, a multiple of
  /// its divisibility that the operations it came from and the IR value it
  /// is bound to imply (not printed, not compared: the algebra's results
  /// stay CuTe's); for a static one, its magnitude (0 for 0).
  uint64_t knownDivisor() const {
    if (Dyn)
      return uint64_t(Known);
    return Value < 0 ? 0 - uint64_t(Value) : uint64_t(Value);
  }
  /// This dynamic integer, also known to be a multiple of \p D (a power of
  /// two or any positive divisor; larger than 2^30 is ignored).
  Int withKnownDivisor(uint64_t D) const;

  /// Static integers are equal by value; dynamic ones by what is known of
  /// them, and by their expressions when both have one.
  bool operator==(const Int &O) const {
    if (Dyn != O.Dyn)
      return false;
    if (!Dyn)
      return Value == O.Value;
    return Width == O.Width && Div == O.Div &&
           (!Sym || !O.Sym || SymExpr::equal(Sym.get(), O.Sym.get()));
  }
  bool operator!=(const Int &O) const { return !(*this == O); }

  std::string str() const;

private:
  int64_t Value = 0;
  bool Dyn = false;
  unsigned Width = 32;
  int64_t Div = 1;
  /// A multiple of Div (knownDivisor).
  int64_t Known = 1;
  SymExpr::Ptr Sym;
};

/// Arithmetic on possibly dynamic integers. A result is static when CuTe
/// could compute it statically: both operands static, or an absorbing
/// operand (0 * ?, ? * 0, 1 * ? is ?).
Int operator*(const Int &A, const Int &B);
Int operator+(const Int &A, const Int &B);
Int operator-(const Int &A, const Int &B);
/// Truncating division and remainder (static only when both are static).
Int divInt(const Int &A, const Int &B);
Int modInt(const Int &A, const Int &B);
Int ceilDivInt(const Int &A, const Int &B);
Int minInt(const Int &A, const Int &B);
Int maxInt(const Int &A, const Int &B);
/// Bitwise and/xor (static only when both are static, or and with 0).
Int andInt(const Int &A, const Int &B);
Int xorInt(const Int &A, const Int &B);
/// The width a dynamic result of \p A and \p B is computed in: the widest
/// of their dynamic widths and of the widths their static values need (32
/// bits, or 64 for a static value outside the signed 32-bit range), so that
/// every static intermediate of an expression fits its width.
unsigned joinWidth(const Int &A, const Int &B);

} // namespace cute

#endif // CUTELLVM_LAYOUT_INT_H
