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
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"
#include "InlinePtx.h"
#include "OperandBinder.h"

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

namespace {

/// The lowering of one `sm90.wgmma_*` call, its operands as the binder hands
/// them over: the immediates of its NVVM intrinsic, or the one fragment of
/// a register fence.
class WgmmaSyncCall : public OperandSink {
public:
  WgmmaSyncCall(CallInst &CI, const VariantInfo &V)
      : CI(CI), V(V), S(selectorOf(V)),
        Fence(S.Kind != SelectorKind::Intrinsic), B(&CI), Binder(CI, V, B) {}

  /// Lowers the call; false after a diagnostic.
  bool lower();

private:
  bool fail(const Twine &Msg) { return Binder.fail(Msg); }
  /// An immediate of the intrinsic: the record's literal, or the call's
  /// constant (wait_group's N) in the record's [Min, Max].
  bool immediate(const PtxOperandInfo &Op, Value *Arg) override;
  /// The fence's fragment: its registers, as many as the constant of the
  /// parameter the record names (PtxRegsCountedBy), tied in place.
  bool registers(const PtxOperandInfo &Op, Value *Arg) override;
  /// One register is no fragment.
  bool reg(const PtxOperandInfo &Op, Value *) override {
    return unsupported(Op);
  }
  bool notAFence() { return fail(diag(DiagID::RegisterFenceTakes)); }
  bool unsupported(const PtxOperandInfo &Op) override {
    if (Fence)
      return notAFence();
    return fail(diag(DiagID::OperandDoesNotMatch, Twine(Op.Name.c_str()),
                     S.IntrinsicName));
  }

  CallInst &CI;
  const VariantInfo &V;
  const SelectorInfo &S;
  /// A register fence (no instruction), not an intrinsic.
  bool Fence;
  IRBuilder<> B;
  OperandBinder Binder;
  FunctionType *FT = nullptr;
  SmallVector<Value *, 2> Args;
};

bool WgmmaSyncCall::immediate(const PtxOperandInfo &Op, Value *Arg) {
  Type *T = !Fence && Args.size() < FT->getNumParams()
                ? FT->getParamType(Args.size())
                : nullptr;
  std::optional<uint64_t> Imm = OperandBinder::recordImmediate(Op);
  if (!T || !T->isIntegerTy() || !Imm)
    return unsupported(Op);
  if (Arg) {
    // The call's constant, within the record's range.
    auto *C = dyn_cast<ConstantInt>(Arg);
    if (!C || !constantIn(C, Op.Min, Op.Max))
      return fail(
          diag(DiagID::OperandNotConstantInRange, Op.Name, Op.Min, Op.Max));
    Imm = C->getZExtValue();
  }
  Args.push_back(ConstantInt::get(T, *Imm));
  return true;
}

bool WgmmaSyncCall::registers(const PtxOperandInfo &Op, Value *Arg) {
  Value *CountArg = Binder.argNamed(Op.Value);
  if (!Fence || !CountArg || Binder.roleOf(Op) != RegisterRole::Result)
    return unsupported(Op);
  std::optional<AsmRegister> Reg = asmRegisterOf(CI, V, Op);
  if (!Reg)
    return false;
  auto [T, C] = *Reg;
  auto *N = dyn_cast<ConstantInt>(CountArg);
  // Bounded by the largest fragment a thread holds (the record's Max).
  if (!N || !constantIn(N, Op.Min, Op.Max))
    return fail(
        diag(DiagID::OperandMustConstantRegister, Op.Value, Op.Min, Op.Max));
  // The fragment holds every register the count names.
  const DataLayout &DL = CI.getModule()->getDataLayout();
  if (!Binder.checkObject(Op.Name.c_str(), Arg,
                          N->getZExtValue() * DL.getTypeAllocSize(T)))
    return false;
  uint64_t Offset = 0;
  PtxAsmCall Asm;
  for (Value *R : Binder.loadRegisters(Arg, T, N->getZExtValue(), Offset))
    Asm.addInOut(R, C);
  if (Asm.numOuts())
    Binder.storeRegisters(Asm.emit(B, "", /*HasSideEffects=*/true), Arg);
  return true;
}

bool WgmmaSyncCall::lower() {
  if (Fence) {
    // One register list, bound to the `void *` parameter, whose count is
    // the constant of the parameter its record names.
    if (Binder.operands().size() != 1)
      return notAFence();
    if (!Binder.bind(*this))
      return false;
    CI.eraseFromParent();
    return true;
  }
  Function *Decl = Intrinsic::getOrInsertDeclaration(
      CI.getModule(), Intrinsic::ID(S.IntrinsicID));
  FT = Decl->getFunctionType();
  if (!Binder.bind(*this))
    return false;
  if (Args.size() != FT->getNumParams())
    return fail(diag(DiagID::OperandsSupplyParameters, Twine(Args.size()),
                     Twine(FT->getNumParams()), S.IntrinsicName));
  B.CreateCall(Decl, Args);
  CI.eraseFromParent();
  return true;
}

} // namespace

bool lowerWgmmaSync(CallInst &CI, const VariantInfo &V) {
  return WgmmaSyncCall(CI, V).lower();
}

} // namespace cute
