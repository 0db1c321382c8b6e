//===- CuteRecords.cpp - Validated view of the atom records -----*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteRecords.h"

#include "CuteLLVM/Layout/IntTuple.h"
#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"

#include <functional>

using namespace llvm;
using cute::diag;
using cute::DiagID;
using namespace cute::tblgen;

namespace {

/// All records derived from \p Class, in definition order.
std::vector<const Record *> defsInOrder(const RecordKeeper &RK,
                                        StringRef Class) {
  std::vector<const Record *> Defs;
  if (!RK.getClass(Class))
    return Defs;
  for (const Record *R : RK.getAllDerivedDefinitions(Class))
    Defs.push_back(R);
  llvm::sort(Defs, LessRecordByID());
  return Defs;
}

/// Records \p R as the owner of \p Name in \p Owners; a name another
/// record owns already is an error, "duplicate <What> '<Name>'" (false).
bool claimName(StringMap<const Record *> &Owners, StringRef Name,
               const Record *R, StringRef What) {
  auto [It, Inserted] = Owners.try_emplace(Name, R);
  if (Inserted)
    return true;
  PrintError(R->getLoc(), "duplicate " + What + " '" + Name + "'");
  PrintNote(It->second->getLoc(), diag(DiagID::PreviousDefinitionHere));
  return false;
}

/// The first line of a record body's text at or after \p From that starts
/// another definition: where the search for a name in a definition stops.
const char *definitionEnd(const char *From, const char *BufEnd) {
  StringRef Rest(From, BufEnd - From);
  // The definition's own first line is part of it; a top-level statement or
  // a nested def (in a multiclass or a foreach) ends it.
  size_t Line = Rest.find('\n');
  for (unsigned N = 0; Line != StringRef::npos && N < 400; ++N) {
    StringRef Next = Rest.drop_front(Line + 1);
    StringRef Word = Next.ltrim(" \t").take_until(
        [](char C) { return C == ' ' || C == '\t' || C == '\n'; });
    bool Indented = Next.size() != Next.ltrim(" \t").size();
    if (Word == "def" || Word == "defm" ||
        (!Indented && is_contained({"class", "multiclass", "foreach", "defset",
                                    "include", "defvar", "let", "if"},
                                   Word)))
      return Next.data();
    Line = Rest.find('\n', Line + 1);
  }
  return Line == StringRef::npos ? BufEnd : Rest.data() + Line + 1;
}

/// Where \p Name is written as a string literal ("Name") in the definition
/// that starts at \p Loc, or a null SMLoc.
SMLoc findQuoted(SMLoc Loc, StringRef Name) {
  unsigned Buf = SrcMgr.FindBufferContainingLoc(Loc);
  if (!Buf || Name.empty())
    return SMLoc();
  const char *End = SrcMgr.getMemoryBuffer(Buf)->getBufferEnd();
  // A definition's location is its name, after its keyword on the line.
  const char *Start = Loc.getPointer();
  StringRef Body(Start, definitionEnd(Start, End) - Start);
  std::string Quoted = ("\"" + Name + "\"").str();
  size_t At = Body.find(Quoted);
  if (At == StringRef::npos)
    return SMLoc();
  return SMLoc::getFromPointer(Body.data() + At + 1);
}

} // namespace

void CuteRecords::error(ArrayRef<SMLoc> Loc, const Twine &Msg) const {
  ++NumErrors;
  PrintError(Loc, Msg);
}

void CuteRecords::errorAt(const Record *R, StringRef Name,
                          const Twine &Msg) const {
  ++NumErrors;
  // The record's definition (and the multiclass and defm lines it comes
  // from), then the classes it derives from, innermost first.
  ArrayRef<SMLoc> Locs = R->getLoc();
  for (auto [I, L] : enumerate(Locs))
    if (SMLoc At = findQuoted(L, Name); At.isValid()) {
      SmallVector<SMLoc, 4> Where{At};
      Where.append(Locs.begin() + I + 1, Locs.end());
      PrintError(Where, Msg);
      return;
    }
  std::vector<const Record *> Supers = R->getSuperClasses();
  for (const Record *Class : llvm::reverse(Supers))
    for (SMLoc L : Class->getLoc())
      if (SMLoc At = findQuoted(L, Name); At.isValid()) {
        PrintError(At, Msg);
        PrintNote(Locs, diag(DiagID::RecordDefinedHere, R->getName()));
        return;
      }
  // A name no definition spells (built with `#` or computed): the record.
  PrintError(Locs, Msg);
}

std::string CuteRecords::didYouMean(StringRef Name, ArrayRef<StringRef> Known,
                                    StringRef What) {
  StringRef Best;
  unsigned BestDist = std::max<unsigned>(2, Name.size() / 3) + 1;
  for (StringRef K : Known) {
    unsigned D = Name.edit_distance(K, /*AllowReplacements=*/true, BestDist);
    if (D < BestDist) {
      BestDist = D;
      Best = K;
    }
  }
  std::string S;
  if (!Best.empty())
    S += diag(DiagID::DidYouMean, Best);
  // The list where it is short enough to read.
  if (Known.size() <= 32)
    S += diag(DiagID::KnownNames, What, join(Known, ", "));
  return S;
}

namespace {

/// "16x8x16 F32F16F16F32" for diagnostics.
std::string describePoint(const Record *V) {
  const Record *T = V->getValueAsDef("Types");
  std::string S;
  raw_string_ostream OS(S);
  OS << V->getValueAsInt("M") << 'x' << V->getValueAsInt("N") << 'x'
     << V->getValueAsInt("K") << ' ';
  for (StringRef F : {"D", "A", "B", "C"})
    OS << T->getValueAsDef(F)->getValueAsString("Cute");
  if (int64_t Ctas = V->getValueAsInt("Ctas"); Ctas != 1)
    OS << " ctas=" << Ctas;
  if (StringRef Mode = V->getValueAsString("Mode"); !Mode.empty())
    OS << ' ' << Mode;
  if (V->getValueAsBit("Sparse"))
    OS << " sparse";
  return S;
}

} // namespace

void cute::tblgen::emitCString(raw_ostream &OS, StringRef S, bool NullIfEmpty) {
  if (S.empty() && NullIfEmpty) {
    OS << "nullptr";
    return;
  }
  OS << '"';
  OS.write_escaped(S);
  OS << '"';
}

