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

#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "AtomLowering.h"
#include "CuteLLVM/Registry/AtomRegistry.h"
#include "Diagnostics.h"
#include "LowerTma.h"
#include "VerifyMma.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
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

namespace {

/// NVPTX address spaces.
enum : unsigned { GlobalAS = 1, SharedAS = 3 };

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
  bool lowerThroughIntrinsic(CallInst &CI, const AtomInfo &A,
                             const VariantInfo &V);
  bool lowerUniversalFma(CallInst &CI, const VariantInfo &V);
  bool lowerUniversalCopy(CallInst &CI, const VariantInfo &V);

  Module &M;
  const DataLayout &DL;
  const TargetMachine *TM;
  /// retrieve_tmem_ptr's per-function cache.
  TmemPtrCache TmemPtrs;
};

const TierInfo *AtomLowering::tierOf(CallInst &CI) {
  // NVPTX compiles a module for its target machine's CPU, whatever a
  // function's attribute says; without one (opt), the attribute.
  StringRef CPU =
      hasTarget()
          ? TM->getTargetCPU()
          : CI.getFunction()->getFnAttribute("target-cpu").getValueAsString();
  if (CPU.empty()) {
    reportCuteError(CI, "atom lowering needs the target SM tier: the function "
                        "has no \"target-cpu\" attribute (compile with "
                        "-mcpu=sm_XX or --cuda-gpu-arch=sm_XX)");
    return nullptr;
  }
  const TierInfo *T = lookupTier(CPU);
  if (!T)
    reportCuteError(CI, formatv("target '{0}' is not a known SM tier", CPU));
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
    reportCuteError(CI, formatDiagnostic(DiagID::AtomUnknownMnemonic,
                                         {Mnemonic.str()}));
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
    reportCuteError(CI, formatv("atom '{0}' takes the variant name and {1} "
                                "operand(s){2}, not {3}",
                                A->Mnemonic, Params.size(),
                                Trailing ? " before its coordinates" : "",
                                CI.arg_size() ? CI.arg_size() - 1 : 0));
    return nullptr;
  }
  return A;
}

const VariantInfo *AtomLowering::resolveVariant(CallInst &CI,
                                                const AtomInfo &A) {
  StringRef VariantName;
  if (!getConstantStringInfo(CI.getArgOperand(0), VariantName)) {
    reportCuteError(CI, formatv("the variant of atom '{0}' must be a constant "
                                "string naming a lattice point",
                                A.Mnemonic));
    return nullptr;
  }
  const VariantInfo *V = lookupVariant(VariantName);
  // A family name (CuTe's rank-generic SM90_TMA_LOAD) stands for the member
  // its trailing operands (the coordinates) fit.
  if (SmallVector<const VariantInfo *, 8> Members = lookupFamily(VariantName);
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
      reportCuteError(CI, formatv("variant family '{0}' of atom '{1}' has no "
                                  "member taking {2} trailing operand(s){3}",
                                  VariantName, A.Mnemonic, Given,
                                  Have.empty() ? std::string()
                                               : " (members: " + Have + ")"));
      return nullptr;
    }
    V = *It;
  }
  if (!V) {
    reportCuteError(CI, formatDiagnostic(DiagID::MmaIllegalLatticePoint,
                                         {A.Mnemonic.str(),
                                          ("'" + VariantName + "'").str()}));
    return nullptr;
  }
  if (&atoms()[V->Atom] != &A) {
    reportCuteError(CI,
                    formatv("variant '{0}' is a variant of atom '{1}', not "
                            "'{2}'",
                            V->Name, atoms()[V->Atom].Mnemonic, A.Mnemonic));
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
    reportCuteError(CI, formatv("variant '{0}': {1} (the tiers that have it: "
                                "{2})",
                                V.Name, *Why, join(Have, ", ")));
    return false;
  }
  // NVPTX cannot select an instruction the module's PTX ISA lacks: say so
  // here rather than let instruction selection fail.
  unsigned Need = ptxVersionFor(V, *T), Have = targetPtx(CI, *T);
  if (Need > Have) {
    reportCuteError(CI, formatv("variant '{0}' needs PTX ISA {1}.{2}, and the "
                                "target has {3}.{4}: add the target feature "
                                "+ptx{5} (llc -mattr=+ptx{5})",
                                V.Name, Need / 10, Need % 10, Have / 10,
                                Have % 10, Need));
    return false;
  }
  return true;
}

