//===- Intrinsics.cpp - The llvm.cute.* intrinsic contract ----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Lowering/Intrinsics.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace cute {

Function *getCallee(const CallBase &CB) {
  return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
}

std::optional<StringRef> getCuteOp(const CallBase &CB) {
  if (Function *F = getCallee(CB))
    return getCuteOpName(*F);
  return std::nullopt;
}

bool isCuteFunction(const Function &F) {
  return F.getName().starts_with("llvm.cute.");
}

bool hasCuteCalls(const Function &F, bool OpsOnly) {
  for (const Instruction &I : instructions(F))
    if (const auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = getCallee(*CI))
        if (OpsOnly ? getCuteOpName(*Callee).has_value()
                    : isCuteFunction(*Callee))
          return true;
  return false;
}

std::optional<StringRef> getCuteOpName(const Function &F) {
  StringRef Name = F.getName();
  if (!Name.consume_front("llvm.cute.") || Name.starts_with("nvgpu."))
    return std::nullopt;
  // Ops have no dots; what follows one is a type suffix (`.i64`, `.p1`).
  return Name.take_until([](char C) { return C == '.'; });
}

const CuteIntrinsicInfo *lookupCuteIntrinsic(StringRef Op) {
  return lookupOp(Op);
}

std::vector<CuteIntrinsicInfo> allCuteIntrinsics() {
  ArrayRef<CuteOpInfo> Ops = allOps();
  return std::vector<CuteIntrinsicInfo>(Ops.begin(), Ops.end());
}

std::string libraryOpName(StringRef Op) {
  const CuteOpInfo *Info = lookupOp(Op);
  return Info ? Info->LibName.str() : "";
}

} // namespace cute
