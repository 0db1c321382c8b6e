//===- Pipeline.cpp - The CuTe lowering pipeline and its registration -----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Where the lowering runs:
///  - `opt -passes=cute-desugar,cute-lower-layout,cute-lower-atoms,
///    cute-verify` (single stages) and `-passes=cute-lower` (all of them,
///    with cleanup); the three function stages also in a function pipeline
///    (`-passes='function(cute-desugar)'`);
///  - clang and `opt -O<n>` default pipelines: at the start of the
///    simplification pipeline for functions whose cute values are all their
///    own (so inlining, SROA, GVN, LICM and unrolling clean up after it), and
///    at the end of the optimiser for the rest, after inlining;
///  - llc, through the plugin's PreCodeGenCallback (runCuteLowering): the
///    lowering and the cleanup llc alone would not run.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"

#include "AtomLowering.h"
#include "CuteValues.h"
#include "Diagnostics.h"
#include "NotationCache.h"
#include "OperandSlots.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/ADCE.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

namespace cute {

namespace {
/// The cleanup after lowering: what llc alone would not run.
FunctionPassManager buildCleanup() {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/false));
  FPM.addPass(InstCombinePass());
  FPM.addPass(GVNPass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(ADCEPass());
  return FPM;
}

/// The stages a FunctionStages runs, in this order.
enum StageSet : unsigned {
  Desugar = 1,
  LowerLayout = 2,
  LowerAtoms = 4,
  /// buildCleanup, on the functions that had cute calls.
  Cleanup = 8,
  LowerAll = Desugar | LowerLayout | LowerAtoms,
};

/// What the function stages leave for the module to erase once dead: a
/// function pass erases no global.
struct Leftovers {
  /// The local notation strings and variant names the calls read.
  SmallPtrSet<GlobalVariable *, 16> Strings;
  /// The atoms called.
  SmallPtrSet<Function *, 8> Atoms;
};

/// Collects, before cute-lower-layout, the local notation strings that the
/// cute calls of \p M read.
void collectNotations(Module &M, Leftovers &L) {
  for (Function &F : M)
    if (getCuteOpName(F))
      for (User *U : F.users())
        if (auto *CB = dyn_cast<CallBase>(U))
          for (llvm::Value *Op : CB->args())
            if (auto *GV = dyn_cast<GlobalVariable>(Op->stripPointerCasts()))
              if (GV->hasLocalLinkage() && getConstantString(GV))
                L.Strings.insert(GV);
}

/// Collects, before cute-lower-atoms, the atoms that \p M calls and their
/// local variant names.
void collectAtoms(Module &M, Leftovers &L) {
  auto Collect = [&](Function &F, User *U) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || getCallee(*CI) != &F)
      return;
    L.Atoms.insert(&F);
    if (CI->arg_size())
      if (auto *GV = dyn_cast<GlobalVariable>(
              CI->getArgOperand(0)->stripPointerCasts());
          GV && GV->hasLocalLinkage())
        L.Strings.insert(GV);
  };
  for (Function &F : M)
    if (F.getName().starts_with("llvm.cute.nvgpu."))
      for (User *U : F.users()) {
        Collect(F, U);
        // A call through a cast of the atom.
        if (isa<ConstantExpr>(U))
          for (User *CastUser : U->users())
            Collect(F, CastUser);
      }
}

/// Reports the target machine's CPU, where LLVM's NVPTX back end does not
/// know it (refuseTargetCPU), once for \p M, at its first atom call: the
/// module is compiled for that CPU, whatever its functions' `target-cpu`
/// say. Returns true when it reported it: no atom is lowered then. (Without
/// a target machine's CPU, opt, each function's own is the atom lowering's
/// to refuse, at the function's first atom call.)
bool refuseModuleCPU(Module &M, const TargetMachine *TM) {
  if (!TM || TM->getTargetCPU().empty())
    return false;
  std::optional<std::string> Why = refuseTargetCPU(TM->getTargetCPU(), TM);
  if (!Why)
    return false;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (Function *Callee = getCallee(*CI);
            Callee && Callee->getName().starts_with("llvm.cute.nvgpu.")) {
          reportCuteError(*CI, *Why);
          return true;
        }
  return false;
}

