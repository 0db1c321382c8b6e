//===- UmmaDescriptorTest.cpp - UMMA descriptors bit for bit --------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The UMMA instruction descriptor of every UMMA lattice point the registry
/// has, with every A/B major combination and negation, and the UMMA
/// shared-memory descriptor of every canonical layout, checked bit for bit
/// against words packed from CuTe's bitfield definitions.
///
/// How the expected words are made: the tables below transcribe, as data,
/// CuTe's UMMA::InstrDescriptor and InstrDescriptorBlockScaled unions
/// (field, first bit, width; cute/arch/mma_sm100_desc.hpp), its format
/// enums (F16F32Format, S8Format, MXF8F6F4Format, MXF4Format, CFormat,
/// ScaleFormat) and its SmemDescriptor union. The test's own packer writes
/// each field of make_instr_desc<a, b, c, M, N, a_major, b_major, a_neg,
/// b_neg, sat, is_sparse> (m_dim = M >> 4, n_dim = N >> 3) into the word
/// through the table; it shares no code with the library, which packs
/// through its own shifts. The smem words' LBO / SBO are read off the
/// canonical tiles by hand as GmmaDescriptorTest explains (CuTe's
/// make_umma_desc divides and reads exactly as make_gmma_desc does) and
/// packed with version 1 and the SM100 layout types.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Descriptors/UmmaDescriptor.h"
#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <tuple>

using namespace cute;
using namespace llvm;

