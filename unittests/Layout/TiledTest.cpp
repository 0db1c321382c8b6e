//===- TiledTest.cpp - TiledCopy and TiledMMA properties ------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Properties of the tiled abstractions, over every thread and value:
/// a thread's partition (offset + per-thread layout) addresses exactly the
/// tensor elements that the TV layout gives the thread; the threads together
/// cover the tile once; a dynamic thread index gives the same per-thread
/// layout and an offset that is the thread mode's index of the thread.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Tiled.h"
#include "CuteLLVM/Layout/Notation.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <set>

using namespace cute;

namespace {

Layout L(const char *S) {
  auto R = parseLayout(S);
  if (!R) {
    ADD_FAILURE() << S << ": " << llvm::toString(R.takeError());
    return Layout();
  }
  return *R;
}

template <typename T> T check(llvm::Expected<T> E, const char *What) {
  if (!E) {
    ADD_FAILURE() << What << ": " << llvm::toString(E.takeError());
    return T();
  }
  return std::move(*E);
}

int64_t idx(const Layout &Lay, int64_t I) {
  auto R = evalIndex(Lay, I);
  if (!R) {
    ADD_FAILURE() << Lay.str() << "(" << I
                  << "): " << llvm::toString(R.takeError());
    return -1;
  }
  return *R;
}

int64_t staticInt(const IntTuple &T) {
  EXPECT_TRUE(T.isInt() && T.value().isStatic()) << T.str();
  return T.value().value();
}

MmaAtom sm80F16Atom() {
  return check(makeMmaAtom(IntTuple{16, 8, 16}, L("32:1"),
                           L("((4,8),(2,2,2)):((32,1),(16,8,128))"),
                           L("((4,8),(2,2)):((16,1),(8,64))"),
                           L("((4,8),(2,2)):((32,1),(16,8))")),
               "mma atom");
}

TiledMMA sgemmMma() {
  std::vector<Tile> Perm{Tile(Layout(IntTuple(32), IntTuple(1))),
                         Tile(Layout(IntTuple(32), IntTuple(1))),
                         Tile(Layout(IntTuple(16), IntTuple(1)))};
  return check(makeTiledMMA(sm80F16Atom(), L("(2,2):(1,2)"), Perm),
               "tiled mma");
}

CopyAtom ldsmAtom() {
  return check(makeCopyAtom(L("32:1"), L("(32,128):(128,1)"),
                            L("(32,(32,4)):(32,(1,1024))"),
                            L("(32,(32,4)):(32,(1,1024))"), 16),
               "ldsm atom");
}

CopyAtom cpAsyncAtom() {
  return check(makeCopyAtom(L("1:0"), L("(1,128):(0,1)"), L("(1,128):(0,1)"),
                            L("(1,128):(0,1)"), 16),
               "cp.async atom");
}

/// For every thread: partition_D of a tile-shaped tensor addresses, value by
/// value, the tensor at the TV layout's coordinates (the destination is the
/// reference, so values keep their order); partition_S addresses the same
/// set, per thread when the source is the reference too, else (ldmatrix:
/// a thread gives the addresses of other threads' values) over all threads.
/// The threads cover the tile once.
void checkCopy(const TiledCopy &TC, const Layout &Tensor) {
  int64_t NThr = TC.numThr().value(), NVal = TC.numVal().value();
  bool SrcIsRef = TC.Atom.ValLayoutSrc == TC.Atom.ValLayoutRef;
  std::multiset<int64_t> All, AllS;
  for (int64_t T = 0; T < NThr; ++T) {
    ThrCopy Thr = check(getSlice(TC, Int(T)), "get_slice");
    Partition D = check(partitionD(Thr, Tensor), "partition_D");
    Partition S = check(partitionS(Thr, Tensor), "partition_S");
    ASSERT_EQ(size(D.L).value(), NVal) << D.L.str();
    int64_t DOff = staticInt(D.Offset), SOff = staticInt(S.Offset);
    std::multiset<int64_t> FromS, FromD;
    for (int64_t V = 0; V < NVal; ++V) {
      int64_t Want = idx(Tensor, idx(TC.TiledLayoutTV, T + NThr * V));
      EXPECT_EQ(DOff + idx(D.L, V), Want) << "thread " << T << " value " << V;
      FromD.insert(DOff + idx(D.L, V));
      FromS.insert(SOff + idx(S.L, V));
      All.insert(Want);
    }
    if (SrcIsRef)
      EXPECT_EQ(FromS, FromD) << "thread " << T;
    AllS.insert(FromS.begin(), FromS.end());
  }
  EXPECT_EQ(AllS, All);
  // Every element of the tile, each as often (a TV layout may replicate).
  std::multiset<int64_t> Tile;
  for (int64_t I = 0; I < size(Tensor).value(); ++I)
    Tile.insert(idx(Tensor, I));
  std::multiset<int64_t> Replicated;
  int64_t Copies = int64_t(All.size()) / int64_t(Tile.size());
  for (int64_t X : Tile)
    for (int64_t C = 0; C < Copies; ++C)
      Replicated.insert(X);
  EXPECT_EQ(All, Replicated);
}

/// A dynamic thread index: the same per-thread layout, and an offset that
/// is the thread mode of tidfrg_S evaluated at the thread (so a static
/// index specialises it to the static partition's offset).
void checkDynamicCopy(const TiledCopy &TC, const Layout &Tensor) {
  ThrCopy Dyn = check(getSlice(TC, Int::dynamic()), "get_slice(?)");
  Partition PD = check(partitionS(Dyn, Tensor), "partition_S(?)");
  Layout F = check(tidfrgS(TC, Tensor), "tidfrg_S");
  Layout ThrMode(mode(F.Shape, 0), mode(F.Stride, 0));
  bool ThreadInvariant = true;
  for (int64_t T = 0; T < TC.numThr().value(); ++T) {
    Partition PS =
        check(partitionS(check(getSlice(TC, Int(T)), "get_slice"), Tensor),
              "partition_S");
    EXPECT_EQ(PS.L, PD.L) << "thread " << T;
    EXPECT_EQ(staticInt(PS.Offset), idx(ThrMode, T)) << "thread " << T;
    ThreadInvariant &= staticInt(PS.Offset) == 0;
  }
  // The offset depends on the thread unless every thread starts at 0.
  if (!ThreadInvariant)
    EXPECT_TRUE(PD.Offset.isInt() && PD.Offset.value().isDynamic())
        << PD.Offset.str();
}

TEST(TiledTest, MakeLayoutTVElementwiseAdd) {
  LayoutTV R = check(makeLayoutTV(L("(4,32):(32,1)"), L("(4,4):(4,1)")),
                     "make_layout_tv");
  EXPECT_EQ(R.TilerMN.str(), "(16,128)");
  EXPECT_EQ(R.TV.str(), "((32,4),(4,4)):((64,4),(16,1))");
}

TEST(TiledTest, ElementwiseAddCopy) {
  TiledCopy TC = check(
      makeTiledCopy(universalCopyAtom(), L("(4,32):(32,1)"), L("(4,4):(4,1)")),
      "make_tiled_copy");
  checkCopy(TC, L("(16,128):(128,1)"));
  checkDynamicCopy(TC, L("(16,128):(128,1)"));
  // elementwise_add's block tensor with a dynamic row stride.
  Partition P =
      check(partitionS(check(getSlice(TC, Int::dynamic()), "get_slice"),
                       L("(16,128):(?,1)")),
            "partition_S");
  EXPECT_EQ(P.L.str(), "((1,(4,4)),1,1):((0,(1,?)),0,0)");
  EXPECT_TRUE(P.Offset.isInt() && P.Offset.value().isDynamic());
}

TEST(TiledTest, G2SCopy) {
  TiledCopy TC =
      check(makeTiledCopy(cpAsyncAtom(), L("(16,8):(8,1)"), L("(1,8):(0,1)")),
            "make_tiled_copy");
  EXPECT_EQ(TC.TiledLayoutTV.str(), "((8,16),8):((128,1),16)");
  EXPECT_EQ(TC.TilerMN.str(), "(16,64)");
  EXPECT_EQ(check(getLayoutSTV(TC), "S_TV").str(),
            "((8,16),(8,1)):((128,1),(16,0))");
  checkCopy(TC, L("(16,64):(64,1)"));
  checkDynamicCopy(TC, L("(16,64):(64,1)"));
}

TEST(TiledTest, S2RCopyFromMma) {
  TiledMMA M = sgemmMma();
  TiledCopy TC = check(makeTiledCopyA(ldsmAtom(), M), "make_tiled_copy_A");
  EXPECT_EQ(TC.TilerMN.str(), "(32,16)");
  EXPECT_EQ(TC.TiledLayoutTV.str(),
            "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))");
  checkCopy(TC, L("(32,16):(16,1)"));
  checkDynamicCopy(TC, L("(32,16):(16,1)"));
  // retile_D of the MMA's A fragment.
  EXPECT_EQ(
      check(retile(TC, L("((2,2,2),4,4):((1,2,4),32,8)")), "retile").str(),
      "((8,1),4,4):((1,0),32,8)");
}

/// For every thread index t: partition_X of the compact tile addresses
/// exactly the tile elements that get_layoutX_TV gives thread
/// thr_layout_vmnk(t) (get_slice reads t as a coordinate index of
/// thr_layout_vmnk, get_layoutX_TV as its value, as CuTe does; the two agree
/// for compact atom layouts). The threads cover the tile.
void checkMmaOperand(const TiledMMA &M, char Which) {
  unsigned I0 = Which == 'B' ? 1 : 0, I1 = Which == 'C' ? 1 : 2;
  Layout Tensor =
      makeLayout(IntTuple{IntTuple(M.tileSize(I0)), IntTuple(M.tileSize(I1))});
  Layout TV = check(Which == 'A'   ? getLayoutATV(M)
                    : Which == 'B' ? getLayoutBTV(M)
                                   : getLayoutCTV(M),
                    "layout_TV");
  int64_t NThr = M.numThr().value();
  int64_t NVal = product(mode(TV.Shape, 1)).value();
  std::set<int64_t> Covered;
  for (int64_t T = 0; T < NThr; ++T) {
    ThrMMA S = check(getSlice(M, Int(T)), "get_slice");
    Partition P = check(Which == 'A'   ? partitionA(S, Tensor)
                        : Which == 'B' ? partitionB(S, Tensor)
                                       : partitionC(S, Tensor),
                        "partition");
    ASSERT_EQ(size(P.L).value(), NVal) << P.L.str();
    std::multiset<int64_t> Got, Want;
    for (int64_t V = 0; V < NVal; ++V) {
      Got.insert(staticInt(P.Offset) + idx(P.L, V));
      Want.insert(idx(TV, idx(M.ThrLayoutVMNK, T) + NThr * V));
    }
    EXPECT_EQ(Got, Want) << Which << " thread " << T;
    Covered.insert(Got.begin(), Got.end());
  }
  EXPECT_EQ(int64_t(Covered.size()), size(Tensor).value()) << Which;

  // Dynamic index: the same layout; the offset is dynamic.
  ThrMMA D = check(getSlice(M, Int::dynamic()), "get_slice(?)");
  Partition PD = check(Which == 'A'   ? partitionA(D, Tensor)
                       : Which == 'B' ? partitionB(D, Tensor)
                                      : partitionC(D, Tensor),
                       "partition(?)");
  ThrMMA S0 = check(getSlice(M, Int(0)), "get_slice");
  Partition P0 = check(Which == 'A'   ? partitionA(S0, Tensor)
                       : Which == 'B' ? partitionB(S0, Tensor)
                                      : partitionC(S0, Tensor),
                       "partition");
  EXPECT_EQ(PD.L, P0.L);
  EXPECT_TRUE(PD.Offset.isInt() && PD.Offset.value().isDynamic());
}

TEST(TiledTest, SgemmTiledMma) {
  TiledMMA M = sgemmMma();
  EXPECT_EQ(M.ThrLayoutVMNK.str(), "(32,2,2,1):(1,32,64,0)");
  EXPECT_EQ(check(getLayoutATV(M), "A").str(),
            "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))");
  EXPECT_EQ(check(getLayoutBTV(M), "B").str(),
            "((4,8,2,2),((2,2),(2,1))):((64,1,0,8),((32,256),(16,0)))");
  EXPECT_EQ(check(getLayoutCTV(M), "C").str(),
            "((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))");
  checkMmaOperand(M, 'A');
  checkMmaOperand(M, 'B');
  checkMmaOperand(M, 'C');
}

TEST(TiledTest, TiledMmaWithoutPermutation) {
  TiledMMA M =
      check(makeTiledMMA(sm80F16Atom(), L("(2,4,1):(4,1,0)")), "tiled mma");
  EXPECT_EQ(M.tileSize(0).value(), 32);
  EXPECT_EQ(M.tileSize(1).value(), 32);
  EXPECT_EQ(M.tileSize(2).value(), 16);
  checkMmaOperand(M, 'A');
  checkMmaOperand(M, 'B');
  checkMmaOperand(M, 'C');
}

TEST(TiledTest, Errors) {
  // Atom layouts whose sizes do not match the shape.
  auto A = makeMmaAtom(
      IntTuple{16, 8, 16}, L("32:1"), L("((4,8),(2,2)):((32,1),(16,8))"),
      L("((4,8),(2,2)):((16,1),(8,64))"), L("((4,8),(2,2)):((32,1),(16,8))"));
  ASSERT_FALSE(bool(A));
  EXPECT_NE(llvm::toString(A.takeError()).find("((4,8),(2,2)):((32,1),(16,8))"),
            std::string::npos);
  // A tiler that does not hold the TV layout.
  auto C = makeTiledCopy(universalCopyAtom(), L("((8,16),8):((128,1),16)"),
                         IntTuple{16, 32});
  ASSERT_FALSE(bool(C));
  EXPECT_NE(llvm::toString(C.takeError()).find("(16,32)"), std::string::npos);
  // Wrong ranks.
  auto M = makeTiledMMA(sm80F16Atom(), L("(2,2,1,2):(1,2,0,4)"));
  ASSERT_FALSE(bool(M));
  llvm::consumeError(M.takeError());
  TiledMMA Good = sgemmMma();
  auto P = partitionA(check(getSlice(Good, Int(0)), "slice"), L("128:1"));
  ASSERT_FALSE(bool(P));
  llvm::consumeError(P.takeError());
  auto S = getSlice(Good, Int(-1));
  ASSERT_FALSE(bool(S));
  llvm::consumeError(S.takeError());
}

} // namespace
