//===- CallSignatureTest.cpp - The registry's call signatures -------------===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Every variant's call signature (callSignatureOf) holds what a front end
/// needs to write the call: one argument per atom parameter in order, with
/// the parameter's C type and an IR type, each pointer to registers or to an
/// object of a known space and alignment, each immediate with its legal
/// values, the trailing operand groups that add up to the variant's count.
/// And the facts the records state for the atoms front ends trip on.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace cute::registry;

namespace {

const VariantInfo &variantNamed(StringRef Name) {
  const VariantInfo *V = lookupVariant(Name);
  EXPECT_NE(V, nullptr) << Name.str();
  return *V;
}

/// The argument named \p Name of \p V's call.
const CallArgInfo &argNamed(const VariantInfo &V, StringRef Name) {
  ArrayRef<CallArgInfo> Args = argsOf(callSignatureOf(V));
  const CallArgInfo *It = find_if(
      Args, [&](const CallArgInfo &A) { return StringRef(A.Name) == Name; });
  EXPECT_NE(It, Args.end()) << Name.str();
  return *It;
}

TEST(CallSignatureTest, EveryVariantStatesItsCall) {
  for (const VariantInfo &V : variants()) {
    SCOPED_TRACE(V.Name.str());
    const AtomInfo &A = atoms()[V.Atom];
    const CallSignatureInfo &S = callSignatureOf(V);
    EXPECT_EQ(StringRef(S.Result), StringRef(A.Result));
    EXPECT_FALSE(S.ResultIRType.empty());
    ArrayRef<CallArgInfo> Args = argsOf(S);
    ArrayRef<AtomParamInfo> Params = paramsOf(A);
    ASSERT_GE(Args.size(), Params.size());
    unsigned Trailing = 0;
    for (auto [I, Arg] : enumerate(Args)) {
      SCOPED_TRACE(Arg.Name.str());
      EXPECT_FALSE(Arg.IRType.empty());
      if (I >= Params.size()) {
        // The trailing groups follow the parameters.
        EXPECT_EQ(Arg.Passing, ArgPassing::Trailing);
        EXPECT_GT(Arg.Count, 0u);
        Trailing += Arg.Count;
        continue;
      }
      EXPECT_EQ(StringRef(Arg.Name), StringRef(Params[I].Name));
      EXPECT_EQ(StringRef(Arg.CType), StringRef(Params[I].CType));
      bool Pointer = StringRef(Arg.IRType) == "ptr";
      switch (Arg.Passing) {
      case ArgPassing::Registers:
        EXPECT_TRUE(Pointer);
        EXPECT_GT(Arg.Count, 0u);
        EXPECT_FALSE(Arg.RegType.empty());
        EXPECT_EQ(Arg.Bytes % Arg.Count, 0u);
        EXPECT_TRUE(isPowerOf2_32(Arg.Bytes / Arg.Count));
        break;
      case ArgPassing::Memory:
        EXPECT_TRUE(Pointer);
        EXPECT_TRUE(is_contained({"shared", "global", "generic"},
                                 StringRef(Arg.Space)));
        EXPECT_FALSE(Arg.Object.empty());
        EXPECT_TRUE(isPowerOf2_32(Arg.Align));
        break;
      case ArgPassing::Immediate:
        // An immediate always states its legal values.
        EXPECT_LE(Arg.Min, Arg.Max);
        [[fallthrough]];
      case ArgPassing::Value:
        EXPECT_FALSE(Pointer);
        break;
      case ArgPassing::Unused:
        break;
      case ArgPassing::Trailing:
        ADD_FAILURE() << "a trailing group among the parameters";
      }
    }
    EXPECT_EQ(Trailing, A.Variadic ? trailingOperandsOf(V) : 0u);
  }
}

TEST(CallSignatureTest, TheRecordsStateWhatFrontEndsNeed) {
  // TMA: the coordinates and im2col offsets, each with its IR type and count;
  // the tensor map, box and mbarrier objects; a prefetch passes no box.
  ArrayRef<CallArgInfo> Im2col =
      argsOf(callSignatureOf(variantNamed("SM90_TMA_LOAD_IM2COL_4D")));
  ASSERT_EQ(Im2col.size(), 5u);
  EXPECT_EQ(StringRef(Im2col[3].Name), "coords");
  EXPECT_EQ(StringRef(Im2col[3].IRType), "i32");
  EXPECT_EQ(Im2col[3].Count, 4u);
  EXPECT_EQ(StringRef(Im2col[3].Of), "tmap");
  EXPECT_EQ(StringRef(Im2col[4].Name), "offs");
  EXPECT_EQ(StringRef(Im2col[4].IRType), "i16");
  EXPECT_EQ(Im2col[4].Count, 2u);
  const VariantInfo &Load = variantNamed("SM90_TMA_LOAD_2D");
  EXPECT_EQ(StringRef(argNamed(Load, "tmap").Object), "tensor_map");
  EXPECT_EQ(argNamed(Load, "tmap").Bytes, 128u);
  EXPECT_EQ(StringRef(argNamed(Load, "mbar").Object), "mbarrier");
  EXPECT_EQ(StringRef(argNamed(Load, "smem").Space), "shared");
  EXPECT_EQ(argNamed(variantNamed("SM90_TMA_LOAD_PREFETCH_2D"), "smem").Passing,
            ArgPassing::Unused);

  // Immediates and their ranges, from the records the verifiers read.
  const CallArgInfo &Regs =
      argNamed(variantNamed("SM90_SETMAXNREG_INC"), "regs");
  EXPECT_EQ(Regs.Passing, ArgPassing::Immediate);
  EXPECT_EQ(Regs.Min, 24);
  EXPECT_EQ(Regs.Max, 256);
  EXPECT_EQ(Regs.Step, 8);
  const CallArgInfo &Wait =
      argNamed(variantNamed("SM90_WGMMA_WAIT_GROUP"), "n");
  EXPECT_EQ(Wait.Passing, ArgPassing::Immediate);
  EXPECT_EQ(Wait.Max, 7);
  const CallArgInfo &Count =
      argNamed(variantNamed("SM90_WGMMA_FENCE_OPERAND_F32"), "count");
  EXPECT_EQ(Count.Passing, ArgPassing::Immediate);
  EXPECT_EQ(StringRef(Count.Role), "register_count");
  EXPECT_EQ(StringRef(Count.Of), "frag");
  EXPECT_EQ(
      StringRef(argNamed(variantNamed("SM90_WGMMA_FENCE_OPERAND_F32"), "frag")
                    .CountArg),
      "count");
  const CallArgInfo &Rank =
      argNamed(variantNamed("SM90_MBARRIER_ARRIVE_CLUSTER"), "cta");
  EXPECT_EQ(StringRef(Rank.Role), "cluster_rank");
  EXPECT_EQ(Rank.Max, 15);
  EXPECT_EQ(argNamed(variantNamed("SM80_MBARRIER_ARRIVE"), "bytes").Passing,
            ArgPassing::Unused);
  EXPECT_EQ(argNamed(variantNamed("SM80_CP_ASYNC_COMMIT"), "n").Passing,
            ArgPassing::Unused);

  // What a call returns.
  EXPECT_EQ(
      StringRef(callSignatureOf(variantNamed("SM100_TMEM_RETRIEVE_PTR_1SM"))
                    .ResultIRType),
      "i32");
  EXPECT_EQ(
      StringRef(
          callSignatureOf(variantNamed("SM90_ELECT_ONE_SYNC")).ResultIRType),
      "i1");
}

} // namespace
