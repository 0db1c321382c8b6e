//===- GmmaDescriptorTest.cpp - make_gmma_desc bit for bit ----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The descriptor words of every canonical GMMA layout (INTERLEAVE, SW32,
/// SW64, SW128) x major (K, MN) x element width (8, 16, 32 bits), checked
/// bit for bit against words transcribed from CuTe's make_gmma_desc
/// (cute/atom/mma_traits_sm90_gmma.hpp, cute/arch/mma_sm90_desc.hpp).
///
/// How the expected words were derived, by hand from CuTe's code: each tile
/// is what tile_to_shape(GMMA::Layout_<Major>_<Type>_Atom<T>, shape) gives
/// for one MMA k-block (K = 256 bits) of a 64-row K-major or a 128-wide
/// MN-major operand. CuTe recasts it to uint128_t (T = 128 / bits elements
/// per unit), logical_divides it by ((8,2)) (K) or ((W,8)) (MN, W = 1, 2,
/// 4, 8 for INTERLEAVE, SW32, SW64, SW128), and takes
///   K:  SBO = stride<0,1>, LBO = stride<1,0>;
///   MN: SBO = stride<1,1>, LBO = stride<0,1> (INTERLEAVE: swapped);
/// a size-1 rest mode has stride 0 (complement + composition by 1:0). The
/// GmmaDescriptor union puts LBO at bits [16,30), SBO at [32,46), the base
/// offset (0) at [49,52) and the layout type (INTERLEAVE 0, B128 1, B64 2,
/// B32 3) at [62,64).
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Descriptors/GmmaDescriptor.h"
#include "CuteLLVM/Layout/Operations.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

using namespace cute;
using namespace llvm;

