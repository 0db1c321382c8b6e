//===- TiledMma.cpp - MMA atoms, TiledMMA and ThrMMA ----------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// MMA_Atom, TiledMMA (thr_layout_vmnk, thrfrg_A/B/C, get_layoutA/B/C_TV),
/// ThrMMA (partition_A/B/C, partition_fragment_A/B/C), make_tiled_copy_A/B/C
/// and make_fragment_like on the layout algebra, following
/// cute/atom/mma_atom.hpp.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Tiled.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "TiledCommon.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {

using namespace tiled_detail;

//===----------------------------------------------------------------------===//
// MMA atoms
//===----------------------------------------------------------------------===//

Expected<MmaAtom> makeMmaAtom(const IntTuple &ShapeMNK, const Layout &ThrID,
                              const Layout &ATV, const Layout &BTV,
                              const Layout &CTV) {
  if (!ShapeMNK.isTuple() || ShapeMNK.size() != 3 || !isStatic(ShapeMNK))
    return makeError(diag(DiagID::MmaAtomExpectsStatic, ShapeMNK.str()));
  Int M = product(ShapeMNK[0]), N = product(ShapeMNK[1]),
      K = product(ShapeMNK[2]);
  struct Operand {
    const char *Name;
    const Layout *L;
    Int Size;
    const char *Tile;
  } Ops[] = {{"A", &ATV, M * K, "M*K"},
             {"B", &BTV, N * K, "N*K"},
             {"C", &CTV, M * N, "M*N"}};
  for (const Operand &O : Ops) {
    if (rank(*O.L) != 2 || !isStatic(O.L->Shape))
      return makeError(
          diag(DiagID::MmaAtomExpectsStaticRank, O.Name, O.L->str()));
    if (product(mode(O.L->Shape, 0)) != size(ThrID))
      return makeError(diag(DiagID::MmaAtomExpectsLayout, O.Name, O.L->str(),
                            size(ThrID).str(), ThrID.str()));
    // The TV layout maps onto the operand's tile: its codomain is the tile.
    // Not its size: a warpgroup MMA broadcasts a shared-memory operand to
    // every thread (stride 0), as CuTe's GMMA traits do.
    Expected<Int> CoSize = cosize(*O.L);
    if (!CoSize)
      return CoSize.takeError();
    if (*CoSize != O.Size)
      return makeError(diag(DiagID::MmaAtomExpectsLayoutTV, O.Name, O.L->str(),
                            O.Tile, O.Size.str(), ShapeMNK.str(),
                            CoSize->str()));
  }
  return MmaAtom{ShapeMNK, ThrID, ATV, BTV, CTV};
}

//===----------------------------------------------------------------------===//
// TiledMMA
//===----------------------------------------------------------------------===//

Layout TiledMMA::permutation(unsigned I) const {
  const Tile &P = PermutationMNK[I];
  if (P.isLayout())
    return P.isInteger() ? Layout(P.layout().Shape, IntTuple(1)) : P.layout();
  Int N = product(Atom.ShapeMNK[I]) * product(mode(ThrLayoutVMNK.Shape, I + 1));
  return Layout(IntTuple(N), IntTuple(1));
}

Int TiledMMA::tileSize(unsigned I) const { return size(permutation(I)); }

