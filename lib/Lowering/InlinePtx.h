//===- InlinePtx.h - One PTX statement as inline asm ------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The pieces the inline-PTX lowerings share: register constraints, and an
/// asm call under construction whose outputs may be tied to their old
/// values. (The registers loaded from and stored to an atom's operands are
/// the operand binder's: OperandBinder.h.)
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_INLINEPTX_H
#define CUTELLVM_LIB_LOWERING_INLINEPTX_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"

#include <optional>
#include <string>
#include <utility>

namespace cute {
namespace registry {
struct PtxOperandInfo;
struct VariantInfo;
} // namespace registry

/// The inline-asm constraint of a register of PTX type \p PtxType ("" for
/// none).
llvm::StringRef constraintOf(llvm::StringRef PtxType);

/// The registers of an inline-asm operand: their IR type and constraint.
struct AsmRegister {
  llvm::Type *Ty;
  llvm::StringRef Constraint;
};

/// The registers of PTX operand \p Op of atom call \p CI of variant \p V;
/// nothing after a diagnostic when no asm constraint holds its PTX type.
std::optional<AsmRegister> asmRegisterOf(llvm::CallInst &CI,
                                         const registry::VariantInfo &V,
                                         const registry::PtxOperandInfo &Op);

/// An inline-asm call under construction: outputs (written only, or tied to
/// an input that supplies their old value) and plain inputs, numbered as
/// LLVM numbers them: outputs first, then inputs in order, the tied ones
/// last.
class PtxAsmCall {
public:
  /// Adds an in/out register whose old value is \p Old.
  void addInOut(llvm::Value *Old, llvm::StringRef Constraint) {
    Outs.push_back({Old->getType(), Old, Constraint.str()});
  }
  /// Adds a register the statement writes only.
  void addOut(llvm::Type *T, llvm::StringRef Constraint) {
    Outs.push_back({T, nullptr, Constraint.str()});
  }
  /// Adds an input; its index among the inputs.
  unsigned addIn(llvm::Value *V, llvm::StringRef Constraint) {
    Ins.push_back({V, Constraint.str()});
    return Ins.size() - 1;
  }
  unsigned numOuts() const { return Outs.size(); }
  /// The asm operand number of output \p I and of input \p I.
  unsigned outNumber(unsigned I) const { return I; }
  unsigned inNumber(unsigned I) const { return Outs.size() + I; }

  /// Emits the asm \p Text (a `memory` clobber when \p TouchesMemory);
  /// returns the new values of the outputs. The call is convergent: a
  /// `.sync.aligned` statement must not be moved across divergence.
  llvm::SmallVector<llvm::Value *, 16> emit(llvm::IRBuilder<> &B,
                                            llvm::StringRef Text,
                                            bool HasSideEffects,
                                            bool TouchesMemory = false);

private:
  struct Out {
    llvm::Type *Ty;
    llvm::Value *Old; ///< Null: written only.
    std::string Constraint;
  };
  llvm::SmallVector<Out, 16> Outs;
  llvm::SmallVector<std::pair<llvm::Value *, std::string>, 16> Ins;
};

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_INLINEPTX_H
