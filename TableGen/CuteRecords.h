//===- CuteRecords.h - Validated view of the atom records -------*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Reads the tier, atom, variant and diagnostic records once, checks them
/// (tier roster, min tiers, mnemonics, lattices, contradictions between
/// fields) and hands every emitter the same ordered view. Every check
/// reports its error at the line that spells the offending name (the
/// record's line where no line does) and the reading goes on, so one run
/// reports every error; then the run fails before any emitter writes.
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_TABLEGEN_CUTERECORDS_H
#define CUTE_TABLEGEN_CUTERECORDS_H

#include "CuteLLVM/Registry/AtomEnums.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/TableGen/Record.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cute {
namespace tblgen {

/// One SM tier with its resolved parent and inherited features.
struct Tier {
  const llvm::Record *Def;
  llvm::StringRef Name;
  int Parent = -1;
  /// The family tier an arch-specific tier implies, or -1.
  int Family = -1;
  int64_t Arch = 0;
  int64_t PtxVersion = 0;
  /// Bit I set: the tier provides feature I (own or inherited).
  uint64_t Features = 0;
  uint64_t OwnFeatures = 0;
  /// Bit I set: tier I is this tier or one of its ancestors.
  uint64_t Ancestors = 0;
};

using registry::ArgPassing;
using registry::ArgPassingNames;
using registry::AtomClass;
using registry::AtomClassNames;
using registry::CheckArg;
using registry::CheckArgNames;
using registry::CheckProperty;
using registry::CheckPropertyNames;
using registry::CopyDirection;
using registry::CopyDirectionNames;
using registry::enumEntry;

/// One atom with resolved tier, interfaces and features.
struct Atom {
  const llvm::Record *Def;
  llvm::StringRef Mnemonic;
  AtomClass Class;
  /// Index into tiers(), or -1 for a tier-generic ("all") atom.
  int MinTier = -1;
  uint32_t Interfaces = 0;
  uint64_t Features = 0;
  unsigned Lowering = 0;
  std::vector<unsigned> Variants;
};

/// One OperandCheck record as it applies to one atom (a check of several
/// atoms, or of a lowering kind, gives one per atom).
struct OperandCheck {
  const llvm::Record *Def;
  unsigned Atom;
  llvm::StringRef Operand;
  CheckProperty Property;
  /// The bound diagnostic and the values its Args name, in order.
  const llvm::Record *Diag;
  std::vector<CheckArg> Args;
  int64_t Min = 0, Max = -1, Step = 1;
  bool Pow2 = false;
  int64_t Align = 0;
};

/// One variant (lattice point) of an atom.
struct Variant {
  const llvm::Record *Def;
  llvm::StringRef Name;
  unsigned Atom;
};

/// One argument of a variant's call (ArgPassing says how it is passed), as
/// CuteRecords::callSignature derives it.
struct CallArg {
  std::string Name;
  /// The C type (<cute_nvgpu_atoms.h>) and the LLVM IR type of the operand.
  std::string CType, IRType;
  ArgPassing Passing = ArgPassing::Unused;
  /// Registers: their PTX type and number (the most, when CountArg names
  /// the argument whose constant is the number), and whether the variant
  /// writes them (a `void *` parameter) or reads them.
  std::string RegType;
  int64_t Count = 0;
  std::string CountArg;
  bool Writes = false;
  /// Registers: the bytes of Count registers; memory: the bytes of the
  /// object (0: the call's).
  int64_t Bytes = 0;
  /// Memory: the state space ("shared", "global", "generic"), the object
  /// (PtxOperand's Object) and the alignment the instruction needs.
  std::string Space, Object;
  int64_t Align = 0;
  /// Values and immediates: what the value is ("register", "predicate",
  /// "tmem_address", "cluster_rank", "register_count") and, for a rank or a
  /// count, the argument it places or sizes (Of).
  std::string Role, Of;
  /// Values and immediates: the legal constants, a multiple of Step in
  /// [Min, Max] (Max < Min: any value of IRType), and a power of two where
  /// Pow2.
  int64_t Min = 0, Max = -1, Step = 1;
  bool Pow2 = false;
};

/// The call of one variant: its arguments after the variant name, in call
/// order (the trailing groups last), and its result.
struct CallSignature {
  std::vector<CallArg> Args;
  std::string Result, ResultIRType;
};

/// The ordered, validated record set.
class CuteRecords {
public:
  explicit CuteRecords(const llvm::RecordKeeper &RK);

