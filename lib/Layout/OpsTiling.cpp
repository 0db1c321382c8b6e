//===- OpsTiling.cpp - The TilingPartitioningProducts ops -----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The evaluators of CuTe IR's TilingPartitioningProducts group that are not
/// one of OpsCommon.h's evalTiler / evalRankProduct instances: tile_to_shape
/// and tile_to_mma_shape.
/// (The TiledCopy / TiledMMA ops are TiledOperations.cpp's.)
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"
#include "OpsCommon.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {
namespace ops {

namespace {
/// Operand \p I of \p A as the order of tile_to_shape over \p Shape: a
/// permutation of its modes.
Expected<IntTuple> permutationOrder(StringRef Op, Args A, unsigned I,
                                    const IntTuple &Shape) {
  auto O = asOrder(Op, A, I, Shape);
  if (!O)
    return O.takeError();
  SmallVector<IntTuple, 8> OL;
  leaves(*O, OL);
  std::vector<bool> Seen(OL.size(), false);
  for (const IntTuple &X : OL) {
    if (!X.isInt() || X.value().isDynamic() || X.value().value() < 0 ||
        X.value().value() >= int64_t(OL.size()) || Seen[X.value().value()])
      return makeError(diag(DiagID::ExpectsOrderPermutation, Op, O->str()));
    Seen[X.value().value()] = true;
  }
  return O;
}
} // namespace

Expected<Results> evalTileToShape(StringRef Op, Args A, const OpAttrs &At) {
  auto S = asShapeLike(Op, A, 1);
  if (!S)
    return S.takeError();
  std::optional<IntTuple> Order;
  if (A.size() == 3) {
    auto O = permutationOrder(Op, A, 2, *S);
    if (!O)
      return O.takeError();
    Order = std::move(*O);
  }
  return liftOuter(Op, A, [&](const Layout &L) {
    return tileToShape(L, *S, Order ? &*Order : nullptr, At.Strict);
  });
}

Expected<Results> evalTileToMmaShape(StringRef Op, Args A, const OpAttrs &At) {
  auto S = asShapeLike(Op, A, 1);
  if (!S)
    return S.takeError();
  return liftOuter(Op, A, [&](const Layout &L) {
    return tileToMmaShape(L, *S, nullptr, At.Strict);
  });
}

} // namespace ops
} // namespace cute