CuteRecords::CuteRecords(const RecordKeeper &RK) {
  // Every check reports its error and the reading goes on where the view
  // stays sound (an unknown tier reads as none, a bad variant is left out),
  // so that one run reports every error; the emitter never sees them.
  readVocabulary(RK);
  readTiers(RK);
  readAtoms(RK);
  // Before the variants: their call signatures take ranges from the checks.
  readOperandChecks(RK);
  readVariants(RK);
  checkFeatures();
  checkLoweringFields();
  if (NumErrors)
    PrintFatalNote(diag(DiagID::RecordsErrorCount, NumErrors));
}

void CuteRecords::readVocabulary(const RecordKeeper &RK) {
  auto Read = [&](StringRef Class, std::vector<const Record *> &Out,
                  unsigned Max) {
    Out = defsInOrder(RK, Class);
    if (Out.size() > Max)
      PrintFatalError(Out[Max]->getLoc(),
                      diag(DiagID::TooManyRecords, Max, Class));
    for (auto [I, R] : llvm::enumerate(Out))
      Index[R] = I;
  };
  Read("TierFeature", Features, 64);
  Read("AtomInterface", Interfaces, 32);
  Read("Residency", Residencies, 32);
  Read("ElementType", ElementTypes, 127);
  Read("LoweringKind", LoweringKinds, 255);
  Read("CuteDiagnostic", Diagnostics, 65535);
}

void CuteRecords::readTiers(const RecordKeeper &RK) {
  std::vector<const Record *> Defs = defsInOrder(RK, "SmTier");
  if (Defs.size() > 64)
    PrintFatalError(Defs[64]->getLoc(), diag(DiagID::TooManyTiers));
  for (const Record *R : Defs) {
    Tier T;
    T.Def = R;
    T.Name = R->getName();
    T.Arch = R->getValueAsInt("Arch");
    T.PtxVersion = R->getValueAsInt("PtxVersion");
    if (T.Arch <= 0 || T.PtxVersion <= 0)
      error(R->getLoc(), diag(DiagID::TierNeedsPositiveArch, T.Name));
    for (const Record *F : R->getValueAsListOfDefs("Features"))
      T.OwnFeatures |= uint64_t(1) << Index.lookup(F);
    Index[R] = Tiers.size();
    TierByName[T.Name] = Tiers.size();
    Tiers.push_back(T);
  }

  // Resolve parents and families by name; an unknown one reads as none.
  auto TierNamed = [&](const Tier &T, StringRef Field) {
    StringRef Name = T.Def->getValueAsString(Field);
    if (Name.empty())
      return -1;
    auto It = TierByName.find(Name);
    if (It == TierByName.end()) {
      errorAt(T.Def, Name,
              diag(DiagID::TierUnknownTier, T.Name, Field.lower(), Name) +
                  didYouMean(Name, tierNames(), "tiers"));
      return -1;
    }
    return int(It->second);
  };
  for (Tier &T : Tiers) {
    T.Parent = TierNamed(T, "Parent");
    T.Family = TierNamed(T, "Family");
  }

  // Reject cycles: a walk up the roster longer than the roster loops. The
  // tier that closes one loses its parent, so the rest stays a tree.
  for (Tier &T : Tiers) {
    std::string Path = T.Name.str();
    int Cur = T.Parent;
    for (size_t Steps = 0; Cur >= 0; ++Steps) {
      Path += " -> " + Tiers[Cur].Name.str();
      if (&Tiers[Cur] == &T || Steps > Tiers.size()) {
        error(T.Def->getLoc(), diag(DiagID::TierPartParentCycle, T.Name, Path));
        T.Parent = -1;
        break;
      }
      Cur = Tiers[Cur].Parent;
    }
  }

  for (Tier &T : Tiers) {
    // PTX for a parent's target must not need a newer ISA than the child's.
    if (T.Parent >= 0 && Tiers[T.Parent].PtxVersion > T.PtxVersion)
      error(T.Def->getLoc(),
            diag(DiagID::TierNeedsPTXISA, T.Name, T.PtxVersion / 10,
                 T.PtxVersion % 10, Tiers[T.Parent].Name,
                 Tiers[T.Parent].PtxVersion / 10,
                 Tiers[T.Parent].PtxVersion % 10));
    // A family is a family tier of the same SM version with no family of
    // its own: the implication is one step, never a chain.
    if (T.Family >= 0) {
      const Tier &F = Tiers[T.Family];
      if (F.Arch != T.Arch || F.Family >= 0 || F.Parent != T.Parent) {
        errorAt(T.Def, F.Name,
                diag(DiagID::TierNamesFamilyNot, T.Name, F.Name));
        T.Family = -1;
      }
    }
  }

  // Inherit features and record ancestors (parents and families first by
  // recursion).
  std::vector<bool> Done(Tiers.size());
  std::function<void(unsigned)> Resolve = [&](unsigned I) {
    if (Done[I])
      return;
    Tier &T = Tiers[I];
    T.Features = T.OwnFeatures;
    T.Ancestors = uint64_t(1) << I;
    for (int Up : {T.Parent, T.Family}) {
      if (Up < 0)
        continue;
      Resolve(Up);
      T.Features |= Tiers[Up].Features;
      T.Ancestors |= Tiers[Up].Ancestors;
    }
    Done[I] = true;
  };
  for (unsigned I = 0, E = Tiers.size(); I != E; ++I)
    Resolve(I);
}

