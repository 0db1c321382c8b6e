//===- ComposedLayout.cpp - Evaluating and slicing composed layouts -------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Composed layouts `A o offset o L`: evaluation, and CuTe's
/// slice_and_offset. For a swizzle A, slicing is CuTe's slice of
/// `S<B,M,S> o offset o L`. The sliced-off coordinate moves
/// into the swizzle's offset; when the part of L that stays cannot make the
/// swizzle act on both bits of a swizzled pair, the swizzle decays into a
/// plain layout whose strides on the swizzled bits depend on the offset's
/// partner bits (so a dynamic coordinate gives dynamic strides).
///
/// Which bits of the offset are known statically is tracked the way CuTe's
/// MixedBits does: a static part, a mask of bits that may be dynamic, and an
/// expression for those bits.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace cute {

namespace {

/// `Static | (Dyn & Flags)`: bits in Flags are dynamic, the others are those
/// of Static. With no dynamic bit the value is static.
struct MixedBits {
  uint64_t Static = 0;
  uint64_t Flags = 0;
  Int Dyn;

  static MixedBits known(uint64_t V) { return MixedBits{V, 0, Int(0)}; }

  /// CuTe's make_mixed_bits: static bits take precedence, and the dynamic
  /// part is masked to the bits that may be dynamic.
  static MixedBits make(uint64_t S, Int D, uint64_t F) {
    F &= ~S;
    if (F == 0 || D.isStatic())
      return known(S | (D.isStatic() ? uint64_t(D.value()) & F : 0));
    return MixedBits{S, F, andInt(D, Int(int64_t(F)))};
  }

  /// A fully dynamic integer.
  static MixedBits dynamic(Int D) { return MixedBits{0, ~uint64_t(0), D}; }

  bool isStatic() const { return Flags == 0; }

  /// The value as an integer.
  Int value() const {
    return isStatic() ? Int(int64_t(Static)) : Int(int64_t(Static)) + Dyn;
  }

  MixedBits operator^(const MixedBits &O) const {
    uint64_t S0 = Static, F0 = Flags, S1 = O.Static, F1 = O.Flags;
    uint64_t S = (~S0 & S1 & ~F0) | (S0 & ~S1 & ~F1);
    return make(S, xorInt(value(), O.value()), F0 | F1);
  }

  /// `(this & Bit) == 0` for a single bit: a static answer, or the dynamic
  /// 0/1 value of the bit.
  std::optional<bool> bitIsZero(uint64_t Bit) const {
    if (!(Flags & Bit))
      return (Static & Bit) == 0;
    return std::nullopt;
  }
};

/// CuTe's to_mixed_bits: the index of \p Crd in a layout whose modes each
/// cover a power-of-two range of bits.
Expected<MixedBits> toMixedBits(const Layout &L, const IntTuple &Crd) {
  auto Natural = idx2crd(Crd, L.Shape);
  if (!Natural)
    return Natural.takeError();
  SmallVector<IntTuple, 8> S, D, C;
  leaves(L.Shape, S);
  leaves(L.Stride, D);
  leaves(*Natural, C);
  if (S.size() != D.size() || S.size() != C.size())
    return makeError(
        diag(DiagID::SwizzleSliceCoordinate, Natural->str(), L.str()));
  MixedBits R = MixedBits::known(0);
  for (size_t I = 0; I < S.size(); ++I) {
    if (!S[I].isInt() || !D[I].isInt() || !C[I].isInt() ||
        S[I].value().isDynamic() || D[I].value().isDynamic())
      return makeError(diag(DiagID::SwizzleSliceModeNotPowerOfTwo, S[I].str(),
                            D[I].str(), L.str()));
    int64_t Extent = S[I].value().value(), Stride = D[I].value().value();
    int64_t Span = checkedMul(Extent, Stride);
    if (Span != 0 && (Span < 0 || !isPowerOf2_64(uint64_t(Span))))
      return makeError(
          diag(DiagID::SwizzleSliceModeBitRange, Extent, Stride, L.str()));
    const Int &Coord = C[I].value();
    Int Idx = Coord * Int(Stride);
    if (Idx.isStatic())
      R = R ^ MixedBits::known(uint64_t(Idx.value()));
    else
      R = R ^ MixedBits::make(0, Idx, uint64_t(checkedMul(Extent - 1, Stride)));
  }
  return R;
}

Expected<Layout> makeStaticLayout(ArrayRef<IntTuple> Shape,
                                  ArrayRef<IntTuple> Stride) {
  return makeLayout(IntTuple(std::vector<IntTuple>(Shape)),
                    IntTuple(std::vector<IntTuple>(Stride)));
}

} // namespace

