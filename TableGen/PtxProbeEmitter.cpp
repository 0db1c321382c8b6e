//===- PtxProbeEmitter.cpp - ptxas probe modules per SM tier ----*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-ptx-probes -tier=<name>[,<name>...]: complete PTX modules that
/// issue the PTX statement of every variant a tier may use (inherited atoms
/// included). Each `.entry` (a probe) declares the registers, shared memory
/// and parameters the variant's PtxOperands describe and issues its PtxAsm
/// statement, with the statements around it, exactly as atom lowering will.
/// Running ptxas on the modules for the tier checks every instruction
/// spelling, operand count and type, the tier gating and the PTX ISA version
/// of the records.
///
/// Variants whose entries would be identical (the same statements, operand
/// declarations and MinPtx: the UMMA lattice points of one kind, CTA count
/// and mode differ only in the instruction descriptor they pass) share one
/// probe, which lists every variant it stands for (`// variant: NAME
/// (mnemonic)`, one line each) before its `.entry`.
///
/// Every variant is assembled under its own minimum PTX ISA: the tier's
/// minimum raised to the variant's MinPtx. The variants of a tier are
/// grouped by that version, one module per group, so a MinPtx set too low
/// puts its variant in a module whose `.version` ptxas rejects for it
/// (rather than hiding it in a module raised by another variant). Each
/// module starts with a `//--- <tier>-ptx<version>.ptx` line: `split-file`
/// cuts the output into files ptxas assembles one by one.
///
/// Variants that issue no instruction (no Ptx, no selector: the register
/// fence of a WGMMA fragment) have nothing to probe and are left out.
///
/// -probe-atom=<mnemonic> restricts the modules to one atom;
/// -probe-ungated also emits the variants the tier may not use, for
/// negative checks (ptxas must reject them); -probe-single-module emits one
/// module per tier at the highest version of its variants (what a kernel
/// issuing all of them declares).
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"

#include "CuteRecords.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <map>
#include <optional>

using namespace llvm;
using cute::diag;
using cute::DiagID;
using namespace cute::tblgen;

static cl::OptionCategory ProbeCat("Options for -gen-ptx-probes");

static cl::list<std::string>
    ProbeTiers("tier", cl::desc("The SM tiers to emit ptxas probe modules for"),
               cl::value_desc("name,..."), cl::CommaSeparated,
               cl::cat(ProbeCat));
static cl::opt<std::string>
    ProbeAtom("probe-atom", cl::desc("Only probe the variants of this atom"),
              cl::value_desc("mnemonic"), cl::cat(ProbeCat));
static cl::opt<bool> ProbeUngated(
    "probe-ungated",
    cl::desc("Also probe variants the tier may not use (negative checks)"),
    cl::cat(ProbeCat));
static cl::opt<bool> ProbeSingleModule(
    "probe-single-module",
    cl::desc("One module per tier at the highest PTX ISA of its variants"),
    cl::cat(ProbeCat));