namespace {

struct Field {
  const char *Name;
  unsigned Lo, Width;
};

// CuTe's UMMA::InstrDescriptor, in declaration order.
const Field InstrFields[] = {
    {"sparse_id2_", 0, 2}, {"sparse_flag_", 2, 1}, {"saturate_", 3, 1},
    {"c_format_", 4, 2},   {"a_format_", 7, 3},    {"b_format_", 10, 3},
    {"a_negate_", 13, 1},  {"b_negate_", 14, 1},   {"a_major_", 15, 1},
    {"b_major_", 16, 1},   {"n_dim_", 17, 6},      {"m_dim_", 24, 5},
    {"max_shift_", 30, 2}};
// CuTe's UMMA::InstrDescriptorBlockScaled.
const Field BlockScaledFields[] = {
    {"sparse_id2_", 0, 2}, {"sparse_flag_", 2, 1},   {"b_sf_id_", 4, 2},
    {"a_format_", 7, 3},   {"b_format_", 10, 3},     {"a_negate_", 13, 1},
    {"b_negate_", 14, 1},  {"a_major_", 15, 1},      {"b_major_", 16, 1},
    {"n_dim_", 17, 6},     {"scale_format_", 23, 1}, {"m_dim_", 24, 5},
    {"a_sf_id_", 29, 2},   {"k_size_", 31, 1}};
// CuTe's UMMA::SmemDescriptor.
const Field SmemFields[] = {
    {"start_address_", 0, 14},       {"leading_byte_offset_", 16, 14},
    {"stride_byte_offset_", 32, 14}, {"version_", 46, 2},
    {"base_offset_", 49, 3},         {"lbo_mode_", 52, 1},
    {"layout_type_", 61, 3}};

template <size_t N>
uint64_t pack(const Field (&Table)[N], const StringMap<uint64_t> &Values) {
  uint64_t W = 0;
  for (const Field &F : Table) {
    auto It = Values.find(F.Name);
    if (It == Values.end())
      continue;
    uint64_t Mask = (uint64_t(1) << F.Width) - 1;
    EXPECT_EQ(It->second & ~Mask, 0u) << F.Name << " overflows";
    W |= (It->second & Mask) << F.Lo;
  }
  return W;
}

// CuTe's to_UMMAFormat per kind: F16F32Format, S8Format, MXF8F6F4Format
// (the unpacked-in-smem sub-byte types), MXF4Format.
const StringMap<uint64_t> F16F32 = {{"F16", 0}, {"BF16", 1}, {"TF32", 2}};
const StringMap<uint64_t> S8 = {{"U8", 0}, {"S8", 1}};
const StringMap<uint64_t> MXF8F6F4 = {
    {"E4M3", 0}, {"E5M2", 1}, {"E2M3", 3}, {"E3M2", 4}, {"E2M1", 5}};
const StringMap<uint64_t> MXF4 = {{"E2M1", 1}};
const StringMap<uint64_t> CFormat = {{"F16", 0}, {"F32", 1}, {"S32", 2}};
const StringMap<uint64_t> ScaleFormat = {{"UE4M3", 0}, {"UE8M0", 1}};

const StringMap<uint64_t> &formats(StringRef Kind) {
  if (Kind == "f16" || Kind == "tf32")
    return F16F32;
  if (Kind == "i8")
    return S8;
  if (Kind == "mxf4" || Kind == "mxf4nvf4")
    return MXF4;
  return MXF8F6F4;
}

StringRef typeName(int ID) {
  return ID < 0 ? StringRef() : StringRef(registry::elementTypes()[ID].Name);
}

TEST(UmmaInstrDesc, EveryLatticePointMatchesCuTe) {
  unsigned Checked = 0;
  for (const registry::VariantInfo &V : registry::variants()) {
    StringRef Mnemonic(registry::atoms()[V.Atom].Mnemonic);
    if (!Mnemonic.starts_with("sm100.mma"))
      continue;
    StringRef Kind(V.Kind);
    bool BS = Kind.starts_with("mx");
    SCOPED_TRACE(std::string(V.Name.c_str()));
    auto D = makeUmmaInstrDesc(Kind, typeName(V.TypeA), typeName(V.TypeB),
                               typeName(V.TypeD), typeName(V.ScaleType), V.M,
                               V.N, V.Sparse);
    ASSERT_TRUE(bool(D)) << toString(D.takeError());
    for (unsigned Bits = 0; Bits != 16; ++Bits) {
      bool AMN = Bits & 1, BMN = Bits & 2, ANeg = Bits & 4, BNeg = Bits & 8;
      UmmaInstrDesc X = *D;
      X.AMajor = AMN ? GmmaMajor::MN : GmmaMajor::K;
      X.BMajor = BMN ? GmmaMajor::MN : GmmaMajor::K;
      X.ANegate = ANeg;
      X.BNegate = BNeg;
      StringMap<uint64_t> F = {
          {"a_format_", formats(Kind).lookup(typeName(V.TypeA))},
          {"b_format_", formats(Kind).lookup(typeName(V.TypeB))},
          {"m_dim_", uint64_t(V.M >> 4)},
          {"n_dim_", uint64_t(V.N >> 3)},
          {"a_major_", AMN},
          {"b_major_", BMN},
          {"a_negate_", ANeg},
          {"b_negate_", BNeg},
          {"sparse_flag_", V.Sparse},
          {"sparse_id2_", 0}};
      ASSERT_TRUE(formats(Kind).count(typeName(V.TypeA)));
      uint64_t Want;
      if (BS) {
        ASSERT_TRUE(ScaleFormat.count(typeName(V.ScaleType)));
        F["scale_format_"] = ScaleFormat.lookup(typeName(V.ScaleType));
        Want = pack(BlockScaledFields, F);
      } else {
        ASSERT_TRUE(CFormat.count(typeName(V.TypeD)));
        F["c_format_"] = CFormat.lookup(typeName(V.TypeD));
        Want = pack(InstrFields, F);
      }
      EXPECT_EQ(X.word(), Want) << std::hex << X.word() << " != " << Want;
      // The per-call bits of the lowering: the majors and negations are
      // among them, the variant's fields are not.
      uint32_t Call = UmmaInstrDesc::callMask(Kind, V.Sparse);
      StringMap<uint64_t> Both = {{"a_major_", 1}, {"b_major_", 1}};
      uint64_t Majors =
          BS ? pack(BlockScaledFields, Both) : pack(InstrFields, Both);
      EXPECT_EQ(Call & Majors, Majors);
      EXPECT_EQ(Call & D->word(), 0u);
      ++Checked;
    }
  }
  // sm100.mma, mma_scaled, mma_sp, mma_bs, mma_bs_sp: 16,200 points, 16
  // forms each.
  EXPECT_EQ(Checked, 16200u * 16);
}

/// The CuTe field \p Name of \p Table.
template <size_t N>
const Field &cuteField(const Field (&Table)[N], const char *Name) {
  for (const Field &F : Table)
    if (StringRef(Name) == F.Name)
      return F;
  ADD_FAILURE() << Name << " is no field of CuTe's";
  return Table[0];
}

template <class WordT, size_t N>
void expectField(const Field (&Table)[N], const char *Name, BitField<WordT> F) {
  const Field &Want = cuteField(Table, Name);
  EXPECT_EQ(F.Shift, Want.Lo) << Name;
  EXPECT_EQ(F.Width, Want.Width) << Name;
}

TEST(UmmaInstrDesc, GeneratedFieldsAreCuTes) {
  // The BitFields generated from td/Descriptors.td sit where CuTe's
  // bitfields do: a record moved or resized fails here.
  using D = UmmaInstrDesc;
  expectField(InstrFields, "sparse_id2_", D::SparseId2Field);
  expectField(InstrFields, "sparse_flag_", D::SparseFlagField);
  expectField(InstrFields, "saturate_", D::SaturateField);
  expectField(InstrFields, "c_format_", D::CFormatField);
  expectField(InstrFields, "a_format_", D::AFormatField);
  expectField(InstrFields, "b_format_", D::BFormatField);
  expectField(InstrFields, "a_negate_", D::ANegateField);
  expectField(InstrFields, "b_negate_", D::BNegateField);
  expectField(InstrFields, "a_major_", D::AMajorField);
  expectField(InstrFields, "b_major_", D::BMajorField);
  expectField(InstrFields, "n_dim_", D::NDimField);
  expectField(InstrFields, "m_dim_", D::MDimField);
  expectField(BlockScaledFields, "b_sf_id_", D::BSfIdField);
  expectField(BlockScaledFields, "scale_format_", D::ScaleFormatField);
  expectField(BlockScaledFields, "a_sf_id_", D::ASfIdField);

  // The shared-memory descriptors: UMMA's, and GMMA's, which has the same
  // address, offset and base-offset fields and a 2-bit layout type.
  for (auto [Name, U, G] :
       {std::tuple{"start_address_", UmmaDescriptor::StartAddressField,
                   GmmaDescriptor::StartAddressField},
        std::tuple{"leading_byte_offset_",
                   UmmaDescriptor::LeadingByteOffsetField,
                   GmmaDescriptor::LeadingByteOffsetField},
        std::tuple{"stride_byte_offset_", UmmaDescriptor::StrideByteOffsetField,
                   GmmaDescriptor::StrideByteOffsetField},
        std::tuple{"base_offset_", UmmaDescriptor::BaseOffsetField,
                   GmmaDescriptor::BaseOffsetField}}) {
    expectField(SmemFields, Name, U);
    expectField(SmemFields, Name, G);
  }
  expectField(SmemFields, "version_", UmmaDescriptor::VersionField);
  expectField(SmemFields, "lbo_mode_", UmmaDescriptor::LboModeField);
  expectField(SmemFields, "layout_type_", UmmaDescriptor::LayoutTypeField);
  EXPECT_EQ(GmmaDescriptor::LayoutTypeField.Shift, 62u);
  EXPECT_EQ(GmmaDescriptor::LayoutTypeField.Width, 2u);
}

TEST(UmmaInstrDesc, AnchorWords) {
  // F16 x F16 -> F32, 128 x 256, K-major: c_format 1, n_dim 32, m_dim 8.
  auto D = makeUmmaInstrDesc("f16", "F16", "F16", "F32", "", 128, 256, false);
  ASSERT_TRUE(bool(D));
  EXPECT_EQ(D->word(), 0x08400010u);
  // MXF8F6F4 E4M3 x E2M1 scaled by UE8M0, 128 x 256: b_format 5,
  // scale_format 1.
  D = makeUmmaInstrDesc("mxf8f6f4", "E4M3", "E2M1", "F32", "UE8M0", 128, 256,
                        false);
  ASSERT_TRUE(bool(D));
  EXPECT_EQ(D->word(), 0x08C01400u);
  // S8 x U8 -> S32, sparse, 64 x 8, saturating.
  D = makeUmmaInstrDesc("i8", "S8", "U8", "S32", "", 64, 8, true);
  ASSERT_TRUE(bool(D));
  D->Saturate = true;
  EXPECT_EQ(D->word(), 0x04020000u | 2u << 4 | 1u << 7 | 1u << 3 | 1u << 2);
}

TEST(UmmaInstrDesc, Rejects) {
  EXPECT_FALSE(
      bool(makeUmmaInstrDesc("f16", "E4M3", "F16", "F32", "", 128, 8, false)));
  consumeError(makeUmmaInstrDesc("f16", "E4M3", "F16", "F32", "", 128, 8, false)
                   .takeError());
  auto D = makeUmmaInstrDesc("f16", "F16", "F16", "F32", "", 128, 12, false);
  EXPECT_FALSE(bool(D));
  consumeError(D.takeError());
  D = makeUmmaInstrDesc("mxf4", "E2M1", "E2M1", "F16", "UE8M0", 128, 8, false);
  EXPECT_FALSE(bool(D));
  consumeError(D.takeError());
}

struct SmemCase {
  const char *Tile;
  unsigned Bits;
  GmmaMajor Major;
  uint64_t LayoutType, LBO, SBO;
};

// The canonical tiles of GmmaDescriptorTest (one MMA k-block of a 64-row
// K-major or 128-wide MN-major operand per swizzle x major x width), with
// LBO / SBO read off them as it explains, and the SM100 layout types
// (SWIZZLE_NONE 0, 128B 2, 64B 4, 32B 6); SWIZZLE_128B_BASE32B (1):
// Layout_MN_SW128_32B_Atom<tf32> = Swizzle<2,5,2> o (1024,4):(1,1024) bits,
// S<2,3,2> o (32,4):(1,32) in tf32, tiled to 128 x 8: ((32,4),(4,2)):
// ((1,128),(32,512)); in uint128_t ((8,4),(4,2)):((1,32),(8,128)): LBO 32,
// SBO 128.
// clang-format off
const SmemCase Canonical[] = {
    {"S<3,3,3> o 0 o ((8,8),16):((64,512),1)", 16, GmmaMajor::K, 2, 1, 64},
    {"S<2,3,3> o 0 o ((8,8),16):((32,256),1)", 16, GmmaMajor::K, 4, 1, 32},
    {"S<1,3,3> o 0 o ((8,8),16):((16,128),1)", 16, GmmaMajor::K, 6, 1, 16},
    {"((8,8),(8,2)):((8,64),(1,512))",         16, GmmaMajor::K, 0, 64, 8},
    {"S<3,4,3> o 0 o ((8,8),32):((128,1024),1)", 8, GmmaMajor::K, 2, 1, 64},
    {"S<1,2,3> o 0 o ((8,8),8):((8,64),1)",   32, GmmaMajor::K, 6, 1, 16},
    {"((8,8),(4,2)):((4,32),(1,256))",        32, GmmaMajor::K, 0, 64, 8},
    {"S<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))",  16, GmmaMajor::MN, 2, 64, 128},
    {"S<2,3,3> o 0 o ((32,4),(8,2)):((1,256),(32,1024))",  16, GmmaMajor::MN, 4, 32, 128},
    {"S<1,3,3> o 0 o ((16,8),(8,2)):((1,128),(16,1024))",  16, GmmaMajor::MN, 6, 16, 128},
    {"((8,16),(8,2)):((1,64),(8,1024))",                   16, GmmaMajor::MN, 0, 128, 8},
    {"S<3,4,3> o 0 o (128,(8,4)):(1,(128,1024))",          8, GmmaMajor::MN, 2, 0, 64},
    {"S<2,2,3> o 0 o ((16,8),8):((1,128),16)", 32, GmmaMajor::MN, 4, 32, 0},
    {"S<2,3,2> o 0 o ((32,4),(4,2)):((1,128),(32,512))", 32, GmmaMajor::MN, 1, 32, 128},
};
// clang-format on

Expected<UmmaDescriptor> descOf(StringRef Text, unsigned Bits, GmmaMajor M) {
  auto V = parseValue(Text, ValueKind::Auto);
  if (!V)
    return V.takeError();
  if (V->kind() == ValueKind::ComposedLayout)
    return makeUmmaDesc(V->composed(), Bits, M);
  return makeUmmaDesc(V->layout(), Bits, M);
}

TEST(UmmaDescriptor, CanonicalWordsMatchCuTe) {
  for (const SmemCase &C : Canonical) {
    SCOPED_TRACE(std::string(C.Tile) + " " + std::to_string(C.Bits) + "-bit " +
                 gmmaMajorName(C.Major).str());
    auto D = descOf(C.Tile, C.Bits, C.Major);
    ASSERT_TRUE(bool(D)) << toString(D.takeError());
    uint64_t Want = pack(SmemFields, {{"leading_byte_offset_", C.LBO},
                                      {"stride_byte_offset_", C.SBO},
                                      {"version_", 1},
                                      {"base_offset_", 0},
                                      {"lbo_mode_", 0},
                                      {"layout_type_", C.LayoutType}});
    EXPECT_EQ(D->word(), Want) << std::hex << D->word() << " != " << Want;
    // The start address: bits [4,18) of the shared address.
    EXPECT_EQ(D->word(0x12340) ^ D->word(),
              pack(SmemFields, {{"start_address_", 0x1234}}));
  }
}

TEST(UmmaDescriptor, Base32BIsMNMajorOnly) {
  auto D = descOf("S<2,3,2> o 0 o ((32,4),(4,2)):((1,128),(32,512))", 32,
                  GmmaMajor::K);
  ASSERT_FALSE(bool(D));
  EXPECT_NE(toString(D.takeError()).find("invalid for Major-K"),
            std::string::npos);
}

TEST(UmmaDescriptor, NonCanonicalSaysUmma) {
  auto D = descOf("S<3,3,3> o 0 o ((8,8),16):((32,512),1)", 16, GmmaMajor::K);
  ASSERT_FALSE(bool(D));
  std::string Msg = toString(D.takeError());
  EXPECT_EQ(Msg.find("expects Mma atom layout of "), 0u) << Msg;
  EXPECT_EQ(Msg.find("GMMA"), std::string::npos) << Msg;
}

} // namespace