bool AtomLowering::lower(CallInst &CI, StringRef Mnemonic) {
  const AtomInfo *A = resolveAtom(CI, Mnemonic);
  if (!A)
    return false;
  const VariantInfo *V = resolveVariant(CI, *A);
  if (!V || !checkTarget(CI, *V))
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
      return lowerThroughIntrinsic(CI, A, V);
    // An instruction sequence no intrinsic issues (the complex F64 MMAs).
    if (selectorOf(V).Kind == SelectorKind::InlinePtx)
      return lowerInlinePtx(CI, V, PtxResults::WriteOnly);
    break;
  default:
    break;
  }
  reportCuteError(CI, formatv("variant '{0}' of atom '{1}': the {2} lowering "
                              "({3}) is not implemented yet",
                              V.Name, A.Mnemonic, loweringKindName(A.Lowering),
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
  ArrayRef<AtomParamInfo> Params = paramsOf(atoms()[V.Atom]);
  for (const PtxOperandInfo &Op : operandsOf(V)) {
    bool Out = Op.Param >= 0 && StringRef(Params[Op.Param].CType) == "void *";
    switch (Op.Kind) {
    case PtxOperandKind::Regs:
    case PtxOperandKind::Reg: {
      Type *T = namedType(Ctx, Op.Type);
      if (!T)
        return nullptr;
      unsigned N = Op.Kind == PtxOperandKind::Regs ? Op.Count : 1;
      (Out ? ResultTys : ParamTys).append(N, T);
      break;
    }
    case PtxOperandKind::Imm:
    case PtxOperandKind::Tmem:
      ParamTys.push_back(Type::getInt32Ty(Ctx));
      break;
    case PtxOperandKind::Shared:
      ParamTys.push_back(PointerType::get(Ctx, SharedAS));
      break;
    case PtxOperandKind::Global:
      ParamTys.push_back(PointerType::get(Ctx, GlobalAS));
      break;
    case PtxOperandKind::Tensor:
      return nullptr;
    }
  }
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

/// The value of an input operand bound to scalar argument \p Arg, as
/// type \p T.
llvm::Value *scalarAs(IRBuilder<> &B, CallInst &CI, StringRef Variant,
                      const PtxOperandInfo &Op, llvm::Value *Arg, Type *T) {
  Type *From = Arg->getType();
  if (From->isIntegerTy() && T->isIntegerTy())
    return fitIntOperand(B, CI, Variant, Op, Arg, T);
  if (From == T)
    return Arg;
  if (From->isPointerTy() && T->isIntegerTy())
    return B.CreatePtrToInt(Arg, T);
  return nullptr;
}

/// The call of an NVVM intrinsic that lowers one atom call: its arguments
/// from the variant's PTX operands in order, then its results stored
/// through the operands that receive them (a `void *` parameter's).
class IntrinsicCall {
public:
  IntrinsicCall(CallInst &CI, const AtomInfo &A, const VariantInfo &V,
                Function *Decl)
      : CI(CI), V(V), S(selectorOf(V)), Params(paramsOf(A)), Decl(Decl),
        FT(Decl->getFunctionType()), DL(CI.getModule()->getDataLayout()),
        B(&CI) {}

  /// Lowers the call; false after a diagnostic.
  bool lower();

private:
  bool fail(const Twine &Msg) { return reportVariantError(CI, V.Name, Msg); }
  /// The intrinsic's parameter the next argument goes to, or null.
  Type *nextParam() const {
    return Args.size() < FT->getNumParams() ? FT->getParamType(Args.size())
                                            : nullptr;
  }
  /// A register operand: read from (written to) the registers a `const
  /// void *` (`void *`) parameter points at, or a scalar's value.
  bool addRegisters(const PtxOperandInfo &Op, llvm::Value *Arg,
                    StringRef CType);
  bool addImmediate(const PtxOperandInfo &Op, llvm::Value *Arg);
  /// A shared- or global-memory operand: its pointer, in the intrinsic's
  /// address space or as an integer.
  bool addMemory(const PtxOperandInfo &Op, llvm::Value *Arg);
  bool addTmem(const PtxOperandInfo &Op, llvm::Value *Arg);
  /// A scalar parameter the variant has no operand for (the metadata of a
  /// sparse form, on a dense variant) must be 0.
  bool checkUnusedParams();
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
  const VariantInfo &V;
  const SelectorInfo &S;
  ArrayRef<AtomParamInfo> Params;
  Function *Decl;
  FunctionType *FT;
  const DataLayout &DL;
  IRBuilder<> B;
  SmallVector<llvm::Value *, 16> Args;
  SmallVector<Output, 2> Outputs;
};

bool IntrinsicCall::addRegisters(const PtxOperandInfo &Op, llvm::Value *Arg,
                                 StringRef CType) {
  bool OutPtr = CType == "void *", InPtr = CType == "const void *";
  unsigned Count = Op.Kind == PtxOperandKind::Regs ? Op.Count : 1;
  if (OutPtr) {
    Outputs.push_back({Arg, Count, Op.Name.c_str()});
    return true;
  }
  if (InPtr) {
    // The registers read through the operand, before reading them.
    uint64_t Bytes = 0;
    for (unsigned I = 0; I != Count && Args.size() + I < FT->getNumParams();
         ++I)
      Bytes += DL.getTypeAllocSize(FT->getParamType(Args.size() + I));
    if (!checkAtomPointer(CI, V.Name, Op.Name.c_str(), Arg, 0, Bytes))
      return false;
  }
  for (unsigned I = 0, Offset = 0; I != Count; ++I) {
    Type *T = nextParam();
    if (!T)
      return fail("its operands outnumber the parameters of '" +
                  Twine(S.IntrinsicName.c_str()) + "'");
    llvm::Value *X = nullptr;
    if (InPtr) {
      X = B.CreateLoad(T, byteOffset(B, Arg, Offset));
      Offset += DL.getTypeAllocSize(T);
    } else if (Arg) {
      X = scalarAs(B, CI, V.Name, Op, Arg, T);
      if (!X && isa<ConstantInt>(Arg))
        return false;
    } else if (*Op.Value && T->isIntegerTy()) {
      X = ConstantInt::get(T, APInt(T->getIntegerBitWidth(), Op.Value, 10));
    }
    if (!X)
      return fail("operand '" + Twine(Op.Name.c_str()) +
                  "' binds to no parameter of the atom");
    Args.push_back(X);
  }
  return true;
}

bool IntrinsicCall::addImmediate(const PtxOperandInfo &Op, llvm::Value *Arg) {
  Type *T = nextParam();
  uint64_t Imm;
  if (!T || !T->isIntegerTy() || StringRef(Op.Value).getAsInteger(0, Imm))
    return fail("immediate '" + Twine(Op.Name.c_str()) + "' does not match '" +
                S.IntrinsicName + "'");
  if (Arg) {
    auto *C = dyn_cast<ConstantInt>(Arg);
    if (!C || C->getZExtValue() != Imm)
      return fail("operand '" + Twine(Op.Name.c_str()) +
                  "' must be the constant " + Op.Value);
  }
  Args.push_back(ConstantInt::get(T, Imm));
  return true;
}

bool IntrinsicCall::addMemory(const PtxOperandInfo &Op, llvm::Value *Arg) {
  Type *T = nextParam();
  if (!Arg || !Arg->getType()->isPointerTy() || !T)
    return fail("operand '" + Twine(Op.Name.c_str()) +
                "' needs a pointer parameter of the atom");
  unsigned AS = Op.Kind == PtxOperandKind::Shared ? SharedAS : GlobalAS;
  if (!checkAtomPointer(CI, V.Name, Op.Name.c_str(), Arg, AS,
                        memoryOperandBytes(CI, V, Op)))
    return false;
  llvm::Value *P = Arg;
  if (P->getType()->getPointerAddressSpace() != AS)
    P = B.CreateAddrSpaceCast(P, PointerType::get(CI.getContext(), AS));
  if (T->isIntegerTy())
    P = B.CreatePtrToInt(P, T);
  else if (T != P->getType())
    P = B.CreateAddrSpaceCast(P, T);
  Args.push_back(P);
  return true;
}

bool IntrinsicCall::addTmem(const PtxOperandInfo &Op, llvm::Value *Arg) {
  Type *T = nextParam();
  llvm::Value *P = Arg && T ? scalarAs(B, CI, V.Name, Op, Arg, T) : nullptr;
  if (!P && Arg && isa<ConstantInt>(Arg))
    return false;
  if (!P)
    return fail("operand '" + Twine(Op.Name.c_str()) +
                "' needs a tensor-memory address parameter");
  Args.push_back(P);
  return true;
}

bool IntrinsicCall::checkUnusedParams() {
  for (auto [Index, P] : enumerate(Params)) {
    int I = int(Index);
    if (StringRef(P.CType).ends_with("*") ||
        any_of(operandsOf(V),
               [I](const PtxOperandInfo &Op) { return Op.Param == I; }))
      continue;
    auto *C = dyn_cast<ConstantInt>(CI.getArgOperand(1 + I));
    if (!C || !C->isZero())
      return fail("operand '" + Twine(P.Name.c_str()) +
                  "' is not used by this variant and must be 0");
  }
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
    return fail("its output operands hold " + Twine(Needed) +
                " register(s); '" + S.IntrinsicName + "' returns " +
                Twine(Results.size()));
  unsigned R = 0;
  for (const Output &O : Outputs) {
    uint64_t Bytes = 0;
    for (unsigned I = 0; I != O.Count; ++I)
      Bytes += DL.getTypeAllocSize(Results[R + I]->getType());
    if (!checkAtomPointer(CI, V.Name, O.Name, O.Ptr, 0, Bytes))
      return false;
    R += O.Count;
  }
  R = 0;
  for (const Output &O : Outputs)
    for (unsigned I = 0, Offset = 0; I != O.Count; ++I, ++R) {
      B.CreateStore(Results[R], byteOffset(B, O.Ptr, Offset));
      Offset += DL.getTypeAllocSize(Results[R]->getType());
    }
  return true;
}

bool IntrinsicCall::lower() {
  for (const PtxOperandInfo &Op : operandsOf(V)) {
    llvm::Value *Arg = Op.Param >= 0 ? CI.getArgOperand(1 + Op.Param) : nullptr;
    StringRef CType = Op.Param >= 0 ? Params[Op.Param].CType : "";
    bool Ok = false;
    switch (Op.Kind) {
    case PtxOperandKind::Regs:
    case PtxOperandKind::Reg:
      Ok = addRegisters(Op, Arg, CType);
      break;
    case PtxOperandKind::Imm:
      Ok = addImmediate(Op, Arg);
      break;
    case PtxOperandKind::Shared:
    case PtxOperandKind::Global:
      Ok = addMemory(Op, Arg);
      break;
    case PtxOperandKind::Tmem:
      Ok = addTmem(Op, Arg);
      break;
    case PtxOperandKind::Tensor:
      return fail("TMA tensor operands are not lowered yet");
    }
    if (!Ok)
      return false;
  }
  if (!checkUnusedParams())
    return false;
  if (Args.size() != FT->getNumParams())
    return fail("its operands supply " + Twine(Args.size()) + " of the " +
                Twine(FT->getNumParams()) + " parameters of '" +
                S.IntrinsicName + "'");
  if (!storeResults(B.CreateCall(Decl, Args)))
    return false;
  CI.eraseFromParent();
  return true;
}

bool AtomLowering::lowerThroughIntrinsic(CallInst &CI, const AtomInfo &A,
                                         const VariantInfo &V) {
  const SelectorInfo &S = selectorOf(V);
  Function *Decl = declareIntrinsic(Intrinsic::ID(S.IntrinsicID), V);
  if (!Decl) {
    reportCuteError(CI, formatv("variant '{0}': its PTX operands do not match "
                                "a signature of the overloaded intrinsic "
                                "'{1}'",
                                V.Name, S.IntrinsicName));
    return false;
  }
  return IntrinsicCall(CI, A, V, Decl).lower();
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
    reportCuteError(CI, formatv("variant '{0}': the universal FMA lowers one "
                                "floating-point type only",
                                V.Name));
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
