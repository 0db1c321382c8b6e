//===- AtomRegistry.h - The generated SM tier and atom registry -*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Query API over the tables cute-tblgen generates from td/: the SM tier
/// roster (with inheritance and feature gating), the atoms of seed 003 with
/// their interfaces, residency and copy contracts, their variants (lattice
/// points named as CuTe names them, with TV layouts), the intrinsic selectors
/// atom lowering dispatches through, and the verbatim verifier diagnostics.
///
/// Interface queries are table lookups (one bit test), never string
/// comparisons on target names.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_REGISTRY_ATOMREGISTRY_H
#define CUTELLVM_REGISTRY_ATOMREGISTRY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cute {
namespace registry {

#define GET_REGISTRY_ENUMS
#include "CuteLLVM/Registry/AtomRegistry.inc"

#define GET_DIAGNOSTIC_ENUM
#include "CuteLLVM/Registry/AtomDiagnostics.inc"

/// The class of record an atom is.
enum class AtomClass : uint8_t { Mma, Copy, Descriptor, Sync };

/// What a variant lowers to.
enum class SelectorKind : uint8_t { None, Intrinsic, InlinePtx };

/// A named vocabulary entry (interface, feature, residency, lowering kind).
struct NamedInfo {
  const char *Name;
  const char *Doc;
};

struct ElementTypeInfo {
  const char *Name;
  unsigned Bits;
  const char *LLVMType;
  const char *Ptx;
};

struct TierInfo {
  const char *Name;
  /// Index of the parent tier, or -1 for the root.
  int16_t Parent;
  uint16_t Arch;
  /// Minimum PTX ISA version times ten.
  uint16_t PtxVersion;
  /// Features the tier adds, and all it has (own and inherited).
  uint64_t OwnFeatures;
  uint64_t Features;
  /// Bit I set: tier I is this tier or one of its ancestors.
  uint64_t Ancestors;
};

struct AtomInfo {
  const char *Mnemonic;
  const char *DefName;
  AtomClass Class;
  /// Index of the minimum tier, or -1 for tier-generic atoms.
  int16_t MinTier;
  uint32_t Interfaces;
  uint64_t Features;
  LoweringKindID Lowering;
  /// Residency bitmasks: A, B, D for MMA atoms; Src, Dst for copies.
  uint32_t AResidency, BResidency, DResidency, SrcResidency, DstResidency;
  bool Sparse, BlockScale, NonExec, UsesTmaDescriptor;
  const char *Contract;
  const char *Summary;
  const char *DescriptorKind;
  const char *NaturalShape;
  const char *ElementWidth;
  const char *Fragment;
  const char *LoweringTarget;
  uint32_t FirstVariant, NumVariants;
  /// Why the atom has no variants (its records say), or "" when it has some.
  const char *NoVariantReason;
};

struct VariantInfo {
  const char *Name;
  uint16_t Atom;
  const char *Param;
  const char *Ptx;
  const char *ThrID;
  /// MMA: shape and (D, A, B, C) element types (-1: none).
  uint16_t M, N, K;
  int8_t TypeD, TypeA, TypeB, TypeC;
  uint8_t Ctas;
  /// MMA: a structurally-sparse lattice point (K counts the logical extent).
  bool Sparse;
  const char *Mode;
  const char *Kind;
  int8_t ScaleType;
  uint8_t ScaleVec;
  /// MMA: LayoutA_TV, LayoutB_TV, LayoutC_TV; copy: Src, Dst, Ref (bits).
  const char *Layouts[3];
  /// Copy: bits per thread and invocation.
  uint32_t ValueBits;
  /// Copy contract columns that differ per variant.
  const char *NaturalShape;
  const char *ElementWidth;
  const char *Fragment;
  const char *LoweringTarget;
  /// Features the variant needs on top of its atom's.
  uint64_t Features;
  /// The PTX ISA version (times ten) that introduced the instruction when it
  /// is later than a using tier's minimum; 0 otherwise.
  uint16_t MinPtx;
  /// Why the variant has no TV layouts (CuTe defines none), or "".
  const char *NoLayoutReason;
};

struct SelectorInfo {
  SelectorKind Kind;
  /// llvm::Intrinsic::ID when Kind == Intrinsic.
  unsigned IntrinsicID;
  const char *IntrinsicName;
  const char *Template;
  /// The variant's PTX operands (operandsOf).
  uint32_t FirstOperand, NumOperands;
};

/// What a PTX operand of a variant is (td/CuteBase.td, PtxOperand).
enum class PtxOperandKind : uint8_t {
  Regs,   ///< Count registers of PTX type Type.
  Reg,    ///< One register of PTX type Type (`pred`: a predicate).
  Imm,    ///< The literal Value.
  Shared, ///< The shared-window address of Count bytes.
  Global, ///< A global address.
  Tmem,   ///< A tensor-memory address.
  Tensor, ///< A TMA descriptor address and Count coordinates.
};

/// One operand of a variant's PTX statement, in statement order.
struct PtxOperandInfo {
  const char *Name;
  PtxOperandKind Kind;
  const char *Type;
  uint32_t Count;
  /// Immediates, and registers the atom has no parameter for.
  const char *Value;
  /// The atom parameter of the same name (paramsOf), or -1.
  int8_t Param;
};

/// One parameter of an atom's intrinsic, after the variant name.
struct AtomParamInfo {
  const char *CType;
  const char *Name;
};

struct DiagnosticInfo {
  const char *Name;
  const char *Text;
};

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

llvm::ArrayRef<TierInfo> tiers();
llvm::ArrayRef<AtomInfo> atoms();
llvm::ArrayRef<VariantInfo> variants();
llvm::ArrayRef<SelectorInfo> selectors();
llvm::ArrayRef<ElementTypeInfo> elementTypes();
llvm::ArrayRef<NamedInfo> interfaces();
llvm::ArrayRef<NamedInfo> features();
llvm::ArrayRef<NamedInfo> residencies();
llvm::ArrayRef<NamedInfo> loweringKinds();
llvm::ArrayRef<DiagnosticInfo> diagnostics();

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

/// The tier named \p Name (`sm_90a`), if any.
const TierInfo *lookupTier(llvm::StringRef Name);

/// The atom spelled \p Mnemonic, with or without the `atom.` prefix.
const AtomInfo *lookupAtom(llvm::StringRef Mnemonic);

/// The variant named \p Name (`SM80_16x8x16_F32F16F16F32_TN`), or the variant
/// spelled `mnemonic<param>` (`atom.ldsm<m8n8.x4.trans>`).
const VariantInfo *lookupVariant(llvm::StringRef Name);

/// True when \p Atom implements \p Iface (a bit test).
inline bool implements(const AtomInfo &Atom, InterfaceID Iface) {
  return Atom.Interfaces & (uint32_t(1) << unsigned(Iface));
}

/// The atoms implementing \p Iface (a precomputed table).
llvm::ArrayRef<uint16_t> atomsImplementing(InterfaceID Iface);

/// The atoms tier \p Tier may use (a precomputed table).
llvm::ArrayRef<uint16_t> atomsAvailableOn(const TierInfo &Tier);

/// True when \p Atom may be used on \p Tier: its min tier is the tier or an
/// ancestor and the tier has every feature the atom needs.
bool isAvailable(const AtomInfo &Atom, const TierInfo &Tier);

/// The gating diagnostic for \p Atom on \p Tier ("atom tier exceeds target"
/// or a missing feature), or std::nullopt when the atom is legal.
std::optional<std::string> checkAvailable(const AtomInfo &Atom,
                                          const TierInfo &Tier);

/// True when \p Variant may be used on \p Tier: its atom may, and the tier
/// has the features the variant needs on top of its atom's.
bool isAvailable(const VariantInfo &Variant, const TierInfo &Tier);

/// The gating diagnostic for \p Variant on \p Tier, or std::nullopt.
std::optional<std::string> checkAvailable(const VariantInfo &Variant,
                                          const TierInfo &Tier);

/// The PTX ISA version (times ten) a module for \p Tier that issues
/// \p Variant declares: the tier's minimum or the variant's, if later.
unsigned ptxVersionFor(const VariantInfo &Variant, const TierInfo &Tier);

/// True when (M, N, K, D, A, B, C) is a lattice point of \p Atom.
const VariantInfo *findMmaVariant(const AtomInfo &Atom, unsigned M, unsigned N,
                                  unsigned K, ElementTypeID D, ElementTypeID A,
                                  ElementTypeID B, ElementTypeID C);

/// The selector of a variant.
const SelectorInfo &selectorOf(const VariantInfo &Variant);

/// The PTX operands of a variant, in statement order.
llvm::ArrayRef<PtxOperandInfo> operandsOf(const VariantInfo &Variant);

/// The parameters of an atom's intrinsic, after the variant name.
llvm::ArrayRef<AtomParamInfo> paramsOf(const AtomInfo &Atom);

/// Index helpers.
inline unsigned indexOf(const TierInfo &T) { return &T - tiers().data(); }
inline unsigned indexOf(const AtomInfo &A) { return &A - atoms().data(); }
inline unsigned indexOf(const VariantInfo &V) { return &V - variants().data(); }

/// The verbatim text of a diagnostic and its formatted form.
llvm::StringRef getDiagnosticText(DiagID ID);
std::string formatDiagnostic(DiagID ID, llvm::ArrayRef<std::string> Args);

/// Names of the bits set in \p Mask over a vocabulary table.
std::string joinNames(uint64_t Mask, llvm::ArrayRef<NamedInfo> Table,
                      llvm::StringRef Sep = ", ");

} // namespace registry
} // namespace cute

#endif // CUTELLVM_REGISTRY_ATOMREGISTRY_H