Expected<TiledMMA> makeTiledMMA(const MmaAtom &Atom, const Layout &AtomLayout,
                                ArrayRef<Tile> Permutations) {
  unsigned R = AtomLayout.Shape.isTuple() ? rank(AtomLayout) : 1;
  if (R > 3)
    return makeError(diag(DiagID::MakeTiledMmaExpects, AtomLayout.str()));
  if (Permutations.size() > 3)
    return makeError(
        diag(DiagID::MakeTiledMmaExpectsMost, Permutations.size()));
  // append<3>(thr_layout, Layout<_1,_0>{})
  std::vector<Layout> Modes;
  for (unsigned I = 0; I < R; ++I)
    Modes.push_back(modeOf(AtomLayout, I));
  while (Modes.size() < 3)
    Modes.push_back(Layout(IntTuple(1), IntTuple(0)));
  TiledMMA M;
  M.Atom = Atom;
  M.AtomLayoutMNK = makeLayoutFromModes(Modes);
  for (unsigned I = 0; I < 3; ++I) {
    Tile P = I < Permutations.size() ? Permutations[I] : Tile::underscore();
    if (P.isTuple())
      return makeError(diag(DiagID::MakeTiledMmaExpectsEach, P.str()));
    if (P.isLayout() && !isStatic(P.layout().Shape))
      return makeError(diag(DiagID::MakeTiledMmaExpectsStatic, P.str()));
    M.PermutationMNK.push_back(P);
  }
  auto V = tiledProduct(Atom.ThrID, Tile(M.AtomLayoutMNK));
  if (!V)
    return V.takeError();
  M.ThrLayoutVMNK = std::move(*V);
  if (rank(M.ThrLayoutVMNK) != 4)
    return makeError(diag(DiagID::MakeTiledMmaExpectsRank, Atom.ThrID.str()));
  // A permutation must cover whole atoms times the atom count.
  for (unsigned I = 0; I < 3; ++I) {
    Int Need =
        product(Atom.ShapeMNK[I]) * product(mode(M.ThrLayoutVMNK.Shape, I + 1));
    Int Have = M.tileSize(I);
    if (Have.value() % Need.value() != 0)
      return makeError(diag(DiagID::MakeTiledMmaExpectsPermutation,
                            M.PermutationMNK[I].str(), "MNK"[I], Need.str(),
                            Have.str()));
  }
  return M;
}

namespace {
/// thrfrg over the operand modes (I0, I1) of MNK with the atom layout TV.
Expected<Layout> thrfrg(const TiledMMA &M, const Layout &Tensor, unsigned I0,
                        unsigned I1, const Layout &AtomTV, const char *Op) {
  if (!Tensor.Shape.isTuple() || rank(Tensor) < 2)
    return makeError(diag(DiagID::TensorRankBelowTwo, Op, Tensor.str()));
  // Reorder the tensor for the tiled atom: (PermI0,PermI1).
  auto T = logicalDivide(Tensor, tile2(M.permutation(I0), M.permutation(I1)));
  if (!T)
    return T.takeError();
  // ((AtomI0,AtomI1),(RestI0,RestI1)).
  auto C = zippedDivide(
      *T, tile2(makeLayout(IntTuple(product(M.Atom.ShapeMNK[I0]))),
                makeLayout(IntTuple(product(M.Atom.ShapeMNK[I1])))));
  if (!C)
    return C.takeError();
  // ((ThrV,FrgV),(RestI0,RestI1)).
  auto TV = composition(*C, tile2(AtomTV, Tile::underscore()));
  if (!TV)
    return TV.takeError();
  // ((ThrV,(ThrI0,ThrI1)),(FrgV,(RestI0,RestI1))).
  Tile ThrTile = tile2(
      Tile::underscore(),
      tile2(
          makeLayout(IntTuple(product(mode(M.ThrLayoutVMNK.Shape, I0 + 1)))),
          makeLayout(IntTuple(product(mode(M.ThrLayoutVMNK.Shape, I1 + 1))))));
  return zippedDivide(*TV, ThrTile);
}

/// thr_idx -> (ThrV,ThrM,ThrN,ThrK).
Expected<Layout> thridx2thrid(const TiledMMA &M) {
  auto Co = complement(M.ThrLayoutVMNK);
  if (!Co)
    return Co.takeError();
  auto RI = rightInverse(makeLayoutFromModes({M.ThrLayoutVMNK, *Co}));
  if (!RI)
    return RI.takeError();
  return composition(
      Layout(IntTuple{IntTuple(M.numThr()), IntTuple(1)}, IntTuple{1, 0}), *RI);
}

/// get_layoutX_TV over the operand modes (I0, I1); \p Spread maps
/// (ThrV,(ThrI0,ThrI1)) to (ThrV,(ThrM,ThrN,ThrK)) for A and B.
Expected<Layout> layoutTV(const TiledMMA &M, unsigned I0, unsigned I1,
                          const Layout &AtomTV, std::optional<Tile> Spread) {
  Layout Ref =
      makeLayout(IntTuple{IntTuple(M.tileSize(I0)), IntTuple(M.tileSize(I1))});
  auto F = thrfrg(M, Ref, I0, I1, AtomTV, "get_layout_TV");
  if (!F)
    return F.takeError();
  Layout L = std::move(*F);
  if (Spread) {
    auto S = composition(L, tile2(*Spread, Tile::underscore()));
    if (!S)
      return S.takeError();
    L = std::move(*S);
  }
  auto T2T = thridx2thrid(M);
  if (!T2T)
    return T2T.takeError();
  return composition(L, tile2(*T2T, Tile::underscore()));
}

Tile spreadTile(const TiledMMA &M, bool ForA) {
  Int S1 = product(mode(M.ThrLayoutVMNK.Shape, 1));
  Int S2 = product(mode(M.ThrLayoutVMNK.Shape, 2));
  Layout L(IntTuple{IntTuple(S1), IntTuple(S2)},
           ForA ? IntTuple{1, 0} : IntTuple{0, 1});
  return tile2(Tile::underscore(), tile2(L, Tile::underscore()));
}
} // namespace

