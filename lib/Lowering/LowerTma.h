//===- LowerTma.h - TMA and support-operation lowering ----------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The lowering routines of the TMA atoms (LowerTma.cpp) and of the support
/// operations (LowerSync.cpp) that cute-lower-atoms dispatches to by the
/// atom's lowering kind, after it has checked the variant, the tier gating
/// and the PTX ISA version; and the address-space checks they share.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_LOWERTMA_H
#define CUTELLVM_LIB_LOWERING_LOWERTMA_H

#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/NVPTXAddrSpace.h"

namespace llvm {
class CallInst;
class Value;
} // namespace llvm

namespace cute {

//===----------------------------------------------------------------------===//
// The lowering routines, by lowering kind
//===----------------------------------------------------------------------===//

/// Lowers a TMA atom call (TmaLowering): the variant's
/// `llvm.nvvm.cp.async.bulk.tensor.*` intrinsic with the call's trailing
/// coordinates. False after a diagnostic.
bool lowerTma(llvm::CallInst &CI, const registry::AtomInfo &A,
              const registry::VariantInfo &V);

/// Lowers a support-operation call (SyncLowering): the variant's NVVM
/// intrinsic, its result (if any) the call's. False after a diagnostic.
bool lowerSync(llvm::CallInst &CI, const registry::AtomInfo &A,
               const registry::VariantInfo &V);

/// Lowers an mbarrier wait (MbarrierWaitLowering): the variant's try_wait
/// intrinsic in a loop until it reports the phase complete.
bool lowerMbarrierWait(llvm::CallInst &CI, const registry::AtomInfo &A,
                       const registry::VariantInfo &V);

//===----------------------------------------------------------------------===//
// What they share with the other lowerings
//===----------------------------------------------------------------------===//

/// \p P (an operand of call \p CI named \p What in diagnostics) as a pointer
/// of shared address space \p AS (NVPTXAS::ADDRESS_SPACE_SHARED or
/// SharedCluster), cast from a generic or shared pointer; null after a located
/// diagnostic when P provably points into another address space (global, local,
/// ...).
llvm::Value *castToShared(llvm::IRBuilder<> &B, llvm::CallInst &CI,
                          llvm::Value *P, unsigned AS, const llvm::Twine &What);

/// The intrinsic call a support variant issues, its operands bound to
/// \p CI's; null after a diagnostic (LowerSync.cpp).
llvm::CallInst *emitSyncIntrinsic(llvm::IRBuilder<> &B, llvm::CallInst &CI,
                                  const registry::AtomInfo &A,
                                  const registry::VariantInfo &V);

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_LOWERTMA_H
