//===- AtomOperands.cpp - Operand kinds, address spaces and sizes ---------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The checks that keep the atom lowering from building broken IR or a wrong
/// address out of a malformed call: an operand passed by value where the atom
/// takes an address (or the reverse), a pointer into another memory than the
/// one the instruction reads or writes, and a fragment smaller than the
/// registers the variant moves through it.
///
//===----------------------------------------------------------------------===//

#include "AtomLowering.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"
#include "LowerTma.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"

#include "llvm/Analysis/MemoryBuiltins.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/NVPTXAddrSpace.h"
#include "llvm/Support/ScopedPrinter.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {

namespace {
std::string typeName(Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}
} // namespace

namespace {
/// The address space object \p Object of a generic pointer proves.
unsigned objectAddressSpace(const Value *Object) {
  if (isa<AllocaInst>(Object))
    return NVPTXAS::ADDRESS_SPACE_LOCAL;
  // A kernel's pointer parameter comes from the host: global memory (a
  // shared or local address means nothing outside its block or thread).
  // A parameter passed by value is the function's own copy: a kernel's (a
  // __grid_constant__ tensor map) in the parameter space, a device
  // function's on its stack. Neither is shared memory.
  if (auto *Arg = dyn_cast<Argument>(Object)) {
    bool Kernel = Arg->getParent()->getCallingConv() == CallingConv::PTX_Kernel;
    if (Arg->hasByValAttr())
      return Kernel ? NVPTXAS::ADDRESS_SPACE_PARAM
                    : NVPTXAS::ADDRESS_SPACE_LOCAL;
    if (Kernel && Arg->getType()->getPointerAddressSpace() ==
                      NVPTXAS::ADDRESS_SPACE_GENERIC)
      return NVPTXAS::ADDRESS_SPACE_GLOBAL;
  }
  return Object->getType()->isPointerTy()
             ? Object->getType()->getPointerAddressSpace()
             : unsigned(NVPTXAS::ADDRESS_SPACE_GENERIC);
}

/// The pointer whose address integer \p V computes by the alignment idiom
/// (`(uintptr_t(p) + 1023) & ~uintptr_t(1023)`: a ptrtoint, then adds,
/// subtractions and bit masks with constants), or null.
const Value *pointerBehindInteger(const Value *V) {
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    if (auto *Cast = dyn_cast<PtrToIntOperator>(V))
      return Cast->getPointerOperand();
    auto *Op = dyn_cast<Operator>(V);
    if (!Op)
      return nullptr;
    switch (Op->getOpcode()) {
    case Instruction::ZExt:
    case Instruction::SExt:
    case Instruction::Trunc:
      V = Op->getOperand(0);
      continue;
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::And:
    case Instruction::Or:
      if (isa<ConstantInt>(Op->getOperand(1)))
        V = Op->getOperand(0);
      else if (Op->getOpcode() != Instruction::Sub &&
               isa<ConstantInt>(Op->getOperand(0)))
        V = Op->getOperand(1);
      else
        return nullptr;
      continue;
    default:
      return nullptr;
    }
  }
  return nullptr;
}

/// Calls \p Visit on every object \p P derives from: through GEPs, casts,
/// selects and phis (getUnderlyingObjects), and through the alignment
/// idiom's integers (pointerBehindInteger).
void forEachObject(const Value *P, function_ref<void(const Value *)> Visit,
                   unsigned Depth = 0) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(P, Objects);
  for (const Value *O : Objects) {
    if (auto *I2P = dyn_cast<Operator>(O);
        I2P && I2P->getOpcode() == Instruction::IntToPtr && Depth < 4)
      if (const Value *Behind = pointerBehindInteger(I2P->getOperand(0))) {
        if (Behind->getType()->getPointerAddressSpace() !=
            NVPTXAS::ADDRESS_SPACE_GENERIC)
          Visit(Behind);
        else
          forEachObject(Behind, Visit, Depth + 1);
        continue;
      }
    Visit(O);
  }
}

