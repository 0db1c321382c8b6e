//===- LowerWgmma.cpp - WGMMA and its fences in cute-lower-atoms -*- C++
//-*-===//
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
/// by the variant's PtxAsm and bound by its PtxOperands:
///  - a register operand bound to a `void *` parameter (the accumulators) is
///    read and written in place: its registers are loaded, passed as tied
///    in/out asm operands and stored back;
///  - one bound to a `const void *` parameter is loaded (the A registers,
///    or the 64-bit A and B descriptors);
///  - a register operand bound to no parameter and carrying no value (the
///    sparse metadata word) follows the data of the first `const void *`
///    operand (A) in memory: CuTe zips the metadata into the A fragment;
///  - a predicate bound to a scalar parameter (scale-d) is a runtime value:
///    the asm builds it from the i32 (`setp.ne.b32`) in a scope of its own;
///  - immediates (scale-A/B, the transpose bits, the sparsity selector) come
///    from the record.
/// The fence, commit and wait around it are separate atoms the kernel
/// places (wrapping each wgmma in them serialises the pipeline).
///
/// WgmmaSyncLowering: the `sm90.wgmma_*` atoms. Those with an NVVM intrinsic
/// (fence, commit_group, wait_group) call it; an immediate bound to a
/// parameter (wait_group's N) takes the call's constant, from 0 to the
/// record's value. The register fence of a fragment (no instruction) is an
/// empty asm with every register tied in place, so that the compiler cannot
/// move accumulator reads and writes across the asynchronous MMA.
///
//===----------------------------------------------------------------------===//

#include "AtomLowering.h"
#include "Diagnostics.h"

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

namespace {

/// The inline-asm constraint of a register of PTX type \p PtxType ("" for
/// none).
StringRef constraintOf(StringRef PtxType) {
  return StringSwitch<StringRef>(PtxType)
      .Case("f32", "f")
      .Case("f64", "d")
      .Case("b64", "l")
      .Case("b32", "r")
      .Case("b16", "h")
      .Default("");
}

/// An inline-asm call under construction: outputs (each tied to an input
/// that supplies its old value) and plain inputs, numbered as LLVM numbers
/// them: outputs first, then inputs in order, the tied ones last.
class TiedAsm {
public:
  /// Adds an in/out register whose old value is \p Old; its spelling.
  void addInOut(Value *Old, StringRef Constraint) {
    Outs.push_back({Old, Constraint.str()});
  }
  /// Adds an input; its index among the inputs.
  unsigned addIn(Value *V, StringRef Constraint) {
    Ins.push_back({V, Constraint.str()});
    return Ins.size() - 1;
  }
  unsigned numOuts() const { return Outs.size(); }
  /// The asm operand number of output \p I and of input \p I.
  unsigned outNumber(unsigned I) const { return I; }
  unsigned inNumber(unsigned I) const { return Outs.size() + I; }

