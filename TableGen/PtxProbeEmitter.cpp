//===- PtxProbeEmitter.cpp - ptxas probe modules per SM tier ----*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-ptx-probes -tier=<name>[,<name>...]: complete PTX modules with one
/// `.entry` per variant a tier may use (inherited atoms included). Each entry
/// declares the registers, shared memory and parameters the variant's
/// PtxOperands describe and issues its PtxAsm statement, with the statements
/// around it, exactly as atom lowering will. Running ptxas on the modules for
/// the tier checks every instruction spelling, operand count and type, the
/// tier gating and the PTX ISA version of the records.
///
/// Every variant is assembled under its own minimum PTX ISA: the tier's
/// minimum raised to the variant's MinPtx. The variants of a tier are
/// grouped by that version, one module per group, so a MinPtx set too low
/// puts its variant in a module whose `.version` ptxas rejects for it
/// (rather than hiding it in a module raised by another variant). Each
/// module starts with a `//--- <tier>-ptx<version>.ptx` line: `split-file`
/// cuts the output into files ptxas assembles one by one.
///
/// -probe-atom=<mnemonic> restricts the modules to one atom;
/// -probe-ungated also emits the variants the tier may not use, for
/// negative checks (ptxas must reject them); -probe-single-module emits one
/// module per tier at the highest version of its variants (what a kernel
/// issuing all of them declares).
///
//===----------------------------------------------------------------------===//

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

using namespace llvm;
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

class PtxProbeEmitter {
public:
  explicit PtxProbeEmitter(const RecordKeeper &RK) : Records(RK) {}
  void run(raw_ostream &OS);

private:
  void emitTier(raw_ostream &OS, const Tier &T);
  void emitEntry(raw_ostream &OS, const Variant &V, unsigned Index);

  CuteRecords Records;
};

