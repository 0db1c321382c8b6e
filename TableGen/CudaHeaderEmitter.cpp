//===- CudaHeaderEmitter.cpp - CUDA C++ header of atom intrinsics -*- C++ -*-=//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-cuda-header: the header clang users include to call the atom
/// intrinsics from CUDA C++. Each atom becomes one extern "C" device function
/// whose asm label is its LLVM intrinsic name (`llvm.cute.nvgpu.<mnemonic>`),
/// taking the variant name as a string literal first. Every atom is declared
/// for every target: a call on a tier below the atom's is the atom
/// lowering's one located error (naming the atom, the target and the tiers
/// that have it), not an undeclared identifier.
///
//===----------------------------------------------------------------------===//

#include "CuteRecords.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using namespace cute::tblgen;

namespace {

std::string macroName(StringRef S) {
  std::string Name = S.upper();
  for (char &C : Name)
    if (!isAlnum(C))
      C = '_';
  return Name;
}

/// The tier roster as macros: CUTE_TIER_<TIER>_ARCH and _PTX.
void emitTierMacros(raw_ostream &OS, ArrayRef<Tier> Tiers) {
  OS << "/* The tier roster: __CUDA_ARCH__ value and minimum PTX ISA (x10). "
        "*/\n";
  for (const Tier &T : Tiers) {
    std::string M = "CUTE_TIER_" + macroName(T.Name);
    OS << "#define " << M << "_ARCH " << T.Arch * 10 << "\n";
    OS << "#define " << M << "_PTX " << T.PtxVersion << "\n";
  }
  OS << "\n";
}

/// The declaration of atom \p A's intrinsic, under its minimum tier.
void emitAtom(raw_ostream &OS, const CuteRecords &Records, const Atom &A) {
  const Record *R = A.Def;
  OS << "/// " << A.Mnemonic << " (min tier " << Records.minTierName(A);
  std::vector<StringRef> Feats =
      CuteRecords::namesOf(A.Features, Records.features());
  if (!Feats.empty())
    OS << ", needs " << join(Feats, ", ");
  OS << "): " << R->getValueAsString("Summary") << ".\n";
  OS << "/// Interfaces: "
     << join(CuteRecords::namesOf(A.Interfaces, Records.interfaces()), ", ")
     << ". " << A.Variants.size() << " variant(s)";
  if (!A.Variants.empty())
    OS << ", e.g. \"" << Records.variants()[A.Variants.front()].Name << "\"";
  else
    OS << ":\n///   " << R->getValueAsString("NoVariantReason");
  OS << ".\n";

  StringRef Trailing = R->getValueAsString("TrailingOperands");
  if (!Trailing.empty())
    OS << "/// After its operands, the call takes " << Trailing << ".\n";
  StringRef Result = R->getValueAsString("Result");
  OS << "CUTE_DEVICE " << Result << (Result.ends_with("*") ? "" : " ")
     << CuteRecords::intrinsicCName(A.Mnemonic)
     << "(const char *variant";
  for (const Record *P : R->getValueAsListOfDefs("Params"))
    OS << ", " << P->getValueAsString("CType")
       << (P->getValueAsString("CType").ends_with("*") ? "" : " ")
       << P->getValueAsString("Name");
  if (R->getValueAsBit("Variadic"))
    OS << ", ...";
  OS << ")\n    __asm__(\"" << CuteRecords::intrinsicName(A.Mnemonic)
     << "\");\n";
  OS << "\n";
}

class CudaHeaderEmitter : public RecordsEmitter {
public:
  using RecordsEmitter::RecordsEmitter;
  void run(raw_ostream &OS);
};

void CudaHeaderEmitter::run(raw_ostream &OS) {
  emitSourceFileHeader("CuTe atom intrinsics for CUDA C++", OS, RK);
  OS << "#ifndef CUTE_NVGPU_ATOMS_H\n#define CUTE_NVGPU_ATOMS_H\n\n";
  OS << "#if defined(__CUDA__) || defined(__CUDACC__)\n"
        "#define CUTE_DEVICE __attribute__((device))\n#else\n#define "
        "CUTE_DEVICE\n#endif\n"
        "#ifndef __cplusplus\n#include <stdbool.h>\n#endif\n\n";
  emitTierMacros(OS, Records.tiers());
  OS << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  for (const Atom &A : Records.atoms())
    emitAtom(OS, Records, A);
  OS << "#ifdef __cplusplus\n} // extern \"C\"\n#endif\n\n";
  OS << "#endif // CUTE_NVGPU_ATOMS_H\n";
}

} // namespace

static TableGen::Emitter::OptClass<CudaHeaderEmitter>
    X("gen-cuda-header", "Generate the CUDA C++ header of the atom intrinsics");
