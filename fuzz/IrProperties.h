//===- IrProperties.h - What a lowered module must never do -----*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The properties the IR fuzzer checks on every module the cute pipeline
/// lowered without an error: the lowering never narrows a constant an atom
/// was given, never casts a pointer into an address space its object is not
/// in, and never writes past the end of an object (a register fragment, a
/// shared buffer) at a constant offset. Each check returns the violation,
/// naming the offending instruction, or an empty string.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_FUZZ_IRPROPERTIES_H
#define CUTELLVM_FUZZ_IRPROPERTIES_H

#include "llvm/ADT/APInt.h"

#include <optional>
#include <string>

namespace llvm {
class CallInst;
class Module;
} // namespace llvm

namespace cute {
namespace fuzz {

/// Marks every instruction of \p M as the input's (metadata
/// `cute.fuzz.input`): the casts the input wrote itself are its own.
void markInputInstructions(llvm::Module &M);

/// A constant operand of an atom call that does not fit the width its
/// operand has (the parameter's C type, the PTX operand's type): a module
/// that has one must not lower without an error. Returns the first, as a
/// sentence, or an empty string. Checked on the module before lowering.
std::string findUnfitConstant(const llvm::Module &M);

/// An atom call's constant operand wider than \p Bits: the call (its
/// function's index and the instruction's), the operand and the value.
/// The differential check lowers the module again with the value cut to
/// its low Bits bits: a lowering that cannot tell the two apart narrowed it.
struct WideConstant {
  unsigned Function = 0, Instruction = 0, Operand = 0, Bits = 0;
  llvm::APInt Value;
};

/// The first constant operand of an atom call that does not fit 32, 16 or
/// 8 bits (as unsigned or signed), with the widest of those it does not
/// fit, or none.
std::optional<WideConstant> findWideConstant(const llvm::Module &M);

/// Replaces the operand \p W names in \p M (a module parsed from the same
/// text) by \p Value, of the operand's type.
void replaceWideConstant(llvm::Module &M, const WideConstant &W,
                         const llvm::APInt &Value);

/// Every addrspacecast, ptrtoint/inttoptr pair and `cvta` inline asm the
/// lowering added maps a pointer into the space its objects are in (or
/// into the generic one). A pointer whose object the module does not place
/// (a plain function's parameter, a loaded pointer) proves no space.
std::string checkAddressSpaceCasts(const llvm::Module &M);

/// Every store, memory intrinsic, atomic and call the lowering added that
/// writes through a pointer at a constant offset into an object of known
/// size stays inside the object.
std::string checkObjectWrites(const llvm::Module &M);

} // namespace fuzz
} // namespace cute

#endif // CUTELLVM_FUZZ_IRPROPERTIES_H
