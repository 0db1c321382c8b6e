//===- OperandSlots.h - Stack slots between a wrapper and its call -*- C++ -*-//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_OPERANDSLOTS_H
#define CUTELLVM_LIB_LOWERING_OPERANDSLOTS_H

namespace llvm {
class Function;
} // namespace llvm

namespace cute {

/// Promotes to SSA values the stack slots that carry values into \p F's
/// calls of `llvm.cute.*` functions (an inlined wrapper's arguments at
/// -O0), so that a constant or a pointer reaches the call as itself.
/// Returns true when \p F changed.
bool promoteOperandSlots(llvm::Function &F);

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_OPERANDSLOTS_H