/// Erases what the stages left dead: the collected atoms and strings, and
/// after cute-lower-layout every dead `llvm.cute.*` op declaration.
/// Returns true when it erased something.
bool eraseLeftovers(Module &M, ModuleAnalysisManager &MAM, Leftovers &L,
                    bool OpDeclarations) {
  auto *FAMProxy = MAM.getCachedResult<FunctionAnalysisManagerModuleProxy>(M);
  bool Changed = false;
  auto EraseFunction = [&](Function &F) {
    if (FAMProxy)
      FAMProxy->getManager().clear(F, F.getName());
    F.eraseFromParent();
    Changed = true;
  };
  if (OpDeclarations)
    for (Function &F : make_early_inc_range(M))
      if (F.isDeclaration() && getCuteOpName(F) && F.use_empty())
        EraseFunction(F);
  for (Function *F : L.Atoms)
    if (F->use_empty())
      EraseFunction(*F);
  // Notation strings and variant names are compile-time data: do not emit
  // them.
  for (GlobalVariable *GV : L.Strings) {
    GV->removeDeadConstantUsers();
    if (GV->use_empty()) {
      GV->eraseFromParent();
      Changed = true;
    }
  }
  return Changed;
}

/// buildCleanup on the functions in \p Touched, each function's analyses
/// (dominator trees, memory dependences) freed after its cleanup: a module
/// of many functions would otherwise hold every touched function's
/// analyses until the pass ends.
struct CleanupTouched : PassInfoMixin<CleanupTouched> {
  explicit CleanupTouched(const SmallPtrSetImpl<Function *> &Touched)
      : Touched(&Touched), Passes(buildCleanup()) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (!Touched->count(&F))
      return PreservedAnalyses::all();
    Passes.run(F, FAM);
    FAM.clear(F, F.getName());
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
  const SmallPtrSetImpl<Function *> *Touched;
  FunctionPassManager Passes;
};

/// Runs the stages in \p Stages as function passes, each over the whole
/// module before the next (so that diagnostics come stage by stage, in
/// program order within each) and each followed by the erasure of what it
/// left dead; then, with Cleanup, the cleanup of the functions that had
/// cute calls. The rest of the module is left exactly as it was.
struct FunctionStages : PassInfoMixin<FunctionStages> {
  explicit FunctionStages(unsigned Stages, bool Defer = false,
                          const TargetMachine *TM = nullptr)
      : Stages(Stages), Defer(Defer), TM(TM) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    // The module's parsed notation literals, for desugar and lower-layout.
    NotationCache &Notation = getNotationCache(M, MAM);
    // Unoptimised code passes a wrapper's arguments through stack slots:
    // the calls get the values themselves, for the checks to see.
    if (Stages & LowerAll) {
      FunctionAnalysisManager &FAM =
          MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
      for (Function &F : M)
        if (!F.isDeclaration() && hasCuteCalls(F) && promoteOperandSlots(F))
          FAM.invalidate(F, PreservedAnalyses::none());
    }
    SmallPtrSet<Function *, 8> Touched;
    if (Stages & Cleanup)
      for (Function &F : M)
        if (hasCuteCalls(F))
          Touched.insert(&F);
    PreservedAnalyses PA = PreservedAnalyses::all();
    bool Erased = false;
    if (Stages & Desugar)
      PA.intersect(createModuleToFunctionPassAdaptor(CuteDesugarPass(&Notation))
                       .run(M, MAM));
    if (Stages & LowerLayout) {
      Leftovers L;
      collectNotations(M, L);
      PA.intersect(createModuleToFunctionPassAdaptor(
                       CuteLowerLayoutPass(Defer, &Notation))
                       .run(M, MAM));
      Erased |= eraseLeftovers(M, MAM, L, /*OpDeclarations=*/true);
    }
    // A CPU that NVPTX does not know is the module's (the target
    // machine's): one error, at the first atom call, and no atom lowered.
    bool LowerAtomCalls = Stages & LowerAtoms;
    if (LowerAtomCalls && refuseModuleCPU(M, TM))
      LowerAtomCalls = false;
    if (LowerAtomCalls) {
      Leftovers L;
      collectAtoms(M, L);
      PA.intersect(createModuleToFunctionPassAdaptor(CuteLowerAtomsPass(TM))
                       .run(M, MAM));
      Erased |= eraseLeftovers(M, MAM, L, /*OpDeclarations=*/false);
    }
    if (Touched.empty())
      return Erased ? PreservedAnalyses::none() : PA;
    // The cleanup sees what the stages changed afresh, module analyses
    // included.
    MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager().clear();
    MAM.invalidate(M, PreservedAnalyses::none());
    createModuleToFunctionPassAdaptor(CleanupTouched(Touched)).run(M, MAM);
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
  unsigned Stages;
  bool Defer;
  const TargetMachine *TM;
};

