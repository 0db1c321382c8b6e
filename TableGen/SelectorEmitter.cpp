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
/// template for instructions without an intrinsic.
///
//===----------------------------------------------------------------------===//

#include "CuteRecords.h"

#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using namespace cute::tblgen;

namespace {

class SelectorEmitter {
public:
  explicit SelectorEmitter(const RecordKeeper &RK) : RK(RK), Records(RK) {}
  void run(raw_ostream &OS);

private:
  const RecordKeeper &RK;
  CuteRecords Records;
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

void SelectorEmitter::run(raw_ostream &OS) {
  emitSourceFileHeader("CuTe atom selectors: variant -> NVVM intrinsic or "
                       "inline PTX",
                       OS, RK);
  OS << "#ifdef GET_SELECTOR_TABLE\n#undef GET_SELECTOR_TABLE\n\n";
  OS << "static const SelectorInfo SelectorTable[] = {\n";
  for (const Variant &V : Records.variants()) {
    const Record *Sel = V.Def->getValueAsDef("Sel");
    OS << "  /* " << V.Name << " */ {";
    if (Sel->isSubClassOf("NVVMIntrinsic")) {
      const Record *Intr = Sel->getValueAsDef("Intr");
      if (!Intr->getName().starts_with("int_nvvm_"))
        PrintFatalError(V.Def->getLoc(),
                        "variant '" + V.Name + "' binds to '" +
                            Intr->getName() +
                            "', which is not an NVVM intrinsic");
      OS << "SelectorKind::Intrinsic, llvm::Intrinsic::"
         << Intr->getName().drop_front(4) << ", ";
      emitCString(OS, intrinsicLLVMName(Intr));
      OS << ", nullptr";
    } else if (Sel->isSubClassOf("InlinePtx")) {
      StringRef Template = Sel->getValueAsString("Template");
      if (Template.empty())
        PrintFatalError(V.Def->getLoc(),
                        "variant '" + V.Name + "' has an empty PTX template");
      OS << "SelectorKind::InlinePtx, 0, nullptr, ";
      emitCString(OS, Template);
    } else {
      OS << "SelectorKind::None, 0, nullptr, nullptr";
    }
    OS << "},\n";
  }
  OS << "};\n\n#endif // GET_SELECTOR_TABLE\n";
}

} // namespace

static TableGen::Emitter::OptClass<SelectorEmitter>
    X("gen-atom-selectors", "Generate the CuTe atom intrinsic selectors");
