//===- CuteValues.cpp - Cute values as the lowering sees them -------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteValues.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/KnownBits.h"

#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Support/Diagnostics.h"

using namespace llvm;

namespace cute {

namespace {
template <typename TupleT, typename FnT>
void forEachTupleInt(TupleT &T, const FnT &Fn) {
  forEachLeaf(T, [&](auto &X) {
    if (X.isLeaf())
      Fn(X.value());
  });
}

template <typename LayoutT, typename FnT>
void forEachLayoutInt(LayoutT &L, const FnT &Fn) {
  forEachTupleInt(L.Shape, Fn);
  forEachTupleInt(L.Stride, Fn);
}

template <typename TileT, typename FnT>
void forEachTileInt(TileT &T, const FnT &Fn) {
  forEachLeaf(T, [&](auto &X) {
    if (X.isLayout())
      forEachLayoutInt(X.layout(), Fn);
  });
}

template <typename ValueT, typename FnT>
void forEachValueInt(ValueT &V, const FnT &Fn) {
  switch (V.kind()) {
  case ValueKind::Layout:
    forEachLayoutInt(V.layout(), Fn);
    return;
  case ValueKind::ComposedLayout:
    if (!V.composed().InnerSwizzle)
      forEachLayoutInt(V.composed().InnerLayout, Fn);
    forEachTupleInt(V.composed().Offset, Fn);
    forEachLayoutInt(V.composed().Outer, Fn);
    return;
  case ValueKind::Tile:
    forEachTileInt(V.tile(), Fn);
    return;
  case ValueKind::LayoutTuple:
    for (auto &E : V.elems())
      forEachValueInt(E, Fn);
    return;
  case ValueKind::Swizzle:
  case ValueKind::Bool:
    return;
  default:
    forEachTupleInt(V.tuple(), Fn);
    return;
  }
}
} // namespace

void forEachInt(Value &V, function_ref<void(Int &)> Fn) {
  forEachValueInt(V, Fn);
}

void forEachInt(const Value &V, function_ref<void(const Int &)> Fn) {
  forEachValueInt(V, Fn);
}

std::string skeleton(const Value &V) {
  Value Copy = V;
  forEachInt(Copy, [](Int &I) { I = Int::dynamic(); });
  return std::string(valueKindName(V.kind())) + " " + Copy.str();
}

std::string describeError(Error E) {
  std::string Msg;
  handleAllErrors(
      std::move(E),
      [&](const ParseError &PE) {
        Msg = formatv("column {0}: {1}", PE.column(), PE.message()).str();
      },
      [&](const ErrorInfoBase &EI) { Msg = EI.message(); });
  return Msg;
}

namespace {
Error checkShape(const IntTuple &S, StringRef Text) {
  if (S.isLeaf()) {
    if (S.isBasis())
      return makeError(diag(DiagID::ShapeLeafScaledBasis, S.str()));
    if (S.value().isStatic() && S.value().value() <= 0)
      return makeError(diag(DiagID::ShapeLeafNotPositive, S.value().value()));
    return Error::success();
  }
  if (S.isUnderscore())
    return makeError(diag(DiagID::NotShapeLeaf));
  for (const IntTuple &E : S.elems())
    if (Error Err = checkShape(E, Text))
      return Err;
  return Error::success();
}

Error checkTile(const Tile &T, StringRef Text) {
  if (T.isLayout())
    return checkShape(T.layout().Shape, Text);
  for (const Tile &E : T.elems())
    if (Error Err = checkTile(E, Text))
      return Err;
  return Error::success();
}
} // namespace

Expected<Value> parseProfile(StringRef Text, ValueKind Kind) {
  auto V = parseValue(Text, Kind);
  if (!V)
    return V.takeError();
  Error Err = Error::success();
  switch (V->kind()) {
  case ValueKind::Shape:
    Err = checkShape(V->tuple(), Text);
    break;
  case ValueKind::Layout:
    Err = checkShape(V->layout().Shape, Text);
    break;
  case ValueKind::ComposedLayout:
    Err = checkShape(V->composed().Outer.Shape, Text);
    break;
  case ValueKind::Tile:
    Err = checkTile(V->tile(), Text);
    break;
  default:
    break;
  }
  if (Err)
    return std::move(Err);
  return V;
}

std::optional<ValueKind> literalKind(StringRef Op, StringRef Text) {
  const CuteOpInfo *Info = lookupOp(Op);
  if (!Info || !Info->IsLiteral)
    return std::nullopt;
  if (Info->Id != CuteOp::make_layout)
    return Info->LiteralKind;
  // make_layout builds the layout or composed layout its text is (the
  // library's one rule, impliedValueKind); any other text is a shape, whose
  // layout is CuTe's compact column-major one.
  ValueKind K = impliedValueKind(Text);
  if (isLayoutKind(K))
    return K;
  return ValueKind::Shape;
}

std::optional<StringRef> getConstantString(const llvm::Value *V) {
  StringRef S;
  // An empty string (an all-zero initializer) counts as no string: an
  // operand holding one is reported as not being a cute value.
  if (getConstantStringInfo(V, S))
    return S.empty() ? std::nullopt : std::optional<StringRef>(S);
  // A C++ constant array that CUDA puts in the constant space (a static
  // constexpr member: a profile spelled at compile time from template
  // arguments). CUDA marks it externally initialized, which
  // getConstantStringInfo refuses; a const object's value is its
  // initializer all the same.
  const auto *GV =
      dyn_cast<GlobalVariable>(V->stripPointerCastsAndAliases());
  if (!GV || !GV->isConstant() || !GV->hasInitializer() ||
      GV->isInterposable())
    return std::nullopt;
  const auto *Data = dyn_cast<ConstantDataArray>(GV->getInitializer());
  if (!Data || !Data->isCString() || Data->getAsCString().empty())
    return std::nullopt;
  return Data->getAsCString();
}

uint64_t knownPowerOfTwoDivisor(const llvm::Value *V,
                                const llvm::DataLayout &DL) {
  KnownBits Known = computeKnownBits(V, DL);
  return uint64_t(1) << std::min(Known.countMinTrailingZeros(), 30u);
}

Int SymbolTable::bind(llvm::Value *V, unsigned Width, int64_t Div) {
  Symbols.push_back(V);
  return Int::symbol(Symbols.size() - 1, Width, Div);
}

namespace {
/// The error for a static value \p V that does not fit \p Ty.
Error doesNotFit(int64_t V, IntegerType *Ty, bool InResult) {
  if (InResult)
    return makeError(diag(DiagID::StaticValueWraps, V, Ty->getBitWidth()));
  return makeError(diag(DiagID::IndexIntermediateWraps, Ty->getBitWidth(), V));
}

llvm::Value *emitBinary(SymExpr::Op O, llvm::Value *L, llvm::Value *R, Type *Ty,
                        IRBuilderBase &B) {
  switch (O) {
  case SymExpr::Op::Add:
    return B.CreateAdd(L, R);
  case SymExpr::Op::Sub:
    return B.CreateSub(L, R);
  case SymExpr::Op::Mul:
    return B.CreateMul(L, R);
  case SymExpr::Op::Div:
    return B.CreateSDiv(L, R);
  case SymExpr::Op::Mod:
    return B.CreateSRem(L, R);
  case SymExpr::Op::CeilDiv:
    // Shapes are positive: (a + b - 1) / b.
    return B.CreateSDiv(B.CreateSub(B.CreateAdd(L, R), ConstantInt::get(Ty, 1)),
                        R);
  case SymExpr::Op::Min:
    return B.CreateBinaryIntrinsic(Intrinsic::smin, L, R);
  case SymExpr::Op::Max:
    return B.CreateBinaryIntrinsic(Intrinsic::smax, L, R);
  case SymExpr::Op::And:
    return B.CreateAnd(L, R);
  case SymExpr::Op::Xor:
    return B.CreateXor(L, R);
  default:
    llvm_unreachable("leaf ops have no operands");
  }
}
} // namespace

Expected<llvm::Value *> SymbolTable::emit(const Int &I, Type *Ty,
                                          IRBuilderBase &B) {
  auto *ITy = cast<IntegerType>(Ty);
  if (I.isStatic()) {
    if (!isIntN(ITy->getBitWidth(), I.value()))
      return doesNotFit(I.value(), ITy, /*InResult=*/true);
    return ConstantInt::getSigned(Ty, I.value());
  }
  if (!I.expr())
    return makeError(diag(DiagID::DynamicLeafResultCannot));
  return emitExpr(I.expr().get(), ITy, B);
}

Expected<llvm::Value *>
SymbolTable::emitExpr(const SymExpr *Root, IntegerType *Ty, IRBuilderBase &B) {
  // Post-order over the DAG with an explicit stack: a node is emitted once
  // both its operands are.
  DenseMap<const SymExpr *, llvm::Value *> Memo;
  SmallVector<const SymExpr *, 32> Stack = {Root};
  while (!Stack.empty()) {
    const SymExpr *E = Stack.back();
    if (Memo.count(E)) {
      Stack.pop_back();
      continue;
    }
    llvm::Value *R = nullptr;
    switch (E->op()) {
    case SymExpr::Op::Symbol:
      R = B.CreateSExtOrTrunc(Symbols[E->value()], Ty);
      break;
    case SymExpr::Op::Const:
      if (!isIntN(Ty->getBitWidth(), E->value()))
        return doesNotFit(E->value(), Ty, /*InResult=*/false);
      R = ConstantInt::getSigned(Ty, E->value());
      break;
    default: {
      llvm::Value *L = Memo.lookup(E->lhs());
      llvm::Value *Rhs = Memo.lookup(E->rhs());
      if (!L || !Rhs) {
        // The left operand on top: emitted first, as a recursive walk
        // would.
        if (!Rhs)
          Stack.push_back(E->rhs());
        if (!L)
          Stack.push_back(E->lhs());
        continue;
      }
      R = emitBinary(E->op(), L, Rhs, Ty, B);
      break;
    }
    }
    Memo[E] = R;
    Stack.pop_back();
  }
  return Memo.lookup(Root);
}

} // namespace cute
