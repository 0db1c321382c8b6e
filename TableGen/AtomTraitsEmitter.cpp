//===- AtomTraitsEmitter.cpp - constexpr traits of the atom variants -*- C++
//-*-=//
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
/// expression). The facts of a variant: its atom's mnemonic, the MMA
/// shape (M, N, K; 0 for a copy), the threads of one atom (the size of the
/// TV layouts' thread mode) and the per-thread sizes of the three TV layouts
/// (A, B, C values of an MMA; source, destination and reference bits of a
/// copy, whose layouts are in bits), and the majors of an MMA's descriptor
/// operands. Variants that share these facts share a row, and a variant is
/// a 64-bit key (a hash of its name, checked here to be unique among the
/// names, and its row), so that the header stays small and a lookup is a
/// binary search: every variant of every tier, WGMMA and UMMA lattices
/// included, resolves in any translation unit. (A name that is no variant
/// and collides with one is still rejected by the lowering, which looks the
/// name itself up.) Everything comes from the same records the lowering
/// reads, so the sizes agree with what the lowering folds.
///
//===----------------------------------------------------------------------===//

#include "CuteRecords.h"

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <map>
#include <optional>
#include <tuple>

using namespace llvm;
using cute::diag;
using cute::DiagID;
using namespace cute::tblgen;

