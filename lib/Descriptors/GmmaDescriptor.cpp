//===- GmmaDescriptor.cpp - Hopper GMMA shared-memory descriptors ---------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// make_gmma_desc as CuTe defines it: the tile is recast to 128-bit units,
/// divided by the canonical atom's core matrix ((8,2) for K-major, (W,8)
/// for MN-major, W the swizzle width in 128-bit units) and the divided
/// layout must have the profile ((1,1),(1,1)) and the canonical strides;
/// the byte offsets are strides of the rest modes.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Descriptors/GmmaDescriptor.h"
#include "CuteLLVM/Registry/AtomRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace cute {

StringRef gmmaMajorName(GmmaMajor M) {
  return findCodeOf(GmmaMajorCodes, M)->Name;
}

std::optional<GmmaMajor> parseGmmaMajor(StringRef Name) {
  if (const auto *C = findCodeNamed(GmmaMajorCodes, Name))
    return C->Code;
  return std::nullopt;
}

StringRef gmmaLayoutTypeName(GmmaLayoutType T) {
  return findCodeOf(GmmaLayoutTypeCodes, T)->Name;
}

uint64_t GmmaDescriptor::word() const {
  return offsetBits() | LayoutTypeField.place(uint64_t(LayoutType));
}

namespace {
using registry::DiagID;
using registry::getDiagnosticText;

/// The swizzle width in 128-bit units: 1, 2, 4, 8 (CuTe's W).
int64_t swizzleWidth(GmmaLayoutType T) {
  return int64_t(1) << findCodeOf(GmmaLayoutTypeCodes, T)->SwizzleBits;
}

/// Element widths whose elements pack a 128-bit unit.
bool isValidWidth(unsigned Bits) {
  return Bits >= 1 && Bits <= 128 && isPowerOf2_32(Bits);
}

/// log2 of the elements in 16 bytes: the swizzle base M of an element-index
/// swizzle equal to the byte-address Swizzle<B,4,3>.
int swizzleBase(unsigned Bits) { return Log2_32(128 / Bits); }

std::string describe(GmmaLayoutType Type, GmmaMajor Major, unsigned Bits) {
  std::string S;
  if (auto Atom = gmmaCanonicalAtom(Type, Major, Bits))
    S = Atom->str();
  else
    consumeError(Atom.takeError());
  return formatv("{0} (the {1}-major {2} atom of {3}-bit elements)", S,
                 gmmaMajorName(Major), gmmaLayoutTypeName(Type), Bits);
}

Error mismatch(GmmaLayoutType Type, GmmaMajor Major, unsigned Bits,
               StringRef Got, const Twine &Why) {
  return makeError(diag(DiagID::GmmaLayoutMismatchReason,
                        Twine(getDiagnosticText(DiagID::MmaLayoutMismatch)),
                        describe(Type, Major, Bits), Got, Why));
}

/// The integer of a static leaf.
int64_t leafValue(const IntTuple &T) { return T.value().value(); }

/// True when \p T is a tuple of exactly two integer leaves.
bool isPairOfLeaves(const IntTuple &T) {
  return T.isTuple() && T.size() == 2 && T[0].isInt() && T[1].isInt();
}

/// The stride of leaf (I, J) of a divided layout; a size-1 mode has stride
/// 0, as CuTe's complement and composition leave it.
int64_t dividedStride(const Layout &D, unsigned I, unsigned J) {
  if (leafValue(D.Shape[I][J]) == 1)
    return 0;
  return leafValue(D.Stride[I][J]);
}

Expected<GmmaDescriptor> makeDesc(const Layout &L, GmmaLayoutType Type,
                                  unsigned Bits, GmmaMajor Major,
                                  StringRef Got) {
  if (!isStatic(L.Shape) || !isStatic(L.Stride) || hasBasis(L.Stride))
    return makeError(Twine(getDiagnosticText(DiagID::MmaLayoutNotStatic)) +
                     " " + Got);
  if (rank(L) != 2 || !L.Shape.isTuple())
    return mismatch(Type, Major, Bits, Got,
                    "a GMMA operand tile has rank 2 ((M|N),K)");
  // In 128-bit units (CuTe: recast<uint128_t const>(tensor)).
  auto U = recastLayout(L, Bits, 128);
  if (!U)
    return mismatch(Type, Major, Bits, Got, toString(U.takeError()));
  int64_t W = swizzleWidth(Type);
  Tile Core;
  if (Major == GmmaMajor::K) {
    int64_t MN = product(U->Shape[0]).value(), K = product(U->Shape[1]).value();
    if (MN % 8 != 0)
      return mismatch(Type, Major, Bits, Got,
                      formatv("the M|N extent is {0} 128-bit rows, not a "
                              "multiple of 8",
                              MN));
    if (K != 2 && K != 4)
      return mismatch(Type, Major, Bits, Got,
                      formatv("the K extent is {0} x 128 bits, not 2 (dense) "
                              "or 4 (sparse)",
                              K));
    Core = Tile({Tile(Layout(8, 1)), Tile(Layout(2, 1))});
  } else {
    int64_t K = product(L.Shape[1]).value();
    if (K * Bits != 256 && K * Bits != 128 && K * Bits != 512)
      return mismatch(Type, Major, Bits, Got,
                      formatv("the K extent is {0} elements ({1} bits), not "
                              "256 bits (dense) or 128/512 bits (sparse)",
                              K, K * Bits));
    Core = Tile({Tile(Layout(W, 1)), Tile(Layout(8, 1))});
  }
  auto D = logicalDivide(*U, Core);
  if (!D)
    return mismatch(Type, Major, Bits, Got, toString(D.takeError()));
  // CuTe: congruent(canonical_layout, ((_1,_1),(_1,_1))).
  if (!D->Shape.isTuple() || D->Shape.size() != 2 ||
      !isPairOfLeaves(D->Shape[0]) || !isPairOfLeaves(D->Shape[1]) ||
      !isPairOfLeaves(D->Stride[0]) || !isPairOfLeaves(D->Stride[1]))
    return mismatch(Type, Major, Bits, Got,
                    formatv("divided by the core matrix {0} it is {1}, not of "
                            "the profile ((_,_),(_,_))",
                            Core.str(), D->str()));
  int64_t S00 = dividedStride(*D, 0, 0), S01 = dividedStride(*D, 0, 1);
  int64_t S10 = dividedStride(*D, 1, 0), S11 = dividedStride(*D, 1, 1);
  bool Inter = Type == GmmaLayoutType::Interleave;
  int64_t LBO, SBO;
  auto BadStride = [&](StringRef Which, int64_t Want, int64_t Have) {
    return mismatch(Type, Major, Bits, Got,
                    formatv("divided by the core matrix {0} it is {1}, whose "
                            "{2} stride is {3} x 128 bits, not {4}",
                            Core.str(), D->str(), Which, Have, Want));
  };
  if (Major == GmmaMajor::K) {
    // ((8,n),2):((W,SBO),LBO); the K step is 1 unless interleaved.
    if (S00 != W)
      return BadStride("row", W, S00);
    if (!Inter && S10 != 1)
      return BadStride("K", 1, S10);
    SBO = S01;
    LBO = S10;
  } else {
    // ((W,n),(8,k)): ((1,LBO),(W,SBO)), interleaved ((X,SBO),(1,LBO)).
    if (!Inter && S00 != 1)
      return BadStride("M|N", 1, S00);
    if (S10 != W)
      return BadStride("K", W, S10);
    SBO = Inter ? S01 : S11;
    LBO = Inter ? S11 : S01;
  }
  for (auto [Name, V] : {std::pair<StringRef, int64_t>{"leading", LBO},
                         std::pair<StringRef, int64_t>{"stride", SBO}})
    if (V < 0 || uint64_t(V) > GmmaDescriptor::OffsetMask)
      return mismatch(Type, Major, Bits, Got,
                      formatv("the {0} byte offset {1} x 16 bytes does not "
                              "fit the descriptor's 14 bits",
                              Name, V));
  GmmaDescriptor R;
  R.LayoutType = Type;
  R.LeadingByteOffset = uint16_t(LBO);
  R.StrideByteOffset = uint16_t(SBO);
  R.BaseOffset = 0; // CuTe: constexpr uint8_t base_offset = 0.
  return R;
}

Error checkWidth(unsigned Bits) {
  if (!isValidWidth(Bits))
    return makeError(diag(DiagID::MakeGmmaDescExpects, Bits));
  return Error::success();
}
} // namespace

