//===- PooledTable.cpp - Table rows with pooled strings ---------*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//

#include "PooledTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/TableGen/Error.h"

using namespace llvm;
using namespace cute::tblgen;

/// Mirrors registry::PooledString::PoolShift.
static constexpr unsigned PoolShift = 30;

PooledTableWriter::PooledTableWriter(StringPoolID Pool)
    : Tag(uint32_t(Pool) << PoolShift) {}

PooledTableWriter &PooledTableWriter::str(StringRef S) {
  unsigned Offset = Pool.GetOrAddStringOffset(S);
  if (Offset >= (1u << PoolShift))
    PrintFatalError("the string pool outgrew PooledString's offsets");
  Code << '{' << (Tag | Offset) << '}';
  Text << '"';
  Text.write_escaped(S);
  Text << '"';
  return *this;
}

PooledTableWriter &PooledTableWriter::null() {
  // Offset 0 is the empty string (StringToOffsetTable puts it first).
  Code << '{' << Tag << '}';
  Text << "nullptr";
  return *this;
}

void PooledTableWriter::endRow(raw_ostream &OS) {
  SmallVector<StringRef> CodeLines, TextLines;
  StringRef(CodeBuf).split(CodeLines, '\n');
  StringRef(TextBuf).split(TextLines, '\n');
  assert(CodeLines.size() == TextLines.size() && "one comment per line");
  for (auto [C, T] : zip_equal(CodeLines, TextLines))
    OS << C << " // " << T.ltrim() << "\n";
  CodeBuf.clear();
  TextBuf.clear();
}

void PooledTableWriter::emitPool(raw_ostream &OS, StringRef Name) const {
  Pool.EmitStringTableDef(OS, Name);
}

std::pair<unsigned, unsigned> SharedRunsWriter::add(raw_ostream &OS,
                                                    std::vector<Row> Rows,
                                                    StringRef Variant) {
  unsigned Count = Rows.size();
  auto [It, Inserted] = Runs.try_emplace(std::move(Rows), N);
  if (!Inserted)
    return {It->second, Count};
  for (const Row &R : It->first) {
    W << "  {";
    ListSeparator Sep;
    for (const auto &[IsString, Cell] : R) {
      W << StringRef(Sep);
      if (IsString)
        W.str(Cell);
      else
        W << Cell;
    }
    W << "},";
    W.note(" // ").note(Variant);
    W.endRow(OS);
  }
  N += Count;
  return {It->second, Count};
}

void SharedRunsWriter::endTable(raw_ostream &OS, function_ref<void()> Cells) {
  W << "  {";
  Cells();
  W << "}";
  W.note(" // sentinel");
  W.endRow(OS);
  OS << "};\n\n";
}