Module &moduleOf(Module &M) { return M; }
Module &moduleOf(Function &F) { return *F.getParent(); }

/// Runs \p Inner with every error it finds reported, and no output left
/// behind by a failure (runReportingAllErrors).
template <typename PassT, typename IRUnitT>
struct AllErrors : PassInfoMixin<AllErrors<PassT, IRUnitT>> {
  explicit AllErrors(PassT Inner) : Inner(std::move(Inner)) {}
  PreservedAnalyses run(IRUnitT &IR, AnalysisManager<IRUnitT> &AM) {
    PreservedAnalyses PA = PreservedAnalyses::all();
    runReportingAllErrors(moduleOf(IR), [&] { PA = Inner.run(IR, AM); });
    return PA;
  }
  /// The pass it runs, as -debug-pass-manager names it.
  static StringRef name() { return PassT::name(); }
  static bool isRequired() { return true; }
  PassT Inner;
};
template <typename IRUnitT = Module, typename PassT>
AllErrors<PassT, IRUnitT> allErrors(PassT Inner) {
  return AllErrors<PassT, IRUnitT>(std::move(Inner));
}

/// The lowering and the check that nothing survived, as one module pass.
struct LowerAndVerify : PassInfoMixin<LowerAndVerify> {
  explicit LowerAndVerify(const TargetMachine *TM) : TM(TM) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    // The helpers first: the cleanup then sees the callers they went into.
    PreservedAnalyses PA = CuteInlineHelpersPass().run(M, MAM);
    PA.intersect(
        FunctionStages(LowerAll | Cleanup, /*Defer=*/false, TM).run(M, MAM));
    PA.intersect(CuteVerifyPass().run(M, MAM));
    return PA;
  }
  static bool isRequired() { return true; }
  const TargetMachine *TM;
};
} // namespace

void addCuteLoweringPipeline(ModulePassManager &MPM, const TargetMachine *TM) {
  MPM.addPass(allErrors(LowerAndVerify(TM)));
}

namespace {
/// A pipeline element that names one of the op stages' passes (td/Ops.td's
/// OpStage records: `cute-desugar`, `cute-lower-layout`,
/// `cute-lower-atoms`), `<defer>` allowed on the layout stage's.
struct StagePassName {
  StageSet Stage;
  bool Defer = false;
};
std::optional<StagePassName> parseStagePass(StringRef Name) {
  bool Defer = Name.consume_back("<defer>");
  struct {
    CuteStage Op;
    StageSet Stage;
  } const Stages[] = {{CuteStage::Desugar, Desugar},
                      {CuteStage::Layout, LowerLayout},
                      {CuteStage::Atom, LowerAtoms}};
  for (auto [Op, Stage] : Stages)
    if (Name == stagePass(Op) && (!Defer || Stage == LowerLayout))
      return StagePassName{Stage, Defer};
  return std::nullopt;
}
} // namespace

