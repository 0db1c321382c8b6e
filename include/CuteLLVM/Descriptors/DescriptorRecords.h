//===- DescriptorRecords.h - Generated descriptor fields --------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The fields of the GMMA and UMMA descriptor words and the codes they hold,
/// generated from td/Descriptors.td (cute-tblgen -gen-descriptors, into
/// Descriptors.inc in the build tree):
///
/// - the enums of the codes (GmmaMajor, GmmaLayoutType, UmmaLayoutType);
/// - per word, a struct <Word>Fields of BitField constants <Name>Field
///   (GmmaSmemDescriptorFields, UmmaSmemDescriptorFields,
///   UmmaInstrDescriptorFields), which the descriptor structs derive from;
/// - per enum or format set, a table <Name>Codes of FieldCode rows (name,
///   code, swizzle), and UmmaFormatByKind, the format set of each
///   `.kind::`.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_DESCRIPTORS_DESCRIPTORRECORDS_H
#define CUTELLVM_DESCRIPTORS_DESCRIPTORRECORDS_H

#include "CuteLLVM/Descriptors/BitField.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <iterator>

namespace cute {

/// A named code of a descriptor field: \p Name as records, attributes and
/// diagnostics spell it, \p Code its value; for a layout type, the B of the
/// byte-address Swizzle<B,4,3> of its canonical layouts (-1: none).
template <class T> struct FieldCode {
  llvm::StringLiteral Name;
  T Code;
  int8_t SwizzleBits;
};

/// The format set of one `.kind::` qualifier.
struct KindCodes {
  llvm::StringLiteral Kind;
  llvm::ArrayRef<FieldCode<uint8_t>> Codes;
};

#define GET_DESCRIPTOR_ENUMS
#include "CuteLLVM/Descriptors/Descriptors.inc"

#define GET_DESCRIPTOR_FIELDS
#include "CuteLLVM/Descriptors/Descriptors.inc"

#define GET_DESCRIPTOR_CODES
#include "CuteLLVM/Descriptors/Descriptors.inc"

/// The row of the table \p Codes named \p Name, or null.
template <class RangeT>
constexpr auto findCodeNamed(const RangeT &Codes, llvm::StringRef Name)
    -> decltype(&*std::begin(Codes)) {
  for (const auto &C : Codes)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

/// The row of the table \p Codes with the code \p Code, or null.
template <class RangeT, class T>
constexpr auto findCodeOf(const RangeT &Codes, T Code)
    -> decltype(&*std::begin(Codes)) {
  for (const auto &C : Codes)
    if (C.Code == Code)
      return &C;
  return nullptr;
}

} // namespace cute

#endif // CUTELLVM_DESCRIPTORS_DESCRIPTORRECORDS_H
