//===- Layout.h - CuTe layouts, swizzles and tilers -------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Layout (a Shape:Stride pair of congruent IntTuples), Swizzle `S<B,M,S>`,
/// ComposedLayout `A o offset o B`, and Tile (CuTe's tiler: a layout, `_`, or
/// a tuple of tiles).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_LAYOUT_H
#define CUTELLVM_LAYOUT_LAYOUT_H

#include "CuteLLVM/Layout/IntTuple.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <variant>

namespace cute {

/// A function from coordinates to indices: Shape and Stride are congruent.
struct Layout {
  IntTuple Shape;
  IntTuple Stride;

  Layout() : Shape(IntTuple{}), Stride(IntTuple{}) {}
  Layout(IntTuple Shp, IntTuple Str)
      : Shape(std::move(Shp)), Stride(std::move(Str)) {}

  bool operator==(const Layout &O) const {
    return Shape == O.Shape && Stride == O.Stride;
  }
  bool operator!=(const Layout &O) const { return !(*this == O); }

  /// `Shape:Stride` in CuTe notation.
  std::string str() const;
};

/// The swizzle functor `S<B,M,S>`: y = x ^ ((x & YYY) >> S) where the YYY
/// mask holds B bits starting at bit M + max(0,S).
struct Swizzle {
  int Bits = 0, Base = 0, Shift = 0;
  bool operator==(const Swizzle &O) const {
    return Bits == O.Bits && Base == O.Base && Shift == O.Shift;
  }
  int64_t apply(int64_t Offset) const;
  /// The same on a possibly dynamic, non-negative offset.
  Int apply(const Int &Offset) const;
  std::string str() const;
};

/// `Inner o Offset o Outer`: c -> Inner(Offset + Outer(c)). The inner
/// function is a layout or a swizzle.
struct ComposedLayout {
  std::optional<Swizzle> InnerSwizzle;
  Layout InnerLayout;
  IntTuple Offset;
  Layout Outer;

  bool isSwizzled() const { return InnerSwizzle.has_value(); }
  bool operator==(const ComposedLayout &O) const {
    return InnerSwizzle == O.InnerSwizzle &&
           (InnerSwizzle || InnerLayout == O.InnerLayout) &&
           Offset == O.Offset && Outer == O.Outer;
  }
  std::string str() const;
};

/// A tiler: a layout (a bare integer n is the layout n:1), `_` (keep the
/// mode), or a tuple of tilers applied mode by mode.
class Tile : public NestedTuple<Tile, Layout> {
  using Base = NestedTuple<Tile, Layout>;

public:
  Tile() = default;
  /*implicit*/ Tile(cute::Layout L) : Base(std::move(L)) {}
  explicit Tile(std::vector<Tile> Elts) : Base(std::move(Elts)) {}
  static Tile underscore() { return makeUnderscore(); }
  /// A shape used as a tiler: each mode n becomes make_layout(n) (so 1
  /// becomes 1:0), or n:1 with \p UnitStride (as composition reads it).
  static Tile fromShape(const IntTuple &Shape, bool UnitStride = false);

  bool isLayout() const { return isLeaf(); }
  const cute::Layout &layout() const { return Leaf; }
  cute::Layout &layout() { return Leaf; }
  /// True for a tile written as a bare integer n (make_layout(n)).
  bool isInteger() const { return FromInt; }

