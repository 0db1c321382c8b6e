//===- AtomRegistry.cpp - The generated SM tier and atom registry -*- C++ -*-=//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// Wraps the tables cute-tblgen generates from td/ (AtomRegistry.inc,
// AtomSelectors.inc, AtomDiagnostics.inc). Nothing in this file names a tier,
// an atom or a diagnostic: adding a tier or an atom that reuses an existing
// lowering kind is a change to td/ only.
//
// The tables hold integers only (strings are PooledString offsets into the
// three string pools, references are indices), so they are read-only data
// that loading the plugin neither relocates nor pages in.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Registry/AtomRegistry.h"
#include "CuteLLVM/Layout/LayoutCode.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringTable.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/FormatProviders.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace cute {
namespace registry {

namespace {

/// A variant's minimum PTX ISA on one tier where its MinPtxOn gives it one
/// (resolved for every tier that may use the variant), sorted by variant and
/// tier; a sentinel of Variant UINT32_MAX last.
struct VariantTierPtxEntry {
  uint32_t Variant;
  uint16_t Tier;
  uint16_t Ptx;
};

/// One entry of a sorted name index.
struct NameIndexEntry {
  PooledString Name;
  uint32_t Index;
};

#define GET_REGISTRY_TABLES
#include "CuteLLVM/Registry/AtomRegistry.inc"

#define GET_SELECTOR_TABLE
#include "CuteLLVM/Registry/AtomSelectors.inc"

#define GET_DIAGNOSTIC_TABLE
#include "CuteLLVM/Support/Diagnostics.inc"

static_assert(std::size(SelectorTable) == std::size(VariantTable),
              "one selector per variant");
static_assert(std::size(CallSignatureTable) == std::size(VariantTable),
              "one call signature per variant");
static_assert(std::size(DiagnosticTable) == NumDiagIDs,
              "one text per diagnostic");

} // namespace

const char *PooledString::c_str() const {
  // The pools in the order of tblgen's StringPoolID.
  uint32_t Offset = Id & ((uint32_t(1) << PoolShift) - 1);
  switch (Id >> PoolShift) {
  case 0:
    return RegistryStringsStorage + Offset;
  case 1:
    return SelectorStringsStorage + Offset;
  default:
    return DiagnosticStringsStorage + Offset;
  }
}

Layout layoutOf(PooledLayout L) {
  assert(!L.empty() && "no layout");
  ArrayRef<int64_t> Words = ArrayRef(RegistryLayoutWords).drop_front(L.Offset);
  // cute-tblgen wrote these words from a layout it parsed.
  return cantFail(decodeLayout(Words));
}

std::string layoutText(PooledLayout L) {
  return L.empty() ? std::string() : layoutOf(L).str();
}

raw_ostream &operator<<(raw_ostream &OS, PooledString S) {
  return OS << StringRef(S);
}

json::Value toJSON(PooledString S) { return StringRef(S); }

namespace {

/// Binary search of a sorted name index.
std::optional<unsigned> findName(ArrayRef<NameIndexEntry> Index,
                                 StringRef Name) {
  auto It = llvm::partition_point(
      Index, [&](const NameIndexEntry &E) { return StringRef(E.Name) < Name; });
  if (It == Index.end() || StringRef(It->Name) != Name)
    return std::nullopt;
  return It->Index;
}

/// The slice of a flat table selected by an offset array.
ArrayRef<uint16_t> slice(ArrayRef<uint16_t> Table, ArrayRef<uint32_t> Offsets,
                         unsigned I) {
  return Table.slice(Offsets[I], Offsets[I + 1] - Offsets[I]);
}

} // namespace

ArrayRef<TierInfo> tiers() { return TierTable; }
ArrayRef<AtomInfo> atoms() { return AtomTable; }
ArrayRef<VariantInfo> variants() { return VariantTable; }
ArrayRef<SelectorInfo> selectors() { return SelectorTable; }
ArrayRef<ElementTypeInfo> elementTypes() { return ElementTypeTable; }
ArrayRef<NamedInfo> interfaces() { return InterfaceTable; }
ArrayRef<NamedInfo> features() { return FeatureTable; }
ArrayRef<NamedInfo> residencies() { return ResidencyTable; }
ArrayRef<NamedInfo> loweringKinds() { return LoweringKindTable; }
ArrayRef<DiagnosticInfo> diagnostics() { return DiagnosticTable; }

const TierInfo *lookupTier(StringRef Name) {
  for (const TierInfo &T : TierTable)
    if (Name == T.Name)
      return &T;
  return nullptr;
}

const AtomInfo *lookupAtom(StringRef Mnemonic) {
  if (auto I = findName(AtomByMnemonic, Mnemonic))
    return &AtomTable[*I];
  // The `atom.` prefix is optional.
  if (auto I = findName(AtomByMnemonic, ("atom." + Mnemonic).str()))
    return &AtomTable[*I];
  return nullptr;
}

SmallVector<const VariantInfo *, 8> lookupFamily(StringRef Name) {
  SmallVector<const VariantInfo *, 8> Members;
  auto It = llvm::partition_point(VariantByFamily, [&](const NameIndexEntry &E) {
    return StringRef(E.Name) < Name;
  });
  for (; It != std::end(VariantByFamily) && StringRef(It->Name) == Name; ++It)
    Members.push_back(&VariantTable[It->Index]);
  return Members;
}

unsigned trailingOperandsOf(const VariantInfo &V) {
  unsigned N = 0;
  for (const PtxOperandInfo &Op : operandsOf(V))
    if (Op.Kind == PtxOperandKind::Tensor ||
        (Op.Kind == PtxOperandKind::Regs && Op.Param < 0 && Op.Value.empty()))
      N += Op.Count;
  return N;
}

StringRef familyOf(const VariantInfo &V) {
  unsigned I = &V - VariantTable;
  for (const NameIndexEntry &E : VariantByFamily)
    if (E.Index == I)
      return E.Name;
  return "";
}

const VariantInfo *lookupVariant(StringRef Name) {
  if (auto I = findName(VariantByName, Name))
    return &VariantTable[*I];
  // mnemonic<param>, as the atom registry spells variants (atom.ldsm<m8n8.x2>).
  if (!Name.ends_with(">"))
    return nullptr;
  auto [Mnemonic, Param] = Name.drop_back().split('<');
  const AtomInfo *A = lookupAtom(Mnemonic);
  if (!A)
    return nullptr;
  for (const VariantInfo &V :
       ArrayRef(VariantTable).slice(A->FirstVariant, A->NumVariants))
    if (Param == V.Param)
      return &V;
  return nullptr;
}

ArrayRef<uint16_t> atomsImplementing(InterfaceID Iface) {
  return slice(AtomsByInterfaceTable, AtomsByInterfaceOffsets, unsigned(Iface));
}

ArrayRef<uint16_t> atomsAvailableOn(const TierInfo &Tier) {
  return slice(AtomsByTierTable, AtomsByTierOffsets, indexOf(Tier));
}

bool isAvailable(const AtomInfo &Atom, const TierInfo &Tier) {
  return !checkAvailable(Atom, Tier);
}

std::optional<std::string> checkAvailable(const AtomInfo &Atom,
                                          const TierInfo &Tier) {
  if (Atom.MinTier >= 0 && !(Tier.Ancestors & (uint64_t(1) << Atom.MinTier)))
    return diag(DiagID::AtomTierExceedsTarget, Atom.Mnemonic.str(),
                TierTable[Atom.MinTier].Name.str(), Tier.Name.str());
  if (uint64_t Missing = Atom.Features & ~Tier.Features)
    return diag(DiagID::AtomFeatureMissing, Atom.Mnemonic.str(),
                joinNames(Missing, FeatureTable), Tier.Name.str());
  return std::nullopt;
}

bool isAvailable(const VariantInfo &Variant, const TierInfo &Tier) {
  return !checkAvailable(Variant, Tier);
}

std::optional<std::string> checkAvailable(const VariantInfo &Variant,
                                          const TierInfo &Tier) {
  const AtomInfo &Atom = AtomTable[Variant.Atom];
  if (auto Why = checkAvailable(Atom, Tier))
    return Why;
  if (uint64_t Missing = Variant.Features & ~Tier.Features)
    return diag(DiagID::VariantFeatureMissing, Variant.Name.str(),
                Atom.Mnemonic.str(), joinNames(Missing, FeatureTable),
                Tier.Name.str());
  return std::nullopt;
}

unsigned ptxVersionFor(const VariantInfo &Variant, const TierInfo &Tier) {
  // A per-tier minimum (MinPtxOn) replaces the variant's MinPtx.
  std::pair<uint32_t, uint16_t> Key{indexOf(Variant), indexOf(Tier)};
  const VariantTierPtxEntry *It = std::lower_bound(
      std::begin(VariantTierPtxTable), std::end(VariantTierPtxTable), Key,
      [](const VariantTierPtxEntry &E, std::pair<uint32_t, uint16_t> K) {
        return std::make_pair(E.Variant, E.Tier) < K;
      });
  if (It->Variant == Key.first && It->Tier == Key.second)
    return It->Ptx;
  return std::max<unsigned>(Tier.PtxVersion, Variant.MinPtx);
}

const VariantInfo *findMmaVariant(const AtomInfo &Atom, unsigned M, unsigned N,
                                  unsigned K, ElementTypeID D, ElementTypeID A,
                                  ElementTypeID B, ElementTypeID C) {
  for (const VariantInfo &V :
       ArrayRef(VariantTable).slice(Atom.FirstVariant, Atom.NumVariants))
    if (V.M == M && V.N == N && V.K == K && V.TypeD == int8_t(D) &&
        V.TypeA == int8_t(A) && V.TypeB == int8_t(B) && V.TypeC == int8_t(C))
      return &V;
  return nullptr;
}

const SelectorInfo &selectorOf(const VariantInfo &Variant) {
  return SelectorTable[indexOf(Variant)];
}

ArrayRef<PtxOperandInfo> operandsOf(const VariantInfo &Variant) {
  const SelectorInfo &S = selectorOf(Variant);
  return ArrayRef(PtxOperandTable).slice(S.FirstOperand, S.NumOperands);
}

ArrayRef<AtomParamInfo> paramsOf(const AtomInfo &Atom) {
  unsigned I = indexOf(Atom);
  return ArrayRef(AtomParamTable)
      .slice(AtomParamOffsets[I],
             AtomParamOffsets[I + 1] - AtomParamOffsets[I]);
}

ArrayRef<OperandCheckInfo> operandChecks() {
  // Less the sentinel row.
  return ArrayRef(OperandCheckTable).drop_back();
}

ArrayRef<OperandCheckInfo> checksOf(const AtomInfo &Atom) {
  unsigned I = indexOf(Atom);
  ArrayRef<OperandCheckInfo> All = operandChecks();
  auto First = llvm::partition_point(
      All, [&](const OperandCheckInfo &C) { return C.Atom < I; });
  auto Last = std::find_if(
      First, All.end(), [&](const OperandCheckInfo &C) { return C.Atom != I; });
  return ArrayRef(First, Last);
}

const CallSignatureInfo &callSignatureOf(const VariantInfo &Variant) {
  return CallSignatureTable[indexOf(Variant)];
}

ArrayRef<CallArgInfo> argsOf(const CallSignatureInfo &Signature) {
  return ArrayRef(CallArgTable).slice(Signature.FirstArg, Signature.NumArgs);
}

StringRef getDiagnosticText(DiagID ID) {
  return DiagnosticTable[unsigned(ID)].Text;
}

std::string joinNames(uint64_t Mask, ArrayRef<NamedInfo> Table, StringRef Sep) {
  std::vector<StringRef> Names;
  for (auto [I, Entry] : llvm::enumerate(Table))
    if (Mask & (uint64_t(1) << I))
      Names.push_back(Entry.Name);
  return join(Names, Sep);
}

} // namespace registry
} // namespace cute

void llvm::format_provider<cute::registry::PooledString>::format(
    const cute::registry::PooledString &S, raw_ostream &OS, StringRef Style) {
  format_provider<StringRef>::format(S, OS, Style);
}