void CuteRecords::readAtoms(const RecordKeeper &RK) {
  StringMap<const Record *> ByMnemonic;
  for (const Record *R : defsInOrder(RK, "CuteAtom")) {
    Atom A;
    A.Def = R;
    A.Mnemonic = R->getValueAsString("Mnemonic");
    if (A.Mnemonic.empty())
      error(R->getLoc(), diag(DiagID::AtomNoMnemonic, R->getName()));
    if (!claimName(ByMnemonic, A.Mnemonic, R, "atom mnemonic"))
      ++NumErrors;

    if (R->isSubClassOf("CuteMmaAtom"))
      A.Class = AtomClass::Mma;
    else if (R->isSubClassOf("CuteCopyAtom"))
      A.Class = AtomClass::Copy;
    else if (R->isSubClassOf("CuteDescriptorAtom"))
      A.Class = AtomClass::Descriptor;
    else if (R->isSubClassOf("CuteSyncAtom"))
      A.Class = AtomClass::Sync;
    else {
      // Left out: its variants are not read either.
      error(R->getLoc(), diag(DiagID::AtomNeitherMMACopy, A.Mnemonic));
      continue;
    }

    // An unknown min tier reads as "all": the atom's other checks go on.
    StringRef MinTier = R->getValueAsString("MinTier");
    if (MinTier != "all") {
      auto TI = TierByName.find(MinTier);
      if (TI == TierByName.end()) {
        std::vector<StringRef> Known = tierNames();
        Known.insert(Known.begin(), "all");
        errorAt(R, MinTier,
                diag(DiagID::AtomUnknownMinTier, A.Mnemonic, MinTier) +
                    didYouMean(MinTier, Known, "tiers"));
      } else {
        A.MinTier = TI->second;
      }
    }

    std::vector<const Record *> Ifaces = R->getValueAsListOfDefs("Interfaces");
    if (Ifaces.empty())
      error(R->getLoc(), diag(DiagID::AtomImplementsNoInterface, A.Mnemonic));
    for (const Record *I : Ifaces)
      A.Interfaces |= uint32_t(1) << Index.lookup(I);
    for (const Record *F : R->getValueAsListOfDefs("Features"))
      A.Features |= uint64_t(1) << Index.lookup(F);
    A.Lowering = Index.lookup(R->getValueAsDef("Lowering"));

    // The interface set must agree with the record class.
    auto Has = [&](StringRef Name) {
      return llvm::any_of(
          Ifaces, [&](const Record *I) { return I->getName() == Name; });
    };
    if (A.Class == AtomClass::Mma && !Has("MmaAtom"))
      error(R->getLoc(), diag(DiagID::MMAAtomMustImplement, A.Mnemonic));
    if (A.Class == AtomClass::Copy && !R->getValueAsBit("NonExec") &&
        !Has("CopyAtom"))
      error(R->getLoc(), diag(DiagID::CopyAtomMustImplement, A.Mnemonic));
    Index[R] = Atoms.size();
    Atoms.push_back(std::move(A));
  }
}

void CuteRecords::readVariants(const RecordKeeper &RK) {
  StringMap<const Record *> ByName;
  for (const Record *R : defsInOrder(RK, "AtomVariant")) {
    // The variants of an atom left out (reported) are left out too.
    auto AtomIt = Index.find(R->getValueAsDef("Atom"));
    if (AtomIt == Index.end())
      continue;
    Variant V{R, R->getValueAsString("Name"), AtomIt->second};
    if (!claimName(ByName, V.Name, R, "variant name"))
      ++NumErrors;
    if (R->isSubClassOf("MmaVariant") !=
        (Atoms[V.Atom].Class == AtomClass::Mma)) {
      error(R->getLoc(), diag(DiagID::VariantAtomClassMismatch, V.Name,
                              Atoms[V.Atom].Mnemonic));
      continue;
    }
    if (R->isSubClassOf("MmaVariant"))
      checkLattice(V);
    checkLayouts(V);
    checkPtxOperands(V);
    if (R->isSubClassOf("CopyVariant"))
      checkCopyContract(V);
    checkMinPtxOn(V);
    // Every variant has a call signature a front end can write calls from.
    (void)callSignature(V);
    Variants.push_back(V);
  }
  // Group the variants by atom (definition order within an atom) so that
  // each atom owns one contiguous range.
  llvm::sort(Variants, [](const Variant &L, const Variant &R) {
    return std::make_pair(L.Atom, L.Def->getID()) <
           std::make_pair(R.Atom, R.Def->getID());
  });
  for (auto [I, V] : llvm::enumerate(Variants)) {
    Atoms[V.Atom].Variants.push_back(I);
    Index[V.Def] = I;
  }
  checkFamilies();
  checkLatticeRules();
  // Every atom has variants or says why it has none: never silently by
  // omission.
  for (const Atom &A : Atoms) {
    StringRef Reason = A.Def->getValueAsString("NoVariantReason");
    if (A.Variants.empty() && Reason.empty())
      error(A.Def->getLoc(), diag(DiagID::AtomNoVariantsNoReason, A.Mnemonic));
    if (!A.Variants.empty() && !Reason.empty())
      error(A.Def->getLoc(), diag(DiagID::AtomVariantNoVariantReason,
                                  A.Mnemonic, A.Variants.size()));
  }
}

ArrayRef<StringLiteral> CuteRecords::tvLayoutFields(bool IsMma) {
  static constexpr StringLiteral Mma[] = {"LayoutA", "LayoutB", "LayoutC"};
  static constexpr StringLiteral Copy[] = {"SrcLayout", "DstLayout",
                                           "RefLayout"};
  if (IsMma)
    return Mma;
  return Copy;
}

void CuteRecords::checkLayouts(const Variant &V) const {
  // Every MMA and copy variant carries CuTe's TV layouts, or says why CuTe
  // defines none for it: never silently by omission.
  const Record *R = V.Def;
  bool IsMma = R->isSubClassOf("MmaVariant");
  if (!IsMma && !R->isSubClassOf("CopyVariant"))
    return;
  StringRef Reason = R->getValueAsString("NoLayoutReason");
  unsigned Present = 0;
  for (StringRef F : tvLayoutFields(IsMma))
    Present += !R->getValueAsString(F).empty();
  // Each layout the variant has is CuTe notation the lowering and
  // cute-layout parse: its TV layouts, a copy variant's ValID, its ThrID.
  SmallVector<StringRef, 5> Fields(tvLayoutFields(IsMma));
  if (!IsMma)
    Fields.push_back("ValID");
  Fields.push_back("ThrID");
  for (StringRef F : Fields) {
    StringRef Text = R->getValueAsString(F);
    if (Text.empty())
      continue;
    auto L = cute::parseLayout(Text);
    if (!L)
      error(R->getLoc(), diag(DiagID::VariantNotLayout, V.Name, F, Text,
                              toString(L.takeError())));
  }
  if (Reason.empty() && Present != 3)
    error(R->getLoc(), diag(DiagID::VariantTVLayoutsMissing, V.Name, Present));
  if (!Reason.empty() && Present != 0)
    error(R->getLoc(), diag(DiagID::VariantTVLayoutsNoLayoutReason, V.Name));
  // The TiledMMA and TiledCopy of a variant need its thread IDs beside its
  // TV layouts.
  if (Reason.empty() && R->getValueAsString("ThrID").empty())
    error(R->getLoc(), diag(DiagID::VariantTVLayoutsNoThrID, V.Name));
}

