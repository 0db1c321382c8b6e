//===- Passes.h - The CuTe lowering passes ----------------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The three target-neutral stages of the lowering of `llvm.cute.*` calls
/// (seed 000), as new-pass-manager module passes:
///
///   cute-desugar       sugar -> primitive `llvm.cute.*` calls; promotes the
///                      stack slots clang gives cute values at -O0; checks
///                      notation literals before anything is built.
///   cute-lower-layout  primitive calls -> LLVM values: static layouts fold
///                      to constants, dynamic leaves to integer arithmetic.
///   cute-lower-atoms   `llvm.cute.nvgpu.*` atom calls to NVVM intrinsics,
///                      inline PTX or plain IR, per the function's SM tier.
///   cute-verify        no `llvm.cute.*` call survives.
///
/// Errors go through the LLVMContext as DiagnosticInfo, with the source
/// location when the call has debug info.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LOWERING_PASSES_H
#define CUTELLVM_LOWERING_PASSES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace llvm {
class PassBuilder;
class TargetMachine;
} // namespace llvm

namespace cute {

/// Inline every defined function that takes or returns a cute value into
/// its callers (transitively), so that helpers need no `alwaysinline`; a
/// recursive one is a located error. The first step of the lowering.
struct CuteInlineHelpersPass : llvm::PassInfoMixin<CuteInlineHelpersPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Expand sugar into primitive calls. Target-neutral: never reads the
/// target.
struct CuteDesugarPass : llvm::PassInfoMixin<CuteDesugarPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Lower primitive `llvm.cute.*` calls to LLVM values.
struct CuteLowerLayoutPass : llvm::PassInfoMixin<CuteLowerLayoutPass> {
  /// With \p DeferUnknown, a function whose cute values come from outside
  /// it (arguments of a function not yet inlined) is left for a later run
  /// instead of being diagnosed.
  explicit CuteLowerLayoutPass(bool DeferUnknown = false)
      : DeferUnknown(DeferUnknown) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  bool DeferUnknown;
};

/// Lower `llvm.cute.nvgpu.*` atom calls to the instructions their variants
/// issue on the function's SM tier (its "target-cpu", else \p TM's CPU).
struct CuteLowerAtomsPass : llvm::PassInfoMixin<CuteLowerAtomsPass> {
  explicit CuteLowerAtomsPass(const llvm::TargetMachine *TM = nullptr)
      : TM(TM) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  const llvm::TargetMachine *TM;
};

/// Diagnose every `llvm.cute.*` call that survived, naming the pass that
/// should have removed it.
struct CuteVerifyPass : llvm::PassInfoMixin<CuteVerifyPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Register `cute-desugar`, `cute-lower-layout`, `cute-lower-atoms`,
/// `cute-verify` and the whole pipeline `cute-lower` (with its cleanup) with
/// \p PB, and, when \p WithExtensionPoints, hook the pipeline into clang's
/// and opt's default pipelines. \p TM gives atom lowering its default tier.
void registerCutePasses(llvm::PassBuilder &PB, bool WithExtensionPoints,
                        const llvm::TargetMachine *TM = nullptr);

/// The whole lowering with the cleanup that lets LLVM fold what it left:
/// desugar, lower-layout, lower-atoms, SROA, instcombine, GVN, simplifycfg,
/// verify.
void addCuteLoweringPipeline(llvm::ModulePassManager &MPM,
                             const llvm::TargetMachine *TM = nullptr);

/// Build a module pipeline with \p Build on a PassBuilder for \p TM (the
/// cute passes registered, the analysis managers registered and
/// cross-registered) and run it on \p M. An error from \p Build is
/// returned and nothing runs.
llvm::Error
runModulePipeline(llvm::Module &M, llvm::TargetMachine *TM,
                  llvm::function_ref<llvm::Error(llvm::PassBuilder &,
                                                 llvm::ModulePassManager &)>
                      Build);

/// Run the whole lowering on \p M (llc's PreCodeGenCallback). Returns false
/// when a diagnostic was an error.
bool runCuteLowering(llvm::Module &M, llvm::TargetMachine *TM);

/// Remove the output files the host tool registered for removal on a signal
/// (llvm::sys::RemoveFileOnSignal: opt's and llc's -o file), before a
/// failure that exits without removing them.
void removeCuteToolOutputs();

} // namespace cute

#endif // CUTELLVM_LOWERING_PASSES_H
