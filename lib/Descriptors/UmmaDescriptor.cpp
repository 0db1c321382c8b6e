//===- UmmaDescriptor.cpp - Blackwell UMMA descriptors --------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's UMMA::make_instr_desc / make_instr_desc_block_scaled and
/// make_umma_desc<Major>. The shared-memory descriptor recognises the same
/// canonical layouts as make_gmma_desc (CuTe's two functions divide the
/// 128-bit recast tile by the same core matrices and read the same
/// strides), so the four Swizzle<B,4,3> types reuse makeGmmaDesc and change
/// the word's format; SWIZZLE_128B_BASE32B (MN-major only) divides by its
/// own (8,4) core matrix.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Descriptors/UmmaDescriptor.h"
#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace cute {

//===----------------------------------------------------------------------===//
// Instruction descriptor
//===----------------------------------------------------------------------===//

uint32_t UmmaInstrDesc::word() const {
  uint32_t W = packFields<uint32_t>({{SparseId2Field, SparseId2},
                                     {SparseFlagField, Sparse},
                                     {AFormatField, AFormat},
                                     {BFormatField, BFormat},
                                     {ANegateField, ANegate},
                                     {BNegateField, BNegate},
                                     {AMajorField, AMajor == GmmaMajor::MN},
                                     {BMajorField, BMajor == GmmaMajor::MN},
                                     {NDimField, N >> 3},
                                     {MDimField, M >> 4}});
  if (BlockScaled)
    W |= packFields<uint32_t>({{BSfIdField, BSfId},
                               {ScaleFormatField, ScaleFormat},
                               {ASfIdField, ASfId}});
  else
    W |= packFields<uint32_t>(
        {{SaturateField, Saturate}, {CFormatField, CFormat}});
  return W;
}

uint32_t UmmaInstrDesc::callMask(StringRef Kind, bool Sparse) {
  bool BlockScaled = Kind.starts_with("mx");
  uint32_t M = AMajorField.bits() | BMajorField.bits();
  // CuTe: negation is valid for the F16/F32 and MXF8F6F4 formats.
  if (Kind != "i8")
    M |= ANegateField.bits() | BNegateField.bits();
  if (Kind == "i8")
    M |= SaturateField.bits();
  if (Sparse)
    M |= SparseId2Field.bits();
  if (BlockScaled)
    M |= BSfIdField.bits() | ASfIdField.bits();
  return M;
}

std::optional<uint8_t> ummaFormat(StringRef Kind, StringRef Type) {
  const KindCodes *Set = find_if(
      UmmaFormatByKind, [&](const KindCodes &K) { return K.Kind == Kind; });
  if (Set == std::end(UmmaFormatByKind))
    return std::nullopt;
  if (const auto *C = findCodeNamed(Set->Codes, Type))
    return C->Code;
  return std::nullopt;
}

std::optional<uint8_t> ummaCFormat(StringRef Type) {
  if (const auto *C = findCodeNamed(UmmaCFormatCodes, Type))
    return C->Code;
  return std::nullopt;
}

std::optional<uint8_t> ummaScaleFormat(StringRef Type) {
  if (const auto *C = findCodeNamed(UmmaScaleFormatCodes, Type))
    return C->Code;
  return std::nullopt;
}

Expected<UmmaInstrDesc> makeUmmaInstrDesc(StringRef Kind, StringRef A,
                                          StringRef B, StringRef C,
                                          StringRef ScaleType, unsigned M,
                                          unsigned N, bool Sparse) {
  UmmaInstrDesc D;
  D.BlockScaled = !ScaleType.empty();
  std::optional<uint8_t> FA = ummaFormat(Kind, A), FB = ummaFormat(Kind, B);
  if (!FA || !FB)
    return makeError(diag(DiagID::UmmaKindInputTypes, Kind, A, B));
  D.AFormat = *FA;
  D.BFormat = *FB;
  if (D.BlockScaled) {
    std::optional<uint8_t> SF = ummaScaleFormat(ScaleType);
    if (!SF || C != "F32")
      return makeError(diag(DiagID::BlockScaledUMMAScales, ScaleType, C));
    D.ScaleFormat = *SF;
  } else {
    std::optional<uint8_t> FC = ummaCFormat(C);
    if (!FC)
      return makeError(diag(DiagID::UmmaAccumulatorType, C));
    D.CFormat = *FC;
  }
  // The fields hold M >> 4 in 5 bits and N >> 3 in 6 bits.
  if (M % 16 || M == 0 || M > 256 || N % 8 || N == 0 || N > 256)
    return makeError(diag(DiagID::UMMAInstructionDescriptor, M, N));
  D.M = M;
  D.N = N;
  D.Sparse = Sparse;
  return D;
}

//===----------------------------------------------------------------------===//
// Shared-memory descriptor
//===----------------------------------------------------------------------===//

StringRef ummaLayoutTypeName(UmmaLayoutType T) {
  return findCodeOf(UmmaLayoutTypeCodes, T)->Name;
}

uint64_t UmmaDescriptor::word() const {
  return offsetBits() |
         packFields<uint64_t>({{VersionField, Version},
                               {LboModeField, LboMode},
                               {LayoutTypeField, uint64_t(LayoutType)}});
}

