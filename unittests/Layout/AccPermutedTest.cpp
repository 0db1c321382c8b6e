//===- AccPermutedTest.cpp - The accumulator as a K-permuted A operand ----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// convert_layout_acc_Aregs_permuted over the registry's atoms: every 8-bit
/// (e4m3, e5m2) RS WGMMA with an f32 accumulator reads the f32 accumulator
/// of the SS WGMMA of its types (FlashAttention-3's FP8 P) under one
/// permutation of K, and 16-bit operands under the identity.
///
/// What is checked is independent of the implementation: the element (m, n)
/// each register of a thread holds is enumerated from the atoms' TV layouts
/// and the definition of a TiledMMA without permutations (thread t = atom
/// thread + atom threads * atom m; register j = v + V * (rest_m + RM *
/// rest_n)), never through partition_A/C. On that enumeration: the view is
/// a bijection from each thread's A values onto its accumulator registers;
/// PermK is a permutation of K; and, differentially, O = P V of random
/// small-integer matrices computed as an MMA would compute it (each
/// thread's A registers taken from its accumulator registers through the
/// view, times the B operand's rows, V's rows permuted by PermK) equals the
/// plain product, which without the permutation it does not.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Tiled.h"
#include "CuteLLVM/Registry/AtomRegistry.h"
#include "CuteLLVM/Registry/TiledAtoms.h"

#include "LayoutTestHelpers.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <numeric>
#include <random>
#include <set>

using namespace cute;

