//===- Desugar.cpp - cute-desugar -----------------------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Stage 1 of the lowering: rewrite sugar into primitive
/// `llvm.cute.*` calls that cute-lower-layout lowers mechanically. It also
/// normalises what clang gives it: at -O0 cute values live in stack slots,
/// which are promoted to SSA values here (after SROA where a stack aggregate
/// holds pointers: the closure of a lambda that captures a cute value by
/// reference), and it checks every notation literal (malformed or
/// non-positive leaves) before anything is built.
///
/// Target-neutral: nothing here reads the target's compute capability.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "CuteValues.h"
#include "Diagnostics.h"
#include "NotationCache.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace cute {

/// Stack slots of `ptr` that hold cute values become SSA values (clang
/// -O0 spills every local).
bool promotePointerSlots(Function &F) {
  SmallVector<AllocaInst *, 8> Slots;
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (AI->getAllocatedType()->isPointerTy() && isAllocaPromotable(AI))
        Slots.push_back(AI);
  if (Slots.empty())
    return false;
  DominatorTree DT(F);
  PromoteMemToReg(Slots, DT);
  return true;
}

namespace {

/// Whether \p F stores a pointer into a stack slot that is not a promotable
/// pointer slot: a struct or array on the stack, such as the closure of a
/// lambda that captures cute values by reference (it holds the addresses of
/// their slots). The cute values behind it reach the lowering only once SROA
/// has split the aggregate and forwarded its fields.
bool storesPointersInAggregates(Function &F) {
  for (Instruction &I : instructions(F)) {
    auto *SI = dyn_cast<StoreInst>(&I);
    if (!SI || !SI->getValueOperand()->getType()->isPointerTy())
      continue;
    auto *AI =
        dyn_cast<AllocaInst>(getUnderlyingObject(SI->getPointerOperand()));
    if (AI &&
        (!AI->getAllocatedType()->isPointerTy() || !isAllocaPromotable(AI)))
      return true;
  }
  return false;
}

/// Builds primitive cute calls.
class CuteBuilder {
public:
  explicit CuteBuilder(Instruction *At) : B(At), M(*At->getModule()) {}

  llvm::Value *call(StringRef Op, ArrayRef<llvm::Value *> Args,
                    Type *Ret = nullptr) {
    SmallVector<Type *, 4> Tys;
    for (llvm::Value *A : Args)
      Tys.push_back(A->getType());
    if (!Ret)
      Ret = B.getPtrTy();
    std::string Name = ("llvm.cute." + Op).str();
    if (Ret->isIntegerTy() && Ret->getIntegerBitWidth() != 32)
      Name += ".i" + std::to_string(Ret->getIntegerBitWidth());
    FunctionCallee F =
        M.getOrInsertFunction(Name, FunctionType::get(Ret, Tys, false));
    return B.CreateCall(F, Args);
  }
  llvm::Value *str(StringRef S) {
    return B.CreateGlobalString(S, ".cute.str", 0, &M);
  }
  IRBuilder<> B;
  Module &M;
};

class FunctionDesugar {
public:
  FunctionDesugar(Function &F, FunctionAnalysisManager &FAM,
                  NotationCache &Notation)
      : F(F), FAM(FAM), Notation(Notation) {}
  bool run();

private:
  bool promoteSlots();
  void checkLiteral(CallInst &CI, StringRef Op);
  bool expand(CallInst &CI, CuteOp Op);
  void expandLocalTile(CallInst &CI);
  void expandLocalPartition(CallInst &CI);
  void expandPrint(CallInst &CI);

  Function &F;
  FunctionAnalysisManager &FAM;
  /// The module's parsed profiles, shared with lower-layout.
  NotationCache &Notation;
};

/// Fields read back from the aggregates they were inserted into: what SROA
/// leaves of a small struct that holds cute values and is passed or
/// returned by value (`insertvalue` then `extractvalue`, such as a TiledMMA
/// object carrying its handle), so that the lowering sees the values.
bool forwardInsertedFields(Function &F) {
  bool Changed = false;
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *EV = dyn_cast<ExtractValueInst>(&I);
    if (!EV)
      continue;
    llvm::Value *Field =
        FindInsertedValue(EV->getAggregateOperand(), EV->getIndices());
    if (!Field || Field == EV || isa<ExtractValueInst>(Field) ||
        Field->getType() != EV->getType())
      continue;
    EV->replaceAllUsesWith(Field);
    EV->eraseFromParent();
    Changed = true;
  }
  // The aggregates nothing reads any more hold cute values too: they go.
  SmallVector<Instruction *, 8> Dead;
  for (Instruction &I : instructions(F))
    if (isa<InsertValueInst>(I) && I.use_empty())
      Dead.push_back(&I);
  for (Instruction *I : Dead)
    RecursivelyDeleteTriviallyDeadInstructions(I);
  return Changed || !Dead.empty();
}

/// The stack aggregates that hold pointers split first (SROA forwards their
/// fields), then the fields of aggregates held in registers forwarded (a
/// struct of cute values returned by value and bound, as
/// convert_layout_acc_Aregs_permuted's, needs no stack slot to reach
/// SROA's insertvalue / extractvalue form), then the pointer slots
/// promoted.
bool FunctionDesugar::promoteSlots() {
  bool Split = storesPointersInAggregates(F);
  if (Split)
    FAM.invalidate(F, SROAPass(SROAOptions::PreserveCFG).run(F, FAM));
  bool Forwarded = forwardInsertedFields(F);
  if (Forwarded)
    FAM.invalidate(F, PreservedAnalyses::none());
  return promotePointerSlots(F) || Split || Forwarded;
}