  /// Emits the asm \p Text; returns the new values of the outputs.
  SmallVector<Value *, 16> emit(IRBuilder<> &B, StringRef Text) {
    SmallVector<Type *, 16> OutTys;
    SmallVector<Value *, 16> Args;
    std::string Constraints;
    ListSeparator Sep(",");
    for (auto &[V, C] : Outs) {
      OutTys.push_back(V->getType());
      Constraints += StringRef(Sep);
      Constraints += "=" + C;
    }
    for (auto &[V, C] : Ins) {
      Args.push_back(V);
      Constraints += StringRef(Sep);
      Constraints += C;
    }
    for (auto [I, O] : enumerate(Outs)) {
      Args.push_back(O.first);
      Constraints += StringRef(Sep);
      Constraints += std::to_string(I);
    }
    LLVMContext &Ctx = B.getContext();
    Type *Ret = OutTys.empty()       ? Type::getVoidTy(Ctx)
                : OutTys.size() == 1 ? OutTys.front()
                                     : StructType::get(Ctx, OutTys);
    SmallVector<Type *, 16> ArgTys;
    for (Value *V : Args)
      ArgTys.push_back(V->getType());
    auto *IA = InlineAsm::get(FunctionType::get(Ret, ArgTys, false), Text,
                              Constraints, /*hasSideEffects=*/true);
    CallInst *Call = B.CreateCall(IA, Args);
    SmallVector<Value *, 16> Results;
    if (OutTys.size() == 1)
      Results.push_back(Call);
    else
      for (unsigned I = 0, E = OutTys.size(); I != E; ++I)
        Results.push_back(B.CreateExtractValue(Call, I));
    return Results;
  }

private:
  SmallVector<std::pair<Value *, std::string>, 16> Outs, Ins;
};

/// Loads \p Count registers of type \p T from \p Ptr + \p Offset (advanced
/// past them).
SmallVector<Value *, 16> loadRegs(IRBuilder<> &B, const DataLayout &DL, Type *T,
                                  Value *Ptr, unsigned Count,
                                  uint64_t &Offset) {
  SmallVector<Value *, 16> Regs;
  for (unsigned I = 0; I != Count; ++I) {
    Regs.push_back(B.CreateLoad(T, byteOffset(B, Ptr, Offset)));
    Offset += DL.getTypeAllocSize(T);
  }
  return Regs;
}

/// Stores \p Regs to \p Ptr, one after the other.
void storeRegs(IRBuilder<> &B, const DataLayout &DL, ArrayRef<Value *> Regs,
               Value *Ptr) {
  uint64_t Offset = 0;
  for (Value *R : Regs) {
    B.CreateStore(R, byteOffset(B, Ptr, Offset));
    Offset += DL.getTypeAllocSize(R->getType());
  }
}

/// The register spellings `$i, $j, ...` of asm operands \p Numbers.
std::string spellRegs(ArrayRef<unsigned> Numbers) {
  std::string S;
  ListSeparator Sep(", ");
  for (unsigned N : Numbers) {
    S += StringRef(Sep);
    S += "$" + std::to_string(N);
  }
  return S;
}

/// \p Template with every `$name` replaced by \p Spelling(name); false when
/// a name has none.
bool substitute(StringRef Template,
                function_ref<std::optional<std::string>(StringRef)> Spelling,
                std::string &Out, std::string &Unknown) {
  while (!Template.empty()) {
    size_t Dollar = Template.find('$');
    Out += Template.take_front(Dollar);
    if (Dollar == StringRef::npos)
      return true;
    Template = Template.drop_front(Dollar + 1);
    size_t Len = 0;
    while (Len < Template.size() &&
           (isAlnum(Template[Len]) || Template[Len] == '_'))
      ++Len;
    StringRef Name = Template.take_front(Len);
    Template = Template.drop_front(Len);
    std::optional<std::string> S = Spelling(Name);
    if (!S) {
      Unknown = Name.str();
      return false;
    }
    Out += *S;
  }
  return true;
}

} // namespace

