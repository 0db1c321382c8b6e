//===- TiledAtoms.cpp - Registry atoms for TiledCopy and TiledMMA ---------===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Reads a variant's ThrID and TV layouts (CuTe notation in the tables) into
/// the atoms of CuteLLVM/Layout/Tiled.h.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Registry/TiledAtoms.h"

#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace cute {
namespace registry {

namespace {

/// "MMA", "copy", ...
StringRef className(AtomClass C) {
  return enumEntry(AtomClassNames, C).AltName;
}

/// The variant \p Name of class \p Class that has TV layouts.
Expected<const VariantInfo *> findVariant(StringRef Name, AtomClass Class) {
  const VariantInfo *V = lookupVariant(Name.trim());
  if (!V) {
    std::string Msg =
        formatv("names no {0} atom of the registry", className(Class)).str();
    std::vector<std::string> Near = nearVariantNames(Name, Class);
    if (!Near.empty())
      Msg += "; near matches: " + join(Near, ", ");
    return makeError(Msg);
  }
  const AtomInfo &A = atoms()[V->Atom];
  if (A.Class != Class)
    return makeError(diag(DiagID::VariantAtomNotAtom, V->Name,
                          className(A.Class), A.Mnemonic, className(Class)));
  if (!V->NoLayoutReason.empty())
    return makeError(diag(DiagID::NoTVLayouts, V->Name, V->NoLayoutReason));
  return V;
}

unsigned bitsOf(int8_t Type) {
  return Type < 0 ? 0 : elementTypes()[Type].Bits;
}

class RegistryAtomSource final : public AtomSource {
public:
  Expected<NamedMmaAtom> mmaAtom(StringRef Name) const override {
    auto V = findVariant(Name, AtomClass::Mma);
    if (!V)
      return V.takeError();
    const VariantInfo &Var = **V;
    auto Atom =
        makeMmaAtom(IntTuple{int64_t(Var.M), int64_t(Var.N), int64_t(Var.K)},
                    layoutOf(Var.ThrID), layoutOf(Var.Layouts[0]),
                    layoutOf(Var.Layouts[1]), layoutOf(Var.Layouts[2]));
    if (!Atom)
      return Atom.takeError();
    NamedMmaAtom N;
    N.Atom = std::move(*Atom);
    N.BitsA = bitsOf(Var.TypeA);
    N.BitsB = bitsOf(Var.TypeB);
    N.BitsC = bitsOf(Var.TypeC >= 0 ? Var.TypeC : Var.TypeD);
    return N;
  }

  Expected<NamedCopyAtom> copyAtom(StringRef Name) const override {
    auto V = findVariant(Name, AtomClass::Copy);
    if (!V)
      return V.takeError();
    const VariantInfo &Var = **V;
    NamedCopyAtom N{layoutOf(Var.ThrID), layoutOf(Var.Layouts[0]),
                    layoutOf(Var.Layouts[1]), layoutOf(Var.Layouts[2]),
                    std::nullopt};
    if (!Var.ValID.empty())
      N.BitValID = layoutOf(Var.ValID);
    return N;
  }

  Expected<unsigned> elementBits(StringRef Name) const override {
    for (const ElementTypeInfo &E : elementTypes())
      if (Name.equals_insensitive(E.Name) || Name.equals_insensitive(E.Ptx))
        return E.Bits;
    // The LLVM and C spellings of the lowering's element types.
    if (Name == "half" || Name == "bfloat")
      return 16u;
    if (Name == "float")
      return 32u;
    if (Name == "double")
      return 64u;
    unsigned Bits;
    StringRef Digits = Name;
    if ((Digits.consume_front("i") || Digits.consume_front("u") ||
         Digits.consume_front("b")) &&
        !Digits.getAsInteger(10, Bits) && Bits >= 1 && Bits <= 1024)
      return Bits;
    return makeError(diag(DiagID::UnknownElementType, Name));
  }
};

} // namespace

const AtomSource &atomSource() {
  static const RegistryAtomSource Source;
  return Source;
}

std::vector<std::string> nearVariantNames(StringRef Name, AtomClass Class,
                                          unsigned Max) {
  // Names that share the longest prefix first (a registry name reads from
  // the tier to the shape to the types), then the fewest edits.
  std::string Lower = Name.trim().lower();
  std::vector<std::tuple<size_t, unsigned, StringRef>> Scored;
  for (const VariantInfo &V : variants()) {
    if (atoms()[V.Atom].Class != Class || !V.NoLayoutReason.empty())
      continue;
    StringRef VName = V.Name;
    size_t Common = 0;
    while (Common < Lower.size() && Common < VName.size() &&
           Lower[Common] == toLower(VName[Common]))
      ++Common;
    unsigned D = StringRef(Lower).edit_distance_insensitive(VName, true, 1000);
    Scored.push_back({~Common, D, VName});
  }
  unsigned N = std::min<size_t>(Max, Scored.size());
  std::partial_sort(Scored.begin(), Scored.begin() + N, Scored.end());
  std::vector<std::string> Out;
  for (unsigned I = 0; I < N; ++I)
    Out.push_back(std::get<2>(Scored[I]).str());
  return Out;
}

} // namespace registry
} // namespace cute
