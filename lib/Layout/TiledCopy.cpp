//===- TiledCopy.cpp - make_layout_tv, copy atoms and TiledCopy -----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// make_layout_tv, Copy_Atom, TiledCopy (tidfrg_S/D, get_layoutS/D_TV,
/// retile) and ThrCopy (partition_S/D) on the layout algebra, following
/// cute/atom/copy_atom.hpp.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Tiled.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "TiledCommon.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {

//===----------------------------------------------------------------------===//
// Helpers shared with TiledMma.cpp
//===----------------------------------------------------------------------===//

namespace tiled_detail {

Layout modeOf(const Layout &L, unsigned I) {
  return Layout(mode(L.Shape, I), mode(L.Stride, I));
}

IntTuple productEach(const IntTuple &Shape) {
  if (!Shape.isTuple())
    return IntTuple(product(Shape));
  std::vector<IntTuple> Out;
  for (const IntTuple &S : Shape.elems())
    Out.push_back(IntTuple(product(S)));
  return IntTuple(std::move(Out));
}

Tile tile2(Tile A, Tile B) { return Tile(std::vector<Tile>{A, B}); }

Error checkThreadIndex(const Int &ThrIdx, const Int &NumThr) {
  if (ThrIdx.isStatic() &&
      (ThrIdx.value() < 0 || ThrIdx.value() >= NumThr.value()))
    return makeError(
        diag(DiagID::SliceExpectsThread, NumThr.str(), ThrIdx.str()));
  return Error::success();
}

} // namespace tiled_detail

using namespace tiled_detail;

//===----------------------------------------------------------------------===//
// make_layout_tv
//===----------------------------------------------------------------------===//

Expected<LayoutTV> makeLayoutTV(const Layout &Thr, const Layout &Val) {
  if (!isStatic(Thr.Shape) || !isStatic(Val.Shape))
    return makeError(diag(DiagID::MakeLayoutTvExpects, Thr.str(), Val.str()));
  auto MN = rakedProduct(Thr, Val);
  if (!MN)
    return MN.takeError();
  auto RI = rightInverse(*MN);
  if (!RI)
    return RI.takeError();
  Int NThr = size(Thr), NVal = size(Val);
  Int N = NThr * NVal;
  if (size(*RI) != N)
    return makeError(diag(DiagID::MakeLayoutTvExpectsThread, Thr.str(),
                          Val.str(), MN->str(), size(*RI).str(), N.str()));
  auto TV =
      composition(*RI, makeLayout(IntTuple{IntTuple(NThr), IntTuple(NVal)}));
  if (!TV)
    return TV.takeError();
  return LayoutTV{productEach(MN->Shape), std::move(*TV)};
}

//===----------------------------------------------------------------------===//
// Copy atoms
//===----------------------------------------------------------------------===//

AtomSource::~AtomSource() = default;

Int CopyAtom::numThr() const { return product(mode(ValLayoutRef.Shape, 0)); }
Int CopyAtom::numVal() const { return product(mode(ValLayoutRef.Shape, 1)); }

Expected<CopyAtom> makeCopyAtom(const Layout &ThrID, const Layout &BitSrc,
                                const Layout &BitDst, const Layout &BitRef,
                                int64_t ValueBits) {
  if (ValueBits <= 0)
    return makeError(diag(DiagID::CopyAtomExpectsPositive, ValueBits));
  CopyAtom A;
  A.ThrID = ThrID;
  const char *Names[] = {"source", "destination", "reference"};
  const Layout *Bits[] = {&BitSrc, &BitDst, &BitRef};
  Layout *Vals[] = {&A.ValLayoutSrc, &A.ValLayoutDst, &A.ValLayoutRef};
  for (unsigned I = 0; I < 3; ++I) {
    if (rank(*Bits[I]) != 2)
      return makeError(
          diag(DiagID::CopyAtomExpectsRank, Names[I], Bits[I]->str()));
    auto R = recastLayout(*Bits[I], 1, ValueBits);
    if (!R)
      return R.takeError();
    if (product(mode(R->Shape, 0)) != size(ThrID))
      return makeError(diag(DiagID::CopyAtomExpectsLayout, Names[I], R->str(),
                            ThrID.str(), size(ThrID).str()));
    *Vals[I] = std::move(*R);
  }
  if (!isStatic(A.ValLayoutRef.Shape))
    return makeError(diag(DiagID::CopyAtomExpectsStatic, A.ValLayoutRef.str()));
  return A;
}

