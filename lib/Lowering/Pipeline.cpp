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
///    with cleanup);
///  - clang and `opt -O<n>` default pipelines: at the start of the
///    simplification pipeline for functions whose cute values are all their
///    own (so inlining, SROA, GVN, LICM and unrolling clean up after it), and
///    at the end of the optimiser for the rest, after inlining;
///  - llc, through the plugin's PreCodeGenCallback (runCuteLowering): the
///    lowering and the cleanup llc alone would not run.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"

#include "Diagnostics.h"

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

/// Runs \p FPM on the functions that had cute calls before \p Inner ran:
/// the rest of the module is left exactly as it was.
template <typename PassT>
struct CleanupAfter : PassInfoMixin<CleanupAfter<PassT>> {
  explicit CleanupAfter(PassT Inner) : Inner(std::move(Inner)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    SmallVector<Function *, 8> Touched;
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      for (Instruction &I : instructions(F))
        if (auto *CI = dyn_cast<CallInst>(&I))
          if (getCallee(*CI) && isCuteFunction(*getCallee(*CI))) {
            Touched.push_back(&F);
            break;
          }
    }
    PreservedAnalyses PA = Inner.run(M, MAM);
    if (Touched.empty())
      return PA;
    auto &FAM =
        MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    FAM.clear();
    MAM.invalidate(M, PreservedAnalyses::none());
    FunctionPassManager FPM = buildCleanup();
    for (Function *F : Touched) {
      FPM.run(*F, FAM);
      // Free what the cleanup computed for this function (dominator trees,
      // memory dependences): a module of many functions would otherwise hold
      // every touched function's analyses until the pass ends.
      FAM.clear(*F, F->getName());
    }
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
  PassT Inner;
};

/// desugar + lower-layout, as one module pass.
struct DesugarAndLower : PassInfoMixin<DesugarAndLower> {
  explicit DesugarAndLower(bool Defer) : Defer(Defer) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    PreservedAnalyses PA = CuteDesugarPass().run(M, MAM);
    PA.intersect(CuteLowerLayoutPass(Defer).run(M, MAM));
    return PA;
  }
  static bool isRequired() { return true; }
  bool Defer;
};

/// All three stages, as one module pass.
struct LowerAll : PassInfoMixin<LowerAll> {
  explicit LowerAll(const TargetMachine *TM) : TM(TM) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    PreservedAnalyses PA = DesugarAndLower(/*Defer=*/false).run(M, MAM);
    PA.intersect(CuteLowerAtomsPass(TM).run(M, MAM));
    return PA;
  }
  static bool isRequired() { return true; }
  const TargetMachine *TM;
};
/// Runs \p Inner with every error it finds reported, and no output left
/// behind by a failure (runReportingAllErrors).
template <typename PassT>
struct AllErrors : PassInfoMixin<AllErrors<PassT>> {
  explicit AllErrors(PassT Inner) : Inner(std::move(Inner)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    PreservedAnalyses PA = PreservedAnalyses::all();
    runReportingAllErrors(M, [&] { PA = Inner.run(M, MAM); });
    return PA;
  }
  static bool isRequired() { return true; }
  PassT Inner;
};
template <typename PassT> AllErrors<PassT> allErrors(PassT Inner) {
  return AllErrors<PassT>(std::move(Inner));
}

/// The lowering and the check that nothing survived, as one module pass.
struct LowerAndVerify : PassInfoMixin<LowerAndVerify> {
  explicit LowerAndVerify(const TargetMachine *TM) : TM(TM) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    // The helpers first: the cleanup then sees the callers they went into.
    PreservedAnalyses PA = CuteInlineHelpersPass().run(M, MAM);
    PA.intersect(CleanupAfter<LowerAll>(LowerAll(TM)).run(M, MAM));
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

void registerCutePasses(PassBuilder &PB, bool WithExtensionPoints,
                        const TargetMachine *TM) {
  PB.registerPipelineParsingCallback(
      [TM](StringRef Name, ModulePassManager &MPM,
           ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "cute-inline-helpers") {
          MPM.addPass(allErrors(CuteInlineHelpersPass()));
          return true;
        }
        if (Name == "cute-desugar") {
          MPM.addPass(allErrors(CuteDesugarPass()));
          return true;
        }
        if (Name == "cute-lower-layout") {
          MPM.addPass(allErrors(CuteLowerLayoutPass()));
          return true;
        }
        if (Name == "cute-lower-layout<defer>") {
          MPM.addPass(allErrors(CuteLowerLayoutPass(/*DeferUnknown=*/true)));
          return true;
        }
        if (Name == "cute-lower-atoms") {
          MPM.addPass(allErrors(CuteLowerAtomsPass(TM)));
          return true;
        }
        if (Name == "cute-verify") {
          MPM.addPass(allErrors(CuteVerifyPass()));
          return true;
        }
        if (Name == "cute-lower") {
          addCuteLoweringPipeline(MPM, TM);
          return true;
        }
        return false;
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
        MPM.addPass(allErrors(DesugarAndLower(/*Defer=*/true)));
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
