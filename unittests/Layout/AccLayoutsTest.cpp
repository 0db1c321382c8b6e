//===- AccLayoutsTest.cpp - Accumulator views against the atoms -----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// convert_layout_acc_rowcol, acc_row_threads and convert_layout_acc_Aregs
/// checked by brute force over every thread and register against an
/// independent enumeration: the element a thread's register holds is
/// computed from the atom's TV layouts and the definition of a TiledMMA
/// without permutations (thread t = atom thread + atom threads * (atom m +
/// AM * atom n); fragment (v, rest_m, rest_n) compact; rest block b = atom
/// coordinate + atom count * rest), never through thrfrg or partition_C.
/// The atoms are CuTe's MMA_Traits layouts (SM80 16x8x8, 16x8x16; SM90
/// 64xNx16 SS and RS), spelled out here.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Layout/Tiled.h"

#include "LayoutTestHelpers.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

using namespace cute;

namespace {

Layout L(const std::string &S) {
  auto R = parseLayout(S);
  if (!R) {
    ADD_FAILURE() << S << ": " << llvm::toString(R.takeError());
    return Layout();
  }
  return *R;
}

using test::at;
using test::check;

struct Atom {
  std::string Name;
  int64_t M, N, K, Threads;
  std::string ATV, BTV, CTV;
};

// CuTe's SM80 traits (cute/atom/mma_traits_sm80.hpp).
Atom sm80_16x8x8() {
  return {"SM80_16x8x8",
          16,
          8,
          8,
          32,
          "((4,8),(2,2)):((32,1),(16,8))",
          "((4,8),2):((16,1),8)",
          "((4,8),(2,2)):((32,1),(16,8))"};
}
Atom sm80_16x8x16() {
  return {"SM80_16x8x16",
          16,
          8,
          16,
          32,
          "((4,8),(2,2,2)):((32,1),(16,8,128))",
          "((4,8),(2,2)):((16,1),(8,64))",
          "((4,8),(2,2)):((32,1),(16,8))"};
}
// CuTe's GMMA traits (cute/atom/mma_traits_sm90_gmma.hpp): CLayout_64xN,
// ABLayout<64,16> (SS) and ALayoutRS_64x16 of 16-bit types.
std::string wgmmaC(int64_t N) {
  return "((4,8,4),(2,2," + std::to_string(N / 8) +
         ")):((128,1,16),(64,8,512))";
}
Atom wgmmaSS(int64_t N) {
  return {"SM90_64x" + std::to_string(N) + "x16_SS",
          64,
          N,
          16,
          128,
          "(128,(64,16)):(0,(1,64))",
          "(128,(" + std::to_string(N) + ",16)):(0,(1," + std::to_string(N) +
              "))",
          wgmmaC(N)};
}
Atom wgmmaRS(int64_t N) {
  Atom A = wgmmaSS(N);
  A.Name = "SM90_64x" + std::to_string(N) + "x16_RS";
  A.ATV = "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
  return A;
}
// 8-bit: ALayoutRS_64x32 and the 64x128x32 accumulator.
Atom wgmmaE4M3RS() {
  return {"SM90_64x128x32_E4M3_RS",
          64,
          128,
          32,
          128,
          "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))",
          "(128,(128,32)):(0,(1,128))",
          wgmmaC(128)};
}
Atom wgmmaE4M3SS() {
  Atom A = wgmmaE4M3RS();
  A.Name = "SM90_64x128x32_E4M3_SS";
  A.ATV = "(128,(64,32)):(0,(1,64))";
  return A;
}

TiledMMA tiled(const Atom &A, int64_t AM, int64_t AN) {
  MmaAtom M = check(makeMmaAtom(IntTuple{A.M, A.N, A.K},
                                Layout(IntTuple(A.Threads), IntTuple(1)),
                                L(A.ATV), L(A.BTV), L(A.CTV)),
                    A.Name);
  return check(makeTiledMMA(M, makeLayout(IntTuple{AM, AN, 1})),
               A.Name + " tiled");
}

/// The element (m, n) of the tile that each register of thread T's
/// fragment of operand TV (C: (M,N), A: (M,K)) holds, from the atom alone:
/// register j = v + V * (rm + RM * rn), element = TV(atom thread, v) +
/// (AtomM * (am + AM * rm), AtomN * (an + AN * rn)), with T = atom thread +
/// atom threads * (am + AM * an). \p Tiles1 is false for A (its second mode
/// is K, which the atom layout does not tile).
std::vector<std::pair<int64_t, int64_t>>
elementsOf(const Atom &A, const std::string &TV, int64_t AtomM, int64_t AtomN1,
           int64_t AM, int64_t AN, bool Tiles1, int64_t T, int64_t TileM,
           int64_t Tile1) {
  Layout Tv = L(TV);
  int64_t V = size(Layout(mode(Tv.Shape, 1), mode(Tv.Stride, 1))).value();
  int64_t Tv0 = T % A.Threads, Am = (T / A.Threads) % AM,
          An = T / A.Threads / AM;
  int64_t Atoms1 = Tiles1 ? AN : 1, Coord1 = Tiles1 ? An : 0;
  int64_t RM = TileM / (AtomM * AM), R1 = Tile1 / (AtomN1 * Atoms1);
  std::vector<int64_t> AtomIdx;
  for (int64_t Vi = 0; Vi < V; ++Vi)
    AtomIdx.push_back(at(Tv, IntTuple{Tv0, Vi}));
  std::vector<std::pair<int64_t, int64_t>> Out;
  for (int64_t R1i = 0; R1i < R1; ++R1i)
    for (int64_t Rm = 0; Rm < RM; ++Rm)
      for (int64_t Idx : AtomIdx)
        Out.push_back({Idx % AtomM + AtomM * (Am + AM * Rm),
                       Idx / AtomM + AtomN1 * (Coord1 + Atoms1 * R1i)});
  return Out;
}

struct Config {
  Atom C, A;
  int64_t AM, AN;
  int64_t TileM, TileN;
};

std::string describe(const Config &Cf) {
  return Cf.C.Name + " (" + std::to_string(Cf.AM) + "," +
         std::to_string(Cf.AN) + ") over (" + std::to_string(Cf.TileM) + "," +
         std::to_string(Cf.TileN) + ")";
}

std::vector<Config> configs() {
  std::vector<Config> Out;
  for (const Atom &A : {sm80_16x8x8(), sm80_16x8x16()})
    for (auto [AM, AN] : {std::pair{1, 1}, {2, 2}, {4, 1}, {1, 2}})
      for (int64_t F : {1, 2, 4})
        Out.push_back({A, A, AM, AN, A.M * AM * F, A.N * AN * 2 * F});
  for (int64_t N : {64, 128, 256})
    for (int64_t AM : {1, 2, 3})
      for (int64_t F : {1, 2})
        Out.push_back({wgmmaSS(N), wgmmaRS(N), AM, 1, 64 * AM * F, N * F});
  return Out;
}

//===----------------------------------------------------------------------===//
// convert_layout_acc_rowcol and acc_row_threads
//===----------------------------------------------------------------------===//

TEST(AccLayouts, RowColHoldsRowsAndColumns) {
  for (const Config &Cf : configs()) {
    SCOPED_TRACE(describe(Cf));
    TiledMMA M = tiled(Cf.C, Cf.AM, Cf.AN);
    IntTuple Tile{Cf.TileM, Cf.TileN};
    Layout RC = check(accRowColLayout(M, Tile), "rowcol");
    ASSERT_EQ(rank(RC), 2u) << RC.str();
    int64_t Rows = product(mode(RC.Shape, 0)).value(),
            Cols = product(mode(RC.Shape, 1)).value();
    int64_t Regs = Rows * Cols;
    // The view is the same for every thread.
    std::vector<int64_t> RegOf(Regs);
    std::set<int64_t> Seen;
    for (int64_t R = 0; R < Rows; ++R)
      for (int64_t C = 0; C < Cols; ++C) {
        int64_t J = RegOf[R + Rows * C] = at(RC, IntTuple{R, C});
        ASSERT_TRUE(J >= 0 && J < Regs) << RC.str();
        EXPECT_TRUE(Seen.insert(J).second) << "register " << J << " twice";
      }
    for (int64_t T = 0; T < Cf.C.Threads * Cf.AM * Cf.AN; ++T) {
      auto E = elementsOf(Cf.C, Cf.C.CTV, Cf.C.M, Cf.C.N, Cf.AM, Cf.AN,
                          /*Tiles1=*/true, T, Cf.TileM, Cf.TileN);
      ASSERT_EQ((int64_t)E.size(), Regs) << RC.str();
      std::vector<int64_t> RowOf(Rows, -1), ColOf(Cols, -1);
      for (int64_t R = 0; R < Rows; ++R)
        for (int64_t C = 0; C < Cols; ++C) {
          auto [Mi, Ni] = E[RegOf[R + Rows * C]];
          if (RowOf[R] < 0)
            RowOf[R] = Mi;
          if (ColOf[C] < 0)
            ColOf[C] = Ni;
          ASSERT_EQ(RowOf[R], Mi) << "thread " << T << " row " << R << " col "
                                  << C << " of " << RC.str();
          ASSERT_EQ(ColOf[C], Ni) << "thread " << T << " row " << R << " col "
                                  << C << " of " << RC.str();
        }
      // Distinct rows and columns: the view is the thread's rows x cols.
      EXPECT_EQ(std::set<int64_t>(RowOf.begin(), RowOf.end()).size(),
                (size_t)Rows);
      EXPECT_EQ(std::set<int64_t>(ColOf.begin(), ColOf.end()).size(),
                (size_t)Cols);
    }
  }
}

TEST(AccLayouts, RowThreadsAreTheQuad) {
  for (const Config &Cf : configs()) {
    SCOPED_TRACE(describe(Cf));
    TiledMMA M = tiled(Cf.C, Cf.AM, Cf.AN);
    IntTuple Tile{Cf.TileM, Cf.TileN};
    // Who holds each thread's rows, from the atom alone.
    int64_t NumThr = Cf.C.Threads * Cf.AM * Cf.AN;
    std::map<std::set<int64_t>, std::vector<int64_t>> Holders;
    std::vector<std::set<int64_t>> RowsOf(NumThr);
    for (int64_t T = 0; T < NumThr; ++T) {
      for (auto [Mi, Ni] : elementsOf(Cf.C, Cf.C.CTV, Cf.C.M, Cf.C.N, Cf.AM,
                                      Cf.AN, true, T, Cf.TileM, Cf.TileN))
        RowsOf[T].insert(Mi);
      Holders[RowsOf[T]].push_back(T);
    }
    bool Quads = true;
    for (int64_t T = 0; T < NumThr; ++T)
      Quads &= Holders[RowsOf[T]] == std::vector<int64_t>{T & ~3, (T & ~3) + 1,
                                                          (T & ~3) + 2,
                                                          (T & ~3) + 3};
    // mma.sync's and WGMMA's rows are held by a quad unless atoms are tiled
    // along N, which spreads them over warps.
    EXPECT_EQ(Quads, Cf.AN == 1);
    auto G = accRowThreads(M, Tile);
    if (Quads) {
      EXPECT_EQ(check(std::move(G), "row threads"), 4);
    } else {
      ASSERT_FALSE(bool(G));
      EXPECT_NE(llvm::toString(G.takeError()).find("not {0 ^ x"),
                std::string::npos);
    }
  }
}

//===----------------------------------------------------------------------===//
// convert_layout_acc_Aregs
//===----------------------------------------------------------------------===//

TEST(AccLayouts, ARegsHoldTheAOperand) {
  unsigned Checked = 0;
  for (const Config &Cf : configs()) {
    SCOPED_TRACE(describe(Cf));
    TiledMMA MC = tiled(Cf.C, Cf.AM, Cf.AN);
    TiledMMA MA = tiled(Cf.A, Cf.AM, Cf.AN);
    IntTuple Tile{Cf.TileM, Cf.TileN};
    auto R = accToOperandALayout(MC, MA, Tile);
    if (Cf.AN != 1) {
      // Atoms along N: a warp's A operand spans the other warps' columns.
      ASSERT_FALSE(bool(R));
      EXPECT_NE(llvm::toString(R.takeError())
                    .find("without exchanging values between threads"),
                std::string::npos);
      continue;
    }
    Layout Map = check(std::move(R), "Aregs");
    // The domain is partition_fragment_A's shape, a mode perhaps split
    // (same size, same rank).
    Layout Frag = check(partitionFragmentA(check(getSlice(MA, Int(0)), "slice"),
                                           makeLayout(Tile)),
                        "fragment A");
    ASSERT_EQ(rank(Map), rank(Frag)) << Map.str() << " vs " << Frag.str();
    for (unsigned I = 0; I < rank(Map); ++I)
      EXPECT_EQ(product(mode(Map.Shape, I)).value(),
                product(mode(Frag.Shape, I)).value())
          << Map.str() << " vs " << Frag.str();
    if (Cf.C.M != 64 || Cf.TileM / (64 * Cf.AM) == 1 || Cf.TileN / Cf.C.N == 1)
      EXPECT_TRUE(Map.Shape == Frag.Shape) << Map.str() << " vs " << Frag.str();
    // A value I at coordinate (v, m, k) of the fragment's shape: mode by
    // mode, an integer coordinate of a split mode is the same value.
    std::vector<int64_t> RegOf(size(Map).value());
    for (int64_t I = 0; I < (int64_t)RegOf.size(); ++I) {
      std::vector<IntTuple> Modes;
      for (int64_t D = 0, Rest = I; D < (int64_t)rank(Frag); ++D) {
        int64_t Extent = product(mode(Frag.Shape, D)).value();
        Modes.push_back(IntTuple(Rest % Extent));
        Rest /= Extent;
      }
      RegOf[I] = at(Map, IntTuple(std::move(Modes)));
    }
    int64_t NumThr = Cf.C.Threads * Cf.AM;
    for (int64_t T = 0; T < NumThr; ++T) {
      auto C = elementsOf(Cf.C, Cf.C.CTV, Cf.C.M, Cf.C.N, Cf.AM, 1, true, T,
                          Cf.TileM, Cf.TileN);
      auto A = elementsOf(Cf.A, Cf.A.ATV, Cf.A.M, Cf.A.K, Cf.AM, 1, false, T,
                          Cf.TileM, Cf.TileN);
      ASSERT_EQ((int64_t)A.size(), size(Map).value()) << Map.str();
      for (int64_t I = 0; I < (int64_t)A.size(); ++I) {
        int64_t J = RegOf[I];
        ASSERT_TRUE(J >= 0 && J < (int64_t)C.size()) << Map.str();
        ASSERT_EQ(C[J], A[I])
            << "thread " << T << " A value " << I << " of " << Map.str();
      }
      ++Checked;
    }
  }
  EXPECT_GT(Checked, 0u);
}

// The WGMMA values of the brief: A k-block kb is accumulators 8kb..8kb+7.
TEST(AccLayouts, WgmmaKBlocksAreConsecutiveAccumulators) {
  TiledMMA MC = tiled(wgmmaSS(128), 2, 1), MA = tiled(wgmmaRS(128), 2, 1);
  IntTuple Tile{128, 128};
  EXPECT_EQ(check(accRowColLayout(MC, Tile), "rowcol").str(),
            "((2),(2,16)):((2),(1,4))");
  EXPECT_EQ(check(accRowThreads(MC, Tile), "G"), 4);
  EXPECT_EQ(check(accToOperandALayout(MC, MA, Tile), "Aregs").str(),
            "((2,2,2),1,8):((1,2,4),0,8)");
}

// Two 64x64 WGMMAs along N and two along M per thread: A k-block kb < 4
// is accumulators 8kb.., kb >= 4 the second N-MMA's, past both M-MMAs
// (64 registers on): MMA_K = 8 is (4,2):(8,64).
TEST(AccLayouts, WgmmaKBlocksAcrossMmas) {
  TiledMMA MC = tiled(wgmmaSS(64), 1, 1), MA = tiled(wgmmaRS(64), 1, 1);
  EXPECT_EQ(
      check(accToOperandALayout(MC, MA, IntTuple{128, 128}), "Aregs").str(),
      "((2,2,2),2,(4,2)):((1,2,4),32,(8,64))");
}

TEST(AccLayouts, EightBitWgmmaNeedsAnExchange) {
  TiledMMA MC = tiled(wgmmaE4M3SS(), 1, 1), MA = tiled(wgmmaE4M3RS(), 1, 1);
  auto R = accToOperandALayout(MC, MA, IntTuple{64, 128}, "C8", "A8");
  ASSERT_FALSE(bool(R));
  // Thread 0's A values are k = 0..3 (4 bytes); its accumulators n = 0, 1.
  EXPECT_EQ(llvm::toString(R.takeError()),
            "convert_layout_acc_Aregs: the accumulator of C8 cannot be the A "
            "operand of A8 without exchanging values between threads: thread "
            "0 holds A element (0,2) but not as an accumulator (it is the A "
            "operand under a permutation of K that the B operand's rows can "
            "follow: convert_layout_acc_Aregs_permuted)");
}

TEST(AccLayouts, MismatchedThreadsAndTiles) {
  TiledMMA MC = tiled(wgmmaSS(128), 2, 1), MA = tiled(wgmmaRS(128), 1, 1);
  auto R = accToOperandALayout(MC, MA, IntTuple{128, 128});
  ASSERT_FALSE(bool(R));
  EXPECT_NE(llvm::toString(R.takeError()).find("same thread count"),
            std::string::npos);
  auto S = accRowColLayout(MC, IntTuple{64, 128});
  ASSERT_FALSE(bool(S));
  EXPECT_NE(llvm::toString(S.takeError()).find("multiple of the (128,128)"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// fitLayout
//===----------------------------------------------------------------------===//

TEST(FitLayout, RecoversALayout) {
  Layout Want = L("((2,3),1,(4,2)):((1,8),0,(2,24))");
  std::vector<int64_t> F;
  for (int64_t I = 0; I < size(Want).value(); ++I)
    F.push_back(at(Want, IntTuple(I)));
  EXPECT_EQ(check(fitLayout(Want.Shape, F), "fit").str(), Want.str());
}

TEST(FitLayout, SplitsLeaves) {
  auto R =
      fitLayout(IntTuple{2, 8},
                {0, 1, 8, 9, 16, 17, 24, 25, 64, 65, 72, 73, 80, 81, 88, 89},
                "f", /*SplitLeaves=*/true);
  EXPECT_EQ(check(std::move(R), "split").str(), "(2,(4,2)):(1,(8,64))");
  // Without splitting it is no layout of (2,8).
  auto N = fitLayout(
      IntTuple{2, 8},
      {0, 1, 8, 9, 16, 17, 24, 25, 64, 65, 72, 73, 80, 81, 88, 89}, "f");
  ASSERT_FALSE(bool(N));
  llvm::consumeError(N.takeError());
  // A permutation of 3 has no linear factor.
  auto P = fitLayout(IntTuple{3}, {0, 2, 1}, "f", /*SplitLeaves=*/true);
  ASSERT_FALSE(bool(P));
  llvm::consumeError(P.takeError());
}

TEST(FitLayout, RejectsWhatIsNoLayout) {
  // 0,2,1,3 over (4): the first step predicts 0,2,4,6.
  auto R = fitLayout(IntTuple{4}, {0, 2, 1, 3}, "f");
  ASSERT_FALSE(bool(R));
  EXPECT_EQ(llvm::toString(R.takeError()),
            "f is not a layout of shape (4): the layout of its steps, "
            "(4):(2), gives 4 at (2) (index 2), where it is 1");
  auto Z = fitLayout(IntTuple{2}, {1, 2}, "f");
  ASSERT_FALSE(bool(Z));
  EXPECT_NE(llvm::toString(Z.takeError()).find("maps coordinate 0 to 0"),
            std::string::npos);
  auto N = fitLayout(IntTuple{2, 2}, {0, 1, 2}, "f");
  ASSERT_FALSE(bool(N));
  llvm::consumeError(N.takeError());
}

} // namespace
