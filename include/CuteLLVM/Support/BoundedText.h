//===- BoundedText.h - Messages that echo input, bounded ------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A message that echoes the user's text (a layout, a variant name, a line
/// of a vector file) may be megabytes long. Bounded, it keeps its head and
/// its tail (the tail often says what is wrong: "column 129: tuples nest
/// deeper ...") around a note of its length.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_SUPPORT_BOUNDEDTEXT_H
#define CUTELLVM_SUPPORT_BOUNDEDTEXT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace cute {

/// \p Text whole, or its first and last \p Keep characters around
/// " ... (N characters in all) ... " when it is longer than 2 * Keep.
inline std::string boundedText(llvm::StringRef Text, size_t Keep = 2048) {
  if (Text.size() <= 2 * Keep)
    return Text.str();
  return (Text.take_front(Keep) + " ... (" + llvm::Twine(Text.size()) +
          " characters in all) ... " + Text.take_back(Keep))
      .str();
}

} // namespace cute

#endif // CUTELLVM_SUPPORT_BOUNDEDTEXT_H
