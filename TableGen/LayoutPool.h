//===- LayoutPool.h - The generated tables' layouts as words ----*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The registry's layouts (TV layouts, ThrID, ValID) as data: each record's
/// notation is parsed here, once, at build time, and its words
/// (CuteLLVM/Layout/LayoutCode.h) go into one pool of int64_t that the
/// tables index, so that nothing at run time parses a registry layout.
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_TABLEGEN_LAYOUTPOOL_H
#define CUTE_TABLEGEN_LAYOUTPOOL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <vector>

namespace cute {
namespace tblgen {

class LayoutPoolWriter {
public:
  LayoutPoolWriter();

  /// The offset of the words of the layout \p Text in the pool (equal
  /// layouts share their words); 0, no layout, for "". Notation that is not
  /// a layout is a fatal error at \p Loc.
  uint32_t add(llvm::StringRef Text, llvm::ArrayRef<llvm::SMLoc> Loc);

  /// Writes the pool: `static constexpr int64_t Name[] = {...};`.
  void emitPool(llvm::raw_ostream &OS, llvm::StringRef Name) const;

private:
  std::vector<int64_t> Words;
  llvm::StringMap<uint32_t> Offsets;
};

} // namespace tblgen
} // namespace cute

#endif // CUTE_TABLEGEN_LAYOUTPOOL_H