void CuteRecords::checkPtxOperands(const Variant &V) const {
  // Every backend (registry, selectors, probes) trusts these: an operand of
  // an unknown kind, a runaway count or a `$name` no operand describes is an
  // error here, not a table entry.
  const Record *R = V.Def;
  if (!R->getValue("PtxOperands"))
    return;
  // The widest operands PTX has: 256 registers (tcgen05.ld .x128 of 64-bit
  // pairs), a 256 KiB shared-memory buffer, a rank-5 TMA tensor.
  auto MaxCount = [](StringRef Kind) -> int64_t {
    if (Kind == "regs")
      return 256;
    if (Kind == "shared")
      return 256 * 1024;
    if (Kind == "tensor")
      return 5;
    return Kind == "imm" ? 0 : 1;
  };
  auto Fail = [&](const Twine &Msg) {
    error(R->getLoc(), "variant '" + V.Name + "': " + Msg);
  };
  // The PTX ISA version (times ten) that introduced the instruction: none
  // (0) or a version from 1.0 to 9.9.
  if (R->getValue("MinPtx"))
    if (int64_t MinPtx = R->getValueAsInt("MinPtx");
        MinPtx != 0 && (MinPtx < 10 || MinPtx > 99))
      return Fail(diag(DiagID::MinPtxNotPTXISA, MinPtx));
  StringSet<> Names;
  StringMap<int64_t> Counts;
  for (const Record *O : R->getValueAsListOfDefs("PtxOperands")) {
    StringRef Name = O->getValueAsString("Name");
    StringRef Kind = O->getValueAsString("Kind");
    int64_t Count = O->getValueAsInt("Count");
    if (Kind == "regs")
      Counts[Name] = Count;
    if (!is_contained(
            {"regs", "reg", "imm", "shared", "global", "tmem", "tensor"}, Kind))
      return Fail(diag(DiagID::PTXOperandUnknownKind, Name, Kind));
    // A call-supplied immediate (type "arg") counts the multiple its value
    // must be; a record's own immediate counts nothing.
    bool ImmArg = Kind == "imm" && O->getValueAsString("Type") == "arg";
    int64_t Min = Kind == "imm" && !ImmArg ? 0 : 1;
    int64_t Max = ImmArg ? 256 : MaxCount(Kind);
    if (Count < Min || Count > Max)
      return Fail(
          diag(DiagID::PTXOperandKindCount, Name, Kind, Count, Min, Max));
    if (!Names.insert(Name).second)
      return Fail(diag(DiagID::PTXOperandDescribed, Name));
  }
  std::vector<StringRef> Stmts = R->getValueAsListOfStrings("PtxBefore");
  Stmts.push_back(R->getValueAsString("PtxAsm"));
  for (StringRef S : R->getValueAsListOfStrings("PtxAfter"))
    Stmts.push_back(S);
  if (const Record *Sel =
          R->getValue("Sel") ? R->getValueAsOptionalDef("Sel") : nullptr)
    if (Sel->isSubClassOf("InlinePtx"))
      Stmts.push_back(Sel->getValueAsString("Template"));
  StringSet<> Issued;
  for (StringRef Stmt : Stmts) {
    // Braces (vector operands) and brackets (addresses) nest and close.
    SmallVector<char, 4> Open;
    for (char C : Stmt) {
      if (C == '{' || C == '[')
        Open.push_back(C);
      if (C == '}' || C == ']') {
        if (Open.empty() || Open.back() != (C == '}' ? '{' : '['))
          return Fail(diag(DiagID::PTXStatementUnbalanced, Stmt, C));
        Open.pop_back();
      }
    }
    if (!Open.empty())
      return Fail(diag(DiagID::PTXStatementLeaves, Stmt, Open.back()));
    for (size_t At = Stmt.find('$'); At != StringRef::npos;
         At = Stmt.find('$', At + 1)) {
      StringRef Rest = Stmt.drop_front(At + 1);
      StringRef Name =
          Rest.take_while([](char C) { return isAlnum(C) || C == '_'; });
      if (!Names.contains(Name))
        return Fail(diag(DiagID::PTXStatementNamesUnknown, Stmt, Name));
      Issued.insert(Name);
      // `$name[i]`: register i of a `regs` operand, within its count.
      StringRef After = Rest.drop_front(Name.size());
      if (!After.consume_front("["))
        continue;
      unsigned Index = 0;
      StringRef Digits = After.take_while(isDigit);
      auto It = Counts.find(Name);
      if (It == Counts.end())
        return Fail(diag(DiagID::PTXStatementIndexes, Stmt, Name));
      if (Digits.empty() || Digits.getAsInteger(10, Index) ||
          !After.drop_front(Digits.size()).starts_with("]"))
        return Fail(diag(DiagID::PTXStatementIndexesSomething, Stmt, Name));
      if (Index >= It->second)
        return Fail(diag(DiagID::PTXStatementNamesRegister, Stmt, Index, Name,
                         It->second));
    }
  }
  // A shared operand in another CTA of the cluster (PtxClusterSmem) names
  // the atom's rank parameter: a scalar the lowering maps the address by.
  for (const Record *O : R->getValueAsListOfDefs("PtxOperands")) {
    StringRef Rank = O->getValueAsString("Value");
    if (O->isSubClassOf("PtxClusterSmem") && Rank.empty())
      return Fail(
          diag(DiagID::PTXOperandAnotherCTA, O->getValueAsString("Name")));
    if (O->getValueAsString("Kind") != "shared" || Rank.empty())
      continue;
    auto Params = Atoms[V.Atom].Def->getValueAsListOfDefs("Params");
    auto It = find_if(Params, [&](const Record *P) {
      return P->getValueAsString("Name") == Rank;
    });
    if (It == Params.end() ||
        !is_contained({"unsigned", "int"}, (*It)->getValueAsString("CType")))
      return Fail(diag(DiagID::PTXOperandNamesRank, O->getValueAsString("Name"),
                       Rank, Atoms[V.Atom].Def->getValueAsString("Mnemonic")));
  }
  // An operand no statement issues is a mistake in the record (the probes
  // and the lowering would drop it silently).
  if (!R->getValueAsString("PtxAsm").empty())
    for (const Record *O : R->getValueAsListOfDefs("PtxOperands"))
      if (!Issued.contains(O->getValueAsString("Name")))
        return Fail(
            diag(DiagID::PTXOperandDescribedNo, O->getValueAsString("Name")));
  // The atoms lowered through one intrinsic call take each operand from the
  // atom parameter of the same name, or, for a register, from the record's
  // own value: one that has neither cannot be lowered.
  const Record *Kind = Atoms[V.Atom].Def->getValueAsDef("Lowering");
  if (!is_contained({"MmaSyncLowering", "MatrixLoadLowering",
                     "MatrixStoreLowering", "CpAsyncLowering",
                     "InlinePtxLowering"},
                    Kind->getName()))
    return;
  std::vector<const Record *> Params =
      Atoms[V.Atom].Def->getValueAsListOfDefs("Params");
  for (const Record *O : R->getValueAsListOfDefs("PtxOperands")) {
    StringRef Name = O->getValueAsString("Name");
    StringRef OpKind = O->getValueAsString("Kind");
    if (OpKind == "imm" || any_of(Params, [&](const Record *P) {
          return P->getValueAsString("Name") == Name;
        }))
      continue;
    if ((OpKind == "reg" || OpKind == "regs") &&
        !O->getValueAsString("Value").empty())
      continue;
    return Fail(diag(DiagID::PTXOperandBindsNo, Name, Atoms[V.Atom].Mnemonic,
                     join(map_range(Params,
                                    [](const Record *P) {
                                      return P->getValueAsString("Name");
                                    }),
                          ", ")));
  }
}

