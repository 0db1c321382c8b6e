//===- LowerTma.cpp - TMA atoms to cp.async.bulk.tensor ---------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The TmaLowering kind of cute-lower-atoms: a call
///
///   call void @llvm.cute.nvgpu.tma_load(ptr @v, ptr %smem, ptr %tmap,
///                                       ptr %mbar, i32 %c0, ..., i32 %cR-1)
///
/// becomes the variant's `llvm.nvvm.cp.async.bulk.tensor.*` intrinsic. The
/// variant's PTX operands say what the call supplies: `tmap` (the tensor map,
/// with as many i32 coordinates after the atom's operands as its Count),
/// `smem` (the box in shared memory), `mbar` (the mbarrier the load completes
/// on), `mask` (the multicast CTA mask) and `offs` (the im2col offsets, after
/// the coordinates). A pointer operand of the atom no operand of the variant
/// uses (smem and mbar of a prefetch) must be null.
///
/// The shared-memory pointers may be generic or addrspace(3); the tensor map
/// a generic, global, const or param pointer (a `__grid_constant__` kernel
/// parameter's address). No cache hint and no CTA group are requested.
///
//===----------------------------------------------------------------------===//

#include "LowerTma.h"
#include "AtomLowering.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"
#include "OperandBinder.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/NVPTXAddrSpace.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {

namespace {

/// True when \p P, operand \p What, is a pointer (to \p Pointee, in the
/// diagnostic) that may not be null; false after a diagnostic.
bool checkPointerOperand(CallInst &CI, Value *P, const Twine &What,
                         StringRef Pointee) {
  if (!P->getType()->isPointerTy()) {
    reportCuteError(CI, diag(DiagID::MustPointer, What, Pointee));
    return false;
  }
  return checkNotNull(CI, P, What);
}

/// \p P as the generic pointer the intrinsics take for a tensor map: from
/// generic, global, const or param memory; null after a diagnostic.
Value *castToTensorMap(IRBuilder<> &B, CallInst &CI, Value *P,
                       const Twine &What) {
  if (!checkPointerOperand(CI, P, What, diag(DiagID::TmaTensorMapOperand)))
    return nullptr;
  if (std::optional<unsigned> Bad =
          provenAddressSpaceOutside(P, [](unsigned S) {
            return S != NVPTXAS::ADDRESS_SPACE_SHARED &&
                   S != NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER &&
                   S != NVPTXAS::ADDRESS_SPACE_LOCAL;
          })) {
    reportCuteError(
        CI, diag(DiagID::MustPointTensorMap, What, addressSpaceName(*Bad)));
    return nullptr;
  }
  if (P->getType()->getPointerAddressSpace() != NVPTXAS::ADDRESS_SPACE_GENERIC)
    P = B.CreateAddrSpaceCast(P, B.getPtrTy(NVPTXAS::ADDRESS_SPACE_GENERIC));
  return P;
}

/// \p V, an integer operand of at most 32 bits, as i16 (masks and im2col
/// offsets arrive as i32 through C's default argument promotions); null
/// after a diagnostic.
Value *asI16(IRBuilder<> &B, CallInst &CI, Value *V, const Twine &What) {
  auto *T = dyn_cast<IntegerType>(V->getType());
  if (!T || (T->getBitWidth() != 16 && T->getBitWidth() != 32)) {
    reportCuteError(CI, diag(DiagID::OperandNotI16OrI32, What));
    return nullptr;
  }
  // A constant that does not fit 16 bits is not truncated.
  if (auto *C = dyn_cast<ConstantInt>(V))
    if (!C->getValue().isIntN(16) && !C->getValue().isSignedIntN(16)) {
      reportCuteError(
          CI, diag(DiagID::DoesNotFitBits, What, Twine(C->getSExtValue())));
      return nullptr;
    }
  return B.CreateTrunc(V, B.getInt16Ty());
}

} // namespace

