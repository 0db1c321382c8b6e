//===- InlineHelpers.cpp - Inline functions that pass cute values ---------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A cute value (a layout, tensor, tile or tiled-atom handle) is a profile
/// the lowering follows through SSA; it cannot cross a call. Front ends
/// structure their libraries in functions all the same, so the pipeline
/// starts by inlining every defined function that takes a cute value from
/// its caller (by value, or through a pointer to the caller's stack: a
/// lambda's closure) or returns one, transitively (a helper that calls a
/// helper), whatever the optimisation level and without `alwaysinline`.
///
/// What cannot be inlined stays a located error: a helper that calls itself
/// (directly or through others) with cute values, and a call the inliner
/// refuses. A value passed to a declaration or stored to memory is reported
/// later by the layout lowering, at its use.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "CuteValues.h"
#include "Diagnostics.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace cute {

namespace {

/// True when \p V is a cute value: the pointer result of a cute operation,
/// or a phi or select of cute values.
bool isCuteValue(const llvm::Value *V,
                 SmallPtrSetImpl<const llvm::Value *> &Seen) {
  if (!V->getType()->isPointerTy() || !Seen.insert(V).second)
    return false;
  if (auto *CI = dyn_cast<CallInst>(V)) {
    const Function *F = getCallee(*CI);
    return F && getCuteOpName(*F).has_value();
  }
  if (auto *Phi = dyn_cast<PHINode>(V))
    return any_of(Phi->incoming_values(),
                  [&](const llvm::Value *In) { return isCuteValue(In, Seen); });
  if (auto *Sel = dyn_cast<SelectInst>(V))
    return isCuteValue(Sel->getTrueValue(), Seen) ||
           isCuteValue(Sel->getFalseValue(), Seen);
  return false;
}

bool isCuteValue(const llvm::Value *V) {
  SmallPtrSet<const llvm::Value *, 8> Seen;
  return isCuteValue(V, Seen);
}

/// True when \p F returns the pointer result of a cute operation (a cute
/// value, or a data pointer a view yields: inlining the latter as well
/// costs nothing).
bool returnsCuteValue(const Function &F) {
  if (!F.getReturnType()->isPointerTy())
    return false;
  for (const BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      if (Ret->getReturnValue() && isCuteValue(Ret->getReturnValue()))
        return true;
  return false;
}

/// True when \p Ptr points into a stack slot that holds a cute value, or the
/// address of another slot that does (transitively, through stores and
/// copies): the closure of a lambda that captures cute values by copy or by
/// reference, a pointer to a local layout.
bool holdsCuteValue(const llvm::Value *Ptr,
                    SmallPtrSetImpl<const llvm::Value *> &Seen) {
  auto *Slot = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
  if (!Slot || !Seen.insert(Slot).second)
    return false;
  SmallVector<const llvm::Value *, 8> Work{Slot};
  while (!Work.empty()) {
    const llvm::Value *P = Work.pop_back_val();
    for (const User *U : P->users()) {
      if (isa<GetElementPtrInst, AddrSpaceCastInst>(U)) {
        Work.push_back(U);
        continue;
      }
      // A copy into the slot holds what its source holds: the copy of a
      // closure passed by value (byval, copied by the inliner).
      if (auto *MT = dyn_cast<MemTransferInst>(U)) {
        if (MT->getRawDest() == P && holdsCuteValue(MT->getRawSource(), Seen))
          return true;
        continue;
      }
      auto *SI = dyn_cast<StoreInst>(U);
      if (!SI || SI->getPointerOperand() != P)
        continue;
      // A cute value, the address of a slot that holds one, or a pointer
      // loaded from such a slot (a lambda in a lambda copies the outer
      // closure's reference).
      const llvm::Value *Stored = SI->getValueOperand();
      if (!Stored->getType()->isPointerTy())
        continue;
      if (auto *LI = dyn_cast<LoadInst>(Stored))
        Stored = LI->getPointerOperand();
      if (isCuteValue(Stored) || holdsCuteValue(Stored, Seen))
        return true;
    }
  }
  return false;
}

/// True when the argument \p A is a cute value or points to one on the
/// caller's stack.
bool passesCuteValue(const Use &A) {
  if (isCuteValue(A))
    return true;
  SmallPtrSet<const llvm::Value *, 8> Seen;
  return A->getType()->isPointerTy() && holdsCuteValue(A, Seen);
}

/// The calls of defined functions that take cute values (or pointers to
/// them on the stack) or return them.
SmallVector<CallBase *, 16> helperCalls(Module &M) {
  SmallVector<CallBase *, 16> Calls;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? getCallee(*CB) : nullptr;
      if (!Callee || Callee->isDeclaration() || isCuteFunction(*Callee))
        continue;
      if (any_of(CB->args(), passesCuteValue) || returnsCuteValue(*Callee))
        Calls.push_back(CB);
    }
  }
  return Calls;
}

