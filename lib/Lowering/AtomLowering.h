//===- AtomLowering.h - Helpers shared by the atom lowerings ----*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What the lowering routines of cute-lower-atoms that live in their own
/// files (LowerWgmma.cpp) share with LowerAtoms.cpp: the type and address
/// helpers, and the routines themselves. Each routine runs after the call's
/// atom, variant, tier gating and PTX ISA are checked, and returns false
/// after a diagnostic.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_ATOMLOWERING_H
#define CUTELLVM_LIB_LOWERING_ATOMLOWERING_H

#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Error.h"

namespace cute {

/// \p Ptr advanced by \p Offset bytes.
llvm::Value *byteOffset(llvm::IRBuilder<> &B, llvm::Value *Ptr,
                        uint64_t Offset);

/// The LLVM type spelled \p Name, in LLVM's words (`float`, `half`,
/// `bfloat`, `double`, `iN`: the registry's element types) or as a PTX
/// register type (`f32`, `f64`, `bN`, `pred`: its PTX operands).
llvm::Type *namedType(llvm::LLVMContext &Ctx, llvm::StringRef Name);

/// WgmmaLowering: one wgmma.mma_async as inline PTX (LowerWgmma.cpp).
bool lowerWgmma(llvm::CallInst &CI, const registry::VariantInfo &V);

/// WgmmaSyncLowering: wgmma.fence, commit_group and wait_group through their
/// NVVM intrinsics, and the register fence of a fragment (LowerWgmma.cpp).
bool lowerWgmmaSync(llvm::CallInst &CI, const registry::VariantInfo &V);

/// UmmaLowering: tcgen05.mma through its NVVM intrinsic (LowerUmma.cpp).
bool lowerUmma(llvm::CallInst &CI, const registry::VariantInfo &V);

/// The instruction descriptor CuTe's make_instr_desc builds for UMMA variant
/// \p V (K-major A and B, nothing negated), before the call's bits.
llvm::Expected<uint32_t> ummaVariantInstrDesc(const registry::VariantInfo &V);

/// TmemCopyLowering: tcgen05.ld / st (and their wait) and tcgen05.cp.
bool lowerTmemCopy(llvm::CallInst &CI, const registry::AtomInfo &A,
                   const registry::VariantInfo &V);

/// The TMEM address each (function, handle) was retrieved as.
using TmemPtrCache =
    llvm::DenseMap<std::pair<llvm::Function *, llvm::Value *>, llvm::Value *>;

/// TmemAllocLowering: seed 000's retrieve_tmem_ptr through \p Cache.
bool lowerRetrieveTmemPtr(llvm::CallInst &CI, const registry::AtomInfo &A,
                          const registry::VariantInfo &V, TmemPtrCache &Cache);

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_ATOMLOWERING_H