CopyAtom universalCopyAtom() {
  CopyAtom A;
  A.ThrID = makeLayout(IntTuple(1));
  A.ValLayoutSrc = A.ValLayoutDst = A.ValLayoutRef =
      makeLayout(IntTuple{IntTuple(1), IntTuple(1)});
  return A;
}

//===----------------------------------------------------------------------===//
// TiledCopy
//===----------------------------------------------------------------------===//

Int TiledCopy::numThr() const { return product(mode(TiledLayoutTV.Shape, 0)); }
Int TiledCopy::numVal() const { return product(mode(TiledLayoutTV.Shape, 1)); }

Expected<TiledCopy> makeTiledCopy(const CopyAtom &Atom, const Layout &LayoutTV,
                                  const IntTuple &TilerMN) {
  if (rank(LayoutTV) != 2)
    return makeError(diag(DiagID::MakeTiledCopyExpects, LayoutTV.str()));
  if (!isStatic(LayoutTV.Shape) || !isStatic(TilerMN))
    return makeError(diag(DiagID::MakeTiledCopyExpectsStatic, LayoutTV.str(),
                          TilerMN.str()));
  TiledCopy TC{Atom, LayoutTV, TilerMN};
  Int AT = Atom.numThr(), AV = Atom.numVal();
  if (TC.numThr().value() % AT.value() != 0)
    return makeError(diag(DiagID::MakeTiledCopyExpectsThreads,
                          TC.numThr().str(), LayoutTV.str(), AT.str()));
  if (TC.numVal().value() % AV.value() != 0)
    return makeError(diag(DiagID::MakeTiledCopyExpectsValues, TC.numVal().str(),
                          LayoutTV.str(), AV.str()));
  auto Co = cosize(LayoutTV);
  if (!Co)
    return Co.takeError();
  if (Co->isStatic() && Co->value() > product(TilerMN).value())
    return makeError(diag(DiagID::MakeTiledCopyExpectsTV, LayoutTV.str(),
                          TilerMN.str(), Co->str()));
  return TC;
}

Expected<TiledCopy> makeTiledCopy(const CopyAtom &Atom, const Layout &Thr,
                                  const Layout &Val) {
  auto TV = makeLayoutTV(Thr, Val);
  if (!TV)
    return TV.takeError();
  return makeTiledCopy(Atom, TV->TV, TV->TilerMN);
}

namespace {
/// Whether the filtered layout \p L is a bijection onto [0, size(L)): its
/// modes, ordered by stride, are compact.
bool coversPrefix(const Layout &L) {
  Layout F = flatten(L);
  std::vector<std::pair<int64_t, int64_t>> Modes; // (stride, extent)
  for (unsigned I = 0, E = rank(F); I < E; ++I) {
    IntTuple S = mode(F.Shape, I), D = mode(F.Stride, I);
    if (!S.isInt() || !D.isInt() || !S.value().isStatic() ||
        !D.value().isStatic())
      return false;
    Modes.push_back({D.value().value(), S.value().value()});
  }
  if (F.Shape.isInt())
    Modes.assign(1, {F.Stride.value().value(), F.Shape.value().value()});
  llvm::sort(Modes);
  int64_t Next = 1;
  for (auto [Stride, Extent] : Modes) {
    if (Extent == 1)
      continue;
    if (Stride != Next)
      return false;
    Next *= Extent;
  }
  return true;
}
} // namespace

