//===- SymExpr.cpp - Expressions of dynamic integers ----------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// SymExpr: how a dynamic integer is computed from the runtime values bound
/// to symbols; built, compared, evaluated and printed.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Int.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace cute {

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
  // How each binary operation is written: infix, `(l op r)`, or as a call,
  // `name(l, r)`.
  struct Spelling {
    Op O;
    StringLiteral Text;
    bool Call;
  };
  static constexpr Spelling Spellings[] = {
      {Op::Add, " + ", false}, {Op::Sub, " - ", false},
      {Op::Mul, " * ", false}, {Op::Div, " / ", false},
      {Op::Mod, " % ", false}, {Op::CeilDiv, "ceil_div", true},
      {Op::Min, "min", true},  {Op::Max, "max", true},
      {Op::And, " & ", false}, {Op::Xor, " ^ ", false},
  };
  const Spelling &S =
      *find_if(Spellings, [&](const Spelling &X) { return X.O == O; });
  if (S.Call)
    return S.Text.str() + "(" + L->str() + ", " + R->str() + ")";
  return "(" + L->str() + S.Text.str() + R->str() + ")";
}

} // namespace cute