  llvm::ArrayRef<Tier> tiers() const { return Tiers; }
  llvm::ArrayRef<Atom> atoms() const { return Atoms; }
  llvm::ArrayRef<Variant> variants() const { return Variants; }
  llvm::ArrayRef<const llvm::Record *> features() const { return Features; }
  llvm::ArrayRef<const llvm::Record *> interfaces() const { return Interfaces; }
  llvm::ArrayRef<const llvm::Record *> residencies() const {
    return Residencies;
  }
  llvm::ArrayRef<const llvm::Record *> elementTypes() const {
    return ElementTypes;
  }
  llvm::ArrayRef<const llvm::Record *> loweringKinds() const {
    return LoweringKinds;
  }
  llvm::ArrayRef<const llvm::Record *> diagnostics() const {
    return Diagnostics;
  }
  /// The operand checks, by atom (in atom order), then in record order.
  llvm::ArrayRef<OperandCheck> operandChecks() const { return Checks; }

  /// The range check of the atom parameter \p Operand of atom \p Atom, or
  /// null: the range a variant that uses the operand states.
  const OperandCheck *rangeCheckOf(unsigned Atom,
                                   llvm::StringRef Operand) const;

  /// An atom's CopyDirection (its Direction field; None for "").
  CopyDirection directionOf(const Atom &A) const;

  /// Index of a record in its ordered list.
  unsigned indexOf(const llvm::Record *R) const { return Index.lookup(R); }

  /// True when \p A may be used on tier \p T (tier and features).
  bool isAvailable(const Atom &A, const Tier &T) const;
  /// True when \p V may be used on \p T: its atom may, and the tier has the
  /// features the variant needs on top of its atom's.
  bool isAvailable(const Variant &V, const Tier &T) const;
  /// Bitmask of a variant's own features.
  uint64_t variantFeatures(const Variant &V) const;

  /// The PTX ISA version (times ten) variant \p V needs on tier \p T: the
  /// tier's minimum raised to the variant's MinPtx, or to the MinPtxOn entry
  /// of \p T or of its nearest ancestor that has one.
  int64_t minPtx(const Variant &V, const Tier &T) const;
  /// The MinPtxOn entry that applies on \p T, or -1 (MinPtx applies).
  int64_t minPtxOverride(const Variant &V, const Tier &T) const;

  /// Residency bitmask of a `list<Residency>` field.
  uint32_t residencyMask(const llvm::Record *R, llvm::StringRef Field) const;

  /// Names of the bits set in \p Mask over \p Recs.
  static std::vector<llvm::StringRef>
  namesOf(uint64_t Mask, llvm::ArrayRef<const llvm::Record *> Recs);

  /// "sm_90" or "all".
  llvm::StringRef minTierName(const Atom &A) const {
    return A.MinTier < 0 ? "all" : Tiers[A.MinTier].Name;
  }

  /// The fields holding a variant's three TV-layout strings: A, B, C of an
  /// MMA variant; source, destination, reference of a copy variant. Static
  /// storage, so a caller may range-for over it (a conditional between two
  /// `std::initializer_list` temporaries dangles under GCC).
  static llvm::ArrayRef<llvm::StringLiteral> tvLayoutFields(bool IsMma);

  /// The C identifier of an atom's intrinsic (`cute_nvgpu_sm80_mma`) and its
  /// LLVM name (`llvm.cute.nvgpu.sm80.mma`).
  static std::string intrinsicCName(llvm::StringRef Mnemonic);
  static std::string intrinsicName(llvm::StringRef Mnemonic);

  /// The operands a call of variant \p V passes after its atom's parameters
  /// (a TMA variant's coordinates and im2col offsets): the count that picks
  /// the member of a variant family.
  static unsigned trailingOperands(const Variant &V);

