//===- Passes.h - The CuTe lowering passes ----------------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The lowering of `llvm.cute.*` calls, as new-pass-manager passes. The
/// stages are function passes: each skips a function that calls no
/// `llvm.cute.*` function, and the module-level tidy-ups they leave (dead
/// `llvm.cute.*` declarations and notation strings) are done by the module
/// passes that run them (registerCutePasses' names, the pipeline).
///
///   cute-inline-helpers  (module pass) helpers that pass cute values are
///                        inlined into their callers.
///   cute-desugar         sugar -> primitive `llvm.cute.*` calls; promotes
///                        the stack slots clang gives cute values at -O0;
///                        checks notation literals before anything is built.
///   cute-lower-layout    primitive calls -> LLVM values: static layouts
///                        fold to constants, dynamic leaves to integer
///                        arithmetic.
///   cute-lower-atoms     `llvm.cute.nvgpu.*` atom calls to NVVM intrinsics,
///                        inline PTX or plain IR, per the function's SM tier.
///   cute-verify          (module pass) no `llvm.cute.*` call survives.
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

class NotationCache;

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
  /// Notation literals are parsed through \p Notation (the module's cache,
  /// shared with cute-lower-layout) when given, else through the module's
  /// NotationAnalysis if a module pass computed it, else once per function.
  explicit CuteDesugarPass(NotationCache *Notation = nullptr)
      : Notation(Notation) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  NotationCache *Notation;
};

/// Lower primitive `llvm.cute.*` calls to LLVM values. The declarations and
/// notation strings the calls leave dead are the module's to erase.
struct CuteLowerLayoutPass : llvm::PassInfoMixin<CuteLowerLayoutPass> {
  /// With \p DeferUnknown, a function whose cute values come from outside
  /// it (arguments of a function not yet inlined) is left for a later run
  /// instead of being diagnosed. \p Notation: as CuteDesugarPass's.
  explicit CuteLowerLayoutPass(bool DeferUnknown = false,
                               NotationCache *Notation = nullptr)
      : DeferUnknown(DeferUnknown), Notation(Notation) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  bool DeferUnknown;
  NotationCache *Notation;
};

/// Lower `llvm.cute.nvgpu.*` atom calls to the instructions their variants
/// issue on the function's SM tier (its "target-cpu", else \p TM's CPU).
/// The atom declarations and variant names left dead are the module's to
/// erase.
struct CuteLowerAtomsPass : llvm::PassInfoMixin<CuteLowerAtomsPass> {
  explicit CuteLowerAtomsPass(const llvm::TargetMachine *TM = nullptr)
      : TM(TM) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
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

/// Register `cute-inline-helpers`, `cute-desugar`, `cute-lower-layout`,
/// `cute-lower-atoms`, `cute-verify` and the whole pipeline `cute-lower`
/// (with its cleanup) as module passes with \p PB, the three function
/// stages also as function passes (`function(cute-desugar)`: alone, without
/// the module's tidy-ups), and, when \p WithExtensionPoints, hook the
/// pipeline into clang's and opt's default pipelines. \p TM gives atom
/// lowering its default tier.
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
