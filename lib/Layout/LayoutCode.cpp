//===- LayoutCode.cpp - Layouts as words of 64 bits -----------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The word encoding of LayoutCode.h: writing and reading IntTuples,
/// layouts and composed layouts.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/LayoutCode.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {

using namespace layout_code;

namespace {

void encodeInt(const Int &V, SmallVectorImpl<int64_t> &Words) {
  if (V.isDynamic()) {
    Words.push_back(DynamicTag);
    Words.push_back(V.width());
    Words.push_back(V.divisibility());
    return;
  }
  if (V.value() < FirstPlain)
    Words.push_back(StaticTag);
  Words.push_back(V.value());
}

Error truncated(StringRef What) {
  return makeError(diag(DiagID::LayoutWordsEndInside, What));
}

/// The next word, or an error naming \p What when none is left.
Expected<int64_t> take(ArrayRef<int64_t> &Words, StringRef What) {
  if (Words.empty())
    return truncated(What);
  int64_t W = Words.front();
  Words = Words.drop_front();
  return W;
}

/// A count of elements that fits what is left of \p Words.
Expected<size_t> takeCount(ArrayRef<int64_t> &Words, StringRef What) {
  auto N = take(Words, What);
  if (!N)
    return N.takeError();
  if (*N < 0 || uint64_t(*N) > Words.size())
    return makeError(
        diag(DiagID::LayoutWordsCountsElements, What, *N, Words.size()));
  return size_t(*N);
}

} // namespace

void encodeIntTuple(const IntTuple &T, SmallVectorImpl<int64_t> &Words) {
  if (T.isUnderscore()) {
    Words.push_back(UnderscoreTag);
    return;
  }
  if (T.isTuple()) {
    Words.push_back(TupleTag);
    Words.push_back(int64_t(T.size()));
    for (const IntTuple &E : T.elems())
      encodeIntTuple(E, Words);
    return;
  }
  if (T.isBasis()) {
    Words.push_back(BasisTag);
    Words.push_back(int64_t(T.basis().size()));
    for (unsigned I : T.basis())
      Words.push_back(I);
  }
  encodeInt(T.value(), Words);
}

void encodeLayout(const Layout &L, SmallVectorImpl<int64_t> &Words) {
  encodeIntTuple(L.Shape, Words);
  encodeIntTuple(L.Stride, Words);
}

void encodeComposedLayout(const ComposedLayout &C,
                          SmallVectorImpl<int64_t> &Words) {
  if (C.InnerSwizzle) {
    Words.push_back(SwizzleTag);
    Words.push_back(C.InnerSwizzle->Bits);
    Words.push_back(C.InnerSwizzle->Base);
    Words.push_back(C.InnerSwizzle->Shift);
  } else {
    Words.push_back(LayoutTag);
    encodeLayout(C.InnerLayout, Words);
  }
  encodeIntTuple(C.Offset, Words);
  encodeLayout(C.Outer, Words);
}

Expected<IntTuple> decodeIntTuple(ArrayRef<int64_t> &Words) {
  auto W = take(Words, "an integer tuple");
  if (!W)
    return W.takeError();
  switch (*W) {
  case UnderscoreTag:
    return IntTuple::underscore();
  case TupleTag: {
    auto N = takeCount(Words, "a tuple");
    if (!N)
      return N.takeError();
    std::vector<IntTuple> Elems;
    Elems.reserve(*N);
    for (size_t I = 0; I < *N; ++I) {
      auto E = decodeIntTuple(Words);
      if (!E)
        return E.takeError();
      Elems.push_back(std::move(*E));
    }
    return IntTuple(std::move(Elems));
  }
  case DynamicTag: {
    auto Width = take(Words, "a dynamic integer");
    if (!Width)
      return Width.takeError();
    auto Div = take(Words, "a dynamic integer");
    if (!Div)
      return Div.takeError();
    if (*Width < 1 || *Width > 64 || *Div < 1)
      return makeError(diag(DiagID::LayoutWordsDynamic, *Width, *Div));
    return IntTuple(Int::dynamic(unsigned(*Width), *Div));
  }
  case StaticTag: {
    auto V = take(Words, "an integer");
    if (!V)
      return V.takeError();
    return IntTuple(*V);
  }
  case BasisTag: {
    auto N = takeCount(Words, "a scaled basis");
    if (!N)
      return N.takeError();
    SmallVector<unsigned, 2> Basis;
    for (size_t I = 0; I < *N; ++I) {
      int64_t B = Words[I];
      if (B < 0 || B > 64)
        return makeError(diag(DiagID::LayoutWordsBasisIndex, B));
      Basis.push_back(unsigned(B));
    }
    Words = Words.drop_front(*N);
    auto Coef = decodeIntTuple(Words);
    if (!Coef)
      return Coef.takeError();
    if (!Coef->isInt())
      return makeError(diag(DiagID::LayoutWordsScaledBasis));
    return IntTuple::scaledBasis(Coef->value(), Basis);
  }
  default:
    if (*W < FirstPlain)
      return makeError(diag(DiagID::LayoutWordsNoTag, *W));
    return IntTuple(*W);
  }
}

Expected<Layout> decodeLayout(ArrayRef<int64_t> &Words) {
  auto Shape = decodeIntTuple(Words);
  if (!Shape)
    return Shape.takeError();
  auto Stride = decodeIntTuple(Words);
  if (!Stride)
    return Stride.takeError();
  if (!congruent(*Shape, *Stride))
    return makeError(
        diag(DiagID::LayoutWordsShapeStride, Shape->str(), Stride->str()));
  return Layout(std::move(*Shape), std::move(*Stride));
}

Expected<ComposedLayout> decodeComposedLayout(ArrayRef<int64_t> &Words) {
  auto W = take(Words, "a composed layout");
  if (!W)
    return W.takeError();
  ComposedLayout C;
  if (*W == SwizzleTag) {
    if (Words.size() < 3)
      return truncated("a swizzle");
    C.InnerSwizzle = Swizzle{int(Words[0]), int(Words[1]), int(Words[2])};
    Words = Words.drop_front(3);
  } else if (*W == LayoutTag) {
    auto Inner = decodeLayout(Words);
    if (!Inner)
      return Inner.takeError();
    C.InnerLayout = std::move(*Inner);
  } else {
    return makeError(diag(DiagID::LayoutWordsNoInner, *W));
  }
  auto Offset = decodeIntTuple(Words);
  if (!Offset)
    return Offset.takeError();
  C.Offset = std::move(*Offset);
  auto Outer = decodeLayout(Words);
  if (!Outer)
    return Outer.takeError();
  C.Outer = std::move(*Outer);
  return C;
}

} // namespace cute