/// The address spaces the objects of \p P prove, in order, without
/// repeats; unknown objects prove none.
SmallVector<unsigned, 2> provenAddressSpaces(const Value *P) {
  unsigned AS = P->getType()->getPointerAddressSpace();
  if (AS != NVPTXAS::ADDRESS_SPACE_GENERIC)
    return {AS};
  SmallVector<unsigned, 2> Spaces;
  forEachObject(P, [&](const Value *O) {
    if (unsigned S = objectAddressSpace(O);
        S != NVPTXAS::ADDRESS_SPACE_GENERIC && !is_contained(Spaces, S))
      Spaces.push_back(S);
  });
  return Spaces;
}
} // namespace

const Value *unprovenObject(const Value *P) {
  if (P->getType()->getPointerAddressSpace() != NVPTXAS::ADDRESS_SPACE_GENERIC)
    return nullptr;
  const Value *Unknown = nullptr;
  forEachObject(P, [&](const Value *O) {
    // A cute call left in place has had its own error reported.
    if (auto *Call = dyn_cast<CallBase>(O))
      if (const Function *F = Call->getCalledFunction();
          F && F->getName().starts_with("llvm.cute."))
        return;
    if (!Unknown && objectAddressSpace(O) == NVPTXAS::ADDRESS_SPACE_GENERIC)
      Unknown = O;
  });
  return Unknown;
}

std::string unprovenObjectName(const Value *O) {
  if (auto *Arg = dyn_cast<Argument>(O))
    return diag(DiagID::UnprovenParameter, Arg->getArgNo(),
                demangle(Arg->getParent()->getName()));
  if (isa<LoadInst>(O))
    return diag(DiagID::UnprovenLoaded);
  if (auto *Op = dyn_cast<Operator>(O);
      Op && Op->getOpcode() == Instruction::IntToPtr)
    return diag(DiagID::UnprovenInteger);
  if (auto *Call = dyn_cast<CallBase>(O))
    if (const Function *F = Call->getCalledFunction())
      return diag(DiagID::UnprovenCall, demangle(F->getName()));
  return diag(DiagID::UnprovenValue);
}

std::optional<unsigned>
provenAddressSpaceOutside(const Value *P,
                          function_ref<bool(unsigned)> Allowed) {
  for (unsigned S : provenAddressSpaces(P))
    if (!Allowed(S))
      return S;
  return std::nullopt;
}

StringRef addressSpaceName(unsigned AS) {
  static constexpr EnumEntry<unsigned> Names[] = {
      {"generic", NVPTXAS::ADDRESS_SPACE_GENERIC},
      {"global", NVPTXAS::ADDRESS_SPACE_GLOBAL},
      {"shared", NVPTXAS::ADDRESS_SPACE_SHARED},
      {"constant", NVPTXAS::ADDRESS_SPACE_CONST},
      {"local", NVPTXAS::ADDRESS_SPACE_LOCAL},
      {"cluster shared", NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER},
      {"parameter", NVPTXAS::ADDRESS_SPACE_PARAM},
  };
  StringRef Name = enumToStringRef(AS, ArrayRef(Names));
  return Name.empty() ? "an unknown address space's" : Name;
}

/// The width of the integer C type \p CType of an atom parameter, or 0.
static unsigned cTypeBits(StringRef CType) {
  return StringSwitch<unsigned>(CType)
      .Cases({"unsigned", "int"}, 32)
      .Case("unsigned short", 16)
      .Case("unsigned long long", 64)
      .Case("bool", 1)
      .Default(0);
}

/// The value the call returns is the atom's C type, never truncated (a TMEM
/// address in an i16 loses its lane) nor extended (a bool may be widened),
/// and a call of an atom that returns nothing returns nothing (its uses
/// would read a value no instruction makes). False after a diagnostic.
static bool checkAtomResult(CallInst &CI, const AtomInfo &A) {
  StringRef Result = A.Result;
  Type *T = CI.getType();
  if (T->isVoidTy())
    return true;
  if (Result == "void") {
    reportCuteError(CI, diag(DiagID::AtomVoidCallDeclared, A.Mnemonic,
                             typeName(T)));
    return false;
  }
  unsigned Want = cTypeBits(Result);
  if (T->isIntegerTy() && Want &&
      (T->getIntegerBitWidth() == Want || Want == 1))
    return true;
  reportCuteError(CI, diag(DiagID::AtomReturnsCallDeclared, A.Mnemonic, Result,
                           Want, typeName(T)));
  return false;
}

