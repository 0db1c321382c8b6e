//===- LowerAtoms.cpp - cute-lower-atoms ------------------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The last stage of the lowering: every `llvm.cute.nvgpu.<atom>(variant,
/// operands...)` call becomes the instruction its variant issues on the
/// function's SM tier. Everything comes from the registry cute-tblgen
/// generates from td/: the atom by mnemonic, the variant by its (constant)
/// name, the tier gating, and the variant's selector and PTX operands, each
/// bound by name to an atom parameter. The routine is picked by the atom's
/// lowering kind; no tier, atom or variant is named here.
///
/// A `void *` parameter receives the registers of the operand it binds to
/// (stored in operand order), a `const void *` one supplies them (loaded as
/// the intrinsic's parameter types) or the address of shared or global
/// memory, a scalar one its value; immediates come from the records.
///
//===----------------------------------------------------------------------===//

#include "AtomLowering.h"
#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Registry/AtomRegistry.h"
#include "CuteValues.h"
#include "Diagnostics.h"
#include "LowerTma.h"
#include "OperandBinder.h"
#include "VerifyMma.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/NVPTXAddrSpace.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {

llvm::Value *byteOffset(IRBuilder<> &B, llvm::Value *Ptr, uint64_t Offset) {
  return Offset ? B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ptr, Offset)
                : Ptr;
}

Type *namedType(LLVMContext &Ctx, StringRef Name) {
  if (Name == "pred")
    return Type::getInt1Ty(Ctx);
  if (Name == "float" || Name == "f32")
    return Type::getFloatTy(Ctx);
  if (Name == "double" || Name == "f64")
    return Type::getDoubleTy(Ctx);
  if (Name == "half")
    return Type::getHalfTy(Ctx);
  if (Name == "bfloat")
    return Type::getBFloatTy(Ctx);
  unsigned Bits;
  if ((Name.starts_with("i") || Name.starts_with("b")) &&
      !Name.drop_front().getAsInteger(10, Bits) && Bits)
    return Type::getIntNTy(Ctx, Bits);
  return nullptr;
}

std::optional<std::string> refuseTargetCPU(StringRef CPU,
                                           const TargetMachine *TM) {
  // The back end's processor table: the target machine's, or (opt without
  // one) NVPTX's own where the tool links it in.
  const MCSubtargetInfo *STI = TM ? TM->getMCSubtargetInfo() : nullptr;
  std::unique_ptr<MCSubtargetInfo> Own;
  if (!STI) {
    Triple TT("nvptx64-nvidia-cuda");
    std::string Error;
    const Target *T = TargetRegistry::lookupTarget(TT, Error);
    if (!T)
      return std::nullopt;
    Own.reset(T->createMCSubtargetInfo(TT, "", ""));
    STI = Own.get();
  }
  if (CPU.empty() || !STI || STI->isCPUStringValid(CPU))
    return std::nullopt;
  // By SM number, then suffix: sm_20, ..., sm_90, sm_90a, sm_100, ...
  SmallVector<std::pair<unsigned, StringRef>, 48> Known;
  for (const SubtargetSubTypeKV &P : STI->getAllProcessorDescriptions()) {
    StringRef Digits = StringRef(P.Key).drop_front(3);
    unsigned Arch = 0;
    Digits.take_while(isDigit).getAsInteger(10, Arch);
    Known.push_back({Arch, P.Key});
  }
  llvm::sort(Known);
  return diag(DiagID::TargetNotKnownNVPTX, CPU,
              join(make_second_range(Known), ", "));
}

namespace {

/// The registry's name for a lowering kind.
StringRef loweringKindName(LoweringKindID K) {
  return loweringKinds()[unsigned(K)].Name;
}

class AtomLowering {
public:
  AtomLowering(Module &M, const TargetMachine *TM)
      : M(M), DL(M.getDataLayout()), TM(TM) {}

