//===- LowerUmma.cpp - UMMA, TMEM copies, retrieve_tmem_ptr ---------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The datacenter-Blackwell lowerings of cute-lower-atoms.
///
/// UmmaLowering: `sm100.mma[_scaled|_sp|_bs|_bs_sp](variant, d, a, b, idesc,
/// acc[, scale_c][, e][, sfa, sfb])` becomes the variant's
/// `llvm.nvvm.tcgen05.mma*` intrinsic (every UMMA has one in LLVM 22). The
/// 32-bit instruction descriptor is CuTe's make_instr_desc of the variant
/// (types, M, N, the sparsity flag, the scale format: UmmaDescriptor.h) with
/// the call's per-call bits (majors, negations, saturation, sparsity selector,
/// scale-factor ids) or'ed in; a constant `idesc` that sets a bit the
/// variant fixes, or a reserved one, is an error, a run-time one is masked.
/// TMEM addresses are 32-bit integers (the intrinsics' addrspace(6)
/// pointers); SMEM descriptors 64-bit ones; `acc` is D += A.B when nonzero;
/// `scale_c`, a constant from 0 to 15, scales D by 2^-scale_c first.
///
/// TmemCopyLowering: `atom.tmem_load(variant, r, taddr)` and
/// `atom.tmem_store(variant, taddr, r)` call `llvm.nvvm.tcgen05.{ld,st}.*`
/// (the .pack::16b / .unpack::16b immediate and 16x32bx2's half-warp
/// offset from the record) and wait for it (the record's PtxAfter:
/// tcgen05.wait::ld / ::st), so that the registers stored to (loaded from)
/// `r` are complete. `atom.s2t_copy(variant, taddr, sdesc)` calls
/// `llvm.nvvm.tcgen05.cp.*` under the cluster partition: only the CTA
/// whose `(rank % cta_group) & (cta_group - 1)` is zero issues it, which
/// for the power-of-two CTA groups is `rank & (cta_group - 1) == 0` (no
/// branch at all for one CTA).
///
/// TmemAllocLowering: `atom.retrieve_tmem_ptr(variant, slot, ncols)`
/// through a per-function cache keyed by the handle (the shared slot): the
/// first retrieval of a handle in a function emits the alloc into the slot,
/// the relinquish and the load of the address; every retrieval of the same
/// handle in the function is that load. The sequence sits at the nearest
/// common dominator of the retrievals (before the first of them in that
/// block), so that it dominates each.
///
//===----------------------------------------------------------------------===//

#include "AtomLowering.h"
#include "CuteLLVM/Descriptors/UmmaDescriptor.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"
#include "LowerTma.h"
#include "OperandBinder.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace cute::registry;