Expected<TiledCopy> makeCotiledCopy(const CopyAtom &Atom, const Layout &AtomTV,
                                    const Layout &Data) {
  if (!isStatic(Data.Shape) || !isStatic(Data.Stride))
    return makeError(diag(DiagID::MakeCotiledCopyExpects, Data.str()));
  // data address -> data coordinate, then (tid,vid) -> data coordinate.
  auto Inv = leftInverse(Data);
  if (!Inv)
    return Inv.takeError();
  auto TVData = composition(*Inv, AtomTV);
  if (!TVData)
    return TVData.takeError();
  // Every address the atoms reach is one of the data's.
  auto Reached = composition(Data, *TVData);
  if (!Reached || coalesce(*Reached) != coalesce(AtomTV)) {
    if (!Reached)
      consumeError(Reached.takeError());
    return makeError(
        diag(DiagID::MakeCotiledCopyAddresses, AtomTV.str(), Data.str()));
  }
  // Per mode of the data's shape, the coordinates the atoms reach: a
  // leading block of the mode, whose extent is the tiler's.
  IntTuple Flat = productEach(Data.Shape);
  unsigned R = Flat.isTuple() ? Flat.size() : 1;
  std::vector<IntTuple> Tiler, TileStrides;
  for (unsigned I = 0; I < R; ++I) {
    std::vector<IntTuple> Unit;
    for (unsigned J = 0; J < R; ++J)
      Unit.push_back(IntTuple(int64_t(I == J)));
    auto Proj = makeLayout(Flat, R == 1 ? IntTuple(1) : IntTuple(Unit));
    if (!Proj)
      return Proj.takeError();
    auto Along = composition(*Proj, *TVData);
    if (!Along)
      return Along.takeError();
    Layout F = filter(*Along);
    if (!coversPrefix(F))
      return makeError(
          diag(DiagID::MakeCotiledCopyAlong, I, Data.str(), F.str()));
    Tiler.push_back(IntTuple(size(F)));
  }
  IntTuple TilerMN = R == 1 ? Tiler.front() : IntTuple(Tiler);
  // tile coordinate -> data coordinate index, and its inverse.
  auto Tile2Data = composition(makeLayout(Flat), makeLayout(TilerMN));
  if (!Tile2Data)
    return Tile2Data.takeError();
  auto Data2Tile = leftInverse(*Tile2Data);
  if (!Data2Tile)
    return Data2Tile.takeError();
  auto TV = composition(*Data2Tile, *TVData);
  if (!TV)
    return TV.takeError();
  return makeTiledCopy(Atom, *TV, TilerMN);
}

Expected<TiledCopy> makeTmemCopy(const CopyAtom &Atom, const Layout &BitValID,
                                 int64_t ValueBits, const Layout &Tmem) {
  if (ValueBits != 32)
    return makeError(diag(DiagID::MakeTmemCopySupports, ValueBits));
  // thread -> TMEM address: the 32 threads of a warp share the warp's
  // address; warp w reaches lanes 32w.. (a lane is 2^16 addresses).
  constexpr int64_t Lane = int64_t(1) << 16;
  auto Thr = makeLayout(IntTuple{32, 4}, IntTuple{0, 32 * Lane});
  if (!Thr)
    return Thr.takeError();
  // value -> TMEM address: the atom's ValID in addresses of 32 bits.
  auto Val = recastLayout(BitValID, 1, ValueBits);
  if (!Val)
    return Val.takeError();
  return makeCotiledCopy(Atom, makeLayoutFromModes({*Thr, coalesce(*Val)}),
                         Tmem);
}

