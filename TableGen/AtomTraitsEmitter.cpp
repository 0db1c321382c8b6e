//===- AtomTraitsEmitter.cpp - constexpr traits of the atom variants -*- C++ -*-=//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// -gen-atom-traits: <cute_atom_traits.h>, the compile-time facts of every
/// MMA and copy variant that has TV layouts, for C++ that sizes register
/// fragments and loop bounds with `constexpr` (<cute/llvm.h>'s
/// cute::mma_atom / cute::copy_atom look a variant up by name in a constant
/// expression). One row per variant: its name, its atom's mnemonic, the MMA
/// shape (M, N, K; 0 for a copy), the threads of one atom (the size of the
/// TV layouts' thread mode) and the per-thread sizes of the three TV layouts
/// (A, B, C values of an MMA; source, destination and reference bits of a
/// copy, whose layouts are in bits), and the majors of an MMA's descriptor
/// operands. The WGMMA and UMMA atoms (thousands of
/// variants) get tables of their own behind a macro each, so that a
/// translation unit parses only what it asks for. Everything comes from the
/// same records the lowering reads, so the sizes agree with what the lowering
/// folds.
///
//===----------------------------------------------------------------------===//

#include "CuteRecords.h"

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Layout/Notation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using namespace cute::tblgen;

namespace {

/// The thread count (size of mode 0) and per-thread size (size of the rest)
/// of a TV layout.
std::pair<int64_t, int64_t> tvSizes(const Record *R, StringRef Field) {
  StringRef Text = R->getValueAsString(Field);
  auto L = cute::parseLayout(Text);
  if (!L)
    PrintFatalError(R->getLoc(), Field + " '" + Text +
                                     "' is not a layout: " +
                                     toString(L.takeError()));
  auto Thr = cute::getMode(*L, 0);
  if (!Thr)
    PrintFatalError(R->getLoc(), Field + " '" + Text +
                                     "' has no thread mode: " +
                                     toString(Thr.takeError()));
  int64_t T = cute::size(*Thr).value();
  int64_t All = cute::size(*L).value();
  if (T <= 0 || All % T)
    PrintFatalError(R->getLoc(), Field + " '" + Text +
                                     "' is not a (thread, value) layout");
  return {T, All / T};
}

/// Atoms with more variants than this (the WGMMA and UMMA lattices) get a
/// table of their own, compiled only where the includer asks for it.
constexpr size_t LargeAtom = 256;

std::string guardOf(StringRef Mnemonic) {
  std::string G = "CUTE_ATOM_TRAITS_" + Mnemonic.upper();
  for (char &C : G)
    if (!isAlnum(C))
      C = '_';
  return G;
}

/// The rows of atom \p A's variants that have TV layouts.
unsigned emitRows(const CuteRecords &Records, const Atom &A, raw_ostream &OS) {
  unsigned Count = 0;
  for (unsigned VI : A.Variants) {
    const Variant &V = Records.variants()[VI];
    const Record *R = V.Def;
    bool IsMma = R->isSubClassOf("MmaVariant");
    if (!IsMma && !R->isSubClassOf("CopyVariant"))
      continue;
    ArrayRef<StringLiteral> Fields = CuteRecords::tvLayoutFields(IsMma);
    if (llvm::any_of(Fields, [&](StringRef F) {
          return R->getValueAsString(F).empty();
        }))
      continue;
    int64_t Threads = 0, Per[3];
    for (auto [I, F] : llvm::enumerate(Fields)) {
      auto [T, P] = tvSizes(R, F);
      if (I == 0)
        Threads = T;
      else if (T != Threads)
        PrintFatalError(R->getLoc(), "variant '" + V.Name + "': " + F +
                                         " has " + Twine(T) + " threads, " +
                                         Fields[0] + " " + Twine(Threads));
      Per[I] = P;
    }
    OS << "    {";
    emitCString(OS, V.Name);
    OS << ", ";
    emitCString(OS, A.Mnemonic);
    if (IsMma)
      OS << ", " << R->getValueAsInt("M") << ", " << R->getValueAsInt("N")
         << ", " << R->getValueAsInt("K");
    else
      OS << ", 0, 0, 0";
    OS << ", " << Threads << ", " << Per[0] << ", " << Per[1] << ", " << Per[2];
    for (StringRef F : {"MajorA", "MajorB"}) {
      OS << ", ";
      emitCString(OS, IsMma ? R->getValueAsString(F) : "");
    }
    OS << "},\n";
    ++Count;
  }
  return Count;
}

void emitAtomTraits(const RecordKeeper &RK, raw_ostream &OS) {
  CuteRecords Records(RK);
  emitSourceFileHeader("constexpr traits of the CuTe atom variants", OS, RK);
  OS << "#ifndef CUTE_ATOM_TRAITS_H\n#define CUTE_ATOM_TRAITS_H\n\n";
  OS << "namespace cute {\nnamespace atom_traits {\n\n";
  OS << "/// One MMA or copy variant: Name, its atom's mnemonic, M/N/K (0 for a\n"
        "/// copy), the threads of one atom, and the per-thread sizes of its\n"
        "/// TV layouts (MMA: A, B, C values; copy: source, destination,\n"
        "/// reference bits), and an MMA's majors of the A and B tiles its\n"
        "/// descriptors describe (\"K\", \"MN\"; \"\" for none).\n";
  OS << "struct Row {\n  const char *Name;\n  const char *Atom;\n"
        "  int M, N, K, Threads, A, B, C;\n"
        "  const char *MajorA, *MajorB;\n};\n\n";
  OS << "constexpr bool equal(const char *L, const char *R) {\n"
        "  for (; *L && *L == *R; ++L, ++R)\n    ;\n  return *L == *R;\n}\n\n";
  // The small atoms in one table; each large one in its own, behind a macro.
  std::vector<const Atom *> Large;
  OS << "inline constexpr Row Rows[] = {\n";
  for (const Atom &A : Records.atoms()) {
    if (A.Variants.size() > LargeAtom)
      Large.push_back(&A);
    else
      emitRows(Records, A, OS);
  }
  OS << "};\n\n";
  for (const Atom *A : Large) {
    std::string G = guardOf(A->Mnemonic);
    OS << "/// " << A->Mnemonic << ": define " << G
       << " before the include to look its variants up (" << G
       << "_TABLE says it was).\n";
    OS << "#ifdef " << G << "\n#define " << G << "_TABLE 1\n"
       << "inline constexpr Row Rows_" << G.substr(17) << "[] = {\n";
    emitRows(Records, *A, OS);
    OS << "};\n#endif\n\n";
  }
  OS << "/// The row of variant \\p Name, or null.\n"
        "constexpr const Row *find(const char *Name) {\n"
        "  for (const Row &R : Rows)\n    if (equal(R.Name, Name))\n"
        "      return &R;\n";
  for (const Atom *A : Large) {
    std::string G = guardOf(A->Mnemonic);
    OS << "#ifdef " << G << "\n  for (const Row &R : Rows_" << G.substr(17)
       << ")\n    if (equal(R.Name, Name))\n      return &R;\n#endif\n";
  }
  OS << "  return nullptr;\n}\n\n";
  OS << "} // namespace atom_traits\n} // namespace cute\n\n"
        "#endif // CUTE_ATOM_TRAITS_H\n";
}

} // namespace

static TableGen::Emitter::Opt
    X("gen-atom-traits", emitAtomTraits,
      "Generate the constexpr traits header of the atom variants");
