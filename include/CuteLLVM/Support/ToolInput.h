//===- ToolInput.h - Read a tool's input, bounded -------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A tool's input file may have no end (/dev/zero, a pipe that never
/// closes): read whole, it would allocate until memory runs out and LLVM
/// aborts. Read through readBoundedFile, more than a limit is one error.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_SUPPORT_TOOLINPUT_H
#define CUTELLVM_SUPPORT_TOOLINPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <string>
#include <vector>

namespace cute {

/// The contents of \p Path ("-": standard input), or an error when it
/// cannot be read or holds more than \p MaxBytes.
inline llvm::Expected<std::string> readBoundedFile(llvm::StringRef Path,
                                                   size_t MaxBytes) {
  namespace fs = llvm::sys::fs;
  fs::file_t FD;
  if (Path == "-") {
    FD = fs::getStdinHandle();
  } else {
    llvm::Expected<fs::file_t> F = fs::openNativeFileForRead(Path);
    if (!F)
      return F.takeError();
    FD = *F;
  }
  std::string Text;
  std::vector<char> Chunk(1 << 16);
  llvm::Error E = llvm::Error::success();
  for (;;) {
    llvm::Expected<size_t> N = fs::readNativeFile(FD, Chunk);
    if (!N) {
      E = N.takeError();
      break;
    }
    if (*N == 0)
      break;
    if (Text.size() + *N > MaxBytes) {
      E = llvm::createStringError(std::errc::file_too_large,
                                  "more than %zu bytes", MaxBytes);
      break;
    }
    Text.append(Chunk.data(), *N);
  }
  if (Path != "-")
    fs::closeFile(FD);
  if (E)
    return std::move(E);
  return Text;
}

} // namespace cute

#endif // CUTELLVM_SUPPORT_TOOLINPUT_H
