//===- TileToMmaShapeTest.cpp - UMMA::tile_to_mma_shape as a property -----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// tileToMmaShape(atom, ((M,K),NM,NK,rest...)) is CuTe's
/// UMMA::tile_to_mma_shape: the atom tiled over (M * NM, K * NK, rest...)
/// and divided back into (M, K) blocks. Checked on random atoms and MMA
/// shapes: the result has the MMA shape's shape, and its value at
/// ((i, j), a, b, p...) is the tile_to_shape layout's at (i + a M, j + b K,
/// p...), both evaluated here by a colex walk over their flattened leaves
/// (not by the library). Shapes that are no MMA partition shape are
/// errors.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Layout/Notation.h"
#include "LayoutTestHelpers.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <random>

using namespace cute;
using cute::test::check;

namespace {

/// The value of a static layout at colex index \p I of its flattened
/// leaves (the last leaf takes any overflow, as CuTe's does).
int64_t evalColex(const Layout &L, int64_t I) {
  llvm::SmallVector<IntTuple, 8> S, D;
  leaves(L.Shape, S);
  leaves(L.Stride, D);
  int64_t R = 0;
  for (size_t K = 0; K < S.size(); ++K) {
    int64_t E = S[K].value().value();
    bool Last = K + 1 == S.size();
    R += (Last ? I : I % E) * D[K].value().value();
    I = Last ? 0 : I / E;
  }
  return R;
}

IntTuple tup(std::vector<IntTuple> V) { return IntTuple(std::move(V)); }
IntTuple num(int64_t V) { return IntTuple(Int(V)); }

TEST(TileToMmaShapeTest, IsTheBlockedTileToShape) {
  std::mt19937 Rng(20261129);
  auto Pick = [&](std::vector<int64_t> V) {
    return V[std::uniform_int_distribution<size_t>(0, V.size() - 1)(Rng)];
  };
  for (int Case = 0; Case < 500; ++Case) {
    // A compact atom of R x C, row- or column-major.
    int64_t R = Pick({1, 2, 4, 8}), C = Pick({1, 2, 4, 8, 16});
    bool RowMajor = Pick({0, 1});
    Layout Atom(tup({num(R), num(C)}),
                RowMajor ? tup({num(C), num(1)}) : tup({num(1), num(R)}));
    // ((M, K), NM, NK[, PIPE]) with the atom dividing M * NM and K * NK.
    int64_t M = R * Pick({1, 2, 4}), K = C * Pick({1, 2}),
            NM = Pick({1, 2, 3}), NK = Pick({1, 2, 4}), Pipe = Pick({0, 2, 3});
    std::vector<IntTuple> Modes = {tup({num(M), num(K)}), num(NM), num(NK)};
    std::vector<IntTuple> Flat = {num(M * NM), num(K * NK)};
    if (Pipe) {
      Modes.push_back(num(Pipe));
      Flat.push_back(num(Pipe));
    }
    IntTuple MmaShape = tup(Modes);
    std::string What = Atom.str() + " over " + MmaShape.str();
    Layout Got = check(tileToMmaShape(Atom, MmaShape, nullptr, true), What);
    Layout Want = check(tileToShape(Atom, tup(Flat), nullptr, true), What);
    if (HasFailure())
      return;
    // The same shape, up to the nesting of mode 0's leaves.
    ASSERT_EQ(rank(Got), Modes.size()) << What << " -> " << Got.str();
    ASSERT_EQ(product(mode(Got.Shape, 0)).value(), M * K) << What;
    int64_t P = Pipe ? Pipe : 1;
    for (int64_t Pp = 0; Pp < P; ++Pp)
      for (int64_t B = 0; B < NK; ++B)
        for (int64_t A = 0; A < NM; ++A)
          for (int64_t J = 0; J < K; ++J)
            for (int64_t I = 0; I < M; ++I) {
              int64_t GotIdx = I + M * (J + K * (A + NM * (B + NK * Pp)));
              int64_t Row = I + A * M, Col = J + B * K;
              int64_t WantIdx = Row + M * NM * (Col + K * NK * Pp);
              ASSERT_EQ(evalColex(Got, GotIdx), evalColex(Want, WantIdx))
                  << What << " -> " << Got.str() << " at ((" << I << "," << J
                  << ")," << A << "," << B << "," << Pp << ")";
            }
  }
}

TEST(TileToMmaShapeTest, RejectsShapesThatAreNoMmaPartition) {
  Layout Atom = check(parseLayout("(8,64):(64,1)"), "atom");
  for (const char *Bad : {"(128,16)", "((128,16),1)", "(128,16,4)",
                          "((128,16,2),1,4)", "128"}) {
    IntTuple S = check(parseIntTuple(Bad), Bad);
    auto R = tileToMmaShape(Atom, S, nullptr, true);
    ASSERT_FALSE(bool(R)) << Bad;
    EXPECT_NE(llvm::toString(R.takeError()).find("MMA partition shape"),
              std::string::npos)
        << Bad;
  }
  // An atom that does not divide the tile is tile_to_shape's error.
  auto R = tileToMmaShape(Atom, check(parseIntTuple("((12,16),1,4)"), "s"),
                          nullptr, true);
  ASSERT_FALSE(bool(R));
  EXPECT_NE(llvm::toString(R.takeError()).find("does not divide"),
            std::string::npos);
}

} // namespace
