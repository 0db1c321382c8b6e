//===- TiledOperations.h - Tiled copy and MMA ops by mnemonic ---*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The TiledCopy / TiledMMA evaluators of the operation table (Operations.cpp
/// dispatches to them); private to lib/Layout.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LAYOUT_TILEDOPERATIONS_H
#define CUTELLVM_LIB_LAYOUT_TILEDOPERATIONS_H

#include "OpsCommon.h"

#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Layout/TiledObject.h"

namespace cute {

/// The evaluator of \p Op among make_layout_tv, make_tiled_copy(_A/_B/_C),
/// make_tiled_mma and the tiled.copy.* / tiled.mma.* partitioning ops
/// (td/Ops.td's TiledOp records), or null.
ops::EvalFn tiledEvaluator(CuteOp Op);

/// The object tiled constructor \p Op builds (buildTiledObject without the
/// operand-count, overflow and result checks evaluateOp adds).
llvm::Expected<TiledObjectRef>
constructTiledObject(llvm::StringRef Op, ops::Args A, const OpAttrs &At);

} // namespace cute

#endif // CUTELLVM_LIB_LAYOUT_TILEDOPERATIONS_H