void CuteRecords::checkCopyContract(const Variant &V) const {
  const Record *R = V.Def;
  const Atom &A = Atoms[V.Atom];
  // The residency a PTX operand's state space stands for ("" for a generic
  // address, which any residency may be).
  auto ResidencyOf = [](const Record *O) -> StringRef {
    if (O->getValueAsString("Space") == "generic")
      return "";
    return StringSwitch<StringRef>(O->getValueAsString("Kind"))
        .Case("shared", "smem")
        .Case("global", "gmem")
        .Cases({"reg", "regs"}, "rmem")
        .Case("tmem", "tmem")
        .Default("");
  };
  auto Names = [](const std::vector<const Record *> &Rs) {
    return join(
        map_range(Rs,
                  [](const Record *X) { return X->getValueAsString("Name"); }),
        ", ");
  };
  // The operands the atom's `src` and `dst` parameters bind to.
  for (const Record *O : R->getValueAsListOfDefs("PtxOperands")) {
    StringRef Name = O->getValueAsString("Name");
    StringRef Field = Name == "src" ? "Src" : Name == "dst" ? "Dst" : "";
    StringRef Res = ResidencyOf(O);
    if (Field.empty() || Res.empty() || !A.Def->getValue(Field))
      continue;
    std::vector<const Record *> Declared = A.Def->getValueAsListOfDefs(Field);
    if (any_of(Declared, [&](const Record *D) {
          return D->getValueAsString("Name") == Res;
        }))
      continue;
    error(R->getLoc(),
          diag(DiagID::CopyOperandSpaceContradicts, V.Name, A.Mnemonic, Name,
               O->getValueAsString("Kind"), Res, Field, Names(Declared)));
    return;
  }
  // A side in registers holds ValueBits bits per thread: the value mode of
  // its TV layout (LDSM's shared-memory source holds a row per thread, a
  // TMA box is dynamic: those sides are not checked).
  int64_t Bits = R->getValueAsInt("ValueBits");
  for (auto [Field, Layout] :
       {std::pair<StringRef, StringRef>{"Src", "SrcLayout"},
        {"Dst", "DstLayout"}}) {
    if (!A.Def->getValue(Field) ||
        none_of(A.Def->getValueAsListOfDefs(Field), [](const Record *D) {
          return D->getValueAsString("Name") == "rmem";
        }))
      continue;
    StringRef Text = R->getValueAsString(Layout);
    auto L = cute::parseLayout(Text);
    if (!L) {
      consumeError(L.takeError());
      continue;
    }
    if (cute::rank(L->Shape) != 2 || !cute::isStatic(cute::mode(L->Shape, 1)))
      continue;
    int64_t Have = cute::product(cute::mode(L->Shape, 1)).value();
    if (Have != Bits) {
      error(R->getLoc(), diag(DiagID::CopyLayoutBitsContradict, V.Name,
                              A.Mnemonic, Layout, Text, Have, Bits));
      return;
    }
  }
}

void CuteRecords::checkMinPtxOn(const Variant &V) const {
  const Record *R = V.Def;
  if (!R->getValue("MinPtxOn"))
    return;
  DenseMap<const Record *, const Record *> Seen;
  for (const Record *E : R->getValueAsListOfDefs("MinPtxOn")) {
    const Record *T = E->getValueAsDef("Tier");
    int64_t Ptx = E->getValueAsInt("Ptx");
    if (Ptx < 10 || Ptx > 99)
      error(R->getLoc(),
            "variant '" + V.Name +
                "': " + diag(DiagID::MinPtxOnNotPTXISA, T->getName(), Ptx));
    if (!Seen.try_emplace(T, E).second)
      error(R->getLoc(), "variant '" + V.Name + "': " +
                             diag(DiagID::MinPtxOnTierTwice, T->getName()));
  }
}

int64_t CuteRecords::minPtxOverride(const Variant &V, const Tier &T) const {
  if (!V.Def->getValue("MinPtxOn"))
    return -1;
  // The nearest: the entry tier with the most ancestors among T's own.
  int64_t Ptx = -1;
  int Depth = -1;
  for (const Record *E : V.Def->getValueAsListOfDefs("MinPtxOn")) {
    auto It = Index.find(E->getValueAsDef("Tier"));
    if (It == Index.end() || !(T.Ancestors & (uint64_t(1) << It->second)))
      continue;
    int D = llvm::popcount(Tiers[It->second].Ancestors);
    if (D > Depth) {
      Depth = D;
      Ptx = E->getValueAsInt("Ptx");
    }
  }
  return Ptx;
}

int64_t CuteRecords::minPtx(const Variant &V, const Tier &T) const {
  int64_t Own = minPtxOverride(V, T);
  if (Own < 0)
    Own = V.Def->getValue("MinPtx") ? V.Def->getValueAsInt("MinPtx") : 0;
  return std::max(T.PtxVersion, Own);
}

