//===- AccLayouts.cpp - Views of an MMA accumulator fragment --------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The two reshapes of an accumulator fragment that CuTe's FlashAttention
/// kernels use, derived from the TiledMMAs' partitions of the tile's
/// identity layout (no knowledge of any atom):
///
///   convert_layout_acc_rowcol  the fragment as (rows, cols) of the tile,
///                              and the number of threads that share a row
///                              (the width of a row reduction);
///   convert_layout_acc_Aregs   the accumulator of one TiledMMA as the A
///                              operand fragment of another (P = softmax(S)
///                              feeding O = P V from registers);
///   convert_layout_acc_Aregs_permuted
///                              the same under a permutation of K, which
///                              it returns for the B operand's rows (the
///                              8-bit WGMMA's P, as FlashAttention-3 feeds
///                              it).
///
/// Each is checked exactly, over every thread: a view that does not exist
/// (values that would have to move between threads, a map that is not a
/// layout) is an error that says why.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Tiled.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace llvm;

namespace cute {

namespace {

/// A coordinate (m, n) of an (M,N) tile, or a step between two.
struct MN {
  int64_t M = 0, N = 0;
};

/// The tile coordinate of an index of the (M,N) tile's identity layout: 0,
/// a scaled basis k@0 or k@1, or a coordinate (m,n).
std::optional<MN> tileCoord(const IntTuple &Idx) {
  auto StaticInt = [](const IntTuple &T) -> std::optional<int64_t> {
    if (T.isInt() && T.value().isStatic())
      return T.value().value();
    return std::nullopt;
  };
  if (auto V = StaticInt(Idx))
    return *V == 0 ? std::optional<MN>(MN{}) : std::nullopt;
  if (Idx.isBasis()) {
    if (Idx.basis().size() != 1 || Idx.basis()[0] > 1 ||
        !Idx.value().isStatic())
      return std::nullopt;
    int64_t K = Idx.value().value();
    return Idx.basis()[0] == 0 ? MN{K, 0} : MN{0, K};
  }
  if (Idx.isTuple() && Idx.size() == 2) {
    auto M = StaticInt(Idx[0]), N = StaticInt(Idx[1]);
    if (M && N)
      return MN{*M, *N};
  }
  return std::nullopt;
}

/// One leaf of a partition of the identity layout: its extent and the step
/// in the tile it makes.
struct CoordLeaf {
  int64_t Extent;
  MN Step;
};

/// The leaves of \p L, a partition of an (M,N) identity layout, in order.
Expected<SmallVector<CoordLeaf, 8>> coordLeaves(StringRef Op, const Layout &L) {
  SmallVector<IntTuple, 8> Shapes, Strides;
  leaves(L.Shape, Shapes);
  leaves(L.Stride, Strides);
  SmallVector<CoordLeaf, 8> Out;
  for (unsigned I = 0; I < Shapes.size(); ++I) {
    const IntTuple &S = Shapes[I];
    if (!S.isInt() || !S.value().isStatic())
      return makeError(diag(DiagID::ExpectsStaticPartition, Op, L.str()));
    auto Step = tileCoord(Strides[I]);
    if (!Step)
      return makeError(diag(DiagID::PartitionStrideNotTileStep, Op,
                            Strides[I].str(), L.str()));
    Out.push_back({S.value().value(), *Step});
  }
  return Out;
}

/// The tile coordinate of each element of a partition (offset + layout),
/// by colexicographic index.
Expected<std::vector<MN>> partitionElements(StringRef Op, const Partition &P) {
  auto Leaves = coordLeaves(Op, P.L);
  if (!Leaves)
    return Leaves.takeError();
  auto Off = tileCoord(P.Offset);
  if (!Off)
    return makeError(
        diag(DiagID::PartitionOffsetNotTileCoord, Op, P.Offset.str()));
  std::vector<MN> Elems{*Off};
  for (const CoordLeaf &Lf : *Leaves) {
    size_t Count = Elems.size();
    Elems.resize(Count * Lf.Extent);
    for (int64_t E = 1; E < Lf.Extent; ++E)
      for (size_t I = 0; I < Count; ++I)
        Elems[E * Count + I] = {Elems[I].M + E * Lf.Step.M,
                                Elems[I].N + E * Lf.Step.N};
  }
  return Elems;
}

/// Checks that \p Tile is a static (M,N) shape whose modes are multiples of
/// modes \p I0 and \p I1 of \p M's tile; \p Which names the TiledMMA.
Error checkTile(StringRef Op, const TiledMMA &M, const IntTuple &Tile,
                unsigned I0, unsigned I1, StringRef Which) {
  if (!Tile.isTuple() || Tile.size() != 2 || !Tile[0].isInt() ||
      !Tile[1].isInt() || !isStatic(Tile) || hasBasis(Tile))
    return makeError(diag(DiagID::ExpectsStaticMN, Op, Tile.str()));
  int64_t Want[2] = {M.tileSize(I0).value(), M.tileSize(I1).value()};
  int64_t Have[2] = {Tile[0].value().value(), Tile[1].value().value()};
  if (Have[0] <= 0 || Have[1] <= 0 || Have[0] % Want[0] || Have[1] % Want[1])
    return makeError(diag(DiagID::ExpectsTileMultiple, Op, Want[0], Want[1],
                          Which, Tile.str()));
  return Error::success();
}

std::string threadList(ArrayRef<int64_t> Ts) {
  std::string S = "{";
  for (size_t I = 0; I < Ts.size(); ++I) {
    if (I == 16) {
      S += ",...";
      break;
    }
    S += (I ? "," : "") + std::to_string(Ts[I]);
  }
  return S + "}";
}

} // namespace

//===----------------------------------------------------------------------===//
// convert_layout_acc_rowcol
//===----------------------------------------------------------------------===//

Expected<Layout> accRowColLayout(const TiledMMA &M, const IntTuple &TileMN) {
  StringRef Op = "convert_layout_acc_rowcol";
  if (Error E = checkTile(Op, M, TileMN, 0, 1, "the TiledMMA"))
    return std::move(E);
  auto S = getSlice(M, Int(0));
  if (!S)
    return S.takeError();
  auto P = partitionC(*S, makeIdentityLayout(TileMN));
  if (!P)
    return P.takeError();
  auto Leaves = coordLeaves(Op, P->L);
  if (!Leaves)
    return Leaves.takeError();
  // partition_fragment_C is compact over the partition's shape: leaf I's
  // register stride is the product of the extents before it.
  std::vector<IntTuple> Shape[2], Stride[2];
  int64_t RegStride = 1;
  for (const CoordLeaf &Lf : *Leaves) {
    int64_t D = RegStride;
    RegStride *= Lf.Extent;
    if (Lf.Extent == 1)
      continue;
    if (Lf.Step.M == 0 && Lf.Step.N == 0)
      return makeError(
          diag(DiagID::AccumulatorPartitionMode, Op, P->L.str(), Lf.Extent));
    if (Lf.Step.M != 0 && Lf.Step.N != 0)
      return makeError(diag(DiagID::AccumulatorPartitionModeExtent, Op,
                            P->L.str(), Lf.Extent, Lf.Step.M, Lf.Step.N));
    unsigned Axis = Lf.Step.M != 0 ? 0 : 1;
    Shape[Axis].push_back(IntTuple(Lf.Extent));
    Stride[Axis].push_back(IntTuple(D));
  }
  auto Group = [](std::vector<IntTuple> &Elts) {
    return Elts.empty() ? IntTuple(1) : IntTuple(std::move(Elts));
  };
  bool Empty[2] = {Shape[0].empty(), Shape[1].empty()};
  IntTuple RowD = Empty[0] ? IntTuple(0) : Group(Stride[0]);
  IntTuple ColD = Empty[1] ? IntTuple(0) : Group(Stride[1]);
  return Layout(IntTuple{Group(Shape[0]), Group(Shape[1])},
                IntTuple{std::move(RowD), std::move(ColD)});
}

Expected<int64_t> accRowThreads(const TiledMMA &M, const IntTuple &TileMN) {
  StringRef Op = "acc_row_threads";
  if (Error E = checkTile(Op, M, TileMN, 0, 1, "the TiledMMA"))
    return std::move(E);
  auto Parts = partitionAllC(M, makeIdentityLayout(TileMN));
  if (!Parts)
    return Parts.takeError();
  int64_t NumThr = M.numThr().value();
  std::vector<std::vector<int64_t>> RowsOf(NumThr);
  std::map<std::vector<int64_t>, std::vector<int64_t>> Holders;
  for (int64_t T = 0; T < NumThr; ++T) {
    auto Elems = partitionElements(Op, (*Parts)[T]);
    if (!Elems)
      return Elems.takeError();
    std::vector<int64_t> &Rows = RowsOf[T];
    for (const MN &E : *Elems)
      Rows.push_back(E.M);
    llvm::sort(Rows);
    Rows.erase(std::unique(Rows.begin(), Rows.end()), Rows.end());
    Holders[Rows].push_back(T);
  }
  int64_t G = Holders[RowsOf[0]].size();
  for (int64_t T = 0; T < NumThr; ++T) {
    const std::vector<int64_t> &H = Holders[RowsOf[T]];
    int64_t Size = H.size();
    bool XorGroup = isPowerOf2_64(Size);
    for (int64_t I = 0; XorGroup && I < Size; ++I)
      XorGroup = H[I] == (T & ~(Size - 1)) + I;
    if (!XorGroup)
      return makeError(diag(DiagID::ThreadsHoldExactly, Op, T, threadList(H)));
    if (Size != G)
      return makeError(diag(DiagID::ThreadRowsAccumulator, Op, G, T, Size));
  }
  if (G > 32)
    return makeError(diag(DiagID::EachRowAccumulator, Op, G));
  return G;
}

//===----------------------------------------------------------------------===//
// convert_layout_acc_Aregs and convert_layout_acc_Aregs_permuted
//===----------------------------------------------------------------------===//

namespace {

/// Every thread's accumulator (C) and A operand elements of the tile, in
/// the colexicographic order of their partitions: C's is the register
/// order of partition_fragment_C, A's the order of the A fragment's
/// coordinates.
struct OperandElements {
  std::vector<std::vector<MN>> C, A;
  /// The shape of the A partition (of partition_fragment_A).
  IntTuple AShape;
};

/// The checks both views make (thread counts, tiles), then the elements.
Expected<OperandElements> operandElements(StringRef Op, const TiledMMA &MC,
                                          const TiledMMA &MA,
                                          const IntTuple &TileMN,
                                          StringRef NameC, StringRef NameA) {
  int64_t NumThr = MC.numThr().value();
  if (MA.numThr().value() != NumThr)
    return makeError(diag(DiagID::ExpectsTiledMMAsSame, Op, NameC, NumThr,
                          NameA, MA.numThr().str()));
  if (Error E = checkTile(Op, MC, TileMN, 0, 1, NameC))
    return std::move(E);
  // The A tile is (M,K) with K = N: the same identity layout.
  if (Error E = checkTile(Op, MA, TileMN, 0, 2, NameA))
    return std::move(E);
  Layout Id = makeIdentityLayout(TileMN);
  auto PCs = partitionAllC(MC, Id);
  if (!PCs)
    return PCs.takeError();
  auto PAs = partitionAllA(MA, Id);
  if (!PAs)
    return PAs.takeError();
  OperandElements Out;
  Out.AShape = (*PAs)[0].L.Shape;
  for (int64_t T = 0; T < NumThr; ++T) {
    auto C = partitionElements(Op, (*PCs)[T]);
    if (!C)
      return C.takeError();
    auto A = partitionElements(Op, (*PAs)[T]);
    if (!A)
      return A.takeError();
    Out.C.push_back(std::move(*C));
    Out.A.push_back(std::move(*A));
  }
  return Out;
}

/// The view of the accumulators as the A fragment when A column k is
/// accumulator column \p Sigma[k] (the identity when \p Sigma is empty):
/// a layout from the A partition's shape to the register of the same
/// thread's accumulator (m, Sigma[k]), the same for every thread.
Expected<Layout> operandView(StringRef Op, const OperandElements &E,
                             ArrayRef<int64_t> Sigma, StringRef NameC,
                             StringRef NameA) {
  std::vector<int64_t> Ref;
  for (size_t T = 0; T < E.C.size(); ++T) {
    const std::vector<MN> &C = E.C[T], &A = E.A[T];
    DenseMap<std::pair<int64_t, int64_t>, int64_t> Reg;
    for (size_t J = 0; J < C.size(); ++J)
      Reg.try_emplace({C[J].M, C[J].N}, J);
    std::vector<int64_t> Map(A.size());
    for (size_t I = 0; I < A.size(); ++I) {
      int64_t N = Sigma.empty() ? A[I].N : Sigma[A[I].N];
      auto It = Reg.find({A[I].M, N});
      if (It == Reg.end())
        return makeError(diag(DiagID::AccumulatorCannotOperand, Op, NameC,
                              NameA, T, A[I].M, N));
      Map[I] = It->second;
    }
    if (T == 0) {
      Ref = std::move(Map);
      continue;
    }
    for (size_t I = 0; I < Map.size(); ++I)
      if (Map[I] != Ref[I]) {
        auto Crd = idx2crd(IntTuple(int64_t(I)), E.AShape);
        return makeError(diag(DiagID::AccumulatorOperandDiffers, Op, NameC,
                              NameA, Crd ? Crd->str() : std::to_string(I),
                              Ref[I], Map[I], T));
      }
  }
  // A mode of the A fragment whose accumulators are not evenly spaced (the
  // k-blocks of two MMAs along N, with MMAs along M between them) is split
  // where the spacing changes, as FlashAttention's coalesce of
  // (N/16, MMA_N): an integer coordinate of the mode names the same value.
  auto L = fitLayout(E.AShape, Ref,
                     formatv("the map from {0}'s A values to {1}'s "
                             "accumulators",
                             NameA, NameC)
                         .str(),
                     /*SplitLeaves=*/true);
  if (!L)
    return makeError(formatv("{0}: {1}", Op, toString(L.takeError())));
  return L;
}

/// Where a column of the permutation was first matched: a thread and a row.
struct MatchSite {
  int64_t Thread = -1, Row = 0;
};

/// The permutation Sigma of the tile's \p K columns under which every
/// thread's accumulators are its A values: for each thread and each row it
/// holds, the A columns it holds of that row, in A fragment order, are
/// matched in order with the accumulator columns it holds of that row, in
/// register order; A column k is accumulator column Sigma[k]. An error
/// when a thread holds a row in one operand but not the other or a
/// different number of its values, when two matches give one column
/// different images, or when Sigma is no permutation.
Expected<std::vector<int64_t>> kPermutation(StringRef Op,
                                            const OperandElements &E, int64_t K,
                                            StringRef NameC, StringRef NameA) {
  std::vector<int64_t> Sigma(K, -1);
  std::vector<MatchSite> Site(K);
  for (int64_t T = 0, NumThr = E.C.size(); T < NumThr; ++T) {
    // Row -> its columns, in order (std::map: rows in increasing order, so
    // that the first mismatch reported is the lowest row).
    std::map<int64_t, SmallVector<int64_t, 16>> CCols, AKs;
    for (const MN &X : E.C[T])
      CCols[X.M].push_back(X.N);
    for (const MN &X : E.A[T])
      AKs[X.M].push_back(X.N);
    auto Missing = [&](int64_t Row, StringRef Has, StringRef Lacks) {
      return makeError(diag(DiagID::NoPermutationKMakes, Op, NameC, NameA, T,
                            Has, Row, Lacks));
    };
    for (const auto &[Row, Cols] : CCols)
      if (!AKs.count(Row))
        return Missing(Row, "accumulators", "A value");
    for (const auto &[Row, Ks] : AKs) {
      auto It = CCols.find(Row);
      if (It == CCols.end())
        return Missing(Row, "A values", "accumulator");
      const SmallVector<int64_t, 16> &Cols = It->second;
      if (Cols.size() != Ks.size())
        return makeError(diag(DiagID::NoPermutationKMakesAccumulator, Op, NameC,
                              NameA, T, Cols.size(), Row, Ks.size()));
      for (size_t I = 0; I < Ks.size(); ++I) {
        int64_t Kc = Ks[I], N = Cols[I];
        if (Sigma[Kc] < 0) {
          Sigma[Kc] = N;
          Site[Kc] = {T, Row};
          continue;
        }
        if (Sigma[Kc] != N)
          return makeError(diag(DiagID::NoPermutationKMakesAccumulatorOperand,
                                Op, NameC, NameA, Kc, Sigma[Kc],
                                Site[Kc].Thread, Site[Kc].Row, N, T, Row));
      }
    }
  }
  std::vector<int64_t> Inverse(K, -1);
  for (int64_t Kc = 0; Kc < K; ++Kc) {
    if (Sigma[Kc] < 0)
      return makeError(diag(DiagID::NoThreadHoldsColumn, Op, Kc));
    int64_t &Pre = Inverse[Sigma[Kc]];
    if (Pre >= 0)
      return makeError(diag(DiagID::MatchingAccumulatorOperand, Op, NameC,
                            NameA, Pre, Kc, Sigma[Kc]));
    Pre = Kc;
  }
  return Sigma;
}

/// The view under the permutation of K that kPermutation derives, and
/// that permutation as a layout of one mode of K's extent, split where its
/// steps change (the 8-bit WGMMA's ((2,2,4,K/16)):((1,8,2,16)), the
/// identity (K):(1)).
Expected<PermutedAregs> permutedView(StringRef Op, const OperandElements &E,
                                     int64_t K, StringRef NameC,
                                     StringRef NameA) {
  auto Sigma = kPermutation(Op, E, K, NameC, NameA);
  if (!Sigma)
    return Sigma.takeError();
  auto Perm = fitLayout(IntTuple(std::vector<IntTuple>{IntTuple(K)}), *Sigma,
                        "the permutation of K", /*SplitLeaves=*/true);
  if (!Perm)
    return makeError(diag(DiagID::MatchingAccumulatorOperandRegister, Op, NameC,
                          NameA, toString(Perm.takeError())));
  auto View = operandView(Op, E, *Sigma, NameC, NameA);
  if (!View)
    return View.takeError();
  return PermutedAregs{std::move(*View), std::move(*Perm)};
}

} // namespace

Expected<Layout> accToOperandALayout(const TiledMMA &MC, const TiledMMA &MA,
                                     const IntTuple &TileMN, StringRef NameC,
                                     StringRef NameA) {
  StringRef Op = "convert_layout_acc_Aregs";
  auto E = operandElements(Op, MC, MA, TileMN, NameC, NameA);
  if (!E)
    return E.takeError();
  auto View = operandView(Op, *E, {}, NameC, NameA);
  if (View)
    return View;
  // Where the view exists under a permutation of K (the 8-bit WGMMA), the
  // error says so.
  auto Permuted = permutedView(Op, *E, TileMN[1].value().value(), NameC, NameA);
  if (!Permuted) {
    consumeError(Permuted.takeError());
    return View.takeError();
  }
  return makeError(
      diag(DiagID::OperandUnderPermutation, toString(View.takeError())));
}

Expected<PermutedAregs> accToOperandAPermuted(const TiledMMA &MC,
                                              const TiledMMA &MA,
                                              const IntTuple &TileMN,
                                              StringRef NameC,
                                              StringRef NameA) {
  StringRef Op = "convert_layout_acc_Aregs_permuted";
  auto E = operandElements(Op, MC, MA, TileMN, NameC, NameA);
  if (!E)
    return E.takeError();
  return permutedView(Op, *E, TileMN[1].value().value(), NameC, NameA);
}

} // namespace cute