Expected<Layout> thrfrgA(const TiledMMA &M, const Layout &Tensor) {
  return thrfrg(M, Tensor, 0, 2, M.Atom.LayoutATV, "thrfrg_A");
}
Expected<Layout> thrfrgB(const TiledMMA &M, const Layout &Tensor) {
  return thrfrg(M, Tensor, 1, 2, M.Atom.LayoutBTV, "thrfrg_B");
}
Expected<Layout> thrfrgC(const TiledMMA &M, const Layout &Tensor) {
  return thrfrg(M, Tensor, 0, 1, M.Atom.LayoutCTV, "thrfrg_C");
}

Expected<Layout> getLayoutATV(const TiledMMA &M) {
  return layoutTV(M, 0, 2, M.Atom.LayoutATV, spreadTile(M, /*ForA=*/true));
}
Expected<Layout> getLayoutBTV(const TiledMMA &M) {
  return layoutTV(M, 1, 2, M.Atom.LayoutBTV, spreadTile(M, /*ForA=*/false));
}
Expected<Layout> getLayoutCTV(const TiledMMA &M) {
  return layoutTV(M, 0, 1, M.Atom.LayoutCTV, std::nullopt);
}

//===----------------------------------------------------------------------===//
// ThrMMA
//===----------------------------------------------------------------------===//

Expected<ThrMMA> getSlice(const TiledMMA &M, const Int &ThrIdx) {
  if (Error E = checkThreadIndex(ThrIdx, M.numThr()))
    return std::move(E);
  // get_flat_coord: one coordinate per mode of thr_layout_vmnk.
  auto Crd = idx2crd(IntTuple(ThrIdx), productEach(M.ThrLayoutVMNK.Shape));
  if (!Crd)
    return Crd.takeError();
  return ThrMMA{M, ThrIdx, std::move(*Crd)};
}

namespace {
/// thr_tensor(thr_coord, make_coord(_, repeat<rank<1,1>>(_))) on
/// ((ThrV,(ThrI0,ThrI1)),(FrgV,(RestI0,RestI1,...))).
Expected<Partition> sliceMma(const Layout &L, const IntTuple &ThrCrd) {
  Layout Thr = modeOf(L, 0);
  auto Off = crd2idx(ThrCrd, Thr.Shape, Thr.Stride);
  if (!Off)
    return Off.takeError();
  Layout Frg = modeOf(L, 1);
  std::vector<Layout> Modes{modeOf(Frg, 0)};
  Layout Rest = modeOf(Frg, 1);
  for (unsigned I = 0; I < rank(Rest); ++I)
    Modes.push_back(modeOf(Rest, I));
  return Partition{makeLayoutFromModes(Modes), std::move(*Off)};
}

IntTuple thrCoord(const ThrMMA &T, unsigned I0, unsigned I1) {
  return IntTuple{T.ThrVMNK[0], IntTuple{T.ThrVMNK[I0 + 1], T.ThrVMNK[I1 + 1]}};
}
} // namespace

Expected<Partition> partitionA(const ThrMMA &T, const Layout &Tensor) {
  auto L = thrfrgA(T.Mma, Tensor);
  if (!L)
    return L.takeError();
  return sliceMma(*L, thrCoord(T, 0, 2));
}
Expected<Partition> partitionB(const ThrMMA &T, const Layout &Tensor) {
  auto L = thrfrgB(T.Mma, Tensor);
  if (!L)
    return L.takeError();
  return sliceMma(*L, thrCoord(T, 1, 2));
}
Expected<Partition> partitionC(const ThrMMA &T, const Layout &Tensor) {
  auto L = thrfrgC(T.Mma, Tensor);
  if (!L)
    return L.takeError();
  return sliceMma(*L, thrCoord(T, 0, 1));
}

