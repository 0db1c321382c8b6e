//===- Operations.cpp - CuTe IR operations by mnemonic --------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The operation table: every mnemonic of td/Ops.td with its arity and its
/// evaluator (OpsConstructors.cpp, OpsAccessors.cpp, OpsSizeIndex.cpp,
/// OpsLayoutAlgebra.cpp, OpsTiling.cpp, OpsArithmetic.cpp for the AlgebraOp
/// records, TiledOperations.cpp for the TiledOp records), and evaluateOp,
/// which parses the operands, checks the arity, and checks the results.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Layout/TiledObject.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "OpsCommon.h"
#include "TiledOperations.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {

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

namespace {
using ops::EvalFn;

/// The evaluator of \p Op among td/Ops.td's AlgebraOp records, or null.
EvalFn algebraEvaluator(CuteOp Op) {
  using namespace ops;
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

/// The library op \p Op, or the error that it is unknown or that
/// \p NumArgs operands do not fit its arity.
Expected<OpInfo> libraryOp(StringRef Op, size_t NumArgs) {
  const CuteOpInfo *Info = lookupLibraryOp(Op);
  if (!Info)
    return makeError(diag(DiagID::UnknownOperation, Op));
  EvalFn Eval = algebraEvaluator(Info->Id);
  if (!Eval)
    Eval = tiledEvaluator(Info->Id);
  assert(Eval && "a library op without evaluator");
  OpInfo Found{Info, Eval, Info->MinArgs, Info->MaxArgs};
  if (NumArgs >= Found.MinArgs && NumArgs <= Found.MaxArgs)
    return Found;
  if (Found.MinArgs == Found.MaxArgs)
    return makeError(diag(DiagID::ExpectsOperand, Op, Found.MinArgs, NumArgs));
  return makeError(
      diag(DiagID::ExpectsOperands, Op, Found.MinArgs, Found.MaxArgs, NumArgs));
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
    if (auto Bad = ops::nonPositiveLeaf(*Shape))
      return makeError(diag(DiagID::ExpectsResultPositive, Op, V.str(), *Bad));
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
  auto Info = libraryOp(Op, ArgList.size());
  if (!Info)
    return Info.takeError();
  std::vector<Value> Vals;
  for (size_t I = 0; I < ArgList.size(); ++I) {
    auto V = parseValue(ArgList[I].Text, ArgList[I].Kind);
    if (!V)
      return handleErrors(V.takeError(), [&](const ParseError &PE) -> Error {
        return makeError(diag(DiagID::OperandColumn, I, ArgList[I].Text,
                              PE.column(), PE.message()));
      });
    Vals.push_back(std::move(*V));
  }
  return overflowOr(Op, Scope,
                    checkResultShapes(Op, Info->Eval(Op, Vals, Attrs)));
}

Expected<std::vector<Value>> evaluateOp(StringRef Op, ArrayRef<Value> Vals,
                                        const OpAttrs &Attrs) {
  auto Info = libraryOp(Op, Vals.size());
  if (!Info)
    return Info.takeError();
  OverflowScope Scope;
  return overflowOr(Op, Scope,
                    checkResultShapes(Op, Info->Eval(Op, Vals, Attrs)));
}

Expected<TiledObjectRef> buildTiledObject(StringRef Op, ArrayRef<Value> Vals,
                                          const OpAttrs &Attrs) {
  if (!isTiledConstructor(Op))
    return makeError(diag(DiagID::NotTiledConstructor, Op));
  auto Info = libraryOp(Op, Vals.size());
  if (!Info)
    return Info.takeError();
  OverflowScope Scope;
  auto Obj = constructTiledObject(Op, Vals, Attrs);
  // The results are checked as evaluateOp checks them.
  Expected<std::vector<Value>> Results =
      Obj ? Expected<std::vector<Value>>((*Obj)->results())
          : Expected<std::vector<Value>>(Obj.takeError());
  auto Checked =
      overflowOr(Op, Scope, checkResultShapes(Op, std::move(Results)));
  if (!Checked)
    return Checked.takeError();
  return std::move(*Obj);
}

std::pair<unsigned, unsigned> opArity(StringRef Op) {
  const CuteOpInfo *Info = lookupLibraryOp(Op);
  if (!Info)
    return {0, 0};
  return {Info->MinArgs, Info->MaxArgs};
}

} // namespace cute
