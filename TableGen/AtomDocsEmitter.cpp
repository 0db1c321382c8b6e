//===- AtomDocsEmitter.cpp - Markdown reference of atoms per tier -*- C++ -*-=//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-atom-docs: the reference page of the tier roster, the atoms each tier
/// may use and every atom with its contract and variants. An MMA atom whose
/// lattice is large and regular (the UMMA atoms: thousands of points in a few
/// dozen CuTe atom templates) is summarised per family instead: the points
/// of one CuTe template that issue one instruction, one row per set of Ms
/// that share their N and K sets, element types and scale factors.
///
//===----------------------------------------------------------------------===//

#include "CuteRecords.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <map>

using namespace llvm;
using namespace cute::tblgen;

namespace {

class AtomDocsEmitter : public RecordsEmitter {
public:
  using RecordsEmitter::RecordsEmitter;
  void run(raw_ostream &OS);

private:
  void emitRoster(raw_ostream &OS);
  void emitAtom(raw_ostream &OS, const Atom &A);
  void emitCall(raw_ostream &OS, const Atom &A);
  bool emitFamilies(raw_ostream &OS, const Atom &A);
};

std::string residencies(const CuteRecords &Records, const Record *R,
                        StringRef Field) {
  std::vector<StringRef> Names;
  if (R->getValue(Field))
    for (const Record *Res : R->getValueAsListOfDefs(Field))
      Names.push_back(Res->getValueAsString("Name"));
  return join(Names, " or ");
}

/// Appends \p V to \p Seen unless it is there already (first-seen order).
template <typename T> void addUnique(std::vector<T> &Seen, const T &V) {
  if (!is_contained(Seen, V))
    Seen.push_back(V);
}

/// A sorted set of integers, its arithmetic runs of three or more written
/// `first–last step s`: "8, 16–256 step 16".
/// The PTX ISA cell of a variant: "tier" (the tier's minimum suffices) or
/// "≥ 8.0", then each per-tier minimum ("sm_89: ≥ 8.1").
std::string ptxCell(const Record *V) {
  int64_t MinPtx = V->getValueAsInt("MinPtx");
  std::string Cell = MinPtx ? "≥ " + ptxVersion(MinPtx) : "tier";
  for (const Record *E : V->getValueAsListOfDefs("MinPtxOn"))
    Cell += ", " + E->getValueAsDef("Tier")->getName().str() + ": ≥ " +
            ptxVersion(E->getValueAsInt("Ptx"));
  return Cell;
}

std::string compressInts(std::vector<int64_t> Values) {
  llvm::sort(Values);
  std::vector<std::string> Parts;
  for (size_t I = 0; I < Values.size();) {
    size_t J = I + 1;
    if (J < Values.size()) {
      int64_t Step = Values[J] - Values[I];
      while (J + 1 < Values.size() && Values[J + 1] - Values[J] == Step)
        ++J;
      if (J - I >= 2) {
        Parts.push_back(std::to_string(Values[I]) + "–" +
                        std::to_string(Values[J]) + " step " +
                        std::to_string(Step));
        I = J + 1;
        continue;
      }
    }
    Parts.push_back(std::to_string(Values[I]));
    ++I;
  }
  return join(Parts, ", ");
}

/// The (A, B, D) type combinations of a family: the product of the A, B and
/// D sets when they are one (and C is D), else the combinations one by one.
std::string typeCombos(ArrayRef<const Record *> Types) {
  std::vector<StringRef> As, Bs, Ds, Combos;
  std::vector<std::string> Listed;
  bool CIsD = true;
  for (const Record *T : Types) {
    auto Name = [&](StringRef F) {
      return T->getValueAsDef(F)->getValueAsString("Cute");
    };
    addUnique(As, Name("A"));
    addUnique(Bs, Name("B"));
    addUnique(Ds, Name("D"));
    CIsD &= Name("C") == Name("D");
    Listed.push_back((Name("A") + "," + Name("B") + "," + Name("D") +
                      (Name("C") == Name("D") ? "" : "," + Name("C")))
                         .str());
  }
  if (CIsD && Types.size() == As.size() * Bs.size() * Ds.size()) {
    auto Set = [](ArrayRef<StringRef> S) {
      return S.size() == 1 ? S.front().str() : "{" + join(S, ", ") + "}";
    };
    return "A " + Set(As) + ", B " + Set(Bs) + ", C = D " + Set(Ds);
  }
  return join(Listed, "; ");
}

/// A map in first-insertion order keyed by strings.
template <typename V>
using Ordered = MapVector<std::string, V, std::map<std::string, unsigned>>;

/// The legal constants of a value or immediate: "", "0", "[0, 15]", "a
/// multiple of 8 in [24, 256]", "a power of two in [32, 512]".
std::string legalValues(const CallArg &A) {
  if (A.Max < A.Min)
    return "";
  if (A.Min == A.Max)
    return std::to_string(A.Min);
  std::string Range =
      "[" + std::to_string(A.Min) + ", " + std::to_string(A.Max) + "]";
  if (A.Pow2)
    return "a power of two in " + Range;
  if (A.Step > 1)
    return "a multiple of " + std::to_string(A.Step) + " in " + Range;
  return Range;
}

/// How \p A is passed, with `{n}` standing for its count (registers,
/// trailing operands), which varies over an atom's variants.
std::string describeArg(const CallArg &A) {
  std::string Legal = legalValues(A);
  auto Of = [&] { return A.Of.empty() ? "" : " of `" + A.Of + "`"; };
  switch (A.Passing) {
  case ArgPassing::Unused:
    return A.IRType == "ptr" ? "unused: null" : "unused: 0";
  case ArgPassing::Registers:
    return (A.CountArg.empty() ? "" : "up to ") + std::string("{n} ") +
           A.RegType + " register(s) the variant " +
           (A.Writes ? "writes" : "reads") +
           (A.CountArg.empty() ? "" : ", `" + A.CountArg + "` of them");
  case ArgPassing::Memory:
    return A.Space + " memory: " + A.Object +
           (A.Bytes ? ", " + std::to_string(A.Bytes) + " bytes" : "") + ", " +
           std::to_string(A.Align) + "-byte aligned";
  case ArgPassing::Value:
    return (A.Role.empty() ? "value" : A.Role) + Of() +
           (Legal.empty() ? "" : "; constants: " + Legal);
  case ArgPassing::Immediate:
    return "constant" + (A.Role.empty() ? "" : " " + A.Role) + Of() +
           (Legal.empty() ? "" : ": " + Legal);
  case ArgPassing::Trailing:
    return "{n} trailing operand(s)" + Of();
  }
  llvm_unreachable("unknown passing");
}

void AtomDocsEmitter::emitRoster(raw_ostream &OS) {
  OS << "## Tier roster\n\n";
  OS << "| Tier | Parent | Family | PTX ISA | Adds features | All features "
        "|\n"
        "|---|---|---|---|---|---|\n";
  auto TierRef = [&](int I) {
    return I < 0 ? std::string("—")
                 : ("`" + Records.tiers()[I].Name + "`").str();
  };
  for (const Tier &T : Records.tiers())
    OS << "| `" << T.Name << "` | " << TierRef(T.Parent) << " | "
       << TierRef(T.Family) << " | " << ptxVersion(T.PtxVersion) << " | "
       << join(CuteRecords::namesOf(T.OwnFeatures, Records.features()), ", ")
       << " | "
       << join(CuteRecords::namesOf(T.Features, Records.features()), ", ")
       << " |\n";
  OS << "\n## Atoms per tier\n\n";
  for (const Tier &T : Records.tiers()) {
    OS << "### " << T.Name << "\n\n";
    std::vector<std::string> Names;
    for (const Atom &A : Records.atoms())
      if (Records.isAvailable(A, T))
        Names.push_back(("`" + A.Mnemonic + "`").str());
    OS << join(Names, ", ") << "\n\n";
  }
}

/// The variants of an MMA atom whose lattice is large and regular, one row
/// per family: the points of one CuTe atom template (the name before its
/// `<`) that issue one instruction under one PTX ISA, with the same
/// features, sparsity and layout status, and whose Ms share one set of Ns,
/// Ks, types and scale factors. Every combination of a row's sets is a
/// variant, and every variant is in one row (checked: an atom whose rows
/// would not say exactly that gets the per-variant table). Returns false
/// (and emits nothing) for an atom that is small, not an MMA atom, or whose
/// variants do not fall into at most a quarter as many rows.
bool AtomDocsEmitter::emitFamilies(raw_ostream &OS, const Atom &A) {
  if (A.Class != AtomClass::Mma || A.Variants.size() <= 64)
    return false;
  /// The points of one family at one M (or, merged, at several).
  struct Slice {
    std::vector<int64_t> Ms, Ns, Ks;
    std::vector<const Record *> Types;
    std::vector<std::string> Scales;
    unsigned Count = 0;
    bool sameSets(const Slice &O) const {
      return Ns == O.Ns && Ks == O.Ks && Types == O.Types && Scales == O.Scales;
    }
  };
  struct Family {
    std::string Template;
    StringRef Ptx;
    std::string PtxCell;
    uint64_t Features;
    bool Sparse;
    StringRef Reason;
    std::vector<Slice> Slices;
  };
  std::vector<Family> Families;
  for (unsigned VI : A.Variants) {
    const Variant &V = Records.variants()[VI];
    const Record *R = V.Def;
    Family Key{V.Name.substr(0, V.Name.find('<')).str(),
               R->getValueAsString("Ptx"),
               ptxCell(R),
               Records.variantFeatures(V),
               R->getValueAsBit("Sparse"),
               R->getValueAsString("NoLayoutReason"),
               {}};
    auto It = find_if(Families, [&](const Family &F) {
      return F.Template == Key.Template && F.Ptx == Key.Ptx &&
             F.PtxCell == Key.PtxCell && F.Features == Key.Features &&
             F.Sparse == Key.Sparse && F.Reason == Key.Reason;
    });
    if (It == Families.end()) {
      Families.push_back(std::move(Key));
      It = std::prev(Families.end());
    }
    int64_t M = R->getValueAsInt("M");
    auto SI = find_if(It->Slices, [&](const Slice &S) { return S.Ms[0] == M; });
    if (SI == It->Slices.end()) {
      It->Slices.push_back(Slice{{M}, {}, {}, {}, {}});
      SI = std::prev(It->Slices.end());
    }
    ++SI->Count;
    addUnique(SI->Ns, R->getValueAsInt("N"));
    addUnique(SI->Ks, R->getValueAsInt("K"));
    addUnique(SI->Types, R->getValueAsDef("Types"));
    for (const Record *SF : R->getValueAsListOfDefs("ScaleType"))
      addUnique(SI->Scales, (SF->getValueAsString("Cute") + " per " +
                             Twine(R->getValueAsInt("ScaleVec")))
                                .str());
  }
  // Merge the Ms of a family that share their sets; each row must be the
  // full product of its sets.
  size_t Rows = 0;
  for (Family &F : Families) {
    std::vector<Slice> Merged;
    for (Slice &S : F.Slices) {
      if (size_t(S.Count) != S.Ns.size() * S.Ks.size() * S.Types.size() *
                                 std::max<size_t>(1, S.Scales.size()))
        return false;
      auto MI = find_if(Merged, [&](const Slice &O) { return O.sameSets(S); });
      if (MI == Merged.end()) {
        Merged.push_back(std::move(S));
        continue;
      }
      MI->Ms.push_back(S.Ms[0]);
      MI->Count += S.Count;
    }
    F.Slices = std::move(Merged);
    Rows += F.Slices.size();
  }
  if (Rows * 4 > A.Variants.size())
    return false;

  OS << A.Variants.size() << " variants in " << Rows
     << " rows: each row's variants are every combination of its M, N, K, "
        "types (A,B,D) and scale factors, named `Family<A,B,D[,SF],M,N[,VS]>` "
        "as CuTe names its atoms (`cute-atoms --atom "
     << A.Mnemonic << "` lists them).\n\n";
  OS << "| Family | Variants | PTX | PTX ISA | Needs | M | N | K | Types | "
        "Scale factors | TV layouts |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n";
  bool SparseAtom = A.Def->getValueAsBit("Sparse");
  for (const Family &F : Families)
    for (const Slice &S : F.Slices)
      OS << "| `" << F.Template << "`"
         << (F.Sparse && !SparseAtom ? " (sparse)" : "") << " | " << S.Count
         << " | `" << F.Ptx << "` | " << F.PtxCell << " | "
         << join(CuteRecords::namesOf(F.Features, Records.features()), ", ")
         << " | " << compressInts(S.Ms) << " | " << compressInts(S.Ns) << " | "
         << compressInts(S.Ks) << " | " << typeCombos(S.Types) << " | "
         << join(S.Scales, ", ") << " | "
         << (F.Reason.empty() ? "yes" : ("none: " + F.Reason).str()) << " |\n";
  OS << "\n";
  return true;
}

void AtomDocsEmitter::emitAtom(raw_ostream &OS, const Atom &A) {
  const Record *R = A.Def;
  OS << "### `" << A.Mnemonic << "`\n\n";
  OS << R->getValueAsString("Summary") << ".\n\n";
  OS << "- Min tier: " << Records.minTierName(A) << "\n";
  std::vector<StringRef> Feats =
      CuteRecords::namesOf(A.Features, Records.features());
  if (!Feats.empty())
    OS << "- Needs features: " << join(Feats, ", ") << "\n";
  OS << "- Interfaces: "
     << join(CuteRecords::namesOf(A.Interfaces, Records.interfaces()), ", ")
     << "\n";
  OS << "- Residency contract: " << R->getValueAsString("Contract") << "\n";
  if (A.Class == AtomClass::Mma)
    OS << "- Operands: A in " << residencies(Records, R, "AResidency")
       << "; B in " << residencies(Records, R, "BResidency") << "; D in "
       << residencies(Records, R, "DResidency") << "\n";
  if (A.Class == AtomClass::Copy) {
    OS << "- Source: " << residencies(Records, R, "Src")
       << "; destination: " << residencies(Records, R, "Dst") << "\n";
    if (!R->getValueAsString("LoweringTarget").empty())
      OS << "- Lowering target: `" << R->getValueAsString("LoweringTarget")
         << "`\n";
  }
  OS << "- Lowering kind: " << Records.loweringKinds()[A.Lowering]->getName()
     << "\n";
  OS << "- Intrinsic: `" << CuteRecords::intrinsicName(A.Mnemonic) << "`\n";
  if (A.Variants.empty()) {
    OS << "- No variants: " << R->getValueAsString("NoVariantReason") << "\n\n";
    return;
  }
  OS << "\n";
  emitCall(OS, A);
  if (emitFamilies(OS, A))
    return;
  OS << "| Variant | Param | PTX | PTX ISA | Needs | TV layouts |\n"
        "|---|---|---|---|---|---|\n";
  for (unsigned VI : A.Variants) {
    const Variant &V = Records.variants()[VI];
    StringRef Reason = V.Def->getValueAsString("NoLayoutReason");
    // Sparse lattice points of a dense atom say so.
    bool SparsePoint = A.Class == AtomClass::Mma &&
                       V.Def->getValueAsBit("Sparse") &&
                       !R->getValueAsBit("Sparse");
    OS << "| `" << V.Name << "`" << (SparsePoint ? " (sparse)" : "") << " | "
       << V.Def->getValueAsString("Param") << " | `"
       << V.Def->getValueAsString("Ptx") << "` | " << ptxCell(V.Def) << " | "
       << join(CuteRecords::namesOf(Records.variantFeatures(V),
                                    Records.features()),
               ", ")
       << " | " << (Reason.empty() ? "yes" : ("none: " + Reason).str())
       << " |\n";
  }
  OS << "\n";
  // CuTe's rank-generic names: a call naming one issues the member its
  // trailing operands fit.
  MapVector<StringRef, std::vector<const Variant *>> Families;
  for (unsigned VI : A.Variants) {
    const Variant &V = Records.variants()[VI];
    if (StringRef F = V.Def->getValueAsString("Family"); !F.empty())
      Families[F].push_back(&V);
  }
  if (Families.empty())
    return;
  OS << "Rank-generic names (a call naming one issues the member whose "
        "trailing operands it passes):\n\n";
  for (const auto &[Name, Members] : Families) {
    OS << "- `" << Name << "`: ";
    ListSeparator Sep(", ");
    for (const Variant *V : Members)
      OS << Sep << "`" << V->Name << "` ("
         << CuteRecords::trailingOperands(*V) << ")";
    OS << "\n";
  }
  OS << "\n";
}

/// The call of an atom's variants, as `cute-atoms --json` states it
/// (`signatures`): the declaration, then each argument in call order with its
/// C and IR types and how each variant passes it. What differs between the
/// variants is listed per description with the variants that share it; a
/// count that differs (registers, trailing operands) is one description
/// with the counts' set.
void AtomDocsEmitter::emitCall(raw_ostream &OS, const Atom &A) {
  std::vector<CallSignature> Sigs;
  for (unsigned VI : A.Variants)
    Sigs.push_back(Records.callSignature(Records.variants()[VI]));
  const CallSignature &First = Sigs.front();
  bool Variadic = A.Def->getValueAsBit("Variadic");
  std::vector<std::string> Types{"ptr"};
  for (const CallArg &Arg : First.Args)
    if (Arg.Passing != ArgPassing::Trailing)
      Types.push_back(Arg.IRType);
  if (Variadic)
    Types.push_back("...");
  OS << "Call: `" << First.ResultIRType << " (" << join(Types, ", ") << ") @"
     << CuteRecords::intrinsicName(A.Mnemonic)
     << "(ptr @variant, ...)`, returning " << First.Result << ".\n\n";
  // The rows: the parameters, then the trailing groups by name; in each, the
  // descriptions in first-seen order with the counts of their variants.
  Ordered<Ordered<std::vector<int64_t>>> Rows;
  Ordered<std::pair<std::string, std::string>> CTypes;
  for (const CallSignature &S : Sigs)
    for (const CallArg &Arg : S.Args) {
      std::string Key = Arg.Passing == ArgPassing::Trailing
                            ? "trailing `" + Arg.Name + "`"
                            : "`" + Arg.Name + "`";
      CTypes[Key] = {Arg.CType, Arg.IRType};
      Rows[Key][describeArg(Arg)].push_back(Arg.Count);
    }
  if (Rows.empty()) {
    OS << "No operands after the variant.\n\n";
    return;
  }
  OS << "| Argument | C type | IR type | Passed as (variants) |\n"
        "|---|---|---|---|\n";
  for (auto &[Key, Descs] : Rows) {
    std::vector<std::string> Cells;
    for (auto &[Desc, Counts] : Descs) {
      std::string Cell = Desc;
      std::vector<int64_t> Set;
      for (int64_t C : Counts)
        addUnique(Set, C);
      if (size_t At = Cell.find("{n}"); At != std::string::npos)
        Cell.replace(At, 3, compressInts(Set));
      if (Descs.size() > 1 || Counts.size() != Sigs.size())
        Cell += " (" + std::to_string(Counts.size()) + ")";
      Cells.push_back(Cell);
    }
    OS << "| " << Key << " | `" << CTypes[Key].first << "` | `"
       << CTypes[Key].second << "` | " << join(Cells, "; ") << " |\n";
  }
  OS << "\n";
}

void AtomDocsEmitter::run(raw_ostream &OS) {
  OS << "<!-- Automatically generated by cute-tblgen -gen-atom-docs from "
        "td/. Do not edit. -->\n\n";
  OS << "# CuTe atom reference\n\n";
  emitRoster(OS);
  OS << "## Atoms\n\n";
  for (const Atom &A : Records.atoms())
    emitAtom(OS, A);
}

} // namespace

static TableGen::Emitter::OptClass<AtomDocsEmitter>
    X("gen-atom-docs", "Generate the markdown reference of atoms per tier");
