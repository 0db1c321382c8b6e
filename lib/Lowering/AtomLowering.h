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

#include <optional>
#include <string>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace cute {

/// \p Ptr advanced by \p Offset bytes.
llvm::Value *byteOffset(llvm::IRBuilder<> &B, llvm::Value *Ptr,
                        uint64_t Offset);

/// The address space of an object \p P may point into that \p Allowed
/// rejects, if any: \p P's own space, or for a generic pointer those of the
/// objects it derives from (through GEPs, casts, selects and phis: a
/// pointer that one path makes shared and another global is not shared).
std::optional<unsigned>
provenAddressSpaceOutside(const llvm::Value *P,
                          llvm::function_ref<bool(unsigned)> Allowed);

/// The first object that generic pointer \p P may derive from and that
/// proves no address space (a device function's parameter, a pointer loaded
/// from memory, an integer cast to a pointer, a call's result), or null. An
/// operand that must be shared memory is an error then: the cast to shared
/// would make an unrelated shared address of a generic one.
const llvm::Value *unprovenObject(const llvm::Value *P);

/// What unprovenObject's \p Object is, for a diagnostic.
std::string unprovenObjectName(const llvm::Value *Object);

/// The name of NVPTX address space \p AS (`shared`, `global`, ...).
llvm::StringRef addressSpaceName(unsigned AS);

/// Every operand of the atom call \p CI (atom \p A) has the kind its C type
/// says: a pointer for `void *` and `const void *` parameters, an integer
/// for the others. Reports the first that has not and returns false: the
/// lowering would otherwise load through a value.
bool checkAtomOperandKinds(llvm::CallInst &CI, const registry::AtomInfo &A);

/// \p Arg, an integer operand of \p CI, in the operand's integer type \p T:
/// widened or narrowed, but a constant that does not fit T's width (as an
/// unsigned or a signed value) is an error naming \p Variant and
/// \p Operand, never truncated. Null after the diagnostic.
llvm::Value *fitIntOperand(llvm::IRBuilder<> &B, llvm::CallInst &CI,
                           llvm::StringRef Variant, llvm::StringRef Operand,
                           llvm::Value *Arg, llvm::Type *T);
/// The index of the atom parameter named \p Name in \p Params, or -1.
int paramIndex(llvm::ArrayRef<registry::AtomParamInfo> Params,
               llvm::StringRef Name);
/// True when the constant \p C lies in [\p Min, \p Max] (as a signed value).
bool constantIn(const llvm::ConstantInt *C, int64_t Min, int64_t Max);
/// True when \p Arg, if a constant, lies in PTX operand \p Op's range
/// (PtxRegIn: a multiple of Step in [Min, Max]; PtxRegPow2In: a power of
/// two in it); otherwise an error naming \p Variant and the operand.
bool operandInRange(llvm::CallInst &CI, llvm::StringRef Variant,
                    const registry::PtxOperandInfo &Op, llvm::Value *Arg);
/// The diagnostic for a target CPU that LLVM's NVPTX back end does not
/// know (it names the processors it knows), judged by \p TM's processor
/// table or, without a target machine, NVPTX's where the tool has it; none
/// for a known CPU.
std::optional<std::string> refuseTargetCPU(llvm::StringRef CPU,
                                           const llvm::TargetMachine *TM);

/// Evaluates the operand checks of atom \p A (OperandCheck records:
/// registry::checksOf) on the call \p CI of its variant \p V, those of the
/// operands V uses: reports the first that fails, with its diagnostic, and
/// returns false.
bool checkOperands(llvm::CallInst &CI, const registry::AtomInfo &A,
                   const registry::VariantInfo &V);
/// The same for PTX operand \p Op of a variant, whose constant must also lie
/// in the operand's range (operandInRange).
llvm::Value *fitIntOperand(llvm::IRBuilder<> &B, llvm::CallInst &CI,
                           llvm::StringRef Variant,
                           const registry::PtxOperandInfo &Op,
                           llvm::Value *Arg, llvm::Type *T);

/// Reports \p What (an atom operand: "variant 'V': operand 'mbar'") when
/// \p Ptr is a null pointer, which no atom operand may be (a tensor map, a
/// barrier, a buffer: the instruction would fault, or address offset 0 of
/// shared memory); true when it is not.
bool checkNotNull(llvm::CallInst &CI, llvm::Value *Ptr,
                  const llvm::Twine &What);

/// Where a pointer points into an object whose size is known: the object
/// (a global defined in the module, such as a __shared__ array, or a stack
/// slot), its size in bytes and the constant byte offset.
struct ObjectOffset {
  const llvm::Value *Object;
  uint64_t Size;
  int64_t Offset;
};
/// The object \p Ptr points into, through constant GEPs and address-space
/// casts (a __shared__ array reached through a generic pointer); none where
/// the object, its size or the offset is not known (an extern __shared__
/// array has no size).
std::optional<ObjectOffset> objectOffset(const llvm::Value *Ptr,
                                         const llvm::DataLayout &DL);
/// The objects \p Ptr may point into, through constant GEPs, address-space
/// casts and every arm of a select or a phi: those whose size and offset
/// are known (a select of a fragment and a parameter yields the fragment).
llvm::SmallVector<ObjectOffset, 2> objectOffsets(const llvm::Value *Ptr,
                                                 const llvm::DataLayout &DL);
/// The object of \p O as the source names it, and its size:
/// `'k(float*)::S' (4096 byte(s))`.
std::string objectName(const ObjectOffset &O);

/// Operand \p Operand of variant \p Variant, the pointer \p Ptr, through
/// which the instruction accesses \p Bytes bytes (0: unknown) of memory in
/// address space \p WantAS (0: any): reports a pointer into another address
/// space than WantAS (generic pointers are cast), or an object smaller than
/// Bytes where its size is known. Returns false after a diagnostic.
bool checkAtomPointer(llvm::CallInst &CI, llvm::StringRef Variant,
                      llvm::StringRef Operand, llvm::Value *Ptr,
                      unsigned WantAS, uint64_t Bytes);

/// The LLVM type spelled \p Name, in LLVM's words (`float`, `half`,
/// `bfloat`, `double`, `iN`: the registry's element types) or as a PTX
/// register type (`f32`, `f64`, `bN`, `pred`: its PTX operands).
llvm::Type *namedType(llvm::LLVMContext &Ctx, llvm::StringRef Name);

/// How lowerInlinePtx passes the registers of an operand bound to a
/// `void *` parameter.
enum class PtxResults {
  /// Read and written in place (accumulators): loaded, tied, stored back.
  InPlace,
  /// Written only: stored after the statement.
  WriteOnly,
};

/// The variant's PTX template as one inline asm statement, its operands
/// bound as InlinePtx.cpp describes (InlinePtxLowering, and the WGMMA).
bool lowerInlinePtx(llvm::CallInst &CI, const registry::VariantInfo &V,
                    PtxResults Results);

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

/// TmemAllocLowering: retrieve_tmem_ptr, one allocation per handle and
/// function through \p Cache.
bool lowerRetrieveTmemPtr(llvm::CallInst &CI, const registry::AtomInfo &A,
                          const registry::VariantInfo &V, TmemPtrCache &Cache);

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_ATOMLOWERING_H
