//===- Cute.td - The CuTe-LLVM atom registry ---------------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// The single source of truth for SM tiers, atoms, their lattices, the
// verifier diagnostics of the atom registry and the GMMA/UMMA descriptor
// words. cute-tblgen generates the registry tables, the intrinsic selectors,
// the diagnostics, the descriptor fields, the CUDA header and the reference
// docs from these records.
//
//===----------------------------------------------------------------------===//

include "CuteBase.td"
include "Vocabulary.td"
include "Tiers.td"
include "Diagnostics.td"
include "Descriptors.td"

include "Atoms/Universal.td"
include "Atoms/SM61.td"
include "Atoms/SM75.td"
include "Atoms/SM80.td"
// Volta and Turing mma.sync share SM80.td's mma.sync helper classes.
include "Atoms/SM70.td"
include "Atoms/SM75Mma.td"
include "Atoms/SM89.td"
include "Atoms/SM90.td"
include "Atoms/SM100.td"
include "Atoms/SM120.td"
include "Atoms/Sync.td"
