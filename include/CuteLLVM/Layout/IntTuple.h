//===- IntTuple.h - CuTe integers and integer tuples ------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The value types of CuTe's layout algebra: an integer leaf that is either
/// static (known at compile time) or dynamic (`?`, with an optional width and
/// divisibility), scaled-basis leaves (`1@0@1`), the `_` wildcard of
/// coordinates, and IntTuple: a leaf or a tuple of IntTuples.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_INTTUPLE_H
#define CUTELLVM_LAYOUT_INTTUPLE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cute {

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

/// Make an error whose message names the offending values.
llvm::Error makeError(const llvm::Twine &Msg);

} // namespace cute

#endif // CUTELLVM_LAYOUT_INTTUPLE_H
