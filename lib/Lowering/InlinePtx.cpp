//===- InlinePtx.cpp - One PTX statement as inline asm --------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// lowerInlinePtx: a variant's PTX template issued as one inline asm
/// statement, its `$name` operands bound by the variant's PtxOperands:
///  - a register operand bound to a `void *` parameter is a result: written
///    only (stored after the statement) or, for accumulators, read and
///    written in place (loaded, tied to its output, stored back);
///  - one bound to a `const void *` parameter is loaded from it;
///  - one bound to a scalar parameter takes the call's value;
///  - a register operand bound to no parameter takes the record's value, or,
///    carrying none, follows the data of the first `const void *` operand in
///    memory (the sparse metadata CuTe zips into the A fragment);
///  - a predicate bound to a scalar parameter is built from it inside the
///    asm (`setp.ne.b32`), in a scope of its own;
///  - a global or shared operand is the call's pointer, in the window the
///    statement names (a 64-bit global address, a 32-bit shared one);
///  - a tensor-memory operand is the call's 32-bit address;
///  - immediates come from the record.
/// `$name` spells all of an operand's registers, `$name[i]` its i-th one (a
/// template of several statements on parts of a fragment).
///
//===----------------------------------------------------------------------===//

#include "InlinePtx.h"
#include "AtomLowering.h"
#include "Diagnostics.h"
#include "LowerTma.h"
#include "OperandBinder.h"

#include "CuteLLVM/Registry/AtomRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/NVPTXAddrSpace.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {

StringRef constraintOf(StringRef PtxType) {
  return StringSwitch<StringRef>(PtxType)
      .Case("f32", "f")
      .Case("f64", "d")
      .Case("b64", "l")
      .Case("b32", "r")
      .Case("b16", "h")
      .Default("");
}

std::optional<AsmRegister> asmRegisterOf(CallInst &CI, const VariantInfo &V,
                                         const PtxOperandInfo &Op) {
  Type *T = namedType(CI.getContext(), Op.Type);
  StringRef C = constraintOf(Op.Type);
  if (!T || C.empty()) {
    reportVariantError(CI, V.Name,
                       diag(DiagID::OperandPtxTypeNoConstraint,
                            Twine(Op.Name.c_str()), Op.Type));
    return std::nullopt;
  }
  return AsmRegister{T, C};
}

SmallVector<Value *, 16> PtxAsmCall::emit(IRBuilder<> &B, StringRef Text,
                                          bool HasSideEffects,
                                          bool TouchesMemory) {
  SmallVector<Type *, 16> OutTys;
  SmallVector<Value *, 16> Args;
  std::string Constraints;
  ListSeparator Sep(",");
  for (const Out &O : Outs) {
    OutTys.push_back(O.Ty);
    Constraints += StringRef(Sep);
    // A result written only may be written before the last input is read (a
    // template of several statements): never in an input's register.
    Constraints += (O.Old ? "=" : "=&") + O.Constraint;
  }
  for (auto &[V, C] : Ins) {
    Args.push_back(V);
    Constraints += StringRef(Sep);
    Constraints += C;
  }
  for (auto [I, O] : enumerate(Outs)) {
    if (!O.Old)
      continue;
    Args.push_back(O.Old);
    Constraints += StringRef(Sep);
    Constraints += std::to_string(I);
  }
  if (TouchesMemory) {
    Constraints += StringRef(Sep);
    Constraints += "~{memory}";
  }
  LLVMContext &Ctx = B.getContext();
  Type *Ret = OutTys.empty()       ? Type::getVoidTy(Ctx)
              : OutTys.size() == 1 ? OutTys.front()
                                   : StructType::get(Ctx, OutTys);
  SmallVector<Type *, 16> ArgTys;
  for (Value *V : Args)
    ArgTys.push_back(V->getType());
  auto *IA = InlineAsm::get(FunctionType::get(Ret, ArgTys, false), Text,
                            Constraints, HasSideEffects || TouchesMemory);
  CallInst *Call = B.CreateCall(IA, Args);
  Call->addFnAttr(Attribute::Convergent);
  if (!HasSideEffects && !TouchesMemory)
    Call->setDoesNotAccessMemory();
  SmallVector<Value *, 16> Results;
  if (OutTys.size() == 1)
    Results.push_back(Call);
  else
    for (unsigned I = 0, E = OutTys.size(); I != E; ++I)
      Results.push_back(B.CreateExtractValue(Call, I));
  return Results;
}