  /// Lower one atom call; false after a diagnostic.
  bool lower(CallInst &CI, StringRef Mnemonic);

private:
  /// The atom \p CI's callee \p Mnemonic names, which has variants and
  /// takes the call's operands; null after a diagnostic.
  const AtomInfo *resolveAtom(CallInst &CI, StringRef Mnemonic);
  /// The variant of \p A the call's constant first operand names (a family
  /// name: the member its trailing operands fit); null after a diagnostic.
  const VariantInfo *resolveVariant(CallInst &CI, const AtomInfo &A);
  /// True when the target's tier and PTX ISA have \p V.
  bool checkTarget(CallInst &CI, const VariantInfo &V);
  /// True unless \p V is a tcgen05 instruction of another CTA group than
  /// one this function issued before: PTX requires one `.cta_group` for
  /// every tcgen05 instruction of a kernel (ptxas reports a mix without a
  /// source location).
  bool checkCtaGroup(CallInst &CI, const VariantInfo &V);
  /// The routine of \p A's lowering kind.
  bool dispatch(CallInst &CI, const AtomInfo &A, const VariantInfo &V);
  const TierInfo *tierOf(CallInst &CI);
  /// True when a target machine with a CPU compiles the module.
  bool hasTarget() const { return TM && !TM->getTargetCPU().empty(); }
  /// The declaration of \p ID for \p V, its overloaded types (if any)
  /// found from V's operands; null when they match no signature.
  Function *declareIntrinsic(Intrinsic::ID ID, const VariantInfo &V);
  /// The PTX ISA version (times ten) the module is emitted for.
  unsigned targetPtx(CallInst &CI, const TierInfo &T);
  bool lowerThroughIntrinsic(CallInst &CI, const VariantInfo &V);
  bool lowerUniversalFma(CallInst &CI, const VariantInfo &V);
  bool lowerUniversalCopy(CallInst &CI, const VariantInfo &V);

