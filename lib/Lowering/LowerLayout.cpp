//===- LowerLayout.cpp - cute-lower-layout --------------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Stage 2 of the lowering: primitive `llvm.cute.*` calls become
/// LLVM values. A cute value (the `ptr` a call returns) is followed through
/// the function as its profile, a cute::Value whose dynamic leaves are
/// symbolic expressions over the integers the program supplied. Every op is
/// evaluated by the layout library at compile time; what it cannot know is
/// emitted as integer arithmetic from those expressions. Static layouts
/// therefore fold completely, and the calls and the cute values vanish.
///
/// Values that merge (phi, select) keep one profile: leaves on which the
/// incoming values agree stay static, the others become phis or selects of
/// integers.
///
//===----------------------------------------------------------------------===//

#include "LowerLayoutImpl.h"

#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {
namespace lowerlayout {

namespace {

/// The same tiled object, or none on both sides.
bool sameObject(const TiledObjectRef &A, const TiledObjectRef &B) {
  if (!A || !B)
    return !A && !B;
  return A == B || *A == *B;
}

/// Whether \p I names a source line.
bool hasSourceLine(const Instruction &I) {
  return I.getDebugLoc() && I.getDebugLoc().getLine();
}

/// Where a merge of cute values at \p I (a phi or select) is reported: \p I
/// itself, or, where it has no source line (a phi that optimisation placed
/// at a join), the first read of the merged value that has one, else an
/// incoming value's definition that has one.
Instruction &mergeSite(Instruction &I) {
  if (hasSourceLine(I))
    return I;
  for (Instruction *Next = I.getNextNode(); Next; Next = Next->getNextNode())
    if (hasSourceLine(*Next) && is_contained(Next->operands(), &I))
      return *Next;
  for (User *U : I.users())
    if (auto *UI = dyn_cast<Instruction>(U); UI && hasSourceLine(*UI))
      return *UI;
  for (llvm::Value *Op : I.operands())
    if (auto *OI = dyn_cast<Instruction>(Op); OI && hasSourceLine(*OI))
      return *OI;
  return I;
}

} // namespace

void FunctionLowering::error(Instruction &I, const Twine &Msg) {
  HadError = true;
  Failed.insert(&I);
  // Diagnosed for the later runs of the lowering too (clang runs it early
  // and again after inlining): what reaches \p I is not reported again.
  I.setMetadata(DiagnosedMDName, MDNode::get(I.getContext(), {}));
  reportCuteError(I, Msg);
}

void FunctionLowering::error(Instruction &I, Error E) {
  std::string Msg = toString(std::move(E));
  std::string Name = "cute value";
  if (auto *CI = dyn_cast<CallInst>(&I))
    if (Function *Callee = getCallee(*CI))
      Name = Callee->getName().str();
  error(I, "'" + Name + "': " + Msg);
}

bool FunctionLowering::isFailed(const llvm::Value *V) const {
  auto *I = dyn_cast<Instruction>(V);
  return Failed.count(V) || (I && I->hasMetadata(DiagnosedMDName));
}

const Handle *FunctionLowering::getHandle(llvm::Value *V) {
  auto It = Handles.find(V);
  return It == Handles.end() ? nullptr : &HandleStore[It->second];
}

std::optional<Value> FunctionLowering::operandValue(CallInst &CI, unsigned I) {
  // (lowerCall has set aside a call on what a failed call made.)
  llvm::Value *Op = CI.getArgOperand(I);
  if (const Handle *H = getHandle(Op)) {
    // A tiled object where a value is taken (a TiledMMA as make_view's
    // layout) stands for nothing there.
    if (H->Tiled) {
      error(CI, diag(DiagID::OperandObjectNotLayout, getCallee(CI)->getName(),
                     I, H->Tiled->isCopy() ? "TiledCopy" : "TiledMMA"));
      return std::nullopt;
    }
    if (H->K == Handle::DescIter) {
      error(CI, diag(DiagID::OperandDescriptorIterator, I));
      return std::nullopt;
    }
    return H->V;
  }
  if (auto *C = dyn_cast<ConstantInt>(Op)) {
    return Value::fromTuple(IntTuple(Int(C->getSExtValue())), ValueKind::Int);
  }
  if (Op->getType()->isIntegerTy()) {
    unsigned W = Op->getType()->getIntegerBitWidth() > 32 ? 64 : 32;
    return Value::fromTuple(
        IntTuple(Syms.bind(Op, W).withKnownDivisor(
            knownPowerOfTwoDivisor(Op, CI.getDataLayout()))),
        ValueKind::Int);
  }
  std::string Why = "it is not a cute value";
  StringRef Text;
  // A profile is CuTe notation in a string the compiler sees: a literal or
  // a constexpr array, never one computed at run time.
  const char *ProfileRule = "a profile is a compile-time constant string of "
                            "CuTe notation, such as \"(8,4):(1,8)\"";
  if (isa<ConstantPointerNull>(Op))
    Why = formatv("it is a null pointer ({0})", ProfileRule).str();
  else if (getConstantStringInfo(Op, Text) && Text.empty())
    Why = formatv("it is an empty string ({0})", ProfileRule).str();
  else if (isa<Argument>(Op))
    Why = formatv("it is a function argument: a cute value escaping into a "
                  "call that was not inlined has no known profile, and {0}",
                  ProfileRule)
              .str();
  else if (isa<LoadInst>(Op))
    Why = "it is loaded from memory: a cute value stored to memory has no "
          "known profile (run cute-desugar first to promote stack slots)";
  else if (getConstantString(Op))
    Why = "a string operand is only allowed as the last (attribute) operand";
  else if (Op->getType()->isPointerTy())
    Why = formatv("it is neither a cute value nor a string known at compile "
                  "time ({0})",
                  ProfileRule)
              .str();
  error(CI,
        diag(DiagID::OperandNoKnownProfile, getCallee(CI)->getName(), I, Why));
  return std::nullopt;
}

void FunctionLowering::setHandle(llvm::Value *V, Handle H) {
  auto [It, New] = Handles.try_emplace(V, HandleStore.size());
  if (New)
    HandleStore.push_back(std::move(H));
  else
    HandleStore[It->second] = std::move(H);
}

void FunctionLowering::define(CallInst &CI, Handle H) {
  setHandle(&CI, std::move(H));
  Dead.push_back(&CI);
}

llvm::Value *FunctionLowering::emitInt(Instruction &At, const Int &I, Type *Ty,
                                       IRBuilderBase &B) {
  auto V = Syms.emit(I, Ty, B);
  if (!V) {
    error(At, V.takeError());
    return PoisonValue::get(Ty);
  }
  return *V;
}

void FunctionLowering::defineInt(CallInst &CI, const Int &I) {
  IRBuilder<> B(&CI);
  llvm::Value *V = emitInt(CI, I, CI.getType(), B);
  CI.replaceAllUsesWith(V);
  Dead.push_back(&CI);
}

//===----------------------------------------------------------------------===//
// Merges
//===----------------------------------------------------------------------===//

std::optional<Handle> FunctionLowering::join(Instruction &I,
                                             ArrayRef<const Handle *> Ins) {
  Handle J = *Ins.front();
  std::string Skel = skeleton(J.V);
  for (const Handle *H : Ins.drop_front()) {
    if (H->K != J.K || skeleton(H->V) != Skel ||
        !sameObject(H->Tiled, J.Tiled) ||
        (H->K == Handle::Tensor &&
         (H->EltTy != J.EltTy || H->EltFormat != J.EltFormat))) {
      Instruction &At = mergeSite(I);
      if (&At != &I) {
        Failed.insert(&I);
        I.setMetadata(DiagnosedMDName, MDNode::get(I.getContext(), {}));
      }
      error(At, diag(DiagID::ValuesDifferentProfiles, J.V.str(), H->V.str()));
      return std::nullopt;
    }
    std::vector<const Int *> Other;
    forEachInt(H->V, [&](const Int &X) { Other.push_back(&X); });
    unsigned K = 0;
    forEachInt(J.V, [&](Int &X) {
      const Int &Y = *Other[K++];
      if (X.isStatic() && Y.isStatic() && X.value() == Y.value())
        return;
      X = Int::dynamic(std::max(X.isDynamic() ? X.width() : 32u,
                                Y.isDynamic() ? Y.width() : 32u));
    });
  }
  return J;
}

void FunctionLowering::lowerSelect(SelectInst &SI) {
  const Handle *T = getHandle(SI.getTrueValue());
  const Handle *E = getHandle(SI.getFalseValue());
  if (!T && !E)
    return;
  if (!T || !E)
    return error(SI, diag(DiagID::SelectBetweenValue));
  auto J = join(SI, {T, E});
  if (!J)
    return;
  IRBuilder<> B(&SI);
  std::vector<Int> TL, EL;
  forEachInt(T->V, [&](const Int &X) { TL.push_back(X); });
  forEachInt(E->V, [&](const Int &X) { EL.push_back(X); });
  unsigned K = 0;
  forEachInt(J->V, [&](Int &X) {
    unsigned Idx = K++;
    if (X.isStatic())
      return;
    Type *Ty = B.getIntNTy(X.width());
    llvm::Value *Sel =
        B.CreateSelect(SI.getCondition(), emitInt(SI, TL[Idx], Ty, B),
                       emitInt(SI, EL[Idx], Ty, B));
    X = Syms.bind(Sel, X.width());
  });
  if (J->K == Handle::Tensor)
    J->Iter = B.CreateSelect(SI.getCondition(), T->Iter, E->Iter);
  if (J->K == Handle::DescIter)
    J->Desc = B.CreateSelect(SI.getCondition(), T->Desc, E->Desc);
  setHandle(&SI, std::move(*J));
  Dead.push_back(&SI);
}

void FunctionLowering::lowerPhi(PHINode &PN) {
  SmallVector<const Handle *, 4> Known;
  for (llvm::Value *In : PN.incoming_values())
    if (const Handle *H = getHandle(In))
      Known.push_back(H);
  if (Known.empty())
    return;
  auto J = join(PN, Known);
  if (!J)
    return;
  PendingPhi P;
  P.PN = &PN;
  IRBuilder<> B(&PN);
  forEachInt(J->V, [&](Int &X) {
    if (X.isStatic())
      return;
    PHINode *LP =
        B.CreatePHI(B.getIntNTy(X.width()), PN.getNumIncomingValues());
    P.LeafPhis.push_back(LP);
    X = Syms.bind(LP, X.width());
  });
  if (J->K == Handle::Tensor) {
    P.IterPhi = B.CreatePHI(J->Iter->getType(), PN.getNumIncomingValues());
    J->Iter = P.IterPhi;
  }
  if (J->K == Handle::DescIter) {
    P.DescPhi = B.CreatePHI(J->Desc->getType(), PN.getNumIncomingValues());
    J->Desc = P.DescPhi;
  }
  P.Joined = *J;
  setHandle(&PN, std::move(*J));
  Dead.push_back(&PN);
  Phis.push_back(std::move(P));
}

void FunctionLowering::finishPendingPhis() {
  for (PendingPhi &P : Phis) {
    PHINode &PN = *P.PN;
    std::vector<const Int *> JL;
    forEachInt(P.Joined.V, [&](const Int &X) { JL.push_back(&X); });
    for (unsigned In = 0; In < PN.getNumIncomingValues(); ++In) {
      BasicBlock *From = PN.getIncomingBlock(In);
      const Handle *H = getHandle(PN.getIncomingValue(In));
      if (!H || H->K != P.Joined.K || skeleton(H->V) != skeleton(P.Joined.V)) {
        error(PN, diag(DiagID::PhiProfileMismatch, From->getName(),
                       P.Joined.V.str()));
        continue;
      }
      IRBuilder<> B(From->getTerminator());
      std::vector<const Int *> HL;
      forEachInt(H->V, [&](const Int &X) { HL.push_back(&X); });
      unsigned Leaf = 0;
      for (unsigned K = 0; K < JL.size(); ++K) {
        if (JL[K]->isStatic()) {
          if (!HL[K]->isStatic() || HL[K]->value() != JL[K]->value())
            error(PN, diag(DiagID::ValueEnteringChanges, From->getName(),
                           H->V.str(), P.Joined.V.str()));
          continue;
        }
        PHINode *LP = P.LeafPhis[Leaf++];
        LP->addIncoming(emitInt(PN, *HL[K], LP->getType(), B), From);
      }
      if (P.IterPhi)
        P.IterPhi->addIncoming(H->Iter, From);
      if (P.DescPhi)
        P.DescPhi->addIncoming(H->Desc, From);
    }
  }
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

void FunctionLowering::lowerCall(CallInst &CI, StringRef Op) {
  // A call on what a failed call made (or one diagnosed before: a helper
  // that could not be inlined) is the same mistake: no second error.
  if (any_of(CI.args(), [&](llvm::Value *Arg) { return isFailed(Arg); })) {
    Failed.insert(&CI);
    // For the later runs too, once optimisation has folded the failed
    // operand away.
    CI.setMetadata(DiagnosedMDName, MDNode::get(CI.getContext(), {}));
    return;
  }
  const CuteIntrinsicInfo *Info = lookupCuteIntrinsic(Op);
  if (!Info)
    return error(CI, diag(DiagID::UnknownIntrinsic, Op));
  if (Info->Stage == CuteStage::Desugar)
    return error(CI, diag(DiagID::SugarBeforeDesugar, Op));
  if (Info->IsLiteral) {
    bool FromString =
        CI.arg_size() && getConstantString(CI.getArgOperand(0)).has_value();
    if (FromString || Info->LibName.empty())
      return lowerLiteral(CI, Op);
  }
  switch (Info->Id) {
  case CuteOp::make_tuple:
    return lowerMakeTuple(CI);
  case CuteOp::get_leaf:
    return lowerGetLeaf(CI);
  case CuteOp::expect_size:
    return lowerExpectSize(CI);
  case CuteOp::expect_contiguous:
    return lowerExpectContiguous(CI);
  case CuteOp::partition_coord:
    return lowerPartitionCoord(CI);
  case CuteOp::pack:
    return lowerPack(CI);
  case CuteOp::unpack:
    return lowerUnpack(CI);
  case CuteOp::make_view:
    return lowerMakeView(CI);
  case CuteOp::get_iter:
    return lowerGetIter(CI);
  case CuteOp::get_layout:
    return lowerGetLayout(CI);
  case CuteOp::is_rmem:
    return lowerIsRmem(CI);
  case CuteOp::add_offset:
    return lowerAddOffset(CI);
  case CuteOp::deref_desc_iter:
    return lowerDerefDescIter(CI);
  case CuteOp::print_format:
  case CuteOp::print_args:
    return lowerPrint(CI, /*Args=*/Info->Id == CuteOp::print_args);
  case CuteOp::make_gmma_desc:
  case CuteOp::make_umma_desc:
    return lowerMakeGmmaDesc(CI, /*Umma=*/Info->Id == CuteOp::make_umma_desc);
  case CuteOp::memref_load:
  case CuteOp::memref_store:
    return lowerMemref(CI, /*IsStore=*/Info->Id == CuteOp::memref_store);
  default:
    return lowerAlgebra(CI, *Info);
  }
}

bool FunctionLowering::run() {
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT) {
    for (Instruction &I : make_early_inc_range(*BB)) {
      // Reported by an earlier run: the same mistake.
      if (I.hasMetadata(DiagnosedMDName))
        continue;
      if (auto *PN = dyn_cast<PHINode>(&I)) {
        if (PN->getType()->isPointerTy())
          lowerPhi(*PN);
        continue;
      }
      if (auto *SI = dyn_cast<SelectInst>(&I)) {
        if (SI->getType()->isPointerTy())
          lowerSelect(*SI);
        continue;
      }
      auto *CI = dyn_cast<CallInst>(&I);
      Function *Callee = CI ? getCallee(*CI) : nullptr;
      if (!Callee)
        continue;
      if (auto Op = getCuteOpName(*Callee)) {
        // Static arithmetic that overflowed anywhere in the call's lowering
        // made its result meaningless.
        OverflowScope Scope;
        lowerCall(*CI, *Op);
        if (Error E = Scope.takeError()) {
          if (Failed.count(CI))
            consumeError(std::move(E));
          else
            error(*CI, std::move(E));
        }
      }
    }
  }
  finishPendingPhis();

  // Every use of a cute value must be one that was lowered.
  SmallPtrSet<Instruction *, 32> Lowered(Dead.begin(), Dead.end());
  for (auto &[V, Idx] : Handles) {
    const Handle &H = HandleStore[Idx];
    for (User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      // Users already diagnosed (a cute call that failed) are not escapes.
      if (!UI || Lowered.count(UI) || isFailed(UI))
        continue;
      std::string What = "an instruction that is not a cute operation";
      if (isa<StoreInst>(UI))
        What = "memory (a store)";
      else if (isa<ReturnInst>(UI))
        What = "the caller (a return)";
      else if (auto *CB = dyn_cast<CallBase>(UI))
        What = getCallee(*CB) ? ("a call of '" + getCallee(*CB)->getName() +
                                 "' that was not inlined")
                                    .str()
                              : "an indirect call";
      error(*UI, diag(DiagID::ValueEscapesProfile, H.V.str(), What));
    }
  }

  bool Changed = !Dead.empty();
  // The loops the source asked to unroll may have lost the trip counts the
  // failed calls were to fix: a "loop not unrolled" warning on top of the
  // error would be a second report of the same mistake.
  if (HadError)
    for (BasicBlock &BB : F)
      if (Instruction *T = BB.getTerminator())
        if (T->getMetadata(LLVMContext::MD_loop)) {
          T->setMetadata(LLVMContext::MD_loop, nullptr);
          Changed = true;
        }
  for (Instruction *I : reverse(Dead)) {
    if (!I->use_empty())
      I->replaceAllUsesWith(PoisonValue::get(I->getType()));
    I->eraseFromParent();
  }
  return Changed;
}

} // namespace lowerlayout