/// True when \p F calls itself, directly or through defined functions.
bool isRecursive(Function &F) {
  SmallPtrSet<Function *, 16> Seen;
  SmallVector<Function *, 16> Work{&F};
  while (!Work.empty()) {
    Function *G = Work.pop_back_val();
    for (Instruction &I : instructions(*G))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = getCallee(*CB)) {
          if (Callee == &F)
            return true;
          if (!Callee->isDeclaration() && Seen.insert(Callee).second)
            Work.push_back(Callee);
        }
  }
  return false;
}

/// The inlining of one module's helpers: the functions that take or return
/// cute values, inlined into their callers until none is left, and what is
/// left of them removed.
class HelperInliner {
public:
  explicit HelperInliner(Module &M) : M(M) {}

  /// Returns true when the module changed.
  bool run() {
    promoteSlots();
    inlineCalls();
    checkLeftovers();
    eraseLeftovers();
    return Changed;
  }

private:
  /// Reports \p CB of \p Callee, which cannot be inlined because \p Why.
  void refuse(CallBase *CB, Function *Callee, const Twine &Why);
  /// Cute values in stack slots (clang -O0) become SSA values first, in the
  /// functions that call anything defined or cute.
  void promoteSlots();
  /// Inlines the helper calls until there are none left that can be.
  void inlineCalls();
  /// A helper used other than by a call is an error; the bodies of those
  /// that could not be inlined are dropped (their errors are reported).
  void checkLeftovers();
  /// Erases the helpers that are unused now.
  void eraseLeftovers();

  Module &M;
  SmallPtrSet<Function *, 8> Inlined, Unusable;
  DenseMap<Function *, bool> Recursive;
  SmallPtrSet<CallBase *, 8> Refused;
  /// What is left of the helpers to erase.
  SmallVector<Function *, 8> Gone;
  bool Changed = false;
};

void HelperInliner::refuse(CallBase *CB, Function *Callee, const Twine &Why) {
  reportCuteError(
      *CB, diag(DiagID::TakesReturnsValues, Callee->getName(), Why.str()));
  // The call is diagnosed: the layout lowering does not report the cute
  // values that reach it again.
  CB->setMetadata(DiagnosedMDName, MDNode::get(M.getContext(), {}));
  Refused.insert(CB);
  Unusable.insert(Callee);
}

void HelperInliner::promoteSlots() {
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    bool Calls = any_of(instructions(F), [](Instruction &I) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? getCallee(*CB) : nullptr;
      return Callee && (!Callee->isDeclaration() || isCuteFunction(*Callee));
    });
    if (Calls)
      Changed |= promotePointerSlots(F);
  }
}

void HelperInliner::inlineCalls() {
  for (;;) {
    bool Progress = false;
    for (CallBase *CB : helperCalls(M)) {
      if (Refused.count(CB))
        continue;
      Function *Callee = getCallee(*CB);
      auto [It, New] = Recursive.try_emplace(Callee, false);
      if (New)
        It->second = isRecursive(*Callee);
      if (It->second) {
        refuse(CB, Callee, diag(DiagID::RecursiveCannotInlined));
        continue;
      }
      InlineFunctionInfo IFI;
      InlineResult R = InlineFunction(*CB, IFI);
      if (!R.isSuccess()) {
        refuse(CB, Callee, diag(DiagID::CannotInlined, R.getFailureReason()));
        continue;
      }
      Inlined.insert(Callee);
      Progress = Changed = true;
    }
    if (!Progress)
      break;
  }
}

void HelperInliner::checkLeftovers() {
  // A body whose cute values come from its callers cannot be lowered on its
  // own, and a caller in another module could not pass it one (a cute value
  // reaching a declaration is an error there), so an unused one goes,
  // whatever its linkage.
  for (Function &F : M) {
    if (F.isDeclaration() || isCuteFunction(F) || Unusable.count(&F))
      continue;
    bool Takes = takesCuteValues(F);
    if (F.use_empty()) {
      if (Inlined.count(&F) && (Takes || F.isDiscardableIfUnused())) {
        Gone.push_back(&F);
        Changed = true;
      }
      continue;
    }
    if (!Takes)
      continue;
    for (User *U : F.users()) {
      auto *CB = dyn_cast<CallBase>(U);
      if (CB && (Refused.count(CB) || getCallee(*CB) == &F))
        continue;
      if (auto *I = dyn_cast<Instruction>(U)) {
        reportCuteError(*I, diag(DiagID::TakesValuesUsedOther, F.getName()));
        Unusable.insert(&F);
      }
    }
  }
  for (Function *F : Unusable) {
    F->deleteBody();
    Changed = true;
  }
}

void HelperInliner::eraseLeftovers() {
  // Erasing a helper can leave one it called (and that was inlined
  // elsewhere) unused: a lambda called from another lambda.
  while (!Gone.empty()) {
    for (Function *F : Gone) {
      Inlined.erase(F);
      F->eraseFromParent();
    }
    Gone.clear();
    for (Function *F : Inlined)
      if (F->use_empty() && !Unusable.count(F) && F->isDiscardableIfUnused())
        Gone.push_back(F);
  }
}

} // namespace

PreservedAnalyses CuteInlineHelpersPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  return HelperInliner(M).run() ? PreservedAnalyses::none()
                                : PreservedAnalyses::all();
}

} // namespace cute