  Module &M;
  const DataLayout &DL;
  const TargetMachine *TM;
  /// retrieve_tmem_ptr's per-function cache.
  TmemPtrCache TmemPtrs;
  /// The group, variant and source place of the function's first tcgen05
  /// call with a `.cta_group` (the call itself is lowered away by then).
  unsigned FirstGroup = 0;
  StringRef FirstGroupVariant;
  std::string FirstGroupPlace;
};

/// The `.cta_group::N` of \p Ptx, a variant's instruction text, or 0.
static unsigned ctaGroupOf(StringRef Ptx) {
  size_t At = Ptx.find("cta_group::");
  if (At == StringRef::npos || At + 11 >= Ptx.size())
    return 0;
  char Digit = Ptx[At + 11];
  return Digit == '1' || Digit == '2' ? unsigned(Digit - '0') : 0;
}

bool AtomLowering::checkCtaGroup(CallInst &CI, const VariantInfo &V) {
  unsigned Group = ctaGroupOf(V.Ptx);
  if (!Group)
    return true;
  if (!FirstGroup) {
    FirstGroup = Group;
    FirstGroupVariant = V.Name;
    FirstGroupPlace = sourcePlace(CI);
    return true;
  }
  if (Group == FirstGroup)
    return true;
  reportCuteError(CI, diag(DiagID::CtaGroupMixed, V.Name, Group, FirstGroup,
                           FirstGroupVariant, FirstGroupPlace));
  return false;
}

const TierInfo *AtomLowering::tierOf(CallInst &CI) {
  // NVPTX compiles a module for its target machine's CPU, whatever a
  // function's attribute says; without one (opt), the attribute.
  StringRef CPU =
      hasTarget()
          ? TM->getTargetCPU()
          : CI.getFunction()->getFnAttribute("target-cpu").getValueAsString();
  if (CPU.empty()) {
    reportCuteError(CI, diag(DiagID::AtomLoweringNeedsTarget));
    return nullptr;
  }
  // NVPTX ignores a processor it does not know (with a warning) and
  // compiles for its default, which selects no atom of a newer tier and
  // declares an old PTX ISA: a tier the registry knows is no use there.
  if (std::optional<std::string> Why = refuseTargetCPU(CPU, TM)) {
    reportCuteError(CI, *Why);
    return nullptr;
  }
  const TierInfo *T = lookupTier(CPU);
  if (!T)
    reportCuteError(CI, diag(DiagID::TargetNotKnownSM, CPU));
  return T;
}

unsigned AtomLowering::targetPtx(CallInst &CI, const TierInfo &T) {
  // The last +ptxNN of the target machine's features (without one, of the
  // function's) wins; without any, NVPTX uses the tier's minimum.
  StringRef Features = hasTarget() ? TM->getTargetFeatureString()
                                   : CI.getFunction()
                                         ->getFnAttribute("target-features")
                                         .getValueAsString();
  unsigned Ptx = 0;
  SmallVector<StringRef, 8> Parts;
  Features.split(Parts, ',');
  for (StringRef F : Parts) {
    unsigned V;
    if (F.consume_front("+ptx") && !F.getAsInteger(10, V))
      Ptx = V;
  }
  return std::max<unsigned>(Ptx, T.PtxVersion);
}

const AtomInfo *AtomLowering::resolveAtom(CallInst &CI, StringRef Mnemonic) {
  // `llvm.cute.nvgpu.<atom>.<suffix>`: as the `llvm.cute.*` ops, a call may
  // name its atom with any suffix (a module then declares one atom at
  // several types: `ldsm.p3`, `elect_sync.i1`); the longest leading part
  // of the name that names an atom is the atom.
  const AtomInfo *A = lookupAtom(Mnemonic);
  for (StringRef Head = Mnemonic; !A && Head.contains('.');) {
    Head = Head.rsplit('.').first;
    A = lookupAtom(Head);
  }
  if (!A) {
    reportCuteError(CI, diag(DiagID::AtomUnknownMnemonic, Mnemonic.str()));
    return nullptr;
  }
  // Descriptor types and non-executable atoms have no lattice: nothing to
  // call.
  if (!A->NumVariants) {
    reportCuteError(CI, getDiagnosticText(DiagID::AtomNoInterface) +
                            formatv(" ('{0}': {1})", A->Mnemonic,
                                    A->NoVariantReason));
    return nullptr;
  }
  ArrayRef<AtomParamInfo> Params = paramsOf(*A);
  // A TMA atom's operands are followed by its variant's coordinates
  // (lowerTma counts them).
  bool Trailing = A->Lowering == LoweringKindID::TmaLowering;
  if (Trailing ? CI.arg_size() < Params.size() + 1
               : CI.arg_size() != Params.size() + 1) {
    reportCuteError(
        CI, diag(DiagID::AtomTakesVariantName, A->Mnemonic, Params.size(),
                 Trailing ? diag(DiagID::AtomParamsBeforeCoordinates) : "",
                 CI.arg_size() ? CI.arg_size() - 1 : 0));
    return nullptr;
  }
  return A;
}

const VariantInfo *AtomLowering::resolveVariant(CallInst &CI,
                                                const AtomInfo &A) {
  // A literal, or a name spelled at compile time (a selector's constant
  // array): getConstantString reads both.
  std::optional<StringRef> Name = getConstantString(CI.getArgOperand(0));
  if (!Name) {
    reportCuteError(CI, diag(DiagID::VariantAtomMustConstant, A.Mnemonic));
    return nullptr;
  }
  const VariantInfo *V = lookupVariant(*Name);
  // A family name (CuTe's rank-generic SM90_TMA_LOAD) stands for the member
  // its trailing operands (the coordinates) fit.
  if (SmallVector<const VariantInfo *, 8> Members = lookupFamily(*Name);
      !V && !Members.empty()) {
    unsigned Given = CI.arg_size() - 1 - paramsOf(A).size();
    auto It = find_if(Members, [&](const VariantInfo *M) {
      return &atoms()[M->Atom] == &A && trailingOperandsOf(*M) == Given;
    });
    if (It == Members.end()) {
      std::string Have;
      ListSeparator Sep(", ");
      for (const VariantInfo *M : Members)
        if (&atoms()[M->Atom] == &A)
          Have += formatv("{0}{1} ({2})", StringRef(Sep), M->Name,
                          trailingOperandsOf(*M))
                      .str();
      reportCuteError(
          CI,
          diag(DiagID::VariantFamilyNoMemberForArity, *Name, A.Mnemonic, Given,
               Have.empty() ? std::string() : " (members: " + Have + ")"));
      return nullptr;
    }
    V = *It;
  }
  if (!V) {
    reportCuteError(CI, diag(DiagID::MmaIllegalLatticePoint, A.Mnemonic.str(),
                             ("'" + *Name + "'").str()));
    return nullptr;
  }
  if (&atoms()[V->Atom] != &A) {
    reportCuteError(CI, diag(DiagID::VariantVariantAtom, V->Name,
                             atoms()[V->Atom].Mnemonic, A.Mnemonic));
    return nullptr;
  }
  return V;
}

bool AtomLowering::checkTarget(CallInst &CI, const VariantInfo &V) {
  const TierInfo *T = tierOf(CI);
  if (!T)
    return false;
  if (std::optional<std::string> Why = checkAvailable(V, *T)) {
    // Say where the variant can be used.
    SmallVector<StringRef, 8> Have;
    for (const TierInfo &Other : tiers())
      if (isAvailable(V, Other))
        Have.push_back(Other.Name);
    reportCuteError(CI,
                    diag(DiagID::VariantTiers, V.Name, *Why, join(Have, ", ")));
    return false;
  }
  // NVPTX cannot select an instruction the module's PTX ISA lacks: say so
  // here rather than let instruction selection fail.
  unsigned Need = ptxVersionFor(V, *T), Have = targetPtx(CI, *T);
  if (Need > Have) {
    reportCuteError(CI, diag(DiagID::VariantNeedsPTXISA, V.Name, Need / 10,
                             Need % 10, Have / 10, Have % 10, Need));
    return false;
  }
  return true;
}

bool AtomLowering::lower(CallInst &CI, StringRef Mnemonic) {
  const AtomInfo *A = resolveAtom(CI, Mnemonic);
  if (!A)
    return false;
  const VariantInfo *V = resolveVariant(CI, *A);
  if (!V || !checkTarget(CI, *V) || !checkCtaGroup(CI, *V))
    return false;
  // The MMA / copy operand verifier, before anything is emitted: its
  // residency ladder names an operand in the wrong memory (an A in
  // registers where a descriptor is due) before the generic kind check
  // below would.
  if (implements(*A, InterfaceID::MmaAtom) ? !verifyMmaCall(CI, *A, *V)
      : implements(*A, InterfaceID::CopyAtom) ? !verifyCopyCall(CI, *A, *V)
                                              : false)
    return false;
  // Values where addresses are due, or the reverse: lowered, they would
  // break the module.
  if (!checkAtomOperandKinds(CI, *A))
    return false;
  // The checks the records bind to the operands (a range, an alignment).
  if (!checkOperands(CI, *A, *V))
    return false;
  return dispatch(CI, *A, *V);
}

bool AtomLowering::dispatch(CallInst &CI, const AtomInfo &A,
                            const VariantInfo &V) {
  switch (A.Lowering) {
  case LoweringKindID::UniversalFmaLowering:
    return lowerUniversalFma(CI, V);
  case LoweringKindID::UniversalCopyLowering:
    return lowerUniversalCopy(CI, V);
  case LoweringKindID::WgmmaLowering:
    return lowerWgmma(CI, V);
  case LoweringKindID::InlinePtxLowering:
    return lowerInlinePtx(CI, V, PtxResults::WriteOnly);
  case LoweringKindID::WgmmaSyncLowering:
    return lowerWgmmaSync(CI, V);
  case LoweringKindID::TmaLowering:
    return lowerTma(CI, A, V);
  case LoweringKindID::SyncLowering:
    return lowerSync(CI, A, V);
  case LoweringKindID::MbarrierWaitLowering:
    return lowerMbarrierWait(CI, A, V);
  case LoweringKindID::UmmaLowering:
    return lowerUmma(CI, V);
  case LoweringKindID::TmemCopyLowering:
    return lowerTmemCopy(CI, A, V);
  case LoweringKindID::TmemAllocLowering:
    return lowerRetrieveTmemPtr(CI, A, V, TmemPtrs);
  case LoweringKindID::MmaSyncLowering:
  case LoweringKindID::MatrixLoadLowering:
  case LoweringKindID::MatrixStoreLowering:
  case LoweringKindID::CpAsyncLowering:
    if (selectorOf(V).Kind == SelectorKind::Intrinsic)
      return lowerThroughIntrinsic(CI, V);
    // A statement no intrinsic prints (cp.async's .L2::128B hint) or a
    // sequence no intrinsic issues (the complex F64 MMAs).
    if (selectorOf(V).Kind == SelectorKind::InlinePtx)
      return lowerInlinePtx(CI, V, PtxResults::WriteOnly);
    break;
  default:
    break;
  }
  reportCuteError(CI, diag(DiagID::VariantAtomLowering, V.Name, A.Mnemonic,
                           loweringKindName(A.Lowering),
                           loweringKinds()[unsigned(A.Lowering)].Doc));
  return false;
}

Function *AtomLowering::declareIntrinsic(Intrinsic::ID ID,
                                         const VariantInfo &V) {
  if (!Intrinsic::isOverloaded(ID))
    return Intrinsic::getOrInsertDeclaration(&M, ID);
  // The signature the variant's operands spell (memory operands in their
  // address space, registers as their PTX types), matched against the
  // intrinsic's constraints to find its overloaded types.
  LLVMContext &Ctx = M.getContext();
  SmallVector<Type *, 16> ParamTys, ResultTys;
  if (!OperandBinder::intrinsicTypes(V, Ctx, ParamTys, ResultTys))
    return nullptr;
  Type *Ret = ResultTys.empty()       ? Type::getVoidTy(Ctx)
              : ResultTys.size() == 1 ? ResultTys.front()
                                      : StructType::get(Ctx, ResultTys);
  FunctionType *FT = FunctionType::get(Ret, ParamTys, /*isVarArg=*/false);
  SmallVector<Intrinsic::IITDescriptor, 16> Table;
  Intrinsic::getIntrinsicInfoTableEntries(ID, Table);
  ArrayRef<Intrinsic::IITDescriptor> Infos = Table;
  SmallVector<Type *, 4> Overloads;
  if (Intrinsic::matchIntrinsicSignature(FT, Infos, Overloads) !=
          Intrinsic::MatchIntrinsicTypes_Match ||
      Intrinsic::matchIntrinsicVarArg(false, Infos))
    return nullptr;
  return Intrinsic::getOrInsertDeclaration(&M, ID, Overloads);
}

/// The call of an NVVM intrinsic that lowers one atom call: its arguments
/// from the variant's PTX operands in order, as the binder hands them over,
/// then its results stored through the operands that receive them (a
/// `void *` parameter's).
class IntrinsicCall : public OperandSink {
public:
  IntrinsicCall(CallInst &CI, const VariantInfo &V, Function *Decl)
      : CI(CI), S(selectorOf(V)), Decl(Decl), FT(Decl->getFunctionType()),
        B(&CI), Binder(CI, V, B) {}