void CuteRecords::checkFeatures() const {
  uint64_t OnSomeTier = 0;
  for (const Tier &T : Tiers)
    OnSomeTier |= T.Features;
  // A feature no tier provides: what needs it can be used nowhere.
  for (auto [I, F] : enumerate(Features)) {
    uint64_t Bit = uint64_t(1) << I;
    if (OnSomeTier & Bit)
      continue;
    std::vector<std::string> Users;
    for (const Atom &A : Atoms)
      if (A.Features & Bit)
        Users.push_back("atom '" + A.Mnemonic.str() + "'");
    for (const Variant &V : Variants)
      if (!(Atoms[V.Atom].Features & Bit) && (variantFeatures(V) & Bit))
        Users.push_back("variant '" + V.Name.str() + "'");
    StringRef FName = F->getValueAsString("Name");
    if (Users.empty())
      error(F->getLoc(),
            diag(DiagID::FeatureOnNoTierUnused, FName, F->getName()));
    else
      error(F->getLoc(), diag(DiagID::FeatureOnNoTier, FName, F->getName(),
                              Users.size(), join(Users, ", ")));
  }
  // Every atom and variant some tier may use (its features all exist, but
  // not on one tier under its min tier).
  for (const Atom &A : Atoms) {
    if ((A.Features & OnSomeTier) != A.Features)
      continue;
    if (none_of(Tiers, [&](const Tier &T) { return isAvailable(A, T); }))
      error(A.Def->getLoc(),
            diag(DiagID::AtomUsableOnNoTier, A.Mnemonic, minTierName(A),
                 join(namesOf(A.Features, Features), ", ")));
  }
  for (const Variant &V : Variants) {
    const Atom &A = Atoms[V.Atom];
    uint64_t Need = A.Features | variantFeatures(V);
    if ((Need & OnSomeTier) != Need ||
        none_of(Tiers, [&](const Tier &T) { return isAvailable(A, T); }))
      continue;
    if (none_of(Tiers, [&](const Tier &T) { return isAvailable(V, T); }))
      error(V.Def->getLoc(),
            diag(DiagID::VariantUsableOnNoTier, V.Name, A.Mnemonic,
                 join(namesOf(variantFeatures(V), Features), ", ")));
  }
}

unsigned CuteRecords::trailingOperands(const Variant &V) {
  std::vector<const Record *> Params =
      V.Def->getValueAsDef("Atom")->getValueAsListOfDefs("Params");
  unsigned N = 0;
  for (const Record *O : V.Def->getValueAsListOfDefs("PtxOperands")) {
    StringRef Kind = O->getValueAsString("Kind");
    bool Bound = any_of(Params, [&](const Record *P) {
      return P->getValueAsString("Name") == O->getValueAsString("Name");
    });
    if (Kind == "tensor" || (!Bound && Kind == "regs" &&
                             O->getValueAsString("Value").empty()))
      N += O->getValueAsInt("Count");
  }
  return N;
}

void CuteRecords::checkFamilies() const {
  // A family is named by a call and resolved by its trailing operand count:
  // its members are variants of one variadic atom that differ in that count,
  // and its name is no variant's.
  StringMap<std::vector<const Variant *>> Families;
  StringSet<> Names;
  for (const Variant &V : Variants) {
    Names.insert(V.Name);
    StringRef F = V.Def->getValueAsString("Family");
    if (!F.empty())
      Families[F].push_back(&V);
  }
  for (const auto &[Name, Members] : Families) {
    const Variant &First = *Members.front();
    if (Names.contains(Name))
      error(First.Def->getLoc(), diag(DiagID::VariantFamilyAlsoVariant, Name));
    if (!Atoms[First.Atom].Def->getValueAsBit("Variadic"))
      error(First.Def->getLoc(), diag(DiagID::VariantFamilyAtomTakes, Name,
                                      Atoms[First.Atom].Mnemonic));
    DenseMap<unsigned, const Variant *> ByCount;
    for (const Variant *V : Members) {
      if (V->Atom != First.Atom)
        error(V->Def->getLoc(),
              diag(DiagID::VariantFamilySpans, Name, Atoms[First.Atom].Mnemonic,
                   Atoms[V->Atom].Mnemonic));
      auto [It, New] = ByCount.try_emplace(trailingOperands(*V), V);
      if (!New)
        error(V->Def->getLoc(), diag(DiagID::VariantFamilyBothTake, Name,
                                     V->Name, It->second->Name, It->first));
    }
  }
}

void CuteRecords::checkLatticeRules() const {
  for (const Atom &A : Atoms) {
    if (!A.Def->getValue("Lattice"))
      continue;
    for (auto [I, Rule] :
         enumerate(A.Def->getValueAsListOfDefs("Lattice"))) {
      auto Fail = [&, I = I](const Twine &Msg) {
        error(A.Def->getLoc(),
              diag(DiagID::AtomLatticeRule, A.Mnemonic, I, Msg));
      };
      for (StringRef F : {"Ms", "Ns"}) {
        std::vector<int64_t> Extents = Rule->getValueAsListOfInts(F);
        if (Extents.empty())
          Fail(diag(DiagID::AtomFieldEmpty, F));
        for (int64_t E : Extents)
          if (E <= 0)
            Fail(diag(DiagID::HoldsExtentsPositive, F, E));
      }
      int64_t KBits = Rule->getValueAsInt("KBits");
      int64_t Container = Rule->getValueAsInt("ContainerBits");
      int64_t Ctas = Rule->getValueAsInt("Ctas");
      if (KBits < 0)
        Fail(diag(DiagID::UmmaKBitsInvalid, KBits));
      if (Container < 0)
        Fail(diag(DiagID::UmmaContainerBitsInvalid, Container));
      if (Ctas != 1 && Ctas != 2)
        Fail(diag(DiagID::UmmaCtasInvalid, Ctas));
      std::vector<const Record *> Types = Rule->getValueAsListOfDefs("Types");
      if (Types.empty())
        Fail(diag(DiagID::NoElementTypes));
      // K * bits(A) (or the container's) is KBits: a whole K for every
      // type; a container holds its element. KBits 0 is the K = 1 of the
      // scalar atoms.
      for (const Record *T : Types) {
        int64_t ABits = T->getValueAsDef("A")->getValueAsInt("Bits");
        int64_t Unit = Container ? Container : ABits;
        if (Container && Container < ABits)
          Fail(diag(DiagID::BitContainerCannot, Container,
                    T->getValueAsDef("A")->getName(), ABits));
        if (KBits && (Unit <= 0 || KBits % Unit))
          Fail(diag(DiagID::KBitsNotWholeK, KBits, Unit,
                    T->getValueAsDef("A")->getName()));
      }
    }
  }
}

