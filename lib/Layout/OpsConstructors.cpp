//===- OpsConstructors.cpp - The Constructors ops -------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The evaluators of CuTe IR's Constructors group: make_layout,
/// make_composed_layout, make_identity_layout, make_layout_like and
/// make_ordered_layout.
///
//===----------------------------------------------------------------------===//

#include "OpsCommon.h"

#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {
namespace ops {

Expected<Results> evalMakeLayout(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::Layout) {
    std::vector<Layout> Modes;
    for (unsigned I = 0; I < A.size(); ++I) {
      auto L = asLayout(Op, A, I);
      if (!L)
        return L.takeError();
      Modes.push_back(*L);
    }
    return one(Expected<Layout>(makeLayoutFromModes(Modes)));
  }
  auto S = asShapeLike(Op, A, 0);
  if (!S)
    return S.takeError();
  if (A.size() == 1)
    return one(Expected<Layout>(makeLayout(*S)));
  if (A[1].kind() == ValueKind::Shape || A[1].kind() == ValueKind::Coord)
    return kindError(Op, 1, A[1], "a stride");
  auto D = asTuple(Op, A, 1);
  if (!D)
    return D.takeError();
  return one(makeLayout(*S, *D));
}

Expected<Results> evalMakeComposedLayout(StringRef Op, Args A,
                                         const OpAttrs &) {
  ComposedLayout C;
  if (A[0].kind() == ValueKind::Swizzle)
    C.InnerSwizzle = A[0].swizzle();
  else if (A[0].kind() == ValueKind::Layout)
    C.InnerLayout = A[0].layout();
  else
    return kindError(Op, 0, A[0], "a layout or a swizzle");
  auto Off = asTuple(Op, A, 1);
  if (!Off)
    return Off.takeError();
  C.Offset = *Off;
  auto Out = asLayout(Op, A, 2);
  if (!Out)
    return Out.takeError();
  C.Outer = *Out;
  // The parts must make a composed layout the notation accepts ('_' in the
  // offset, an offset that does not fit the inner layout, a zero extent):
  // one set of rules, the parser's, checked on what the parts print as.
  std::string Printed = C.str();
  if (auto Checked = parseComposedLayout(Printed); !Checked)
    return makeError(diag(DiagID::NotComposedLayout, Op, Printed,
                          toString(Checked.takeError())));
  return Results{composedValue(std::move(C))};
}

Expected<Results> evalMakeIdentityLayout(StringRef Op, Args A,
                                         const OpAttrs &) {
  auto S = asShapeLike(Op, A, 0);
  if (!S)
    return S.takeError();
  return one(Expected<Layout>(makeIdentityLayout(*S)));
}

Expected<Results> evalMakeGmmaLayoutAtom(StringRef Op, Args A,
                                         const OpAttrs &Attrs) {
  auto Bits = asTuple(Op, A, 0);
  if (!Bits)
    return Bits.takeError();
  if (!Bits->isInt() || !Bits->value().isStatic())
    return kindError(Op, 0, A[0], "a static element width");
  auto Major = Attrs.Strings.find("major");
  auto Type = Attrs.Strings.find("swizzle");
  if (Major == Attrs.Strings.end() || Type == Attrs.Strings.end())
    return makeError(diag(DiagID::TakesAttributesMajor, Op));
  unsigned Width = StringSwitch<unsigned>(Type->second)
                       .Case("INTER", 1)
                       .Case("SW32", 2)
                       .Case("SW64", 4)
                       .Case("SW128", 8)
                       .Default(0);
  if (!Width || (Major->second != "K" && Major->second != "MN"))
    return makeError(
        diag(DiagID::MajorSwizzleNotMajor, Op, Major->second, Type->second));
  int64_t B = Bits->value().value();
  if (B <= 0 || B > 128)
    return makeError(diag(DiagID::ElementWidthDivides, Op, B));
  auto Atom = gmmaLayoutAtom(Width, Major->second == "MN", unsigned(B));
  if (!Atom)
    return Atom.takeError();
  return Results{composedValue(std::move(*Atom))};
}

Expected<Results> evalMakeLayoutLike(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::ComposedLayout && !A[0].composed().InnerSwizzle)
    return kindError(Op, 0, A[0], "a layout or a swizzled layout");
  auto L = asLayoutOrOuter(Op, A, 0);
  if (!L)
    return L.takeError();
  return one(makeLayoutLike(*L));
}

Expected<Results> evalMakeOrderedLayout(StringRef Op, Args A, const OpAttrs &) {
  if (A[0].kind() == ValueKind::Layout)
    return kindError(Op, 0, A[0], "a shape");
  auto S = asShapeLike(Op, A, 0);
  if (!S)
    return S.takeError();
  auto O = asOrder(Op, A, 1, *S);
  if (!O)
    return O.takeError();
  return one(makeOrderedLayout(*S, *O));
}

} // namespace ops
} // namespace cute
