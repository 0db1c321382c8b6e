//===- LowerSync.cpp - mbarriers, fences, clusters, async groups -*- C++
//-*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The SyncLowering and MbarrierWaitLowering kinds of cute-lower-atoms: a
/// support-operation call (td/Atoms/Sync.td) becomes its variant's NVVM
/// intrinsic. The variant's PTX operands bind to the atom's parameters by
/// name: a shared operand takes the pointer (generic or addrspace(3),
/// checked), a register the scalar, an immediate the record's literal or,
/// for an immediate the call supplies (PtxImmArg), the call's constant,
/// checked against the multiple the record asks for and the range the
/// intrinsic accepts. A shared operand that names a rank parameter
/// (PtxClusterSmem) is the same offset in that CTA of the cluster, mapped by
/// mapa.shared::cluster. A register without a parameter is the intrinsic's
/// result: the call's result when it has one (the field of its type, for
/// elect.sync's {lane, predicate}), dropped otherwise. A scalar parameter
/// the variant does not use must be 0.
///
/// An mbarrier wait is the try_wait intrinsic in a loop: try_wait suspends
/// the thread for a system-dependent time and may return before the phase
/// completes.
///
//===----------------------------------------------------------------------===//

#include "AtomLowering.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"
#include "LowerTma.h"
#include "OperandBinder.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/NVPTXAddrSpace.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {

namespace {

/// The intrinsic call of one support-operation call: its arguments from the
/// variant's PTX operands in order, as the binder hands them over.
class SyncCall : public OperandSink {
public:
  SyncCall(IRBuilder<> &B, CallInst &CI, const VariantInfo &V)
      : B(B), S(selectorOf(V)), Binder(CI, V, B) {}

  /// The call; null after a diagnostic.
  CallInst *emit();

private:
  bool fail(const Twine &Msg) { return Binder.fail(Msg); }
  /// The intrinsic's parameter the next argument goes to, or null.
  Type *nextParam() const {
    FunctionType *FT = Decl->getFunctionType();
    return Args.size() < FT->getNumParams() ? FT->getParamType(Args.size())
                                            : nullptr;
  }
  /// A shared-memory operand: the pointer, or (naming a rank parameter)
  /// the same offset in that CTA of the cluster.
  bool shared(const PtxOperandInfo &Op, Value *Arg) override;
  /// The same offset as \p Arg in the cluster's CTA the rank parameter
  /// \p Rank names: the CTA's own address, mapped (mapa.shared::cluster).
  bool addClusterShared(const PtxOperandInfo &Op, Value *Arg, Type *T,
                        StringRef Rank);
  /// A register: the call's scalar or the record's value. (A register list
  /// is no support-operation operand.)
  bool reg(const PtxOperandInfo &Op, Value *Arg) override;
  /// An immediate: the record's literal, or the call's constant (PtxImmArg)
  /// checked against the multiple the record asks for and the range the
  /// intrinsic accepts.
  bool immediate(const PtxOperandInfo &Op, Value *Arg) override;
  /// A 32-bit tensor-memory address, as the intrinsic's TMEM pointer.
  bool tmem(const PtxOperandInfo &Op, Value *Arg) override;
  bool unsupported(const PtxOperandInfo &Op) override {
    return fail(diag(DiagID::OperandNotSupportOperation, Op.Name));
  }

