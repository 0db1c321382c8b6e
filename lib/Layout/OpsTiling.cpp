//===- OpsTiling.cpp - The TilingPartitioningProducts ops -----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The evaluators of CuTe IR's TilingPartitioningProducts group that are not
/// one of OpsCommon.h's evalTiler / evalRankProduct instances: tile_to_shape.
/// (The TiledCopy / TiledMMA ops are TiledOperations.cpp's.)
///
//===----------------------------------------------------------------------===//

#include "OpsCommon.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {
namespace ops {

Expected<Results> evalTileToShape(StringRef Op, Args A, const OpAttrs &At) {
  auto S = asShapeLike(Op, A, 1);
  if (!S)
    return S.takeError();
  std::optional<IntTuple> Order;
  if (A.size() == 3) {
    auto O = asOrder(Op, A, 2, *S);
    if (!O)
      return O.takeError();
    // The order must be a permutation of the modes.
    SmallVector<IntTuple, 8> OL;
    leaves(*O, OL);
    std::vector<bool> Seen(OL.size(), false);
    for (const IntTuple &X : OL) {
      if (!X.isInt() || X.value().isDynamic() || X.value().value() < 0 ||
          X.value().value() >= int64_t(OL.size()) || Seen[X.value().value()])
        return makeError(formatv("tile_to_shape expects order {0} to be a "
                                 "permutation of the modes",
                                 O->str()));
      Seen[X.value().value()] = true;
    }
    Order = *O;
  }
  return liftOuter(Op, A, [&](const Layout &L) {
    return tileToShape(L, *S, Order ? &*Order : nullptr, At.Strict);
  });
}

} // namespace ops
} // namespace cute
