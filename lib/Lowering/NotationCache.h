//===- NotationCache.h - Notation literals, parsed once ---------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The profiles of a module's notation literals (`llvm.cute.make_layout(
/// "(4,8):(1,4)")`, the profiles of unpack), parsed once for every stage
/// that reads them: desugar checks them, lower-layout builds from them. A
/// module analysis that is never invalidated: a parse depends on the
/// string and its kind only, not on the IR. The stages are function passes:
/// the module passes that run them hand it to them; a stage in a function
/// pipeline of its own finds it through the module analysis manager's
/// proxy when a module pass computed it.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_NOTATIONCACHE_H
#define CUTELLVM_LIB_LOWERING_NOTATIONCACHE_H

#include "CuteLLVM/Layout/Operations.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <vector>

namespace cute {

/// Parsed profiles by kind and text.
class NotationCache {
public:
  /// parseProfile(\p Text, \p Kind): the value is owned by the cache and
  /// lives as long as it. Errors are not cached: a text that does not parse
  /// is parsed again, so that its diagnostic is the parser's every time
  /// (and so is one whose parse overflowed).
  llvm::Expected<const Value *> parse(llvm::StringRef Text, ValueKind Kind);

  /// Kept across every invalidation: the IR does not change a parse.
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &,
                  llvm::ModuleAnalysisManager::Invalidator &) {
    return false;
  }

private:
  /// Keyed by the kind's number, a space, then the text.
  llvm::StringMap<Value> Parsed;
  /// Parses that overflowed, kept only for their caller.
  std::vector<std::unique_ptr<Value>> Unshared;
};

/// The module analysis holding a module's NotationCache.
class NotationAnalysis : public llvm::AnalysisInfoMixin<NotationAnalysis> {
  friend llvm::AnalysisInfoMixin<NotationAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = NotationCache;
  Result run(llvm::Module &, llvm::ModuleAnalysisManager &) { return {}; }
};

/// The notation cache of \p M; registers NotationAnalysis with \p MAM on
/// first use when registerCutePasses did not.
NotationCache &getNotationCache(llvm::Module &M,
                                llvm::ModuleAnalysisManager &MAM);

/// The cache a stage running on \p F reads: \p Given (handed over by the
/// module pass that runs the stage), else the module's if a module pass
/// computed it (a function pass cannot compute a module analysis), else
/// \p Local.
NotationCache &notationCacheFor(NotationCache *Given, llvm::Function &F,
                                llvm::FunctionAnalysisManager &FAM,
                                NotationCache &Local);

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_NOTATIONCACHE_H