  IRBuilder<> &B;
  const SelectorInfo &S;
  OperandBinder Binder;
  Function *Decl = nullptr;
  SmallVector<Value *, 4> Args;
};

bool SyncCall::shared(const PtxOperandInfo &Op, Value *Arg) {
  Type *T = nextParam();
  if (!Arg || !T)
    return fail(diag(DiagID::OperandNeedsPointerParameter, Op.Name));
  // The object it points at holds the operand's bytes (an mbarrier is 8
  // bytes, not a 4-byte word).
  if (!Binder.checkObject(Op.Name.c_str(), Arg, Op.Count))
    return false;
  StringRef Rank = Op.Value;
  if (!Rank.empty())
    return addClusterShared(Op, Arg, T, Rank);
  Value *P = castToShared(B, Binder.call(), Arg, T->getPointerAddressSpace(),
                          Binder.what(Op.Name));
  if (!P)
    return false;
  Args.push_back(P);
  return true;
}

bool SyncCall::addClusterShared(const PtxOperandInfo &Op, Value *Arg, Type *T,
                                StringRef Rank) {
  Value *R = Binder.argNamed(Rank);
  if (!R ||
      T->getPointerAddressSpace() != NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER)
    return fail(diag(DiagID::OperandNamesRankParameter, Op.Name, Rank,
                     S.IntrinsicName));
  // The atom call's check has made the rank an integer; a constant one
  // names a CTA a cluster can hold.
  if (auto *C = dyn_cast<ConstantInt>(R);
      C && Op.Min <= Op.Max &&
      (C->getValue().getSignificantBits() > 64 || C->getSExtValue() < Op.Min ||
       C->getSExtValue() > Op.Max))
    return fail(diag(DiagID::OperandClusterRank, Rank, Op.Name, Op.Min, Op.Max,
                     C->getValue()));
  Value *Own =
      castToShared(B, Binder.call(), Arg, NVPTXAS::ADDRESS_SPACE_SHARED,
                   Binder.what(Op.Name));
  if (!Own)
    return false;
  Args.push_back(
      B.CreateIntrinsic(Intrinsic::nvvm_mapa_shared_cluster, {},
                        {Own, B.CreateZExtOrTrunc(R, B.getInt32Ty())}));
  return true;
}

bool SyncCall::reg(const PtxOperandInfo &Op, Value *Arg) {
  Type *T = nextParam();
  if (Binder.roleOf(Op) == RegisterRole::Unbound)
    return true; // A result.
  if (!T || !T->isIntegerTy())
    return fail(diag(DiagID::OperandDoesNotMatch, Op.Name, S.IntrinsicName));
  if (!Arg) {
    Args.push_back(OperandBinder::recordValue(Op, T));
    return true;
  }
  if (!Arg->getType()->isIntegerTy())
    return fail(diag(DiagID::OperandMustInteger, Op.Name));
  Value *X = Binder.scalar(Op, Arg, T);
  if (!X)
    return false;
  Args.push_back(X);
  return true;
}

bool SyncCall::immediate(const PtxOperandInfo &Op, Value *Arg) {
  Type *T = nextParam();
  if (!T || !T->isIntegerTy())
    return fail(diag(DiagID::ImmediateDoesNotMatch, Op.Name, S.IntrinsicName));
  if (StringRef(Op.Type) != "arg") {
    std::optional<uint64_t> Imm = OperandBinder::recordImmediate(Op);
    if (!Imm)
      return fail(diag(DiagID::ImmediateNotInteger, Op.Name));
    Args.push_back(ConstantInt::get(T, *Imm));
    return true;
  }
  auto *C = dyn_cast_or_null<ConstantInt>(Arg);
  if (!C)
    return fail(diag(DiagID::AtomOperandNotConstant, Op.Name));
  if (!operandInRange(Binder.call(), Binder.variant().Name, Op, C))
    return false;
  uint64_t N = C->getZExtValue();
  std::optional<ConstantRange> Range;
  Attribute R = Decl->getParamAttribute(Args.size(), Attribute::Range);
  if (R.isValid())
    Range = R.getRange();
  bool InRange = !Range || (C->getBitWidth() <= 64 && N < (1ULL << 32) &&
                            Range->contains(APInt(Range->getBitWidth(), N)));
  if (N % Op.Count || !InRange) {
    std::string Want = Op.Count > 1
                           ? formatv("a multiple of {0}", Op.Count).str()
                           : std::string("a constant");
    if (Range)
      Want += formatv(" in [{0}, {1}]", Range->getLower().getZExtValue(),
                      Range->getUpper().getZExtValue() - 1);
    return fail(diag(DiagID::OperandWrongValue, Op.Name, Want, N));
  }
  Args.push_back(ConstantInt::get(T, N));
  return true;
}

bool SyncCall::tmem(const PtxOperandInfo &Op, Value *Arg) {
  Type *T = nextParam();
  if (!Arg || !T || !Arg->getType()->isIntegerTy())
    return fail(diag(DiagID::OperandNeedsTensorMemory, Op.Name));
  Value *Addr = Binder.tmemAddress(Op.Name, Arg, T);
  if (!Addr)
    return false;
  Args.push_back(Addr);
  return true;
}

CallInst *SyncCall::emit() {
  auto Fail = [&](const Twine &Msg) -> CallInst * {
    fail(Msg);
    return nullptr;
  };
  if (S.Kind != SelectorKind::Intrinsic)
    return Fail(diag(DiagID::SupportOperationNeeds));
  auto ID = Intrinsic::ID(S.IntrinsicID);
  if (Intrinsic::isOverloaded(ID))
    return Fail(diag(DiagID::IntrinsicOverloaded, S.IntrinsicName));
  Decl = Intrinsic::getOrInsertDeclaration(Binder.call().getModule(), ID);
  FunctionType *FT = Decl->getFunctionType();
  if (!Binder.bind(*this) || !Binder.checkUnusedParams())
    return nullptr;
  if (Args.size() != FT->getNumParams())
    return Fail(diag(DiagID::OperandsSupplyParameters, Args.size(),
                     FT->getNumParams(), S.IntrinsicName));
  return B.CreateCall(Decl, Args);
}

} // namespace

