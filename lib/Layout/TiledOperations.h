//===- TiledOperations.h - Tiled copy and MMA ops by mnemonic ---*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The TiledCopy / TiledMMA entries of the operation table (Operations.cpp
/// merges them into its own); private to lib/Layout.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LAYOUT_TILEDOPERATIONS_H
#define CUTELLVM_LIB_LAYOUT_TILEDOPERATIONS_H

#include "CuteLLVM/Layout/Operations.h"

namespace cute {

/// One operation of the tiled group: its mnemonic, arity and evaluator.
struct TiledOpInfo {
  const char *Name;
  unsigned MinArgs, MaxArgs;
  llvm::Expected<std::vector<Value>> (*Eval)(llvm::StringRef,
                                             llvm::ArrayRef<Value>,
                                             const OpAttrs &);
  bool MultiResult;
  /// The spec group (Constructor or TilingPartitioningProducts).
  const char *Group;
};

/// make_layout_tv, make_tiled_copy(_A/_B/_C), make_tiled_mma and the
/// tiled.copy.* / tiled.mma.* partitioning ops.
llvm::ArrayRef<TiledOpInfo> tiledOps();

} // namespace cute

#endif // CUTELLVM_LIB_LAYOUT_TILEDOPERATIONS_H