bool checkAtomOperandKinds(CallInst &CI, const AtomInfo &A) {
  if (!checkAtomResult(CI, A))
    return false;
  ArrayRef<AtomParamInfo> Params = paramsOf(A);
  for (auto [I, P] : enumerate(Params)) {
    if (1 + I >= CI.arg_size())
      break;
    Value *Arg = CI.getArgOperand(1 + I);
    Type *T = Arg->getType();
    StringRef CType = P.CType;
    bool Address = CType.ends_with("*");
    // A constant must fit the parameter's C type (as an unsigned or a signed
    // value): 2^32 + 1 is no `unsigned` 1. A bool is any nonzero value.
    if (auto *C = dyn_cast<ConstantInt>(Arg); C && !Address) {
      unsigned Want = cTypeBits(CType);
      const APInt &V = C->getValue();
      if (Want > 1 && !V.isIntN(Want) && !V.isSignedIntN(Want)) {
        reportCuteError(CI, diag(DiagID::AtomOperandConstantTooWide, A.Mnemonic,
                                 I + 1, P.Name.c_str(), CType, V, Want));
        return false;
      }
    }
    // A run-time integer of another width than the parameter's would be
    // truncated or extended (which way?): an error, never a cast. (A
    // constant is checked against its operand's range where it binds.)
    if (!Address && T->isIntegerTy() && !isa<ConstantInt>(Arg)) {
      unsigned Want = cTypeBits(CType);
      if (Want && T->getIntegerBitWidth() != Want) {
        reportCuteError(CI, diag(DiagID::AtomOperandRunTime, A.Mnemonic, I + 1,
                                 P.Name.c_str(), CType, T->getIntegerBitWidth(),
                                 Want));
        return false;
      }
    }
    if (Address ? T->isPointerTy() : T->isIntegerTy())
      continue;
    reportCuteError(
        CI, diag(DiagID::AtomOperand, A.Mnemonic, I + 1, P.Name.c_str(), CType,
                 T->isPointerTy()
                     ? diag(DiagID::AtomOperandIsPointer)
                     : diag(DiagID::AtomOperandIsValueOfType, typeName(T)),
                 Address ? diag(DiagID::AtomOperandPassAddress)
                         : diag(DiagID::AtomOperandPassValue)));
    return false;
  }
  return true;
}

bool checkNotNull(CallInst &CI, Value *Ptr, const Twine &What) {
  if (!isa<ConstantPointerNull>(Ptr->stripPointerCasts()))
    return true;
  reportCuteError(CI, diag(DiagID::OperandNullPointer, What));
  return false;
}

namespace {
/// The bytes of object \p Base (a global defined in the module, a stack
/// slot), or 0 where they are not known. A zero-sized array is storage
/// declared elsewhere (dynamic shared memory): its size is not known.
uint64_t knownObjectBytes(const Value *Base, const DataLayout &DL) {
  if (auto *GV = dyn_cast<GlobalVariable>(Base)) {
    if (GV->isDeclaration() || !GV->getValueType()->isSized() ||
        GV->isInterposable())
      return 0;
    return DL.getTypeAllocSize(GV->getValueType());
  }
  if (auto *AI = dyn_cast<AllocaInst>(Base)) {
    std::optional<TypeSize> S = AI->getAllocationSize(DL);
    return S && !S->isScalable() ? S->getFixedValue() : 0;
  }
  return 0;
}

/// Appends to \p Out the objects \p Ptr + \p Offset points into, through
/// constant GEPs and address-space casts, and with \p Arms through every
/// arm of a select or a phi. False where a path reaches no object of known
/// size at a known offset.
bool collectObjectOffsets(const Value *Ptr, int64_t Offset,
                          const DataLayout &DL, bool Arms,
                          SmallVectorImpl<ObjectOffset> &Out,
                          SmallPtrSetImpl<const Value *> &Seen) {
  for (unsigned Steps = 0; Steps != 32; ++Steps) {
    APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
    const Value *Base =
        Ptr->stripAndAccumulateConstantOffsets(DL, Off,
                                               /*AllowNonInbounds=*/true);
    if (Off.getSignificantBits() > 48)
      return false;
    Offset += Off.getSExtValue();
    if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(Base)) {
      Ptr = Cast->getPointerOperand();
      continue;
    }
    if (Arms && isa<SelectInst, PHINode>(Base)) {
      if (!Seen.insert(Base).second)
        return true;
      bool All = true;
      for (const Value *In : cast<Instruction>(Base)->operands())
        if (In->getType()->isPointerTy())
          All &= collectObjectOffsets(In, Offset, DL, Arms, Out, Seen);
      return All;
    }
    uint64_t Size = knownObjectBytes(Base, DL);
    if (!Size)
      return false;
    Out.push_back(ObjectOffset{Base, Size, Offset});
    return true;
  }
  return false;
}
} // namespace

