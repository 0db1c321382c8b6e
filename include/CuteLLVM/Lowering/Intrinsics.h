//===- Intrinsics.h - The llvm.cute.* intrinsic contract --------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The target-neutral `llvm.cute.<op>` intrinsics: which ops exist, which
/// stage of the lowering removes each one, and how a call names its op.
/// One table drives the desugarer (its sugar list), the layout lowering
/// (order checks), the final verifier (which pass should have removed a
/// survivor), `cute-opt --list-intrinsics` and the checks that keep
/// docs/ir-contract.md exact. The layout-algebra ops are the mnemonics of
/// the layout library's operation table (cute::knownOps()).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LOWERING_INTRINSICS_H
#define CUTELLVM_LOWERING_INTRINSICS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace cute {

/// The lowering stage that removes an intrinsic.
enum class CuteStage {
  /// Sugar: `cute-desugar` rewrites it into primitive `llvm.cute.*` calls.
  Desugar,
  /// Primitive: `cute-lower-layout` turns it into LLVM values.
  Layout,
  /// An atom (`llvm.cute.nvgpu.*`): the target-specific atom lowering.
  Atom,
};

/// The spec group of an intrinsic, as CuTe IR groups its ops.
enum class CuteGroup {
  Constructor,
  Accessors,
  LayoutAlgebra,
  SizeIndex,
  Arithmetic,
  TilingPartitioningProducts,
  Tensor,
  Iterator,
  Debug,
};

/// One intrinsic of the contract.
struct CuteIntrinsicInfo {
  llvm::StringRef Op;
  CuteStage Stage;
  CuteGroup Group;
  /// One line: what it does.
  llvm::StringRef Summary;
};

llvm::StringRef stageName(CuteStage S);
/// The pass that removes intrinsics of stage \p S.
llvm::StringRef stagePass(CuteStage S);
llvm::StringRef groupName(CuteGroup G);

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

/// The contract entry of \p Op, or null when the op is unknown.
const CuteIntrinsicInfo *lookupCuteIntrinsic(llvm::StringRef Op);
/// The layout library's mnemonic of IR op \p Op (`partition_S` is
/// `tiled.copy.partition_S`), or empty when the library has none.
std::string libraryOpName(llvm::StringRef Op);

/// Every intrinsic of the contract, sorted by op.
std::vector<CuteIntrinsicInfo> allCuteIntrinsics();

} // namespace cute

#endif // CUTELLVM_LOWERING_INTRINSICS_H