CallInst *emitSyncIntrinsic(IRBuilder<> &B, CallInst &CI, const AtomInfo &,
                            const VariantInfo &V) {
  return SyncCall(B, CI, V).emit();
}

namespace {

/// The value of \p Result (an intrinsic's) as \p T: itself, the field of a
/// struct of type T (or the first integer field, resized), or an integer
/// resized; null when none fits.
Value *resultAs(IRBuilder<> &B, Value *Result, Type *T) {
  Type *R = Result->getType();
  if (R == T)
    return Result;
  if (auto *ST = dyn_cast<StructType>(R)) {
    for (unsigned I = 0, E = ST->getNumElements(); I != E; ++I)
      if (ST->getElementType(I) == T)
        return B.CreateExtractValue(Result, I);
    for (unsigned I = 0, E = ST->getNumElements(); I != E; ++I)
      if (ST->getElementType(I)->isIntegerTy() && T->isIntegerTy())
        return B.CreateZExtOrTrunc(B.CreateExtractValue(Result, I), T);
    return nullptr;
  }
  if (R->isIntegerTy() && T->isIntegerTy())
    return B.CreateZExtOrTrunc(Result, T);
  return nullptr;
}

} // namespace

bool lowerSync(CallInst &CI, const AtomInfo &A, const VariantInfo &V) {
  IRBuilder<> B(&CI);
  CallInst *Call = emitSyncIntrinsic(B, CI, A, V);
  if (!Call)
    return false;
  if (!CI.getType()->isVoidTy()) {
    Value *R =
        Call->getType()->isVoidTy() ? nullptr : resultAs(B, Call, CI.getType());
    if (!R) {
      std::string Have = "nothing";
      if (!Call->getType()->isVoidTy()) {
        raw_string_ostream OS(Have = "");
        Call->getType()->print(OS);
      }
      Call->eraseFromParent();
      reportCuteError(CI, diag(DiagID::VariantReturnsNotValue, V.Name, Have));
      return false;
    }
    CI.replaceAllUsesWith(R);
  }
  CI.eraseFromParent();
  return true;
}

bool lowerMbarrierWait(CallInst &CI, const AtomInfo &A, const VariantInfo &V) {
  if (!CI.getType()->isVoidTy()) {
    reportCuteError(CI, diag(DiagID::VariantReturnsNothing, V.Name));
    return false;
  }
  // The operands are cast before the loop; the try_wait call is then moved
  // into it.
  IRBuilder<> B(&CI);
  CallInst *Try = emitSyncIntrinsic(B, CI, A, V);
  if (!Try)
    return false;
  if (!Try->getType()->isIntegerTy(1)) {
    Try->eraseFromParent();
    reportCuteError(CI, diag(DiagID::VariantIntrinsicNoPhaseResult, V.Name));
    return false;
  }
  BasicBlock *Entry = Try->getParent();
  BasicBlock *Done = Entry->splitBasicBlock(&CI, "mbarrier.wait.done");
  BasicBlock *Loop = BasicBlock::Create(CI.getContext(), "mbarrier.wait",
                                        Entry->getParent(), Done);
  Entry->getTerminator()->setSuccessor(0, Loop);
  Try->removeFromParent();
  Try->insertInto(Loop, Loop->end());
  BranchInst::Create(Done, Loop, Try, Loop);
  CI.eraseFromParent();
  return true;
}

} // namespace cute
