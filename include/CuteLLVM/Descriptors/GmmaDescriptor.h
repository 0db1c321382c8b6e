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
/// Bit layout (CuTe's GmmaDescriptor union):
///   [0,14)  start address >> 4       [16,30) leading byte offset >> 4
///   [32,46) stride byte offset >> 4  [49,52) base offset
///   [62,64) layout type: 0 INTERLEAVE, 1 SW128, 2 SW64, 3 SW32
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_GMMADESCRIPTOR_H
#define CUTELLVM_LAYOUT_GMMADESCRIPTOR_H

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/Support/Error.h"

#include "CuteLLVM/Descriptors/BitField.h"

#include <cstdint>
#include <optional>

namespace cute {

/// Which mode of the tile is contiguous: K (the reduction mode, mode 1) or
/// MN (mode 0).
enum class GmmaMajor : uint8_t { K, MN };

/// The descriptor's layout-type field (bits 62-63).
enum class GmmaLayoutType : uint8_t {
  Interleave = 0,
  SW128 = 1,
  SW64 = 2,
  SW32 = 3,
};

/// "K" / "MN", and back ("major=K" attributes).
llvm::StringRef gmmaMajorName(GmmaMajor M);
std::optional<GmmaMajor> parseGmmaMajor(llvm::StringRef Name);
/// "INTERLEAVE", "SW32", "SW64", "SW128".
llvm::StringRef gmmaLayoutTypeName(GmmaLayoutType T);

/// What the GMMA and the UMMA (SM100) shared-memory descriptor words share
/// (CuTe's GMMA::GmmaDescriptor and UMMA::SmemDescriptor): the 14-bit start
/// address, the leading and stride byte offsets in 16-byte units and the
/// base offset. \p Derived adds its layout type and fields and word(), the
/// word with a zero start address.
template <class Derived> struct SmemDescriptorFields {
  using Field = BitField<uint64_t>;
  static constexpr Field StartAddressField{0, 14},
      LeadingByteOffsetField{16, 14}, StrideByteOffsetField{32, 14},
      BaseOffsetField{49, 3};
  /// The 14-bit offset fields.
  static constexpr uint64_t OffsetMask = LeadingByteOffsetField.mask();
  /// The shared-memory address bits the 14-bit start address encodes.
  static constexpr uint64_t AddressMask = 0x3FFFF;

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
    return packFields<uint64_t>({{LeadingByteOffsetField, LeadingByteOffset},
                                 {StrideByteOffsetField, StrideByteOffset},
                                 {BaseOffsetField, BaseOffset}});
  }
};

/// The static fields of a GMMA descriptor.
struct GmmaDescriptor : SmemDescriptorFields<GmmaDescriptor> {
  static constexpr Field LayoutTypeField{62, 2};

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
