//===- Intrinsics.h - The llvm.cute.* intrinsic contract --------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The target-neutral `llvm.cute.<op>` intrinsics: which ops exist, which
/// stage of the lowering removes each one, and how a call names its op.
/// One table, generated from the records of td/Ops.td (OpTable.h), drives
/// the desugarer (its sugar list), the layout lowering (dispatch, order
/// checks, attributes), the final verifier (which pass should have removed
/// a survivor), `cute-opt --list-intrinsics`, the layout library's
/// evaluators and the checks that keep docs/ir-contract.md and
/// <cute/llvm.h> exact.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LOWERING_INTRINSICS_H
#define CUTELLVM_LOWERING_INTRINSICS_H

#include "CuteLLVM/Layout/OpTable.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace cute {

/// One intrinsic of the contract: its record (td/Ops.td).
using CuteIntrinsicInfo = CuteOpInfo;

/// The op named by a function `llvm.cute.<op>[.<type suffix>...]`, or
/// nothing for any other function (atoms, `llvm.cute.nvgpu.*`, included).
std::optional<llvm::StringRef> getCuteOpName(const llvm::Function &F);
/// The function \p CB calls, also when the call's function type differs
/// from the declaration's (one declaration may serve calls of several
/// operand types), or null for indirect calls.
llvm::Function *getCallee(const llvm::CallBase &CB);
/// The cute op \p CB calls, as getCuteOpName.
std::optional<llvm::StringRef> getCuteOp(const llvm::CallBase &CB);

/// True for every `llvm.cute.*` function, atoms included.
bool isCuteFunction(const llvm::Function &F);
/// True when \p F is defined and calls an `llvm.cute.*` function (with
/// \p OpsOnly, a cute op: not an atom): the cheap test by which the
/// lowering skips a function.
bool hasCuteCalls(const llvm::Function &F, bool OpsOnly = false);

/// The contract entry of \p Op, or null when the op is unknown.
const CuteIntrinsicInfo *lookupCuteIntrinsic(llvm::StringRef Op);
/// The layout library's mnemonic of IR op \p Op (`partition_S` is
/// `tiled.copy.partition_S`), or empty when the library has none.
std::string libraryOpName(llvm::StringRef Op);

/// Every intrinsic of the contract, sorted by op.
std::vector<CuteIntrinsicInfo> allCuteIntrinsics();

} // namespace cute

#endif // CUTELLVM_LOWERING_INTRINSICS_H