namespace cute {

namespace {

/// NVPTX's tensor-memory address space.
constexpr unsigned TmemAS = 6;

/// The registry name of element type \p ID ("" for none).
StringRef typeName(int ID) {
  return ID < 0 ? StringRef() : StringRef(elementTypes()[ID].Name);
}

/// NVVM's Tcgen05MMAKind of a dense kind.
std::optional<unsigned> nvvmMmaKind(StringRef Kind) {
  return StringSwitch<std::optional<unsigned>>(Kind)
      .Case("f16", 0)
      .Case("tf32", 1)
      .Case("f8f6f4", 2)
      .Case("i8", 3)
      .Default(std::nullopt);
}

/// \p P as a base and a constant byte offset, through constant GEPs and
/// address-space casts: two pointers to one shared slot compare equal.
std::pair<const Value *, int64_t> slotKey(const Value *P,
                                          const DataLayout &DL) {
  int64_t Offset = 0;
  for (unsigned Steps = 0; Steps != 32; ++Steps) {
    APInt Off(DL.getIndexTypeSizeInBits(P->getType()), 0);
    P = P->stripAndAccumulateConstantOffsets(DL, Off,
                                             /*AllowNonInbounds=*/true);
    Offset += Off.getSExtValue();
    auto *Cast = dyn_cast<AddrSpaceCastOperator>(P);
    if (!Cast)
      break;
    P = Cast->getPointerOperand();
  }
  return {P, Offset};
}

/// The variant the atom call \p Call (not yet lowered) names, where its
/// callee is an atom, `llvm.cute.nvgpu.<atom>[.<suffix>]` as the lowering
/// resolves it, and its first operand a variant of that atom; else null.
const VariantInfo *calledVariant(const CallInst &Call) {
  Function *F = Call.getCalledFunction();
  StringRef Name = F ? F->getName() : StringRef();
  if (!Name.consume_front("llvm.cute.nvgpu.") || !Call.arg_size())
    return nullptr;
  const AtomInfo *A = lookupAtom(Name);
  for (StringRef Head = Name; !A && Head.contains('.');) {
    Head = Head.rsplit('.').first;
    A = lookupAtom(Head);
  }
  StringRef VName;
  const VariantInfo *V =
      A && getConstantStringInfo(Call.getArgOperand(0), VName)
          ? lookupVariant(VName)
          : nullptr;
  return V && &atoms()[V->Atom] == A ? V : nullptr;
}

/// A call, not yet lowered, of an atom that allocates tensor memory into a
/// shared slot: its call signature has a `tmem_slot` argument (the records'
/// PtxTmemSlot: tmem_alloc, retrieve_tmem_ptr) and the column count `ncols`.
struct SlotAllocation {
  Value *Slot = nullptr, *Columns = nullptr;
  /// The call returns the allocated address (retrieve_tmem_ptr).
  bool ReturnsAddress = false;
};
std::optional<SlotAllocation> slotAllocation(const CallInst &Call) {
  const VariantInfo *V = calledVariant(Call);
  if (!V)
    return std::nullopt;
  SlotAllocation S;
  const CallSignatureInfo &Sig = callSignatureOf(*V);
  for (auto [I, Arg] : enumerate(argsOf(Sig))) {
    if (I + 1 >= Call.arg_size())
      break;
    if (Arg.Passing == ArgPassing::Memory && Arg.Object == "tmem_slot")
      S.Slot = Call.getArgOperand(I + 1);
    else if (Arg.Name == "ncols")
      S.Columns = Call.getArgOperand(I + 1);
  }
  if (!S.Slot || !S.Columns || !S.Slot->getType()->isPointerTy())
    return std::nullopt;
  S.ReturnsAddress = StringRef(Sig.ResultIRType) != "void";
  return S;
}

/// The columns allocated through the shared slot \p Slot in \p F: the
/// largest column count of the allocations into it (tcgen05.alloc, or the
/// tmem_alloc and retrieve_tmem_ptr atoms not yet lowered); none where
/// there is no allocation of it in \p F or one of them is not a constant.
std::optional<uint64_t> allocatedColumns(Function &F,
                                         std::pair<const Value *, int64_t> Slot,
                                         const DataLayout &DL) {
  std::optional<uint64_t> Cols;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallInst>(&I);
    Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee)
      continue;
    Value *Ptr = nullptr, *N = nullptr;
    switch (Callee->getIntrinsicID()) {
    case Intrinsic::nvvm_tcgen05_alloc_cg1:
    case Intrinsic::nvvm_tcgen05_alloc_cg2:
    case Intrinsic::nvvm_tcgen05_alloc_shared_cg1:
    case Intrinsic::nvvm_tcgen05_alloc_shared_cg2:
      Ptr = Call->getArgOperand(0);
      N = Call->getArgOperand(1);
      break;
    default:
      if (std::optional<SlotAllocation> S = slotAllocation(*Call)) {
        Ptr = S->Slot;
        N = S->Columns;
      }
    }
    if (!Ptr || slotKey(Ptr, DL) != Slot)
      continue;
    auto *C = dyn_cast<ConstantInt>(N);
    if (!C)
      return std::nullopt;
    Cols = std::max(Cols.value_or(0), C->getZExtValue());
  }
  return Cols;
}

/// \p V as a constant, folding the instructions that compute it from
/// constants (unoptimised code): a few levels deep.
std::optional<uint64_t> foldToConstant(Value *V, const DataLayout &DL,
                                       unsigned Depth = 0) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getZExtValue();
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8 || !(isa<BinaryOperator>(I) || isa<CastInst>(I)))
    return std::nullopt;
  SmallVector<Constant *, 2> Ops;
  for (Value *Op : I->operands()) {
    std::optional<uint64_t> C = foldToConstant(Op, DL, Depth + 1);
    if (!C || !Op->getType()->isIntegerTy())
      return std::nullopt;
    Ops.push_back(ConstantInt::get(Op->getType(), *C));
  }
  auto *R = dyn_cast_or_null<ConstantInt>(ConstantFoldInstOperands(I, Ops, DL));
  return R ? std::optional<uint64_t>(R->getZExtValue()) : std::nullopt;
}