Value *castToShared(IRBuilder<> &B, CallInst &CI, Value *P, unsigned AS,
                    const Twine &What) {
  if (!checkPointerOperand(CI, P, What, diag(DiagID::SharedMemoryName)))
    return nullptr;
  // Every object the pointer may reach is in the CTA's shared memory (or,
  // for a cluster operand, in the cluster's), and is known to be.
  if (const Value *Unknown = unprovenObject(P)) {
    reportCuteError(
        CI, diag(DiagID::UnprovenShared, What, unprovenObjectName(Unknown)));
    return nullptr;
  }
  std::optional<unsigned> Bad = provenAddressSpaceOutside(P, [&](unsigned S) {
    return S == NVPTXAS::ADDRESS_SPACE_SHARED ||
           (S == NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER &&
            AS != NVPTXAS::ADDRESS_SPACE_SHARED);
  });
  if (Bad && *Bad == NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER) {
    reportCuteError(CI, diag(DiagID::MustPointCTAOwn, What));
    return nullptr;
  }
  if (Bad) {
    reportCuteError(
        CI, diag(DiagID::MustPointSharedMemory, What, addressSpaceName(*Bad)));
    return nullptr;
  }
  unsigned Have = P->getType()->getPointerAddressSpace();
  // Generic to shared::cluster goes through shared::cta: the CTA's own
  // window is part of the cluster's.
  if (Have != AS && Have != NVPTXAS::ADDRESS_SPACE_SHARED)
    P = B.CreateAddrSpaceCast(P, B.getPtrTy(NVPTXAS::ADDRESS_SPACE_SHARED));
  if (P->getType()->getPointerAddressSpace() != AS)
    P = B.CreateAddrSpaceCast(P, B.getPtrTy(AS));
  return P;
}

namespace {

/// The lowering of one TMA call: the variant's PTX operands are bound to
/// the atom's parameters as the binder hands them over, then the
/// intrinsic's arguments are built in its order (shared memory, mbarrier,
/// tensor map, coordinates, im2col offsets, then the immediates).
class TmaCall : public OperandSink {
public:
  TmaCall(CallInst &CI, const AtomInfo &A, const VariantInfo &V)
      : CI(CI), V(V), Params(paramsOf(A)),
        Pair(StringRef(V.Ptx).contains(".cta_group::2")), B(&CI),
        Binder(CI, V, B) {}

  /// Lowers the call; false after a diagnostic.
  bool lower();

private:
  bool fail(const Twine &Msg) { return Binder.fail(Msg); }
  Value *operand(int Param) const { return CI.getArgOperand(1 + Param); }
  /// The operand \p Name in diagnostics.
  std::string what(StringRef Name) const { return Binder.what(Name); }

  /// The tensor map, and the rank of its coordinates.
  bool tensor(const PtxOperandInfo &Op, Value *) override {
    Rank = Op.Count;
    TmapParam = Op.Param;
    return true;
  }
  /// The box in shared memory, or the mbarrier.
  bool shared(const PtxOperandInfo &Op, Value *) override {
    (StringRef(Op.Name) == "mbar" ? MbarParam : SmemParam) = Op.Param;
    return true;
  }
  /// The im2col offsets.
  bool registers(const PtxOperandInfo &Op, Value *) override {
    NumOffsets = Op.Count;
    return true;
  }
  /// The multicast mask.
  bool reg(const PtxOperandInfo &Op, Value *) override {
    MaskParam = Op.Param;
    return true;
  }
  bool unsupported(const PtxOperandInfo &Op) override {
    return fail(diag(DiagID::OperandNotTMAOperand, Op.Name));
  }
  /// Binds the variant's PTX operands to the atom's parameters.
  bool bindOperands();
  /// The call's trailing operands are the coordinates and offsets, and each
  /// pointer operand the variant does not use is null.
  bool checkOperands();
  /// Shared memory first: the box (in the cluster window for a load, whose
  /// multicast may write other CTAs'), then a load's mbarrier; then the
  /// tensor map.
  bool addMemoryOperands();
  /// The coordinates, the im2col offsets and the immediates.
  bool addTrailingOperands();