namespace {
/// zip: ((a0,a1,...),(b0,b1,...)) -> ((a0,b0),(a1,b1),...).
Expected<Layout> zipLayout(const Layout &L) {
  if (rank(L) != 2 || !L.Shape[0].isTuple() || !L.Shape[1].isTuple() ||
      L.Shape[0].size() != L.Shape[1].size())
    return makeError(diag(DiagID::ZipExpectsTwoModes, L.str()));
  std::vector<IntTuple> S, D;
  for (size_t I = 0; I < L.Shape[0].size(); ++I) {
    S.push_back(IntTuple{L.Shape[0][I], L.Shape[1][I]});
    D.push_back(IntTuple{L.Stride[0][I], L.Stride[1][I]});
  }
  return Layout(IntTuple(std::move(S)), IntTuple(std::move(D)));
}

/// The (trg-thr, trg-val) -> (ref-thr, ref-val) layout of the atom.
Expected<Layout> ref2trg(const CopyAtom &A, const Layout &Trg) {
  auto RI = rightInverse(A.ValLayoutRef);
  if (!RI)
    return RI.takeError();
  return composition(*RI, Trg);
}

/// tile2thrfrg: ((TileM,TileN,...),(RestM,RestN,...)) ->
/// (Thr,(FrgV,FrgX),(RestM,RestN,...)).
Expected<Layout> tile2thrfrg(const TiledCopy &TC, const Layout &Tensor,
                             const Layout &Ref2Trg) {
  // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
  auto AtomTV = zippedDivide(
      TC.TiledLayoutTV, Tile::fromShape(IntTuple{IntTuple(TC.Atom.numThr()),
                                                 IntTuple(TC.Atom.numVal())}));
  if (!AtomTV)
    return AtomTV.takeError();
  // ((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)
  auto TrgTV = composition(*AtomTV, tile2(Ref2Trg, Tile::underscore()));
  if (!TrgTV)
    return TrgTV.takeError();
  // ((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)
  auto Z = zipLayout(*TrgTV);
  if (!Z)
    return Z.takeError();
  auto ThrVal2MN = coalesce(*Z, IntTuple{IntTuple(1), IntTuple{1, 1}});
  if (!ThrVal2MN)
    return ThrVal2MN.takeError();
  // ((thrid,val),(RestM,RestN,...))
  auto TVTensor = composition(Tensor, tile2(*ThrVal2MN, Tile::underscore()));
  if (!TVTensor)
    return TVTensor.takeError();
  // (thrid,val,(RestM,RestN,...))
  if (rank(*TVTensor) != 2)
    return makeError(diag(DiagID::Tile2thrfrgExpectsTiled, TVTensor->str()));
  return makeLayoutFromModes({modeOf(modeOf(*TVTensor, 0), 0),
                              modeOf(modeOf(*TVTensor, 0), 1),
                              modeOf(*TVTensor, 1)});
}

Expected<Layout> tidfrg(const TiledCopy &TC, const Layout &Tensor,
                        const Layout &Trg, const char *Op) {
  if (rank(Tensor) < rank(TC.TilerMN))
    return makeError(diag(DiagID::ExpectsTensorRankLeast, Op, rank(TC.TilerMN),
                          TC.TilerMN.str(), Tensor.str()));
  auto Z = zippedDivide(Tensor, Tile::fromShape(TC.TilerMN));
  if (!Z)
    return Z.takeError();
  auto R = ref2trg(TC.Atom, Trg);
  if (!R)
    return R.takeError();
  return tile2thrfrg(TC, *Z, *R);
}

Expected<Layout> layoutTV(const TiledCopy &TC, const Layout &Trg) {
  Layout Ref = makeLayout(IntTuple{TC.TilerMN, IntTuple(1)});
  auto R = ref2trg(TC.Atom, Trg);
  if (!R)
    return R.takeError();
  auto F = tile2thrfrg(TC, Ref, *R);
  if (!F)
    return F.takeError();
  // (_,_,0): drop the rest mode.
  return makeLayoutFromModes({modeOf(*F, 0), modeOf(*F, 1)});
}
} // namespace

Expected<Layout> tidfrgS(const TiledCopy &TC, const Layout &Tensor) {
  return tidfrg(TC, Tensor, TC.Atom.ValLayoutSrc, "tidfrg_S");
}
Expected<Layout> tidfrgD(const TiledCopy &TC, const Layout &Tensor) {
  return tidfrg(TC, Tensor, TC.Atom.ValLayoutDst, "tidfrg_D");
}
Expected<Layout> getLayoutSTV(const TiledCopy &TC) {
  return layoutTV(TC, TC.Atom.ValLayoutSrc);
}
Expected<Layout> getLayoutDTV(const TiledCopy &TC) {
  return layoutTV(TC, TC.Atom.ValLayoutDst);
}

