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

} // namespace registry
} // namespace cute

#endif // CUTELLVM_REGISTRY_ATOMENUMS_H