/// The TMEM address \p D is computed from: a load from a shared slot, or a
/// retrieve_tmem_ptr atom, to which constants (computed from constants in
/// unoptimised code) and other non-negative terms are added; the constants
/// are added to \p Offset, a lower bound of the column offset, exact unless
/// \p Exact is cleared. Null where D is computed otherwise.
Value *tmemBase(Value *D, const DataLayout &DL, uint64_t &Offset, bool &Exact,
                unsigned Depth = 0) {
  if (Depth > 16)
    return nullptr;
  if (auto *Cast = dyn_cast<CastInst>(D))
    return isa<ZExtInst>(Cast) || isa<TruncInst>(Cast) ||
                   isa<PtrToIntInst>(Cast) || isa<IntToPtrInst>(Cast)
               ? tmemBase(Cast->getOperand(0), DL, Offset, Exact, Depth + 1)
               : nullptr;
  if (auto *LI = dyn_cast<LoadInst>(D)) {
    // A local variable (unoptimised code) stored once: the value stored.
    if (auto *Local = dyn_cast<AllocaInst>(LI->getPointerOperand())) {
      StoreInst *Only = nullptr;
      for (User *U : Local->users()) {
        if (isa<LoadInst>(U))
          continue;
        auto *SI = dyn_cast<StoreInst>(U);
        if (!SI || SI->getPointerOperand() != Local || Only)
          return nullptr;
        Only = SI;
      }
      return Only ? tmemBase(Only->getValueOperand(), DL, Offset, Exact,
                             Depth + 1)
                  : nullptr;
    }
    return LI;
  }
  if (auto *Call = dyn_cast<CallInst>(D)) {
    std::optional<SlotAllocation> S = slotAllocation(*Call);
    return S && S->ReturnsAddress ? Call : nullptr;
  }
  auto *BO = dyn_cast<BinaryOperator>(D);
  if (!BO || (BO->getOpcode() != Instruction::Add &&
              !(BO->getOpcode() == Instruction::Or &&
                cast<PossiblyDisjointInst>(BO)->isDisjoint())))
    return nullptr;
  // The base on one side; the other side adds a constant, or at least 0.
  for (unsigned Side : {0u, 1u}) {
    uint64_t Inner = 0;
    if (Value *Base =
            tmemBase(BO->getOperand(Side), DL, Inner, Exact, Depth + 1)) {
      std::optional<uint64_t> C = foldToConstant(BO->getOperand(1 - Side), DL);
      Exact &= C.has_value();
      Offset += Inner + C.value_or(0);
      return Base;
    }
  }
  return nullptr;
}

/// Reports a UMMA whose accumulator (the \p Columns columns from the TMEM
/// address \p D) reaches past the columns allocated to the address it is
/// at, where both are known: D a constant column offset from an address
/// loaded from a shared slot (or retrieved through it) and the allocation
/// into that slot of a constant column count in the function. True when
/// nothing is wrong or known.
bool checkAccumulatorColumns(CallInst &CI, const VariantInfo &V, Value *D,
                             uint64_t Columns) {
  const DataLayout &DL = CI.getDataLayout();
  uint64_t Offset = 0;
  bool Exact = true;
  Value *Base = tmemBase(D, DL, Offset, Exact);
  Value *SlotPtr = nullptr;
  if (auto *LI = dyn_cast_or_null<LoadInst>(Base))
    SlotPtr = LI->getPointerOperand();
  else if (auto *Call = dyn_cast_or_null<CallInst>(Base))
    SlotPtr = Call->getArgOperand(1);
  if (!SlotPtr || !SlotPtr->getType()->isPointerTy())
    return true;
  std::optional<uint64_t> Allocated =
      allocatedColumns(*CI.getFunction(), slotKey(SlotPtr, DL), DL);
  // The column in bits 0-15 of the address, the lane in bits 16-31.
  uint64_t Column = Offset & 0xFFFF;
  if (!Allocated || Column + Columns <= *Allocated)
    return true;
  return reportVariantError(
      CI, V.Name,
      diag(DiagID::AccumulatorTakesColumns, Columns, Column,
           Exact ? "" : diag(DiagID::UmmaColumnOrLater), *Allocated));
}

} // namespace

