//===- TiledOperations.cpp - Tiled copy and MMA ops by mnemonic -----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The TilingPartitioningProducts ops on tiled copies and MMAs. Operands are
/// the layouts the op works on (a TV layout and tiler, a tensor, a thread
/// index); the atoms and the tiled MMA come as attributes:
///
///   copy atom   copy_thr_id, copy_src, copy_dst, copy_ref (bit layouts, as
///               CuTe's Copy_Traits write them), value_bits (the element
///               width they are recast to; default 1, i.e. the layouts are
///               in elements). No copy_* attribute: the universal copy of
///               one value.
///   MMA atom    mma_shape (M,N,K), mma_thr_id, mma_a_tv, mma_b_tv, mma_c_tv.
///   TiledMMA    atom_layout (default 1:0), permutation (a tiler of up to
///               three modes, `_` for none).
///
/// A tensor operand may be a composed (swizzled) layout: the tiled op then
/// applies to its outer layout, and a partition's offset moves into the
/// composed layout's offset (as CuTe slices a composed layout).
///
//===----------------------------------------------------------------------===//

#include "TiledOperations.h"

#include "CuteLLVM/Layout/Tiled.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {
namespace {

using Results = std::vector<Value>;
using Args = ArrayRef<Value>;

Value layoutValue(Layout L) {
  Value V;
  V.Kind = ValueKind::Layout;
  V.L = std::move(L);
  return V;
}
Value tupleValue(IntTuple T, ValueKind K) {
  Value V;
  V.Kind = K;
  V.Tuple = std::move(T);
  return V;
}

/// Operand \p I as a layout; a shape stands for its compact layout.
Expected<Layout> argLayout(StringRef Op, Args A, unsigned I) {
  const Value &V = A[I];
  if (V.Kind == ValueKind::Layout)
    return V.L;
  if (V.isTupleKind() && !hasUnderscore(V.Tuple) && !hasBasis(V.Tuple))
    return makeLayout(V.Tuple);
  return makeError(formatv("'{0}' expects operand #{1} to be a layout, but "
                           "got {2} {3}",
                           Op, I, valueKindName(V.Kind), V.str()));
}

Expected<IntTuple> argShape(StringRef Op, Args A, unsigned I) {
  const Value &V = A[I];
  if (V.isTupleKind() && !hasUnderscore(V.Tuple) && !hasBasis(V.Tuple))
    return V.Tuple;
  return makeError(formatv("'{0}' expects operand #{1} to be a shape, but got "
                           "{2} {3}",
                           Op, I, valueKindName(V.Kind), V.str()));
}

/// Operand \p I as a thread index: an integer or `?`.
Expected<Int> argThread(StringRef Op, Args A, unsigned I) {
  const Value &V = A[I];
  if (V.isTupleKind() && V.Tuple.isInt())
    return V.Tuple.value();
  return makeError(formatv("'{0}' expects operand #{1} to be a thread index "
                           "(an integer or '?'), but got {2}",
                           Op, I, V.str()));
}

/// An attribute holding a layout in notation.
Expected<std::optional<Layout>> attrLayout(StringRef Op, const OpAttrs &At,
                                           StringRef Name) {
  auto It = At.Strings.find(Name.str());
  if (It == At.Strings.end())
    return std::optional<Layout>();
  // A layout, or a shape standing for its compact layout.
  auto V = parseValue(It->second, ValueKind::Auto);
  if (!V)
    return makeError(formatv("'{0}': attribute {1} '{2}': {3}", Op, Name,
                             It->second, toString(V.takeError())));
  if (V->Kind == ValueKind::Layout)
    return std::optional<Layout>(V->L);
  if (V->isTupleKind() && !hasUnderscore(V->Tuple) && !hasBasis(V->Tuple))
    return std::optional<Layout>(makeLayout(V->Tuple));
  return makeError(formatv("'{0}' expects attribute {1} to be a layout, but "
                           "got '{2}'",
                           Op, Name, It->second));
}

Expected<Layout> requireLayout(StringRef Op, const OpAttrs &At, StringRef Name,
                               StringRef What) {
  auto L = attrLayout(Op, At, Name);
  if (!L)
    return L.takeError();
  if (!*L)
    return makeError(
        formatv("'{0}' needs the {1} (attribute {2})", Op, What, Name));
  return **L;
}

Expected<CopyAtom> copyAtomFromAttrs(StringRef Op, const OpAttrs &At) {
  static const char *const Names[] = {"copy_thr_id", "copy_src", "copy_dst",
                                      "copy_ref"};
  bool Any = false;
  for (const char *N : Names)
    Any |= At.Strings.count(N) != 0;
  if (!Any)
    return universalCopyAtom();
  Layout Ls[4];
  for (unsigned I = 0; I < 4; ++I) {
    auto L = requireLayout(Op, At, Names[I], "copy atom layout");
    if (!L)
      return L.takeError();
    Ls[I] = std::move(*L);
  }
  int64_t Bits = At.getInt("value_bits").value_or(1);
  return makeCopyAtom(Ls[0], Ls[1], Ls[2], Ls[3], Bits);
}

Expected<TiledMMA> tiledMmaFromAttrs(StringRef Op, const OpAttrs &At) {
  const std::vector<int64_t> *Shp = At.getList("mma_shape");
  if (!Shp)
    return makeError(
        formatv("'{0}' needs the MMA atom shape (attribute mma_shape)", Op));
  if (Shp->size() != 3)
    return makeError(formatv("'{0}' expects mma_shape to be M,N,K, but got {1} "
                             "values",
                             Op, Shp->size()));
  for (int64_t X : *Shp)
    if (X <= 0)
      return makeError(formatv("'{0}' expects a positive mma_shape, but got "
                               "{1}",
                               Op, X));
  Layout Ls[4];
  static const char *const Names[] = {"mma_thr_id", "mma_a_tv", "mma_b_tv",
                                      "mma_c_tv"};
  for (unsigned I = 0; I < 4; ++I) {
    auto L = requireLayout(Op, At, Names[I], "MMA atom layout");
    if (!L)
      return L.takeError();
    Ls[I] = std::move(*L);
  }
  auto Atom = makeMmaAtom(IntTuple{(*Shp)[0], (*Shp)[1], (*Shp)[2]}, Ls[0],
                          Ls[1], Ls[2], Ls[3]);
  if (!Atom)
    return Atom.takeError();
  auto AL = attrLayout(Op, At, "atom_layout");
  if (!AL)
    return AL.takeError();
  Layout AtomLayout = *AL ? **AL : Layout(IntTuple(1), IntTuple(0));
  std::vector<Tile> Perm;
  auto PIt = At.Strings.find("permutation");
  if (PIt != At.Strings.end()) {
    auto P = parseValue(PIt->second, ValueKind::Tile);
    if (!P)
      return makeError(formatv("'{0}': attribute permutation '{1}': {2}", Op,
                               PIt->second, toString(P.takeError())));
    if (P->T.isTuple())
      Perm = P->T.elems();
    else
      Perm.push_back(P->T);
  }
  return makeTiledMMA(*Atom, AtomLayout, Perm);
}

Expected<TiledCopy> tiledCopyFromArgs(StringRef Op, Args A, const OpAttrs &At) {
  auto Atom = copyAtomFromAttrs(Op, At);
  if (!Atom)
    return Atom.takeError();
  auto TV = argLayout(Op, A, 0);
  if (!TV)
    return TV.takeError();
  auto Tiler = argShape(Op, A, 1);
  if (!Tiler)
    return Tiler.takeError();
  return makeTiledCopy(*Atom, *TV, *Tiler);
}

/// Applies \p F to a tensor operand: a layout, or the outer layout of a
/// composed layout (whose inner function and offset are kept).
template <typename FnT>
Expected<Results> onTensor(StringRef Op, Args A, unsigned I, FnT F) {
  const Value &V = A[I];
  if (V.Kind == ValueKind::ComposedLayout) {
    auto R = F(V.Composed.Outer);
    if (!R)
      return R.takeError();
    Value Out = V;
    Out.Composed.Outer = std::move(*R);
    return Results{Out};
  }
  auto L = argLayout(Op, A, I);
  if (!L)
    return L.takeError();
  auto R = F(*L);
  if (!R)
    return R.takeError();
  return Results{layoutValue(std::move(*R))};
}

/// A partition of a tensor operand: (layout, offset). For a composed
/// layout the offset joins the composed offset and the result offset is 0.
template <typename FnT>
Expected<Results> partitionTensor(StringRef Op, Args A, unsigned I, FnT F) {
  const Value &V = A[I];
  if (V.Kind == ValueKind::ComposedLayout) {
    auto P = F(V.Composed.Outer);
    if (!P)
      return P.takeError();
    Value Out = V;
    Out.Composed.Outer = std::move(P->L);
    auto Off = addIndex(V.Composed.Offset, P->Offset);
    if (!Off)
      return Off.takeError();
    Out.Composed.Offset = std::move(*Off);
    return Results{Out, tupleValue(IntTuple(0), ValueKind::IntTuple)};
  }
  auto L = argLayout(Op, A, I);
  if (!L)
    return L.takeError();
  auto P = F(*L);
  if (!P)
    return P.takeError();
  return Results{layoutValue(std::move(P->L)),
                 tupleValue(std::move(P->Offset), ValueKind::IntTuple)};
}

Expected<Results> tiledCopyResults(Expected<TiledCopy> TC) {
  if (!TC)
    return TC.takeError();
  auto S = getLayoutSTV(*TC);
  if (!S)
    return S.takeError();
  auto D = getLayoutDTV(*TC);
  if (!D)
    return D.takeError();
  return Results{layoutValue(TC->TiledLayoutTV),
                 tupleValue(TC->TilerMN, ValueKind::Shape),
                 layoutValue(std::move(*S)), layoutValue(std::move(*D))};
}

//===--- Constructors -----------------------------------------------------===//

Expected<Results> evalMakeLayoutTV(StringRef Op, Args A, const OpAttrs &) {
  auto Thr = argLayout(Op, A, 0);
  if (!Thr)
    return Thr.takeError();
  auto Val = argLayout(Op, A, 1);
  if (!Val)
    return Val.takeError();
  auto R = makeLayoutTV(*Thr, *Val);
  if (!R)
    return R.takeError();
  return Results{tupleValue(R->TilerMN, ValueKind::Shape), layoutValue(R->TV)};
}

Expected<Results> evalMakeTiledCopy(StringRef Op, Args A, const OpAttrs &At) {
  return tiledCopyResults(tiledCopyFromArgs(Op, A, At));
}

template <Expected<TiledCopy> (*F)(const CopyAtom &, const TiledMMA &)>
Expected<Results> evalMakeTiledCopyMma(StringRef Op, Args, const OpAttrs &At) {
  auto Atom = copyAtomFromAttrs(Op, At);
  if (!Atom)
    return Atom.takeError();
  auto M = tiledMmaFromAttrs(Op, At);
  if (!M)
    return M.takeError();
  return tiledCopyResults(F(*Atom, *M));
}

Expected<Results> evalMakeTiledMma(StringRef Op, Args, const OpAttrs &At) {
  auto M = tiledMmaFromAttrs(Op, At);
  if (!M)
    return M.takeError();
  auto LA = getLayoutATV(*M);
  if (!LA)
    return LA.takeError();
  auto LB = getLayoutBTV(*M);
  if (!LB)
    return LB.takeError();
  auto LC = getLayoutCTV(*M);
  if (!LC)
    return LC.takeError();
  IntTuple TileSize{IntTuple(M->tileSize(0)), IntTuple(M->tileSize(1)),
                    IntTuple(M->tileSize(2))};
  return Results{layoutValue(M->ThrLayoutVMNK),
                 tupleValue(TileSize, ValueKind::Shape),
                 layoutValue(std::move(*LA)), layoutValue(std::move(*LB)),
                 layoutValue(std::move(*LC))};
}

//===--- tiled.copy.* -----------------------------------------------------===//

template <Expected<Layout> (*F)(const TiledCopy &, const Layout &)>
Expected<Results> evalCopyTensorOp(StringRef Op, Args A, const OpAttrs &At) {
  auto TC = tiledCopyFromArgs(Op, A, At);
  if (!TC)
    return TC.takeError();
  return onTensor(Op, A, 2, [&](const Layout &L) { return F(*TC, L); });
}

template <Expected<Partition> (*F)(const ThrCopy &, const Layout &)>
Expected<Results> evalCopyPartition(StringRef Op, Args A, const OpAttrs &At) {
  auto TC = tiledCopyFromArgs(Op, A, At);
  if (!TC)
    return TC.takeError();
  auto Thr = argThread(Op, A, 3);
  if (!Thr)
    return Thr.takeError();
  auto Slice = getSlice(*TC, *Thr);
  if (!Slice)
    return Slice.takeError();
  return partitionTensor(Op, A, 2,
                         [&](const Layout &L) { return F(*Slice, L); });
}

//===--- tiled.mma.* ------------------------------------------------------===//

template <Expected<Layout> (*F)(const TiledMMA &, const Layout &)>
Expected<Results> evalMmaTensorOp(StringRef Op, Args A, const OpAttrs &At) {
  auto M = tiledMmaFromAttrs(Op, At);
  if (!M)
    return M.takeError();
  return onTensor(Op, A, 0, [&](const Layout &L) { return F(*M, L); });
}

Expected<ThrMMA> mmaSlice(StringRef Op, Args A, const OpAttrs &At,
                          unsigned ThrArg) {
  auto M = tiledMmaFromAttrs(Op, At);
  if (!M)
    return M.takeError();
  Int Thr = 0;
  if (A.size() > ThrArg) {
    auto T = argThread(Op, A, ThrArg);
    if (!T)
      return T.takeError();
    Thr = *T;
  }
  return getSlice(*M, Thr);
}

Expected<Results> evalMmaGetSlice(StringRef Op, Args A, const OpAttrs &At) {
  auto S = mmaSlice(Op, A, At, 0);
  if (!S)
    return S.takeError();
  return Results{tupleValue(S->ThrVMNK, ValueKind::Coord)};
}

template <Expected<Partition> (*F)(const ThrMMA &, const Layout &)>
Expected<Results> evalMmaPartition(StringRef Op, Args A, const OpAttrs &At) {
  auto S = mmaSlice(Op, A, At, 1);
  if (!S)
    return S.takeError();
  return partitionTensor(Op, A, 0, [&](const Layout &L) { return F(*S, L); });
}

template <Expected<Layout> (*F)(const ThrMMA &, const Layout &)>
Expected<Results> evalMmaFragment(StringRef Op, Args A, const OpAttrs &At) {
  auto S = mmaSlice(Op, A, At, 1);
  if (!S)
    return S.takeError();
  const Value &T = A[0];
  auto L = T.Kind == ValueKind::ComposedLayout
               ? Expected<Layout>(T.Composed.Outer)
               : argLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  auto R = F(*S, *L);
  if (!R)
    return R.takeError();
  return Results{layoutValue(std::move(*R))};
}

} // namespace

TiledEvalFn tiledEvaluator(CuteOp Op) {
  switch (Op) {
#define GET_TILED_OP_EVALUATORS
#include "CuteLLVM/Layout/CuteOps.inc"
  default:
    return nullptr;
  }
}

} // namespace cute
