//===- AtomRegistryEmitter.cpp - Tier roster and atom tables ----*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-atom-registry: the enums and tables behind
/// CuteLLVM/Registry/AtomRegistry.h. Tiers with inheritance, atoms with
/// interface and feature bitmasks, variants with their TV layouts, and the
/// precomputed gating (atoms by tier) and dispatch (atoms by interface)
/// tables. Their strings are offsets into one pool (PooledTableWriter), so
/// the tables hold no pointer.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"
#include "CuteRecords.h"
#include "LayoutPool.h"
#include "PooledTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/CodeGenHelpers.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <climits>

using namespace llvm;
using cute::diag;
using cute::DiagID;
using namespace cute::tblgen;

namespace {

class AtomRegistryEmitter : public RecordsEmitter {
public:
  explicit AtomRegistryEmitter(const RecordKeeper &RK)
      : RecordsEmitter(RK), W(StringPoolID::Registry) {}
  void run(raw_ostream &OS);

private:
  void emitEnums(raw_ostream &OS);
  void emitNamedTable(raw_ostream &OS, StringRef Name,
                      ArrayRef<const Record *> Recs, bool WithDoc = true);
  void emitVocabulary(raw_ostream &OS);
  void emitTiers(raw_ostream &OS);
  void emitAtoms(raw_ostream &OS);
  void emitVariants(raw_ostream &OS);
  void emitSignatures(raw_ostream &OS);
  void emitTierPtx(raw_ostream &OS);
  void emitOperandChecks(raw_ostream &OS);
  /// `<Name>Table`, the indices of the atoms each key has (\p Has), and
  /// `<Name>Offsets`, where each key's run of them starts.
  void emitAtomIndex(raw_ostream &OS, StringRef Name, ArrayRef<StringRef> Keys,
                     function_ref<bool(unsigned, const Atom &)> Has);
  void emitIndexes(raw_ostream &OS);

  /// A string field of a record, or "" when the record has no such field.
  void str(const Record *R, StringRef Field) {
    W.str(R->getValue(Field) ? R->getValueAsString(Field) : "");
  }

  /// A layout field of a record (CuTe notation) as its words' offset in the
  /// layout pool, the comment reading the notation.
  void layout(const Record *R, StringRef Field) {
    StringRef Text = R->getValue(Field) ? R->getValueAsString(Field) : "";
    W.code(("{" + Twine(Layouts.add(Text, R->getLoc())) + "}").str());
    W.note(Text.empty() ? "none" : ("\"" + Text + "\"").str());
  }