namespace {

/// The SM100 word of a GMMA descriptor's fields.
UmmaDescriptor fromGmma(const GmmaDescriptor &G) {
  UmmaDescriptor U;
  // The SM100 layout type of the same Swizzle<B,4,3>.
  int8_t Bits = findCodeOf(GmmaLayoutTypeCodes, G.LayoutType)->SwizzleBits;
  U.LayoutType = find_if(UmmaLayoutTypeCodes, [&](const auto &C) {
                   return C.SwizzleBits == Bits;
                 })->Code;
  U.LeadingByteOffset = G.LeadingByteOffset;
  U.StrideByteOffset = G.StrideByteOffset;
  return U;
}

/// A UMMA diagnostic: the GMMA words said "GMMA"; say "UMMA".
Error ummaError(Error E) {
  std::string Msg = toString(std::move(E));
  for (size_t At; (At = Msg.find("GMMA")) != std::string::npos;)
    Msg[At] = 'U';
  return makeError(Msg);
}

int64_t leaf(const IntTuple &T) { return T.value().value(); }

bool pairOfLeaves(const IntTuple &T) {
  return T.isTuple() && T.size() == 2 && T[0].isInt() && T[1].isInt();
}

/// SWIZZLE_128B_BASE32B, MN-major: CuTe divides the 128-bit recast tile by
/// (8,4) and reads ((8,n),(4,k)):((1,LBO),(8,SBO)).
Expected<UmmaDescriptor> makeBase32B(const Layout &L, unsigned Bits,
                                     StringRef Got) {
  auto Fail = [&](const Twine &Why) {
    return makeError(diag(
        DiagID::MNMajorSWIZZLEB,
        Twine(registry::getDiagnosticText(registry::DiagID::MmaLayoutMismatch)),
        Twine(Bits), Got, Why));
  };
  if (!isStatic(L.Shape) || !isStatic(L.Stride) || hasBasis(L.Stride))
    return makeError(Twine(registry::getDiagnosticText(
                         registry::DiagID::MmaLayoutNotStatic)) +
                     " " + Got);
  if (rank(L) != 2 || !L.Shape.isTuple())
    return Fail(diag(DiagID::UMMAOperandTileRank));
  auto U = recastLayout(L, Bits, 128);
  if (!U)
    return Fail(toString(U.takeError()));
  Tile Core({Tile(Layout(8, 1)), Tile(Layout(4, 1))});
  auto D = logicalDivide(*U, Core);
  if (!D)
    return Fail(toString(D.takeError()));
  if (!D->Shape.isTuple() || D->Shape.size() != 2 ||
      !pairOfLeaves(D->Shape[0]) || !pairOfLeaves(D->Shape[1]) ||
      !pairOfLeaves(D->Stride[0]) || !pairOfLeaves(D->Stride[1]))
    return Fail(diag(DiagID::UmmaCoreMatrixProfile, Core.str(), D->str()));
  auto Stride = [&](unsigned I, unsigned J) -> int64_t {
    return leaf(D->Shape[I][J]) == 1 ? 0 : leaf(D->Stride[I][J]);
  };
  if (Stride(0, 0) != 1 || Stride(1, 0) != 8)
    return Fail(diag(DiagID::DividedCoreMatrixWhose, Core.str(), D->str(),
                     Stride(0, 0), Stride(1, 0)));
  int64_t LBO = Stride(0, 1), SBO = Stride(1, 1);
  for (int64_t V : {LBO, SBO})
    if (V < 0 || uint64_t(V) > UmmaDescriptor::OffsetMask)
      return Fail(diag(DiagID::ByteOffsetXBytes, V));
  UmmaDescriptor R;
  R.LayoutType = UmmaLayoutType::Swizzle128BBase32B;
  R.LeadingByteOffset = uint16_t(LBO);
  R.StrideByteOffset = uint16_t(SBO);
  return R;
}

} // namespace

Expected<UmmaDescriptor> makeUmmaDesc(const Layout &L, unsigned ElementBits,
                                      GmmaMajor Major) {
  Expected<GmmaDescriptor> G = makeGmmaDesc(L, ElementBits, Major);
  if (!G)
    return ummaError(G.takeError());
  return fromGmma(*G);
}

Expected<UmmaDescriptor> makeUmmaDesc(const ComposedLayout &CL,
                                      unsigned ElementBits, GmmaMajor Major) {
  // CuTe's layout_type(): Swizzle<2,5,2> on byte addresses is
  // SWIZZLE_128B_BASE32B; on element indices its base is log2(256 / bits).
  if (CL.InnerSwizzle && CL.InnerSwizzle->Bits == 2 &&
      CL.InnerSwizzle->Shift == 2 && ElementBits >= 1 && ElementBits <= 128 &&
      isPowerOf2_32(ElementBits) &&
      CL.InnerSwizzle->Base == int(Log2_32(256 / ElementBits))) {
    if (Major != GmmaMajor::MN)
      return makeError(diag(DiagID::KMajorAtomSWIZZLE,
                            Twine(registry::getDiagnosticText(
                                registry::DiagID::MmaLayoutMismatch)),
                            CL.str()));
    return makeBase32B(CL.Outer, ElementBits, CL.str());
  }
  Expected<GmmaDescriptor> G = makeGmmaDesc(CL, ElementBits, Major);
  if (!G)
    return ummaError(G.takeError());
  return fromGmma(*G);
}

} // namespace cute