namespace {

struct Case {
  const char *Tile;
  unsigned Bits;
  GmmaMajor Major;
  uint64_t Word;
};

// clang-format off
const Case Canonical[] = {
    // K-major, 64 rows x 256 bits: K-size 2 in uint128_t.
    // SW<W>: ((8,8),2T):((W*T,8*W*T),1) -> ((8,8),2):((W,8W),1):
    //   SBO = 8W, LBO = 1. INTERLEAVE: ((8,8),(T,2)):((T,8T),(1,64T)) ->
    //   ((8,8),(1,2)):((1,8),(1,64)): SBO = 8, LBO = 64.
    {"S<3,3,3> o 0 o ((8,8),16):((64,512),1)", 16, GmmaMajor::K, 0x4000004000010000},
    {"S<2,3,3> o 0 o ((8,8),16):((32,256),1)", 16, GmmaMajor::K, 0x8000002000010000},
    {"S<1,3,3> o 0 o ((8,8),16):((16,128),1)", 16, GmmaMajor::K, 0xC000001000010000},
    {"((8,8),(8,2)):((8,64),(1,512))",         16, GmmaMajor::K, 0x0000000800400000},
    {"S<3,4,3> o 0 o ((8,8),32):((128,1024),1)", 8, GmmaMajor::K, 0x4000004000010000},
    {"S<2,4,3> o 0 o ((8,8),32):((64,512),1)",   8, GmmaMajor::K, 0x8000002000010000},
    {"S<1,4,3> o 0 o ((8,8),32):((32,256),1)",   8, GmmaMajor::K, 0xC000001000010000},
    {"((8,8),(16,2)):((16,128),(1,1024))",       8, GmmaMajor::K, 0x0000000800400000},
    {"S<3,2,3> o 0 o ((8,8),8):((32,256),1)", 32, GmmaMajor::K, 0x4000004000010000},
    {"S<2,2,3> o 0 o ((8,8),8):((16,128),1)", 32, GmmaMajor::K, 0x8000002000010000},
    {"S<1,2,3> o 0 o ((8,8),8):((8,64),1)",   32, GmmaMajor::K, 0xC000001000010000},
    {"((8,8),(4,2)):((4,32),(1,256))",        32, GmmaMajor::K, 0x0000000800400000},
    // MN-major, 128 elements x 256 bits (K = 2T elements), r = 128/(W*T):
    // ((W*T,r),(8,T/4)):((1,8WT),(WT,8WT*r)) -> ((W,r),(8,T/4)):
    // ((1,8W),(W,8Wr)): LBO = 8W (0 if r = 1), SBO = 8Wr (0 if T = 4).
    // INTERLEAVE: ((1,r),(8,T/4)):((_,8),(1,8r)): SBO = 8, LBO = 8r.
    {"S<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))",  16, GmmaMajor::MN, 0x4000008000400000},
    {"S<2,3,3> o 0 o ((32,4),(8,2)):((1,256),(32,1024))",  16, GmmaMajor::MN, 0x8000008000200000},
    {"S<1,3,3> o 0 o ((16,8),(8,2)):((1,128),(16,1024))",  16, GmmaMajor::MN, 0xC000008000100000},
    {"((8,16),(8,2)):((1,64),(8,1024))",                   16, GmmaMajor::MN, 0x0000000800800000},
    {"S<3,4,3> o 0 o (128,(8,4)):(1,(128,1024))",          8, GmmaMajor::MN, 0x4000004000000000},
    {"S<2,4,3> o 0 o ((64,2),(8,4)):((1,512),(64,1024))",  8, GmmaMajor::MN, 0x8000004000200000},
    {"S<1,4,3> o 0 o ((32,4),(8,4)):((1,256),(32,1024))",  8, GmmaMajor::MN, 0xC000004000100000},
    {"((16,8),(8,4)):((1,128),(16,1024))",                 8, GmmaMajor::MN, 0x0000000800400000},
    {"S<3,2,3> o 0 o ((32,4),8):((1,256),32)", 32, GmmaMajor::MN, 0x4000000000400000},
    {"S<2,2,3> o 0 o ((16,8),8):((1,128),16)", 32, GmmaMajor::MN, 0x8000000000200000},
    {"S<1,2,3> o 0 o ((8,16),8):((1,64),8)",   32, GmmaMajor::MN, 0xC000000000100000},
    {"((4,32),8):((1,32),4)",                  32, GmmaMajor::MN, 0x0000000800000000},
    // The Hopper GEMM's A and B k-blocks: 64x16 / 256x16 fp16 of a
    // (R,64):(64,1) SW128 K-major tile: SBO = 1024 bytes, LBO = 1.
    {"S<3,3,3> o 0 o (64,16):(64,1)",  16, GmmaMajor::K, 0x4000004000010000},
    {"S<3,3,3> o 0 o (256,16):(64,1)", 16, GmmaMajor::K, 0x4000004000010000},
    // Sparse K-size 4 (in uint128_t) for K-major.
    {"S<3,3,3> o 0 o (64,32):(64,1)",  16, GmmaMajor::K, 0x4000004000010000},
};
// clang-format on

Expected<GmmaDescriptor> descOf(StringRef Text, unsigned Bits, GmmaMajor M) {
  auto V = parseValue(Text, ValueKind::Auto);
  if (!V)
    return V.takeError();
  if (V->kind() == ValueKind::ComposedLayout)
    return makeGmmaDesc(V->composed(), Bits, M);
  return makeGmmaDesc(V->layout(), Bits, M);
}

std::string errorOf(StringRef Text, unsigned Bits, GmmaMajor M) {
  auto D = descOf(Text, Bits, M);
  if (D)
    return "";
  return toString(D.takeError());
}

TEST(GmmaDescriptor, CanonicalWordsMatchCuTe) {
  for (const Case &C : Canonical) {
    SCOPED_TRACE(std::string(C.Tile) + " " + std::to_string(C.Bits) + "-bit " +
                 gmmaMajorName(C.Major).str());
    auto D = descOf(C.Tile, C.Bits, C.Major);
    ASSERT_TRUE(bool(D)) << toString(D.takeError());
    EXPECT_EQ(D->word(), C.Word) << std::hex << D->word() << " != " << C.Word;
  }
}

TEST(GmmaDescriptor, InterleaveAsZeroBitSwizzle) {
  // S<0,M,S> is the identity: the same word as the plain layout.
  for (const Case &C : Canonical) {
    StringRef T(C.Tile);
    if (T.starts_with("S<"))
      continue;
    std::string Composed = "S<0,4,3> o 0 o " + T.str();
    auto A = descOf(T, C.Bits, C.Major), B = descOf(Composed, C.Bits, C.Major);
    ASSERT_TRUE(bool(A) && bool(B));
    EXPECT_EQ(A->word(), B->word()) << Composed;
  }
}

TEST(GmmaDescriptor, FieldPositions) {
  // One field at a time lands on CuTe's bitfield.
  GmmaDescriptor D;
  D.LeadingByteOffset = 0x3FFF;
  EXPECT_EQ(D.word(), 0x000000003FFF0000u);
  D = GmmaDescriptor();
  D.StrideByteOffset = 0x3FFF;
  EXPECT_EQ(D.word(), 0x00003FFF00000000u);
  D = GmmaDescriptor();
  D.BaseOffset = 7;
  EXPECT_EQ(D.word(), 0x000E000000000000u);
  D = GmmaDescriptor();
  D.LayoutType = GmmaLayoutType::SW32;
  EXPECT_EQ(D.word(), 0xC000000000000000u);
  // Start address: bits [0,14) hold address bits [4,18).
  EXPECT_EQ(GmmaDescriptor::startAddressField(0x3FFF0), 0x3FFFu);
  EXPECT_EQ(GmmaDescriptor::startAddressField(0x40010), 0x1u);
  EXPECT_EQ(D.word(0x400), 0xC000000000000040u);
}

TEST(GmmaDescriptor, CanonicalAtoms) {
  // GMMA::Layout_<Major>_<Type>_Atom<T>: the bit atoms of CuTe upcast to
  // elements, the byte swizzle Swizzle<B,4,3> read on element indices.
  struct AtomCase {
    GmmaLayoutType Type;
    GmmaMajor Major;
    unsigned Bits;
    const char *Text;
  } Atoms[] = {
      {GmmaLayoutType::SW128, GmmaMajor::K, 16, "S<3,3,3> o 0 o (8,64):(64,1)"},
      {GmmaLayoutType::SW64, GmmaMajor::K, 8, "S<2,4,3> o 0 o (8,64):(64,1)"},
      {GmmaLayoutType::SW32, GmmaMajor::MN, 32, "S<1,2,3> o 0 o (8,8):(1,8)"},
      {GmmaLayoutType::Interleave, GmmaMajor::MN, 16,
       "S<0,3,3> o 0 o (8,8):(1,8)"},
      {GmmaLayoutType::SW128, GmmaMajor::MN, 8,
       "S<3,4,3> o 0 o (128,8):(1,128)"},
  };
  for (const AtomCase &C : Atoms) {
    auto A = gmmaCanonicalAtom(C.Type, C.Major, C.Bits);
    ASSERT_TRUE(bool(A));
    EXPECT_EQ(A->str(), C.Text);
  }
}

TEST(GmmaDescriptor, Diagnostics) {
  const std::string Mismatch = "expects Mma atom layout of ";
  const std::string NotStatic = "expects static and no scaled basis layout for";
  // An MN-major tile read as K-major: its rows are not 128-bit strided.
  EXPECT_EQ(errorOf("S<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))", 16,
                    GmmaMajor::K)
                .rfind(Mismatch, 0),
            0u);
  // The byte swizzle of 8-bit elements on 16-bit ones.
  std::string E = errorOf("S<3,4,3> o 0 o (64,16):(64,1)", 16, GmmaMajor::K);
  EXPECT_EQ(E.rfind(Mismatch + "S<3,3,3> o 0 o (8,64):(64,1)", 0), 0u) << E;
  // K extent of 24 fp16 (3 x 128 bits).
  EXPECT_EQ(errorOf("S<3,3,3> o 0 o (64,24):(64,1)", 16, GmmaMajor::K)
                .rfind(Mismatch, 0),
            0u);
  // A swizzle with 4 bits.
  EXPECT_EQ(errorOf("S<4,3,4> o 0 o (64,16):(64,1)", 16, GmmaMajor::K)
                .rfind(Mismatch, 0),
            0u);
  // Rows 8 apart in the wrong order: stride<0,0> is not W.
  EXPECT_EQ(errorOf("S<3,3,3> o 0 o (64,16):(512,1)", 16, GmmaMajor::K)
                .rfind(Mismatch, 0),
            0u);
  // Dynamic strides and scaled bases.
  E = errorOf("(64,16):(?,1)", 16, GmmaMajor::K);
  EXPECT_EQ(E, NotStatic + " (64,16):(?,1)");
  EXPECT_EQ(errorOf("(64,16):(1@0,1@1)", 16, GmmaMajor::K).rfind(NotStatic, 0),
            0u);
  // A width that does not pack 128 bits.
  EXPECT_NE(errorOf("(64,16):(16,1)", 24, GmmaMajor::K), "");
}

} // namespace
