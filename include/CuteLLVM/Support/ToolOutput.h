//===- ToolOutput.h - Write errors of a tool's output as diagnostics -----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A tool that cannot write its output (a full disk, /dev/full, a closed
/// pipe, an unwritable -o) says so in one diagnostic and exits with status
/// 1; without these checks, LLVM's raw_fd_ostream aborts with "IO failure on
/// output stream" when the stream is destroyed.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_SUPPORT_TOOLOUTPUT_H
#define CUTELLVM_SUPPORT_TOOLOUTPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace cute {

/// Flushes \p OS; on a write error, reports it for \p Tool (naming the
/// output \p Name), clears it (so that destroying \p OS does not abort) and
/// returns true.
inline bool outputFailed(llvm::raw_fd_ostream &OS, llvm::StringRef Tool,
                         const llvm::Twine &Name) {
  OS.flush();
  if (!OS.has_error())
    return false;
  std::error_code EC = OS.error();
  OS.clear_error();
  llvm::WithColor::error(llvm::errs(), Tool)
      << "cannot write " << Name << ": " << EC.message() << "\n";
  return true;
}

/// A tool's exit status: \p Status, or 1 when standard output could not be
/// written (reported as outputFailed does).
inline int exitStatus(int Status, llvm::StringRef Tool) {
  return outputFailed(llvm::outs(), Tool, "the standard output") ? 1 : Status;
}

} // namespace cute

#endif // CUTELLVM_SUPPORT_TOOLOUTPUT_H
