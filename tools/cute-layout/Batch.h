//===- Batch.h - JSON Lines batch mode of cute-layout -----------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_TOOLS_CUTELAYOUT_BATCH_H
#define CUTELLVM_TOOLS_CUTELAYOUT_BATCH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>

namespace cute {

/// Evaluates every line of \p Path. Without \p Check, writes one JSON line
/// per input line; with it, compares against the expected results and
/// prints `N passed, M failed`. Returns the process exit status.
/// \p XFailPath, when not empty, lists known deviations: lines `N reason`
/// naming input lines that are expected to fail; they are reported apart,
/// and one that passes is an error (so the list cannot go stale).
int runBatch(llvm::StringRef Path, bool Check, bool Quiet,
             llvm::StringRef XFailPath = "");

/// runBatch on the text \p Text of the file named \p Path, with the known
/// deviations \p XFail (read from \p XFailPath) already read: writes the
/// results to \p OS and the diagnostics to \p ErrOS. The fuzz target of
/// batch mode calls it on its bytes.
int runBatchText(llvm::StringRef Path, llvm::StringRef Text, bool Check,
                 bool Quiet, const std::map<unsigned, std::string> &XFail,
                 llvm::StringRef XFailPath, llvm::raw_ostream &OS,
                 llvm::raw_ostream &ErrOS);

} // namespace cute

#endif // CUTELLVM_TOOLS_CUTELAYOUT_BATCH_H