void CuteRecords::checkLattice(const Variant &V) const {
  const Record *R = V.Def;
  const Atom &A = Atoms[V.Atom];
  std::vector<const Record *> Rules = A.Def->getValueAsListOfDefs("Lattice");
  if (Rules.empty())
    return;
  int64_t M = R->getValueAsInt("M"), N = R->getValueAsInt("N"),
          K = R->getValueAsInt("K"), Ctas = R->getValueAsInt("Ctas");
  StringRef Mode = R->getValueAsString("Mode");
  const Record *T = R->getValueAsDef("Types");
  int64_t ABits = T->getValueAsDef("A")->getValueAsInt("Bits");

  auto SameTypes = [&](const Record *U) {
    return llvm::all_of(std::initializer_list<StringRef>{"D", "A", "B", "C"},
                        [&](StringRef F) {
                          return U->getValueAsDef(F) == T->getValueAsDef(F);
                        });
  };
  // A sparse point lies on a sparse rule (every rule of a sparse atom is),
  // a dense point on a dense one.
  bool Sparse = R->getValueAsBit("Sparse");
  bool AtomSparse = A.Def->getValueAsBit("Sparse");
  for (const Record *Rule : Rules) {
    int64_t KBits = Rule->getValueAsInt("KBits");
    int64_t Container = Rule->getValueAsInt("ContainerBits");
    bool KOk =
        KBits == 0 ? K == 1 : K * (Container ? Container : ABits) == KBits;
    bool RuleSparse = AtomSparse || Rule->getValueAsBit("Sparse");
    if (KOk && RuleSparse == Sparse && Rule->getValueAsInt("Ctas") == Ctas &&
        is_contained(Rule->getValueAsListOfInts("Ms"), M) &&
        is_contained(Rule->getValueAsListOfInts("Ns"), N) &&
        is_contained(Rule->getValueAsListOfStrings("Modes"), Mode) &&
        any_of(Rule->getValueAsListOfDefs("Types"), SameTypes))
      return;
  }
  error(R->getLoc(), diag(DiagID::IllegalLatticePoint, describePoint(R),
                          A.Mnemonic, V.Name));
}

bool CuteRecords::isAvailable(const Atom &A, const Tier &T) const {
  if (A.MinTier >= 0 && !(T.Ancestors & (uint64_t(1) << A.MinTier)))
    return false;
  return (T.Features & A.Features) == A.Features;
}

uint64_t CuteRecords::variantFeatures(const Variant &V) const {
  uint64_t Mask = 0;
  for (const Record *F : V.Def->getValueAsListOfDefs("Features"))
    Mask |= uint64_t(1) << Index.lookup(F);
  return Mask;
}

bool CuteRecords::isAvailable(const Variant &V, const Tier &T) const {
  uint64_t Need = variantFeatures(V);
  return isAvailable(Atoms[V.Atom], T) && (T.Features & Need) == Need;
}

uint32_t CuteRecords::residencyMask(const Record *R, StringRef Field) const {
  if (!R->getValue(Field))
    return 0;
  uint32_t Mask = 0;
  for (const Record *Res : R->getValueAsListOfDefs(Field))
    Mask |= uint32_t(1) << Index.lookup(Res);
  return Mask;
}

std::vector<StringRef> CuteRecords::namesOf(uint64_t Mask,
                                            ArrayRef<const Record *> Recs) {
  std::vector<StringRef> Names;
  for (auto [I, R] : llvm::enumerate(Recs))
    if (Mask & (uint64_t(1) << I))
      Names.push_back(R->getValue("Name") ? R->getValueAsString("Name")
                                          : R->getName());
  return Names;
}

std::string CuteRecords::intrinsicName(StringRef Mnemonic) {
  Mnemonic.consume_front("atom.");
  return ("llvm.cute.nvgpu." + Mnemonic).str();
}

std::string CuteRecords::intrinsicCName(StringRef Mnemonic) {
  Mnemonic.consume_front("atom.");
  std::string Name = ("cute_nvgpu_" + Mnemonic).str();
  for (char &C : Name)
    if (!isAlnum(C))
      C = '_';
  return Name;
}

//===----------------------------------------------------------------------===//
// Call signatures
//===----------------------------------------------------------------------===//

StringRef CuteRecords::irTypeOf(StringRef CType) {
  return StringSwitch<StringRef>(CType)
      .Cases({"void *", "const void *"}, "ptr")
      .Cases({"unsigned", "int"}, "i32")
      .Case("unsigned short", "i16")
      .Case("unsigned long long", "i64")
      .Case("bool", "i1")
      .Case("void", "void")
      .Default("");
}

namespace {

/// The bytes one register of PTX type \p Type occupies in memory, or 0.
unsigned registerBytes(StringRef Type) {
  return StringSwitch<unsigned>(Type)
      .Cases({"b16", "f16"}, 2)
      .Cases({"b32", "f32"}, 4)
      .Cases({"b64", "f64"}, 8)
      .Default(0);
}

/// The C type of a trailing operand held in a register of PTX type \p Type.
StringRef trailingCType(StringRef Type) {
  return StringSwitch<StringRef>(Type)
      .Case("b16", "unsigned short")
      .Case("b32", "unsigned")
      .Case("b64", "unsigned long long")
      .Default("");
}

} // namespace

