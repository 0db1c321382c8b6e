//===- AtomEnums.h - Enums of the atom registry and cute-tblgen -*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The enums that cute-tblgen computes from the records and the registry's
/// tables store, defined once for both: cute-tblgen cannot include
/// AtomRegistry.h, which includes the tables it generates. Each enum comes
/// with the names of its enumerators, in enumerator order (enumEntry): the
/// C++ spelling the generated tables write (EnumEntry::Name) and the word
/// diagnostics, tools and docs use (EnumEntry::AltName).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_REGISTRY_ATOMENUMS_H
#define CUTELLVM_REGISTRY_ATOMENUMS_H

#include "llvm/Support/ScopedPrinter.h"

#include <cstddef>
#include <cstdint>

namespace cute {
namespace registry {

/// The class of record an atom is.
enum class AtomClass : uint8_t { Mma, Copy, Descriptor, Sync };

/// The enumerators and the words diagnostics use ("MMA"); `cute-atoms
/// --json` writes the enumerator in lowercase ("mma").
inline constexpr llvm::EnumEntry<AtomClass> AtomClassNames[] = {
    {"Mma", "MMA", AtomClass::Mma},
    {"Copy", "copy", AtomClass::Copy},
    {"Descriptor", "descriptor", AtomClass::Descriptor},
    {"Sync", "synchronisation", AtomClass::Sync},
};

/// How a call of one variant passes one argument: an atom parameter, or a
/// group of the trailing operands of a variadic atom. cute-tblgen derives it
/// from the atom's Params and the variant's PtxOperands
/// (CuteRecords::callSignature); the registry's CallArgInfo table,
/// `cute-atoms --json` (`signatures`) and the reference docs show it.
enum class ArgPassing : uint8_t {
  Unused,    ///< The variant does not use it: null (a pointer) or 0.
  Registers, ///< A pointer to registers the variant reads or writes.
  Memory,    ///< A pointer to an object in a state space.
  Value,     ///< An integer value, run-time or constant.
  Immediate, ///< An integer constant.
  Trailing,  ///< Count trailing operands (a variadic atom's).
};

/// The enumerators and the words `cute-atoms --json` writes.
inline constexpr llvm::EnumEntry<ArgPassing> ArgPassingNames[] = {
    {"Unused", "unused", ArgPassing::Unused},
    {"Registers", "registers", ArgPassing::Registers},
    {"Memory", "memory", ArgPassing::Memory},
    {"Value", "value", ArgPassing::Value},
    {"Immediate", "immediate", ArgPassing::Immediate},
    {"Trailing", "trailing", ArgPassing::Trailing},
};

/// Where a tensor-memory copy moves its data (CuteCopyAtom's Direction):
/// what the TmemCopyLowering routine issues for it. A record spells it
/// with the AltName ("load"); an atom of that kind must state it.
enum class CopyDirection : uint8_t {
  None,       ///< Not a tensor-memory copy.
  TmemLoad,   ///< Tensor memory to registers (tcgen05.ld).
  TmemStore,  ///< Registers to tensor memory (tcgen05.st).
  SmemToTmem, ///< Shared memory, through a matrix descriptor, to tensor
              ///< memory (tcgen05.cp).
};

/// The enumerators and the words the records spell.
inline constexpr llvm::EnumEntry<CopyDirection> CopyDirectionNames[] = {
    {"None", "", CopyDirection::None},
    {"TmemLoad", "load", CopyDirection::TmemLoad},
    {"TmemStore", "store", CopyDirection::TmemStore},
    {"SmemToTmem", "smem_to_tmem", CopyDirection::SmemToTmem},
};

/// The operand property an OperandCheck record guards (td/CuteBase.td).
enum class CheckProperty : uint8_t {
  Range, ///< An integer operand's constant: a multiple of Step in
         ///< [Min, Max], a power of two where Pow2.
  Align, ///< A pointer operand a constant offset from an object aligned to
         ///< at least Align bytes keeps that alignment.
};

/// The enumerators and the words the records spell (OperandCheck's
/// Property).
inline constexpr llvm::EnumEntry<CheckProperty> CheckPropertyNames[] = {
    {"Range", "range", CheckProperty::Range},
    {"Align", "align", CheckProperty::Align},
};

/// A value the lowering supplies to the diagnostic of an OperandCheck: the
/// diagnostic's Args name them (its `{N}` is the N-th named), any subset in
/// any order of those its property supplies.
enum class CheckArg : uint8_t {
  Variant, ///< The variant's name.
  Operand, ///< The operand's (atom parameter's) name.
  Value,   ///< Range: the constant the call passes.
  Min,     ///< Range: the bounds and the step.
  Max,
  Step,
  Align,  ///< Align: the alignment the check wants.
  Offset, ///< Align: the pointer's byte offset from its object.
  Object, ///< Align: the object the pointer reaches.
};

/// The enumerators and the argument names of the diagnostics.
inline constexpr llvm::EnumEntry<CheckArg> CheckArgNames[] = {
    {"Variant", "Variant", CheckArg::Variant},
    {"Operand", "Operand", CheckArg::Operand},
    {"Value", "Value", CheckArg::Value},
    {"Min", "Min", CheckArg::Min},
    {"Max", "Max", CheckArg::Max},
    {"Step", "Step", CheckArg::Step},
    {"Align", "Align", CheckArg::Align},
    {"Offset", "Offset", CheckArg::Offset},
    {"Object", "Object", CheckArg::Object},
};

/// Whether a check of \p P supplies argument \p A.
constexpr bool checkSupplies(CheckProperty P, CheckArg A) {
  switch (A) {
  case CheckArg::Variant:
  case CheckArg::Operand:
    return true;
  case CheckArg::Value:
  case CheckArg::Min:
  case CheckArg::Max:
  case CheckArg::Step:
    return P == CheckProperty::Range;
  case CheckArg::Align:
  case CheckArg::Offset:
  case CheckArg::Object:
    return P == CheckProperty::Align;
  }
  return false;
}

/// The most arguments the diagnostic of a check names.
inline constexpr unsigned MaxCheckArgs = 6;

/// The entry of \p V in \p Table, whose entries are in enumerator order.
template <class EnumT, size_t N>
constexpr const llvm::EnumEntry<EnumT> &
enumEntry(const llvm::EnumEntry<EnumT> (&Table)[N], EnumT V) {
  return Table[static_cast<size_t>(V)];
}

static_assert(enumEntry(AtomClassNames, AtomClass::Sync).Value ==
                  AtomClass::Sync,
              "AtomClassNames is in enumerator order");
static_assert(enumEntry(ArgPassingNames, ArgPassing::Trailing).Value ==
                  ArgPassing::Trailing,
              "ArgPassingNames is in enumerator order");
static_assert(enumEntry(CopyDirectionNames, CopyDirection::SmemToTmem).Value ==
                  CopyDirection::SmemToTmem,
              "CopyDirectionNames is in enumerator order");
static_assert(enumEntry(CheckPropertyNames, CheckProperty::Align).Value ==
                  CheckProperty::Align,
              "CheckPropertyNames is in enumerator order");
static_assert(enumEntry(CheckArgNames, CheckArg::Object).Value ==
                  CheckArg::Object,
              "CheckArgNames is in enumerator order");

} // namespace registry
} // namespace cute

#endif // CUTELLVM_REGISTRY_ATOMENUMS_H