  /// Every table of this file shares one string pool and one layout pool.
  PooledTableWriter W;
  LayoutPoolWriter Layouts;
};

/// `enum class Name : Type { A, B, ... };` over record names.
void emitEnum(raw_ostream &OS, StringRef Name, StringRef Type,
              ArrayRef<const Record *> Recs) {
  OS << "enum class " << Name << " : " << Type << " {\n";
  for (const Record *R : Recs)
    OS << "  " << R->getName() << ",\n";
  OS << "};\n";
  OS << "constexpr unsigned Num" << Name << "s = " << Recs.size() << ";\n\n";
}

void AtomRegistryEmitter::emitNamedTable(raw_ostream &OS, StringRef Name,
                                         ArrayRef<const Record *> Recs,
                                         bool WithDoc) {
  TableEmitter Table(OS, "NamedInfo " + Name);
  for (const Record *R : Recs) {
    W << "  {";
    W.str(R->getValue("Name") ? R->getValueAsString("Name") : R->getName());
    W << ", ";
    W.str(WithDoc ? R->getValueAsString("Doc") : "");
    W << "},";
    W.endRow(OS);
  }
}

void AtomRegistryEmitter::emitEnums(raw_ostream &OS) {
  IfDefEmitter Guard(OS, "GET_REGISTRY_ENUMS");
  std::vector<const Record *> Tiers, Atoms;
  for (const Tier &T : Records.tiers())
    Tiers.push_back(T.Def);
  for (const Atom &A : Records.atoms())
    Atoms.push_back(A.Def);
  emitEnum(OS, "TierID", "uint16_t", Tiers);
  emitEnum(OS, "AtomID", "uint16_t", Atoms);
  emitEnum(OS, "InterfaceID", "uint8_t", Records.interfaces());
  emitEnum(OS, "FeatureID", "uint8_t", Records.features());
  emitEnum(OS, "ResidencyID", "uint8_t", Records.residencies());
  emitEnum(OS, "ElementTypeID", "int8_t", Records.elementTypes());
  emitEnum(OS, "LoweringKindID", "uint8_t", Records.loweringKinds());
}

void AtomRegistryEmitter::emitVocabulary(raw_ostream &OS) {
  emitNamedTable(OS, "InterfaceTable", Records.interfaces());
  emitNamedTable(OS, "FeatureTable", Records.features());
  emitNamedTable(OS, "LoweringKindTable", Records.loweringKinds());
  emitNamedTable(OS, "ResidencyTable", Records.residencies(),
                 /*WithDoc=*/false);
  TableEmitter Table(OS, "ElementTypeInfo ElementTypeTable");
  for (const Record *R : Records.elementTypes()) {
    W << "  {";
    W.str(R->getValueAsString("Cute"));
    W << ", " << R->getValueAsInt("Bits") << ", ";
    W.str(R->getValueAsString("LLVMType"));
    W << ", ";
    W.str(R->getValueAsString("Ptx"));
    W << "},";
    W.endRow(OS);
  }
}

void AtomRegistryEmitter::emitTiers(raw_ostream &OS) {
  TableEmitter Table(OS, "TierInfo TierTable");
  for (const Tier &T : Records.tiers()) {
    W << "  {";
    W.str(T.Name);
    W << ", " << T.Parent << ", " << T.Family << ", " << T.Arch << ", " << T.PtxVersion << ", "
      << format_hex(T.OwnFeatures, 18) << "ULL, " << format_hex(T.Features, 18)
      << "ULL, " << format_hex(T.Ancestors, 18) << "ULL},";
    W.endRow(OS);
  }
}

void AtomRegistryEmitter::emitAtoms(raw_ostream &OS) {
  TableEmitter Table(OS, "AtomInfo AtomTable");
  for (const Atom &A : Records.atoms()) {
    const Record *R = A.Def;
    auto Bit = [&](StringRef Field) {
      W << (R->getValue(Field) && R->getValueAsBit(Field) ? "true" : "false")
        << ", ";
    };
    W << "  {";
    W.str(A.Mnemonic);
    W << ", ";
    W.str(R->getName());
    W << ", AtomClass::" << enumEntry(AtomClassNames, A.Class).Name << ", "
      << A.MinTier << ", " << format_hex(A.Interfaces, 10) << ", "
      << format_hex(A.Features, 18) << "ULL, LoweringKindID::"
      << Records.loweringKinds()[A.Lowering]->getName() << ", ";
    for (StringRef F : {"AResidency", "BResidency", "DResidency", "Src", "Dst"})
      W << format_hex(Records.residencyMask(R, F), 6) << ", ";
    Bit("Sparse");
    Bit("BlockScale");
    Bit("NonExec");
    Bit("UsesTmaDescriptor");
    W << "\n    ";
    for (StringRef F : {"Contract", "Summary", "DescriptorKind", "NaturalShape",
                        "ElementWidth", "Fragment", "LoweringTarget"}) {
      str(R, F);
      W << ", ";
    }
    unsigned First = A.Variants.empty() ? 0 : A.Variants.front();
    W << First << ", " << A.Variants.size() << ", ";
    W.str(R->getValueAsString("NoVariantReason"));
    W << ", ";
    str(R, "Result");
    W << ", ";
    Bit("Variadic");
    str(R, "TrailingOperands");
    W << ", CopyDirection::"
      << enumEntry(CopyDirectionNames, Records.directionOf(A)).Name << "},";
    W.endRow(OS);
  }
}

void AtomRegistryEmitter::emitVariants(raw_ostream &OS) {
  // CuteRecords groups variants by atom: each atom owns a contiguous range.
  TableEmitter Table(OS, "VariantInfo VariantTable");
  for (const Atom &A : Records.atoms()) {
    for (unsigned VI : A.Variants) {
      const Record *R = Records.variants()[VI].Def;
      bool IsMma = R->isSubClassOf("MmaVariant");
      auto Int = [&](StringRef Field) {
        W << (R->getValue(Field) ? R->getValueAsInt(Field) : 0);
      };
      auto Type = [&](StringRef Field) {
        if (!IsMma) {
          W << "-1";
          return;
        }
        const Record *T = R->getValueAsDef("Types");
        W << Records.indexOf(T->getValueAsDef(Field));
      };
      W << "  {";
      W.str(Records.variants()[VI].Name);
      W << ", " << Records.indexOf(A.Def) << ", ";
      str(R, "Param");
      W << ", ";
      str(R, "Ptx");
      W << ", ";
      layout(R, "ThrID");
      W << ", ";
      Int("M"), W << ", ", Int("N"), W << ", ", Int("K"), W << ", ";
      Type("D"), W << ", ", Type("A"), W << ", ", Type("B"), W << ", ";
      Type("C"), W << ", ";
      W << (IsMma ? R->getValueAsInt("Ctas") : 0) << ", ";
      W << (IsMma && R->getValueAsBit("Sparse") ? "true" : "false") << ", ";
      str(R, "Mode");
      W << ", ";
      str(R, "Kind");
      W << ", ";
      str(R, "MajorA");
      W << ", ";
      str(R, "MajorB");
      W << ", ";
      std::vector<const Record *> Scale;
      if (IsMma)
        Scale = R->getValueAsListOfDefs("ScaleType");
      W << (Scale.empty() ? -1 : int(Records.indexOf(Scale.front()))) << ", ";
      Int("ScaleVec");
      W << ",\n    {";
      for (StringRef F : CuteRecords::tvLayoutFields(IsMma)) {
        layout(R, F);
        W << ", ";
      }
      W << "}, ";
      Int("ValueBits");
      W << ", ";
      for (StringRef F :
           {"NaturalShape", "ElementWidth", "Fragment", "LoweringTarget"}) {
        str(R, F);
        W << ", ";
      }
      W << "\n    "
        << format_hex(Records.variantFeatures(Records.variants()[VI]), 18)
        << "ULL, ";
      Int("MinPtx");
      W << ", ";
      str(R, "NoLayoutReason");
      W << ", ";
      layout(R, IsMma ? "" : "ValID");
      W << "},";
      W.endRow(OS);
    }
  }
}

void AtomRegistryEmitter::emitTierPtx(raw_ostream &OS) {
  // The per-tier minimum PTX ISA of the variants with MinPtxOn entries,
  // resolved for every tier that may use the variant and has an entry of
  // its own or an ancestor's: (variant, tier) sorted, a sentinel last.
  OS << "static const VariantTierPtxEntry VariantTierPtxTable[] = {\n";
  for (auto [VI, V] : enumerate(Records.variants()))
    for (auto [TI, T] : enumerate(Records.tiers()))
      if (Records.isAvailable(V, T) && Records.minPtxOverride(V, T) >= 0)
        OS << "  {" << VI << ", " << TI << ", " << Records.minPtx(V, T)
           << "}, // " << V.Name << " on " << T.Name << "\n";
  OS << "  {UINT32_MAX, 0, 0} // sentinel\n};\n\n";
}

void AtomRegistryEmitter::emitSignatures(raw_ostream &OS) {
  // The arguments of every variant's call, in VariantTable order; variants
  // whose calls look alike (the lattice points of one instruction) share one
  // run of the argument table.
  OS << "static const CallArgInfo CallArgTable[] = {\n";
  SharedRunsWriter Table(W);
  std::vector<std::pair<unsigned, unsigned>> Runs0;
  std::vector<CallSignature> Signatures;
  for (const Variant &V : Records.variants()) {
    CallSignature S = Records.callSignature(V);
    std::vector<SharedRunsWriter::Row> Rows;
    for (const CallArg &A : S.Args) {
      for (int64_t X : {A.Min, A.Max, A.Step})
        if (X < INT32_MIN || X > INT32_MAX)
          PrintFatalError(V.Def->getLoc(),
                          diag(DiagID::VariantArgumentBound, V.Name, A.Name));
      Rows.push_back(
          {{true, A.Name},
           {true, A.CType},
           {true, A.IRType},
           {false, ("ArgPassing::" + enumEntry(ArgPassingNames, A.Passing).Name)
                       .str()},
           {true, A.RegType},
           {false, std::to_string(A.Count)},
           {true, A.CountArg},
           {false, A.Writes ? "true" : "false"},
           {false, std::to_string(A.Bytes)},
           {true, A.Space},
           {true, A.Object},
           {false, std::to_string(A.Align)},
           {true, A.Role},
           {true, A.Of},
           {false, std::to_string(A.Min)},
           {false, std::to_string(A.Max)},
           {false, std::to_string(A.Step)},
           {false, A.Pow2 ? "true" : "false"}});
    }
    Runs0.push_back(Table.add(OS, std::move(Rows), V.Name));
    Signatures.push_back(std::move(S));
  }
  Table.endTable(OS, [&] {
    for (unsigned I = 0; I != 3; ++I)
      W.null() << ", ";
    W << "ArgPassing::Unused, ";
    W.null() << ", 0, ";
    W.null() << ", false, 0, ";
    W.null() << ", ";
    W.null() << ", 0, ";
    W.null() << ", ";
    W.null() << ", 0, -1, 1, false";
  });

  TableEmitter SignatureTable(OS, "CallSignatureInfo CallSignatureTable");
  for (auto [I, S] : enumerate(Signatures)) {
    W << "  {" << Runs0[I].first << ", " << Runs0[I].second << ", ";
    W.str(S.Result);
    W << ", ";
    W.str(S.ResultIRType);
    W << "},";
    W.note(" // ").note(Records.variants()[I].Name);
    W.endRow(OS);
  }
}

void AtomRegistryEmitter::emitOperandChecks(raw_ostream &OS) {
  // By atom; a sentinel row (no atom) keeps the table non-empty.
  TableEmitter Table(OS, "OperandCheckInfo OperandCheckTable");
  for (const OperandCheck &C : Records.operandChecks()) {
    W << "  {" << C.Atom << ", ";
    W.str(C.Def->getName());
    W << ", ";
    W.str(C.Operand);
    W << ", CheckProperty::" << enumEntry(CheckPropertyNames, C.Property).Name
      << ", DiagID::" << C.Diag->getName() << ", " << C.Args.size() << ", {";
    ListSeparator Sep(", ");
    for (CheckArg A : C.Args)
      W << StringRef(Sep) << "CheckArg::" << enumEntry(CheckArgNames, A).Name;
    W << "}, " << C.Min << ", " << C.Max << ", " << C.Step << ", "
      << (C.Pow2 ? "true" : "false") << ", " << C.Align << "},";
    W.endRow(OS);
  }
  W << "  {UINT16_MAX, ";
  W.null() << ", ";
  W.null() << ", CheckProperty::Range, DiagID(0), 0, {}, 0, -1, 1, false, 0},";
  W.note(" // sentinel");
  W.endRow(OS);
}

void AtomRegistryEmitter::emitAtomIndex(
    raw_ostream &OS, StringRef Name, ArrayRef<StringRef> Keys,
    function_ref<bool(unsigned, const Atom &)> Has) {
  std::vector<unsigned> Offsets;
  OS << "static const uint16_t " << Name << "Table[] = {\n";
  unsigned N = 0;
  for (auto [I, Key] : enumerate(Keys)) {
    Offsets.push_back(N);
    OS << "  /* " << Key << " */ ";
    for (const Atom &A : Records.atoms())
      if (Has(I, A)) {
        OS << Records.indexOf(A.Def) << ", ";
        ++N;
      }
    OS << "\n";
  }
  OS << "  0 // sentinel\n};\n";
  Offsets.push_back(N);
  OS << "static const uint32_t " << Name << "Offsets[] = {";
  interleaveComma(Offsets, OS);
  OS << "};\n\n";
}

void AtomRegistryEmitter::emitIndexes(raw_ostream &OS) {
  // Interface dispatch: per interface, the atoms implementing it.
  std::vector<StringRef> Interfaces;
  for (const Record *R : Records.interfaces())
    Interfaces.push_back(R->getName());
  emitAtomIndex(OS, "AtomsByInterface", Interfaces,
                [](unsigned I, const Atom &A) {
                  return (A.Interfaces & (uint32_t(1) << I)) != 0;
                });
  // Gating: per tier, the atoms it may use.
  std::vector<StringRef> Tiers;
  for (const Tier &T : Records.tiers())
    Tiers.push_back(T.Name);
  emitAtomIndex(OS, "AtomsByTier", Tiers, [&](unsigned I, const Atom &A) {
    return Records.isAvailable(A, Records.tiers()[I]);
  });

  // Name lookups: sorted (name, index) pairs for binary search.
  auto EmitSorted = [&](StringRef Table,
                        std::vector<std::pair<StringRef, unsigned>> Entries) {
    llvm::sort(Entries);
    TableEmitter Array(OS, "NameIndexEntry " + Table);
    for (auto &[Name, Idx] : Entries) {
      W << "  {";
      W.str(Name);
      W << ", " << Idx << "},";
      W.endRow(OS);
    }
  };
  std::vector<std::pair<StringRef, unsigned>> Mnemonics, VariantNames;
  for (const Atom &A : Records.atoms())
    Mnemonics.push_back({A.Mnemonic, Records.indexOf(A.Def)});
  for (auto [I, V] : llvm::enumerate(Records.variants()))
    VariantNames.push_back({V.Name, unsigned(I)});
  // Variant families: (family, member) pairs, a family's members adjacent.
  std::vector<std::pair<StringRef, unsigned>> Families;
  for (auto [I, V] : llvm::enumerate(Records.variants()))
    if (StringRef F = V.Def->getValueAsString("Family"); !F.empty())
      Families.push_back({F, unsigned(I)});
  EmitSorted("AtomByMnemonic", std::move(Mnemonics));
  EmitSorted("VariantByName", std::move(VariantNames));
  EmitSorted("VariantByFamily", std::move(Families));
}

void AtomRegistryEmitter::run(raw_ostream &OS) {
  emitSourceFileHeader("CuTe atom registry: tiers, atoms, variants", OS, RK);
  emitEnums(OS);
  IfDefEmitter Guard(OS, "GET_REGISTRY_TABLES");
  emitVocabulary(OS);
  emitTiers(OS);
  emitAtoms(OS);
  emitVariants(OS);
  emitSignatures(OS);
  emitTierPtx(OS);
  emitOperandChecks(OS);
  emitIndexes(OS);
  W.emitPool(OS, "RegistryStrings");
  Layouts.emitPool(OS, "RegistryLayoutWords");
}

} // namespace

static TableGen::Emitter::OptClass<AtomRegistryEmitter>
    X("gen-atom-registry", "Generate the CuTe SM tier and atom registry");
