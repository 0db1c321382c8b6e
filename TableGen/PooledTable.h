//===- PooledTable.h - Table rows with pooled strings -----------*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Writes the rows of a generated table whose strings are offsets into one
/// string pool (registry::PooledString in CuteLLVM/Registry/AtomRegistry.h)
/// instead of pointers, so that the table needs no relocation: the compiler
/// places it in read-only data and the dynamic loader never touches it.
///
/// Every line of a row is followed by a comment that reads as the row with
/// its strings spelled out, so that the generated tables stay greppable by
/// name and reviewable by eye.
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_TABLEGEN_POOLEDTABLE_H
#define CUTE_TABLEGEN_POOLEDTABLE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/StringToOffsetTable.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cute {
namespace tblgen {

/// The string pools, one per generated file; the pool of a PooledString is
/// its top bits (PooledString::PoolShift). lib/Registry/AtomRegistry.cpp
/// names the pools in this order.
enum class StringPoolID : unsigned { Registry, Selectors, Diagnostics };

class PooledTableWriter {
public:
  explicit PooledTableWriter(StringPoolID Pool);

  /// A string cell: the code holds `{Id}`, the comment reads `"S"`.
  PooledTableWriter &str(llvm::StringRef S);
  /// An absent string: the code holds the empty string, the comment reads
  /// `nullptr`.
  PooledTableWriter &null();
  /// Text written as is to the code and the comment (punctuation, numbers,
  /// enumerators; a newline starts the next line of the row).
  template <typename T> PooledTableWriter &operator<<(const T &V) {
    Code << V;
    Text << V;
    return *this;
  }
  /// Text for the code only.
  PooledTableWriter &code(llvm::StringRef S) {
    Code << S;
    return *this;
  }
  /// Text for the comment only.
  PooledTableWriter &note(llvm::StringRef S) {
    Text << S;
    return *this;
  }
  /// Writes the row begun since the last call, line by line, each line's
  /// code followed by its comment.
  void endRow(llvm::raw_ostream &OS);

  /// Writes the pool: `static constexpr char Name[] = "...";`.
  void emitPool(llvm::raw_ostream &OS, llvm::StringRef Name) const;

private:
  uint32_t Tag;
  llvm::StringToOffsetTable Pool;
  std::string CodeBuf, TextBuf;
  llvm::raw_string_ostream Code{CodeBuf}, Text{TextBuf};
};

/// The array of a generated table: `static const Decl[] = {` now and, when
/// it goes out of scope, `};` and a blank line (as IfDefEmitter does for
/// its guard).
class TableEmitter {
public:
  TableEmitter(llvm::raw_ostream &OS, const llvm::Twine &Decl) : OS(OS) {
    OS << "static const " << Decl << "[] = {\n";
  }
  ~TableEmitter() { OS << "};\n\n"; }

private:
  llvm::raw_ostream &OS;
};

/// The rows of a table that variants share in runs: the variants with the
/// same rows (the lattice points of one instruction) share one run of the
/// table, written once, its comment naming the first of them. A variant
/// finds its rows as (first row, count).
class SharedRunsWriter {
public:
  /// A row: its cells as (is a string, text); a string cell is pooled, any
  /// other written as is.
  using Row = std::vector<std::pair<bool, std::string>>;

  explicit SharedRunsWriter(PooledTableWriter &W) : W(W) {}

  /// The run of the rows \p Rows of variant \p Variant, written to \p OS
  /// unless an earlier variant has the same rows: (first row, count).
  std::pair<unsigned, unsigned>
  add(llvm::raw_ostream &OS, std::vector<Row> Rows, llvm::StringRef Variant);

  /// Ends the table with its sentinel row, which keeps it non-empty:
  /// \p Cells writes its cells to the writer.
  void endTable(llvm::raw_ostream &OS, llvm::function_ref<void()> Cells);

private:
  PooledTableWriter &W;
  std::map<std::vector<Row>, unsigned> Runs;
  /// The rows written.
  unsigned N = 0;
};

} // namespace tblgen
} // namespace cute

#endif // CUTE_TABLEGEN_POOLEDTABLE_H
