//===- LayoutPool.cpp - The generated tables' layouts as words ------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "LayoutPool.h"

#include "CuteLLVM/Layout/LayoutCode.h"
#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/TableGen/Error.h"

using namespace llvm;
using cute::diag;
using cute::DiagID;
using namespace cute::tblgen;

LayoutPoolWriter::LayoutPoolWriter() {
  // Word 0 is no layout's, so that offset 0 can mean none.
  Words.push_back(0);
}

uint32_t LayoutPoolWriter::add(StringRef Text, ArrayRef<SMLoc> Loc) {
  if (Text.empty())
    return 0;
  auto [It, New] = Offsets.try_emplace(Text, uint32_t(Words.size()));
  if (!New)
    return It->second;
  auto L = cute::parseLayout(Text);
  if (!L)
    PrintFatalError(Loc, diag(DiagID::RecordLayoutNotLayout, Text,
                              toString(L.takeError())));
  SmallVector<int64_t, 32> Code;
  cute::encodeLayout(*L, Code);
  Words.insert(Words.end(), Code.begin(), Code.end());
  if (Words.size() > UINT32_MAX)
    PrintFatalError(diag(DiagID::LayoutPoolOutgrewPooledLayout));
  return It->second;
}

void LayoutPoolWriter::emitPool(raw_ostream &OS, StringRef Name) const {
  // The tags are the bottom of the int64_t range: written through
  // INT64_MIN, which has no literal.
  OS << "static constexpr int64_t " << Name << "[] = {";
  for (auto [I, W] : enumerate(Words)) {
    OS << (I % 12 ? " " : "\n  ");
    if (W < cute::layout_code::FirstPlain)
      OS << "INT64_MIN + " << uint64_t(W) - uint64_t(INT64_MIN);
    else
      OS << W;
    OS << ",";
  }
  OS << "\n};\n\n";
}
