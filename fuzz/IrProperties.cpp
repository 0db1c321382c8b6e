//===- IrProperties.cpp - What a lowered module must never do -------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The fuzzer's own reading of the lowered IR. It shares no code with the
/// lowering's checks (lib/Lowering/AtomOperands.cpp): where an object lives
/// and how large it is are decided here again, from the IR alone, so that a
/// check the lowering forgets, or gets wrong, shows.
///
//===----------------------------------------------------------------------===//

#include "IrProperties.h"

#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/NVPTXAddrSpace.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {
namespace fuzz {

namespace {

constexpr const char *InputTag = "cute.fuzz.input";

bool isInput(const Instruction &I) { return I.getMetadata(InputTag); }

std::string print(const Value &V) {
  std::string S;
  raw_string_ostream OS(S);
  V.print(OS);
  if (auto *I = dyn_cast<Instruction>(&V))
    OS << "  (in @" << I->getFunction()->getName() << ")";
  return S;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// \p C as an unsigned or a signed integer of \p Bits bits.
bool fits(const APInt &C, unsigned Bits) {
  return C.isIntN(Bits) || C.isSignedIntN(Bits);
}

/// The bits of an integer C type (<cute_nvgpu_atoms.h>), 0 for others.
unsigned cTypeBits(StringRef CType) {
  return StringSwitch<unsigned>(CType)
      .Cases({"unsigned", "int"}, 32)
      .Case("unsigned short", 16)
      .Case("unsigned long long", 64)
      .Default(0);
}

/// The bits of a PTX register type (`b16`, `u32`, `s64`), 0 for others
/// (`pred`, floating point).
unsigned ptxTypeBits(StringRef Type) {
  unsigned Bits = 0;
  if (Type.size() < 2 || !StringRef("bus").contains(Type.front()) ||
      Type.drop_front().getAsInteger(10, Bits))
    return 0;
  return Bits;
}

/// The variant an atom call names and the call's atom agree on, or null.
const VariantInfo *variantOf(const CallInst &CI) {
  const Function *F = CI.getCalledFunction();
  StringRef Name = F ? F->getName() : "";
  StringRef Text;
  if (!Name.consume_front("llvm.cute.nvgpu.") || CI.arg_size() == 0 ||
      !getConstantStringInfo(CI.getArgOperand(0), Text))
    return nullptr;
  const VariantInfo *V = lookupVariant(Text);
  if (!V)
    return nullptr;
  StringRef Atom = atoms()[V->Atom].Mnemonic;
  Atom.consume_front("atom.");
  return Name == Atom || Name.starts_with((Atom + ".").str()) ? V : nullptr;
}

/// The narrowest width the operand bound to call argument \p Arg passes
/// through: its C type, and the type of the PTX operand of the same name (a
/// tensor-memory address: 32 bits), or 0 for a predicate.
unsigned operandBits(const VariantInfo &V, const CallArgInfo &Arg) {
  unsigned Bits = cTypeBits(Arg.CType);
  for (const PtxOperandInfo &Op : operandsOf(V)) {
    if (StringRef(Op.Name) != StringRef(Arg.Name))
      continue;
    // A predicate is a truth value (setp.ne of the scalar): every nonzero
    // constant is the same one, so no low bits stand for it.
    if (Op.Kind == PtxOperandKind::Reg && StringRef(Op.Type) == "pred")
      return 0;
    // A tensor-memory address is 32 bits wide.
    unsigned P =
        Op.Kind == PtxOperandKind::Tmem ? 32
        : Op.Kind == PtxOperandKind::Reg || Op.Kind == PtxOperandKind::Imm
            ? ptxTypeBits(Op.Type)
            : 0;
    if (P && (!Bits || P < Bits))
      Bits = P;
  }
  return Bits;
}

/// Calls \p Fn(CI, V, Arg, Pos, C, Bits, FI, II) for each constant integer
/// operand C of an atom call of \p M that names a known variant of its
/// atom: its signature's argument Arg, its position Pos in the call, the
/// bits its operand has (0: a pointer, a bool, a predicate, an operand of
/// no known width), and the call's position (function FI, instruction II).
template <class FnT> void forEachAtomConstant(const Module &M, FnT Fn) {
  unsigned FI = 0;
  for (const Function &F : M) {
    unsigned II = 0;
    for (const Instruction &I : instructions(F)) {
      auto *CI = dyn_cast<CallInst>(&I);
      const VariantInfo *V = CI ? variantOf(*CI) : nullptr;
      unsigned Pos = 1;
      for (const CallArgInfo &Arg :
           V ? argsOf(callSignatureOf(*V)) : ArrayRef<CallArgInfo>()) {
        unsigned N = Arg.Passing == ArgPassing::Trailing ? Arg.Count : 1;
        unsigned Bits = operandBits(*V, Arg);
        for (unsigned K = 0; K != N && Pos < CI->arg_size(); ++K, ++Pos)
          if (auto *C = dyn_cast<ConstantInt>(CI->getArgOperand(Pos)))
            Fn(*CI, *V, Arg, Pos, *C, Bits < 2 ? 0 : Bits, FI, II);
      }
      ++II;
    }
    ++FI;
  }
}

//===----------------------------------------------------------------------===//
// Address spaces
//===----------------------------------------------------------------------===//

constexpr unsigned Generic = NVPTXAS::ADDRESS_SPACE_GENERIC;
constexpr unsigned Unknown = ~0u;

/// The space object \p O (an underlying object) is in, or Unknown.
unsigned spaceOf(const Value *O) {
  if (isa<AllocaInst>(O))
    return NVPTXAS::ADDRESS_SPACE_LOCAL;
  if (!O->getType()->isPointerTy() || isa<ConstantPointerNull>(O) ||
      isa<UndefValue>(O))
    return Unknown;
  unsigned AS = O->getType()->getPointerAddressSpace();
  if (auto *A = dyn_cast<Argument>(O)) {
    // A by-value parameter is the function's copy: a kernel's in the
    // parameter space, a device function's on its stack.
    bool Kernel = A->getParent()->getCallingConv() == CallingConv::PTX_Kernel;
    if (A->hasByValAttr())
      return Kernel ? NVPTXAS::ADDRESS_SPACE_PARAM
                    : NVPTXAS::ADDRESS_SPACE_LOCAL;
    if (AS == Generic)
      return Kernel ? unsigned(NVPTXAS::ADDRESS_SPACE_GLOBAL) : Unknown;
  }
  if (isa<GlobalVariable>(O) && AS == Generic)
    return NVPTXAS::ADDRESS_SPACE_GLOBAL;
  return AS == Generic ? Unknown : AS;
}

/// A pointer of space \p From may be seen in space \p To: the same, the
/// generic one, or the cluster's window of the CTA's shared memory.
bool mayCast(unsigned From, unsigned To) {
  return To == Generic || From == To ||
         (From == NVPTXAS::ADDRESS_SPACE_SHARED &&
          To == NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER);
}

/// The object of \p P proven to be outside space \p To, or null.
const Value *objectOutside(const Value *P, unsigned To) {
  unsigned From = P->getType()->getPointerAddressSpace();
  if (From != Generic)
    return mayCast(From, To) ? nullptr : P;
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(P, Objects, /*LI=*/nullptr, /*MaxLookup=*/0);
  for (const Value *O : Objects)
    if (unsigned S = spaceOf(O); S != Unknown && !mayCast(S, To))
      return O;
  return nullptr;
}

/// The pointers whose ptrtoint integer \p V is computed from (through
/// arithmetic, integer casts and selects).
void pointerSources(const Value *V, SmallVectorImpl<const Value *> &Out,
                    unsigned Depth = 0) {
  if (Depth > 8)
    return;
  if (auto *P = dyn_cast<PtrToIntOperator>(V)) {
    Out.push_back(P->getPointerOperand());
    return;
  }
  auto *U = dyn_cast<Operator>(V);
  if (!U || !(isa<BinaryOperator>(U) || isa<SelectInst>(U) ||
              U->getOpcode() == Instruction::ZExt ||
              U->getOpcode() == Instruction::SExt ||
              U->getOpcode() == Instruction::Trunc ||
              U->getOpcode() == Instruction::Add ||
              U->getOpcode() == Instruction::And ||
              U->getOpcode() == Instruction::Or))
    return;
  for (const Value *Op : U->operands())
    pointerSources(Op, Out, Depth + 1);
}

/// The space a `cvta.to.<space>` statement in \p Asm converts into, if any.
std::optional<unsigned> cvtaTarget(StringRef Asm) {
  size_t At = Asm.find("cvta.to.");
  if (At == StringRef::npos)
    return std::nullopt;
  StringRef Space = Asm.substr(At + 8);
  if (Space.starts_with("shared::cluster"))
    return NVPTXAS::ADDRESS_SPACE_SHARED_CLUSTER;
  if (Space.starts_with("shared"))
    return NVPTXAS::ADDRESS_SPACE_SHARED;
  if (Space.starts_with("global"))
    return NVPTXAS::ADDRESS_SPACE_GLOBAL;
  if (Space.starts_with("local"))
    return NVPTXAS::ADDRESS_SPACE_LOCAL;
  if (Space.starts_with("const"))
    return NVPTXAS::ADDRESS_SPACE_CONST;
  if (Space.starts_with("param"))
    return NVPTXAS::ADDRESS_SPACE_PARAM;
  return std::nullopt;
}

/// The casts instruction \p I (not the input's) makes: (pointer, space).
void castsOf(const Instruction &I,
             SmallVectorImpl<std::pair<const Value *, unsigned>> &Out) {
  if (auto *C = dyn_cast<AddrSpaceCastInst>(&I)) {
    Out.push_back({C->getPointerOperand(), C->getDestAddressSpace()});
    return;
  }
  SmallVector<const Value *, 4> Sources;
  if (auto *C = dyn_cast<IntToPtrInst>(&I)) {
    pointerSources(C->getOperand(0), Sources);
    for (const Value *P : Sources)
      Out.push_back({P, C->getAddressSpace()});
    return;
  }
  auto *CB = dyn_cast<CallBase>(&I);
  auto *Asm = CB ? dyn_cast<InlineAsm>(CB->getCalledOperand()) : nullptr;
  if (!Asm)
    return;
  if (std::optional<unsigned> To = cvtaTarget(Asm->getAsmString())) {
    for (const Value *Arg : CB->args())
      if (Arg->getType()->isPointerTy())
        Sources.push_back(Arg);
      else
        pointerSources(Arg, Sources);
    for (const Value *P : Sources)
      Out.push_back({P, *To});
  }
}

/// The constant-expression casts among \p I's operands.
void constantCastsOf(const Instruction &I,
                     SmallVectorImpl<std::pair<const Value *, unsigned>> &Out) {
  for (const Value *Op : I.operands())
    if (auto *CE = dyn_cast<ConstantExpr>(Op)) {
      if (CE->getOpcode() == Instruction::AddrSpaceCast)
        Out.push_back(
            {CE->getOperand(0), CE->getType()->getPointerAddressSpace()});
      if (CE->getOpcode() == Instruction::IntToPtr) {
        SmallVector<const Value *, 2> Sources;
        pointerSources(CE->getOperand(0), Sources);
        for (const Value *P : Sources)
          Out.push_back({P, CE->getType()->getPointerAddressSpace()});
      }
    }
}

//===----------------------------------------------------------------------===//
// Object bounds
//===----------------------------------------------------------------------===//

/// The bytes of object \p O (an alloca, a defined global) when known and
/// not zero.
std::optional<uint64_t> objectBytes(const Value *O, const DataLayout &DL) {
  if (auto *AI = dyn_cast<AllocaInst>(O)) {
    std::optional<TypeSize> S = AI->getAllocationSize(DL);
    if (S && !S->isScalable() && S->getFixedValue())
      return S->getFixedValue();
    return std::nullopt;
  }
  auto *GV = dyn_cast<GlobalVariable>(O);
  if (!GV || GV->isDeclaration() || GV->isInterposable() ||
      !GV->getValueType()->isSized())
    return std::nullopt;
  if (uint64_t S = DL.getTypeAllocSize(GV->getValueType()))
    return S;
  return std::nullopt;
}

/// A write of \p Bytes through \p P at \p Offset: the text of the object it
/// leaves (through constant offsets, address-space casts, selects and
/// phis), or "".
std::string writePast(const Value *P, int64_t Offset, uint64_t Bytes,
                      const DataLayout &DL, unsigned Depth = 0) {
  if (Depth > 16)
    return "";
  APInt Off(DL.getIndexTypeSizeInBits(P->getType()), 0);
  const Value *Base =
      P->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true);
  if (Off.getSignificantBits() > 48)
    return "";
  Offset += Off.getSExtValue();
  if (auto *C = dyn_cast<AddrSpaceCastOperator>(Base))
    return writePast(C->getPointerOperand(), Offset, Bytes, DL, Depth + 1);
  if (auto *S = dyn_cast<SelectInst>(Base)) {
    std::string Why =
        writePast(S->getTrueValue(), Offset, Bytes, DL, Depth + 1);
    return Why.empty()
               ? writePast(S->getFalseValue(), Offset, Bytes, DL, Depth + 1)
               : Why;
  }
  if (auto *Phi = dyn_cast<PHINode>(Base)) {
    for (const Value *In : Phi->incoming_values())
      if (std::string Why = writePast(In, Offset, Bytes, DL, Depth + 1);
          !Why.empty())
        return Why;
    return "";
  }
  std::optional<uint64_t> Size = objectBytes(Base, DL);
  if (!Size || (Offset >= 0 && uint64_t(Offset) + Bytes <= *Size))
    return "";
  return formatv("{0} byte(s) at offset {1} of a {2}-byte object: {3}", Bytes,
                 Offset, *Size, print(*Base))
      .str();
}

/// The writes instruction \p I makes: (pointer, bytes).
void writesOf(const Instruction &I, const DataLayout &DL,
              SmallVectorImpl<std::pair<const Value *, uint64_t>> &Out) {
  if (auto *S = dyn_cast<StoreInst>(&I)) {
    Out.push_back({S->getPointerOperand(),
                   DL.getTypeStoreSize(S->getValueOperand()->getType())});
  } else if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    Out.push_back({A->getPointerOperand(),
                   DL.getTypeStoreSize(A->getValOperand()->getType())});
  } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Out.push_back({X->getPointerOperand(),
                   DL.getTypeStoreSize(X->getNewValOperand()->getType())});
  } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
    if (auto *Len = dyn_cast<ConstantInt>(MI->getLength()))
      Out.push_back({MI->getDest(), Len->getZExtValue()});
  } else if (auto *CB = dyn_cast<CallBase>(&I); CB && !CB->onlyReadsMemory()) {
    // An intrinsic or an inline-asm statement writes at least the byte
    // its address names.
    bool Asm = CB->isInlineAsm();
    for (auto [No, Arg] : enumerate(CB->args())) {
      if (Arg->getType()->isPointerTy() && !CB->onlyReadsMemory(No))
        Out.push_back({Arg.get(), 1});
      SmallVector<const Value *, 2> Sources;
      if (Asm && Arg->getType()->isIntegerTy())
        pointerSources(Arg, Sources);
      for (const Value *P : Sources)
        Out.push_back({P, 1});
    }
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

void markInputInstructions(Module &M) {
  MDNode *Tag = MDNode::get(M.getContext(), {});
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      I.setMetadata(InputTag, Tag);
}

std::string findUnfitConstant(const Module &M) {
  std::string Found;
  forEachAtomConstant(M, [&](const CallInst &CI, const VariantInfo &V,
                             const CallArgInfo &Arg, unsigned Pos,
                             const ConstantInt &C, unsigned Bits, unsigned,
                             unsigned) {
    if (!Found.empty() || !Bits || fits(C.getValue(), Bits))
      return;
    Found =
        formatv("operand #{0} ('{1}', {2}) of variant '{3}' is {4}, "
                "which does not fit its {5} bits: {6}",
                Pos, Arg.Name, Arg.CType, V.Name, C.getValue(), Bits, print(CI))
            .str();
  });
  return Found;
}

std::optional<WideConstant> findWideConstant(const Module &M) {
  std::optional<WideConstant> Found;
  forEachAtomConstant(M, [&](const CallInst &, const VariantInfo &,
                             const CallArgInfo &, unsigned Pos,
                             const ConstantInt &C, unsigned Bits, unsigned FI,
                             unsigned II) {
    if (Found || !Bits)
      return;
    for (unsigned Narrow : {32u, 16u, 8u})
      if (Narrow < C.getBitWidth() && !fits(C.getValue(), Narrow)) {
        Found = WideConstant{FI, II, Pos, Narrow, C.getValue()};
        return;
      }
  });
  return Found;
}

void replaceWideConstant(Module &M, const WideConstant &W, const APInt &Value) {
  Function &F = *std::next(M.begin(), W.Function);
  Instruction &I = *std::next(inst_begin(F), W.Instruction);
  auto &CI = cast<CallInst>(I);
  CI.setArgOperand(
      W.Operand,
      ConstantInt::get(CI.getArgOperand(W.Operand)->getType(), Value));
}

std::string checkAddressSpaceCasts(const Module &M) {
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      if (isInput(I))
        continue;
      SmallVector<std::pair<const Value *, unsigned>, 4> Casts;
      castsOf(I, Casts);
      constantCastsOf(I, Casts);
      for (auto [P, To] : Casts)
        if (const Value *O = objectOutside(P, To))
          return formatv("{0} casts a pointer into address space {1}, but "
                         "its object is elsewhere: {2}",
                         print(I), To, print(*O))
              .str();
    }
  return "";
}

std::string checkObjectWrites(const Module &M) {
  const DataLayout &DL = M.getDataLayout();
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      if (isInput(I))
        continue;
      SmallVector<std::pair<const Value *, uint64_t>, 4> Writes;
      writesOf(I, DL, Writes);
      for (auto [P, Bytes] : Writes)
        if (std::string Why = writePast(P, 0, Bytes, DL); !Why.empty())
          return print(I) + " writes " + Why;
    }
  return "";
}

} // namespace fuzz
} // namespace cute