  /// The call signature of variant \p V (checked when the records are read:
  /// every parameter binds to what the variant does with it).
  CallSignature callSignature(const Variant &V) const;

  /// The LLVM IR type of an atom parameter's C type (`unsigned` is `i32`),
  /// or "" for a C type the atoms do not use.
  static llvm::StringRef irTypeOf(llvm::StringRef CType);

  /// "; did you mean 'X'?" for the known name nearest \p Name (LLVM's edit
  /// distance), and the known names where they are few.
  static std::string didYouMean(llvm::StringRef Name,
                                llvm::ArrayRef<llvm::StringRef> Known,
                                llvm::StringRef What);

  /// The tier names, in roster order.
  std::vector<llvm::StringRef> tierNames() const {
    std::vector<llvm::StringRef> Names;
    for (const Tier &T : Tiers)
      Names.push_back(T.Name);
    return Names;
  }

private:
  /// Reports \p Msg at \p Loc and counts it; the reading goes on.
  void error(llvm::ArrayRef<llvm::SMLoc> Loc, const llvm::Twine &Msg) const;
  /// The same at the string literal "\p Name" in \p R's definition (or the
  /// class that spells it), else at \p R.
  void errorAt(const llvm::Record *R, llvm::StringRef Name,
               const llvm::Twine &Msg) const;
  void readVocabulary(const llvm::RecordKeeper &RK);
  void readTiers(const llvm::RecordKeeper &RK);
  void readAtoms(const llvm::RecordKeeper &RK);
  void readVariants(const llvm::RecordKeeper &RK);
  void checkLattice(const Variant &V) const;
  /// The shape rules of each MMA atom's lattice: extents, K bits and
  /// containers that describe lattice points at all.
  void checkLatticeRules() const;
  void checkLayouts(const Variant &V) const;
  void checkPtxOperands(const Variant &V) const;
  void checkFamilies() const;
  /// MinPtxOn: known tiers, each once, PTX ISA versions.
  void checkMinPtxOn(const Variant &V) const;
  /// A copy variant against its atom: the state space of its `src` and
  /// `dst` operands against the atom's residencies, the value bits of its
  /// register-side TV layouts against ValueBits.
  void checkCopyContract(const Variant &V) const;
  /// Every feature is on some tier, every atom and variant usable on some
  /// tier.
  void checkFeatures() const;

  mutable unsigned NumErrors = 0;
  /// The fields each atom's lowering kind reads (LoweringKind's
  /// AtomFields) are set, and a copy's Direction is one the lowering knows.
  void checkLoweringFields() const;
  /// Reads and checks the OperandCheck records (OperandChecks.cpp).
  void readOperandChecks(const llvm::RecordKeeper &RK);

  std::vector<Tier> Tiers;
  std::vector<Atom> Atoms;
  std::vector<Variant> Variants;
  std::vector<const llvm::Record *> Features, Interfaces, Residencies,
      ElementTypes, LoweringKinds, Diagnostics;
  std::vector<OperandCheck> Checks;
  llvm::DenseMap<const llvm::Record *, unsigned> Index;
  llvm::StringMap<unsigned> TierByName;
};

/// A PTX ISA version of the records (times ten) as PTX spells it: "8.0".
inline std::string ptxVersion(int64_t V) {
  return std::to_string(V / 10) + "." + std::to_string(V % 10);
}

/// The base of the emitters of the atom records: the record keeper (for
/// emitSourceFileHeader) and the one validated view of its records. An
/// emitter derives from it, inherits the constructor TableGen's OptClass
/// calls and adds its run(raw_ostream &).
class RecordsEmitter {
public:
  explicit RecordsEmitter(const llvm::RecordKeeper &RK) : RK(RK), Records(RK) {}

protected:
  const llvm::RecordKeeper &RK;
  CuteRecords Records;
};

/// Writes \p S as a C string literal (or `nullptr` when empty and
/// \p NullIfEmpty).
void emitCString(llvm::raw_ostream &OS, llvm::StringRef S,
                 bool NullIfEmpty = false);

} // namespace tblgen
} // namespace cute

#endif // CUTE_TABLEGEN_CUTERECORDS_H