namespace {

/// One operand of a variant's PTX statement (a PtxOperand record).
struct Operand {
  const Record *Def;
  StringRef Name, Kind, Type, Value;
  int64_t Count;
  bool Used = false;
};

/// One `.entry` of a module: its text and the variants whose PTX statement
/// it issues.
struct Probe {
  std::string Text;
  std::vector<unsigned> Variants;
};

/// The probes of \p Variants: one per distinct entry (its text, as \p Render
/// gives it, and the variant's MinPtx), in the order of each one's first
/// variant.
std::vector<Probe>
groupProbes(const CuteRecords &Records, ArrayRef<unsigned> Variants,
            function_ref<const std::string &(unsigned)> Render) {
  std::vector<Probe> Probes;
  std::map<std::pair<std::string, int64_t>, unsigned> ByKey;
  for (unsigned VI : Variants) {
    const std::string &Text = Render(VI);
    int64_t MinPtx = Records.variants()[VI].Def->getValueAsInt("MinPtx");
    auto [It, Inserted] =
        ByKey.try_emplace(std::make_pair(Text, MinPtx), Probes.size());
    if (Inserted)
      Probes.push_back({Text, {}});
    Probes[It->second].Variants.push_back(VI);
  }
  return Probes;
}

class PtxProbeEmitter : public RecordsEmitter {
public:
  using RecordsEmitter::RecordsEmitter;
  void run(raw_ostream &OS);

private:
  void emitTier(raw_ostream &OS, const Tier &T);
  void emitModule(raw_ostream &OS, ArrayRef<Probe> Probes);
  std::string renderEntry(const Variant &V);
  /// The rendered entry of variant \p VI (the same for every tier).
  const std::string &entryOf(unsigned VI) {
    if (Entries.empty())
      Entries.resize(Records.variants().size());
    std::optional<std::string> &E = Entries[VI];
    if (!E)
      E = renderEntry(Records.variants()[VI]);
    return *E;
  }

