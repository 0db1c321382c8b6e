//===- NotationCache.cpp - Notation literals parsed once per module -------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "NotationCache.h"
#include "CuteValues.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cute {

AnalysisKey NotationAnalysis::Key;

Expected<const Value *> NotationCache::parse(StringRef Text, ValueKind Kind) {
  SmallString<64> Key;
  Key += std::to_string(static_cast<int>(Kind));
  Key += ' ';
  Key += Text;
  auto It = Parsed.find(Key);
  if (It != Parsed.end())
    return &It->second;
  // An overflow of static arithmetic while parsing goes to the caller's
  // OverflowScope when this one ends: such a parse is not shared, so that
  // every call whose profile overflows reports it.
  OverflowScope Scope;
  auto V = parseProfile(Text, Kind);
  if (!V)
    return V.takeError();
  if (Scope.overflowed()) {
    Unshared.push_back(std::make_unique<Value>(std::move(*V)));
    return Unshared.back().get();
  }
  return &Parsed.try_emplace(Key, std::move(*V)).first->second;
}

NotationCache &getNotationCache(Module &M, ModuleAnalysisManager &MAM) {
  MAM.registerPass([] { return NotationAnalysis(); });
  return MAM.getResult<NotationAnalysis>(M);
}

NotationCache &notationCacheFor(NotationCache *Given, Function &F,
                                FunctionAnalysisManager &FAM,
                                NotationCache &Local) {
  if (Given)
    return *Given;
  if (NotationCache *Cached =
          FAM.getResult<ModuleAnalysisManagerFunctionProxy>(F)
              .getCachedResult<NotationAnalysis>(*F.getParent()))
    return *Cached;
  return Local;
}

} // namespace cute
