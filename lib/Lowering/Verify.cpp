//===- Verify.cpp - cute-verify
//--------------------------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The last check of the lowering: no `llvm.cute.*` call may reach NVPTX
/// code generation. A survivor is an error that names the call, its
/// location, and the pass that should have removed it.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {

PreservedAnalyses CuteVerifyPass::run(Module &M, ModuleAnalysisManager &) {
  // Calls an earlier stage diagnosed are still here; one error each is
  // enough.
  if (M.getContext().getDiagHandlerPtr()->HasErrors)
    return PreservedAnalyses::all();
  for (Function &F : M) {
    if (!isCuteFunction(F))
      continue;
    for (User *U : F.users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        continue;
      StringRef Name = F.getName();
      std::optional<StringRef> Op = getCuteOpName(F);
      const CuteIntrinsicInfo *Info = Op ? lookupCuteIntrinsic(*Op) : nullptr;
      // A use that does not call it (its address stored, selected, passed):
      // no stage lowers that, whatever ran.
      auto *Call = dyn_cast<CallBase>(I);
      if (!Call || Call->getCalledOperand() != &F)
        reportCuteError(*I, diag(DiagID::UsedOtherFunctionCall, Name));
      else if (!Op)
        reportCuteError(*I, diag(DiagID::SurvivedLoweringAtoms, Name,
                                 stagePass(CuteStage::Atom)));
      else if (!Info)
        reportCuteError(*I, diag(DiagID::NotIntrinsic, Name));
      else
        reportCuteError(*I,
                        diag(DiagID::SurvivedLoweringOps, Name,
                             stageName(Info->Stage), stagePass(Info->Stage)));
    }
  }
  return PreservedAnalyses::all();
}

} // namespace cute
