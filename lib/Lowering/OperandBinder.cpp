//===- OperandBinder.cpp - A variant's PTX operands bound to a call -------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// OperandBinder: the walk over a variant's PTX operands that hands each to
/// the lowering's hook of its kind, and the steps the hooks bind operands
/// with (OperandBinder.h).
///
//===----------------------------------------------------------------------===//

#include "OperandBinder.h"
#include "AtomLowering.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/NVPTXAddrSpace.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {

//===----------------------------------------------------------------------===//
// OperandSink
//===----------------------------------------------------------------------===//

OperandSink::~OperandSink() = default;

bool OperandSink::registers(const PtxOperandInfo &Op, Value *) {
  return unsupported(Op);
}
bool OperandSink::reg(const PtxOperandInfo &Op, Value *Arg) {
  return registers(Op, Arg);
}
bool OperandSink::immediate(const PtxOperandInfo &Op, Value *) {
  return unsupported(Op);
}
bool OperandSink::shared(const PtxOperandInfo &Op, Value *) {
  return unsupported(Op);
}
bool OperandSink::global(const PtxOperandInfo &Op, Value *) {
  return unsupported(Op);
}
bool OperandSink::tmem(const PtxOperandInfo &Op, Value *) {
  return unsupported(Op);
}
bool OperandSink::tensor(const PtxOperandInfo &Op, Value *) {
  return unsupported(Op);
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

OperandBinder::OperandBinder(CallInst &CI, const VariantInfo &V, IRBuilder<> &B)
    : CI(CI), V(V), Params(paramsOf(atoms()[V.Atom])),
      DL(CI.getModule()->getDataLayout()), B(B) {}

namespace {

/// Hands operand \p Op, bound to \p Arg, to the hook of its kind in
/// \p Sink: the one switch over the operand kinds.
bool handOver(OperandSink &Sink, const PtxOperandInfo &Op, Value *Arg) {
  switch (Op.Kind) {
  case PtxOperandKind::Regs:
    return Sink.registers(Op, Arg);
  case PtxOperandKind::Reg:
    return Sink.reg(Op, Arg);
  case PtxOperandKind::Imm:
    return Sink.immediate(Op, Arg);
  case PtxOperandKind::Shared:
    return Sink.shared(Op, Arg);
  case PtxOperandKind::Global:
    return Sink.global(Op, Arg);
  case PtxOperandKind::Tmem:
    return Sink.tmem(Op, Arg);
  case PtxOperandKind::Tensor:
    return Sink.tensor(Op, Arg);
  }
  llvm_unreachable("unknown PTX operand kind");
}

} // namespace

bool OperandBinder::bind(OperandSink &Sink) {
  for (const PtxOperandInfo &Op : operands())
    if (!handOver(Sink, Op, argOf(Op)))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// What an operand binds to
//===----------------------------------------------------------------------===//

Value *OperandBinder::argOf(const PtxOperandInfo &Op) const {
  return Op.Param >= 0 ? CI.getArgOperand(1 + Op.Param) : nullptr;
}

StringRef OperandBinder::cTypeOf(const PtxOperandInfo &Op) const {
  return Op.Param >= 0 ? StringRef(Params[Op.Param].CType) : StringRef();
}

Value *OperandBinder::argNamed(StringRef Name) const {
  int I = paramIndex(Params, Name);
  return I >= 0 ? CI.getArgOperand(1 + I) : nullptr;
}

unsigned OperandBinder::registerCount(const PtxOperandInfo &Op) {
  return Op.Kind == PtxOperandKind::Regs ? Op.Count : 1;
}

RegisterRole OperandBinder::roleOf(const PtxOperandInfo &Op) const {
  StringRef CType = cTypeOf(Op);
  if (CType == "void *")
    return RegisterRole::Result;
  if (CType == "const void *")
    return RegisterRole::Fragment;
  if (Op.Param >= 0)
    return RegisterRole::Scalar;
  return *Op.Value ? RegisterRole::Constant : RegisterRole::Unbound;
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

bool OperandBinder::fail(const Twine &Msg) const {
  return reportVariantError(CI, V.Name, Msg);
}

std::string OperandBinder::what(StringRef Name) const {
  return formatv("variant '{0}': operand '{1}'", V.Name, Name).str();
}

bool OperandBinder::checkObject(StringRef Name, Value *Ptr,
                                uint64_t Bytes) const {
  return checkAtomPointer(CI, V.Name, Name, Ptr, 0, Bytes);
}

bool OperandBinder::checkUnusedParams() const {
  for (auto [Index, P] : enumerate(Params)) {
    int I = int(Index);
    StringRef Name = P.Name;
    if (any_of(operands(), [&](const PtxOperandInfo &Op) {
          return Op.Param == I || StringRef(Op.Value) == Name;
        }))
      continue;
    bool Pointer = StringRef(P.CType).ends_with("*");
    Value *Arg = CI.getArgOperand(1 + I);
    auto *C = dyn_cast<ConstantInt>(Arg);
    if (!isa<ConstantPointerNull>(Arg) && !(C && C->isZero()))
      return fail(
          diag(DiagID::OperandNotUsedVariant, Name, Pointer ? "null" : "0"));
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Bound values
//===----------------------------------------------------------------------===//

uint64_t OperandBinder::memoryBytes(const PtxOperandInfo &Op) const {
  uint64_t Bytes = Op.Kind == PtxOperandKind::Shared ? Op.Count : 0;
  const AtomInfo &A = atoms()[V.Atom];
  StringRef Name = Op.Name;
  if (A.Class != AtomClass::Copy || (Name != "src" && Name != "dst"))
    return Bytes;
  Bytes = std::max<uint64_t>(Bytes, V.ValueBits / 8);
  if (Value *N = argNamed("bytes"))
    if (auto *C = dyn_cast<ConstantInt>(N); C && C->getValue().isIntN(32))
      Bytes = std::max<uint64_t>(Bytes, C->getZExtValue());
  return Bytes;
}

Value *OperandBinder::address(const PtxOperandInfo &Op, Value *Arg,
                              unsigned AS) {
  if (!Arg || !Arg->getType()->isPointerTy()) {
    fail(diag(DiagID::OperandNeedsPointer, Twine(Op.Name.c_str())));
    return nullptr;
  }
  if (!checkAtomPointer(CI, V.Name, Op.Name.c_str(), Arg, AS, memoryBytes(Op)))
    return nullptr;
  if (Arg->getType()->getPointerAddressSpace() == AS)
    return Arg;
  return B.CreateAddrSpaceCast(Arg, PointerType::get(CI.getContext(), AS));
}

SmallVector<Value *, 16> OperandBinder::loadRegisters(Value *Ptr,
                                                      ArrayRef<Type *> Tys,
                                                      uint64_t &Offset) {
  SmallVector<Value *, 16> Regs;
  for (Type *T : Tys) {
    Regs.push_back(B.CreateLoad(T, byteOffset(B, Ptr, Offset)));
    Offset += DL.getTypeAllocSize(T);
  }
  return Regs;
}

SmallVector<Value *, 16> OperandBinder::loadRegisters(Value *Ptr, Type *T,
                                                      unsigned Count,
                                                      uint64_t &Offset) {
  SmallVector<Type *, 16> Tys(Count, T);
  return loadRegisters(Ptr, Tys, Offset);
}

void OperandBinder::storeRegisters(ArrayRef<Value *> Regs, Value *Ptr) {
  uint64_t Offset = 0;
  for (Value *R : Regs) {
    B.CreateStore(R, byteOffset(B, Ptr, Offset));
    Offset += DL.getTypeAllocSize(R->getType());
  }
}

uint64_t OperandBinder::registerBytes(ArrayRef<Type *> Tys) const {
  uint64_t Bytes = 0;
  for (Type *T : Tys)
    Bytes += DL.getTypeAllocSize(T);
  return Bytes;
}

Value *OperandBinder::scalar(const PtxOperandInfo &Op, Value *Arg, Type *T) {
  Type *From = Arg->getType();
  if (From->isIntegerTy() && T->isIntegerTy())
    return fitIntOperand(B, CI, V.Name, Op, Arg, T);
  if (From == T)
    return Arg;
  if (From->isPointerTy() && T->isIntegerTy())
    return B.CreatePtrToInt(Arg, T);
  return nullptr;
}

Value *OperandBinder::recordValue(const PtxOperandInfo &Op, Type *T) {
  return ConstantInt::get(T, APInt(T->getIntegerBitWidth(), Op.Value, 10));
}

std::optional<uint64_t>
OperandBinder::recordImmediate(const PtxOperandInfo &Op) {
  uint64_t Imm;
  if (StringRef(Op.Value).getAsInteger(0, Imm))
    return std::nullopt;
  return Imm;
}

Value *OperandBinder::tmemAddress(StringRef Operand, Value *Addr, Type *T) {
  Value *A = fitIntOperand(B, CI, V.Name, Operand, Addr, B.getInt32Ty());
  if (!A)
    return nullptr;
  return T->isPointerTy() ? B.CreateIntToPtr(A, T) : B.CreateZExtOrTrunc(A, T);
}

namespace {

/// The types an intrinsic takes and returns for the operands it is handed,
/// without a call (OperandBinder::intrinsicTypes).
class IntrinsicTypes : public OperandSink {
public:
  IntrinsicTypes(const VariantInfo &V, LLVMContext &Ctx,
                 SmallVectorImpl<Type *> &ParamTys,
                 SmallVectorImpl<Type *> &ResultTys)
      : Params(paramsOf(atoms()[V.Atom])), Ctx(Ctx), ParamTys(ParamTys),
        ResultTys(ResultTys) {}

  bool registers(const PtxOperandInfo &Op, Value *) override {
    Type *T = namedType(Ctx, Op.Type);
    if (!T)
      return false;
    bool Out = Op.Param >= 0 && StringRef(Params[Op.Param].CType) == "void *";
    (Out ? ResultTys : ParamTys).append(OperandBinder::registerCount(Op), T);
    return true;
  }
  bool immediate(const PtxOperandInfo &, Value *) override {
    ParamTys.push_back(Type::getInt32Ty(Ctx));
    return true;
  }
  bool tmem(const PtxOperandInfo &, Value *) override {
    ParamTys.push_back(Type::getInt32Ty(Ctx));
    return true;
  }
  bool shared(const PtxOperandInfo &, Value *) override {
    ParamTys.push_back(PointerType::get(Ctx, NVPTXAS::ADDRESS_SPACE_SHARED));
    return true;
  }
  bool global(const PtxOperandInfo &, Value *) override {
    ParamTys.push_back(PointerType::get(Ctx, NVPTXAS::ADDRESS_SPACE_GLOBAL));
    return true;
  }
  /// A TMA tensor has no type of the intrinsics.
  bool unsupported(const PtxOperandInfo &) override { return false; }

private:
  ArrayRef<AtomParamInfo> Params;
  LLVMContext &Ctx;
  SmallVectorImpl<Type *> &ParamTys, &ResultTys;
};

} // namespace

bool OperandBinder::intrinsicTypes(const VariantInfo &V, LLVMContext &Ctx,
                                   SmallVectorImpl<Type *> &ParamTys,
                                   SmallVectorImpl<Type *> &ResultTys) {
  IntrinsicTypes Sink(V, Ctx, ParamTys, ResultTys);
  return all_of(operandsOf(V), [&](const PtxOperandInfo &Op) {
    return handOver(Sink, Op, nullptr);
  });
}

} // namespace cute