bool lowerWgmma(CallInst &CI, const VariantInfo &V) {
  const AtomInfo &A = atoms()[V.Atom];
  ArrayRef<AtomParamInfo> Params = paramsOf(A);
  const SelectorInfo &S = selectorOf(V);
  const DataLayout &DL = CI.getModule()->getDataLayout();
  LLVMContext &Ctx = CI.getContext();
  auto Fail = [&](const Twine &Msg) {
    reportCuteError(CI, formatv("variant '{0}': ", V.Name) + Msg);
    return false;
  };
  if (S.Kind != SelectorKind::InlinePtx)
    return Fail("the WGMMA lowering issues inline PTX, and the variant has "
                "no PTX template");

  IRBuilder<> B(&CI);
  TiedAsm Asm;
  // Per operand: its spelling in the template.
  StringMap<std::string> Spelled;
  // The in-place operands: their pointer and the index of their first
  // output.
  struct InPlace {
    Value *Ptr;
    unsigned First, Count;
  };
  SmallVector<InPlace, 1> InPlaces;
  std::string Prologue;
  unsigned NumPreds = 0;
  // Where the data of the first `const void *` operand (A) ends.
  Value *FirstIn = nullptr;
  uint64_t FirstInEnd = 0;

  // The outputs first, so that the inputs' numbers are known.
  for (const PtxOperandInfo &Op : operandsOf(V)) {
    if ((Op.Kind != PtxOperandKind::Regs && Op.Kind != PtxOperandKind::Reg) ||
        Op.Param < 0 || StringRef(Params[Op.Param].CType) != "void *")
      continue;
    Type *T = namedType(Ctx, Op.Type);
    StringRef C = constraintOf(Op.Type);
    if (!T || C.empty())
      return Fail("operand '" + Twine(Op.Name.c_str()) + "' has PTX type '" + Op.Type +
                  "', which no asm constraint holds");
    unsigned Count = Op.Kind == PtxOperandKind::Regs ? Op.Count : 1;
    uint64_t Offset = 0;
    Value *Ptr = CI.getArgOperand(1 + Op.Param);
    InPlaces.push_back({Ptr, Asm.numOuts(), Count});
    for (Value *R : loadRegs(B, DL, T, Ptr, Count, Offset))
      Asm.addInOut(R, C);
  }
  unsigned NextInPlace = 0;
  for (const PtxOperandInfo &Op : operandsOf(V)) {
    Value *Arg = Op.Param >= 0 ? CI.getArgOperand(1 + Op.Param) : nullptr;
    StringRef CType = Op.Param >= 0 ? Params[Op.Param].CType : "";
    unsigned Count = Op.Kind == PtxOperandKind::Regs ? Op.Count : 1;
    switch (Op.Kind) {
    case PtxOperandKind::Imm:
      if (Arg)
        return Fail("immediate '" + Twine(Op.Name.c_str()) +
                    "' binds to a parameter of the atom");
      Spelled[Op.Name] = Op.Value;
      continue;
    case PtxOperandKind::Regs:
    case PtxOperandKind::Reg:
      break;
    default:
      return Fail("operand '" + Twine(Op.Name.c_str()) +
                  "' is not a register or an immediate");
    }
    if (StringRef(Op.Type) == "pred") {
      // A runtime predicate, made from the scalar inside the asm.
      if (!Arg || !Arg->getType()->isIntegerTy())
        return Fail("predicate '" + Twine(Op.Name.c_str()) +
                    "' needs an integer parameter of the atom");
      std::string P = "p" + std::to_string(NumPreds++);
      unsigned N = Asm.inNumber(
          Asm.addIn(B.CreateZExtOrTrunc(Arg, B.getInt32Ty()), "r"));
      Prologue +=
          formatv("\t.reg .pred {0};\n\tsetp.ne.b32 {0}, ${1}, 0;\n", P, N)
              .str();
      Spelled[Op.Name] = P;
      continue;
    }
    Type *T = namedType(Ctx, Op.Type);
    StringRef C = constraintOf(Op.Type);
    if (!T || C.empty())
      return Fail("operand '" + Twine(Op.Name.c_str()) + "' has PTX type '" + Op.Type +
                  "', which no asm constraint holds");
    SmallVector<unsigned, 16> Numbers;
    if (CType == "void *") {
      const InPlace &IP = InPlaces[NextInPlace++];
      for (unsigned I = 0; I != IP.Count; ++I)
        Numbers.push_back(Asm.outNumber(IP.First + I));
    } else if (CType == "const void *" || (!Arg && !*Op.Value)) {
      if (!Arg && !FirstIn)
        return Fail("operand '" + Twine(Op.Name.c_str()) +
                    "' binds to no parameter and follows no operand in memory");
      Value *Ptr = Arg ? Arg : FirstIn;
      uint64_t Offset = Arg ? 0 : FirstInEnd;
      for (Value *R : loadRegs(B, DL, T, Ptr, Count, Offset))
        Numbers.push_back(Asm.inNumber(Asm.addIn(R, C)));
      if (!FirstIn || Ptr == FirstIn) {
        FirstIn = Ptr;
        FirstInEnd = Offset;
      }
    } else if (!Arg && *Op.Value && T->isIntegerTy()) {
      Numbers.push_back(Asm.inNumber(Asm.addIn(
          ConstantInt::get(T, APInt(T->getIntegerBitWidth(), Op.Value, 10)),
          C)));
    } else {
      return Fail("operand '" + Twine(Op.Name.c_str()) +
                  "' binds to no pointer parameter of the atom");
    }
    Spelled[Op.Name] = spellRegs(Numbers);
  }

  std::string Stmt, Unknown;
  if (!substitute(
          S.Template,
          [&](StringRef Name) -> std::optional<std::string> {
            auto It = Spelled.find(Name);
            if (It == Spelled.end())
              return std::nullopt;
            return It->second;
          },
          Stmt, Unknown))
    return Fail("its PTX template names '$" + Twine(Unknown) +
                "', which is none of its operands");
  std::string Text =
      Prologue.empty() ? Stmt : "{\n" + Prologue + "\t" + Stmt + "\n}";
  SmallVector<Value *, 16> Results = Asm.emit(B, Text);
  for (const InPlace &IP : InPlaces)
    storeRegs(B, DL, ArrayRef(Results).slice(IP.First, IP.Count), IP.Ptr);
  CI.eraseFromParent();
  return true;
}

