//===- OpsCommon.h - What the layout op evaluators share --------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The operand coercions and result builders every evaluator of the
/// operation table uses, and the evaluators themselves by spec group (one
/// file each: OpsConstructors.cpp, OpsAccessors.cpp, OpsSizeIndex.cpp,
/// OpsLayoutAlgebra.cpp, OpsTiling.cpp, OpsArithmetic.cpp), so that the
/// dispatch of Operations.cpp sees every name td/Ops.td gives; private to
/// lib/Layout.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LAYOUT_OPSCOMMON_H
#define CUTELLVM_LIB_LAYOUT_OPSCOMMON_H

#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Layout/Tiled.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <utility>
#include <vector>

namespace cute {
namespace ops {

using Results = std::vector<Value>;
using Args = llvm::ArrayRef<Value>;
/// An evaluator: the mnemonic (for diagnostics), the operands, the
/// attributes.
using EvalFn = llvm::Expected<Results> (*)(llvm::StringRef, Args,
                                           const OpAttrs &);

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

inline Value tupleValue(IntTuple T, ValueKind K = ValueKind::IntTuple) {
  return Value::fromTuple(std::move(T), K);
}
inline Value layoutValue(Layout L) { return Value::fromLayout(std::move(L)); }
inline Value composedValue(ComposedLayout C) {
  return Value::fromComposed(std::move(C));
}
inline Value boolValue(bool B) { return Value::fromBool(B); }
inline Value intValue(Int I) { return tupleValue(IntTuple(I), ValueKind::Int); }

/// The one result \p L (or its error).
llvm::Expected<Results> one(llvm::Expected<Layout> L);
/// The one result \p T, of kind \p K (or its error).
llvm::Expected<Results> one(llvm::Expected<IntTuple> T,
                            ValueKind K = ValueKind::IntTuple);

/// Rebuild a composed layout around a new outer layout.
Value withOuter(const ComposedLayout &C, Layout Outer);

//===----------------------------------------------------------------------===//
// Operand checks and coercions
//===----------------------------------------------------------------------===//

/// Shapes have positive leaves (no '_', no scaled basis): the error naming
/// \p T as \p What otherwise.
llvm::Error verifyShape(const IntTuple &T, llvm::StringRef What);
/// The first static leaf of \p T that is not positive (an extent of a shape
/// or a tiler must be), if any.
std::optional<int64_t> nonPositiveLeaf(const IntTuple &T);

/// "'Op' expects operand #I to be Want, but got <kind> <value>".
llvm::Error kindError(llvm::StringRef Op, unsigned I, const Value &V,
                      llvm::StringRef Want);
/// "'Op' expects operands of the same type, but got <kind> and <kind>".
llvm::Error sameKindError(llvm::StringRef Op, const Value &X, const Value &Y);

/// A plain layout operand.
llvm::Expected<Layout> asLayout(llvm::StringRef Op, Args A, unsigned I);
/// A layout or the outer layout of a composed layout (the ops that act on
/// the domain of a composed layout act on its outer layout).
llvm::Expected<Layout> asLayoutOrOuter(llvm::StringRef Op, Args A, unsigned I);
/// A tuple-kinded operand.
llvm::Expected<IntTuple> asTuple(llvm::StringRef Op, Args A, unsigned I);
/// Operands #0 and #1, both tuple-kinded.
llvm::Expected<std::pair<IntTuple, IntTuple>> asTuplePair(llvm::StringRef Op,
                                                          Args A);
/// Operands #0 and #1, tuple-kinded and of the same kind.
llvm::Expected<std::pair<IntTuple, IntTuple>>
asSameKindTuples(llvm::StringRef Op, Args A);
/// Operand #\p I, an order of the modes of \p Shape (of its rank).
llvm::Expected<IntTuple> asOrder(llvm::StringRef Op, Args A, unsigned I,
                                 const IntTuple &Shape);
/// Operand #0, tuple-kinded, and operand #1, shape-like.
llvm::Expected<std::pair<IntTuple, IntTuple>>
asTupleAndShape(llvm::StringRef Op, Args A);
/// A shape: a shape operand, an int tuple, or the shape of a layout.
llvm::Expected<IntTuple> asShapeLike(llvm::StringRef Op, Args A, unsigned I);
/// A tiler: a layout, a tile, or a shape (by mode).
llvm::Expected<Tile> asTile(llvm::StringRef Op, Args A, unsigned I,
                            bool UnitStride);
/// The `mode` attribute: a path of non-negative mode indices.
llvm::Expected<std::vector<unsigned>> modeList(llvm::StringRef Op,
                                               const OpAttrs &At);

/// The one result of a layout -> layout function \p F of operand #0, a
/// plain layout.
template <typename FnT>
llvm::Expected<Results> onLayout(llvm::StringRef Op, Args A, FnT F) {
  auto L = asLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  return one(F(*L));
}

/// Lift a layout -> layout function to composed layouts (on the outer).
template <typename FnT>
llvm::Expected<Results> liftOuter(llvm::StringRef Op, Args A, FnT F) {
  if (A[0].kind() == ValueKind::ComposedLayout) {
    auto R = F(A[0].composed().Outer);
    if (!R)
      return R.takeError();
    return Results{withOuter(A[0].composed(), std::move(*R))};
  }
  return onLayout(Op, A, F);
}

//===----------------------------------------------------------------------===//
// Modes
//===----------------------------------------------------------------------===//

/// get<I0,I1,...>(T) on a tuple.
llvm::Expected<IntTuple> getPath(const IntTuple &T,
                                 llvm::ArrayRef<unsigned> Path);
/// get<I0,I1,...>(L) on a layout.
llvm::Expected<Layout> getLayoutPath(const Layout &L,
                                     llvm::ArrayRef<unsigned> Path);
/// A tile flattened like CuTe's flatten of a tuple: nested tiles open into
/// their parent, layouts and '_' stay whole.
void flattenTile(const Tile &T, std::vector<Tile> &Out);

/// slice (\p IsSlice) or dice of a composed layout by coordinate \p C.
llvm::Expected<Results> sliceComposed(llvm::StringRef Op,
                                      const ComposedLayout &CL,
                                      const IntTuple &C, bool IsSlice);

//===----------------------------------------------------------------------===//
// The evaluators, by spec group
//===----------------------------------------------------------------------===//

#define CUTE_EVALUATOR(Name)                                                   \
  llvm::Expected<Results> Name(llvm::StringRef Op, Args A, const OpAttrs &At)

// Constructors (OpsConstructors.cpp).
CUTE_EVALUATOR(evalMakeLayout);
CUTE_EVALUATOR(evalMakeComposedLayout);
CUTE_EVALUATOR(evalMakeIdentityLayout);
CUTE_EVALUATOR(evalMakeGmmaLayoutAtom);
CUTE_EVALUATOR(evalMakeLayoutLike);
CUTE_EVALUATOR(evalMakeOrderedLayout);

// SizeIndex (OpsSizeIndex.cpp).
CUTE_EVALUATOR(evalSize);
CUTE_EVALUATOR(evalCosize);
CUTE_EVALUATOR(evalRank);
CUTE_EVALUATOR(evalDepth);
CUTE_EVALUATOR(evalCrd2Idx);
CUTE_EVALUATOR(evalContiguous);
CUTE_EVALUATOR(evalIdx2Crd);
CUTE_EVALUATOR(evalEval);
CUTE_EVALUATOR(evalLayoutEval);
CUTE_EVALUATOR(evalSwizzle);
CUTE_EVALUATOR(evalIncrementCoord);
CUTE_EVALUATOR(evalAppendToRank);
CUTE_EVALUATOR(evalPrependToRank);

// Arithmetic (OpsArithmetic.cpp).
CUTE_EVALUATOR(evalShapeDiv);
CUTE_EVALUATOR(evalCeilDiv);
CUTE_EVALUATOR(evalPrefixProduct);
CUTE_EVALUATOR(evalTupleProduct);
CUTE_EVALUATOR(evalTupleProductEach);
CUTE_EVALUATOR(evalTupleAdd);
CUTE_EVALUATOR(evalTupleSub);
CUTE_EVALUATOR(evalElemLess);
CUTE_EVALUATOR(evalEqual);

// Accessors (OpsAccessors.cpp).
CUTE_EVALUATOR(evalGet);
CUTE_EVALUATOR(evalSelect);
CUTE_EVALUATOR(evalGetShape);
CUTE_EVALUATOR(evalGetStride);
CUTE_EVALUATOR(evalGetLeaves);
CUTE_EVALUATOR(evalGetLayoutsFromTile);
CUTE_EVALUATOR(evalComposedInner);
CUTE_EVALUATOR(evalComposedOffset);
CUTE_EVALUATOR(evalComposedOuter);
CUTE_EVALUATOR(evalToIntTuple);
CUTE_EVALUATOR(evalToShape);
CUTE_EVALUATOR(evalToStride);
CUTE_EVALUATOR(evalToCoord);
CUTE_EVALUATOR(evalFlatten);
CUTE_EVALUATOR(evalGroupModes);
CUTE_EVALUATOR(evalParse);

// LayoutAlgebra (OpsLayoutAlgebra.cpp).
CUTE_EVALUATOR(evalCoalesce);
CUTE_EVALUATOR(evalFilter);
CUTE_EVALUATOR(evalFilterZeros);
CUTE_EVALUATOR(evalComposition);
CUTE_EVALUATOR(evalComplement);
CUTE_EVALUATOR(evalRightInverse);
CUTE_EVALUATOR(evalLeftInverse);
CUTE_EVALUATOR(evalRecastLayout);
CUTE_EVALUATOR(evalSlice);
CUTE_EVALUATOR(evalDice);
CUTE_EVALUATOR(evalSliceAndOffset);

// TilingPartitioningProducts (OpsTiling.cpp).
CUTE_EVALUATOR(evalTileToShape);
CUTE_EVALUATOR(evalTileToMmaShape);

#undef CUTE_EVALUATOR

/// The divides and products by a tiler: F(operand #0, tiler #1).
template <llvm::Expected<Layout> (*F)(const Layout &, const Tile &, bool)>
llvm::Expected<Results> evalTiler(llvm::StringRef Op, Args A,
                                  const OpAttrs &At) {
  auto T = asTile(Op, A, 1, /*UnitStride=*/false);
  if (!T)
    return T.takeError();
  return liftOuter(Op, A, [&](const Layout &L) { return F(L, *T, At.Strict); });
}

/// The rank-preserving products: F(operand #0, layout #1).
template <llvm::Expected<Layout> (*F)(const Layout &, const Layout &, bool)>
llvm::Expected<Results> evalRankProduct(llvm::StringRef Op, Args A,
                                        const OpAttrs &At) {
  auto B = asLayout(Op, A, 1);
  if (!B)
    return B.takeError();
  return liftOuter(Op, A, [&](const Layout &L) { return F(L, *B, At.Strict); });
}

} // namespace ops
} // namespace cute

#endif // CUTELLVM_LIB_LAYOUT_OPSCOMMON_H
