//===- AtomRegistry.h - The generated SM tier and atom registry -*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Query API over the tables cute-tblgen generates from td/: the SM tier
/// roster (with inheritance and feature gating), the cute_nvgpu atoms with
/// their interfaces, residency and copy contracts, their variants (lattice
/// points named as CuTe names them, with TV layouts), the intrinsic selectors
/// atom lowering dispatches through, and the verbatim verifier diagnostics.
///
/// Interface queries are table lookups (one bit test), never string
/// comparisons on target names.
///
/// The tables hold no pointer: strings are offsets into string pools
/// (PooledString) and references between tables are indices, so the tables
/// live in read-only data and loading the plugin relocates none of them.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_REGISTRY_ATOMREGISTRY_H
#define CUTELLVM_REGISTRY_ATOMREGISTRY_H

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Registry/AtomEnums.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadicDetails.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
namespace json {
class Value;
} // namespace json
} // namespace llvm

namespace cute {
namespace registry {

/// A string of the generated tables: an offset into one of their string
/// pools (the top bits name the pool), so that a table row holds no pointer.
/// It reads as a NUL-terminated `const char *` and as a StringRef:
/// `StringRef(V.Name)`, `const char *C = V.Name`, `V.Name == "x"` (compares
/// the strings), `*Op.Value`, `formatv("{0}", V.Name)`, `OS << V.Name`,
/// `"'" + V.Name`, `std::string S; S = V.Name` and JSON values all work.
/// `Twine(V.Name)` is ambiguous (Twine takes both): write
/// `Twine(V.Name.c_str())`; so is copy-initializing a std::string
/// (`std::string S = V.Name`): write `V.Name.str()`.
struct PooledString {
  /// The pool (bits PoolShift and up) and the offset of the string in it.
  uint32_t Id;

  static constexpr unsigned PoolShift = 30;

  /// The string, NUL-terminated, in static storage.
  const char *c_str() const;
  std::string str() const { return c_str(); }
  size_t size() const { return llvm::StringRef(c_str()).size(); }
  bool empty() const { return *c_str() == '\0'; }

  /// True when the string is not empty. An absent string (the template of
  /// an intrinsic selector, the intrinsic of an inline-PTX one) is empty,
  /// so `if (S.Template)` asks whether there is one.
  explicit operator bool() const { return !empty(); }
  operator const char *() const { return c_str(); }
  operator llvm::StringRef() const { return c_str(); }
};

// Exact overloads of the operators that both a `const char *` and a
// StringRef would take, so that the two conversions make none ambiguous;
// comparisons compare the strings.
inline bool operator==(PooledString L, PooledString R) {
  return llvm::StringRef(L) == llvm::StringRef(R);
}
inline bool operator==(PooledString L, llvm::StringRef R) {
  return llvm::StringRef(L) == R;
}
inline bool operator==(llvm::StringRef L, PooledString R) {
  return L == llvm::StringRef(R);
}
inline bool operator==(PooledString L, const char *R) {
  return llvm::StringRef(L) == R;
}
inline bool operator==(const char *L, PooledString R) {
  return llvm::StringRef(L) == llvm::StringRef(R);
}
inline bool operator!=(PooledString L, PooledString R) { return !(L == R); }
inline bool operator!=(PooledString L, llvm::StringRef R) { return !(L == R); }
inline bool operator!=(llvm::StringRef L, PooledString R) { return !(L == R); }
inline bool operator!=(PooledString L, const char *R) { return !(L == R); }
inline bool operator!=(const char *L, PooledString R) { return !(L == R); }
inline bool operator<(PooledString L, PooledString R) {
  return llvm::StringRef(L) < llvm::StringRef(R);
}
/// Concatenations. The pooled string is a C string in static storage, so the
/// Twine holds no temporary.
inline llvm::Twine operator+(const llvm::Twine &L, PooledString R) {
  return L.concat(llvm::Twine(R.c_str()));
}
inline llvm::Twine operator+(PooledString L, const llvm::Twine &R) {
  return llvm::Twine(L.c_str()).concat(R);
}
inline llvm::Twine operator+(const char *L, PooledString R) {
  return llvm::Twine(L).concat(llvm::Twine(R.c_str()));
}
inline llvm::Twine operator+(PooledString L, const char *R) {
  return llvm::Twine(L.c_str()).concat(llvm::Twine(R));
}
inline std::string operator+(const std::string &L, PooledString R) {
  return L + R.c_str();
}
inline std::string operator+(PooledString L, const std::string &R) {
  return L.c_str() + R;
}
llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, PooledString S);
/// For llvm::json::Value (found by argument-dependent lookup).
llvm::json::Value toJSON(PooledString S);

#define GET_REGISTRY_ENUMS
#include "CuteLLVM/Registry/AtomRegistry.inc"

using ::cute::DiagID;
using ::cute::NumDiagIDs;

/// What a variant lowers to.
enum class SelectorKind : uint8_t { None, Intrinsic, InlinePtx };

/// A named vocabulary entry (interface, feature, residency, lowering kind).
struct NamedInfo {
  PooledString Name;
  PooledString Doc;
};

struct ElementTypeInfo {
  PooledString Name;
  unsigned Bits;
  PooledString LLVMType;
  PooledString Ptx;
};

struct TierInfo {
  PooledString Name;
  /// Index of the parent tier, or -1 for the root.
  int16_t Parent;
  /// Index of the family tier an arch-specific tier implies, or -1.
  int16_t Family;
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
  PooledString Mnemonic;
  PooledString DefName;
  AtomClass Class;
  /// Index of the minimum tier, or -1 for tier-generic atoms.
  int16_t MinTier;
  uint32_t Interfaces;
  uint64_t Features;
  LoweringKindID Lowering;
  /// Residency bitmasks: A, B, D for MMA atoms; Src, Dst for copies.
  uint32_t AResidency, BResidency, DResidency, SrcResidency, DstResidency;
  bool Sparse, BlockScale, NonExec, UsesTmaDescriptor;
  PooledString Contract;
  PooledString Summary;
  PooledString DescriptorKind;
  PooledString NaturalShape;
  PooledString ElementWidth;
  PooledString Fragment;
  PooledString LoweringTarget;
  uint32_t FirstVariant, NumVariants;
  /// Why the atom has no variants (its records say), or "" when it has some.
  PooledString NoVariantReason;
  /// The C type the atom's call returns ("void": none).
  PooledString Result;
  /// The call takes trailing operands after its parameters, as many as the
  /// variant says (trailingOperandsOf), TrailingOperands saying what they
  /// are.
  bool Variadic;
  PooledString TrailingOperands;
  /// Where a tensor-memory copy moves its data (None for the other atoms):
  /// what the TmemCopyLowering routine issues.
  CopyDirection Direction;
};

/// A layout of the generated tables: the offset of its words
/// (CuteLLVM/Layout/LayoutCode.h) in their layout pool, which cute-tblgen
/// wrote from the records' notation. Offset 0 is no layout.
struct PooledLayout {
  uint32_t Offset;

