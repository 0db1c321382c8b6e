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

/// The column a parse of \p S fails at, or 0 when it parses.
template <typename FnT> unsigned failColumn(FnT Parse, const char *S) {
  auto R = Parse(S);
  if (R)
    return 0;
  unsigned Col = 0;
  llvm::handleAllErrors(R.takeError(),
                        [&](const ParseError &E) { Col = E.column(); });
  return Col;
}

TEST(NotationTest, StrideRulesAtTheirColumn) {
  // Integers and scaled bases do not mix (a static 0 fits both); a codomain
  // mode is a leaf or a tuple, never both.
  EXPECT_EQ(failColumn(parseLayout, "(2,3):(1,1@0)"), 10u);
  EXPECT_EQ(failColumn(parseLayout, "(2,3):(1@1@0,1@0)"), 14u);
  EXPECT_EQ(failColumn(parseStride, "(1@0,1)"), 6u);
  EXPECT_EQ(failColumn(parseStride, "(1@0,0)"), 0u);
  EXPECT_EQ(failColumn(parseStride, "((1@0@0,1@1@0),1@1)"), 0u);
  EXPECT_EQ(failColumn(parseLayout, "(2,3):(1@0,1@1@0)"), 12u);
  // Plain integer tuples are not strides: the rule is the stride's.
  EXPECT_EQ(failColumn(parseIntTuple, "(1,1@0)"), 0u);
}

TEST(NotationTest, ComposedLayoutFits) {
  EXPECT_EQ(failColumn(parseComposedLayout, "(4,5):(1,4) o 2 o (0,3):(1,2)"),
            20u);
  EXPECT_EQ(failColumn(parseComposedLayout, "(4,0):(1,4) o 2 o (2,3):(1,2)"),
            4u);
  EXPECT_EQ(
      failColumn(parseComposedLayout, "(4,5):(1,4) o (1,7) o (2,3):(1,2)"),
      15u);
  EXPECT_EQ(
      failColumn(parseComposedLayout, "(4,5):(1,4) o (1,4) o (2,3):(1,2)"), 0u);
  EXPECT_EQ(failColumn(parseComposedLayout, "S<1,2,3> o (0,0) o 4:1"), 12u);
  EXPECT_EQ(failColumn(parseComposedLayout, "S<1,2,3> o 7 o 4:1"), 0u);
}

} // namespace
