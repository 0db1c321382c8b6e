//===- VerifyMma.h - The MMA atom operand verifier -------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The MMA atom operand verifier at the IR level (and the copy-vectorisation
/// check of the copy atoms), run by cute-lower-atoms on every atom call
/// before it is lowered. What each operand's "element type", "residency"
/// and "layout" are at the IR level is docs/atom-lowering.md's "Operand
/// verifier" section.
///
/// The operands of an atom call are plain pointers and integers; what they
/// were built from is recorded by cute-lower-layout, which sees the tensors
/// (`get_iter(tensor)`, `make_umma_desc(tensor)`, ...) before it removes
/// them: it attaches `!cute.operand.tensors` to each atom call such a value
/// reaches (noteAtomOperandTensor).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_VERIFYMMA_H
#define CUTELLVM_LIB_LOWERING_VERIFYMMA_H

#include "CuteLLVM/Registry/AtomRegistry.h"

#include <string>

namespace llvm {
class CallInst;
class Instruction;
class Type;
class Value;
} // namespace llvm

namespace cute {

class Value;

/// How an atom operand was made from a tensor.
enum class TensorUse {
  Iterator,       ///< get_iter(tensor): the tensor's memory.
  SmemDescriptor, ///< make_gmma_desc / make_umma_desc(tensor).
};

/// Record, on every `llvm.cute.nvgpu.*` call that \p Result reaches
/// (directly or through casts), that its operand is tensor (\p EltTy,
/// \p Layout: its layout or composed layout, kept as data) with iterator
/// \p Iter, used as \p Use.
/// \p EltFormat is the registry element type the tensor names (e4m3 in i8),
/// or -1 where its IR type is all it says.
void noteAtomOperandTensor(llvm::Instruction &Result, TensorUse Use,
                           llvm::Value *Iter, llvm::Type *EltTy, int EltFormat,
                           const cute::Value &Layout);

/// The operand verifier of MMA atom call \p CI of variant \p V: the builder
/// checks (composed layouts, ranks), the element-type ladder, the residency
/// ladder, the layout-shape check and (UMMA) the composability of A, B and
/// D. Reports the first failure at \p CI and returns false.
bool verifyMmaCall(llvm::CallInst &CI, const registry::AtomInfo &A,
                   const registry::VariantInfo &V);

/// The copy-vectorisation check of copy atom call \p CI: the source and
/// destination tensors (when known) hold the variant's elements at static
/// unit strides. Reports at \p CI and returns false.
bool verifyCopyCall(llvm::CallInst &CI, const registry::AtomInfo &A,
                    const registry::VariantInfo &V);

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_VERIFYMMA_H