  CallInst &CI;
  const VariantInfo &V;
  ArrayRef<AtomParamInfo> Params;
  /// The atom parameter each PTX operand binds to (-1: none).
  int TmapParam = -1, SmemParam = -1, MbarParam = -1, MaskParam = -1;
  /// The coordinates and the im2col offsets after the atom's operands.
  unsigned Rank = 0, NumOffsets = 0;
  /// A CTA pair's copy (`.cta_group::2`).
  bool Pair;
  IRBuilder<> B;
  OperandBinder Binder;
  SmallVector<Value *, 16> Args;
};

bool TmaCall::bindOperands() {
  if (!Binder.bind(*this))
    return false;
  if (TmapParam < 0 || !Rank)
    return fail(diag(DiagID::TensorMapOperandBinds));
  return true;
}

bool TmaCall::checkOperands() {
  // The trailing operands: Rank coordinates, then the im2col offsets.
  unsigned Fixed = Params.size();
  unsigned Given = CI.arg_size() - 1 - Fixed;
  if (Given != Rank + NumOffsets)
    return fail(diag(DiagID::TakesCoordinateAfter, Rank,
                     NumOffsets ? diag(DiagID::TmaIm2colOffsets, NumOffsets)
                                : std::string(),
                     Fixed, Given));

  // A pointer operand the variant does not use (the smem and mbar of a
  // prefetch) must be null, so that a call never silently drops one.
  return Binder.checkUnusedParams();
}

bool TmaCall::addMemoryOperands() {
  bool Load = MbarParam >= 0;
  // Each points into its object (the box's size is the tensor map's, known
  // at run time); the mbarrier is 8 bytes.
  if ((SmemParam >= 0 && !Binder.checkObject("smem", operand(SmemParam), 0)) ||
      (Load && !Binder.checkObject("mbar", operand(MbarParam), 8)))
    return false;
  if (SmemParam >= 0) {
    Value *Smem = castToShared(B, CI, operand(SmemParam),
                               Load ? NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER
                                    : NVPTXAS::ADDRESS_SPACE_SHARED,
                               what("smem"));
    if (!Smem)
      return false;
    Args.push_back(Smem);
  }
  // A CTA pair's load (`.cta_group::2`) completes on the even CTA's
  // mbarrier: the peer bit of the address is cleared (CuTe's
  // Sm100MmaPeerBitMask).
  if (Load) {
    Value *Mbar = castToShared(B, CI, operand(MbarParam),
                               NVPTXAS::ADDRESS_SPACE_SHARED, what("mbar"));
    if (!Mbar)
      return false;
    if (Pair) {
      Type *IntPtr =
          CI.getModule()->getDataLayout().getIntPtrType(Mbar->getType());
      Mbar = B.CreateIntToPtr(B.CreateAnd(B.CreatePtrToInt(Mbar, IntPtr),
                                          ConstantInt::get(IntPtr, 0xFEFFFFFFu),
                                          "tma.pair.mbar"),
                              Mbar->getType());
    }
    Args.push_back(Mbar);
  }
  Value *TMap = castToTensorMap(B, CI, operand(TmapParam), what("tmap"));
  if (!TMap)
    return false;
  Args.push_back(TMap);
  return true;
}

bool TmaCall::addTrailingOperands() {
  unsigned Fixed = Params.size();
  for (unsigned I = 0; I != Rank; ++I) {
    Value *C = CI.getArgOperand(1 + Fixed + I);
    if (!C->getType()->isIntegerTy(32))
      return fail(diag(DiagID::TmaCoordinateNotI32, I));
    Args.push_back(C);
  }
  for (unsigned I = 0; I != NumOffsets; ++I) {
    Value *O = asI16(B, CI, CI.getArgOperand(1 + Fixed + Rank + I),
                     what("offs") + " " + Twine(I));
    if (!O)
      return false;
    Args.push_back(O);
  }
  if (MbarParam < 0) {
    Args.append({B.getInt64(0), B.getInt1(false)});
    return true;
  }
  // A load: the multicast mask (0 without one), the cache hint and the CTA
  // group.
  Value *Mask = B.getInt16(0);
  if (MaskParam >= 0 &&
      !(Mask = asI16(B, CI, operand(MaskParam), what("mask"))))
    return false;
  Args.append({Mask, B.getInt64(0), B.getInt1(MaskParam >= 0), B.getInt1(false),
               B.getInt32(Pair ? 2 : 0)});
  return true;
}

bool TmaCall::lower() {
  const SelectorInfo &S = selectorOf(V);
  if (S.Kind != SelectorKind::Intrinsic)
    return fail(diag(DiagID::TMAVariantNeedsNVVM));
  if (!bindOperands() || !checkOperands() || !addMemoryOperands() ||
      !addTrailingOperands())
    return false;
  Function *Decl = Intrinsic::getOrInsertDeclaration(
      CI.getModule(), Intrinsic::ID(S.IntrinsicID));
  FunctionType *FT = Decl->getFunctionType();
  if (FT->getNumParams() != Args.size() || any_of(enumerate(Args), [&](auto P) {
        return P.value()->getType() != FT->getParamType(P.index());
      }))
    return fail(diag(DiagID::OperandsDoNotMatch, S.IntrinsicName));
  B.CreateCall(Decl, Args);
  CI.eraseFromParent();
  return true;
}

} // namespace

bool lowerTma(CallInst &CI, const AtomInfo &A, const VariantInfo &V) {
  return TmaCall(CI, A, V).lower();
}

} // namespace cute
