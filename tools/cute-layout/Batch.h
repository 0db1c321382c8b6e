//===- Batch.h - JSON Lines batch mode of cute-layout -----------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_TOOLS_CUTELAYOUT_BATCH_H
#define CUTELLVM_TOOLS_CUTELAYOUT_BATCH_H

#include "llvm/ADT/StringRef.h"

namespace cute {

/// Evaluates every line of \p Path. Without \p Check, writes one JSON line
/// per input line; with it, compares against the expected results and
/// prints `N passed, M failed`. Returns the process exit status.
/// \p XFailPath, when not empty, lists known deviations: lines `N reason`
/// naming input lines that are expected to fail; they are reported apart,
/// and one that passes is an error (so the list cannot go stale).
int runBatch(llvm::StringRef Path, bool Check, bool Quiet,
             llvm::StringRef XFailPath = "");

} // namespace cute

#endif // CUTELLVM_TOOLS_CUTELAYOUT_BATCH_H