  bool empty() const { return Offset == 0; }
};

/// The layout \p L holds (not empty): read from its words, never parsed.
Layout layoutOf(PooledLayout L);
/// CuTe notation of \p L, "" for none.
std::string layoutText(PooledLayout L);

struct VariantInfo {
  PooledString Name;
  uint16_t Atom;
  PooledString Param;
  PooledString Ptx;
  PooledLayout ThrID;
  /// MMA: shape and (D, A, B, C) element types (-1: none).
  uint16_t M, N, K;
  int8_t TypeD, TypeA, TypeB, TypeC;
  uint8_t Ctas;
  /// MMA: a structurally-sparse lattice point (K counts the logical extent).
  bool Sparse;
  PooledString Mode;
  PooledString Kind;
  /// MMA: the major ("K", "MN") of the tile an A or B descriptor describes,
  /// "" where the operand is no descriptor or the call picks it.
  PooledString MajorA, MajorB;
  int8_t ScaleType;
  uint8_t ScaleVec;
  /// MMA: LayoutA_TV, LayoutB_TV, LayoutC_TV; copy: Src, Dst, Ref (bits).
  PooledLayout Layouts[3];
  /// Copy: bits per thread and invocation.
  uint32_t ValueBits;
  /// Copy contract columns that differ per variant.
  PooledString NaturalShape;
  PooledString ElementWidth;
  PooledString Fragment;
  PooledString LoweringTarget;
  /// Features the variant needs on top of its atom's.
  uint64_t Features;
  /// The PTX ISA version (times ten) that introduced the instruction when it
  /// is later than a using tier's minimum; 0 otherwise.
  uint16_t MinPtx;
  /// Why the variant has no TV layouts (CuTe defines none), or "".
  PooledString NoLayoutReason;
  /// Copy: CuTe's ValID (value bit -> address bit) of a tensor-memory atom,
  /// or none.
  PooledLayout ValID;
};

struct SelectorInfo {
  SelectorKind Kind;
  /// llvm::Intrinsic::ID when Kind == Intrinsic.
  unsigned IntrinsicID;
  PooledString IntrinsicName;
  PooledString Template;
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
  PooledString Name;
  PtxOperandKind Kind;
  PooledString Type;
  uint32_t Count;
  /// Immediates, and registers the atom has no parameter for.
  PooledString Value;
  /// The atom parameter of the same name (paramsOf), or -1.
  int8_t Param;
  /// A register operand's valid constants: multiples of Step in [Min, Max]
  /// (no bound where Max < Min), and powers of two where Pow2.
  int32_t Min, Max, Step;
  bool Pow2;
};

/// One parameter of an atom's intrinsic, after the variant name.
struct AtomParamInfo {
  PooledString CType;
  PooledString Name;
};

/// One argument of a variant's call after the variant name, in call order:
/// an atom parameter, or a group of a variadic atom's trailing operands.
struct CallArgInfo {
  PooledString Name;
  /// The C type (<cute_nvgpu_atoms.h>) and the LLVM IR type of the operand.
  PooledString CType;
  PooledString IRType;
  ArgPassing Passing;
  /// Registers: their PTX type and number (the most, when CountArg names
  /// the argument whose constant is the number); whether the variant writes
  /// them (else it reads them). Trailing: the number of operands.
  PooledString RegType;
  uint16_t Count;
  PooledString CountArg;
  bool Writes;
  /// Registers: the bytes of Count registers; memory: the bytes of the
  /// object (0: the call's).
  uint32_t Bytes;
  /// Memory: the state space ("shared", "global", "generic"), the object
  /// ("buffer", "mbarrier", "tmem_slot", "tensor_map") and the alignment
  /// the instruction needs.
  PooledString Space;
  PooledString Object;
  uint16_t Align;
  /// Values and immediates: what the value is ("register", "predicate",
  /// "tmem_address", "cluster_rank", "register_count", or "" for a plain
  /// immediate); the argument a rank or count places or sizes (trailing
  /// coordinates: their tensor map).
  PooledString Role;
  PooledString Of;
  /// Values and immediates: the legal constants, a multiple of Step in
  /// [Min, Max] (Max < Min: any), powers of two where Pow2.
  int32_t Min, Max, Step;
  bool Pow2;
};

/// The call of one variant: its arguments and the type it returns.
struct CallSignatureInfo {
  uint32_t FirstArg, NumArgs;
  PooledString Result;
  PooledString ResultIRType;
};

/// A check of one operand of an atom's calls and the diagnostic bound to it
/// (td/CuteBase.td, OperandCheck): the atom lowering evaluates it at each
/// call of a variant that uses the operand, before the atom's lowering
/// routine (checkOperands, lib/Lowering).
struct OperandCheckInfo {
  uint16_t Atom;
  /// The record, and the atom parameter it checks.
  PooledString Name;
  PooledString Operand;
  CheckProperty Property;
  /// The diagnostic, and the values its arguments are, in order.
  DiagID Diag;
  uint8_t NumArgs;
  CheckArg Args[MaxCheckArgs];
  /// Range: a multiple of Step in [Min, Max], a power of two where Pow2.
  int32_t Min, Max, Step;
  bool Pow2;
  /// Align: the alignment in bytes.
  uint32_t Align;
};

struct DiagnosticInfo {
  PooledString Name;
  PooledString Text;
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

/// The members of the variant family \p Name (CuTe's rank-generic
/// `SM90_TMA_LOAD`: one variant per coordinate count), in registry order;
/// empty when no family has that name.
llvm::SmallVector<const VariantInfo *, 8> lookupFamily(llvm::StringRef Name);

/// The operands a call of \p V passes after its atom's parameters (a TMA
/// variant's coordinates and im2col offsets): what picks a family member.
unsigned trailingOperandsOf(const VariantInfo &V);

/// The family \p V belongs to, or "".
llvm::StringRef familyOf(const VariantInfo &V);

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

/// Every operand check, by atom.
llvm::ArrayRef<OperandCheckInfo> operandChecks();

/// The operand checks of \p Atom's calls.
llvm::ArrayRef<OperandCheckInfo> checksOf(const AtomInfo &Atom);

/// The call signature of a variant. Variants whose calls look alike share
/// their arguments (the same FirstArg).
const CallSignatureInfo &callSignatureOf(const VariantInfo &Variant);

/// The arguments of a call signature, in call order.
llvm::ArrayRef<CallArgInfo> argsOf(const CallSignatureInfo &Signature);

/// Index helpers.
inline unsigned indexOf(const TierInfo &T) { return &T - tiers().data(); }
inline unsigned indexOf(const AtomInfo &A) { return &A - atoms().data(); }
inline unsigned indexOf(const VariantInfo &V) { return &V - variants().data(); }

/// The verbatim text of a diagnostic (formatted with its arguments by
/// cute::diag, CuteLLVM/Support/Diagnostics.h).
llvm::StringRef getDiagnosticText(DiagID ID);

/// Names of the bits set in \p Mask over a vocabulary table.
std::string joinNames(uint64_t Mask, llvm::ArrayRef<NamedInfo> Table,
                      llvm::StringRef Sep = ", ");

} // namespace registry
} // namespace cute

namespace llvm {
/// `formatv("{0}", V.Name)`, with StringRef's styles.
template <> struct format_provider<cute::registry::PooledString> {
  static void format(const cute::registry::PooledString &S, raw_ostream &OS,
                     StringRef Style);
};
} // namespace llvm

#endif // CUTELLVM_REGISTRY_ATOMREGISTRY_H
