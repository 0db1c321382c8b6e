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

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/DiagnosticInfo.h"

#include <string>

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace cute {

/// Report an error about \p I: `file:line:col: <msg>` with debug info,
/// `in function 'f': <msg> (at '<instruction>')` without.
void reportCuteError(const llvm::Instruction &I, const llvm::Twine &Msg);

/// Report an error about atom call \p I of variant \p Variant:
/// `variant '<Variant>': <msg>`. Returns false, so that a lowering can
/// `return reportVariantError(...)`.
bool reportVariantError(const llvm::Instruction &I, llvm::StringRef Variant,
                        const llvm::Twine &Msg);

/// Where \p I is in the source, as its errors name it: `file:line:col` with
/// a debug location of a line, otherwise `function '<name>'`. For messages
/// that point at an earlier call than the one they are about.
std::string sourcePlace(const llvm::Instruction &I);

/// Metadata on an instruction an error was reported at: later stages do not
/// report the cute values that reach it again.
inline constexpr llvm::StringLiteral DiagnosedMDName = "cute.diagnosed";

/// Runs \p Body so that every error it reports is reported, and no output
/// is left behind by a failure. Tools whose diagnostic handler leaves errors
/// to the LLVMContext (stock opt: the context prints the first error and
/// exits, leaving an empty -o file) get every error printed as the context
/// prints it; then, if there was one, the files the tool registered for
/// removal on a signal (its outputs) are removed and the process exits with
/// status 1. Handlers that handle errors (clang, llc, cute-opt) see every
/// diagnostic as before, and their HasErrors is kept up to date.
void runReportingAllErrors(llvm::Module &M, llvm::function_ref<void()> Body);

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_DIAGNOSTICS_H