  /// Lowers the call; false after a diagnostic.
  bool lower();

private:
  bool fail(const Twine &Msg) { return Binder.fail(Msg); }
  /// The intrinsic's parameter the next argument goes to, or null.
  Type *nextParam() const {
    return Args.size() < FT->getNumParams() ? FT->getParamType(Args.size())
                                            : nullptr;
  }
  /// A register operand: read from (written to) the registers a `const
  /// void *` (`void *`) parameter points at, or a scalar's value.
  bool registers(const PtxOperandInfo &Op, llvm::Value *Arg) override;
  /// The next parameters' types, as many as the registers of \p Op (fewer
  /// where the parameters run out).
  SmallVector<Type *, 16> registerParams(const PtxOperandInfo &Op) const;
  /// A register operand's registers read through its `const void *`
  /// parameter \p Arg.
  bool addFragment(const PtxOperandInfo &Op, llvm::Value *Arg);
  bool immediate(const PtxOperandInfo &Op, llvm::Value *Arg) override;
  /// A shared- or global-memory operand: its pointer (into \p AS), in the
  /// intrinsic's address space or as an integer.
  bool addMemory(const PtxOperandInfo &Op, llvm::Value *Arg, unsigned AS);
  bool shared(const PtxOperandInfo &Op, llvm::Value *Arg) override {
    return addMemory(Op, Arg, NVPTXAS::ADDRESS_SPACE_SHARED);
  }
  bool global(const PtxOperandInfo &Op, llvm::Value *Arg) override {
    return addMemory(Op, Arg, NVPTXAS::ADDRESS_SPACE_GLOBAL);
  }
  bool tmem(const PtxOperandInfo &Op, llvm::Value *Arg) override;
  bool unsupported(const PtxOperandInfo &) override {
    return fail(diag(DiagID::TmaTensorOperandsUnsupported));
  }
  /// Stores the results of \p Call, in operand order (a struct's fields or
  /// the one value), through the output operands.
  bool storeResults(CallInst *Call);