bool lowerWgmmaSync(CallInst &CI, const VariantInfo &V) {
  const AtomInfo &A = atoms()[V.Atom];
  ArrayRef<AtomParamInfo> Params = paramsOf(A);
  const SelectorInfo &S = selectorOf(V);
  const DataLayout &DL = CI.getModule()->getDataLayout();
  LLVMContext &Ctx = CI.getContext();
  auto Fail = [&](const Twine &Msg) {
    reportCuteError(CI, formatv("variant '{0}': ", V.Name) + Msg);
    return false;
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
        // The call's constant, from 0 to the record's value.
        auto *C = dyn_cast<ConstantInt>(CI.getArgOperand(1 + Op.Param));
        if (!C || C->getValue().getActiveBits() > 64 || C->getZExtValue() > Imm)
          return Fail("operand '" + Twine(Op.Name.c_str()) +
                      "' must be a constant from 0 to " + Op.Value);
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

  // The register fence of a fragment: one register operand, bound to the
  // `void *` parameter, whose count is the atom's scalar parameter.
  ArrayRef<PtxOperandInfo> Ops = operandsOf(V);
  int CountParam = -1;
  for (auto [I, P] : enumerate(Params))
    if (!StringRef(P.CType).ends_with("*"))
      CountParam = I;
  if (Ops.size() != 1 || Ops[0].Param < 0 || CountParam < 0 ||
      StringRef(Params[Ops[0].Param].CType) != "void *")
    return Fail("a register fence takes one fragment and its register count");
  const PtxOperandInfo &Op = Ops[0];
  Type *T = namedType(Ctx, Op.Type);
  StringRef C = constraintOf(Op.Type);
  auto *N = dyn_cast<ConstantInt>(CI.getArgOperand(1 + CountParam));
  if (!T || C.empty())
    return Fail("operand '" + Twine(Op.Name.c_str()) + "' has PTX type '" + Op.Type +
                "', which no asm constraint holds");
  // Bounded by the largest fragment a thread holds (255 registers).
  if (!N || N->getValue().getActiveBits() > 8)
    return Fail("operand '" + Twine(Params[CountParam].Name.c_str()) +
                "' must be a constant register count below 256");
  Value *Ptr = CI.getArgOperand(1 + Op.Param);
  uint64_t Offset = 0;
  TiedAsm Asm;
  for (Value *R : loadRegs(B, DL, T, Ptr, N->getZExtValue(), Offset))
    Asm.addInOut(R, C);
  if (Asm.numOuts())
    storeRegs(B, DL, Asm.emit(B, ""), Ptr);
  CI.eraseFromParent();
  return true;
}

} // namespace cute