Expected<uint32_t> ummaVariantInstrDesc(const VariantInfo &V) {
  Expected<UmmaInstrDesc> D = makeUmmaInstrDesc(
      StringRef(V.Kind), typeName(V.TypeA), typeName(V.TypeB),
      typeName(V.TypeD), typeName(V.ScaleType), V.M, V.N, V.Sparse);
  if (!D)
    return D.takeError();
  return D->word();
}

namespace {

/// The lowering of one UMMA call: its operands bound as the binder hands
/// them over, then the intrinsic's arguments in its order (D, A, B, the
/// instruction descriptor, the accumulate flag, the sparsity metadata, the
/// scale factors, scale_c, then the immediates).
class UmmaCall : public OperandSink {
public:
  UmmaCall(CallInst &CI, const VariantInfo &V)
      : CI(CI), V(V), Kind(V.Kind), BlockScaled(Kind.starts_with("mx")), B(&CI),
        Binder(CI, V, B) {}

  /// Lowers the call; false after a diagnostic.
  bool lower();

private:
  bool fail(const Twine &Msg) { return Binder.fail(Msg); }
  /// TMEM addresses, descriptors, the instruction descriptor and the
  /// accumulate flag: the call's values, converted in the intrinsic's order.
  bool tmem(const PtxOperandInfo &Op, Value *Arg) override {
    Bound[Op.Name] = Arg;
    return true;
  }
  bool reg(const PtxOperandInfo &Op, Value *Arg) override {
    Bound[Op.Name] = Arg;
    return true;
  }
  /// scale_c: checked where the intrinsic takes it (addScaleC).
  bool immediate(const PtxOperandInfo &Op, Value *) override {
    ScaleC = &Op;
    return true;
  }
  bool unsupported(const PtxOperandInfo &Op) override {
    return fail(diag(DiagID::OperandNotUMMAOperand, Op.Name));
  }
  /// Operand \p Name as a \p Bits-bit integer; null when it is none.
  Value *intOperand(StringRef Name, unsigned Bits);
  /// Operand \p Name as a TMEM pointer; null when it is no integer.
  Value *tmemOperand(StringRef Name);
  /// The instruction descriptor: the variant's word \p Word and the bits of
  /// the call's `idesc` it may set; null after a diagnostic.
  Value *instrDesc(uint32_t Word);
  /// The operands, D through the scale factors, into Args.
  bool addOperands(uint32_t Word);
  /// scale-input-d: an immediate the intrinsic takes as i64, in the range
  /// of the record's operand (0 to 15).
  bool addScaleC();
  /// The call of intrinsic \p S of the arguments.
  bool emit(const SelectorInfo &S);