namespace {
/// Every thread's partition of \p Tensor by thrfrg \p F over modes (I0,
/// I1): thrfrg once, then each thread's slice.
template <Expected<Layout> (*F)(const TiledMMA &, const Layout &)>
Expected<std::vector<Partition>> partitionAll(const TiledMMA &M,
                                              const Layout &Tensor, unsigned I0,
                                              unsigned I1) {
  auto L = F(M, Tensor);
  if (!L)
    return L.takeError();
  std::vector<Partition> Out;
  for (int64_t T = 0, N = M.numThr().value(); T < N; ++T) {
    auto S = getSlice(M, Int(T));
    if (!S)
      return S.takeError();
    auto P = sliceMma(*L, thrCoord(*S, I0, I1));
    if (!P)
      return P.takeError();
    Out.push_back(std::move(*P));
  }
  return Out;
}
} // namespace

Expected<std::vector<Partition>> partitionAllA(const TiledMMA &M,
                                               const Layout &Tensor) {
  return partitionAll<thrfrgA>(M, Tensor, 0, 2);
}
Expected<std::vector<Partition>> partitionAllC(const TiledMMA &M,
                                               const Layout &Tensor) {
  return partitionAll<thrfrgC>(M, Tensor, 0, 1);
}

Expected<Layout> makeFragmentLike(const Layout &L) {
  unsigned R = L.Shape.isTuple() ? rank(L) : 1;
  if (R <= 1 || !isStatic(L.Shape))
    return makeLayout(L.Shape);
  // Mode 0 compact (column-major over its non-broadcast extents).
  Layout M0 = filterZeros(modeOf(L, 0));
  Layout First(M0.Shape, compactColMajor(M0.Shape));
  First.Shape = mode(L.Shape, 0);
  auto Rest = take(L, 1, R);
  if (!Rest)
    return Rest.takeError();
  auto Ordered = makeOrderedLayout(Rest->Shape, Rest->Stride);
  if (!Ordered)
    return Ordered.takeError();
  return tiledProduct(First, Tile(*Ordered));
}

Expected<Layout> partitionFragmentA(const ThrMMA &T, const Layout &Tensor) {
  auto P = partitionA(T, Tensor);
  if (!P)
    return P.takeError();
  return makeFragmentLike(P->L);
}
Expected<Layout> partitionFragmentB(const ThrMMA &T, const Layout &Tensor) {
  auto P = partitionB(T, Tensor);
  if (!P)
    return P.takeError();
  return makeFragmentLike(P->L);
}
Expected<Layout> partitionFragmentC(const ThrMMA &T, const Layout &Tensor) {
  auto P = partitionC(T, Tensor);
  if (!P)
    return P.takeError();
  return makeLayout(P->L.Shape);
}

//===----------------------------------------------------------------------===//
// make_tiled_copy_A/B/C
//===----------------------------------------------------------------------===//

namespace {
/// make_tiled_copy of \p Atom over an operand's TV layout \p TV, whose tile
/// is modes \p ModeA and \p ModeB of \p M's (M, N, K) tile.
Expected<TiledCopy> tiledCopyOver(const CopyAtom &Atom, Expected<Layout> TV,
                                  const TiledMMA &M, unsigned ModeA,
                                  unsigned ModeB) {
  if (!TV)
    return TV.takeError();
  return makeTiledCopy(
      Atom, *TV,
      IntTuple{IntTuple(M.tileSize(ModeA)), IntTuple(M.tileSize(ModeB))});
}
} // namespace

Expected<TiledCopy> makeTiledCopyA(const CopyAtom &Atom, const TiledMMA &M) {
  return tiledCopyOver(Atom, getLayoutATV(M), M, 0, 2);
}
Expected<TiledCopy> makeTiledCopyB(const CopyAtom &Atom, const TiledMMA &M) {
  return tiledCopyOver(Atom, getLayoutBTV(M), M, 1, 2);
}
Expected<TiledCopy> makeTiledCopyC(const CopyAtom &Atom, const TiledMMA &M) {
  return tiledCopyOver(Atom, getLayoutCTV(M), M, 0, 1);
}

} // namespace cute
