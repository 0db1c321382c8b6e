//===- TiledAtoms.h - Registry atoms for TiledCopy and TiledMMA -*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The atom registry as the source of the atoms that the tiled ops
/// (make_tiled_mma, make_tiled_copy(_A/_B/_C), tiled.*) name with
/// `mma_atom=NAME` and `copy_atom=NAME`: ThrID, the TV layouts, Shape_MNK and
/// the element widths come from the generated variant tables.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_REGISTRY_TILEDATOMS_H
#define CUTELLVM_REGISTRY_TILEDATOMS_H

#include "CuteLLVM/Layout/Tiled.h"
#include "CuteLLVM/Registry/AtomRegistry.h"

#include <string>
#include <vector>

namespace cute {
namespace registry {

/// The registry as an AtomSource (for OpAttrs::Atoms). A name is a variant
/// name (`SM80_16x8x16_F32F16F16F32_TN`, `SM90_64x128x16_F32F16F16_SS`,
/// `SM100_MMA_F16BF16_SS<F16,F16,F32,128,64>`) or `mnemonic<param>`. An
/// unknown name, a variant of the other class, or one without TV layouts is
/// an error; an unknown name's error lists the nearest names.
const AtomSource &atomSource();

/// Up to \p Max names of variants of class \p Class with TV layouts, nearest
/// to \p Name first (case-insensitive edit distance).
std::vector<std::string> nearVariantNames(llvm::StringRef Name, AtomClass Class,
                                          unsigned Max = 4);

} // namespace registry
} // namespace cute

#endif // CUTELLVM_REGISTRY_TILEDATOMS_H