Expected<Layout> retile(const TiledCopy &TC, const Layout &Tensor) {
  unsigned R = rank(Tensor);
  if (!Tensor.Shape.isTuple() || R < 1)
    return makeError(diag(DiagID::RetileExpectsFragment, Tensor.str()));
  Int V = product(mode(Tensor.Shape, 0));
  if (V.isDynamic())
    return makeError(diag(DiagID::RetileExpectsStatic, Tensor.str()));
  // (m,n) -> v_idx: the shape and order of the V values in TiledLayout_TV.
  auto RI = rightInverse(TC.TiledLayoutTV);
  if (!RI)
    return RI.takeError();
  auto WithShape = composition(*RI, makeLayout(TC.TilerMN));
  if (!WithShape)
    return WithShape.takeError();
  Int Up = TC.numThr() * V;
  auto FrgMN = recastLayout(*WithShape, 1, Up.value());
  if (!FrgMN)
    return FrgMN.takeError();
  // (atom_vals,rest_vals) -> (v,m,n)
  auto FrgRI = rightInverse(*FrgMN);
  if (!FrgRI)
    return FrgRI.takeError();
  auto Prod = logicalProduct(makeLayout(IntTuple(V)), Tile(*FrgRI));
  if (!Prod)
    return Prod.takeError();
  auto FrgV = zippedDivide(*Prod, Tile(makeLayout(IntTuple(TC.Atom.numVal()))));
  if (!FrgV)
    return FrgV.takeError();
  // ((TileV,TileM,TileN,...),(1,RestM,RestN,...))
  IntTuple PE = productEach(FrgMN->Shape);
  std::vector<IntTuple> TileShape{IntTuple(V)};
  if (PE.isTuple())
    for (const IntTuple &E : PE.elems())
      TileShape.push_back(E);
  else
    TileShape.push_back(PE);
  auto T = zippedDivide(Tensor, Tile::fromShape(IntTuple(TileShape)));
  if (!T)
    return T.takeError();
  // ((atom_vals,rest_vals),(1,RM,RN,...))
  auto VT = composition(*T, tile2(*FrgV, Tile::underscore()));
  if (!VT)
    return VT.takeError();
  // v_tensor(_, append<R>(0,_)): keep mode 0, drop the leading 1 of mode 1.
  Layout Rest = modeOf(*VT, 1);
  std::vector<Layout> Modes{modeOf(*VT, 0)};
  for (unsigned I = 1; I < R; ++I)
    Modes.push_back(I < rank(Rest) ? modeOf(Rest, I) : makeLayout(IntTuple(1)));
  return makeLayoutFromModes(Modes);
}

//===----------------------------------------------------------------------===//
// ThrCopy
//===----------------------------------------------------------------------===//

Expected<ThrCopy> getSlice(const TiledCopy &TC, const Int &ThrIdx) {
  if (Error E = checkThreadIndex(ThrIdx, TC.numThr()))
    return std::move(E);
  return ThrCopy{TC, ThrIdx};
}

namespace {
/// thr_tensor(thr_idx, _, repeat<R>(_)) on (Thr,Frg,(Rest...)).
Expected<Partition> sliceCopy(const Layout &L, const Int &ThrIdx) {
  Layout Thr = modeOf(L, 0);
  auto Off = crd2idx(IntTuple(ThrIdx), Thr.Shape, Thr.Stride);
  if (!Off)
    return Off.takeError();
  std::vector<Layout> Modes{modeOf(L, 1)};
  Layout Rest = modeOf(L, 2);
  if (Rest.Shape.isTuple())
    for (unsigned I = 0; I < rank(Rest); ++I)
      Modes.push_back(modeOf(Rest, I));
  else
    Modes.push_back(Rest);
  return Partition{makeLayoutFromModes(Modes), std::move(*Off)};
}
} // namespace

Expected<Partition> partitionS(const ThrCopy &TC, const Layout &Tensor) {
  auto L = tidfrgS(TC.Copy, Tensor);
  if (!L)
    return L.takeError();
  return sliceCopy(*L, TC.ThrIdx);
}

Expected<Partition> partitionD(const ThrCopy &TC, const Layout &Tensor) {
  auto L = tidfrgD(TC.Copy, Tensor);
  if (!L)
    return L.takeError();
  return sliceCopy(*L, TC.ThrIdx);
}

} // namespace cute