Expected<ComposedLayout> gmmaCanonicalAtom(GmmaLayoutType Type, GmmaMajor Major,
                                           unsigned Bits) {
  if (Error E = checkWidth(Bits))
    return std::move(E);
  // Layout_<Major>_<Type>_Atom_Bits: a (W x 128 bit) x 8 block, upcast to
  // elements (the layout algebra's, which make_gmma_layout_atom gives too).
  return gmmaLayoutAtom(unsigned(swizzleWidth(Type)), Major == GmmaMajor::MN,
                        Bits);
}

Expected<GmmaDescriptor> makeGmmaDesc(const Layout &L, unsigned ElementBits,
                                      GmmaMajor Major) {
  if (Error E = checkWidth(ElementBits))
    return std::move(E);
  return makeDesc(L, GmmaLayoutType::Interleave, ElementBits, Major, L.str());
}

Expected<GmmaDescriptor> makeGmmaDesc(const ComposedLayout &CL,
                                      unsigned ElementBits, GmmaMajor Major) {
  if (Error E = checkWidth(ElementBits))
    return std::move(E);
  std::string Got = CL.str();
  if (!CL.InnerSwizzle)
    return mismatch(GmmaLayoutType::Interleave, Major, ElementBits, Got,
                    "the inner function is a layout, not a swizzle");
  const Swizzle &Sw = *CL.InnerSwizzle;
  // CuTe's layout_type(): Swizzle<B,4,3> on byte addresses, 0 <= B <= 3.
  const auto *Info = find_if(GmmaLayoutTypeCodes, [&](const auto &C) {
    return C.SwizzleBits == Sw.Bits;
  });
  if (Info == std::end(GmmaLayoutTypeCodes))
    return mismatch(GmmaLayoutType::SW128, Major, ElementBits, Got,
                    formatv("a GMMA swizzle has B in [0,3], not {0}", Sw.Bits));
  GmmaLayoutType Type = Info->Code;
  if (Sw.Bits != 0 && (Sw.Base != swizzleBase(ElementBits) || Sw.Shift != 3))
    return mismatch(Type, Major, ElementBits, Got,
                    formatv("the swizzle of {0}-bit elements is S<{1},{2},3> "
                            "(the byte-address Swizzle<{1},4,3>), not {3}",
                            ElementBits, Sw.Bits, swizzleBase(ElementBits),
                            Sw.str()));
  return makeDesc(CL.Outer, Type, ElementBits, Major, Got);
}

} // namespace cute