/// True when \p F takes a cute value from its caller: its lowering must
/// wait until it is inlined.
bool takesCuteValues(Function &F) {
  for (Argument &A : F.args()) {
    if (!A.getType()->isPointerTy())
      continue;
    for (Use &U : A.uses())
      if (auto *CI = dyn_cast<CallInst>(U.getUser()))
        if (Function *Callee = getCallee(*CI))
          if (auto Op = getCuteOpName(*Callee)) {
            // The data pointer of a view or of a descriptor iterator is no
            // cute value: a kernel's own tensors are lowered early.
            const CuteOpInfo *Info = lookupOp(*Op);
            if (Info &&
                (Info->Id == CuteOp::make_view ||
                 Info->Id == CuteOp::get_iter) &&
                U.getOperandNo() == 0)
              continue;
            return true;
          }
  }
  return false;
}

PreservedAnalyses CuteLowerLayoutPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  // The filter: a declaration, or a function without cute calls (atoms
  // alone are cute-lower-atoms' work), is left as it is.
  if (!hasCuteCalls(F, /*OpsOnly=*/true))
    return PreservedAnalyses::all();
  if (DeferUnknown && takesCuteValues(F))
    return PreservedAnalyses::all();
  NotationCache Local;
  lowerlayout::FunctionLowering FL(F,
                                   notationCacheFor(Notation, F, FAM, Local));
  return FL.run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cute