void FunctionDesugar::checkLiteral(CallInst &CI, StringRef Op) {
  // The tiled constructors take atom names and attributes, not profiles.
  if (!CI.arg_size() || Op.starts_with("make_tiled_"))
    return;
  std::optional<StringRef> Text = getConstantString(CI.getArgOperand(0));
  if (!Text)
    return;
  // unpack's profile says its own kind.
  ValueKind Kind = literalKind(Op, *Text).value_or(ValueKind::Auto);
  auto V = Notation.parse(*Text, Kind);
  if (!V)
    reportCuteError(CI, diag(DiagID::OpProfileInvalid, Op, *Text,
                             describeError(V.takeError())));
}

void FunctionDesugar::expandLocalTile(CallInst &CI) {
  // local_tile(tensor, tiler, coord) = CuTe's inner_partition:
  // zipped_divide(tensor, tiler)((_,...), coord).
  if (CI.arg_size() != 3)
    return reportCuteError(CI, diag(DiagID::LocalTileExpectsTensor));
  CuteBuilder C(&CI);
  llvm::Value *Z =
      C.call("zipped_divide", {CI.getArgOperand(0), CI.getArgOperand(1)});
  llvm::Value *Crd =
      C.call("partition_coord", {Z, CI.getArgOperand(2), C.str("mode=1")});
  CI.replaceAllUsesWith(C.call("slice", {Z, Crd}));
  CI.eraseFromParent();
}

void FunctionDesugar::expandLocalPartition(CallInst &CI) {
  // local_partition(tensor, thr_layout, idx) = CuTe's outer_partition by the
  // thread layout's shape at the thread's coordinate in it:
  // zipped_divide(tensor, shape(thr))(idx2crd(idx, thr), (_,...)). With a
  // projection (CuTe's Step), the thread layout and the coordinate are
  // diced by it first: local_partition(tensor, dice(proj, thr),
  // dice(proj, idx2crd(idx, thr))).
  if (CI.arg_size() != 3 && CI.arg_size() != 4)
    return reportCuteError(CI, diag(DiagID::LocalPartitionExpects));
  CuteBuilder C(&CI);
  llvm::Value *Thr = CI.getArgOperand(1);
  llvm::Value *Crd =
      C.call("idx2crd", {CI.getArgOperand(2), C.call("get_shape", {Thr}),
                         C.call("get_stride", {Thr})});
  if (CI.arg_size() == 4) {
    llvm::Value *Proj = CI.getArgOperand(3);
    Thr = C.call("dice", {Thr, Proj});
    Crd = C.call("dice", {Crd, Proj});
  }
  llvm::Value *Z = C.call("zipped_divide",
                          {CI.getArgOperand(0), C.call("get_shape", {Thr})});
  llvm::Value *Full = C.call("partition_coord", {Z, Crd, C.str("mode=0")});
  CI.replaceAllUsesWith(C.call("slice", {Z, Full}));
  CI.eraseFromParent();
}

void FunctionDesugar::expandPrint(CallInst &CI) {
  // print(value) = vprintf(format, arguments): the format is the value's
  // notation with %d / %lld for its dynamic leaves, the arguments a buffer
  // of those leaves. Both depend on the profile, which the layout lowering
  // knows: llvm.cute.print_format and llvm.cute.print_args.
  if (CI.arg_size() != 1)
    return reportCuteError(CI, diag(DiagID::PrintExpectsValue));
  CuteBuilder C(&CI);
  Module &M = *CI.getModule();
  Triple TT(M.getTargetTriple());
  if (!TT.isNVPTX())
    return reportCuteError(CI, diag(DiagID::PrintPrintsThrough));
  llvm::Value *Fmt = C.call("print_format", {CI.getArgOperand(0)});
  llvm::Value *Args = C.call("print_args", {CI.getArgOperand(0)});
  FunctionCallee VPrintf = M.getOrInsertFunction(
      "vprintf", FunctionType::get(C.B.getInt32Ty(),
                                   {C.B.getPtrTy(), C.B.getPtrTy()}, false));
  C.B.CreateCall(VPrintf, {Fmt, Args});
  if (!CI.use_empty())
    CI.replaceAllUsesWith(PoisonValue::get(CI.getType()));
  CI.eraseFromParent();
}

bool FunctionDesugar::expand(CallInst &CI, CuteOp Op) {
  switch (Op) {
  case CuteOp::local_tile:
    expandLocalTile(CI);
    return true;
  case CuteOp::local_partition:
    expandLocalPartition(CI);
    return true;
  case CuteOp::print:
    expandPrint(CI);
    return true;
  default:
    return false;
  }
}

bool FunctionDesugar::run() {
  bool Changed = promoteSlots();
  SmallVector<std::pair<CallInst *, StringRef>, 16> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = getCallee(*CI))
        if (auto Op = getCuteOpName(*Callee))
          Calls.push_back({CI, *Op});
  for (auto [CI, Op] : Calls) {
    const CuteIntrinsicInfo *Info = lookupCuteIntrinsic(Op);
    if (!Info) {
      reportCuteError(*CI, diag(DiagID::UnknownIntrinsic, Op));
      continue;
    }
    if (Info->Stage == CuteStage::Desugar) {
      Changed |= expand(*CI, Info->Id);
      continue;
    }
    if (Info->ProfileOperand)
      checkLiteral(*CI, Op);
  }
  return Changed;
}

} // namespace

PreservedAnalyses CuteDesugarPass::run(Function &F,
                                       FunctionAnalysisManager &FAM) {
  if (!hasCuteCalls(F))
    return PreservedAnalyses::all();
  NotationCache Local;
  return FunctionDesugar(F, FAM, notationCacheFor(Notation, F, FAM, Local))
                 .run()
             ? PreservedAnalyses::none()
             : PreservedAnalyses::all();
}

} // namespace cute
