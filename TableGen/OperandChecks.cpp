//===- OperandChecks.cpp - Operand checks and lowering fields ---*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The records the atom lowering evaluates without naming an atom: the
/// OperandCheck records (a diagnostic bound to a property of one operand of
/// some atoms' calls) and the atom fields a lowering kind reads
/// (LoweringKind's AtomFields, a tensor-memory copy's Direction). Part of
/// CuteRecords: every emitter rejects the same bad check.
///
//===----------------------------------------------------------------------===//

#include "CuteRecords.h"

#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/TableGen/Error.h"

#include <climits>

using namespace llvm;
using cute::diag;
using cute::DiagID;
using namespace cute::tblgen;

namespace {

/// The AltNames of \p Table's entries (those not empty), comma-separated.
template <class EnumT, size_t N>
std::string altNames(const EnumEntry<EnumT> (&Table)[N]) {
  std::vector<StringRef> Names;
  for (const EnumEntry<EnumT> &E : Table)
    if (!E.AltName.empty())
      Names.push_back(E.AltName);
  return join(Names, ", ");
}

/// The atom parameter of \p Atom named \p Name, or null.
const Record *paramNamed(const Record *Atom, StringRef Name) {
  for (const Record *P : Atom->getValueAsListOfDefs("Params"))
    if (P->getValueAsString("Name") == Name)
      return P;
  return nullptr;
}

} // namespace

void CuteRecords::readOperandChecks(const RecordKeeper &RK) {
  if (!RK.getClass("OperandCheck"))
    return;
  std::vector<const Record *> Defs =
      RK.getAllDerivedDefinitions("OperandCheck");
  llvm::sort(Defs, LessRecordByID());
  // The variants use an operand when one of their PTX operands has its
  // name (the atom parameter binds to it).
  DenseMap<const Record *, StringSet<>> UsedByAtom;
  for (const Record *V : RK.getAllDerivedDefinitions("AtomVariant"))
    for (const Record *O : V->getValueAsListOfDefs("PtxOperands"))
      UsedByAtom[V->getValueAsDef("Atom")].insert(O->getValueAsString("Name"));

  for (const Record *R : Defs) {
    StringRef Name = R->getName();
    auto Fail = [&](const Twine &Msg) { PrintFatalError(R->getLoc(), Msg); };
    OperandCheck C;
    C.Def = R;
    C.Operand = R->getValueAsString("Operand");

    StringRef Property = R->getValueAsString("Property");
    const auto *P = find_if(CheckPropertyNames, [&](const auto &E) {
      return E.AltName == Property;
    });
    if (P == std::end(CheckPropertyNames))
      Fail(diag(DiagID::OperandCheckProperty, Name, Property,
                altNames(CheckPropertyNames)));
    C.Property = P->Value;

    // The diagnostic's arguments are values a check of the property
    // supplies.
    C.Diag = R->getValueAsDef("Diag");
    std::vector<StringRef> Args = C.Diag->getValueAsListOfStrings("Args");
    if (Args.size() > registry::MaxCheckArgs)
      Fail(diag(DiagID::OperandCheckTooManyArgs, Name, C.Diag->getName(),
                Args.size(), registry::MaxCheckArgs));
    std::vector<StringRef> Supplied;
    for (const EnumEntry<CheckArg> &E : CheckArgNames)
      if (registry::checkSupplies(C.Property, E.Value))
        Supplied.push_back(E.Name);
    for (StringRef Arg : Args) {
      const auto *A =
          find_if(CheckArgNames, [&](const auto &E) { return E.Name == Arg; });
      if (A == std::end(CheckArgNames) ||
          !registry::checkSupplies(C.Property, A->Value))
        Fail(diag(DiagID::OperandCheckArgument, Name, C.Diag->getName(), Arg,
                  Property, join(Supplied, ", ")));
      C.Args.push_back(A->Value);
    }

    C.Min = R->getValueAsInt("Min");
    C.Max = R->getValueAsInt("Max");
    C.Step = R->getValueAsInt("Step");
    C.Pow2 = R->getValueAsBit("Pow2");
    C.Align = R->getValueAsInt("Align");
    if (C.Property == CheckProperty::Range &&
        (C.Max < C.Min || C.Step < 1 || C.Min < INT32_MIN ||
         C.Max > INT32_MAX || C.Step > INT32_MAX))
      Fail(diag(DiagID::OperandCheckRangeInvalid, Name, C.Min, C.Max, C.Step));
    if (C.Property == CheckProperty::Align &&
        (C.Align <= 0 || C.Align > INT32_MAX || !isPowerOf2_64(C.Align)))
      Fail(diag(DiagID::OperandCheckAlignInvalid, Name, C.Align));

    // The atoms it applies to: those it names, and those of the lowering
    // kinds it names whose variants use the operand.
    std::vector<const Record *> Named = R->getValueAsListOfDefs("Atoms");
    std::vector<const Record *> Kinds = R->getValueAsListOfDefs("Kinds");
    if (Named.empty() && Kinds.empty())
      Fail(diag(DiagID::OperandCheckNoTargets, Name));
    std::vector<unsigned> Targets;
    for (const Record *A : Named) {
      if (!UsedByAtom.lookup(A).contains(C.Operand) ||
          !paramNamed(A, C.Operand))
        Fail(diag(DiagID::OperandCheckUnusedOperand, Name,
                  A->getValueAsString("Mnemonic"), C.Operand));
      Targets.push_back(Index.lookup(A));
    }
    for (const Record *K : Kinds) {
      bool Any = false;
      for (const Atom &A : Atoms)
        if (A.Def->getValueAsDef("Lowering") == K &&
            UsedByAtom.lookup(A.Def).contains(C.Operand) &&
            paramNamed(A.Def, C.Operand)) {
          Any = true;
          if (!is_contained(Targets, Index.lookup(A.Def)))
            Targets.push_back(Index.lookup(A.Def));
        }
      if (!Any)
        Fail(diag(DiagID::OperandCheckKindNoAtom, Name, K->getName(),
                  C.Operand));
    }

    for (unsigned AI : Targets) {
      const Atom &A = Atoms[AI];
      // A range is an integer's, an alignment a pointer's.
      StringRef CType = paramNamed(A.Def, C.Operand)->getValueAsString("CType");
      bool Pointer = irTypeOf(CType) == "ptr";
      if (Pointer != (C.Property == CheckProperty::Align))
        Fail(diag(DiagID::OperandCheckOperandType, Name, C.Operand, A.Mnemonic,
                  CType, Property));
      if (C.Property == CheckProperty::Range)
        if (const OperandCheck *Other = rangeCheckOf(AI, C.Operand))
          Fail(diag(DiagID::OperandCheckDuplicateRange, Name, C.Operand,
                    A.Mnemonic, Other->Def->getName()));
      OperandCheck Applied = C;
      Applied.Atom = AI;
      Checks.push_back(std::move(Applied));
    }
  }
  llvm::sort(Checks, [](const OperandCheck &L, const OperandCheck &R) {
    return std::make_pair(L.Atom, L.Def->getID()) <
           std::make_pair(R.Atom, R.Def->getID());
  });
}

