//===- DescriptorsEmitter.cpp - GMMA and UMMA descriptor fields -*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-descriptors: CuteLLVM/Descriptors/Descriptors.inc, the bitfields of
/// the descriptor words (td/Descriptors.td: the GMMA and UMMA shared-memory
/// descriptors and the UMMA instruction descriptor) as BitField constants,
/// and the codes their fields hold as enums and constexpr name tables, for
/// CuteLLVM/Descriptors/DescriptorRecords.h. Every record is checked first:
/// a field has bits and lies in its word, no two fields of a word (of the
/// same form) share a bit or a name, every code fits its field, no enum
/// names a code or gives a value twice, and no kind is in two format sets.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/CodeGenHelpers.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <map>

using namespace llvm;
using cute::diag;
using cute::DiagID;

namespace {

/// The records of one class, in definition order.
std::vector<const Record *> defsOf(const RecordKeeper &RK, StringRef Class) {
  ArrayRef<const Record *> Defs = RK.getAllDerivedDefinitions(Class);
  std::vector<const Record *> R(Defs.begin(), Defs.end());
  llvm::sort(R, [](const Record *A, const Record *B) {
    return A->getID() < B->getID();
  });
  return R;
}

/// A located error with a note at the first of the two records.
[[noreturn]] void twice(const Record *R, const Record *First,
                        const Twine &Msg) {
  PrintError(R->getLoc(), Msg);
  PrintFatalNote(First->getLoc(), diag(DiagID::PreviousDefinitionHere));
}

class DescriptorsEmitter {
public:
  explicit DescriptorsEmitter(const RecordKeeper &RK);
  void run(raw_ostream &OS);

private:
  const RecordKeeper &RK;
  std::vector<const Record *> Words, Fields, Enums, Codes;

