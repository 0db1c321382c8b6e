//===- OperandSlots.cpp - Stack slots between a wrapper and its call ------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Without optimisation (clang -O0) an inlined wrapper of <cute/llvm.h> or
/// <cute/arch/*.h> keeps each argument in a stack slot: the argument is
/// stored, and loaded again where the wrapper passes it to its cute call.
/// A constant the user wrote then reaches the call as a load, and a pointer
/// as a load of a pointer, so the checks that need the constant (an
/// immediate's range, a barrier's thread count) or the pointer's object (its
/// address space, its size) would see neither, and let the mistake through
/// as a register operand. promoteOperandSlots promotes those slots (and the
/// slots that fill them, to a fixed point) to SSA values, as SROA would at
/// -O1, so that every check sees at -O0 what it sees optimised. Only slots
/// whose loads feed a cute call's operands are touched; the rest of an -O0
/// function keeps its stack.
///
//===----------------------------------------------------------------------===//

#include "OperandSlots.h"

#include "CuteLLVM/Lowering/Intrinsics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace cute {

namespace {

/// The promotable stack slots whose loads \p V is computed from, through
/// casts, address arithmetic, selects and integer arithmetic (\p Depth
/// levels at most).
void collectSlots(Value *V, SmallSetVector<AllocaInst *, 8> &Slots,
                  SmallPtrSetImpl<Value *> &Seen, unsigned Depth = 0) {
  if (Depth > 8 || !Seen.insert(V).second)
    return;
  if (auto *LI = dyn_cast<LoadInst>(V)) {
    if (auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand());
        AI && isAllocaPromotable(AI))
      Slots.insert(AI);
    return;
  }
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !(isa<CastInst>(I) || isa<GetElementPtrInst>(I) ||
              isa<SelectInst>(I) || isa<BinaryOperator>(I)))
    return;
  for (Value *Op : I->operands())
    collectSlots(Op, Slots, Seen, Depth + 1);
}

} // namespace

bool promoteOperandSlots(Function &F) {
  bool Changed = false;
  // Each round promotes the slots that feed the calls now; a promoted
  // slot's stored value may itself be a load of the caller's slot.
  for (unsigned Round = 0; Round < 8; ++Round) {
    SmallSetVector<AllocaInst *, 8> Slots;
    SmallPtrSet<Value *, 32> Seen;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = getCallee(*CB);
            Callee && isCuteFunction(*Callee))
          for (Value *Arg : CB->args())
            collectSlots(Arg, Slots, Seen);
    if (Slots.empty())
      break;
    DominatorTree DT(F);
    AssumptionCache AC(F);
    PromoteMemToReg(Slots.getArrayRef(), DT, &AC);
    Changed = true;
  }
  return Changed;
}

} // namespace cute