  /// An operand that receives registers.
  struct Output {
    llvm::Value *Ptr;
    unsigned Count;
    StringRef Name;
  };

  CallInst &CI;
  const SelectorInfo &S;
  Function *Decl;
  FunctionType *FT;
  IRBuilder<> B;
  OperandBinder Binder;
  SmallVector<llvm::Value *, 16> Args;
  SmallVector<Output, 2> Outputs;
};

SmallVector<Type *, 16>
IntrinsicCall::registerParams(const PtxOperandInfo &Op) const {
  SmallVector<Type *, 16> Tys;
  for (unsigned I = 0, N = OperandBinder::registerCount(Op);
       I != N && Args.size() + I < FT->getNumParams(); ++I)
    Tys.push_back(FT->getParamType(Args.size() + I));
  return Tys;
}

bool IntrinsicCall::addFragment(const PtxOperandInfo &Op, llvm::Value *Arg) {
  // The registers read through the operand, before reading them.
  SmallVector<Type *, 16> Tys = registerParams(Op);
  if (!Binder.checkObject(Op.Name.c_str(), Arg, Binder.registerBytes(Tys)))
    return false;
  if (Tys.size() != OperandBinder::registerCount(Op))
    return fail(diag(DiagID::OperandsOutnumberParameters,
                     Twine(S.IntrinsicName.c_str())));
  uint64_t Offset = 0;
  append_range(Args, Binder.loadRegisters(Arg, Tys, Offset));
  return true;
}

bool IntrinsicCall::registers(const PtxOperandInfo &Op, llvm::Value *Arg) {
  switch (Binder.roleOf(Op)) {
  case RegisterRole::Result:
    Outputs.push_back({Arg, OperandBinder::registerCount(Op), Op.Name.c_str()});
    return true;
  case RegisterRole::Fragment:
    return addFragment(Op, Arg);
  default:
    break;
  }
  for (unsigned I = 0, N = OperandBinder::registerCount(Op); I != N; ++I) {
    Type *T = nextParam();
    if (!T)
      return fail(diag(DiagID::OperandsOutnumberParameters,
                       Twine(S.IntrinsicName.c_str())));
    llvm::Value *X = nullptr;
    if (Arg) {
      X = Binder.scalar(Op, Arg, T);
      if (!X && isa<ConstantInt>(Arg))
        return false;
    } else if (*Op.Value && T->isIntegerTy()) {
      X = OperandBinder::recordValue(Op, T);
    }
    if (!X)
      return fail(
          diag(DiagID::OperandBindsNoAtomParameter, Twine(Op.Name.c_str())));
    Args.push_back(X);
  }
  return true;
}

bool IntrinsicCall::immediate(const PtxOperandInfo &Op, llvm::Value *Arg) {
  Type *T = nextParam();
  std::optional<uint64_t> Imm = OperandBinder::recordImmediate(Op);
  if (!T || !T->isIntegerTy() || !Imm)
    return fail(diag(DiagID::ImmediateDoesNotMatch, Twine(Op.Name.c_str()),
                     S.IntrinsicName));
  if (Arg) {
    auto *C = dyn_cast<ConstantInt>(Arg);
    if (!C || C->getZExtValue() != *Imm)
      return fail(
          diag(DiagID::OperandMustConstant, Twine(Op.Name.c_str()), Op.Value));
  }
  Args.push_back(ConstantInt::get(T, *Imm));
  return true;
}

bool IntrinsicCall::addMemory(const PtxOperandInfo &Op, llvm::Value *Arg,
                              unsigned AS) {
  Type *T = nextParam();
  if (!T)
    return fail(diag(DiagID::OperandNeedsPointer, Twine(Op.Name.c_str())));
  llvm::Value *P = Binder.address(Op, Arg, AS);
  if (!P)
    return false;
  if (T->isIntegerTy())
    P = B.CreatePtrToInt(P, T);
  else if (T != P->getType())
    P = B.CreateAddrSpaceCast(P, T);
  Args.push_back(P);
  return true;
}

bool IntrinsicCall::tmem(const PtxOperandInfo &Op, llvm::Value *Arg) {
  Type *T = nextParam();
  llvm::Value *P = Arg && T ? Binder.scalar(Op, Arg, T) : nullptr;
  if (!P && Arg && isa<ConstantInt>(Arg))
    return false;
  if (!P)
    return fail(diag(DiagID::OperandNeedsTensor, Twine(Op.Name.c_str())));
  Args.push_back(P);
  return true;
}

bool IntrinsicCall::storeResults(CallInst *Call) {
  SmallVector<llvm::Value *, 16> Results;
  if (auto *ST = dyn_cast<StructType>(FT->getReturnType())) {
    for (unsigned I = 0, E = ST->getNumElements(); I != E; ++I)
      Results.push_back(B.CreateExtractValue(Call, I));
  } else if (!FT->getReturnType()->isVoidTy()) {
    Results.push_back(Call);
  }
  unsigned Needed = 0;
  for (const Output &O : Outputs)
    Needed += O.Count;
  if (Needed != Results.size())
    return fail(diag(DiagID::OutputOperandsHold, Twine(Needed), S.IntrinsicName,
                     Twine(Results.size())));
  auto Regs = [&](unsigned R, const Output &O) {
    return ArrayRef(Results).slice(R, O.Count);
  };
  unsigned R = 0;
  for (const Output &O : Outputs) {
    SmallVector<Type *, 16> Tys;
    for (llvm::Value *X : Regs(R, O))
      Tys.push_back(X->getType());
    if (!Binder.checkObject(O.Name, O.Ptr, Binder.registerBytes(Tys)))
      return false;
    R += O.Count;
  }
  R = 0;
  for (const Output &O : Outputs) {
    Binder.storeRegisters(Regs(R, O), O.Ptr);
    R += O.Count;
  }
  return true;
}

bool IntrinsicCall::lower() {
  if (!Binder.bind(*this) || !Binder.checkUnusedParams())
    return false;
  if (Args.size() != FT->getNumParams())
    return fail(diag(DiagID::OperandsSupplyParameters, Twine(Args.size()),
                     Twine(FT->getNumParams()), S.IntrinsicName));
  if (!storeResults(B.CreateCall(Decl, Args)))
    return false;
  CI.eraseFromParent();
  return true;
}

bool AtomLowering::lowerThroughIntrinsic(CallInst &CI, const VariantInfo &V) {
  const SelectorInfo &S = selectorOf(V);
  Function *Decl = declareIntrinsic(Intrinsic::ID(S.IntrinsicID), V);
  if (!Decl) {
    reportCuteError(CI,
                    diag(DiagID::VariantPTXOperands, V.Name, S.IntrinsicName));
    return false;
  }
  return IntrinsicCall(CI, V, Decl).lower();
}

/// The LLVM type of registry element type \p ID.
Type *llvmTypeOf(LLVMContext &Ctx, int ID) {
  return namedType(Ctx, elementTypes()[ID].LLVMType);
}

bool AtomLowering::lowerUniversalFma(CallInst &CI, const VariantInfo &V) {
  // The registry's UniversalFMA variants have one floating-point type for
  // D, A, B and C.
  LLVMContext &Ctx = M.getContext();
  Type *T = llvmTypeOf(Ctx, V.TypeD);
  if (!T || !T->isFloatingPointTy() || V.TypeA != V.TypeD ||
      V.TypeB != V.TypeD || V.TypeC != V.TypeD) {
    reportCuteError(CI, diag(DiagID::VariantUniversalFMA, V.Name));
    return false;
  }
  // D, A, B and C each point to one element inside its object (CuTe's
  // UniversalFMA takes references).
  uint64_t Bytes = M.getDataLayout().getTypeStoreSize(T);
  for (auto [I, P] : enumerate(paramsOf(atoms()[V.Atom])))
    if (!checkAtomPointer(CI, V.Name, P.Name.c_str(), CI.getArgOperand(1 + I),
                          /*WantAS=*/0, Bytes))
      return false;
  IRBuilder<> B(&CI);
  llvm::Value *A = B.CreateLoad(T, CI.getArgOperand(2));
  llvm::Value *Bv = B.CreateLoad(T, CI.getArgOperand(3));
  llvm::Value *C = B.CreateLoad(T, CI.getArgOperand(4));
  B.CreateStore(B.CreateIntrinsic(Intrinsic::fma, {T}, {A, Bv, C}),
                CI.getArgOperand(1));
  CI.eraseFromParent();
  return true;
}

bool AtomLowering::lowerUniversalCopy(CallInst &CI, const VariantInfo &V) {
  IRBuilder<> B(&CI);
  // One element of the variant's width, aligned to it (CuTe copies a
  // uint<N>_t object); wider than 64 bits as a vector of b32, as the
  // registry's ld.v4.b32.
  Type *T = V.ValueBits > 64 ? static_cast<Type *>(FixedVectorType::get(
                                   B.getInt32Ty(), V.ValueBits / 32))
                             : B.getIntNTy(V.ValueBits);
  Align A(V.ValueBits / 8);
  // The objects behind both pointers hold at least one element.
  if (!checkAtomPointer(CI, V.Name, "dst", CI.getArgOperand(1), 0,
                        V.ValueBits / 8) ||
      !checkAtomPointer(CI, V.Name, "src", CI.getArgOperand(2), 0,
                        V.ValueBits / 8))
    return false;
  llvm::Value *X = B.CreateAlignedLoad(T, CI.getArgOperand(2), A);
  B.CreateAlignedStore(X, CI.getArgOperand(1), A);
  CI.eraseFromParent();
  return true;
}

} // namespace

PreservedAnalyses CuteLowerAtomsPass::run(Function &F,
                                          FunctionAnalysisManager &) {
  if (!hasCuteCalls(F))
    return PreservedAnalyses::all();
  // In program order, so that diagnostics come in the order of the source.
  SmallVector<std::pair<CallInst *, StringRef>, 16> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = getCallee(*CI)) {
        StringRef Name = Callee->getName();
        if (Name.consume_front("llvm.cute.nvgpu."))
          Calls.push_back({CI, Name});
      }
  // The declarations and variant names the calls leave dead are erased by
  // the module pass that runs this one: a function pass erases no global.
  AtomLowering L(*F.getParent(), TM);
  bool Changed = false;
  for (auto [CI, Mnemonic] : Calls)
    Changed |= L.lower(*CI, Mnemonic);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cute