CallSignature CuteRecords::callSignature(const Variant &V) const {
  const Record *AtomDef = Atoms[V.Atom].Def;
  auto Fail = [&](const Twine &Msg) {
    error(V.Def->getLoc(), "variant '" + V.Name + "': " + Msg);
    return CallSignature();
  };
  std::vector<const Record *> Params = AtomDef->getValueAsListOfDefs("Params");
  std::vector<const Record *> Ops;
  if (V.Def->getValue("PtxOperands"))
    Ops = V.Def->getValueAsListOfDefs("PtxOperands");
  auto IsParam = [&](StringRef Name) {
    return any_of(Params, [&](const Record *P) {
      return P->getValueAsString("Name") == Name;
    });
  };
  auto Named = [&](StringRef Name) -> const Record * {
    auto It = find_if(Ops, [&](const Record *O) {
      return O->getValueAsString("Name") == Name;
    });
    return It == Ops.end() ? nullptr : *It;
  };
  // The operand a parameter places or sizes: a cluster shared-memory
  // operand's rank, a register list's count (its Value names the parameter).
  auto PlacedOrSizedBy = [&](StringRef Name) -> const Record * {
    for (const Record *O : Ops) {
      StringRef Kind = O->getValueAsString("Kind");
      if (O->getValueAsString("Value") == Name &&
          (Kind == "shared" ||
           (Kind == "regs" && IsParam(O->getValueAsString("Name")))))
        return O;
    }
    return nullptr;
  };
  // An operand's range is its range check's where it has one
  // (OperandCheck), else the operand record's own.
  auto TakeRange = [&](CallArg &A, const Record *O) {
    A.Min = O->getValueAsInt("Min");
    A.Max = O->getValueAsInt("Max");
    A.Step = O->getValueAsInt("Step");
    A.Pow2 = O->getValueAsBit("Pow2");
    if (const OperandCheck *C = rangeCheckOf(V.Atom, A.Name)) {
      A.Min = C->Min;
      A.Max = C->Max;
      A.Step = C->Step;
      A.Pow2 = C->Pow2;
    }
  };

  CallSignature S;
  S.Result = AtomDef->getValueAsString("Result").str();
  S.ResultIRType = irTypeOf(S.Result).str();
  if (S.ResultIRType.empty())
    return Fail(diag(DiagID::AtomReturnsNoIR, S.Result));
  for (const Record *P : Params) {
    CallArg A;
    A.Name = P->getValueAsString("Name").str();
    A.CType = P->getValueAsString("CType").str();
    A.IRType = irTypeOf(A.CType).str();
    if (A.IRType.empty() || A.IRType == "void")
      return Fail(diag(DiagID::ParameterCTypeNo, A.Name, A.CType));
    const Record *O = Named(A.Name);
    StringRef Kind = O ? O->getValueAsString("Kind") : "";
    if (A.IRType == "ptr") {
      if (!O) {
        A.Passing = ArgPassing::Unused;
      } else if (Kind == "reg" || Kind == "regs") {
        A.Passing = ArgPassing::Registers;
        A.RegType = O->getValueAsString("Type").str();
        A.Count = Kind == "regs" ? O->getValueAsInt("Count") : 1;
        A.CountArg = Kind == "regs" ? O->getValueAsString("Value").str() : "";
        A.Writes = A.CType == "void *";
        unsigned Bytes = registerBytes(A.RegType);
        if (!Bytes)
          return Fail(
              diag(DiagID::ParameterPointsRegisters, A.Name, A.RegType));
        A.Bytes = A.Count * Bytes;
        if (!A.CountArg.empty()) {
          auto It = find_if(Params, [&](const Record *Q) {
            return Q->getValueAsString("Name") == A.CountArg;
          });
          if (It == Params.end() ||
              irTypeOf((*It)->getValueAsString("CType")) == "ptr")
            return Fail(diag(DiagID::RegistersCountedNot, A.Name, A.CountArg));
        }
      } else if (Kind == "shared" || Kind == "global" || Kind == "tensor") {
        A.Passing = ArgPassing::Memory;
        A.Space = O->getValueAsString("Space").str();
        if (A.Space.empty())
          A.Space = Kind == "shared" ? "shared" : "global";
        A.Object = O->getValueAsString("Object").str();
        A.Bytes = O->getValueAsInt("Bytes");
        A.Align = O->getValueAsInt("Align");
        if (!is_contained({"buffer", "mbarrier", "tmem_slot", "tensor_map"},
                          A.Object))
          return Fail(diag(DiagID::MemoryOperandPoints, A.Name, A.Object));
        if (A.Align <= 0 || !isPowerOf2_64(A.Align))
          return Fail(diag(DiagID::MemoryOperandAlignment, A.Name, A.Align));
      } else {
        return Fail(diag(DiagID::PointerParameterBinds, A.Name, Kind));
      }
      S.Args.push_back(std::move(A));
      continue;
    }
    const Record *Ref = PlacedOrSizedBy(A.Name);
    if (O && Ref)
      return Fail(
          diag(DiagID::ParameterBothOperand, A.Name,
               (Ref->getValueAsString("Kind") == "shared" ? "rank" : "count"),
               Ref->getValueAsString("Name")));
    if (Ref && Ref->getValueAsString("Kind") == "shared") {
      // A run-time rank is mapped as well as a constant one.
      A.Passing = ArgPassing::Value;
      A.Role = "cluster_rank";
      A.Of = Ref->getValueAsString("Name").str();
      TakeRange(A, Ref);
    } else if (Ref) {
      A.Passing = ArgPassing::Immediate;
      A.Role = "register_count";
      A.Of = Ref->getValueAsString("Name").str();
      TakeRange(A, Ref);
    } else if (!O) {
      A.Passing = ArgPassing::Unused;
    } else if (Kind == "reg") {
      A.Passing = ArgPassing::Value;
      A.Role = O->getValueAsString("Type") == "pred" ? "predicate" : "register";
      TakeRange(A, O);
    } else if (Kind == "tmem") {
      A.Passing = ArgPassing::Value;
      A.Role = "tmem_address";
    } else if (Kind == "imm" && O->getValueAsString("Type") == "arg") {
      A.Passing = ArgPassing::Immediate;
      TakeRange(A, O);
      if (A.Max < A.Min)
        return Fail(diag(DiagID::ImmediateStatesNoRange, A.Name));
    } else if (Kind == "imm") {
      // The record's own immediate: the call passes exactly it.
      A.Passing = ArgPassing::Immediate;
      if (O->getValueAsString("Value").getAsInteger(0, A.Min))
        return Fail(diag(DiagID::ImmediateNotInteger, A.Name));
      A.Max = A.Min;
    } else {
      return Fail(diag(DiagID::IntegerParameterBinds, A.Name, Kind));
    }
    S.Args.push_back(std::move(A));
  }

  // A variadic atom's trailing operands: a tensor's coordinates, then the
  // register lists no parameter supplies (im2col offsets).
  if (!AtomDef->getValueAsBit("Variadic"))
    return S;
  unsigned Trailing = 0;
  for (const Record *O : Ops) {
    StringRef Kind = O->getValueAsString("Kind");
    StringRef Name = O->getValueAsString("Name");
    CallArg A;
    A.Passing = ArgPassing::Trailing;
    A.Count = O->getValueAsInt("Count");
    if (Kind == "tensor") {
      A.Name = "coords";
      A.CType = "int";
      A.Of = Name.str();
    } else if (Kind == "regs" && !IsParam(Name) &&
               O->getValueAsString("Value").empty()) {
      A.Name = Name.str();
      A.CType = trailingCType(O->getValueAsString("Type")).str();
      if (A.CType.empty())
        return Fail(diag(DiagID::TrailingOperandPTX, Name,
                         O->getValueAsString("Type")));
    } else {
      continue;
    }
    A.IRType = irTypeOf(A.CType).str();
    Trailing += A.Count;
    S.Args.push_back(std::move(A));
  }
  if (Trailing != trailingOperands(V))
    return Fail(
        diag(DiagID::TrailingOperandsCount, Trailing, trailingOperands(V)));
  return S;
}