  void checkWords();
  void checkFields();
  void checkCodes();
  /// The C++ name of an enum's table: its CxxName, or the record's name.
  static StringRef tableName(const Record *E);
  std::vector<const Record *> codesOf(const Record *E) const;
  void emitEnums(raw_ostream &OS);
  void emitFields(raw_ostream &OS);
  void emitCodes(raw_ostream &OS);
};

DescriptorsEmitter::DescriptorsEmitter(const RecordKeeper &RK)
    : RK(RK), Words(defsOf(RK, "DescriptorWord")),
      Fields(defsOf(RK, "DescriptorField")),
      Enums(defsOf(RK, "DescriptorEnum")), Codes(defsOf(RK, "DescriptorCode")) {
}

StringRef DescriptorsEmitter::tableName(const Record *E) {
  StringRef Cxx = E->getValueAsString("CxxName");
  return Cxx.empty() ? E->getName() : Cxx;
}

std::vector<const Record *> DescriptorsEmitter::codesOf(const Record *E) const {
  std::vector<const Record *> R;
  for (const Record *C : Codes)
    if (C->getValueAsDef("Enum") == E)
      R.push_back(C);
  return R;
}

void DescriptorsEmitter::checkWords() {
  for (const Record *W : Words) {
    int64_t Width = W->getValueAsInt("Width");
    if (Width != 32 && Width != 64)
      PrintFatalError(W->getLoc(),
                      diag(DiagID::DescWordWidth, W->getName(), Width));
  }
}

void DescriptorsEmitter::checkFields() {
  // The fields checked so far, by word.
  std::map<const Record *, std::vector<const Record *>> Seen;
  for (const Record *F : Fields) {
    const Record *W = F->getValueAsDef("Word");
    int64_t Lo = F->getValueAsInt("Lo"), Width = F->getValueAsInt("Width");
    int64_t WordWidth = W->getValueAsInt("Width");
    if (Width <= 0)
      PrintFatalError(F->getLoc(),
                      diag(DiagID::DescFieldZeroWidth, F->getName(), Width));
    if (Lo < 0 || Width > WordWidth || Lo > WordWidth - Width)
      PrintFatalError(F->getLoc(),
                      diag(DiagID::DescFieldPastWord, F->getName(), Lo,
                           int64_t(uint64_t(Lo) + uint64_t(Width)), WordWidth,
                           W->getName()));
    StringRef Form = F->getValueAsString("Form");
    for (const Record *G : Seen[W]) {
      if (G->getValueAsString("Name") == F->getValueAsString("Name"))
        twice(F, G,
              diag(DiagID::DescFieldDuplicate, W->getName(),
                   F->getValueAsString("Name")));
      StringRef GForm = G->getValueAsString("Form");
      if (!Form.empty() && !GForm.empty() && Form != GForm)
        continue;
      int64_t GLo = G->getValueAsInt("Lo");
      int64_t GHi = GLo + G->getValueAsInt("Width");
      if (Lo < GHi && GLo < Lo + Width)
        twice(F, G,
              diag(DiagID::DescFieldOverlap, F->getName(), Lo, Lo + Width,
                   G->getName(), GLo, GHi, W->getName()));
    }
    Seen[W].push_back(F);
  }
}

void DescriptorsEmitter::checkCodes() {
  StringMap<const Record *> Tables;
  // Kind -> its format set, per ByKind table.
  StringMap<StringMap<const Record *>> Kinds;
  for (const Record *E : Enums) {
    auto [It, Inserted] = Tables.try_emplace(tableName(E), E);
    if (!Inserted)
      twice(E, It->second, diag(DiagID::DescEnumDuplicate, tableName(E)));
    StringRef ByKind = E->getValueAsString("ByKind");
    for (StringRef Kind : E->getValueAsListOfStrings("Kinds")) {
      auto [KIt, KInserted] = Kinds[ByKind].try_emplace(Kind, E);
      if (!KInserted)
        twice(E, KIt->second, diag(DiagID::DescKindDuplicate, Kind, ByKind));
    }
  }
  for (const Record *E : Enums) {
    const Record *F = E->getValueAsDef("Field");
    int64_t Width = F->getValueAsInt("Width");
    bool IsEnum = !E->getValueAsString("CxxName").empty();
    StringMap<const Record *> Names, CxxNames;
    std::map<int64_t, const Record *> Values;
    for (const Record *C : codesOf(E)) {
      StringRef Name = C->getValueAsString("Name");
      int64_t Value = C->getValueAsInt("Value");
      if (Value < 0 || (Width < 63 && Value >= (int64_t(1) << Width)))
        PrintFatalError(C->getLoc(), diag(DiagID::DescCodeTooWide, Name, Value,
                                          E->getName(), Width, F->getName()));
      auto [NIt, NInserted] = Names.try_emplace(Name, C);
      if (!NInserted)
        twice(C, NIt->second,
              diag(DiagID::DescCodeDuplicate, E->getName(), Name));
      auto [VIt, VInserted] = Values.try_emplace(Value, C);
      if (!VInserted)
        twice(C, VIt->second,
              diag(DiagID::DescCodeDuplicateValue, E->getName(), Value,
                   VIt->second->getValueAsString("Name"), Name));
      if (!IsEnum)
        continue;
      StringRef Cxx = C->getValueAsString("CxxName");
      if (Cxx.empty())
        PrintFatalError(C->getLoc(),
                        diag(DiagID::DescEnumNoCxxName, Name, E->getName()));
      auto [CIt, CInserted] = CxxNames.try_emplace(Cxx, C);
      if (!CInserted)
        twice(C, CIt->second,
              diag(DiagID::DescCodeDuplicate, E->getName(), Cxx));
    }
  }
}

/// \p Doc as `///` lines of at most 80 columns, indented by \p Indent.
void emitDoc(raw_ostream &OS, StringRef Doc, StringRef Indent) {
  SmallVector<StringRef, 16> Words;
  Doc.split(Words, ' ', -1, /*KeepEmpty=*/false);
  std::string Line;
  for (StringRef W : Words) {
    if (!Line.empty() && Indent.size() + 4 + Line.size() + 1 + W.size() > 80) {
      OS << Indent << "/// " << Line << "\n";
      Line.clear();
    }
    Line += Line.empty() ? W.str() : (" " + W).str();
  }
  if (!Line.empty())
    OS << Indent << "/// " << Line << "\n";
}

void DescriptorsEmitter::emitEnums(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_DESCRIPTOR_ENUMS");
  for (const Record *E : Enums) {
    StringRef Cxx = E->getValueAsString("CxxName");
    if (Cxx.empty())
      continue;
    emitDoc(OS, E->getValueAsString("Doc"), "");
    OS << "enum class " << Cxx << " : uint8_t {\n";
    for (const Record *C : codesOf(E))
      OS << "  " << C->getValueAsString("CxxName") << " = "
         << C->getValueAsInt("Value") << ", // " << C->getValueAsString("Name")
         << "\n";
    OS << "};\n\n";
  }
}

void DescriptorsEmitter::emitFields(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_DESCRIPTOR_FIELDS");
  for (const Record *W : Words) {
    emitDoc(OS, W->getValueAsString("Doc"), "");
    OS << "struct " << W->getName() << "Fields {\n"
       << "  using Field = BitField<uint" << W->getValueAsInt("Width")
       << "_t>;\n";
    for (const Record *F : Fields) {
      if (F->getValueAsDef("Word") != W)
        continue;
      int64_t Lo = F->getValueAsInt("Lo"), Width = F->getValueAsInt("Width");
      emitDoc(OS,
              (F->getValueAsString("Doc") + " Bits [" + Twine(Lo) + "," +
               Twine(Lo + Width) + ").")
                  .str(),
              "  ");
      OS << "  static constexpr Field " << F->getValueAsString("Name")
         << "Field{" << Lo << ", " << Width << "};\n";
    }
    OS << "};\n\n";
  }
}

void DescriptorsEmitter::emitCodes(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_DESCRIPTOR_CODES");
  // The ByKind tables: name -> (kind, format set) in definition order.
  std::map<std::string, std::vector<std::pair<StringRef, StringRef>>> ByKind;
  for (const Record *E : Enums) {
    StringRef Cxx = E->getValueAsString("CxxName");
    StringRef Type = Cxx.empty() ? "uint8_t" : Cxx;
    emitDoc(OS, E->getValueAsString("Doc"), "");
    OS << "inline constexpr FieldCode<" << Type << "> " << tableName(E)
       << "Codes[] = {\n";
    for (const Record *C : codesOf(E)) {
      OS << "    {\"" << C->getValueAsString("Name") << "\", ";
      if (Cxx.empty())
        OS << C->getValueAsInt("Value");
      else
        OS << Cxx << "::" << C->getValueAsString("CxxName");
      OS << ", " << C->getValueAsInt("SwizzleBits") << "},\n";
    }
    OS << "};\n\n";
    for (StringRef Kind : E->getValueAsListOfStrings("Kinds"))
      ByKind[E->getValueAsString("ByKind").str()].push_back(
          {Kind, tableName(E)});
  }
  for (const auto &[Name, Rows] : ByKind) {
    OS << "/// The format set of each `.kind::`.\n"
       << "inline constexpr KindCodes " << Name << "[] = {\n";
    for (auto [Kind, Table] : Rows)
      OS << "    {\"" << Kind << "\", " << Table << "Codes},\n";
    OS << "};\n\n";
  }
}

void DescriptorsEmitter::run(raw_ostream &OS) {
  emitSourceFileHeader("CuTe descriptor fields and codes", OS, RK);
  checkWords();
  checkFields();
  checkCodes();
  emitEnums(OS);
  emitFields(OS);
  emitCodes(OS);
}

} // namespace

static TableGen::Emitter::OptClass<DescriptorsEmitter>
    X("gen-descriptors", "Generate the GMMA and UMMA descriptor fields");