std::optional<ObjectOffset> objectOffset(const Value *Ptr,
                                         const DataLayout &DL) {
  SmallVector<ObjectOffset, 1> Out;
  SmallPtrSet<const Value *, 4> Seen;
  if (!collectObjectOffsets(Ptr, 0, DL, /*Arms=*/false, Out, Seen))
    return std::nullopt;
  return Out.front();
}

SmallVector<ObjectOffset, 2> objectOffsets(const Value *Ptr,
                                           const DataLayout &DL) {
  SmallVector<ObjectOffset, 2> Out;
  SmallPtrSet<const Value *, 4> Seen;
  collectObjectOffsets(Ptr, 0, DL, /*Arms=*/true, Out, Seen);
  return Out;
}

std::string objectName(const ObjectOffset &O) {
  // The source's name (a function-local __shared__ array is a global of a
  // mangled name).
  std::string Name =
      O.Object->hasName() ? demangle(O.Object->getName()) : std::string();
  return Name.empty() ? formatv("an object of {0} byte(s)", O.Size).str()
                      : formatv("'{0}' ({1} byte(s))", Name, O.Size).str();
}

bool checkAtomPointer(CallInst &CI, StringRef Variant, StringRef Operand,
                      Value *Ptr, unsigned WantAS, uint64_t Bytes) {
  if (!checkNotNull(CI, Ptr, diag(DiagID::VariantOperand, Variant, Operand)))
    return false;
  std::optional<unsigned> AS = provenAddressSpaceOutside(Ptr, [&](unsigned AS) {
    return WantAS == NVPTXAS::ADDRESS_SPACE_GENERIC || AS == WantAS ||
           (WantAS == NVPTXAS::ADDRESS_SPACE_SHARED &&
            AS == NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER);
  });
  bool Shared = WantAS == NVPTXAS::ADDRESS_SPACE_SHARED ||
                WantAS == NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER;
  if (const Value *Unknown = Shared ? unprovenObject(Ptr) : nullptr;
      !AS && Unknown) {
    reportCuteError(CI, diag(DiagID::UnprovenShared,
                             diag(DiagID::VariantOperand, Variant, Operand),
                             unprovenObjectName(Unknown)));
    return false;
  }
  if (AS) {
    reportCuteError(CI, diag(DiagID::VariantOperandPoints, Variant, Operand,
                             addressSpaceName(*AS), *AS,
                             addressSpaceName(WantAS), WantAS));
    return false;
  }
  // Storage of unknown size (an extern __shared__ array: dynamic shared
  // memory, declared with no extent) is not checked.
  const DataLayout &ModuleDL = CI.getModule()->getDataLayout();
  if (auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(Ptr, 32));
      GV && (GV->isDeclaration() || !GV->getValueType()->isSized() ||
             ModuleDL.getTypeAllocSize(GV->getValueType()) == 0))
    return true;
  // A constant offset before the start or past the end of an object the
  // pointer may reach (a constant slice out of a __shared__ array), through
  // address-space casts, selects and phis: each arm is checked, also where
  // another reaches an object of unknown size.
  SmallVector<ObjectOffset, 2> Objects = objectOffsets(Ptr, ModuleDL);
  for (const ObjectOffset &O : Objects) {
    if (O.Offset >= 0 && uint64_t(O.Offset) < O.Size)
      continue;
    reportCuteError(CI, diag(DiagID::VariantOperandPointsByte, Variant, Operand,
                             O.Offset, objectName(O)));
    return false;
  }
  // The smallest object the pointer may reach (a select of two fragments
  // is as small as the smaller).
  uint64_t Size;
  ObjectSizeOpts Opts;
  Opts.EvalMode = ObjectSizeOpts::Mode::Min;
  if (!getObjectSize(Ptr, Size, ModuleDL, /*TLI=*/nullptr, Opts))
    Size = UINT64_MAX;
  for (const ObjectOffset &O : Objects)
    Size = std::min<uint64_t>(Size, O.Size - O.Offset);
  if (Bytes && Size < Bytes) {
    reportCuteError(CI, diag(DiagID::VariantOperandPointsByteVariant, Variant,
                             Operand, Size, Bytes));
    return false;
  }
  return true;
}