namespace {

/// The register spellings `$i`, `$j`, ... of asm operands \p Numbers.
SmallVector<std::string, 4> spellRegs(ArrayRef<unsigned> Numbers) {
  SmallVector<std::string, 4> S;
  for (unsigned N : Numbers)
    S.push_back("$" + std::to_string(N));
  return S;
}

/// \p Template with every `$name` replaced by the spellings \p Spelled has
/// for it, joined by commas, and every `$name[i]` by its i-th one (one
/// register of a fragment, for templates of several statements); false,
/// with \p Unknown set, for a name or an index it has none for.
bool substitute(StringRef Template,
                const StringMap<SmallVector<std::string, 4>> &Spelled,
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
    auto It = Spelled.find(Name);
    if (It == Spelled.end()) {
      Unknown = Name.str();
      return false;
    }
    unsigned Index;
    if (Template.starts_with("[")) {
      StringRef Digits =
          Template.drop_front().take_until([](char C) { return C == ']'; });
      if (Digits.getAsInteger(10, Index) || Index >= It->second.size() ||
          Template.size() < Digits.size() + 2) {
        Unknown = (Name + "[" + Digits + "]").str();
        return false;
      }
      Template = Template.drop_front(Digits.size() + 2);
      Out += It->second[Index];
      continue;
    }
    Out += join(It->second, ", ");
  }
  return true;
}

/// The lowering of one atom call to the variant's PTX template: the
/// results first (so that the inputs' numbers are known), then each
/// operand's spelling in the template, as the binder hands them over, then
/// the statement.
class InlinePtxCall : public OperandSink {
public:
  InlinePtxCall(CallInst &CI, const VariantInfo &V, PtxResults Mode)
      : CI(CI), V(V), Mode(Mode), DL(CI.getModule()->getDataLayout()), B(&CI),
        Binder(CI, V, B) {}

  /// Lowers the call; false after a diagnostic.
  bool lower();

private:
  bool fail(const Twine &Msg) { return Binder.fail(Msg); }
  /// The outputs: the register operands bound to `void *` parameters.
  bool addResults();
  /// Output registers for result operand \p Op, bound to \p Ptr.
  bool addResult(const PtxOperandInfo &Op, Value *Ptr);
  bool immediate(const PtxOperandInfo &Op, Value *Arg) override;
  /// A global or shared operand: the call's pointer in the window the
  /// statement names, \p AS (a 32-bit shared-window address, a 64-bit
  /// global one).
  bool addMemory(const PtxOperandInfo &Op, Value *Arg, unsigned AS);
  bool shared(const PtxOperandInfo &Op, Value *Arg) override {
    return addMemory(Op, Arg, NVPTXAS::ADDRESS_SPACE_SHARED);
  }
  bool global(const PtxOperandInfo &Op, Value *Arg) override {
    return addMemory(Op, Arg, NVPTXAS::ADDRESS_SPACE_GLOBAL);
  }
  /// A tensor-memory address: the call's 32-bit value, in a b32 register.
  bool tmem(const PtxOperandInfo &Op, Value *Arg) override;
  /// A predicate, or registers: a result, registers read from memory, a
  /// scalar or the record's value.
  bool registers(const PtxOperandInfo &Op, Value *Arg) override;
  bool unsupported(const PtxOperandInfo &Op) override {
    return fail(diag(DiagID::OperandNotRegister, Twine(Op.Name.c_str())));
  }
  /// A run-time predicate, made from the scalar inside the asm: nonzero in
  /// the scalar's own width (a wider one is not truncated first).
  bool spellPredicate(const PtxOperandInfo &Op, Value *Arg);
  /// Registers read from memory: through the operand's `const void *`
  /// parameter \p Arg, or (null) after the data of the first such operand.
  bool spellLoaded(const PtxOperandInfo &Op, Value *Arg, AsmRegister Reg,
                   SmallVectorImpl<unsigned> &Numbers);
  /// The statement of the template with its operands spelled.
  bool emit(const SelectorInfo &S);

  /// A result: its pointer and its outputs.
  struct Result {
    Value *Ptr;
    unsigned First, Count;
  };

