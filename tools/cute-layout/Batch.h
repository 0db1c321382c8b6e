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
int runBatch(llvm::StringRef Path, bool Check, bool Quiet);

} // namespace cute

#endif // CUTELLVM_TOOLS_CUTELAYOUT_BATCH_H
