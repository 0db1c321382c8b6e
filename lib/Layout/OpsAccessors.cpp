//===- OpsAccessors.cpp - The Accessors ops -------------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The evaluators of CuTe IR's Accessors group: get, select, get_shape /
/// get_stride, get_leaves, get_layouts_from_tile, composed_get_*, the to_*
/// retypes, flatten, group_modes and parse.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"
#include "OpsCommon.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {
namespace ops {

Expected<Results> evalGet(StringRef Op, Args A, const OpAttrs &At) {
  auto Path = modeList(Op, At);
  if (!Path)
    return Path.takeError();
  if (A[0].isLayoutKind())
    return liftOuter(Op, A,
                     [&](const Layout &L) { return getLayoutPath(L, *Path); });
  if (A[0].kind() == ValueKind::Tile) {
    ArrayRef<unsigned> Rest = *Path;
    const Tile &Cur = followPath(A[0].tile(), Rest);
    if (!Rest.empty())
      return makeError(diag(DiagID::ModeOutRangeTile, Rest.front(),
                            A[0].tile().str(A[0].bracketed())));
    if (Cur.isLayout())
      return Results{layoutValue(Cur.layout())};
    return Results{Value::fromTile(Cur, A[0].bracketed())};
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  return one(getPath(*T, *Path), A[0].kind());
}

Expected<Results> evalSelect(StringRef Op, Args A, const OpAttrs &At) {
  auto Modes = modeList(Op, At);
  if (!Modes)
    return Modes.takeError();
  // CuTe's select of a composed layout selects the modes of its domain
  // (outer) layout and keeps the inner function and the offset.
  if (A[0].isLayoutKind())
    return liftOuter(Op, A, [&](const Layout &L) { return select(L, *Modes); });
  if (A[0].kind() == ValueKind::Tile) {
    const Tile &T = A[0].tile();
    std::vector<Tile> Out;
    for (unsigned I : *Modes) {
      if (!T.isTuple() || I >= T.size())
        return makeError(
            diag(DiagID::ModeOutRangeTile, I, T.str(A[0].bracketed())));
      Out.push_back(T[I]);
    }
    return Results{Value::fromTile(Tile(std::move(Out)), A[0].bracketed())};
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  std::vector<IntTuple> Out;
  for (unsigned I : *Modes) {
    if (I >= rank(*T))
      return makeError(diag(DiagID::ModeOutRangeRank, I, T->str(), rank(*T)));
    Out.push_back(mode(*T, I));
  }
  return Results{tupleValue(IntTuple(std::move(Out)), A[0].kind())};
}

/// get_shape / get_stride: the \p Part of a layout (or of its outer
/// layout), or of each layout of a tile, as a value of kind \p Kind.
static Expected<Results>
evalLayoutPart(StringRef Op, Args A, IntTuple Layout::*Part, ValueKind Kind) {
  if (A[0].kind() == ValueKind::Tile && A[0].tile().isTuple()) {
    std::vector<IntTuple> Out;
    for (const Tile &E : A[0].tile().elems()) {
      if (!E.isLayout())
        return kindError(Op, 0, A[0], "a tile of layouts");
      Out.push_back(E.layout().*Part);
    }
    return Results{tupleValue(IntTuple(std::move(Out)), Kind)};
  }
  auto L = asLayoutOrOuter(Op, A, 0);
  if (!L)
    return L.takeError();
  return Results{tupleValue((*L).*Part, Kind)};
}

Expected<Results> evalGetShape(StringRef Op, Args A, const OpAttrs &) {
  return evalLayoutPart(Op, A, &Layout::Shape, ValueKind::Shape);
}

Expected<Results> evalGetStride(StringRef Op, Args A, const OpAttrs &) {
  return evalLayoutPart(Op, A, &Layout::Stride, ValueKind::Stride);
}

Expected<Results> evalGetLeaves(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::Tile) {
    // The leaves of a tile are its layouts and its '_' modes, in order.
    std::vector<Tile> Flat;
    flattenTile(A[0].tile(), Flat);
    Results Out;
    for (Tile &E : Flat) {
      if (E.isLayout()) {
        Out.push_back(layoutValue(E.layout()));
        continue;
      }
      Out.push_back(Value::fromTile(std::move(E), A[0].bracketed()));
    }
    return Out;
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  SmallVector<IntTuple, 8> L;
  leaves(*T, L);
  Results Out;
  for (IntTuple &X : L)
    Out.push_back(tupleValue(std::move(X), A[0].kind()));
  return Out;
}

Expected<Results> evalGetLayoutsFromTile(StringRef Op, Args A,
                                         const OpAttrs &) {
  if (A[0].kind() != ValueKind::Tile)
    return kindError(Op, 0, A[0], "a tile");
  Results Out;
  const Tile &T = A[0].tile();
  if (!T.isTuple())
    return makeError(diag(DiagID::LayoutsTileExpects));
  forEachLeaf(T, [&](const Tile &E) {
    if (E.isLayout())
      Out.push_back(layoutValue(E.layout()));
  });
  // A tile of '_' modes only has no layout slot to read.
  if (Out.empty())
    return makeError(
        diag(DiagID::LayoutsTileExpectsTile, T.str(A[0].bracketed())));
  return Out;
}

static Expected<Results> evalComposedGet(StringRef Op, Args A, int Which) {
  if (A[0].kind() != ValueKind::ComposedLayout)
    return kindError(Op, 0, A[0], "a composed layout");
  const ComposedLayout &C = A[0].composed();
  if (Which == 0) {
    if (C.InnerSwizzle) {
      return Results{Value::fromSwizzle(*C.InnerSwizzle)};
    }
    return Results{layoutValue(C.InnerLayout)};
  }
  if (Which == 1)
    return Results{tupleValue(C.Offset)};
  return Results{layoutValue(C.Outer)};
}
Expected<Results> evalComposedInner(StringRef Op, Args A, const OpAttrs &) {
  return evalComposedGet(Op, A, 0);
}
Expected<Results> evalComposedOffset(StringRef Op, Args A, const OpAttrs &) {
  return evalComposedGet(Op, A, 1);
}
Expected<Results> evalComposedOuter(StringRef Op, Args A, const OpAttrs &) {
  return evalComposedGet(Op, A, 2);
}

/// to_int_tuple / to_shape / to_stride / to_coord: retype an int tuple.
static Expected<Results> evalRetype(StringRef Op, Args A, ValueKind To) {
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  if (A[0].kind() == To && To != ValueKind::IntTuple)
    return makeError(
        diag(DiagID::ExpectsOperandNotAlready, Op, valueKindName(To)));
  if (To == ValueKind::IntTuple) {
    if (hasBasis(*T) || hasUnderscore(*T))
      return makeError(diag(DiagID::ExpectsIntegerLeaves, Op, T->str()));
  } else if (A[0].kind() != ValueKind::IntTuple) {
    return kindError(Op, 0, A[0], "an int tuple");
  }
  if (To == ValueKind::Shape)
    if (Error E = verifyShape(*T, "shape"))
      return std::move(E);
  return Results{tupleValue(*T, To)};
}
Expected<Results> evalToIntTuple(StringRef Op, Args A, const OpAttrs &) {
  return evalRetype(Op, A, ValueKind::IntTuple);
}
Expected<Results> evalToShape(StringRef Op, Args A, const OpAttrs &) {
  return evalRetype(Op, A, ValueKind::Shape);
}
Expected<Results> evalToStride(StringRef Op, Args A, const OpAttrs &) {
  return evalRetype(Op, A, ValueKind::Stride);
}
Expected<Results> evalToCoord(StringRef Op, Args A, const OpAttrs &) {
  return evalRetype(Op, A, ValueKind::Coord);
}

Expected<Results> evalGroupModes(StringRef Op, Args A, const OpAttrs &At) {
  auto B = At.getInt("begin"), E = At.getInt("end");
  if (!B || !E || *B < 0 || *E < 0)
    return makeError(diag(DiagID::GroupModesExpectsBeginEnd));
  if (A[0].isTupleKind()) {
    Layout Fake(A[0].tuple(), A[0].tuple());
    auto R = groupModes(Fake, unsigned(*B), unsigned(*E));
    if (!R)
      return R.takeError();
    return Results{tupleValue(R->Shape, A[0].kind())};
  }
  if (A[0].kind() == ValueKind::Tile && A[0].tile().isTuple()) {
    // CuTe's group<B,E> of a tuple: modes [B,E) of the tile become one
    // nested tile.
    const Tile &T = A[0].tile();
    if (*B == *E)
      return makeError(diag(DiagID::GroupModesExpectsBegin, *B, *E));
    if (*B > *E || uint64_t(*E) > T.size())
      return makeError(diag(DiagID::GroupModesOutRangeTile, *B, *E,
                            T.str(A[0].bracketed()), T.size()));
    std::vector<Tile> Out, Mid;
    for (size_t I = 0; I < T.size(); ++I) {
      if (I == size_t(*B))
        Out.push_back(Tile()); // placeholder for the group
      if (I >= size_t(*B) && I < size_t(*E))
        Mid.push_back(T[I]);
      else
        Out.push_back(T[I]);
    }
    Out[*B] = Tile(std::move(Mid));
    return Results{Value::fromTile(Tile(std::move(Out)), A[0].bracketed())};
  }
  return liftOuter(Op, A, [&](const Layout &L) {
    return groupModes(L, unsigned(*B), unsigned(*E));
  });
}

Expected<Results> evalFlatten(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].isLayoutKind())
    return liftOuter(
        Op, A, [](const Layout &L) { return Expected<Layout>(flatten(L)); });
  if (A[0].kind() == ValueKind::Tile) {
    if (A[0].tile().isLayout())
      return Results{layoutValue(flatten(A[0].tile().layout()))};
    std::vector<Tile> Out;
    flattenTile(A[0].tile(), Out);
    return Results{Value::fromTile(Tile(std::move(Out)), A[0].bracketed())};
  }
  auto T = asTuple(Op, A, 0);
  if (!T)
    return T.takeError();
  return Results{tupleValue(flatten(*T), A[0].kind())};
}

Expected<Results> evalParse(StringRef Op, Args A, const OpAttrs &) {
  // The operand was already parsed with its kind: reaching here means the
  // notation was valid.
  return Results{A[0]};
}

} // namespace ops
} // namespace cute
