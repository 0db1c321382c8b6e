//===- ValueTest.cpp - cute::Value holds one alternative ------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// cute::Value keeps only the alternative its kind names (tuples inline,
/// the larger ones behind a pointer): a value of every kind parses, prints
/// as it was written, and copies deeply, so that changing a copy leaves the
/// original as it was.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Operations.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <string>

using namespace cute;

namespace {

Value parse(const std::string &Text, ValueKind Kind) {
  auto V = parseValue(Text, Kind);
  if (!V) {
    ADD_FAILURE() << Text << ": " << llvm::toString(V.takeError());
    return Value();
  }
  return std::move(*V);
}

TEST(ValueTest, EveryKindPrintsAsWritten) {
  struct Case {
    const char *Text;
    ValueKind Kind;
  } Cases[] = {
      {"(3,(2,4))", ValueKind::IntTuple},
      {"(4,8)", ValueKind::Shape},
      {"(1,4)", ValueKind::Stride},
      {"(_,2)", ValueKind::Coord},
      {"7", ValueKind::Int},
      {"(4,8):(1,4)", ValueKind::Layout},
      {"S<3,4,3> o 0 o (8,64):(64,1)", ValueKind::ComposedLayout},
      {"S<2,3,3>", ValueKind::Swizzle},
      {"[4:1;_;8:2]", ValueKind::Tile},
  };
  for (const Case &C : Cases) {
    Value V = parse(C.Text, C.Kind);
    EXPECT_EQ(V.kind(), C.Kind) << C.Text;
    EXPECT_EQ(V.str(), C.Text);
    // A copy, a move and an assignment print the same.
    Value Copy = V;
    EXPECT_EQ(Copy.str(), C.Text);
    Value Moved = std::move(Copy);
    EXPECT_EQ(Moved.str(), C.Text);
    // What is left behind is the empty tuple, not a dangling box.
    EXPECT_EQ(Copy.kind(), ValueKind::IntTuple);
    EXPECT_EQ(Copy.str(), "()");
    Value Assigned;
    Assigned = Moved;
    EXPECT_EQ(Assigned.kind(), C.Kind);
    EXPECT_EQ(Assigned.str(), C.Text);
  }
}

TEST(ValueTest, CopiesAreDeep) {
  Value L = parse("(4,8):(1,4)", ValueKind::Layout);
  Value LC = L;
  LC.layout().Shape = IntTuple{2, 16};
  EXPECT_EQ(L.str(), "(4,8):(1,4)");
  EXPECT_EQ(LC.str(), "(2,16):(1,4)");

  Value C = parse("S<3,4,3> o 0 o (8,64):(64,1)", ValueKind::ComposedLayout);
  Value CC = C;
  CC.composed().Offset = IntTuple(32);
  EXPECT_EQ(C.str(), "S<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(CC.str(), "S<3,4,3> o 32 o (8,64):(64,1)");

  Value T = parse("(4:1,8:1)", ValueKind::Tile);
  Value TC = T;
  TC.tile().elems().pop_back();
  EXPECT_EQ(T.str(), "(4:1,8:1)");
  EXPECT_NE(TC.str(), T.str());

  Value Tu = parse("(3,4)", ValueKind::Shape);
  Value TuC = Tu;
  TuC.tuple().push_back(IntTuple(5));
  EXPECT_EQ(Tu.str(), "(3,4)");
  EXPECT_EQ(TuC.str(), "(3,4,5)");

  Value LT = Value::fromLayouts({L, C});
  Value LTC = LT;
  LTC.elems()[0].layout().Stride = IntTuple{8, 1};
  EXPECT_EQ(LT.str(), "((4,8):(1,4),S<3,4,3> o 0 o (8,64):(64,1))");
  EXPECT_EQ(LTC.elems()[0].str(), "(4,8):(8,1)");
}

TEST(ValueTest, Constructors) {
  // Only leaves are ints: an int-kinded tuple is an int tuple.
  EXPECT_EQ(Value::fromTuple(IntTuple{1, 2}, ValueKind::Int).kind(),
            ValueKind::IntTuple);
  EXPECT_EQ(Value::fromTuple(IntTuple(3), ValueKind::Int).kind(),
            ValueKind::Int);
  EXPECT_EQ(Value::fromBool(true).str(), "true");
  EXPECT_EQ(Value::fromBool(false).flag(), false);
  Value Sw = Value::fromSwizzle(Swizzle{3, 4, 3});
  EXPECT_EQ(Sw.kind(), ValueKind::Swizzle);
  EXPECT_EQ(Sw.swizzle().Bits, 3);
  Value Tile = Value::fromTile(Tile::fromShape(IntTuple{4, 8}), true);
  EXPECT_TRUE(Tile.bracketed());
  EXPECT_EQ(Value().str(), "()");
  Value Retyped = Value::fromTuple(IntTuple{2, 3});
  Retyped.setTupleKind(ValueKind::Shape);
  EXPECT_EQ(Retyped.kind(), ValueKind::Shape);
}

} // namespace
