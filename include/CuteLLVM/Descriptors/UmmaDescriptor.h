//===- UmmaDescriptor.h - Blackwell UMMA descriptors -------------*- C++
//-*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The two descriptors a Blackwell tcgen05.mma (UMMA) reads:
///
/// - the 32-bit instruction descriptor, CuTe's UMMA::make_instr_desc and
///   make_instr_desc_block_scaled (cute/arch/mma_sm100_desc.hpp): the A, B
///   and C formats, M and N, the majors, negations, saturation, sparsity
///   and (block-scaled) the scale format and scale-factor ids;
/// - the 64-bit shared-memory matrix descriptor, CuTe's make_umma_desc<Major>:
///   the GMMA descriptor's canonical layouts (the same recognition, the
///   same leading and stride byte offsets) in the SM100 format, which adds
///   the version (1), the leading-byte-offset mode and a 3-bit layout type.
///
/// The bitfields of both words (InstrDescriptor / InstrDescriptorBlockScaled
/// and SmemDescriptor), UmmaLayoutType, its names and the format codes are
/// records of td/Descriptors.td (DescriptorRecords.h).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_UMMADESCRIPTOR_H
#define CUTELLVM_LAYOUT_UMMADESCRIPTOR_H

#include "CuteLLVM/Descriptors/GmmaDescriptor.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include "CuteLLVM/Descriptors/DescriptorRecords.h"

#include <cstdint>
#include <optional>

namespace cute {

/// The fields of a UMMA instruction descriptor; its BitFields (CuTe's
/// UMMA::InstrDescriptor and, where they differ, InstrDescriptorBlockScaled)
/// are those of UmmaInstrDescriptorFields.
struct UmmaInstrDesc : UmmaInstrDescriptorFields {
  /// The block-scaled layout (InstrDescriptorBlockScaled).
  bool BlockScaled = false;
  uint8_t AFormat = 0, BFormat = 0;
  /// Dense kinds: a code of UmmaCFormatCodes.
  uint8_t CFormat = 0;
  /// Block-scaled: a code of UmmaScaleFormatCodes.
  uint8_t ScaleFormat = 0;
  unsigned M = 0, N = 0;
  GmmaMajor AMajor = GmmaMajor::K, BMajor = GmmaMajor::K;
  bool ANegate = false, BNegate = false, Saturate = false, Sparse = false;
  uint8_t SparseId2 = 0, ASfId = 0, BSfId = 0;

  /// The descriptor word.
  uint32_t word() const;

  /// The bits a call may set on top of a variant's word (the majors, the
  /// negations, the sparsity selector of a sparse form, saturation of
  /// .kind::i8, the scale-factor ids of a block-scaled form): everything
  /// else is fixed by the variant or reserved.
  static uint32_t callMask(llvm::StringRef Kind, bool Sparse);
};

/// CuTe's to_UMMAFormat of element type \p Type (the registry's CuTe name:
/// "F16", "E4M3", "S8", ...) under `.kind::`\p Kind: its code in the kind's
/// format set (UmmaFormatByKind); none when the kind does not take the type.
std::optional<uint8_t> ummaFormat(llvm::StringRef Kind, llvm::StringRef Type);
/// CuTe's to_CFormat (UmmaCFormatCodes).
std::optional<uint8_t> ummaCFormat(llvm::StringRef Type);
/// CuTe's to_ScaleFormat (UmmaScaleFormatCodes).
std::optional<uint8_t> ummaScaleFormat(llvm::StringRef Type);

/// The instruction descriptor CuTe's make_instr_desc (or, with a scale type,
/// make_instr_desc_block_scaled) builds for an M x N UMMA of `.kind::`\p Kind
/// on types \p A, \p B accumulating in \p C, K-major A and B, nothing
/// negated or saturated; \p ScaleType is "" for the dense kinds.
llvm::Expected<UmmaInstrDesc>
makeUmmaInstrDesc(llvm::StringRef Kind, llvm::StringRef A, llvm::StringRef B,
                  llvm::StringRef C, llvm::StringRef ScaleType, unsigned M,
                  unsigned N, bool Sparse);

/// "SWIZZLE_NONE", "SWIZZLE_128B", ... (UmmaLayoutTypeCodes).
llvm::StringRef ummaLayoutTypeName(UmmaLayoutType T);

/// The static fields of a UMMA shared-memory descriptor: the GMMA
/// descriptor's, and the version, the leading-byte-offset mode and a wider
/// layout type.
struct UmmaDescriptor
    : SmemDescriptorFields<UmmaDescriptor, UmmaSmemDescriptorFields> {
  UmmaLayoutType LayoutType = UmmaLayoutType::SwizzleNone;
  /// CuTe: version_ = 1 (Blackwell), base_offset_ = 0, lbo_mode_ = 0.
  uint8_t Version = 1;
  bool LboMode = false;

  using SmemDescriptorFields::word;
  /// The descriptor word with a zero start address.
  uint64_t word() const;
};

/// make_umma_desc<Major> of a rank-2 shared-memory tile whose (M|N, K)
/// layout \p L is in elements of \p ElementBits bits (SWIZZLE_NONE).
llvm::Expected<UmmaDescriptor>
makeUmmaDesc(const Layout &L, unsigned ElementBits, GmmaMajor Major);
/// The same for a swizzled tile `S<B,M,S> o off o L`: the element-index
/// forms of CuTe's byte-address Swizzle<B,4,3> (B = 0..3) and, MN-major
/// only, Swizzle<2,5,2> (SWIZZLE_128B_BASE32B).
llvm::Expected<UmmaDescriptor>
makeUmmaDesc(const ComposedLayout &CL, unsigned ElementBits, GmmaMajor Major);

} // namespace cute

#endif // CUTELLVM_LAYOUT_UMMADESCRIPTOR_H