Expected<IntTuple> evalComposed(const ComposedLayout &CL, const IntTuple &Crd) {
  auto Outer = crd2idx(Crd, CL.Outer.Shape, CL.Outer.Stride);
  if (!Outer)
    return Outer.takeError();
  auto Idx = addIndex(CL.Offset, *Outer);
  if (!Idx)
    return Idx.takeError();
  if (!CL.InnerSwizzle)
    return crd2idx(*Idx, CL.InnerLayout.Shape, CL.InnerLayout.Stride);
  if (!Idx->isInt())
    return makeError(diag(DiagID::AppliesIntegerGives, CL.InnerSwizzle->str(),
                          CL.Outer.str(), Idx->str()));
  return IntTuple(CL.InnerSwizzle->apply(Idx->value()));
}

namespace {

/// slice_and_offset of `A o offset o L` for a layout A: the sliced-off part
/// of L moves into the offset, and the pointer does not move.
Expected<SliceAndOffset> sliceLayoutComposed(const IntTuple &Crd,
                                             const ComposedLayout &CL) {
  auto Sliced = slice(Crd, CL.Outer);
  if (!Sliced)
    return Sliced.takeError();
  auto Off = crd2idx(zeroUnderscores(Crd), CL.Outer.Shape, CL.Outer.Stride);
  if (!Off)
    return Off.takeError();
  auto NewOff = addIndex(CL.Offset, *Off);
  if (!NewOff)
    return NewOff.takeError();
  ComposedLayout Out = CL;
  Out.Offset = *NewOff;
  Out.Outer = *Sliced;
  return SliceAndOffset{std::move(Out), IntTuple(0)};
}

/// The bit fields of a swizzle S<B,M,S>, as the layouts that project an
/// offset onto them: the swizzled fields (OnlyZY) and the others (AntiZY).
/// The fields are (the low M bits, the lower swizzled field, the bits
/// between, the upper swizzled field, the rest).
struct SwizzleFields {
  int64_t P0, P1, P2;
  int64_t D1, D2, D3, D4;
  Layout OnlyZY, AntiZY;
};

Expected<SwizzleFields> swizzleFields(const Swizzle &Sw) {
  int B = Sw.Bits, M = Sw.Base, AbsS = std::abs(Sw.Shift);
  SwizzleFields F;
  F.P0 = checkedPow2(M);
  F.P1 = checkedPow2(B);
  F.P2 = checkedPow2(AbsS - B);
  F.D1 = F.P0;
  F.D2 = checkedMul(F.P0, F.P1);
  F.D3 = checkedPow2(M + AbsS);
  F.D4 = checkedPow2(M + B + AbsS);
  SmallVector<IntTuple, 5> SwShape = {F.P0, F.P1, F.P2, F.P1, 1};
  auto OnlyZY = makeStaticLayout(SwShape, {0, F.D1, 0, F.D3, 0});
  if (!OnlyZY)
    return OnlyZY.takeError();
  auto AntiZY = makeStaticLayout(SwShape, {1, 0, F.D2, 0, F.D4});
  if (!AntiZY)
    return AntiZY.takeError();
  F.OnlyZY = std::move(*OnlyZY);
  F.AntiZY = std::move(*AntiZY);
  return F;
}

/// Where the part of `S o offset o L` that slice \p Crd cuts off leaves the
/// rest: its swizzled bits join the swizzle's offset (OffsetZY), the others
/// move the pointer (AntiOffset).
struct DicedOffsets {
  MixedBits OffsetZY;
  IntTuple AntiOffset;
};

Expected<DicedOffsets> dicedOffsets(const IntTuple &Crd,
                                    const ComposedLayout &CL,
                                    const SwizzleFields &F) {
  auto Diced = dice(Crd, CL.Outer);
  if (!Diced)
    return Diced.takeError();
  auto DicedCrd = diceTuple(Crd, Crd);
  if (!DicedCrd)
    return DicedCrd.takeError();
  auto DicedOnlyZY = composition(F.OnlyZY, *Diced);
  if (!DicedOnlyZY)
    return DicedOnlyZY.takeError();
  auto DicedAntiZY = composition(F.AntiZY, *Diced);
  if (!DicedAntiZY)
    return DicedAntiZY.takeError();
  auto DicedBits = toMixedBits(*DicedOnlyZY, *DicedCrd);
  if (!DicedBits)
    return DicedBits.takeError();
  auto AntiOffset = crd2idx(*DicedCrd, DicedAntiZY->Shape, DicedAntiZY->Stride);
  if (!AntiOffset)
    return AntiOffset.takeError();
  if (!AntiOffset->isInt())
    return makeError(diag(DiagID::SwizzleSliceOffset, AntiOffset->str()));
  const Int &Off = CL.Offset.value();
  MixedBits OffsetZY =
      Off.isStatic() ? MixedBits::known(uint64_t(Off.value())) ^ *DicedBits
                     : MixedBits::dynamic(xorInt(Off, DicedBits->value()));
  return DicedOffsets{OffsetZY, std::move(*AntiOffset)};
}

/// The layout \p Sliced under swizzle \p Sw decays to when the swizzle
/// does not stay: each swizzled bit of it steps by a stride that depends on
/// its partner bit in the offset \p OffsetZY.
Expected<Layout> decaySwizzle(const Swizzle &Sw, const SwizzleFields &F,
                              const MixedBits &OffsetZY, const Layout &Sliced) {
  int B = Sw.Bits, M = Sw.Base;
  int64_t Z = checkedPow2(M - std::min(0, Sw.Shift));
  int64_t Y = checkedPow2(M + std::max(0, Sw.Shift));
  auto FieldStrides = [&](bool StepsZ) {
    std::vector<IntTuple> Out;
    for (int I = 0; I < B; ++I) {
      // Stepping a Z bit flips the output's Z bit: +Z, or -Z when the
      // partner Y bit is set. Stepping a Y bit also flips its Z partner.
      // (Y - Z is negative when the swizzle shifts right.)
      uint64_t Partner = uint64_t(checkedShl(StepsZ ? Y : Z, I));
      int64_t ZI = checkedShl(Z, I);
      Int IfZero = StepsZ ? Int(ZI) : Int(checkedShl(checkedAdd(Y, Z), I));
      Int IfOne = StepsZ ? Int(-ZI) : Int(checkedShl(checkedSub(Y, Z), I));
      if (auto Zero = OffsetZY.bitIsZero(Partner)) {
        Out.push_back(*Zero ? IfZero : IfOne);
        continue;
      }
      Int Bit = divInt(andInt(OffsetZY.value(), Int(int64_t(Partner))),
                       Int(int64_t(Partner)));
      Out.push_back(IfZero + Bit * (IfOne - IfZero));
    }
    if (Out.empty())
      return IntTuple(0);
    return IntTuple(std::move(Out));
  };
  auto Field = [&]() -> IntTuple {
    if (B == 0)
      return IntTuple(1);
    return IntTuple(std::vector<IntTuple>(B, IntTuple(2)));
  };
  IntTuple Lo = FieldStrides(Z < Y), Hi = FieldStrides(Z > Y);
  auto SwLayout = makeStaticLayout({F.P0, Field(), F.P2, Field(), 1},
                                   {1, Lo, F.D2, Hi, F.D4});
  if (!SwLayout)
    return SwLayout.takeError();
  return composition(*SwLayout, Sliced);
}

/// slice_and_offset of `S<B,M,S> o offset o L`.
Expected<SliceAndOffset> sliceSwizzled(const IntTuple &Crd,
                                       const ComposedLayout &CL) {
  const Swizzle &Sw = *CL.InnerSwizzle;
  if (Sw.Bits > 0 && std::abs(Sw.Shift) < Sw.Bits)
    return makeError(diag(DiagID::SwizzleNeedsShiftBits, Sw.str()));
  if (!CL.Offset.isInt())
    return makeError(diag(DiagID::SwizzleSliceOffset, CL.Offset.str()));
  auto Sliced = slice(Crd, CL.Outer);
  if (!Sliced)
    return Sliced.takeError();
  ComposedLayout Kept = CL;
  Kept.Outer = *Sliced;

  // All underscores: a reshape of L under the same swizzle and offset.
  SmallVector<IntTuple, 8> CrdLeaves;
  leaves(Crd, CrdLeaves);
  if (llvm::all_of(CrdLeaves,
                   [](const IntTuple &T) { return T.isUnderscore(); }))
    return SliceAndOffset{std::move(Kept), IntTuple(0)};

  auto Fields = swizzleFields(Sw);
  if (!Fields)
    return Fields.takeError();
  auto Offsets = dicedOffsets(Crd, CL, *Fields);
  if (!Offsets)
    return Offsets.takeError();
  const MixedBits &OffsetZY = Offsets->OffsetZY;
  const IntTuple &AntiOffset = Offsets->AntiOffset;

  // The swizzled bits the remaining layout reaches. When it reaches both
  // bits of a pair, the swizzle stays.
  auto SlicedOnlyZY = composition(Fields->OnlyZY, *Sliced);
  if (!SlicedOnlyZY)
    return SlicedOnlyZY.takeError();
  Int Last = size(*SlicedOnlyZY);
  if (Last.isStatic() && isIntegral(*SlicedOnlyZY) &&
      isStatic(SlicedOnlyZY->Stride)) {
    auto Active = evalIndex(*SlicedOnlyZY, Last.value() - 1);
    if (!Active)
      return Active.takeError();
    uint64_t A = uint64_t(*Active);
    if (A & ~uint64_t(Sw.apply(int64_t(A)))) {
      Kept.Offset = IntTuple(OffsetZY.value());
      return SliceAndOffset{std::move(Kept), AntiOffset};
    }
  }

  // Decay: the swizzle goes.
  auto Decayed = decaySwizzle(Sw, *Fields, OffsetZY, *Sliced);
  if (!Decayed)
    return Decayed.takeError();
  return SliceAndOffset{
      std::move(*Decayed),
      IntTuple(Sw.apply(OffsetZY.value()) + AntiOffset.value())};
}

} // namespace

