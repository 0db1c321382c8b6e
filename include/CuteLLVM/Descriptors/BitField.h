//===- BitField.h - Fields of a descriptor word ------------------*- C++
//-*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The one bit-field packer of the descriptors: the GMMA and UMMA
/// shared-memory descriptors and the UMMA instruction descriptor declare
/// their fields as BitFields (position and width) and build their words
/// with packFields, so that a field's mask and shift are written once.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_DESCRIPTORS_BITFIELD_H
#define CUTELLVM_DESCRIPTORS_BITFIELD_H

#include <cstdint>
#include <initializer_list>
#include <utility>

namespace cute {

/// A field of a descriptor word of type \p WordT: \p Width bits from bit
/// \p Shift.
template <class WordT> struct BitField {
  unsigned Shift;
  unsigned Width;

  /// The field's values: its low Width bits.
  constexpr WordT mask() const {
    return Width >= sizeof(WordT) * 8 ? ~WordT(0) : (WordT(1) << Width) - 1;
  }
  /// The field's bits within the word.
  constexpr WordT bits() const { return mask() << Shift; }
  /// \p Value in the field (truncated to Width bits).
  constexpr WordT place(uint64_t Value) const {
    return (WordT(Value) & mask()) << Shift;
  }
  /// The field of word \p Word.
  constexpr uint64_t get(WordT Word) const { return (Word >> Shift) & mask(); }
};

/// The word that holds each value in its field.
template <class WordT>
constexpr WordT
packFields(std::initializer_list<std::pair<BitField<WordT>, uint64_t>> Fields) {
  WordT Word = 0;
  for (const auto &[Field, Value] : Fields)
    Word |= Field.place(Value);
  return Word;
}

} // namespace cute

#endif // CUTELLVM_DESCRIPTORS_BITFIELD_H
