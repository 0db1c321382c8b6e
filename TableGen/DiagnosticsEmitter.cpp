//===- DiagnosticsEmitter.cpp - Verbatim verifier diagnostics ---*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-atom-diagnostics: an enum naming every CuteDiagnostic record and the
/// table of their verbatim texts. Code refers to a diagnostic by name
/// (`DiagID::MmaLayoutMismatch`), never by a copy of its text.
///
//===----------------------------------------------------------------------===//

#include "CuteRecords.h"
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

class DiagnosticsEmitter : public RecordsEmitter {
public:
  using RecordsEmitter::RecordsEmitter;
  void run(raw_ostream &OS);

private:
  void checkTexts();
  void emitEnum(raw_ostream &OS);
  void emitTable(raw_ostream &OS);
};

/// Every diagnostic has a text, and no two the same one.
void DiagnosticsEmitter::checkTexts() {
  StringMap<const Record *> Texts;
  for (const Record *D : Records.diagnostics()) {
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
  }
}

void DiagnosticsEmitter::emitEnum(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_DIAGNOSTIC_ENUM");
  OS << "enum class DiagID : uint16_t {\n";
  for (const Record *D : Records.diagnostics())
    OS << "  " << D->getName() << ",\n";
  OS << "};\nconstexpr unsigned NumDiagIDs = " << Records.diagnostics().size()
     << ";\n";
}

void DiagnosticsEmitter::emitTable(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_DIAGNOSTIC_TABLE");
  PooledTableWriter W(StringPoolID::Diagnostics);
  OS << "static const DiagnosticInfo DiagnosticTable[] = {\n";
  for (const Record *D : Records.diagnostics()) {
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
  emitSourceFileHeader("CuTe atom verifier diagnostics", OS, RK);
  checkTexts();
  emitEnum(OS);
  emitTable(OS);
}

} // namespace

static TableGen::Emitter::OptClass<DiagnosticsEmitter>
    X("gen-atom-diagnostics", "Generate the CuTe atom verifier diagnostics");