const OperandCheck *CuteRecords::rangeCheckOf(unsigned Atom,
                                              StringRef Operand) const {
  for (const OperandCheck &C : Checks)
    if (C.Atom == Atom && C.Property == CheckProperty::Range &&
        C.Operand == Operand)
      return &C;
  return nullptr;
}

CopyDirection CuteRecords::directionOf(const Atom &A) const {
  if (!A.Def->getValue("Direction"))
    return CopyDirection::None;
  StringRef Word = A.Def->getValueAsString("Direction");
  for (const EnumEntry<CopyDirection> &E : CopyDirectionNames)
    if (E.AltName == Word)
      return E.Value;
  return CopyDirection::None;
}

void CuteRecords::checkLoweringFields() const {
  for (const Atom &A : Atoms) {
    // A copy's Direction is one the lowering knows.
    if (const RecordVal *D = A.Def->getValue("Direction")) {
      StringRef Word = A.Def->getValueAsString("Direction");
      if (!Word.empty() && directionOf(A) == CopyDirection::None)
        error(D->getLoc(), diag(DiagID::AtomCopyDirectionUnknown, A.Mnemonic,
                                Word, altNames(CopyDirectionNames)));
    }
    // An atom without variants is never lowered.
    if (A.Variants.empty())
      continue;
    const Record *Kind = LoweringKinds[A.Lowering];
    for (StringRef Field : Kind->getValueAsListOfStrings("AtomFields")) {
      const RecordVal *F = A.Def->getValue(Field);
      const auto *S = F ? dyn_cast<StringInit>(F->getValue()) : nullptr;
      if (!S || S->getValue().empty())
        error(A.Def->getLoc(), diag(DiagID::AtomLoweringReadsField,
                                    A.Mnemonic, Kind->getName(), Field));
    }
  }
}