Expected<SliceAndOffset> sliceAndOffset(const IntTuple &Crd,
                                        const ComposedLayout &CL) {
  if (!hasUnderscore(Crd))
    return makeError(diag(DiagID::SliceExpectsCoordinate, Crd.str()));
  return CL.InnerSwizzle ? sliceSwizzled(Crd, CL)
                         : sliceLayoutComposed(Crd, CL);
}

Expected<ComposedLayout> gmmaLayoutAtom(unsigned SwizzleWidth, bool MNMajor,
                                        unsigned ElementBits) {
  if (ElementBits < 1 || ElementBits > 128 || !isPowerOf2_32(ElementBits))
    return makeError(diag(DiagID::GMMALayoutAtomElement, ElementBits));
  if (SwizzleWidth > 8 || !isPowerOf2_32(SwizzleWidth))
    return makeError(diag(DiagID::GMMALayoutAtomUnits, SwizzleWidth));
  int64_t Row = int64_t(SwizzleWidth) * (128 / ElementBits);
  ComposedLayout CL;
  CL.InnerSwizzle =
      Swizzle{int(Log2_32(SwizzleWidth)), int(Log2_32(128 / ElementBits)), 3};
  CL.Offset = IntTuple(0);
  CL.Outer = MNMajor ? Layout({Row, 8}, {1, Row}) : Layout({8, Row}, {Row, 1});
  return CL;
}

} // namespace cute
