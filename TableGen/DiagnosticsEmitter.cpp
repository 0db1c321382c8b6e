//===- DiagnosticsEmitter.cpp - Every user-facing message -------*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-atom-diagnostics (cute-min-tblgen): an enum naming every
/// CuteDiagnostic record, the table of their verbatim texts with their
/// argument counts (for every layer, CuteLLVM/Support/Diagnostics.h) and the
/// registry's pooled copy of it, after checking that each text's slots are
/// its named arguments. Code refers to a diagnostic by name
/// (`DiagID::MmaLayoutMismatch`), never by a copy of its text.
///
//===----------------------------------------------------------------------===//

#include "PooledTable.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/CodeGenHelpers.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using namespace cute::tblgen;

namespace {

/// Built into cute-min-tblgen, the bootstrap, which reads only the
/// CuteDiagnostic records: the table it writes is what cute-tblgen's own
/// record checks report through.
class DiagnosticsEmitter {
public:
  explicit DiagnosticsEmitter(const RecordKeeper &RK);
  void run(raw_ostream &OS);

private:
  const RecordKeeper &RK;
  /// The CuteDiagnostic records, in definition order.
  std::vector<const Record *> Diagnostics;

  void checkTexts();
  void checkArgs(const Record *D);
  void emitEnum(raw_ostream &OS);
  void emitTexts(raw_ostream &OS);
  void emitTable(raw_ostream &OS);
};

DiagnosticsEmitter::DiagnosticsEmitter(const RecordKeeper &RK) : RK(RK) {
  ArrayRef<const Record *> Defs = RK.getAllDerivedDefinitions("CuteDiagnostic");
  Diagnostics.assign(Defs.begin(), Defs.end());
  llvm::sort(Diagnostics, [](const Record *A, const Record *B) {
    return A->getID() < B->getID();
  });
}

/// Every diagnostic has a text, and no two the same one.
void DiagnosticsEmitter::checkTexts() {
  StringMap<const Record *> Texts;
  for (const Record *D : Diagnostics) {
    StringRef Text = D->getValueAsString("Text");
    if (Text.empty())
      PrintFatalError(D->getLoc(),
                      "diagnostic '" + D->getName() + "' has no text");
    auto [It, Inserted] = Texts.try_emplace(Text, D);
    if (!Inserted) {
      PrintError(D->getLoc(), "diagnostic '" + D->getName() +
                                  "' repeats the text of '" +
                                  It->second->getName() + "'");
      PrintFatalNote(It->second->getLoc(), "previous definition here");
    }
    checkArgs(D);
  }
}

/// The text is a formatv template whose slots are {0} .. {N-1}, each used,
/// for the N names of Args.
void DiagnosticsEmitter::checkArgs(const Record *D) {
  StringRef Text = D->getValueAsString("Text");
  std::vector<StringRef> Args = D->getValueAsListOfStrings("Args");
  SmallVector<bool, 8> Used(Args.size());
  while (!Text.empty()) {
    size_t Open = Text.find('{');
    if (Open == StringRef::npos)
      break;
    Text = Text.drop_front(Open + 1);
    if (Text.consume_front("{"))
      continue;
    unsigned Index;
    StringRef Slot = Text.take_until([](char C) { return C == '}'; });
    if (Slot.size() == Text.size() ||
        Slot.take_until([](char C) { return C == ',' || C == ':'; })
            .trim()
            .getAsInteger(10, Index))
      PrintFatalError(D->getLoc(), "diagnostic '" + D->getName() +
                                       "' has a malformed slot '{" + Slot +
                                       "' (a literal brace is '{{')");
    if (Index >= Args.size())
      PrintFatalError(D->getLoc(), "diagnostic '" + D->getName() +
                                       "' uses slot {" + Twine(Index) +
                                       "} but names " + Twine(Args.size()) +
                                       " argument(s)");
    Used[Index] = true;
    Text = Text.drop_front(Slot.size() + 1);
  }
  for (auto [I, IsUsed] : enumerate(Used))
    if (!IsUsed)
      PrintFatalError(D->getLoc(), "diagnostic '" + D->getName() +
                                       "' never uses its argument '" + Args[I] +
                                       "'");
}

void DiagnosticsEmitter::emitEnum(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_DIAGNOSTIC_ENUM");
  OS << "enum class DiagID : uint16_t {\n";
  for (const Record *D : Diagnostics)
    OS << "  " << D->getName() << ",\n";
  OS << "};\nconstexpr unsigned NumDiagIDs = " << Diagnostics.size() << ";\n";
}

void DiagnosticsEmitter::emitTexts(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_DIAGNOSTIC_TEXTS");
  OS << "inline constexpr DiagnosticText DiagnosticTexts[] = {\n";
  for (const Record *D : Diagnostics) {
    OS << "  {\"" << D->getName() << "\", \"";
    OS.write_escaped(D->getValueAsString("Text"));
    OS << "\", " << D->getValueAsListOfStrings("Args").size() << "},\n";
  }
  OS << "};\n";
}

void DiagnosticsEmitter::emitTable(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_DIAGNOSTIC_TABLE");
  PooledTableWriter W(StringPoolID::Diagnostics);
  OS << "static const DiagnosticInfo DiagnosticTable[] = {\n";
  for (const Record *D : Diagnostics) {
    W << "  {";
    W.str(D->getName());
    W << ", ";
    W.str(D->getValueAsString("Text"));
    W << "},";
    W.endRow(OS);
  }
  OS << "};\n\n";
  W.emitPool(OS, "DiagnosticStrings");
}

void DiagnosticsEmitter::run(raw_ostream &OS) {
  emitSourceFileHeader("CuTe diagnostics", OS, RK);
  checkTexts();
  emitEnum(OS);
  emitTexts(OS);
  emitTable(OS);
}

} // namespace

static TableGen::Emitter::OptClass<DiagnosticsEmitter>
    X("gen-atom-diagnostics", "Generate the CuTe diagnostics");
