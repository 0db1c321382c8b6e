//===- NotationTest.cpp - Parse/print round trips -------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace cute;

namespace {

TEST(NotationTest, LayoutRoundTrip) {
  for (const char *S : {"(8,4):(1,8)", "((2,2),4):((1,8),2)", "8:1", "(8):(1)",
                        "(?,4):(1,?{i64})", "(2,3):(1@0,1@1)"}) {
    auto L = parseLayout(S);
    ASSERT_TRUE(bool(L)) << S;
    EXPECT_EQ(L->str(), S);
  }
}

} // namespace
