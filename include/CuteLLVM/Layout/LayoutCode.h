//===- LayoutCode.h - Layouts as words of 64 bits ---------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Layouts and composed layouts as a sequence of 64-bit words, so that they
/// travel as data, never as notation to parse again: cute-tblgen writes the
/// registry's TV layouts into a table of words (the build parsed them once),
/// and the layout lowering hands the layout of each atom operand to the
/// verifiers as an `[N x i64]` constant.
///
/// An IntTuple is written in preorder. A word that is not one of the tags
/// below is a static integer; the tags, at the very bottom of the int64
/// range, introduce:
///
///   TupleTag N e1 ... eN     a tuple of N elements
///   DynamicTag W D           a dynamic integer of W bits, a multiple of D
///   StaticTag V              a static integer V that would read as a tag
///   BasisTag N i1 ... iN V   the integer V scaled by the basis (i1, ..., iN)
///   UnderscoreTag            `_`
///
/// A Layout is its shape and then its stride. A composed layout is
/// `SwizzleTag B M S` or `LayoutTag <layout>` (the inner function), then its
/// offset and its outer layout.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_LAYOUTCODE_H
#define CUTELLVM_LAYOUT_LAYOUTCODE_H

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <limits>

namespace cute {
namespace layout_code {

constexpr int64_t TagBase = std::numeric_limits<int64_t>::min();
constexpr int64_t TupleTag = TagBase + 0;
constexpr int64_t DynamicTag = TagBase + 1;
constexpr int64_t StaticTag = TagBase + 2;
constexpr int64_t BasisTag = TagBase + 3;
constexpr int64_t UnderscoreTag = TagBase + 4;
constexpr int64_t SwizzleTag = TagBase + 5;
constexpr int64_t LayoutTag = TagBase + 6;
/// Words below this are tags.
constexpr int64_t FirstPlain = TagBase + 16;

} // namespace layout_code

/// Appends the words of \p T, \p L or \p C to \p Words. A dynamic integer
/// keeps its width and divisibility, not the expression that computes it.
void encodeIntTuple(const IntTuple &T, llvm::SmallVectorImpl<int64_t> &Words);
void encodeLayout(const Layout &L, llvm::SmallVectorImpl<int64_t> &Words);
void encodeComposedLayout(const ComposedLayout &C,
                          llvm::SmallVectorImpl<int64_t> &Words);

/// Reads one IntTuple, Layout or ComposedLayout from the front of \p Words
/// and drops its words; an error on words that are not one.
llvm::Expected<IntTuple> decodeIntTuple(llvm::ArrayRef<int64_t> &Words);
llvm::Expected<Layout> decodeLayout(llvm::ArrayRef<int64_t> &Words);
llvm::Expected<ComposedLayout>
decodeComposedLayout(llvm::ArrayRef<int64_t> &Words);

} // namespace cute

#endif // CUTELLVM_LAYOUT_LAYOUTCODE_H
