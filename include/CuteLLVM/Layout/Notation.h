//===- Notation.h - Parse and print CuTe notation ---------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Parsers for CuTe / CuTe DSL notation:
///
///   elem  := atom [':' atom]
///   atom  := INT | '?' ['{' attr (',' attr)* '}'] | '_' | atom '@' INT
///          | '(' [elem (',' elem)*] ')' | '[' elem (';' elem)* ']'
///   swizzle  := 'S<' INT ',' INT ',' INT '>'   (also 'Sw<...>')
///   composed := (layout | swizzle) ' o ' inttuple ' o ' layout
///
/// Static integers may carry CuTe's `_` prefix (`_8`). Every parse error
/// reports the column (1-based) where it was found.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_NOTATION_H
#define CUTELLVM_LAYOUT_NOTATION_H

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/ADT/StringRef.h"

namespace cute {

/// A parse failure: what was expected and the 1-based column.
class ParseError : public llvm::ErrorInfo<ParseError> {
public:
  static char ID;
  ParseError(std::string Msg, unsigned Column)
      : Msg(std::move(Msg)), Column(Column) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
  unsigned column() const { return Column; }
  std::string message() const override { return Msg; }

private:
  std::string Msg;
  unsigned Column;
};

llvm::Expected<IntTuple> parseIntTuple(llvm::StringRef S);
llvm::Expected<Layout> parseLayout(llvm::StringRef S);
/// A stride: an integer tuple whose leaves are all integers or all scaled
/// bases of one depth (a ParseError at the first leaf that is not).
llvm::Expected<IntTuple> parseStride(llvm::StringRef S);
llvm::Expected<Swizzle> parseSwizzle(llvm::StringRef S);
llvm::Expected<ComposedLayout> parseComposedLayout(llvm::StringRef S);
/// A tiler: a layout, an integer, `_`, a tuple of tilers `(2:1,4,_)` or CuTe
/// IR's bracketed form `[2:1;4:1]`.
llvm::Expected<Tile> parseTile(llvm::StringRef S);

/// True when \p S is a layout (has a top-level ':').
bool looksLikeLayout(llvm::StringRef S);
/// True when \p S is a composed layout (contains " o ").
bool looksLikeComposed(llvm::StringRef S);
/// True when \p S is a swizzle `S<...>`.
bool looksLikeSwizzle(llvm::StringRef S);

} // namespace cute

#endif // CUTELLVM_LAYOUT_NOTATION_H