  CallInst &CI;
  const VariantInfo &V;
  StringRef Kind;
  bool BlockScaled;
  IRBuilder<> B;
  OperandBinder Binder;
  /// The call's value of each operand, by name.
  StringMap<Value *> Bound;
  const PtxOperandInfo *ScaleC = nullptr;
  SmallVector<Value *, 12> Args;
  /// An operand's diagnostic was reported (a constant that does not fit).
  bool Reported = false;
};

Value *UmmaCall::intOperand(StringRef Name, unsigned Bits) {
  Value *X = Bound.lookup(Name);
  if (!X || !X->getType()->isIntegerTy())
    return nullptr;
  // A constant that does not fit the operand (a TMEM address of 2^32 or more
  // in the 64-bit `a` of a TS variant) is an error, never truncated.
  Value *Fit = fitIntOperand(B, CI, V.Name, Name, X, B.getIntNTy(Bits));
  Reported |= !Fit;
  return Fit;
}

Value *UmmaCall::tmemOperand(StringRef Name) {
  Value *X = Bound.lookup(Name);
  if (!X || !X->getType()->isIntegerTy())
    return nullptr;
  Value *Addr =
      Binder.tmemAddress(Name, X, PointerType::get(CI.getContext(), TmemAS));
  Reported |= !Addr;
  return Addr;
}

Value *UmmaCall::instrDesc(uint32_t Word) {
  uint32_t CallMask = UmmaInstrDesc::callMask(Kind, V.Sparse);
  Value *IDesc = intOperand("idesc", 32);
  if (!IDesc) {
    if (!Reported)
      fail(diag(DiagID::OperandIdescMustBit));
    return nullptr;
  }
  auto *C = dyn_cast<ConstantInt>(IDesc);
  if (!C)
    return B.CreateOr(B.CreateAnd(IDesc, CallMask), Word, "umma.idesc");
  if (uint64_t Bad = C->getZExtValue() & ~uint64_t(CallMask)) {
    fail(diag(DiagID::OperandIdescSetsBits, Bad, CallMask,
              BlockScaled    ? diag(DiagID::IdescScaleFactorIds)
              : Kind == "i8" ? diag(DiagID::IdescSaturation)
                             : ""));
    return nullptr;
  }
  return B.getInt32(uint32_t(C->getZExtValue()) | Word);
}

bool UmmaCall::addOperands(uint32_t Word) {
  // The instruction descriptor: the variant's word and the call's bits.
  Value *IDesc = instrDesc(Word);
  if (!IDesc)
    return false;
  bool TS = StringRef(V.Mode) == "TS";
  Args.push_back(tmemOperand("d"));
  Args.push_back(TS ? tmemOperand("a") : intOperand("a", 64));
  Args.push_back(intOperand("b", 64));
  Args.push_back(IDesc);
  Value *Acc = Bound.lookup("acc");
  Args.push_back(
      Acc && Acc->getType()->isIntegerTy()
          ? (Acc->getType()->isIntegerTy(1)
                 ? Acc
                 : B.CreateICmpNE(Acc, ConstantInt::get(Acc->getType(), 0)))
          : nullptr);
  if (V.Sparse)
    Args.push_back(tmemOperand("e"));
  if (BlockScaled) {
    Args.push_back(tmemOperand("sfa"));
    Args.push_back(tmemOperand("sfb"));
  }
  if (Reported)
    return false;
  if (is_contained(Args, nullptr))
    return fail(diag(DiagID::OperandsTMEMAddresses));
  return true;
}

bool UmmaCall::addScaleC() {
  Value *Scale = Binder.argNamed("scale_c");
  if (!Scale)
    return true;
  if (!ScaleC || StringRef(ScaleC->Name) != "scale_c")
    return fail(diag(DiagID::ScaleCNoPtxOperand));
  auto *C = dyn_cast<ConstantInt>(Scale);
  if (!C || !constantIn(C, ScaleC->Min, ScaleC->Max))
    return fail(diag(DiagID::ScaleCOutOfRange, ScaleC->Min, ScaleC->Max));
  Args.push_back(B.getInt64(C->getZExtValue()));
  return true;
}

bool UmmaCall::emit(const SelectorInfo &S) {
  Function *Decl = Intrinsic::getOrInsertDeclaration(
      CI.getModule(), Intrinsic::ID(S.IntrinsicID));
  FunctionType *FT = Decl->getFunctionType();
  if (FT->getNumParams() != Args.size())
    return fail(diag(DiagID::OperandsSupplyParameters, Args.size(),
                     FT->getNumParams(), S.IntrinsicName));
  for (auto [I, X] : enumerate(Args))
    if (X->getType() != FT->getParamType(I))
      return fail(diag(DiagID::UmmaOperandTypeMismatch, I, S.IntrinsicName));
  B.CreateCall(Decl, Args);
  CI.eraseFromParent();
  return true;
}

bool UmmaCall::lower() {
  const SelectorInfo &S = selectorOf(V);
  if (S.Kind != SelectorKind::Intrinsic)
    return fail(diag(DiagID::UMMANeedsTcgen05Mma));
  if (!Binder.bind(*this))
    return false;
  Expected<uint32_t> Word = ummaVariantInstrDesc(V);
  if (!Word)
    return fail(toString(Word.takeError()));
  // The accumulator's columns (N, of 32-bit ones) lie in the allocation.
  if (Value *D = Bound.lookup("d"); D && D->getType()->isIntegerTy()) {
    unsigned DBits = V.TypeD >= 0 ? elementTypes()[V.TypeD].Bits : 32;
    if (!checkAccumulatorColumns(CI, V, D,
                                 std::max<uint64_t>(1, V.N * DBits / 32)))
      return false;
  }
  if (!addOperands(*Word) || !addScaleC())
    return false;
  // The immediates: the kind (the dense intrinsics), the CTA group and the
  // A collector usage (discard: A is read from its descriptor each time).
  if (!BlockScaled) {
    std::optional<unsigned> K = nvvmMmaKind(Kind);
    if (!K)
      return fail(diag(DiagID::KindNoNVVMKind, Kind));
    Args.push_back(B.getInt32(*K));
  }
  Args.push_back(B.getInt32(V.Ctas));
  Args.push_back(B.getInt32(0));
  return emit(S);
}

} // namespace