Value *fitIntOperand(IRBuilder<> &B, CallInst &CI, StringRef Variant,
                     StringRef Operand, Value *Arg, Type *T) {
  unsigned Bits = T->getIntegerBitWidth();
  if (auto *C = dyn_cast<ConstantInt>(Arg))
    if (!C->getValue().isIntN(Bits) && !C->getValue().isSignedIntN(Bits)) {
      reportCuteError(CI, diag(DiagID::VariantOperandConstantTooWide, Variant,
                               Operand, C->getValue(), Bits));
      return nullptr;
    }
  return B.CreateZExtOrTrunc(Arg, T);
}

int paramIndex(ArrayRef<AtomParamInfo> Params, StringRef Name) {
  for (auto [I, P] : enumerate(Params))
    if (StringRef(P.Name) == Name)
      return int(I);
  return -1;
}

bool constantIn(const ConstantInt *C, int64_t Min, int64_t Max) {
  const APInt &V = C->getValue();
  return V.getSignificantBits() <= 64 && V.getSExtValue() >= Min &&
         V.getSExtValue() <= Max;
}

bool operandInRange(CallInst &CI, StringRef Variant,
                    const registry::PtxOperandInfo &Op, Value *Arg) {
  auto *C = dyn_cast<ConstantInt>(Arg);
  if (!C || Op.Max < Op.Min)
    return true;
  const APInt &V = C->getValue();
  bool In = V.getSignificantBits() <= 64 && V.getSExtValue() >= Op.Min &&
            V.getSExtValue() <= Op.Max &&
            (V.getSExtValue() - Op.Min) % std::max(Op.Step, 1) == 0 &&
            (!Op.Pow2 || isPowerOf2_64(V.getSExtValue()));
  if (In)
    return true;
  std::string Want =
      Op.Pow2       ? formatv("a power of two in [{0}, {1}]", Op.Min, Op.Max)
                          .str()
      : Op.Step > 1 ? formatv("a multiple of {0} in [{1}, {2}]", Op.Step,
                              Op.Min, Op.Max)
                          .str()
                    : formatv("in [{0}, {1}]", Op.Min, Op.Max).str();
  reportCuteError(
      CI, diag(DiagID::VariantOperandOutOfRange, Variant, Op.Name, Want, V));
  return false;
}