namespace {

/// The thread count (size of mode 0) and per-thread size (size of the rest)
/// of a TV layout.
std::pair<int64_t, int64_t> tvSizes(const Record *R, StringRef Field) {
  StringRef Text = R->getValueAsString(Field);
  auto L = cute::parseLayout(Text);
  if (!L)
    PrintFatalError(R->getLoc(), diag(DiagID::TraitsFieldNotLayout, Field, Text,
                                      toString(L.takeError())));
  auto Thr = cute::getMode(*L, 0);
  if (!Thr)
    PrintFatalError(R->getLoc(), diag(DiagID::NoThreadMode, Field, Text,
                                      toString(Thr.takeError())));
  int64_t T = cute::size(*Thr).value();
  int64_t All = cute::size(*L).value();
  if (T <= 0 || All % T)
    PrintFatalError(R->getLoc(),
                    diag(DiagID::NotThreadValueLayout, Field, Text));
  return {T, All / T};
}

/// The facts a variant's traits hold besides its name; variants that share
/// them share one row.
struct Traits {
  StringRef Atom;
  int64_t M = 0, N = 0, K = 0, Threads = 0, Per[3] = {0, 0, 0};
  StringRef MajorA, MajorB;
  auto tied() const {
    return std::tie(Atom, M, N, K, Threads, Per[0], Per[1], Per[2], MajorA,
                    MajorB);
  }
  bool operator<(const Traits &O) const { return tied() < O.tied(); }
};

/// The traits of variant \p V, if it has TV layouts.
std::optional<Traits> traitsOf(const Atom &A, const Variant &V) {
  const Record *R = V.Def;
  bool IsMma = R->isSubClassOf("MmaVariant");
  if (!IsMma && !R->isSubClassOf("CopyVariant"))
    return std::nullopt;
  ArrayRef<StringLiteral> Fields = CuteRecords::tvLayoutFields(IsMma);
  if (llvm::any_of(Fields,
                   [&](StringRef F) { return R->getValueAsString(F).empty(); }))
    return std::nullopt;
  Traits T;
  T.Atom = A.Mnemonic;
  for (auto [I, F] : llvm::enumerate(Fields)) {
    auto [Thr, Per] = tvSizes(R, F);
    if (I == 0)
      T.Threads = Thr;
    else if (Thr != T.Threads)
      PrintFatalError(R->getLoc(), "variant '" + V.Name + "': " + F + " has " +
                                       Twine(Thr) + " threads, " + Fields[0] +
                                       " " + Twine(T.Threads));
    T.Per[I] = Per;
  }
  if (IsMma) {
    T.M = R->getValueAsInt("M");
    T.N = R->getValueAsInt("N");
    T.K = R->getValueAsInt("K");
    T.MajorA = R->getValueAsString("MajorA");
    T.MajorB = R->getValueAsString("MajorB");
  }
  return T;
}

/// Bits of a key that hold the row index; the name's hash fills the rest.
constexpr unsigned RowBits = 16;

/// The hash of a variant name that the header's nameHash() computes too:
/// 64-bit FNV-1a, its top 48 bits.
uint64_t nameHash(StringRef Name) {
  uint64_t H = 14695981039346656037ull;
  for (unsigned char C : Name)
    H = (H ^ C) * 1099511628211ull;
  return H >> RowBits;
}

void emitRow(raw_ostream &OS, const Traits &T) {
  OS << "    {";
  emitCString(OS, T.Atom);
  OS << ", " << T.M << ", " << T.N << ", " << T.K << ", " << T.Threads << ", "
     << T.Per[0] << ", " << T.Per[1] << ", " << T.Per[2] << ", ";
  emitCString(OS, T.MajorA);
  OS << ", ";
  emitCString(OS, T.MajorB);
  OS << "},\n";
}

/// The header's lookup: the name's hash, binary-searched among the keys.
constexpr const char *FindFunction =
    R"(/// The hash of \p Name that the keys hold (64-bit FNV-1a, top 48 bits).
constexpr unsigned long long nameHash(const char *Name) {
  unsigned long long H = 14695981039346656037ull;
  for (; *Name; ++Name)
    H = (H ^ (unsigned char)*Name) * 1099511628211ull;
  return H >> 16;
}

/// The row of variant \p Name, or null.
constexpr const Row *find(const char *Name) {
  unsigned long long H = nameHash(Name);
  unsigned Lo = 0, Hi = sizeof(Keys) / sizeof(Keys[0]);
  while (Lo < Hi) {
    unsigned Mid = (Lo + Hi) / 2;
    if ((Keys[Mid] >> 16) < H)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  if (Lo == sizeof(Keys) / sizeof(Keys[0]) || (Keys[Lo] >> 16) != H)
    return nullptr;
  return &Rows[Keys[Lo] & 0xffff];
}
)";

void emitAtomTraits(const RecordKeeper &RK, raw_ostream &OS) {
  CuteRecords Records(RK);
  // The distinct traits, and each variant's name hash with its row.
  std::map<Traits, unsigned> RowOf;
  std::vector<std::pair<uint64_t, const Traits *>> Named;
  std::map<uint64_t, StringRef> NameOf;
  for (const Atom &A : Records.atoms())
    for (unsigned VI : A.Variants) {
      const Variant &V = Records.variants()[VI];
      std::optional<Traits> T = traitsOf(A, V);
      if (!T)
        continue;
      auto It = RowOf.try_emplace(*T, 0).first;
      uint64_t H = nameHash(V.Name);
      if (auto [Prev, New] = NameOf.try_emplace(H, V.Name); !New)
        PrintFatalError(V.Def->getLoc(), diag(DiagID::VariantNamesHashChange,
                                              Prev->second, V.Name));
      Named.push_back({H, &It->first});
    }
  if (RowOf.size() >= (1u << RowBits))
    PrintFatalError(diag(DiagID::GenAtomTraitsMore));
  unsigned Index = 0;
  for (auto &[T, I] : RowOf)
    I = Index++;
  llvm::sort(Named,
             [](const auto &L, const auto &R) { return L.first < R.first; });

  emitSourceFileHeader("constexpr traits of the CuTe atom variants", OS, RK);
  OS << "#ifndef CUTE_ATOM_TRAITS_H\n#define CUTE_ATOM_TRAITS_H\n\n";
  OS << "namespace cute {\nnamespace atom_traits {\n\n";
  OS << "/// The traits of MMA and copy variants: their atom's mnemonic, "
        "M/N/K\n"
        "/// (0 for a copy), the threads of one atom, and the per-thread "
        "sizes\n"
        "/// of the TV layouts (MMA: A, B, C values; copy: source, "
        "destination,\n"
        "/// reference bits), and an MMA's majors of the A and B tiles its\n"
        "/// descriptors describe (\"K\", \"MN\"; \"\" for none).\n";
  OS << "struct Row {\n  const char *Atom;\n"
        "  int M, N, K, Threads, A, B, C;\n"
        "  const char *MajorA, *MajorB;\n};\n\n";
  OS << "constexpr bool equal(const char *L, const char *R) {\n"
        "  for (; *L && *L == *R; ++L, ++R)\n    ;\n  return *L == *R;\n}\n\n";
  OS << "/// The distinct traits (" << RowOf.size() << ").\n";
  OS << "inline constexpr Row Rows[] = {\n";
  for (const auto &KV : RowOf)
    emitRow(OS, KV.first);
  OS << "};\n\n";
  OS << "/// One key per variant (" << Named.size()
     << "), sorted: the hash of its name above its row.\n";
  OS << "inline constexpr unsigned long long Keys[] = {";
  for (auto [I, HT] : llvm::enumerate(Named)) {
    OS << (I % 4 ? " " : "\n    ");
    OS << format_hex(HT.first << RowBits | RowOf[*HT.second], 18) << "ull,";
  }
  OS << "\n};\n\n" << FindFunction << "\n";
  OS << "} // namespace atom_traits\n} // namespace cute\n\n"
        "#endif // CUTE_ATOM_TRAITS_H\n";
}

} // namespace

static TableGen::Emitter::Opt
    X("gen-atom-traits", emitAtomTraits,
      "Generate the constexpr traits header of the atom variants");