bool lowerUmma(CallInst &CI, const VariantInfo &V) {
  return UmmaCall(CI, V).lower();
}

namespace {

/// `atom.s2t_copy(variant, taddr, sdesc)`: the copy \p Decl of the shared
/// memory \p CI's descriptor describes to tensor memory at \p TPtr, issued
/// by one CTA of its CTA group.
bool lowerS2tCopy(CallInst &CI, const VariantInfo &V, OperandBinder &Binder,
                  IRBuilder<> &B, Function *Decl, Value *TPtr) {
  Value *SDesc = Binder.argNamed("sdesc");
  // A narrower value is no descriptor (its upper fields would be zero).
  if (!SDesc || !SDesc->getType()->isIntegerTy(64))
    return reportVariantError(CI, V.Name, diag(DiagID::OperandSdescMustBit));
  // The cluster partition: only the CTA whose
  // (rank % cta_group) & (cta_group - 1) is zero issues; cta_group is 1
  // or 2, a power of two, so that is rank & (cta_group - 1) == 0, and
  // nothing for one CTA.
  unsigned Ctas = StringRef(V.Ptx).contains("cta_group::2") ? 2 : 1;
  if (Ctas > 1) {
    Value *Rank =
        B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_cluster_ctarank,
                          ArrayRef<Type *>(), ArrayRef<Value *>());
    Value *Issue =
        B.CreateICmpEQ(B.CreateAnd(Rank, Ctas - 1), B.getInt32(0), "s2t.issue");
    BasicBlock *Head = CI.getParent();
    BasicBlock *Join = Head->splitBasicBlock(&CI, "s2t.join");
    BasicBlock *Copy = BasicBlock::Create(CI.getContext(), "s2t.copy",
                                          Head->getParent(), Join);
    Head->getTerminator()->eraseFromParent();
    B.SetInsertPoint(Head);
    B.CreateCondBr(Issue, Copy, Join);
    B.SetInsertPoint(Copy);
    B.CreateCall(Decl, {TPtr, SDesc});
    B.CreateBr(Join);
  } else {
    B.CreateCall(Decl, {TPtr, SDesc});
  }
  CI.eraseFromParent();
  return true;
}

/// The operands of a tensor-memory load or store after its address: the
/// registers it moves, and the immediates (the half-warp offset).
class TmemMoveOperands : public OperandSink {
public:
  TmemMoveOperands(OperandBinder &Binder, IRBuilder<> &B,
                   SmallVectorImpl<Value *> &Args)
      : Binder(Binder), B(B), Args(Args) {}

  /// The registers the instruction moves.
  unsigned Count = 0;

private:
  bool tmem(const PtxOperandInfo &, Value *) override { return true; }
  bool registers(const PtxOperandInfo &Op, Value *) override {
    Count = Op.Count;
    return true;
  }
  bool reg(const PtxOperandInfo &, Value *) override { return true; }
  bool immediate(const PtxOperandInfo &Op, Value *) override {
    std::optional<uint64_t> Off = OperandBinder::recordImmediate(Op);
    if (!Off)
      return Binder.fail(diag(DiagID::ImmediateNotInteger, Op.Name));
    Args.push_back(B.getInt64(*Off));
    return true;
  }
  bool unsupported(const PtxOperandInfo &) override { return true; }

  OperandBinder &Binder;
  IRBuilder<> &B;
  SmallVectorImpl<Value *> &Args;
};

