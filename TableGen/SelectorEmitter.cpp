//===- SelectorEmitter.cpp - Variant to instruction selectors ---*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-atom-selectors: the table atom lowering dispatches through. One entry
/// per variant, in VariantTable order: the NVVM intrinsic ID (checked by the
/// C++ compiler against llvm/IR/IntrinsicsNVPTX.h, after TableGen already
/// checked the `int_nvvm_*` record exists) and its name, or the inline-PTX
/// template for instructions without an intrinsic; the PTX operands of
/// each variant, bound by name to its atom's parameters (one run of the
/// operand table per distinct operand list). Strings are offsets into one
/// pool (PooledTableWriter).
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"

#include "CuteRecords.h"
#include "PooledTable.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/CodeGenHelpers.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using cute::diag;
using cute::DiagID;
using namespace cute::tblgen;

namespace {

class SelectorEmitter : public RecordsEmitter {
public:
  using RecordsEmitter::RecordsEmitter;
  void run(raw_ostream &OS);
};

/// The LLVM name of an intrinsic record, derived as IntrinsicEmitter does.
std::string intrinsicLLVMName(const Record *Intr) {
  StringRef Explicit = Intr->getValueAsString("LLVMName");
  if (!Explicit.empty())
    return Explicit.str();
  std::string Name = "llvm." + Intr->getName().drop_front(4).str();
  for (char &C : Name)
    if (C == '_')
      C = '.';
  return Name;
}

/// The PtxOperandKind enumerator of a PtxOperand's Kind string.
StringRef operandKindEnum(const Record *Op) {
  StringRef Kind = Op->getValueAsString("Kind");
  StringRef Enum = StringSwitch<StringRef>(Kind)
                       .Case("regs", "Regs")
                       .Case("reg", "Reg")
                       .Case("imm", "Imm")
                       .Case("shared", "Shared")
                       .Case("global", "Global")
                       .Case("tmem", "Tmem")
                       .Case("tensor", "Tensor")
                       .Default("");
  if (Enum.empty())
    PrintFatalError(Op->getLoc(), diag(DiagID::PTXOperandUnknownKind,
                                       Op->getValueAsString("Name"), Kind));
  return Enum;
}

/// The atom parameters, per atom (AtomID order), then the PTX operands of
/// every variant (VariantTable order), each bound by name to its atom's
/// parameter. Variants with the same operands (the lattice points of one
/// instruction) share one run of the table; \p Operands gets each variant's
/// (first operand, count).
void emitOperands(raw_ostream &OS, const CuteRecords &Records,
                  PooledTableWriter &W,
                  std::vector<std::pair<unsigned, unsigned>> &Operands) {
  OS << "static const AtomParamInfo AtomParamTable[] = {\n";
  std::vector<unsigned> ParamOffsets;
  unsigned N = 0;
  for (const Atom &A : Records.atoms()) {
    ParamOffsets.push_back(N);
    for (const Record *P : A.Def->getValueAsListOfDefs("Params")) {
      W << "  {";
      W.str(P->getValueAsString("CType"));
      W << ", ";
      W.str(P->getValueAsString("Name"));
      W << "},";
      W.note(" // ").note(A.Mnemonic);
      W.endRow(OS);
      ++N;
    }
  }
  W << "  {";
  W.null() << ", ";
  W.null() << "}";
  W.note(" // sentinel");
  W.endRow(OS);
  OS << "};\n";
  ParamOffsets.push_back(N);
  OS << "static const uint32_t AtomParamOffsets[] = {";
  interleaveComma(ParamOffsets, OS);
  OS << "};\n\n";

  OS << "static const PtxOperandInfo PtxOperandTable[] = {\n";
  SharedRunsWriter Table(W);
  for (const Variant &V : Records.variants()) {
    std::vector<const Record *> Params =
        Records.atoms()[V.Atom].Def->getValueAsListOfDefs("Params");
    // One row per operand: its fields.
    std::vector<SharedRunsWriter::Row> Rows;
    for (const Record *Op : V.Def->getValueAsListOfDefs("PtxOperands")) {
      StringRef Name = Op->getValueAsString("Name");
      auto It = find_if(Params, [&](const Record *P) {
        return P->getValueAsString("Name") == Name;
      });
      // The range of an operand with a range check is the check's.
      const OperandCheck *Range =
          It == Params.end() ? nullptr : Records.rangeCheckOf(V.Atom, Name);
      int64_t Min = Range ? Range->Min : Op->getValueAsInt("Min");
      int64_t Max = Range ? Range->Max : Op->getValueAsInt("Max");
      int64_t Step = Range ? Range->Step : Op->getValueAsInt("Step");
      bool Pow2 = Range ? Range->Pow2 : Op->getValueAsBit("Pow2");
      Rows.push_back(
          {{true, Name.str()},
           {false, ("PtxOperandKind::" + operandKindEnum(Op)).str()},
           {true, Op->getValueAsString("Type").str()},
           {false, std::to_string(Op->getValueAsInt("Count"))},
           {true, Op->getValueAsString("Value").str()},
           {false,
            std::to_string(It == Params.end() ? -1 : int(It - Params.begin()))},
           {false, std::to_string(Min)},
           {false, std::to_string(Max)},
           {false, std::to_string(Step)},
           {false, Pow2 ? "true" : "false"}});
    }
    Operands.push_back(Table.add(OS, std::move(Rows), V.Name));
  }
  Table.endTable(OS, [&] {
    W.null() << ", PtxOperandKind::Imm, ";
    W.null() << ", 0, ";
    W.null() << ", -1, 0, -1, 1, false";
  });
}

void SelectorEmitter::run(raw_ostream &OS) {
  emitSourceFileHeader("CuTe atom selectors: variant -> NVVM intrinsic or "
                       "inline PTX",
                       OS, RK);
  IfDefEmitter Guard(OS, "GET_SELECTOR_TABLE");
  PooledTableWriter W(StringPoolID::Selectors);
  std::vector<std::pair<unsigned, unsigned>> Operands;
  emitOperands(OS, Records, W, Operands);
  OS << "static const SelectorInfo SelectorTable[] = {\n";
  for (auto [VI, V] : enumerate(Records.variants())) {
    const Record *Sel = V.Def->getValueAsDef("Sel");
    W << "  /* " << V.Name << " */ {";
    if (Sel->isSubClassOf("NVVMIntrinsic")) {
      const Record *Intr = Sel->getValueAsDef("Intr");
      if (!Intr->getName().starts_with("int_nvvm_"))
        PrintFatalError(V.Def->getLoc(), diag(DiagID::VariantBindsNotNVVM,
                                              V.Name, Intr->getName()));
      W << "SelectorKind::Intrinsic, llvm::Intrinsic::"
        << Intr->getName().drop_front(4) << ", ";
      W.str(intrinsicLLVMName(Intr));
      W << ", ";
      W.null();
    } else if (Sel->isSubClassOf("InlinePtx")) {
      StringRef Template = Sel->getValueAsString("Template");
      if (Template.empty())
        PrintFatalError(V.Def->getLoc(),
                        diag(DiagID::VariantEmptyPTXTemplate, V.Name));
      W << "SelectorKind::InlinePtx, 0, ";
      W.null();
      W << ", ";
      W.str(Template);
    } else {
      W << "SelectorKind::None, 0, ";
      W.null();
      W << ", ";
      W.null();
    }
    W << ", " << Operands[VI].first << ", " << Operands[VI].second << "},";
    W.endRow(OS);
  }
  OS << "};\n\n";
  W.emitPool(OS, "SelectorStrings");
}

} // namespace

static TableGen::Emitter::OptClass<SelectorEmitter>
    X("gen-atom-selectors", "Generate the CuTe atom intrinsic selectors");
