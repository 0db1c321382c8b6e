//===- Diagnostics.h - Diagnostics of the CuTe lowering ---------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The one diagnostic class of the lowering passes: reported through the
/// LLVMContext, located by the call's debug location when it has one, and
/// otherwise by the function and the instruction it is about.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_DIAGNOSTICS_H
#define CUTELLVM_LIB_LOWERING_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DiagnosticInfo.h"

namespace llvm {
class Instruction;
} // namespace llvm

namespace cute {

/// Report an error about \p I: `file:line:col: <msg>` with debug info,
/// `in function 'f': <msg> (at '<instruction>')` without.
void reportCuteError(const llvm::Instruction &I, const llvm::Twine &Msg);

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_DIAGNOSTICS_H