/// `atom.tmem_load(variant, r, taddr)` and `atom.tmem_store(variant, taddr,
/// r)`: the load or store \p Decl between tensor memory at \p TPtr and the
/// registers `r` points at, and its wait.
bool lowerTmemLoadStore(CallInst &CI, const AtomInfo &A, const VariantInfo &V,
                        OperandBinder &Binder, IRBuilder<> &B, Function *Decl,
                        Value *TPtr) {
  const SelectorInfo &S = selectorOf(V);
  auto Fail = [&](const Twine &Msg) { return Binder.fail(Msg); };
  const DataLayout &DL = CI.getModule()->getDataLayout();
  FunctionType *FT = Decl->getFunctionType();
  bool Store = A.Direction == CopyDirection::TmemStore;
  bool Pack = StringRef(V.Ptx).contains("pack::16b");
  Value *Regs = Binder.argNamed("r");
  if (!Regs || !Regs->getType()->isPointerTy())
    return Fail(diag(DiagID::OperandRMustPoint));
  SmallVector<Value *, 4> Args{TPtr};
  TmemMoveOperands Moved(Binder, B, Args);
  if (!Binder.bind(Moved))
    return false;
  unsigned Count = Moved.Count;
  Type *RegTy = Store ? FT->getParamType(Args.size()) : FT->getReturnType();
  auto *VecTy = dyn_cast<FixedVectorType>(RegTy);
  unsigned N = VecTy ? VecTy->getNumElements() : 1;
  if (N != Count)
    return Fail(diag(DiagID::MovesRegistersRecord, S.IntrinsicName, N, Count));
  Type *I32 = B.getInt32Ty();
  // The fragment holds every register the instruction moves.
  if (!Binder.checkObject("r", Regs, uint64_t(N) * DL.getTypeAllocSize(I32)))
    return false;
  auto RegPtr = [&](unsigned I) {
    return byteOffset(B, Regs, uint64_t(I) * DL.getTypeAllocSize(I32));
  };
  if (Store) {
    Value *X = nullptr;
    if (!VecTy) {
      X = B.CreateLoad(I32, RegPtr(0));
    } else {
      X = PoisonValue::get(VecTy);
      for (unsigned I = 0; I != N; ++I)
        X = B.CreateInsertElement(X, B.CreateLoad(I32, RegPtr(I)), I);
    }
    Args.push_back(X);
    Args.push_back(B.getInt1(Pack));
    B.CreateCall(Decl, Args);
    B.CreateIntrinsic(Intrinsic::nvvm_tcgen05_wait_st, ArrayRef<Type *>(),
                      ArrayRef<Value *>());
  } else {
    Args.push_back(B.getInt1(Pack));
    Value *X = B.CreateCall(Decl, Args);
    B.CreateIntrinsic(Intrinsic::nvvm_tcgen05_wait_ld, ArrayRef<Type *>(),
                      ArrayRef<Value *>());
    // The registers are defined once the wait returns: each value passes
    // through an empty asm after it, so that no use (a pack, a conversion)
    // is scheduled between the load and the wait.
    auto *Fence = InlineAsm::get(FunctionType::get(I32, {I32}, false), "",
                                 "=r,0", /*hasSideEffects=*/true);
    for (unsigned I = 0; I != N; ++I) {
      Value *R = VecTy ? B.CreateExtractElement(X, I) : X;
      B.CreateStore(B.CreateCall(Fence, {R}), RegPtr(I));
    }
  }
  CI.eraseFromParent();
  return true;
}

} // namespace

bool lowerTmemCopy(CallInst &CI, const AtomInfo &A, const VariantInfo &V) {
  const SelectorInfo &S = selectorOf(V);
  if (S.Kind != SelectorKind::Intrinsic)
    return reportVariantError(CI, V.Name, diag(DiagID::TensorMemoryCopyNeeds));
  IRBuilder<> B(&CI);
  OperandBinder Binder(CI, V, B);
  Function *Decl = Intrinsic::getOrInsertDeclaration(
      CI.getModule(), Intrinsic::ID(S.IntrinsicID));
  Value *TAddr = Binder.argNamed("taddr");
  if (!TAddr || !TAddr->getType()->isIntegerTy())
    return Binder.fail(diag(DiagID::OperandTaddrMustBit));
  Value *TPtr = Binder.tmemAddress("taddr", TAddr,
                                   Decl->getFunctionType()->getParamType(0));
  if (!TPtr)
    return false;
  // The records say where the copy moves its data (CuteCopyAtom's
  // Direction, which cute-tblgen requires of every atom of this kind).
  switch (A.Direction) {
  case CopyDirection::SmemToTmem:
    return lowerS2tCopy(CI, V, Binder, B, Decl, TPtr);
  case CopyDirection::TmemLoad:
  case CopyDirection::TmemStore:
    return lowerTmemLoadStore(CI, A, V, Binder, B, Decl, TPtr);
  case CopyDirection::None:
    break;
  }
  return Binder.fail(diag(DiagID::TmemCopyNoDirection, A.Mnemonic));
}