  CallInst &CI;
  const VariantInfo &V;
  PtxResults Mode;
  const DataLayout &DL;
  IRBuilder<> B;
  OperandBinder Binder;
  PtxAsmCall Asm;
  /// Per operand: its spelling in the template.
  StringMap<SmallVector<std::string, 4>> Spelled;
  SmallVector<Result, 2> Results;
  unsigned NextResult = 0;
  std::string Prologue;
  unsigned NumPreds = 0;
  bool TouchesMemory = false;
  /// Where the data of the first `const void *` operand (A) ends.
  Value *FirstIn = nullptr;
  uint64_t FirstInEnd = 0;
};

/// The results pass of InlinePtxCall: the register operands bound to
/// `void *` parameters; the others wait for the spelling pass.
class ResultSink : public OperandSink {
public:
  ResultSink(OperandBinder &Binder,
             function_ref<bool(const PtxOperandInfo &, Value *)> Add)
      : Binder(Binder), Add(Add) {}

  bool registers(const PtxOperandInfo &Op, Value *Arg) override {
    return Binder.roleOf(Op) != RegisterRole::Result || Add(Op, Arg);
  }
  bool unsupported(const PtxOperandInfo &) override { return true; }

private:
  OperandBinder &Binder;
  function_ref<bool(const PtxOperandInfo &, Value *)> Add;
};

bool InlinePtxCall::addResults() {
  // The hook outlives the sink's construction (a function_ref holds none).
  auto Add = [this](const PtxOperandInfo &Op, Value *Ptr) {
    return addResult(Op, Ptr);
  };
  ResultSink Sink(Binder, Add);
  return Binder.bind(Sink);
}

bool InlinePtxCall::addResult(const PtxOperandInfo &Op, Value *Ptr) {
  std::optional<AsmRegister> Reg = asmRegisterOf(CI, V, Op);
  if (!Reg)
    return false;
  auto [T, C] = *Reg;
  unsigned Count = OperandBinder::registerCount(Op);
  if (!Binder.checkObject(Op.Name.c_str(), Ptr, Count * DL.getTypeAllocSize(T)))
    return false;
  Results.push_back({Ptr, Asm.numOuts(), Count});
  if (Mode == PtxResults::InPlace) {
    uint64_t Offset = 0;
    for (Value *R : Binder.loadRegisters(Ptr, T, Count, Offset))
      Asm.addInOut(R, C);
  } else {
    for (unsigned I = 0; I != Count; ++I)
      Asm.addOut(T, C);
  }
  return true;
}

bool InlinePtxCall::immediate(const PtxOperandInfo &Op, Value *Arg) {
  if (Arg)
    return fail(diag(DiagID::ImmediateBindsParameter, Twine(Op.Name.c_str())));
  Spelled[Op.Name] = {Op.Value.str()};
  return true;
}

bool InlinePtxCall::addMemory(const PtxOperandInfo &Op, Value *Arg,
                              unsigned AS) {
  bool Shared = AS == NVPTXAS::ADDRESS_SPACE_SHARED;
  Value *P = Binder.address(Op, Arg, AS);
  if (!P)
    return false;
  // A shared-window address is 32 bits wide, a global one 64.
  P = B.CreatePtrToInt(P, Shared ? B.getInt32Ty() : B.getInt64Ty());
  Spelled[Op.Name] = {
      "$" + std::to_string(Asm.inNumber(Asm.addIn(P, Shared ? "r" : "l")))};
  TouchesMemory = true;
  return true;
}

bool InlinePtxCall::tmem(const PtxOperandInfo &Op, Value *Arg) {
  Value *X = Arg ? Binder.scalar(Op, Arg, B.getInt32Ty()) : nullptr;
  if (!X && Arg && isa<ConstantInt>(Arg))
    return false;
  if (!X)
    return fail(diag(DiagID::OperandNeedsTensor, Twine(Op.Name.c_str())));
  Spelled[Op.Name] = {"$" + std::to_string(Asm.inNumber(Asm.addIn(X, "r")))};
  TouchesMemory = true;
  return true;
}

bool InlinePtxCall::spellPredicate(const PtxOperandInfo &Op, Value *Arg) {
  if (!Arg || !Arg->getType()->isIntegerTy())
    return fail(diag(DiagID::PredicateNeedsInteger, Twine(Op.Name.c_str())));
  std::string P = "p" + std::to_string(NumPreds++);
  Value *Bit = Arg->getType()->getIntegerBitWidth() <= 32
                   ? B.CreateZExt(Arg, B.getInt32Ty())
                   : B.CreateZExt(B.CreateIsNotNull(Arg), B.getInt32Ty());
  unsigned N = Asm.inNumber(Asm.addIn(Bit, "r"));
  Prologue +=
      formatv("\t.reg .pred {0};\n\tsetp.ne.b32 {0}, ${1}, 0;\n", P, N).str();
  Spelled[Op.Name] = {P};
  return true;
}

