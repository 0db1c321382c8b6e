//===- TiledCommon.h - What TiledCopy and TiledMma share --------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Small layout helpers that the TiledCopy and TiledMMA implementations
/// share; private to lib/Layout.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LAYOUT_TILEDCOMMON_H
#define CUTELLVM_LIB_LAYOUT_TILEDCOMMON_H

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/Support/Error.h"

namespace cute {
namespace tiled_detail {

/// Mode \p I of \p L (a leaf layout is its own mode 0).
Layout modeOf(const Layout &L, unsigned I);
/// product_each(shape): the size of each top-level mode.
IntTuple productEach(const IntTuple &Shape);
/// The two-mode tiler (A, B).
Tile tile2(Tile A, Tile B);
/// get_slice's check of a static thread index: in [0, \p NumThr).
llvm::Error checkThreadIndex(const Int &ThrIdx, const Int &NumThr);

} // namespace tiled_detail
} // namespace cute

#endif // CUTELLVM_LIB_LAYOUT_TILEDCOMMON_H