  /// CuTe notation `(2:1,4:1)`; with \p Brackets, CuTe IR's `[2:1;4:1]`.
  std::string str(bool Brackets = false) const;

private:
  bool FromInt = false;
};

//===----------------------------------------------------------------------===//
// Construction and access
//===----------------------------------------------------------------------===//

/// make_layout(shape): LayoutLeft strides.
Layout makeLayout(const IntTuple &Shape);
/// make_layout(shape, stride), checking congruence.
llvm::Expected<Layout> makeLayout(const IntTuple &Shape,
                                  const IntTuple &Stride);
/// make_layout(L0, L1, ...): concatenation as modes.
Layout makeLayoutFromModes(llvm::ArrayRef<Layout> Modes);
/// LayoutRight strides.
Layout makeLayoutRight(const IntTuple &Shape);
/// make_ordered_layout(shape, order): modes strided in increasing order.
llvm::Expected<Layout> makeOrderedLayout(const IntTuple &Shape,
                                         const IntTuple &Order);
/// CuTe's canonical GMMA (and UMMA) shared-memory layout atom of
/// \p ElementBits-bit elements, GMMA::Layout_<Major>_<Type>_Atom<T>: W x 128
/// bits by 8, for W = \p SwizzleWidth 128-bit units (1: INTERLEAVE; 2, 4,
/// 8: the 32-, 64-, 128-byte swizzle), as `S<log2 W, log2(128 / bits), 3>
/// o 0 o L` with L = (8, R):(R, 1) K-major or (R, 8):(1, R) MN-major,
/// R = W * 128 / bits elements.
llvm::Expected<ComposedLayout>
gmmaLayoutAtom(unsigned SwizzleWidth, bool MNMajor, unsigned ElementBits);
/// make_identity_layout(shape): strides are scaled bases `1@i`.
Layout makeIdentityLayout(const IntTuple &Shape);
/// make_layout_like(L): a compact layout of L's shape whose mode order
/// follows L's strides.
llvm::Expected<Layout> makeLayoutLike(const Layout &L);

/// The error "<Op> expects integer strides, but got <L>" when \p L has a
/// scaled-basis stride (the ops that need integer strides check it first).
llvm::Error checkIntegerStrides(llvm::StringRef Op, const Layout &L);
/// An error naming \p Op when a mode of \p L of extent other than 1 has a
/// negative static stride.
llvm::Error checkNonNegativeStrides(llvm::StringRef Op, const Layout &L);

unsigned rank(const Layout &L);
unsigned depth(const Layout &L);
Int size(const Layout &L);
llvm::Expected<Int> cosize(const Layout &L);
/// Mode \p I of \p L.
llvm::Expected<Layout> getMode(const Layout &L, unsigned I);
/// select<I...>: the modes listed.
llvm::Expected<Layout> select(const Layout &L, llvm::ArrayRef<unsigned> Modes);
/// take<B,E>: modes [B, E).
llvm::Expected<Layout> take(const Layout &L, unsigned B, unsigned E);
/// group<B,E>: modes [B,E) become one mode.
llvm::Expected<Layout> groupModes(const Layout &L, unsigned B, unsigned E);
Layout flatten(const Layout &L);
/// append/prepend a mode; replace mode I.
Layout append(const Layout &L, const Layout &M);
Layout prepend(const Layout &L, const Layout &M);
llvm::Expected<Layout> replace(const Layout &L, unsigned I, const Layout &M);

/// Evaluate L at a 1-D, R-D or natural coordinate.
llvm::Expected<IntTuple> evalLayout(const Layout &L, const IntTuple &Crd);
/// L(i) for a static integer i (integer result; errors on scaled bases).
llvm::Expected<int64_t> evalIndex(const Layout &L, int64_t I);

/// The layout of shape \p Shape that is the function \p Values on its
/// domain (Values[i] at the colexicographic index i): each leaf's stride is
/// F(one step along the leaf) - F(0), 0 for an extent-1 leaf. An error
/// unless F(0) == 0 and the layout gives F at every index ("is not a
/// layout"); \p What names the function in the errors.
///
/// With \p SplitLeaves, a leaf along which F is not linear is split into
/// factors on which it is (8 with steps 0,8,16,24,64,... becomes
/// (4,2):(8,64)): the result's shape refines \p Shape, and an integer
/// coordinate of each mode still names the same element.
llvm::Expected<Layout> fitLayout(const IntTuple &Shape,
                                 llvm::ArrayRef<int64_t> Values,
                                 llvm::StringRef What = "the function",
                                 bool SplitLeaves = false);

//===----------------------------------------------------------------------===//
// Layout algebra
//===----------------------------------------------------------------------===//

Layout coalesce(const Layout &L);
/// coalesce restricted to the modes that \p Profile covers.
llvm::Expected<Layout> coalesce(const Layout &L, const IntTuple &Profile);
/// Stride-0 modes get extent 1; structure kept.
Layout filterZeros(const Layout &L);
/// filter: stride-0 and size-1 modes removed, then coalesced.
Layout filter(const Layout &L);
llvm::Expected<Layout> filter(const Layout &L, const IntTuple &Profile);

/// A o B for a layout B: R(i) == A(B(i)) for every i < size(B) whenever the
/// modes of B land on A's mode boundaries. A step of B smaller than a mode
/// of A that it does not divide is an error unless the remaining elements
/// stay inside that mode (CuTe C++ returns a wrong layout). Modes of B that
/// together cross a mode boundary of A compose mode by mode, as in CuTe C++
/// and pycute; with \p Strict they are an error.
llvm::Expected<Layout> composition(const Layout &A, const Layout &B,
                                   bool Strict = false);
/// A o tiler, mode by mode.
llvm::Expected<Layout> composition(const Layout &A, const Tile &B,
                                   bool Strict = false);

/// complement(L, cotarget); the cotarget is a shape (only its size counts).
/// CuTe C++ divides strides with truncation; with \p Strict a layout whose
/// strides do not nest (so that no complement is disjoint and fills the
/// gaps) is rejected instead.
llvm::Expected<Layout> complement(const Layout &L, const IntTuple &Cotarget,
                                  bool Strict = false);
llvm::Expected<Layout> complement(const Layout &L, bool Strict = false);

namespace detail {
/// complement with control over the rest mode: CuTe merges adjacent dynamic
/// extents of the cotarget into one; logical_divide keeps them apart so
/// that each dynamic mode of the divided layout keeps its own extent.
llvm::Expected<Layout> complementImpl(const Layout &L, const IntTuple &Cotarget,
                                      bool Strict, bool MergeDynamic);

/// CuTe's shapes have positive extents (a zero extent would also divide by
/// zero inside the algebra): an error naming \p Op, \p What and the first
/// static extent of \p Shape that is not positive, if there is one.
llvm::Error checkPositiveShape(const IntTuple &Shape, llvm::StringRef Op,
                               llvm::StringRef What);
} // namespace detail

llvm::Expected<Layout> rightInverse(const Layout &L);
llvm::Expected<Layout> leftInverse(const Layout &L);

/// Divides follow CuTe: a tiler that does not divide the layout pads the
/// rest mode (the layout's last mode extends past its size), which is what
/// predicated residue tiles rely on. With \p Strict such a tiler is an
/// error, so that every result has the size of \p A.
llvm::Expected<Layout> logicalDivide(const Layout &A, const Tile &T,
                                     bool Strict = false);
llvm::Expected<Layout> zippedDivide(const Layout &A, const Tile &T,
                                    bool Strict = false);
llvm::Expected<Layout> tiledDivide(const Layout &A, const Tile &T,
                                   bool Strict = false);
llvm::Expected<Layout> flatDivide(const Layout &A, const Tile &T,
                                  bool Strict = false);

llvm::Expected<Layout> logicalProduct(const Layout &A, const Tile &T,
                                      bool Strict = false);
llvm::Expected<Layout> zippedProduct(const Layout &A, const Tile &T,
                                     bool Strict = false);
llvm::Expected<Layout> tiledProduct(const Layout &A, const Tile &T,
                                    bool Strict = false);
llvm::Expected<Layout> flatProduct(const Layout &A, const Tile &T,
                                   bool Strict = false);
llvm::Expected<Layout> blockedProduct(const Layout &A, const Layout &B,
                                      bool Strict = false);
llvm::Expected<Layout> rakedProduct(const Layout &A, const Layout &B,
                                    bool Strict = false);

/// tile_to_shape(block, shape, order): replicate \p Block to fill \p Shape.
llvm::Expected<Layout> tileToShape(const Layout &Block, const IntTuple &Shape,
                                   const IntTuple *Order = nullptr,
                                   bool Strict = false);

/// CuTe's UMMA::tile_to_mma_shape(atom, mma_shape, order): \p Atom tiled
/// over an MMA partition shape ((MMA_M, MMA_K), NUM_MMA_M, NUM_MMA_K, ...)
/// (what partition_shape_A/B give), as the (MMA_M * NUM_MMA_M, MMA_K *
/// NUM_MMA_K, ...) tile_to_shape divided back into MMA-sized blocks: a
/// shared-memory layout of the partition's shape, ((MMA_M, MMA_K),
/// NUM_MMA_M, NUM_MMA_K, ...).
llvm::Expected<Layout> tileToMmaShape(const Layout &Atom,
                                      const IntTuple &MmaShape,
                                      const IntTuple *Order = nullptr,
                                      bool Strict = false);

/// slice/dice by a coordinate holding `_`.
llvm::Expected<Layout> slice(const IntTuple &Crd, const Layout &L);
llvm::Expected<Layout> dice(const IntTuple &Crd, const Layout &L);
llvm::Expected<IntTuple> sliceTuple(const IntTuple &Crd, const IntTuple &T);
llvm::Expected<IntTuple> diceTuple(const IntTuple &Crd, const IntTuple &T);

/// A composed layout at a coordinate: A(offset + L(crd)).
llvm::Expected<IntTuple> evalComposed(const ComposedLayout &CL,
                                      const IntTuple &Crd);

/// CuTe's slice_and_offset of a composed layout: the layout of the kept
/// modes and the index the pointer moves by, so that for every coordinate
/// c of the kept modes, CL(crd with c) == Offset + Sliced(c).
struct SliceAndOffset {
  std::variant<Layout, ComposedLayout> Sliced;
  IntTuple Offset;
};
/// For `A o offset o L` with a layout A, the sliced-off part of L moves
/// into the offset and the pointer stays. For a swizzle A, the swizzled
/// bits of the sliced-off part move into the offset, the others into the
/// pointer; and the swizzle decays into a plain layout unless the kept
/// part of L reaches both bits of a swizzled pair. The decayed strides on
/// swizzled bits depend on the offset (dynamic for a dynamic coordinate).
llvm::Expected<SliceAndOffset> sliceAndOffset(const IntTuple &Crd,
                                              const ComposedLayout &CL);

/// recast_layout<Old, New>: reinterpret elements of OldBits as NewBits.
llvm::Expected<Layout> recastLayout(const Layout &L, int64_t OldBits,
                                    int64_t NewBits);

/// Checks the definitions: every index of a static layout is an integer.
bool isIntegral(const Layout &L);

} // namespace cute

#endif // CUTELLVM_LAYOUT_LAYOUT_H