bool InlinePtxCall::spellLoaded(const PtxOperandInfo &Op, Value *Arg,
                                AsmRegister Reg,
                                SmallVectorImpl<unsigned> &Numbers) {
  auto [T, C] = Reg;
  unsigned Count = OperandBinder::registerCount(Op);
  if (!Arg && !FirstIn)
    return fail(diag(DiagID::OperandBindsNoParameter, Twine(Op.Name.c_str())));
  Value *Ptr = Arg ? Arg : FirstIn;
  uint64_t Offset = Arg ? 0 : FirstInEnd;
  if (Arg &&
      !Binder.checkObject(Op.Name.c_str(), Arg, Count * DL.getTypeAllocSize(T)))
    return false;
  for (Value *R : Binder.loadRegisters(Ptr, T, Count, Offset))
    Numbers.push_back(Asm.inNumber(Asm.addIn(R, C)));
  if (!FirstIn || Ptr == FirstIn) {
    FirstIn = Ptr;
    FirstInEnd = Offset;
  }
  return true;
}

bool InlinePtxCall::registers(const PtxOperandInfo &Op, Value *Arg) {
  if (StringRef(Op.Type) == "pred")
    return spellPredicate(Op, Arg);
  std::optional<AsmRegister> Reg = asmRegisterOf(CI, V, Op);
  if (!Reg)
    return false;
  auto [T, C] = *Reg;
  SmallVector<unsigned, 16> Numbers;
  RegisterRole Role = Binder.roleOf(Op);
  if (Role == RegisterRole::Result) {
    const Result &R = Results[NextResult++];
    for (unsigned I = 0; I != R.Count; ++I)
      Numbers.push_back(Asm.outNumber(R.First + I));
  } else if (Role == RegisterRole::Fragment || Role == RegisterRole::Unbound) {
    if (!spellLoaded(Op, Arg, *Reg, Numbers))
      return false;
  } else if (Role == RegisterRole::Scalar &&
             OperandBinder::registerCount(Op) == 1 &&
             Arg->getType()->isIntegerTy() && T->isIntegerTy()) {
    // A scalar operand of the call (a byte count).
    Value *X = Binder.scalar(Op, Arg, T);
    if (!X)
      return false;
    Numbers.push_back(Asm.inNumber(Asm.addIn(X, C)));
  } else if (Role == RegisterRole::Constant && T->isIntegerTy()) {
    Numbers.push_back(
        Asm.inNumber(Asm.addIn(OperandBinder::recordValue(Op, T), C)));
  } else {
    return fail(
        diag(DiagID::OperandBindsNoParameterAtom, Twine(Op.Name.c_str())));
  }
  Spelled[Op.Name] = spellRegs(Numbers);
  return true;
}

bool InlinePtxCall::emit(const SelectorInfo &S) {
  std::string Stmt, Unknown;
  if (!substitute(S.Template, Spelled, Stmt, Unknown))
    return fail(diag(DiagID::PTXTemplateNamesNone, Twine(Unknown)));
  std::string Text =
      Prologue.empty() ? Stmt : "{\n" + Prologue + "\t" + Stmt + "\n}";
  // Accumulators in place belong to an asynchronous MMA the kernel fences:
  // the statement stays where it is.
  SmallVector<Value *, 16> Out =
      Asm.emit(B, Text, Mode == PtxResults::InPlace, TouchesMemory);
  for (const Result &R : Results)
    Binder.storeRegisters(ArrayRef(Out).slice(R.First, R.Count), R.Ptr);
  CI.eraseFromParent();
  return true;
}

bool InlinePtxCall::lower() {
  const SelectorInfo &S = selectorOf(V);
  if (S.Kind != SelectorKind::InlinePtx)
    return fail(diag(DiagID::LoweringIssuesInline));
  if (!addResults() || !Binder.bind(*this))
    return false;
  return emit(S);
}

} // namespace

bool lowerInlinePtx(CallInst &CI, const VariantInfo &V, PtxResults Mode) {
  return InlinePtxCall(CI, V, Mode).lower();
}

} // namespace cute