std::string ptxVersion(int64_t V) {
  return std::to_string(V / 10) + "." + std::to_string(V % 10);
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
      PrintFatalError(V->getLoc(),
                      "variant '" + V->getValueAsString("Name") +
                          "': PTX statement '" + V->getValueAsString("PtxAsm") +
                          "' names unknown operand '$" + Name + "'");
    It->Used = true;
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

void PtxProbeEmitter::emitEntry(raw_ostream &OS, const Variant &V,
                                unsigned Index) {
  const Record *R = V.Def;
  StringRef Ptx = R->getValueAsString("Ptx");
  StringRef Asm = R->getValueAsString("PtxAsm");
  auto Fail = [&](const Twine &Msg) {
    PrintFatalError(R->getLoc(), "variant '" + V.Name + "': " + Msg);
  };
  if (Asm.empty())
    Fail("no PTX statement (PtxAsm) to probe");
  if (Ptx.empty() || !Asm.starts_with(Ptx) ||
      (Asm.size() > Ptx.size() && Asm[Ptx.size()] != ' ' &&
       Asm[Ptx.size()] != ';'))
    Fail("PTX statement '" + Asm + "' does not issue its instruction '" + Ptx +
         "'");
  // An inline-PTX selector must be the statement the probe checks.
  const Record *Sel = R->getValueAsDef("Sel");
  if (Sel->isSubClassOf("InlinePtx") &&
      Sel->getValueAsString("Template") != Asm)
    Fail("inline-PTX template '" + Sel->getValueAsString("Template") +
         "' differs from its PTX statement '" + Asm + "'");

  std::vector<Operand> Ops;
  for (const Record *O : R->getValueAsListOfDefs("PtxOperands")) {
    Operand Op{O,
               O->getValueAsString("Name"),
               O->getValueAsString("Kind"),
               O->getValueAsString("Type"),
               O->getValueAsString("Value"),
               O->getValueAsInt("Count")};
    if (!isKnownKind(Op.Kind))
      Fail("operand '" + Op.Name + "' has unknown kind '" + Op.Kind + "'");
    if (Op.Kind != "imm" && Op.Count <= 0)
      Fail("operand '" + Op.Name + "' has " + Twine(Op.Count) +
           " registers or bytes");
    if (any_of(Ops, [&](const Operand &P) { return P.Name == Op.Name; }))
      Fail("operand '" + Op.Name + "' is described twice");
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
      Fail("operand '" + Op.Name + "' is described but never issued");

  std::string Entry = "probe_" + std::to_string(Index);
  const Atom &A = Records.atoms()[V.Atom];
  OS << "// variant: " << V.Name << " (" << A.Mnemonic << ")\n";

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
  // by the PTX ISA each needs: the tier's minimum raised to its MinPtx.
  std::map<int64_t, std::vector<unsigned>> Groups;
  unsigned NumSelected = 0;
  for (auto [I, V] : enumerate(Records.variants())) {
    if (!ProbeAtom.empty() && Records.atoms()[V.Atom].Mnemonic != ProbeAtom)
      continue;
    if (!ProbeUngated && !Records.isAvailable(V, T))
      continue;
    int64_t Version = std::max(T.PtxVersion, V.Def->getValueAsInt("MinPtx"));
    Groups[ProbeSingleModule ? 0 : Version].push_back(I);
    ++NumSelected;
  }
  if (ProbeSingleModule && !Groups.empty()) {
    // One module at the highest version any of its variants needs.
    std::vector<unsigned> Variants = std::move(Groups.begin()->second);
    int64_t Version = T.PtxVersion;
    for (unsigned I : Variants)
      Version =
          std::max(Version, Records.variants()[I].Def->getValueAsInt("MinPtx"));
    Groups.clear();
    Groups[Version] = std::move(Variants);
  }

  auto FileName = [&](int64_t Version) {
    return (T.Name + "-ptx" + Twine(Version) + ".ptx").str();
  };
  std::vector<unsigned> All;
  for (auto &[Version, Variants] : Groups)
    llvm::append_range(All, Variants);
  OS << "//\n// ptxas probes for tier " << T.Name << ": " << NumSelected
     << " variant(s) of " << countAtoms(Records, All) << " atom(s)"
     << (ProbeUngated ? ", gating ignored" : "") << ", in " << Groups.size()
     << " module(s) by PTX ISA (tier minimum " << ptxVersion(T.PtxVersion)
     << "):";
  for (auto &[Version, Variants] : Groups)
    OS << ' ' << FileName(Version) << " (" << Variants.size() << ')';
  OS << ".\n//\n\n";

  for (auto &[Version, Variants] : Groups) {
    OS << "//--- " << FileName(Version) << "\n//\n";
    OS << "// ptxas probes for tier " << T.Name << ", PTX ISA "
       << ptxVersion(Version) << ": " << Variants.size() << " variant(s) of "
       << countAtoms(Records, Variants) << " atom(s)"
       << (ProbeUngated ? ", gating ignored" : "") << ".\n";
    OS << "// Automatically generated by cute-tblgen -gen-ptx-probes from "
          "td/. Do not edit.\n//\n";
    OS << ".version " << ptxVersion(Version) << "\n";
    OS << ".target " << T.Name << "\n";
    OS << ".address_size 64\n\n";
    for (unsigned I : Variants)
      emitEntry(OS, Records.variants()[I], I);
  }
}

void PtxProbeEmitter::run(raw_ostream &OS) {
  if (ProbeTiers.empty())
    PrintFatalError("-gen-ptx-probes needs -tier=<name>");
  std::vector<const Tier *> Tiers;
  for (StringRef Name : ProbeTiers) {
    const Tier *T = nullptr;
    for (const Tier &Cand : Records.tiers())
      if (Cand.Name == Name)
        T = &Cand;
    if (!T)
      PrintFatalError("-gen-ptx-probes: unknown tier '" + Name + "'");
    Tiers.push_back(T);
  }
  if (!ProbeAtom.empty() && none_of(Records.atoms(), [](const Atom &A) {
        return A.Mnemonic == ProbeAtom;
      }))
    PrintFatalError("-gen-ptx-probes: unknown atom '" + ProbeAtom + "'");
  for (const Tier *T : Tiers)
    emitTier(OS, *T);
}

} // namespace

static TableGen::Emitter::OptClass<PtxProbeEmitter>
    X("gen-ptx-probes", "Generate ptxas probe modules of every variant a tier "
                        "may use, one per PTX ISA version");
