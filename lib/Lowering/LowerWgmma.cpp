//===- LowerWgmma.cpp - WGMMA and its fences in cute-lower-atoms ---------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The Hopper warpgroup MMA lowerings of cute-lower-atoms.
///
/// WgmmaLowering: `sm90.mma(variant, d, a, b, scale_d)` becomes exactly one
/// `wgmma.mma_async` as inline PTX (LLVM has no intrinsic for it), spelled
/// by the variant's PtxAsm and bound by its PtxOperands as lowerInlinePtx
/// binds them (InlinePtx.cpp), the accumulators read and written in place.
/// The fence, commit and wait around it are separate atoms the kernel
/// places (wrapping each wgmma in them serialises the pipeline).
///
/// WgmmaSyncLowering: the `sm90.wgmma_*` atoms. Those with an NVVM intrinsic
/// (fence, commit_group, wait_group) call it; an immediate bound to a
/// parameter (wait_group's N) takes the call's constant, in the record's
/// [Min, Max]. The register fence of a fragment (no instruction) is an
/// empty asm with every register tied in place, so that the compiler cannot
/// move accumulator reads and writes across the asynchronous MMA; the
/// record's register list names the parameter that counts its registers.
///
//===----------------------------------------------------------------------===//

#include "AtomLowering.h"
#include "Diagnostics.h"
#include "InlinePtx.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {

bool lowerWgmma(CallInst &CI, const VariantInfo &V) {
  return lowerInlinePtx(CI, V, PtxResults::InPlace);
}

bool lowerWgmmaSync(CallInst &CI, const VariantInfo &V) {
  const AtomInfo &A = atoms()[V.Atom];
  ArrayRef<AtomParamInfo> Params = paramsOf(A);
  const SelectorInfo &S = selectorOf(V);
  const DataLayout &DL = CI.getModule()->getDataLayout();
  auto Fail = [&](const Twine &Msg) {
    return reportVariantError(CI, V.Name, Msg);
  };
  IRBuilder<> B(&CI);

  if (S.Kind == SelectorKind::Intrinsic) {
    Function *Decl = Intrinsic::getOrInsertDeclaration(
        CI.getModule(), Intrinsic::ID(S.IntrinsicID));
    FunctionType *FT = Decl->getFunctionType();
    SmallVector<Value *, 2> Args;
    for (const PtxOperandInfo &Op : operandsOf(V)) {
      Type *T = Args.size() < FT->getNumParams() ? FT->getParamType(Args.size())
                                                 : nullptr;
      uint64_t Imm;
      if (Op.Kind != PtxOperandKind::Imm || !T || !T->isIntegerTy() ||
          StringRef(Op.Value).getAsInteger(0, Imm))
        return Fail("operand '" + Twine(Op.Name.c_str()) + "' does not match '" +
                    S.IntrinsicName + "'");
      if (Op.Param >= 0) {
        // The call's constant, within the record's range.
        auto *C = dyn_cast<ConstantInt>(CI.getArgOperand(1 + Op.Param));
        if (!C || !constantIn(C, Op.Min, Op.Max))
          return Fail(formatv("operand '{0}' must be a constant from {1} to "
                              "{2}",
                              Op.Name, Op.Min, Op.Max));
        Imm = C->getZExtValue();
      }
      Args.push_back(ConstantInt::get(T, Imm));
    }
    if (Args.size() != FT->getNumParams())
      return Fail("its operands supply " + Twine(Args.size()) + " of the " +
                  Twine(FT->getNumParams()) + " parameters of '" +
                  S.IntrinsicName + "'");
    B.CreateCall(Decl, Args);
    CI.eraseFromParent();
    return true;
  }

  // The register fence of a fragment: one register list, bound to the
  // `void *` parameter, whose count is the constant of the parameter its
  // record names (PtxRegsCountedBy).
  ArrayRef<PtxOperandInfo> Ops = operandsOf(V);
  int CountParam = Ops.size() == 1 ? paramIndex(Params, Ops[0].Value) : -1;
  if (Ops.size() != 1 || Ops[0].Kind != PtxOperandKind::Regs ||
      Ops[0].Param < 0 || CountParam < 0 ||
      StringRef(Params[Ops[0].Param].CType) != "void *")
    return Fail("a register fence takes one fragment and its register count");
  const PtxOperandInfo &Op = Ops[0];
  std::optional<AsmRegister> Reg = asmRegisterOf(CI, V, Op);
  if (!Reg)
    return false;
  auto [T, C] = *Reg;
  auto *N = dyn_cast<ConstantInt>(CI.getArgOperand(1 + CountParam));
  // Bounded by the largest fragment a thread holds (the record's Max).
  if (!N || !constantIn(N, Op.Min, Op.Max))
    return Fail(formatv("operand '{0}' must be a constant register count "
                        "from {1} to {2}",
                        Params[CountParam].Name, Op.Min, Op.Max));
  Value *Ptr = CI.getArgOperand(1 + Op.Param);
  // The fragment holds every register the count names.
  if (!checkAtomPointer(CI, V.Name, Op.Name.c_str(), Ptr, 0,
                        N->getZExtValue() * DL.getTypeAllocSize(T)))
    return false;
  uint64_t Offset = 0;
  PtxAsmCall Asm;
  for (Value *R : loadRegs(B, DL, T, Ptr, N->getZExtValue(), Offset))
    Asm.addInOut(R, C);
  if (Asm.numOuts())
    storeRegs(B, DL, Asm.emit(B, "", /*HasSideEffects=*/true), Ptr);
  CI.eraseFromParent();
  return true;
}

} // namespace cute