bool lowerRetrieveTmemPtr(CallInst &CI, const AtomInfo &A, const VariantInfo &V,
                          TmemPtrCache &Cache) {
  IRBuilder<> Here(&CI);
  OperandBinder Binder(CI, V, Here);
  auto Fail = [&](const Twine &Msg) { return Binder.fail(Msg); };
  Value *Slot = Binder.argNamed("dst");
  Value *NCols = Binder.argNamed("ncols");
  if (!Slot || !Slot->getType()->isPointerTy() || !NCols)
    return Fail(diag(DiagID::RetrieveTmemPtrTakes));
  if (!CI.getType()->isIntegerTy())
    return Fail(diag(DiagID::RetrieveTmemPtrReturns));
  for (const PtxOperandInfo &Op : operandsOf(V))
    if (StringRef(Op.Name) == "ncols" && !operandInRange(CI, V.Name, Op, NCols))
      return false;
  Function &F = *CI.getFunction();
  Value *Handle = Slot->stripPointerCasts();
  auto Key = std::make_pair(&F, Handle);
  auto It = Cache.find(Key);
  if (It == Cache.end()) {
    // A miss: every retrieval of this handle in the function, to place the
    // allocation where it dominates them all.
    SmallVector<CallInst *, 4> Uses;
    for (Instruction &I : instructions(F))
      if (auto *Other = dyn_cast<CallInst>(&I))
        if (Other->getCalledFunction() == CI.getCalledFunction() &&
            Other->getArgOperand(1 + 0)->stripPointerCasts() == Handle)
          Uses.push_back(Other);
    for (CallInst *U : Uses)
      if (U->getArgOperand(0) != CI.getArgOperand(0) ||
          U->getArgOperand(2) != NCols)
        return Fail(diag(DiagID::EveryRetrievalHandle));
    DominatorTree DT(F);
    BasicBlock *Where = CI.getParent();
    for (CallInst *U : Uses)
      Where = DT.findNearestCommonDominator(Where, U->getParent());
    Instruction *At = Where->getTerminator();
    for (Instruction &I : *Where)
      if (is_contained(Uses, &I)) {
        At = &I;
        break;
      }
    if (auto *SlotI = dyn_cast<Instruction>(Slot))
      if (!DT.dominates(SlotI, At))
        return Fail(diag(DiagID::TmemSlotDefinedLate));
    if (auto *NI = dyn_cast<Instruction>(NCols))
      if (!DT.dominates(NI, At))
        return Fail(diag(DiagID::TmemColumnsDefinedLate));
    IRBuilder<> B(At);
    CallInst *Alloc = emitSyncIntrinsic(B, CI, A, V);
    if (!Alloc)
      return false;
    Intrinsic::ID Relinquish =
        StringRef(V.Ptx).contains("cta_group::2")
            ? Intrinsic::nvvm_tcgen05_relinq_alloc_permit_cg2
            : Intrinsic::nvvm_tcgen05_relinq_alloc_permit_cg1;
    B.CreateIntrinsic(Relinquish, ArrayRef<Type *>(), ArrayRef<Value *>());
    Value *Ptr = Alloc->getArgOperand(0);
    Value *Addr = B.CreateLoad(B.getInt32Ty(), Ptr, "tmem.addr");
    It = Cache.insert({Key, Addr}).first;
  }
  Value *Addr = It->second;
  IRBuilder<> B(&CI);
  CI.replaceAllUsesWith(B.CreateZExtOrTrunc(Addr, CI.getType()));
  CI.eraseFromParent();
  return true;
}

} // namespace cute
