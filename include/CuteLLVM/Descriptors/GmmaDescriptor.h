//===- GmmaDescriptor.h - Hopper GMMA shared-memory descriptors -*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's make_gmma_desc<Major>: the 64-bit descriptor a Hopper WGMMA reads
/// a shared-memory operand through. The layout algebra recognises the
/// canonical GMMA layouts (INTERLEAVE, SW32, SW64, SW128, each K- or
/// MN-major) in a shared-memory tile's layout and reads the leading and
/// stride byte offsets off the strides of the tile divided by the canonical
/// atom. Only the start address is a run-time quantity; everything else is
/// a static field of the word.
///
/// The word's bitfields (CuTe's GmmaDescriptor union: the start address,
/// the leading and stride byte offsets, the base offset and the layout
/// type), GmmaMajor, GmmaLayoutType and their names are records of
/// td/Descriptors.td (DescriptorRecords.h).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_GMMADESCRIPTOR_H
#define CUTELLVM_LAYOUT_GMMADESCRIPTOR_H

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/Support/Error.h"

#include "CuteLLVM/Descriptors/DescriptorRecords.h"

#include <cstdint>
#include <optional>

namespace cute {

/// "K" / "MN", and back ("major=K" attributes).
llvm::StringRef gmmaMajorName(GmmaMajor M);
std::optional<GmmaMajor> parseGmmaMajor(llvm::StringRef Name);
/// "INTERLEAVE", "SW128", ... (GmmaLayoutTypeCodes).
llvm::StringRef gmmaLayoutTypeName(GmmaLayoutType T);

/// What the GMMA and the UMMA (SM100) shared-memory descriptor words share
/// (CuTe's GMMA::GmmaDescriptor and UMMA::SmemDescriptor): the 14-bit start
/// address, the leading and stride byte offsets in 16-byte units and the
/// base offset, fields of \p WordFields (the word's generated BitFields).
/// \p Derived adds its layout type and fields and word(), the word with a
/// zero start address.
template <class Derived, class WordFields>
struct SmemDescriptorFields : WordFields {
  using Field = typename WordFields::Field;
  /// The 14-bit offset fields.
  static constexpr uint64_t OffsetMask =
      WordFields::LeadingByteOffsetField.mask();
  /// The shared-memory address bits the start address encodes (its field
  /// holds address bits [4,18)).
  static constexpr uint64_t AddressMask =
      WordFields::StartAddressField.mask() << 4 | 0xF;

  uint16_t LeadingByteOffset = 0;
  uint16_t StrideByteOffset = 0;
  uint8_t BaseOffset = 0;

  /// The start-address field of a shared-memory byte address.
  static uint64_t startAddressField(uint64_t SmemAddress) {
    return (SmemAddress & AddressMask) >> 4;
  }
  /// The word with the start address \p SmemAddress.
  uint64_t word(uint64_t SmemAddress) const {
    return static_cast<const Derived &>(*this).word() |
           startAddressField(SmemAddress);
  }

protected:
  /// The offset fields of the word.
  uint64_t offsetBits() const {
    return packFields<uint64_t>(
        {{WordFields::LeadingByteOffsetField, LeadingByteOffset},
         {WordFields::StrideByteOffsetField, StrideByteOffset},
         {WordFields::BaseOffsetField, BaseOffset}});
  }
};

/// The static fields of a GMMA descriptor.
struct GmmaDescriptor
    : SmemDescriptorFields<GmmaDescriptor, GmmaSmemDescriptorFields> {
  GmmaLayoutType LayoutType = GmmaLayoutType::Interleave;

  using SmemDescriptorFields::word;
  /// The descriptor word with a zero start address.
  uint64_t word() const;
  bool operator==(const GmmaDescriptor &O) const {
    return LayoutType == O.LayoutType &&
           LeadingByteOffset == O.LeadingByteOffset &&
           StrideByteOffset == O.StrideByteOffset && BaseOffset == O.BaseOffset;
  }
};

/// make_gmma_desc<Major> of a rank-2 shared-memory tile whose (M|N, K)
/// layout \p L is in elements of \p ElementBits bits. A plain layout is an
/// INTERLEAVE tile.
llvm::Expected<GmmaDescriptor>
makeGmmaDesc(const Layout &L, unsigned ElementBits, GmmaMajor Major);
/// The same for a swizzled tile `S<B,M,S> o off o L`. The swizzle acts on
/// element indices, so CuTe's byte-address Swizzle<B,4,3> is S<B,M,3> with
/// M = log2(128 / ElementBits) (S<3,3,3> for 16-bit elements). The offset
/// moves the start address only (the lowering adds it) and is not read.
llvm::Expected<GmmaDescriptor>
makeGmmaDesc(const ComposedLayout &CL, unsigned ElementBits, GmmaMajor Major);

/// CuTe's canonical atom of \p Type for \p Major in elements of
/// \p ElementBits bits (GMMA::Layout_<Major>_<Type>_Atom<T>), as a composed
/// layout `S<B,M,3> o 0 o L` (INTERLEAVE has B = 0).
llvm::Expected<ComposedLayout>
gmmaCanonicalAtom(GmmaLayoutType Type, GmmaMajor Major, unsigned ElementBits);

} // namespace cute

#endif // CUTELLVM_LAYOUT_GMMADESCRIPTOR_H