namespace {

using test::at;
using test::check;

int64_t at(const Layout &Lay, int64_t I) { return at(Lay, IntTuple(I)); }

/// A registry MMA atom: its name, shape and TV layouts.
struct Atom {
  std::string Name;
  MmaAtom A;
  int64_t M = 0, N = 0, K = 0, Threads = 0;
};

Atom registryAtom(llvm::StringRef Name) {
  Atom Out;
  Out.Name = Name.str();
  auto R = registry::atomSource().mmaAtom(Name);
  if (!R) {
    ADD_FAILURE() << Name.str() << ": " << llvm::toString(R.takeError());
    return Out;
  }
  Out.A = R->Atom;
  Out.M = Out.A.ShapeMNK[0].value().value();
  Out.N = Out.A.ShapeMNK[1].value().value();
  Out.K = Out.A.ShapeMNK[2].value().value();
  Out.Threads = size(Out.A.ThrID).value();
  return Out;
}

TiledMMA tiled(const Atom &A, int64_t AM) {
  return check(makeTiledMMA(A.A, makeLayout(IntTuple{AM, 1, 1})),
               A.Name + " tiled");
}

/// The tile element (m, n) of each register of thread \p T's fragment of
/// operand \p TV ((M,N) for C, (M,K) for A) of a TiledMMA of \p AM atoms
/// along M over a TileM x Tile1 tile, from the atom alone. Register j = v +
/// V * (rm + RM * r1): element TV(atom thread, v) + (AtomM * (am + AM * rm),
/// Atom1 * r1), T = atom thread + atom threads * am.
std::vector<std::pair<int64_t, int64_t>>
elementsOf(const Atom &A, const Layout &TV, int64_t Atom1, int64_t AM,
           int64_t T, int64_t TileM, int64_t Tile1) {
  int64_t V = size(Layout(mode(TV.Shape, 1), mode(TV.Stride, 1))).value();
  int64_t Tv0 = T % A.Threads, Am = T / A.Threads;
  int64_t RM = TileM / (A.M * AM), R1 = Tile1 / Atom1;
  std::vector<int64_t> AtomIdx;
  for (int64_t Vi = 0; Vi < V; ++Vi)
    AtomIdx.push_back(at(TV, IntTuple{Tv0, Vi}));
  std::vector<std::pair<int64_t, int64_t>> Out;
  for (int64_t R1i = 0; R1i < R1; ++R1i)
    for (int64_t Rm = 0; Rm < RM; ++Rm)
      for (int64_t Idx : AtomIdx)
        Out.push_back(
            {Idx % A.M + A.M * (Am + AM * Rm), Idx / A.M + Atom1 * R1i});
  return Out;
}

/// The value of \p Map at the I-th coordinate of \p Frag's shape, mode by
/// mode (an integer coordinate of a split mode names the same value).
int64_t atFragmentIndex(const Layout &Map, const Layout &Frag, int64_t I) {
  std::vector<IntTuple> Modes;
  for (int64_t D = 0, Rest = I; D < (int64_t)rank(Frag); ++D) {
    int64_t Extent = product(mode(Frag.Shape, D)).value();
    Modes.push_back(IntTuple(Rest % Extent));
    Rest /= Extent;
  }
  return at(Map, IntTuple(std::move(Modes)));
}

/// The registry's SM90 WGMMA variants with an f32 accumulator of mode
/// \p Mode ("RS", "SS") whose name has A and B types \p AB ("E4M3E5M2").
std::vector<std::string> wgmmaVariants(llvm::StringRef K, llvm::StringRef AB,
                                       llvm::StringRef Mode) {
  std::vector<std::string> Out;
  std::string Tail = ("x" + K + "_F32" + AB + "_" + Mode).str();
  for (const registry::VariantInfo &V : registry::variants()) {
    llvm::StringRef Name(V.Name);
    if (Name.starts_with("SM90_64x") && Name.ends_with(Tail))
      Out.push_back(Name.str());
  }
  return Out;
}

const char *const Fp8Pairs[] = {"E4M3E4M3", "E4M3E5M2", "E5M2E4M3", "E5M2E5M2"};

/// One pair of TiledMMAs over a tile.
struct Config {
  Atom C, A;
  int64_t AM, TileM, TileN;
  std::string describe() const {
    return llvm::formatv("{0} / {1} ({2},1,1) over ({3},{4})", C.Name, A.Name,
                         AM, TileM, TileN);
  }
};

/// What every configuration must satisfy, from the enumeration alone: the
/// view is a bijection from each thread's A values onto its accumulator
/// registers that holds A element (m, k) in accumulator (m, PermK(k)), and
/// PermK is a permutation of K. With \p Differential, O = P V through the
/// registers against the plain product.
void checkPermuted(const Config &Cf, const PermutedAregs &R, bool Differential,
                   std::mt19937 &Rng) {
  SCOPED_TRACE(Cf.describe() + ": " + R.View.str() + ", " + R.PermK.str());
  TiledMMA MA = tiled(Cf.A, Cf.AM);
  IntTuple Tile{Cf.TileM, Cf.TileN};
  Layout Frag = check(partitionFragmentA(check(getSlice(MA, Int(0)), "slice"),
                                         makeLayout(Tile)),
                      "fragment A");
  int64_t K = Cf.TileN;
  // PermK: a rank-1 layout of size K, a permutation of [0, K).
  ASSERT_EQ(rank(R.PermK), 1u);
  ASSERT_EQ(size(R.PermK).value(), K);
  std::vector<int64_t> Perm(K);
  std::set<int64_t> Image;
  for (int64_t Kc = 0; Kc < K; ++Kc) {
    Perm[Kc] = at(R.PermK, Kc);
    ASSERT_TRUE(Perm[Kc] >= 0 && Perm[Kc] < K);
    Image.insert(Perm[Kc]);
  }
  ASSERT_EQ((int64_t)Image.size(), K) << "PermK is no permutation";
  // The view's domain is partition_fragment_A's shape (modes perhaps
  // split).
  ASSERT_EQ(rank(R.View), rank(Frag)) << Frag.str();
  int64_t NumA = size(R.View).value();
  std::vector<int64_t> RegOf(NumA);
  for (int64_t I = 0; I < NumA; ++I)
    RegOf[I] = atFragmentIndex(R.View, Frag, I);
  // P (TileM x K) and V (K x D) of small integers.
  const int64_t D = 4;
  std::uniform_int_distribution<int> Small(-4, 4);
  std::vector<int64_t> P(Cf.TileM * K), V(K * D), O(Cf.TileM * D, 0),
      Unpermuted(Cf.TileM * D, 0);
  for (int64_t &X : P)
    X = Small(Rng);
  for (int64_t &X : V)
    X = Small(Rng);
  std::vector<int> Covered(Cf.TileM * K, 0);
  int64_t NumThr = Cf.C.Threads * Cf.AM;
  for (int64_t T = 0; T < NumThr; ++T) {
    auto C = elementsOf(Cf.C, Cf.C.A.LayoutCTV, Cf.C.N, Cf.AM, T, Cf.TileM,
                        Cf.TileN);
    auto A = elementsOf(Cf.A, Cf.A.A.LayoutATV, Cf.A.K, Cf.AM, T, Cf.TileM,
                        Cf.TileN);
    ASSERT_EQ((int64_t)A.size(), NumA);
    ASSERT_EQ(C.size(), A.size());
    std::vector<int> Hit(C.size(), 0);
    // The thread's accumulator registers: P at their elements.
    std::vector<int64_t> Acc(C.size());
    for (size_t J = 0; J < C.size(); ++J)
      Acc[J] = P[C[J].first * K + C[J].second];
    for (int64_t I = 0; I < NumA; ++I) {
      int64_t J = RegOf[I];
      ASSERT_TRUE(J >= 0 && J < (int64_t)C.size()) << "A value " << I;
      ++Hit[J];
      auto [Mi, Kc] = A[I];
      ASSERT_EQ(C[J], std::make_pair(Mi, Perm[Kc]))
          << "thread " << T << " A value " << I;
      if (!Differential)
        continue;
      ++Covered[Mi * K + Kc];
      // The MMA: A(m,k) B(k,:), B's row k being V's row PermK(k).
      for (int64_t Dc = 0; Dc < D; ++Dc) {
        O[Mi * D + Dc] += Acc[J] * V[Perm[Kc] * D + Dc];
        Unpermuted[Mi * D + Dc] += Acc[J] * V[Kc * D + Dc];
      }
    }
    for (size_t J = 0; J < Hit.size(); ++J)
      ASSERT_EQ(Hit[J], 1) << "thread " << T << " accumulator " << J
                           << " is not one A value";
  }
  if (!Differential)
    return;
  for (int X : Covered)
    ASSERT_EQ(X, 1) << "an A element is held by no thread or by several";
  std::vector<int64_t> Ref(Cf.TileM * D, 0);
  for (int64_t Mi = 0; Mi < Cf.TileM; ++Mi)
    for (int64_t N = 0; N < K; ++N)
      for (int64_t Dc = 0; Dc < D; ++Dc)
        Ref[Mi * D + Dc] += P[Mi * K + N] * V[N * D + Dc];
  EXPECT_EQ(O, Ref) << "O = P V through the registers";
  // The permutation is needed exactly where it is not the identity.
  std::vector<int64_t> Id(K);
  std::iota(Id.begin(), Id.end(), 0);
  EXPECT_EQ(Unpermuted == Ref, Perm == Id);
}

//===----------------------------------------------------------------------===//
// 8-bit WGMMA
//===----------------------------------------------------------------------===//

// The 8-bit permutation, from the atoms: A thread t holds k = 4t +
// kk + 16h of a k-block (kk < 4, h < 2) where the accumulator holds 8j +
// 2t + c; matched in order, k -> 2t + (kk & 1) + 8 (kk >> 1) + 16h: k's bits
// (kk0, kk1, t0, t1, h) go to n's (kk0, t0, t1, kk1, h), strides
// (1,8,2,4,16), and the k-blocks follow at 32.
TEST(AccPermuted, E4M3WgmmaPermutation) {
  Atom C = registryAtom("SM90_64x128x32_F32E4M3E4M3_SS");
  Atom A = registryAtom("SM90_64x128x32_F32E4M3E4M3_RS");
  auto R =
      check(accToOperandAPermuted(tiled(C, 1), tiled(A, 1), IntTuple{64, 128}),
            "permuted");
  EXPECT_EQ(R.PermK.str(), "((2,2,4,8)):((1,8,2,16))");
  // A value (kk, i, h) of k-block b is accumulator (kk & 1) + 2i + 4j,
  // j = 4b + 2h + (kk >> 1).
  EXPECT_EQ(R.View.str(), "(((2,2),2,2),1,4):(((1,4),2,8),0,16)");
  // Two warpgroups along M, one k-block: the same permutation.
  Atom C32 = registryAtom("SM90_64x32x32_F32E4M3E4M3_SS");
  auto R2 = check(
      accToOperandAPermuted(tiled(C32, 2), tiled(A, 2), IntTuple{128, 32}),
      "permuted");
  EXPECT_EQ(R2.PermK.str(), "((2,2,4,2)):((1,8,2,16))");
  // The plain view still does not exist.
  auto Plain = accToOperandALayout(tiled(C, 1), tiled(A, 1), IntTuple{64, 128});
  ASSERT_FALSE(bool(Plain));
  llvm::consumeError(Plain.takeError());
}

// Every FP8 RS WGMMA of the registry with an f32 accumulator, each with the
// SS WGMMA of its types that produces S as wide as O (and for e4m3 x e4m3
// also 64 keys wide), one and two warpgroups: a bijection onto the A
// fragment under one permutation.
TEST(AccPermuted, EveryFp8RsWgmmaIsABijection) {
  std::mt19937 Rng(1);
  unsigned Checked = 0;
  for (const char *AB : Fp8Pairs) {
    std::vector<std::string> RS = wgmmaVariants("32", AB, "RS");
    EXPECT_EQ(RS.size(), 32u) << AB;
    for (const std::string &NameA : RS) {
      Atom A = registryAtom(NameA);
      // S as wide as O, and for one pair of types also 64 keys wide.
      std::vector<int64_t> Widths{A.N};
      if (llvm::StringRef(AB) == "E4M3E4M3" && A.N != 64)
        Widths.push_back(64);
      for (int64_t NC : Widths) {
        Atom C = registryAtom(
            llvm::formatv("SM90_64x{0}x32_F32{1}_SS", NC, AB).str());
        int64_t TileN = std::lcm(NC, (int64_t)32);
        for (int64_t AM : {1, 2}) {
          Config Cf{C, A, AM, 64 * AM, TileN};
          auto R = accToOperandAPermuted(tiled(C, AM), tiled(A, AM),
                                         IntTuple{Cf.TileM, Cf.TileN}, C.Name,
                                         A.Name);
          ASSERT_TRUE(bool(R))
              << Cf.describe() << ": " << llvm::toString(R.takeError());
          checkPermuted(Cf, *R, /*Differential=*/false, Rng);
          ++Checked;
        }
      }
    }
  }
  EXPECT_EQ(Checked, (4u * 32 + 31) * 2);
}

// O = P V through the registers, against the plain product, over several
// key-block widths (S's N), head dimensions (the RS atom's N), tiles with
// several MMAs along M and N, and both atom layouts.
TEST(AccPermuted, Fp8PvDifferential) {
  std::mt19937 Rng(2024);
  unsigned Checked = 0;
  for (const char *AB : {"E4M3E4M3", "E5M2E4M3"})
    for (int64_t NA : {64, 128, 256})
      for (int64_t NC : {64, 96, 128, 192, 256})
        for (int64_t AM : {1, 2})
          for (auto [FM, FN] :
               {std::pair<int64_t, int64_t>{1, 1}, {2, 1}, {1, 2}}) {
            Atom A = registryAtom(
                llvm::formatv("SM90_64x{0}x32_F32{1}_RS", NA, AB).str());
            Atom C = registryAtom(
                llvm::formatv("SM90_64x{0}x32_F32{1}_SS", NC, AB).str());
            Config Cf{C, A, AM, 64 * AM * FM, std::lcm(NC, (int64_t)32) * FN};
            auto R = accToOperandAPermuted(tiled(C, AM), tiled(A, AM),
                                           IntTuple{Cf.TileM, Cf.TileN});
            ASSERT_TRUE(bool(R))
                << Cf.describe() << ": " << llvm::toString(R.takeError());
            // One permutation for every configuration: the 8-bit one of
            // each k-block of 32.
            EXPECT_EQ(R->PermK.str(),
                      llvm::formatv("((2,2,4,{0})):((1,8,2,16))", Cf.TileN / 16)
                          .str())
                << Cf.describe();
            checkPermuted(Cf, *R, /*Differential=*/true, Rng);
            ++Checked;
          }
  EXPECT_EQ(Checked, 2u * 3 * 5 * 2 * 3);
}

// A key block of S whose MMAs along N end inside a k-block of the RS atom
// (two 64x176 WGMMAs over 352 keys: k-block 5 is columns 160..191, its
// first half in the first MMA's registers, its second in the second's):
// the view is a function, but no layout of the A fragment's shape.
TEST(AccPermuted, KBlockAcrossMmasIsNoLayout) {
  Atom C = registryAtom("SM90_64x176x32_F32E4M3E4M3_SS");
  Atom A = registryAtom("SM90_64x64x32_F32E4M3E4M3_RS");
  auto R = accToOperandAPermuted(tiled(C, 1), tiled(A, 1), IntTuple{128, 352});
  ASSERT_FALSE(bool(R));
  EXPECT_NE(llvm::toString(R.takeError())
                .find("the map from MmaA's A values to MmaC's accumulators "
                      "is not a layout of shape ((4,2,2),2,11)"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// 16-bit operands: the identity
//===----------------------------------------------------------------------===//

TEST(AccPermuted, SixteenBitIsTheIdentity) {
  std::mt19937 Rng(7);
  unsigned Checked = 0;
  struct Pair {
    std::string C, A;
    int64_t TileNUnit;
  };
  std::vector<Pair> Pairs;
  for (const char *AB : {"BF16BF16", "F16F16"})
    for (int64_t NC : {64, 128, 176})
      for (int64_t NA : {64, 256})
        Pairs.push_back(
            {llvm::formatv("SM90_64x{0}x16_F32{1}_SS", NC, AB).str(),
             llvm::formatv("SM90_64x{0}x16_F32{1}_RS", NA, AB).str(),
             std::lcm(NC, (int64_t)16)});
  for (const Pair &Pr : Pairs) {
    Atom C = registryAtom(Pr.C), A = registryAtom(Pr.A);
    for (int64_t AM : {1, 2})
      for (int64_t FN : {1, 2}) {
        Config Cf{C, A, AM, 64 * AM, Pr.TileNUnit * FN};
        IntTuple Tile{Cf.TileM, Cf.TileN};
        auto R = accToOperandAPermuted(tiled(C, AM), tiled(A, AM), Tile);
        ASSERT_TRUE(bool(R))
            << Cf.describe() << ": " << llvm::toString(R.takeError());
        EXPECT_EQ(R->PermK.str(), llvm::formatv("({0}):(1)", Cf.TileN).str());
        EXPECT_EQ(R->View.str(),
                  check(accToOperandALayout(tiled(C, AM), tiled(A, AM), Tile),
                        "Aregs")
                      .str());
        checkPermuted(Cf, *R, /*Differential=*/true, Rng);
        ++Checked;
      }
  }
  EXPECT_EQ(Checked, 2u * 3 * 2 * 2 * 2);
}

// mma.sync's A operand is its accumulator's registers as they are.
TEST(AccPermuted, Sm80IsTheIdentity) {
  Atom At = registryAtom("SM80_16x8x16_F32F16F16F32_TN");
  auto R =
      check(accToOperandAPermuted(tiled(At, 4), tiled(At, 4), IntTuple{64, 64}),
            "permuted");
  EXPECT_EQ(R.PermK.str(), "(64):(1)");
  EXPECT_EQ(R.View.str(), check(accToOperandALayout(tiled(At, 4), tiled(At, 4),
                                                    IntTuple{64, 64}),
                                "Aregs")
                              .str());
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(AccPermuted, MismatchedTiledMmas) {
  Atom C = registryAtom("SM90_64x128x32_F32E4M3E4M3_SS");
  Atom A = registryAtom("SM90_64x128x32_F32E4M3E4M3_RS");
  // Two warpgroups against one.
  auto R = accToOperandAPermuted(tiled(C, 2), tiled(A, 1), IntTuple{128, 128},
                                 "C8", "A8");
  ASSERT_FALSE(bool(R));
  EXPECT_EQ(llvm::toString(R.takeError()),
            "convert_layout_acc_Aregs_permuted expects TiledMMAs of the same "
            "thread count, but C8 has 256 threads and A8 has 128");
  // The accumulator's warpgroups along N, the A operand's along M: thread
  // 0 accumulates rows 0, 8, 64 and 72 (two MMAs along M), but reads A
  // rows 0 and 8 only.
  TiledMMA MC = check(makeTiledMMA(C.A, makeLayout(IntTuple{1, 2, 1})), "MC");
  auto N =
      accToOperandAPermuted(MC, tiled(A, 2), IntTuple{128, 256}, "C8", "A8");
  ASSERT_FALSE(bool(N));
  EXPECT_EQ(llvm::toString(N.takeError()),
            "convert_layout_acc_Aregs_permuted: no permutation of K makes "
            "the accumulator of C8 the A operand of A8: thread 0 holds "
            "accumulators of row 64 but no A value of it (rows would have to "
            "move between threads)");
  // A key block that is no whole number of the RS atom's k-blocks.
  Atom C48 = registryAtom("SM90_64x48x32_F32E4M3E4M3_SS");
  auto T = accToOperandAPermuted(tiled(C48, 1), tiled(A, 1), IntTuple{64, 48});
  ASSERT_FALSE(bool(T));
  EXPECT_NE(llvm::toString(T.takeError()).find("multiple of the (64,32) tile"),
            std::string::npos);
}

} // namespace
