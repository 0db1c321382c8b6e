//===- CuteLLVM/Support/Diagnostics.h - Every message -----------*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The user-facing messages of every layer, generated from the
/// CuteDiagnostic records of td/Diagnostics.td: each one is named by its
/// record (`DiagID::PackNotLayoutOrTuple`) and formatted with its arguments
/// by diag(), never written inline (test/Lint/no-inline-messages.test).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_SUPPORT_DIAGNOSTICS_H
#define CUTELLVM_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"

#include <cassert>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace cute {

#define GET_DIAGNOSTIC_ENUM
#include "CuteLLVM/Support/Diagnostics.inc"

/// A diagnostic's record name, its formatv template and how many arguments
/// it takes.
struct DiagnosticText {
  const char *Name;
  const char *Text;
  unsigned NumArgs;
};

#define GET_DIAGNOSTIC_TEXTS
#include "CuteLLVM/Support/Diagnostics.inc"

inline const DiagnosticText &diagnosticText(DiagID ID) {
  return DiagnosticTexts[unsigned(ID)];
}

namespace detail {
/// formatv has no provider for a Twine: it is rendered first.
template <typename T> decltype(auto) diagArg(T &&V) {
  if constexpr (std::is_base_of_v<llvm::Twine, std::decay_t<T>>)
    return V.str();
  else
    return std::forward<T>(V);
}
} // namespace detail

/// The text of diagnostic \p ID with its arguments in its slots.
template <typename... Ts> std::string diag(DiagID ID, Ts &&...Args) {
  const DiagnosticText &D = diagnosticText(ID);
  assert(sizeof...(Ts) == D.NumArgs && "wrong number of diagnostic arguments");
  (void)D;
  return llvm::formatv(D.Text, detail::diagArg(std::forward<Ts>(Args))...)
      .str();
}

} // namespace cute

#endif // CUTELLVM_SUPPORT_DIAGNOSTICS_H
