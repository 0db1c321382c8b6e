//===- TiledObjectTest.cpp - TiledMMA and TiledCopy objects ---------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The tiled objects of TiledObject.h: built once (one registry look-up per
/// atom, none when an op is given the object), and the same values through
/// either path: for the registry's MMA and copy atoms that the tests and
/// examples use, over varied atom layouts, permutations, tensors and
/// threads (static and dynamic), every tiled op given the object agrees
/// with the same op given the attributes (the IR's text form and
/// cute-layout's), results and diagnostics alike; and a cute value given
/// to a constructor builds the object its notation builds.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/TiledObject.h"
#include "CuteLLVM/Registry/TiledAtoms.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <random>

using namespace cute;
using llvm::Expected;
using llvm::StringRef;

namespace {

/// The registry, counting the atoms it is asked for.
class CountingSource : public AtomSource {
public:
  mutable unsigned MmaLookups = 0, CopyLookups = 0;
  Expected<NamedMmaAtom> mmaAtom(StringRef Name) const override {
    ++MmaLookups;
    return registry::atomSource().mmaAtom(Name);
  }
  Expected<NamedCopyAtom> copyAtom(StringRef Name) const override {
    ++CopyLookups;
    return registry::atomSource().copyAtom(Name);
  }
  Expected<unsigned> elementBits(StringRef Name) const override {
    return registry::atomSource().elementBits(Name);
  }
};

/// No operand.
const std::vector<Value> NoArgs;

/// Whether \p R holds results (its error consumed).
bool succeeds(Expected<std::vector<Value>> R) {
  if (R)
    return true;
  llvm::consumeError(R.takeError());
  return false;
}

Value val(StringRef Text, ValueKind K = ValueKind::Auto) {
  auto V = parseValue(Text, K);
  if (!V) {
    ADD_FAILURE() << Text.str() << ": " << llvm::toString(V.takeError());
    return Value();
  }
  return std::move(*V);
}

/// The results of an op as notation, or its error.
std::string outcome(Expected<std::vector<Value>> R) {
  if (!R)
    return "error: " + llvm::toString(R.takeError());
  std::string S;
  for (const Value &V : *R)
    S += V.str() + "; ";
  return S;
}

/// Attributes from `key=value` words (values without spaces).
OpAttrs attrs(std::initializer_list<std::pair<const char *, std::string>> KV,
              const AtomSource *Atoms = &registry::atomSource()) {
  OpAttrs A;
  A.Atoms = Atoms;
  for (const auto &[K, V] : KV)
    if (!V.empty())
      A.Strings[K] = V;
  return A;
}

TiledObjectRef build(StringRef Op, const OpAttrs &A) {
  auto O = buildTiledObject(Op, NoArgs, A);
  if (!O) {
    ADD_FAILURE() << Op.str() << ": " << llvm::toString(O.takeError());
    return nullptr;
  }
  return *O;
}

/// The attributes that carry \p Obj alone (no registry: nothing can be
/// rebuilt from a name).
OpAttrs withObject(const TiledObjectRef &Obj) {
  OpAttrs A;
  if (Obj->isMma())
    A.MmaObjects[""] = Obj;
  else
    A.CopyObject = Obj;
  return A;
}

/// A compact (M, N) tensor, column- or row-major, as a layout value.
Value tensor(int64_t M, int64_t N, bool RowMajor) {
  return Value::fromLayout(RowMajor ? makeLayoutRight(IntTuple{M, N})
                                    : makeLayout(IntTuple{M, N}));
}

//===----------------------------------------------------------------------===//
// Built once
//===----------------------------------------------------------------------===//

TEST(TiledObject, BuiltOnceTakenAsBuilt) {
  CountingSource Src;
  OpAttrs MmaAt = attrs({{"mma_atom", "SM80_16x8x16_F32F16F16F32_TN"},
                         {"atom_layout", "(2,2,1)"},
                         {"permutation", "(32,32,16)"}},
                        &Src);
  TiledObjectRef Mma = build("make_tiled_mma", MmaAt);
  ASSERT_TRUE(Mma && Mma->isMma());
  EXPECT_EQ(Src.MmaLookups, 1u);
  EXPECT_EQ(Mma->mma().AtomName, "SM80_16x8x16_F32F16F16F32_TN");
  EXPECT_EQ(Mma->mma().Bits[0], 16u);
  EXPECT_EQ(Mma->mma().Bits[2], 32u);
  EXPECT_EQ(Mma->results().size(), 5u);

  // Every op given the object takes it as built: no registry here, and no
  // attribute that spells the TiledMMA out.
  OpAttrs ByObj = withObject(Mma);
  Value A = tensor(64, 32, true);
  for (int64_t T = 0; T < 128; ++T) {
    Value Thr = Value::fromTuple(IntTuple(T), ValueKind::Int);
    for (StringRef Op : {"tiled.mma.partition_A", "tiled.mma.partition_B",
                         "tiled.mma.partition_fragment_A"})
      ASSERT_TRUE(succeeds(evaluateOp(Op, {A, Thr}, ByObj)))
          << Op.str() << " " << T;
  }
  EXPECT_EQ(Src.MmaLookups, 1u);
  // The attribute form builds it at each op.
  ASSERT_TRUE(
      succeeds(evaluateOp("tiled.mma.partition_A", {A, val("3")}, MmaAt)));
  EXPECT_EQ(Src.MmaLookups, 2u);

  // A copy of the MMA's operand: one copy-atom look-up, no MMA look-up.
  OpAttrs CpAt = attrs({{"copy_atom", "SM75_U32x4_LDSM_N"}}, &Src);
  CpAt.MmaObjects[""] = Mma;
  auto Copy = buildTiledObject("make_tiled_copy_A", NoArgs, CpAt);
  ASSERT_TRUE(bool(Copy)) << llvm::toString(Copy.takeError());
  EXPECT_EQ(Src.MmaLookups, 2u);
  EXPECT_EQ(Src.CopyLookups, 1u);
  // The copy moves the MMA operand's 16-bit values.
  EXPECT_EQ((*Copy)->copy().ValueBits, 16);
  EXPECT_EQ((*Copy)->copy().AtomName, "SM75_U32x4_LDSM_N");
  OpAttrs CopyObj = withObject(*Copy);
  for (int64_t T = 0; T < 128; ++T)
    ASSERT_TRUE(succeeds(evaluateOp(
        "tiled.copy.partition_S",
        {A, Value::fromTuple(IntTuple(T), ValueKind::Int)}, CopyObj)));
  EXPECT_EQ(Src.CopyLookups, 1u);

  // A constructor given its own kind of object returns it.
  auto Again = buildTiledObject("make_tiled_mma", NoArgs, ByObj);
  ASSERT_TRUE(bool(Again));
  EXPECT_EQ(Again->get(), Mma.get());
}

TEST(TiledObject, AnAttributeMayNotSpellTheObjectAgain) {
  TiledObjectRef Mma = build(
      "make_tiled_mma", attrs({{"mma_atom", "SM80_16x8x16_F32F16F16F32_TN"}}));
  ASSERT_TRUE(Mma);
  OpAttrs A = withObject(Mma);
  A.Strings["atom_layout"] = "(2,2,1)";
  EXPECT_EQ(outcome(evaluateOp("tiled.mma.partition_A",
                               {tensor(16, 16, false), val("0")}, A)),
            "error: 'tiled.mma.partition_A' takes its TiledMMA as an object "
            "operand; attribute atom_layout would spell it out again: give "
            "one or the other");
}

//===----------------------------------------------------------------------===//
// Differential: the object against the attributes
//===----------------------------------------------------------------------===//

/// The MMA atoms of the tests and examples.
const char *const MmaAtoms[] = {
    "SM80_16x8x16_F32F16F16F32_TN",
    "SM80_16x8x16_F16F16F16F16_TN",
    "SM80_16x8x8_F32F16F16F32_TN",
    "SM80_8x8x4_C64C64C64C64_TN",
    "UniversalFMA<F32,F32,F32,F32>",
    "SM90_64x128x16_F32F16F16_SS",
    "SM90_64x128x16_F32BF16BF16_SS",
    "SM90_64x128x16_F32BF16BF16_RS",
    "SM90_64x64x16_F16F16F16_SS",
    "SM90_64x256x16_F32BF16BF16_SS",
    "SM90_64x128x32_F32E4M3E4M3_SS",
    "SM90_64x128x32_F32E4M3E4M3_RS",
    "SM100_MMA_F16BF16_SS<F16,F16,F32,128,64>",
    "SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>",
};

const char *const AtomLayouts[] = {"",        "(2,1,1)", "(1,2,1)",
                                   "(2,2,1)", "(4,1,1)", "(2,2):(2,1)",
                                   "(1,4,1)", "(2,1)"};

/// Each mode's tile extent of \p Mma's results (tile_size_mnk).
std::vector<int64_t> tileMNK(const TiledObject &Mma) {
  std::vector<int64_t> Out;
  const IntTuple &T = Mma.results()[1].tuple();
  for (unsigned I = 0; I < 3; ++I)
    Out.push_back(T[I].value().value());
  return Out;
}

/// How many comparisons of expectSame were of results (not of errors).
unsigned SameResults = 0;

/// Compares \p Op given the object with \p Op given the attributes.
void expectSame(StringRef Op, llvm::ArrayRef<Value> Args, const OpAttrs &ByAt,
                const OpAttrs &ByObj, const std::string &Ctx) {
  std::string X = outcome(evaluateOp(Op, Args, ByAt));
  std::string Y = outcome(evaluateOp(Op, Args, ByObj));
  EXPECT_EQ(X, Y) << Op.str() << " " << Ctx;
  SameResults += !StringRef(X).starts_with("error: ");
}

TEST(TiledObject, MmaOpsAgreeWithTheAttributes) {
  std::mt19937 Rng(27);
  unsigned Built = 0, Compared = 0;
  SameResults = 0;
  for (const char *Name : MmaAtoms) {
    for (const char *AL : AtomLayouts) {
      // No permutation, `_` modes, and the atom tile times the atom count
      // along M and N doubled (a permutation larger than the atoms).
      for (int PermKind = 0; PermKind < 3; ++PermKind) {
        OpAttrs At = attrs({{"mma_atom", Name}, {"atom_layout", AL}});
        if (PermKind == 1)
          At.Strings["permutation"] = "(_,_,_)";
        auto Plain = buildTiledObject("make_tiled_mma", NoArgs, At);
        if (!Plain) {
          // What cannot be built cannot be used through attributes either.
          std::string E = llvm::toString(Plain.takeError());
          EXPECT_FALSE(
              succeeds(evaluateOp("tiled.mma.get_slice", {val("0")}, At)))
              << Name << " " << AL << ": " << E;
          continue;
        }
        if (PermKind == 2) {
          std::vector<int64_t> T = tileMNK(**Plain);
          At.Strings["permutation"] = "(" + std::to_string(2 * T[0]) + "," +
                                      std::to_string(2 * T[1]) + "," +
                                      std::to_string(T[2]) + ")";
        }
        TiledObjectRef Obj = build("make_tiled_mma", At);
        if (!Obj)
          continue;
        ++Built;
        auto PIt = At.Strings.find("permutation");
        std::string Perm = PIt == At.Strings.end() ? "" : PIt->second;
        std::string Ctx =
            std::string(Name) + " atom_layout=" + AL + " permutation=" + Perm;
        OpAttrs ByObj = withObject(Obj);
        // The constructor's results.
        EXPECT_EQ(outcome(evaluateOp("make_tiled_mma", NoArgs, At)),
                  outcome(Obj->results()))
            << Ctx;
        EXPECT_EQ(outcome(evaluateOp("make_tiled_mma", NoArgs, ByObj)),
                  outcome(Obj->results()))
            << Ctx;
        std::vector<int64_t> T = tileMNK(*Obj);
        int64_t NumThr = Obj->mma().Mma.numThr().value();
        // Tensors of one to three tiles per mode, either major.
        for (int Trial = 0; Trial < 2; ++Trial) {
          std::uniform_int_distribution<int64_t> Rep(1, 2), Thr(0, NumThr - 1);
          std::bernoulli_distribution Coin;
          int64_t M = T[0] * Rep(Rng), N = T[1] * Rep(Rng), K = T[2] * Rep(Rng);
          Value TA = tensor(M, K, Coin(Rng)), TB = tensor(N, K, Coin(Rng)),
                TC = tensor(M, N, Coin(Rng));
          std::vector<Value> Threads = {
              Value::fromTuple(IntTuple(Thr(Rng)), ValueKind::Int),
              Value::fromTuple(IntTuple(NumThr - 1), ValueKind::Int),
              val("?", ValueKind::Int)};
          for (const Value &Th : Threads) {
            std::string C = Ctx + " thread " + Th.str() + " tensors " +
                            TA.str() + " " + TB.str() + " " + TC.str();
            expectSame("tiled.mma.get_slice", {Th}, At, ByObj, C);
            expectSame("tiled.mma.partition_A", {TA, Th}, At, ByObj, C);
            expectSame("tiled.mma.partition_B", {TB, Th}, At, ByObj, C);
            expectSame("tiled.mma.partition_C", {TC, Th}, At, ByObj, C);
            expectSame("tiled.mma.partition_fragment_A", {TA, Th}, At, ByObj,
                       C);
            expectSame("tiled.mma.partition_fragment_B", {TB, Th}, At, ByObj,
                       C);
            expectSame("tiled.mma.partition_fragment_C", {TC, Th}, At, ByObj,
                       C);
            Compared += 7;
          }
          expectSame("tiled.mma.thrfrg_A", {TA}, At, ByObj, Ctx);
          expectSame("tiled.mma.thrfrg_B", {TB}, At, ByObj, Ctx);
          expectSame("tiled.mma.thrfrg_C", {TC}, At, ByObj, Ctx);
          Value MN = Value::fromTuple(IntTuple{M, N}, ValueKind::Shape);
          expectSame("tiled.mma.convert_layout_acc_rowcol", {MN}, At, ByObj,
                     Ctx);
          Compared += 4;
        }
      }
    }
  }
  // Most combinations build; each compared many ops.
  // Mostly results, not errors.
  EXPECT_GT(SameResults, Compared * 3 / 4) << SameResults;
  EXPECT_GT(Built, 300u) << "built " << Built << ", compared " << Compared;
  EXPECT_GT(Compared, 15000u) << "built " << Built << ", compared " << Compared;
}

TEST(TiledObject, AccToOperandAAgreesWithTheAttributes) {
  const std::pair<const char *, const char *> Pairs[] = {
      {"SM90_64x128x16_F32BF16BF16_SS", "SM90_64x128x16_F32BF16BF16_RS"},
      {"SM90_64x128x32_F32E4M3E4M3_SS", "SM90_64x128x32_F32E4M3E4M3_RS"},
      {"SM80_16x8x16_F32F16F16F32_TN", "SM80_16x8x16_F32F16F16F32_TN"}};
  for (const auto &[C, A] : Pairs)
    for (const char *AL : {"(2,1,1)", "(4,1,1)", "(2,2,1)"}) {
      OpAttrs At = attrs({{"mma_atom", C},
                          {"atom_layout", AL},
                          {"a_mma_atom", A},
                          {"a_atom_layout", AL}});
      TiledObjectRef MC = build("make_tiled_mma",
                                attrs({{"mma_atom", C}, {"atom_layout", AL}}));
      TiledObjectRef MA = build("make_tiled_mma",
                                attrs({{"mma_atom", A}, {"atom_layout", AL}}));
      ASSERT_TRUE(MC && MA);
      OpAttrs ByObj;
      ByObj.MmaObjects[""] = MC;
      ByObj.MmaObjects["a_"] = MA;
      for (const char *Tile : {"(128,128)", "(64,64)", "(128,256)", "(96,128)"})
        expectSame("tiled.mma.convert_layout_acc_Aregs",
                   {val(Tile, ValueKind::Shape)}, At, ByObj,
                   std::string(C) + " " + AL + " " + Tile);
    }
}

/// make_tiled_copy's cases: atom, value type, thread and value layouts.
struct CopyCase {
  const char *Atom, *Type, *Thr, *Val;
};
const CopyCase CopyCases[] = {
    {"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "f16", "(16,8):(8,1)", "(1,8)"},
    {"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "bf16", "(32,4):(4,1)", "(1,8)"},
    {"SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>", "f16", "(16,8):(8,1)",
     "(1,8)"},
    {"UniversalCopy<uint128_t>", "f16", "(32,4):(4,1)", "(1,8)"},
    {"UniversalCopy<uint128_t>", "f32", "(8,16)", "(4,1)"},
    {"UniversalCopy<uint32_t>", "f32", "(32,8)", "(1,1)"},
    {"UniversalCopy<uint32_t>", "f16", "(16,8)", "(2,1)"},
    {"UniversalCopy<uint16_t>", "f16", "(8,16):(16,1)", ""},
    {"UniversalCopy<uint64_t>", "f16", "(32,2)", "(1,4)"},
    {"UniversalCopy<uint64_t>", "f32", "(16,8)", "(2,1)"},
};

/// The copy ops over tensors tiled by \p Copy's tiler, given the object
/// and given the attributes \p ByAt.
void compareCopyOps(const TiledObjectRef &Copy, const OpAttrs &ByAt,
                    const std::string &Ctx, std::mt19937 &Rng,
                    unsigned &Compared) {
  OpAttrs ByObj = withObject(Copy);
  const IntTuple &Tiler = Copy->results()[1].tuple();
  if (Tiler.size() != 2)
    return;
  int64_t TM = Tiler[0].value().value(), TN = Tiler[1].value().value();
  int64_t NumThr = Copy->copy().Copy.numThr().value();
  std::uniform_int_distribution<int64_t> Rep(1, 3), Thr(0, NumThr - 1);
  std::bernoulli_distribution Coin;
  for (int Trial = 0; Trial < 3; ++Trial) {
    Value T = tensor(TM * Rep(Rng), TN * Rep(Rng), Coin(Rng));
    for (const Value &Th :
         {Value::fromTuple(IntTuple(Thr(Rng)), ValueKind::Int),
          val("?", ValueKind::Int)}) {
      std::string C = Ctx + " tensor " + T.str() + " thread " + Th.str();
      expectSame("tiled.copy.partition_S", {T, Th}, ByAt, ByObj, C);
      expectSame("tiled.copy.partition_D", {T, Th}, ByAt, ByObj, C);
      Compared += 2;
    }
    expectSame("tiled.copy.tidfrg_S", {T}, ByAt, ByObj, Ctx);
    expectSame("tiled.copy.tidfrg_D", {T}, ByAt, ByObj, Ctx);
    Compared += 2;
  }
  // A fragment of the copy's values, as retile takes it.
  int64_t NumVal = Copy->copy().Copy.numVal().value();
  Value Frag = tensor(NumVal, Rep(Rng), false);
  expectSame("tiled.copy.retile", {Frag}, ByAt, ByObj, Ctx);
  ++Compared;
}

TEST(TiledObject, CopyOpsAgreeWithTheAttributes) {
  std::mt19937 Rng(2727);
  unsigned Compared = 0;
  for (const CopyCase &K : CopyCases) {
    OpAttrs At = attrs({{"copy_atom", K.Atom},
                        {"value_type", K.Type},
                        {"thr_layout", K.Thr},
                        {"val_layout", K.Val}});
    TiledObjectRef Copy = build("make_tiled_copy", At);
    if (!Copy)
      continue;
    std::string Ctx =
        std::string(K.Atom) + " " + K.Type + " " + K.Thr + " " + K.Val;
    EXPECT_EQ(outcome(evaluateOp("make_tiled_copy", NoArgs, At)),
              outcome(Copy->results()))
        << Ctx;
    compareCopyOps(Copy, At, Ctx, Rng, Compared);
  }

  // make_tiled_copy_A/B/C of a TiledMMA object and of its attributes; the
  // copy it builds against its TV layout and tiler as attributes (what the
  // IR's attribute form gives).
  struct MmaCopyCase {
    const char *Op, *Copy, *Type, *Mma, *AL, *Perm;
  };
  const MmaCopyCase MmaCases[] = {
      {"make_tiled_copy_A", "SM75_U32x4_LDSM_N", "",
       "SM80_16x8x16_F16F16F16F16_TN", "(2,2)", "(32,32,16)"},
      {"make_tiled_copy_B", "SM75_U32x4_LDSM_N", "",
       "SM80_16x8x16_F16F16F16F16_TN", "(2,2)", "(32,32,16)"},
      {"make_tiled_copy_C", "UniversalCopy<uint16_t>", "",
       "SM80_16x8x16_F16F16F16F16_TN", "(2,2)", "(32,32,16)"},
      {"make_tiled_copy_A", "SM75_U32x4_LDSM_N", "",
       "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(32,32,16)"},
      {"make_tiled_copy_B", "SM75_U32x4_LDSM_N", "f16",
       "SM80_16x8x16_F32F16F16F32_TN", "(4,1,1)", "(64,16,16)"},
      {"make_tiled_copy_C", "SM90_U32x4_STSM_N", "bf16",
       "SM90_64x128x16_F32BF16BF16_SS", "(2,1,1)", ""},
      {"make_tiled_copy_C", "SM90_U32x4_STSM_N", "f16",
       "SM90_64x64x16_F32F16F16_SS", "", ""},
      {"make_tiled_copy_A", "SM75_U32x4_LDSM_N", "bf16",
       "SM90_64x128x16_F32BF16BF16_RS", "(2,1,1)", ""},
      {"make_tiled_copy_C", "UniversalCopy<uint32_t>", "f32",
       "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", ""},
  };
  for (const MmaCopyCase &K : MmaCases) {
    std::string Ctx = std::string(K.Op) + " " + K.Copy + " " + K.Mma + " " +
                      K.AL + " " + K.Perm;
    OpAttrs MmaAt = attrs(
        {{"mma_atom", K.Mma}, {"atom_layout", K.AL}, {"permutation", K.Perm}});
    TiledObjectRef Mma = build("make_tiled_mma", MmaAt);
    ASSERT_TRUE(Mma) << Ctx;
    OpAttrs At = MmaAt;
    At.Strings["copy_atom"] = K.Copy;
    if (*K.Type)
      At.Strings["value_type"] = K.Type;
    OpAttrs ByMmaObj = attrs({{"copy_atom", K.Copy}, {"value_type", K.Type}});
    ByMmaObj.MmaObjects[""] = Mma;
    TiledObjectRef Copy = build(K.Op, ByMmaObj);
    ASSERT_TRUE(Copy) << Ctx;
    EXPECT_EQ(outcome(evaluateOp(K.Op, NoArgs, At)), outcome(Copy->results()))
        << Ctx;
    // The old object form: the atom, its value width, and the TV layout
    // and tiler as notation.
    OpAttrs ByText = attrs({{"copy_atom", K.Copy},
                            {"layout_tv", Copy->results()[0].str()},
                            {"tiler_mn", Copy->results()[1].str()}});
    ByText.Ints["value_bits"] = {Copy->copy().ValueBits};
    compareCopyOps(Copy, ByText, Ctx, Rng, Compared);
  }

  // make_tmem_copy of the tcgen05.ld atoms over accumulators in TMEM.
  for (const char *Atom :
       {"SM100_TMEM_LOAD_32dp32b1x", "SM100_TMEM_LOAD_32dp32b8x"})
    for (const char *Tmem : {"(128,256):(65536,1)", "(128,64):(65536,1)"}) {
      std::string Ctx = std::string(Atom) + " " + Tmem;
      OpAttrs At = attrs(
          {{"copy_atom", Atom}, {"value_type", "f32"}, {"tmem_layout", Tmem}});
      TiledObjectRef Copy = build("make_tmem_copy", At);
      ASSERT_TRUE(Copy) << Ctx;
      EXPECT_EQ(outcome(evaluateOp("make_tmem_copy", NoArgs, At)),
                outcome(Copy->results()))
          << Ctx;
      OpAttrs ByText = attrs({{"copy_atom", Atom},
                              {"value_type", "f32"},
                              {"layout_tv", Copy->results()[0].str()},
                              {"tiler_mn", Copy->results()[1].str()}});
      compareCopyOps(Copy, ByText, Ctx, Rng, Compared);
    }
  EXPECT_GT(Compared, 400u) << Compared;
}

//===----------------------------------------------------------------------===//
// Values in place of notation
//===----------------------------------------------------------------------===//

TEST(TiledObject, ValuesBuildWhatTheirNotationBuilds) {
  // atom_layout and permutation as the values a front end passes (a shape,
  // a layout, a tuple, a tile) and as their notation.
  const std::pair<const char *, ValueKind> Layouts[] = {
      {"(2,2,1)", ValueKind::Shape},
      {"(2,2,1):(1,2,0)", ValueKind::Layout},
      {"(4,1)", ValueKind::IntTuple},
      {"2", ValueKind::Int}};
  const std::pair<const char *, ValueKind> Perms[] = {
      {"(32,32,16)", ValueKind::Shape},
      {"(32:1,(4,8):(8,1),16:1)", ValueKind::Tile},
      {"(_,_,_)", ValueKind::Tile},
      {"(64,_,16)", ValueKind::Coord}};
  for (const auto &[AL, ALKind] : Layouts)
    for (const auto &[P, PKind] : Perms) {
      OpAttrs ByText = attrs({{"mma_atom", "SM80_16x8x16_F32F16F16F32_TN"},
                              {"atom_layout", AL},
                              {"permutation", P}});
      OpAttrs ByValue = attrs({{"mma_atom", "SM80_16x8x16_F32F16F16F32_TN"}});
      ByValue.Values["atom_layout"] = val(AL, ALKind);
      ByValue.Values["permutation"] = val(P, PKind);
      auto X = buildTiledObject("make_tiled_mma", NoArgs, ByText);
      auto Y = buildTiledObject("make_tiled_mma", NoArgs, ByValue);
      std::string Ctx = std::string(AL) + " " + P;
      ASSERT_EQ(bool(X), bool(Y)) << Ctx;
      if (!X) {
        EXPECT_EQ(llvm::toString(X.takeError()), llvm::toString(Y.takeError()))
            << Ctx;
        continue;
      }
      EXPECT_EQ(**X, **Y) << Ctx;
      EXPECT_EQ(outcome((*X)->results()), outcome((*Y)->results())) << Ctx;
    }

  // A TiledCopy's thread and value layouts.
  OpAttrs ByText = attrs({{"copy_atom", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"},
                          {"value_type", "f16"},
                          {"thr_layout", "(16,8):(8,1)"},
                          {"val_layout", "(1,8)"}});
  OpAttrs ByValue =
      attrs({{"copy_atom", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"},
             {"value_type", "f16"}});
  ByValue.Values["thr_layout"] = val("(16,8):(8,1)");
  ByValue.Values["val_layout"] = val("(1,8)", ValueKind::Shape);
  TiledObjectRef X = build("make_tiled_copy", ByText);
  TiledObjectRef Y = build("make_tiled_copy", ByValue);
  ASSERT_TRUE(X && Y);
  EXPECT_EQ(*X, *Y);

  // What is no layout is the error its notation gives.
  ByValue.Values["val_layout"] = val("(_,8)", ValueKind::Coord);
  ByText.Strings["val_layout"] = "(_,8)";
  EXPECT_EQ(outcome(evaluateOp("make_tiled_copy", NoArgs, ByValue)),
            outcome(evaluateOp("make_tiled_copy", NoArgs, ByText)));
}

TEST(TiledObject, EqualityIsStructural) {
  auto Build = [](const char *Atom, const char *AL) {
    return build("make_tiled_mma",
                 attrs({{"mma_atom", Atom}, {"atom_layout", AL}}));
  };
  TiledObjectRef A = Build("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)");
  // CuTe's compact layout of (2,2,1), and (2,2) made rank 3.
  TiledObjectRef B = Build("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)");
  TiledObjectRef B2 = Build("SM80_16x8x16_F32F16F16F32_TN", "(2,2)");
  TiledObjectRef C = Build("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(2,1,0)");
  TiledObjectRef D = Build("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)");
  ASSERT_TRUE(A && B && B2 && C && D);
  EXPECT_EQ(*A, *B);
  EXPECT_EQ(*A, *B2);
  EXPECT_NE(*A, *C);
  // The same layouts, another atom (another C type).
  EXPECT_NE(*A, *D);
}

} // namespace