namespace {

/// The text of diagnostic \p ID with the arguments \p Args (as many as it
/// names: cute-tblgen checked the record).
std::string diagWith(DiagID ID, ArrayRef<std::string> Args) {
  switch (Args.size()) {
  case 0:
    return diag(ID);
  case 1:
    return diag(ID, Args[0]);
  case 2:
    return diag(ID, Args[0], Args[1]);
  case 3:
    return diag(ID, Args[0], Args[1], Args[2]);
  case 4:
    return diag(ID, Args[0], Args[1], Args[2], Args[3]);
  case 5:
    return diag(ID, Args[0], Args[1], Args[2], Args[3], Args[4]);
  default:
    static_assert(registry::MaxCheckArgs == 6, "one case per argument count");
    return diag(ID, Args[0], Args[1], Args[2], Args[3], Args[4], Args[5]);
  }
}

/// What a failed check found, for its diagnostic: the constant (range),
/// the offset and the object (alignment).
struct CheckFinding {
  std::string Value, Offset, Object;
};

/// The text of argument \p Which of check \p C's diagnostic.
std::string checkArgText(registry::CheckArg Which,
                         const registry::OperandCheckInfo &C,
                         const registry::VariantInfo &V,
                         const CheckFinding &F) {
  switch (Which) {
  case registry::CheckArg::Variant:
    return V.Name.str();
  case registry::CheckArg::Operand:
    return C.Operand.str();
  case registry::CheckArg::Value:
    return F.Value;
  case registry::CheckArg::Min:
    return std::to_string(C.Min);
  case registry::CheckArg::Max:
    return std::to_string(C.Max);
  case registry::CheckArg::Step:
    return std::to_string(C.Step);
  case registry::CheckArg::Align:
    return std::to_string(C.Align);
  case registry::CheckArg::Offset:
    return F.Offset;
  case registry::CheckArg::Object:
    return F.Object;
  }
  llvm_unreachable("covered switch");
}

/// Whether \p Arg, the operand of check \p C, fails it; \p F gets what
/// the diagnostic names.
bool failsCheck(const registry::OperandCheckInfo &C, Value *Arg,
                const DataLayout &DL, CheckFinding &F) {
  switch (C.Property) {
  case registry::CheckProperty::Range: {
    // A run-time value is the variant's own rules' (a constant operand).
    auto *K = dyn_cast<ConstantInt>(Arg);
    if (!K)
      return false;
    const APInt &X = K->getValue();
    F.Value = toString(X, 10, /*Signed=*/true);
    if (X.getSignificantBits() > 64)
      return true;
    int64_t N = X.getSExtValue();
    return N < C.Min || N > C.Max || (N - C.Min) % std::max(C.Step, 1) != 0 ||
           (C.Pow2 && !isPowerOf2_64(N));
  }
  case registry::CheckProperty::Align:
    if (!Arg->getType()->isPointerTy())
      return false;
    // An offset that breaks the alignment of an object aligned to at least
    // the check's (every object the pointer may reach).
    for (const ObjectOffset &O : objectOffsets(Arg, DL))
      if (O.Object->getPointerAlignment(DL).value() >= C.Align &&
          O.Offset % int64_t(C.Align) != 0) {
        F.Offset = std::to_string(O.Offset);
        F.Object = objectName(O);
        return true;
      }
    return false;
  }
  return false;
}

} // namespace

bool checkOperands(CallInst &CI, const registry::AtomInfo &A,
                   const registry::VariantInfo &V) {
  ArrayRef<AtomParamInfo> Params = paramsOf(A);
  ArrayRef<registry::CallArgInfo> Args = argsOf(callSignatureOf(V));
  const DataLayout &DL = CI.getModule()->getDataLayout();
  for (const registry::OperandCheckInfo &C : checksOf(A)) {
    // The variants that use the operand.
    int P = paramIndex(Params, C.Operand);
    if (P < 0 || unsigned(P) >= Args.size() ||
        Args[P].Passing == registry::ArgPassing::Unused ||
        unsigned(P) + 1 >= CI.arg_size())
      continue;
    CheckFinding F;
    if (!failsCheck(C, CI.getArgOperand(P + 1), DL, F))
      continue;
    SmallVector<std::string, registry::MaxCheckArgs> Texts;
    for (registry::CheckArg Which : ArrayRef(C.Args, C.NumArgs))
      Texts.push_back(checkArgText(Which, C, V, F));
    return reportVariantError(CI, V.Name, diagWith(C.Diag, Texts));
  }
  return true;
}

Value *fitIntOperand(IRBuilder<> &B, CallInst &CI, StringRef Variant,
                     const registry::PtxOperandInfo &Op, Value *Arg,
                     Type *T) {
  if (!operandInRange(CI, Variant, Op, Arg))
    return nullptr;
  return fitIntOperand(B, CI, Variant, Op.Name.c_str(), Arg, T);
}

} // namespace cute