void registerCutePasses(PassBuilder &PB, bool WithExtensionPoints,
                        const TargetMachine *TM) {
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return NotationAnalysis(); });
  });
  // The stages as module passes: every function, then the tidy-ups.
  PB.registerPipelineParsingCallback(
      [TM](StringRef Name, ModulePassManager &MPM,
           ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == passName(CutePass::InlineHelpers)) {
          MPM.addPass(allErrors(CuteInlineHelpersPass()));
          return true;
        }
        if (std::optional<StagePassName> S = parseStagePass(Name)) {
          MPM.addPass(allErrors(FunctionStages(S->Stage, S->Defer, TM)));
          return true;
        }
        if (Name == passName(CutePass::Verify)) {
          MPM.addPass(allErrors(CuteVerifyPass()));
          return true;
        }
        if (Name == passName(CutePass::Lower)) {
          addCuteLoweringPipeline(MPM, TM);
          return true;
        }
        return false;
      });
  // The stages alone, in a function pipeline (`function(cute-desugar)`):
  // the declarations and strings they leave dead stay.
  PB.registerPipelineParsingCallback(
      [TM](StringRef Name, FunctionPassManager &FPM,
           ArrayRef<PassBuilder::PipelineElement>) {
        std::optional<StagePassName> S = parseStagePass(Name);
        if (!S)
          return false;
        if (S->Stage == Desugar)
          FPM.addPass(allErrors<Function>(CuteDesugarPass()));
        else if (S->Stage == LowerLayout)
          FPM.addPass(allErrors<Function>(
              CuteLowerLayoutPass(/*DeferUnknown=*/S->Defer)));
        else
          FPM.addPass(allErrors<Function>(CuteLowerAtomsPass(TM)));
        return true;
      });
  if (!WithExtensionPoints)
    return;
  // Early: functions whose cute values are their own; the whole
  // simplification pipeline cleans up after them.
  PB.registerPipelineEarlySimplificationEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        if (Level == OptimizationLevel::O0)
          return;
        // The always-inline wrappers of <cute/llvm.h> first: the kernels
        // that call them then own their cute values, and loops bounded by
        // a static size are unrolled by the pipeline that follows.
        MPM.addPass(AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false));
        // Then the helpers that pass cute values, whatever their inlining
        // attributes.
        MPM.addPass(allErrors(CuteInlineHelpersPass()));
        MPM.addPass(
            allErrors(FunctionStages(Desugar | LowerLayout, /*Defer=*/true)));
      });
  // Late: the rest, after inlining (and at -O0 after the always-inliner),
  // then the check that nothing survived.
  PB.registerOptimizerLastEPCallback(
      [TM](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        addCuteLoweringPipeline(MPM, TM);
      });
}

Error runModulePipeline(
    Module &M, TargetMachine *TM,
    function_ref<Error(PassBuilder &, ModulePassManager &)> Build) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM);
  registerCutePasses(PB, /*WithExtensionPoints=*/true, TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  if (Error E = Build(PB, MPM))
    return E;
  MPM.run(M, MAM);
  return Error::success();
}

bool runCuteLowering(Module &M, TargetMachine *TM) {
  bool HasCute = false;
  for (Function &F : M)
    HasCute |= isCuteFunction(F) && !F.use_empty();
  if (!HasCute)
    return true;
  // An earlier run (clang's pipeline) already diagnosed what is left: stop
  // code generation without reporting it twice.
  if (M.getContext().getDiagHandlerPtr()->HasErrors)
    return false;

  const DiagnosticHandler *DH = M.getContext().getDiagHandlerPtr();
  bool HadErrors = DH->HasErrors;
  cantFail(
      runModulePipeline(M, TM, [TM](PassBuilder &, ModulePassManager &MPM) {
        // Functions that take cute values must be inlined to be lowered.
        MPM.addPass(AlwaysInlinerPass());
        addCuteLoweringPipeline(MPM, TM);
        return Error::success();
      }));
  return HadErrors || !DH->HasErrors;
}

} // namespace cute
