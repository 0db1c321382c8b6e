//===- CuteValues.h - Cute values as the lowering sees them -----*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Helpers shared by the lowering passes: walking the integer leaves of a
/// cute::Value in notation order, reading constant strings, and turning
/// the symbolic expressions of dynamic leaves into IR.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_CUTEVALUES_H
#define CUTELLVM_LIB_LOWERING_CUTEVALUES_H

#include "CuteLLVM/Layout/Operations.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

#include <optional>

namespace cute {

/// Every integer leaf of \p V, in the order its notation prints them.
void forEachInt(Value &V, llvm::function_ref<void(Int &)> Fn);
void forEachInt(const Value &V, llvm::function_ref<void(const Int &)> Fn);

/// \p V with every leaf replaced by `?`: two values whose skeletons are
/// equal differ only in their leaves.
std::string skeleton(const Value &V);

/// The message of \p E; a notation error names its column.
std::string describeError(llvm::Error E);

/// Parse the profile of a notation literal (`llvm.cute.make_layout("...")`)
/// and check its leaves: shapes must be positive.
llvm::Expected<Value> parseProfile(llvm::StringRef Text, ValueKind Kind);

/// The kind a notation constructor `llvm.cute.<Op>("<Text>", ...)` builds
/// (`make_layout` builds a composed layout when \p Text is one), or nothing
/// when \p Op is not a notation constructor.
std::optional<ValueKind> literalKind(llvm::StringRef Op, llvm::StringRef Text);

/// The text of a constant C string (a global constant, or a GEP into one),
/// up to its terminator, as getConstantStringInfo reads it; nothing for an
/// empty one.
std::optional<llvm::StringRef> getConstantString(const llvm::Value *V);

/// True when \p F takes a cute value from its caller (an argument used as a
/// cute operand other than a view's data pointer): it can be lowered only
/// inlined into a caller.
bool takesCuteValues(llvm::Function &F);

/// Promotes the promotable stack slots of `ptr` type of \p F to SSA values
/// (clang -O0 spills every local, cute values included). True if any.
bool promotePointerSlots(llvm::Function &F);

/// Turns dynamic leaves into IR: symbol N is Symbols[N].
/// The largest power of two that the IR knows divides \p V (its known
/// trailing zero bits: a loop's index times a vector width, an aligned
/// offset), at most 2^30.
uint64_t knownPowerOfTwoDivisor(const llvm::Value *V,
                                const llvm::DataLayout &DL);

class SymbolTable {
public:
  /// A fresh symbol bound to \p V.
  Int bind(llvm::Value *V, unsigned Width, int64_t Div = 1);
  /// Emit \p I as an integer of type \p Ty at \p B's insertion point.
  /// Fails when a dynamic leaf has no expression, or when a static value
  /// (the result, or a constant the expression computes with) does not fit
  /// \p Ty: the result would wrap silently.
  llvm::Expected<llvm::Value *> emit(const Int &I, llvm::Type *Ty,
                                     llvm::IRBuilderBase &B);

private:
  /// Iterative (a chain of dependent operations may be arbitrarily long).
  llvm::Expected<llvm::Value *>
  emitExpr(const SymExpr *Root, llvm::IntegerType *Ty, llvm::IRBuilderBase &B);
  std::vector<llvm::Value *> Symbols;
};

} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_CUTEVALUES_H