  std::vector<std::optional<std::string>> Entries;
};

/// True for a variant that issues no instruction (a compiler-only fence,
/// expanded by its atom's routine): nothing for ptxas to check.
bool issuesNoInstruction(const Variant &V) {
  return V.Def->getValueAsString("Ptx").empty() &&
         V.Def->getValueAsDef("Sel")->getName() == "NoSelector";
}

/// The valid operand kinds and the register type each implies.
bool isKnownKind(StringRef Kind) {
  return is_contained(
      {"regs", "reg", "imm", "shared", "global", "tmem", "tensor"}, Kind);
}

/// Substitutes `$name` in \p Stmt by the spelling of the operand \p Ops
/// names; an unknown name is an error at the variant.
std::string substitute(const Record *V, StringRef Stmt,
                       MutableArrayRef<Operand> Ops) {
  std::string Out;
  raw_string_ostream OS(Out);
  while (!Stmt.empty()) {
    size_t Dollar = Stmt.find('$');
    OS << Stmt.take_front(Dollar);
    if (Dollar == StringRef::npos)
      break;
    Stmt = Stmt.drop_front(Dollar + 1);
    size_t Len = 0;
    while (Len < Stmt.size() && (isAlnum(Stmt[Len]) || Stmt[Len] == '_'))
      ++Len;
    StringRef Name = Stmt.take_front(Len);
    Stmt = Stmt.drop_front(Len);
    auto It = find_if(Ops, [&](const Operand &O) { return O.Name == Name; });
    if (It == Ops.end())
      PrintFatalError(V->getLoc(), diag(DiagID::VariantPTXStatement,
                                        V->getValueAsString("Name"),
                                        V->getValueAsString("PtxAsm"), Name));
    It->Used = true;
    // `$name[i]`: register i of a register operand.
    if (Stmt.starts_with("[") && It->Kind == "regs") {
      StringRef Digits =
          Stmt.drop_front().take_until([](char C) { return C == ']'; });
      int64_t Index;
      if (Digits.getAsInteger(10, Index) || Index < 0 ||
          Index >= It->Count || Stmt.size() < Digits.size() + 2)
        PrintFatalError(V->getLoc(), diag(DiagID::VariantNotRegister,
                                          V->getValueAsString("Name"), Name,
                                          Digits, Name, It->Count));
      Stmt = Stmt.drop_front(Digits.size() + 2);
      OS << '%' << It->Name << Index;
      continue;
    }
    if (It->Kind == "imm") {
      OS << It->Value;
    } else if (It->Kind == "regs") {
      for (int64_t I = 0; I != It->Count; ++I)
        OS << (I ? ", %" : "%") << It->Name << I;
    } else if (It->Kind == "tensor") {
      OS << '%' << It->Name << ", {";
      for (int64_t I = 0; I != It->Count; ++I)
        OS << (I ? ", %" : "%") << It->Name << "_c" << I;
      OS << '}';
    } else {
      OS << '%' << It->Name;
    }
  }
  return Out;
}

/// Stands for the entry's name in a rendered entry until the probe it
/// becomes is numbered.
constexpr char EntryName = '\x01';

/// The `.entry` that issues \p V's PTX statement, from the shared-memory
/// buffers it needs to its closing brace; EntryName stands for its name.
std::string PtxProbeEmitter::renderEntry(const Variant &V) {
  const Record *R = V.Def;
  StringRef Ptx = R->getValueAsString("Ptx");
  StringRef Asm = R->getValueAsString("PtxAsm");
  auto Fail = [&](const Twine &Msg) {
    PrintFatalError(R->getLoc(), "variant '" + V.Name + "': " + Msg);
  };
  if (Asm.empty())
    Fail(diag(DiagID::NoPTXStatementPtxAsm));
  if (Ptx.empty() || !Asm.starts_with(Ptx) ||
      (Asm.size() > Ptx.size() && Asm[Ptx.size()] != ' ' &&
       Asm[Ptx.size()] != ';'))
    Fail(diag(DiagID::PtxStatementWrongInstruction, Asm, Ptx));
  // An inline-PTX selector must be the statement the probe checks, alone or
  // in a scope of its own with the statements around it (a register the
  // statement declares for itself).
  const Record *Sel = R->getValueAsDef("Sel");
  std::string Scoped = "{ ";
  for (StringRef S : R->getValueAsListOfStrings("PtxBefore"))
    Scoped += (S + " ").str();
  Scoped += Asm.str();
  for (StringRef S : R->getValueAsListOfStrings("PtxAfter"))
    Scoped += (" " + S).str();
  Scoped += " }";
  if (Sel->isSubClassOf("InlinePtx") &&
      Sel->getValueAsString("Template") != Asm &&
      Sel->getValueAsString("Template") != Scoped)
    Fail(diag(DiagID::InlinePTXTemplateDiffers,
              Sel->getValueAsString("Template"), Asm));

  std::vector<Operand> Ops;
  for (const Record *O : R->getValueAsListOfDefs("PtxOperands")) {
    Operand Op{O,
               O->getValueAsString("Name"),
               O->getValueAsString("Kind"),
               O->getValueAsString("Type"),
               O->getValueAsString("Value"),
               O->getValueAsInt("Count")};
    if (!isKnownKind(Op.Kind))
      Fail(diag(DiagID::OperandUnknownKind, Op.Name, Op.Kind));
    if (Op.Kind != "imm" && Op.Count <= 0)
      Fail(diag(DiagID::OperandRegistersBytes, Op.Name, Op.Count));
    if (any_of(Ops, [&](const Operand &P) { return P.Name == Op.Name; }))
      Fail(diag(DiagID::OperandDescribedTwice, Op.Name));
    Ops.push_back(Op);
  }

  std::vector<std::string> Before, After;
  for (StringRef S : R->getValueAsListOfStrings("PtxBefore"))
    Before.push_back(substitute(R, S, Ops));
  std::string Stmt = substitute(R, Asm, Ops);
  for (StringRef S : R->getValueAsListOfStrings("PtxAfter"))
    After.push_back(substitute(R, S, Ops));
  for (const Operand &Op : Ops)
    if (!Op.Used)
      Fail(diag(DiagID::OperandDescribedNever, Op.Name));

  std::string Text;
  raw_string_ostream OS(Text);
  const std::string Entry(1, EntryName);

  // Shared memory: one buffer per shared operand, at module scope.
  for (const Operand &Op : Ops)
    if (Op.Kind == "shared")
      OS << ".shared .align 128 .b8 " << Entry << '_' << Op.Name << '['
         << Op.Count << "];\n";

  // Global addresses and TMA descriptors come in as kernel parameters.
  OS << ".visible .entry " << Entry << '(';
  ListSeparator Sep(",");
  for (const Operand &Op : Ops)
    if (Op.Kind == "global" || Op.Kind == "tensor")
      OS << Sep << "\n  .param .u64 " << Entry << '_' << Op.Name;
  OS << ")\n{\n";

  for (const Operand &Op : Ops) {
    if (Op.Kind == "imm")
      continue;
    if (Op.Kind == "regs") {
      OS << "  .reg ." << Op.Type << " %" << Op.Name << '<' << Op.Count
         << ">;\n";
      continue;
    }
    OS << "  .reg ." << Op.Type << " %" << Op.Name << ";\n";
    if (Op.Kind == "tensor")
      OS << "  .reg .b32 %" << Op.Name << "_c<" << Op.Count << ">;\n";
  }
  for (const Operand &Op : Ops) {
    if (Op.Kind == "shared")
      OS << "  mov.u32 %" << Op.Name << ", " << Entry << '_' << Op.Name
         << ";\n";
    if (Op.Kind == "global" || Op.Kind == "tensor")
      OS << "  ld.param.u64 %" << Op.Name << ", [" << Entry << '_' << Op.Name
         << "];\n";
    if (Op.Kind == "global")
      OS << "  cvta.to.global.u64 %" << Op.Name << ", %" << Op.Name << ";\n";
  }
  for (const std::string &S : Before)
    OS << "  " << S << '\n';
  OS << "  " << Stmt << '\n';
  for (const std::string &S : After)
    OS << "  " << S << '\n';
  OS << "  ret;\n}\n\n";
  return Text;
}

void PtxProbeEmitter::emitModule(raw_ostream &OS, ArrayRef<Probe> Probes) {
  for (const Probe &P : Probes) {
    // The probe is named after its first variant's index.
    std::string Entry = "probe_" + std::to_string(P.Variants.front());
    if (P.Variants.size() > 1)
      OS << "// " << P.Variants.size() << " variants issue this statement:\n";
    for (unsigned VI : P.Variants) {
      const Variant &V = Records.variants()[VI];
      OS << "// variant: " << V.Name << " (" << Records.atoms()[V.Atom].Mnemonic
         << ")\n";
    }
    for (char C : P.Text) {
      if (C == EntryName)
        OS << Entry;
      else
        OS << C;
    }
  }
}

/// The atoms \p Variants belong to.
unsigned countAtoms(const CuteRecords &Records, ArrayRef<unsigned> Variants) {
  unsigned N = 0;
  for (unsigned I = 0, E = Records.atoms().size(); I != E; ++I)
    if (any_of(Variants,
               [&](unsigned VI) { return Records.variants()[VI].Atom == I; }))
      ++N;
  return N;
}

void PtxProbeEmitter::emitTier(raw_ostream &OS, const Tier &T) {
  // The variants the tier may use (or all of the atom's, ungated), grouped
  // by the PTX ISA each needs: the tier's minimum raised to its MinPtx (or
  // to its MinPtxOn entry for the tier).
  std::map<int64_t, std::vector<unsigned>> Groups;
  unsigned NumSelected = 0;
  for (auto [I, V] : enumerate(Records.variants())) {
    if (!ProbeAtom.empty() && Records.atoms()[V.Atom].Mnemonic != ProbeAtom)
      continue;
    if (!ProbeUngated && !Records.isAvailable(V, T))
      continue;
    if (issuesNoInstruction(V))
      continue;
    int64_t Version = Records.minPtx(V, T);
    Groups[ProbeSingleModule ? 0 : Version].push_back(I);
    ++NumSelected;
  }
  if (ProbeSingleModule && !Groups.empty()) {
    // One module at the highest version any of its variants needs.
    std::vector<unsigned> Variants = std::move(Groups.begin()->second);
    int64_t Version = T.PtxVersion;
    for (unsigned I : Variants)
      Version = std::max(Version, Records.minPtx(Records.variants()[I], T));
    Groups.clear();
    Groups[Version] = std::move(Variants);
  }

  // Each module's probes: its variants grouped by the entry they issue.
  std::map<int64_t, std::vector<Probe>> Probes;
  for (auto &[Version, Variants] : Groups)
    Probes[Version] =
        groupProbes(Records, Variants, [&](unsigned VI) -> const std::string & {
          return entryOf(VI);
        });

  auto FileName = [&](int64_t Version) {
    return (T.Name + "-ptx" + Twine(Version) + ".ptx").str();
  };
  auto NumProbes = [&](int64_t Version) { return Probes[Version].size(); };
  std::vector<unsigned> All;
  size_t AllProbes = 0;
  for (auto &[Version, Variants] : Groups) {
    llvm::append_range(All, Variants);
    AllProbes += NumProbes(Version);
  }
  OS << "//\n// ptxas probes for tier " << T.Name << ": " << NumSelected
     << " variant(s) of " << countAtoms(Records, All) << " atom(s)"
     << (ProbeUngated ? ", gating ignored" : "") << ", " << AllProbes
     << " distinct statement(s), in " << Groups.size()
     << " module(s) by PTX ISA (tier minimum " << ptxVersion(T.PtxVersion)
     << "):";
  for (auto &[Version, Variants] : Groups)
    OS << ' ' << FileName(Version) << " (" << Variants.size() << " variant(s), "
       << NumProbes(Version) << " statement(s))";
  OS << ".\n//\n\n";

  for (auto &[Version, Variants] : Groups) {
    OS << "//--- " << FileName(Version) << "\n//\n";
    OS << "// ptxas probes for tier " << T.Name << ", PTX ISA "
       << ptxVersion(Version) << ": " << Variants.size() << " variant(s) of "
       << countAtoms(Records, Variants) << " atom(s)"
       << (ProbeUngated ? ", gating ignored" : "") << " in "
       << NumProbes(Version) << " distinct statement(s).\n";
    OS << "// Automatically generated by cute-tblgen -gen-ptx-probes from "
          "td/. Do not edit.\n//\n";
    OS << ".version " << ptxVersion(Version) << "\n";
    OS << ".target " << T.Name << "\n";
    OS << ".address_size 64\n\n";
    emitModule(OS, Probes[Version]);
  }
}

void PtxProbeEmitter::run(raw_ostream &OS) {
  if (ProbeTiers.empty())
    PrintFatalError(diag(DiagID::GenPtxProbesNeeds));
  // Every unknown name of the command line, each with the nearest known
  // one, before any output.
  std::vector<const Tier *> Tiers;
  bool Unknown = false;
  for (StringRef Name : ProbeTiers) {
    const Tier *T = nullptr;
    for (const Tier &Cand : Records.tiers())
      if (Cand.Name == Name)
        T = &Cand;
    if (!T) {
      PrintError(diag(DiagID::GenPtxProbesUnknown, Name) +
                 CuteRecords::didYouMean(Name, Records.tierNames(), "tiers"));
      Unknown = true;
    }
    Tiers.push_back(T);
  }
  if (!ProbeAtom.empty() && none_of(Records.atoms(), [](const Atom &A) {
        return A.Mnemonic == ProbeAtom;
      })) {
    std::vector<StringRef> Mnemonics;
    for (const Atom &A : Records.atoms())
      Mnemonics.push_back(A.Mnemonic);
    PrintError(diag(DiagID::GenPtxProbesUnknownAtom, ProbeAtom) +
               CuteRecords::didYouMean(ProbeAtom, Mnemonics, "atoms"));
    Unknown = true;
  }
  if (Unknown)
    PrintFatalNote(diag(DiagID::GenPtxProbesNothing));
  for (const Tier *T : Tiers)
    emitTier(OS, *T);
}

} // namespace

static TableGen::Emitter::OptClass<PtxProbeEmitter>
    X("gen-ptx-probes", "Generate ptxas probe modules of every variant a tier "
                        "may use, one per PTX ISA version");
