//===- Tiled.h - CuTe's TiledCopy and TiledMMA as layout math ---*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CuTe's tiled abstractions as plain data and functions of the layout
/// algebra: copy and MMA atoms (their thread and value layouts), TiledCopy
/// (a (thread,value) -> coordinate layout over an M x N tiler), TiledMMA (an
/// atom repeated over a thread layout, with per-mode permutations), and the
/// per-thread partitions they produce.
///
/// A partition of a tensor for one thread is a layout and an offset: the
/// thread's slice of the partitioned layout and the index at which it
/// starts. The thread index may be dynamic (`Int::dynamic()`); the offset is
/// then computed only through crd2idx / idx2crd and Int arithmetic, so that
/// it stays an expression of the thread index.
///
/// Everything here computes what CuTe C++ (cute/atom/copy_atom.hpp,
/// cute/atom/mma_atom.hpp) and the CuTe DSL (make_layout_tv) compute. The
/// atoms come in as layouts: this library does not know the atom registry.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_TILED_H
#define CUTELLVM_LAYOUT_TILED_H

#include "CuteLLVM/Layout/Layout.h"

namespace cute {

//===----------------------------------------------------------------------===//
// Partitions
//===----------------------------------------------------------------------===//

/// One thread's part of a partitioned tensor: the tensor's data shifted by
/// Offset, viewed through L.
struct Partition {
  Layout L;
  /// An index of the tensor's codomain: an integer, or a coordinate (a sum
  /// of scaled bases) for identity / coordinate tensors.
  IntTuple Offset;
};

//===----------------------------------------------------------------------===//
// make_layout_tv
//===----------------------------------------------------------------------===//

/// The tiler and TV layout of a thread layout \p Thr ((m,n) -> thr_idx) and
/// a value layout \p Val ((m,n) -> val_idx), as CuTe DSL's make_layout_tv
/// (and CuTe C++'s make_tiled_copy(atom, thr, val)) build them:
/// layout_mn = raked_product(Thr, Val),
/// layout_tv = right_inverse(layout_mn) o (size(Thr), size(Val)),
/// tiler_mn = product_each(shape(layout_mn)).
struct LayoutTV {
  IntTuple TilerMN;
  Layout TV;
};
llvm::Expected<LayoutTV> makeLayoutTV(const Layout &Thr, const Layout &Val);

//===----------------------------------------------------------------------===//
// Copy atoms and TiledCopy
//===----------------------------------------------------------------------===//

/// A copy atom with its layouts in values of the copy's element type.
struct CopyAtom {
  /// thrid -> thr_idx.
  Layout ThrID;
  /// (thr,val) -> offset, for the source, the destination and the reference.
  Layout ValLayoutSrc, ValLayoutDst, ValLayoutRef;

  Int numThr() const;
  Int numVal() const;
};

/// Copy_Atom<Traits, ValType>: the trait layouts \p BitSrc, \p BitDst,
/// \p BitRef map (thr,val) to bits; they are recast to elements of
/// \p ValueBits bits (recast_layout<uint1_t, ValType>). Checks that each has
/// size<0> == size(ThrID).
llvm::Expected<CopyAtom> makeCopyAtom(const Layout &ThrID, const Layout &BitSrc,
                                      const Layout &BitDst,
                                      const Layout &BitRef,
                                      int64_t ValueBits = 1);
/// The universal (SIMT) copy of one value by one thread.
CopyAtom universalCopyAtom();

struct TiledMMA;

/// TiledCopy<Atom, TiledLayout_TV, Tiler_MN>.
struct TiledCopy {
  CopyAtom Atom;
  /// (thr_idx, val_idx) -> coordinate in the tile.
  Layout TiledLayoutTV;
  /// The shape of the tile.
  IntTuple TilerMN;

  Int numThr() const;
  Int numVal() const;
};

/// make_tiled_copy_impl: checks that the TV layout holds a whole number of
/// atoms (in threads and in values) and that its codomain fits the tiler.
llvm::Expected<TiledCopy> makeTiledCopy(const CopyAtom &Atom,
                                        const Layout &LayoutTV,
                                        const IntTuple &TilerMN);
/// make_tiled_copy(atom, thr_layout, val_layout) of CuTe C++.
llvm::Expected<TiledCopy> makeTiledCopy(const CopyAtom &Atom, const Layout &Thr,
                                        const Layout &Val);
/// make_cotiled_copy(atom, atom_tv, data): the TiledCopy whose atoms reach,
/// for (thread, value), the data address \p AtomTV gives, over the tensor
/// of layout \p Data (coordinate -> address). The tiler is the leading
/// block of each of Data's modes that the atoms reach (an error when they
/// reach anything else: CuTe's by-mode tiler of layouts is not needed then).
llvm::Expected<TiledCopy>
makeCotiledCopy(const CopyAtom &Atom, const Layout &AtomTV, const Layout &Data);
/// make_tmem_copy(atom, tmem_tensor): the TiledCopy of a tcgen05.ld/st atom
/// (CuTe's ValID \p BitValID, value bit -> address bit) over four warps
/// (warp w reaching lanes 32w..32w+31, its threads sharing one address) on
/// a TMEM tensor of layout \p Tmem (coordinate -> TMEM address: a column
/// per 32-bit element, a lane per 2^16). Elements of 32 bits only.
llvm::Expected<TiledCopy> makeTmemCopy(const CopyAtom &Atom,
                                       const Layout &BitValID,
                                       int64_t ValueBits, const Layout &Tmem);
/// make_tiled_copy_A/B/C: the copy that distributes the operand as \p Mma
/// does (its get_layoutX_TV over its (M,K), (N,K) or (M,N) tile).
llvm::Expected<TiledCopy> makeTiledCopyA(const CopyAtom &Atom,
                                         const TiledMMA &Mma);
llvm::Expected<TiledCopy> makeTiledCopyB(const CopyAtom &Atom,
                                         const TiledMMA &Mma);
llvm::Expected<TiledCopy> makeTiledCopyC(const CopyAtom &Atom,
                                         const TiledMMA &Mma);

/// tidfrg_S / tidfrg_D: (M,N,...) -> (Thr,(FrgV,FrgX),(RestM,RestN,...)).
llvm::Expected<Layout> tidfrgS(const TiledCopy &TC, const Layout &Tensor);
llvm::Expected<Layout> tidfrgD(const TiledCopy &TC, const Layout &Tensor);
/// get_layoutS_TV / get_layoutD_TV: (thr_idx, val_idx) -> (M,N).
llvm::Expected<Layout> getLayoutSTV(const TiledCopy &TC);
llvm::Expected<Layout> getLayoutDTV(const TiledCopy &TC);
/// retile (retile_S and retile_D are the same): a fragment (V,...) as
/// ((atom_vals,rest_vals),...).
llvm::Expected<Layout> retile(const TiledCopy &TC, const Layout &Tensor);

/// ThrCopy: a TiledCopy and a thread index (static or dynamic).
struct ThrCopy {
  TiledCopy Copy;
  Int ThrIdx;
};
/// get_slice(thr_idx); a static index must be below the thread count.
llvm::Expected<ThrCopy> getSlice(const TiledCopy &TC, const Int &ThrIdx);
/// partition_S / partition_D: this thread's (CPY,CPY_M,CPY_N,...).
llvm::Expected<Partition> partitionS(const ThrCopy &TC, const Layout &Tensor);
llvm::Expected<Partition> partitionD(const ThrCopy &TC, const Layout &Tensor);

//===----------------------------------------------------------------------===//
// MMA atoms and TiledMMA
//===----------------------------------------------------------------------===//

/// An MMA atom: MMA_Traits' Shape_MNK, ThrID and (thr,val) -> coordinate
/// layouts of A (M,K), B (N,K) and C (M,N).
struct MmaAtom {
  IntTuple ShapeMNK;
  Layout ThrID;
  Layout LayoutATV, LayoutBTV, LayoutCTV;
};

/// Checks the atom: Shape_MNK of rank 3, each TV layout of rank 2 with
/// size<0> == size(ThrID) and size == the size of its operand tile.
llvm::Expected<MmaAtom> makeMmaAtom(const IntTuple &ShapeMNK,
                                    const Layout &ThrID, const Layout &ATV,
                                    const Layout &BTV, const Layout &CTV);

/// TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>.
struct TiledMMA {
  MmaAtom Atom;
  /// The atom layout, appended to rank 3 with 1:0.
  Layout AtomLayoutMNK;
  /// Three tiles: a layout, or `_` (the atom tile times the atom count).
  std::vector<Tile> PermutationMNK;
  /// tiled_product(ThrID, AtomLayoutMNK): (ThrV,ThrM,ThrN,ThrK) -> thr_idx.
  Layout ThrLayoutVMNK;

  /// permutation_mnk<I>() as a tile layout, and its size (tile_size_mnk).
  Layout permutation(unsigned I) const;
  Int tileSize(unsigned I) const;
  Int numThr() const { return size(ThrLayoutVMNK); }
};

/// make_tiled_mma(atom, atom_layout, permutations): \p AtomLayout has rank
/// at most 3, \p Permutations at most 3 modes (each a layout or `_`; a
/// missing mode is `_`).
llvm::Expected<TiledMMA> makeTiledMMA(const MmaAtom &Atom,
                                      const Layout &AtomLayout,
                                      llvm::ArrayRef<Tile> Permutations = {});

/// thrfrg_A: (M,K,...) -> ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)));
/// thrfrg_B: (N,K,...) -> ((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)));
/// thrfrg_C: (M,N,...) -> ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...))).
llvm::Expected<Layout> thrfrgA(const TiledMMA &M, const Layout &Tensor);
llvm::Expected<Layout> thrfrgB(const TiledMMA &M, const Layout &Tensor);
llvm::Expected<Layout> thrfrgC(const TiledMMA &M, const Layout &Tensor);
/// get_layoutA/B/C_TV: (thr_idx, val_idx) -> coordinate in the tile.
llvm::Expected<Layout> getLayoutATV(const TiledMMA &M);
llvm::Expected<Layout> getLayoutBTV(const TiledMMA &M);
llvm::Expected<Layout> getLayoutCTV(const TiledMMA &M);

/// ThrMMA: a TiledMMA and one thread's (v,m,n,k) coordinate in
/// ThrLayoutVMNK.
struct ThrMMA {
  TiledMMA Mma;
  Int ThrIdx;
  /// The flat (ThrV,ThrM,ThrN,ThrK) coordinate of ThrIdx.
  IntTuple ThrVMNK;
};
/// get_slice(thr_idx): as CuTe's get_flat_coord, the coordinate of
/// \p ThrIdx read as an index of thr_layout_vmnk's shape (for a non-compact
/// atom layout this is thread thr_layout_vmnk(coordinate) of
/// get_layoutX_TV).
llvm::Expected<ThrMMA> getSlice(const TiledMMA &M, const Int &ThrIdx);
/// partition_A/B/C: this thread's (MMA,MMA_M|N,MMA_K|N,...).
llvm::Expected<Partition> partitionA(const ThrMMA &T, const Layout &Tensor);
llvm::Expected<Partition> partitionB(const ThrMMA &T, const Layout &Tensor);
llvm::Expected<Partition> partitionC(const ThrMMA &T, const Layout &Tensor);
/// partition_A / partition_C of every thread of \p M, by thread index
/// (thrfrg once: what get_slice(t).partition_A/C give for each t).
llvm::Expected<std::vector<Partition>> partitionAllA(const TiledMMA &M,
                                                     const Layout &Tensor);
llvm::Expected<std::vector<Partition>> partitionAllC(const TiledMMA &M,
                                                     const Layout &Tensor);
/// partition_fragment_A/B (make_fragment_like of the partition) and
/// partition_fragment_C (a compact layout of its shape): register layouts.
llvm::Expected<Layout> partitionFragmentA(const ThrMMA &T,
                                          const Layout &Tensor);
llvm::Expected<Layout> partitionFragmentB(const ThrMMA &T,
                                          const Layout &Tensor);
llvm::Expected<Layout> partitionFragmentC(const ThrMMA &T,
                                          const Layout &Tensor);

//===----------------------------------------------------------------------===//
// Accumulator views (FlashAttention's layout reshapes)
//===----------------------------------------------------------------------===//

/// convert_layout_acc_rowcol: the accumulator fragment of \p M over the
/// (M,N) tile \p TileMN (partition_fragment_C, a compact layout of the
/// partition's shape) viewed as (rows, cols) of the tile:
/// ((row leaves...),(col leaves...)) -> register. Each leaf of thread 0's
/// partition_C of the tile's identity layout steps along rows (k@0) or
/// columns (k@1); extent-1 leaves are dropped, the others keep their order
/// and their register stride. A leaf with a zero or mixed stride, and a
/// tile that is not a multiple of the TiledMMA's, are errors.
llvm::Expected<Layout> accRowColLayout(const TiledMMA &M,
                                       const IntTuple &TileMN);

/// The number G of threads that hold each thread's rows of the accumulator
/// (the width of the all-reduce of a row: the quad of mma.sync, ...): the
/// threads that hold exactly thread t's rows must be {t ^ x : 0 <= x < G}
/// for one power of two G <= 32 (a warp's xor shuffles), the same G for
/// every thread; an error otherwise.
llvm::Expected<int64_t> accRowThreads(const TiledMMA &M,
                                      const IntTuple &TileMN);

/// convert_layout_acc_Aregs: the accumulator fragment of \p MC over the
/// (M,N) tile \p TileMN as the A operand fragment of \p MA over the (M,K)
/// tile with K = N: a layout from the shape of MA's partition_fragment_A to
/// the register index of MC's partition_fragment_C that holds the same
/// (m, k = n) element in the same thread. A mode of that shape along which
/// the accumulators are not evenly spaced is split where the spacing
/// changes (MMA_K = 8 as (4,2) for two 64x64 WGMMAs along N with MMAs along
/// M between them; fitLayout's SplitLeaves): an integer coordinate of each
/// mode names the same A value. An error when the thread counts differ,
/// when some thread's A element is not among its accumulators (the values
/// would have to move between threads), when the map differs between
/// threads, or when it is no layout even so; where the view exists under a
/// permutation of K (accToOperandAPermuted), the error says so. \p NameC
/// and \p NameA name the TiledMMAs in the errors.
llvm::Expected<Layout> accToOperandALayout(const TiledMMA &MC,
                                           const TiledMMA &MA,
                                           const IntTuple &TileMN,
                                           llvm::StringRef NameC = "MmaC",
                                           llvm::StringRef NameA = "MmaA");

/// The results of convert_layout_acc_Aregs_permuted.
struct PermutedAregs {
  /// The accumulator fragment as the A fragment under PermK: a layout from
  /// the shape of the A TiledMMA's partition_fragment_A to accumulator
  /// registers (accToOperandALayout's form).
  Layout View;
  /// The permutation of K: a rank-1 layout of size K from A column k (the
  /// k the A TiledMMA reads) to the accumulator column (key) it holds. The
  /// B operand's row k must be that key's row, so that
  /// sum_k A[m,k] B[k,:] = sum_n P[m,n] V[n,:]: B = V o PermK along K.
  Layout PermK;
};

/// convert_layout_acc_Aregs_permuted: the accumulator fragment of \p MC
/// over the (M,N) tile \p TileMN as the A operand fragment of \p MA over
/// (M,K) with K = N, where each thread's A values are its own accumulators
/// only up to a permutation of K (the 8-bit WGMMA, whose A thread holds k =
/// 4t..4t+3 and 16+4t..16+4t+3 of a k-block of 32 where the f32
/// accumulator holds columns 8j+2t+{0,1}). The permutation is derived, not
/// tabled: for every thread and every row it holds, the A columns it holds
/// of the row (in the order of the A fragment's coordinates) are matched
/// with the accumulator columns it holds of the row (in register order);
/// the matches must agree on one permutation of K for all threads and rows
/// and it must be a layout. Where no permutation is needed (16-bit
/// operands) PermK is the identity (K):(1) and View is
/// accToOperandALayout's. Errors: those of accToOperandALayout, a thread
/// that holds a row in one operand but not in the other (or a different
/// number of its values), matches that disagree, and a permutation that is
/// no layout.
llvm::Expected<PermutedAregs>
accToOperandAPermuted(const TiledMMA &MC, const TiledMMA &MA,
                      const IntTuple &TileMN, llvm::StringRef NameC = "MmaC",
                      llvm::StringRef NameA = "MmaA");

//===----------------------------------------------------------------------===//
// Atoms by name
//===----------------------------------------------------------------------===//

/// An MMA atom named by the atom registry, with the element widths of its
/// A, B and C operands (0 when the registry does not say).
struct NamedMmaAtom {
  MmaAtom Atom;
  unsigned BitsA = 0, BitsB = 0, BitsC = 0;
};

/// A copy atom named by the atom registry: its ThrID and its (thr,val) ->
/// bit layouts, before makeCopyAtom recasts them to a value type.
struct NamedCopyAtom {
  Layout ThrID, BitSrc, BitDst, BitRef;
  /// CuTe's ValID of a tensor-memory atom (value bit -> address bit), or
  /// none.
  std::optional<Layout> BitValID;
};

/// Where the tiled ops find the atoms that `mma_atom=NAME` and
/// `copy_atom=NAME` name. This library does not know the registry: its
/// users (the lowering, cute-layout) pass one in OpAttrs::Atoms
/// (registry::atomSource()).
class AtomSource {
public:
  virtual ~AtomSource();
  /// The MMA atom \p Name; an error names the near matches.
  virtual llvm::Expected<NamedMmaAtom> mmaAtom(llvm::StringRef Name) const = 0;
  /// The copy atom \p Name; an error names the near matches.
  virtual llvm::Expected<NamedCopyAtom>
  copyAtom(llvm::StringRef Name) const = 0;
  /// The width in bits of element type \p Name (`f16`, `F16`, `bf16`,
  /// `u8`, ...).
  virtual llvm::Expected<unsigned> elementBits(llvm::StringRef Name) const = 0;
};

/// make_fragment_like(layout): the register layout of a fragment shaped as
/// \p L (mode 0 compact, the other modes ordered as \p L orders them).
llvm::Expected<Layout> makeFragmentLike(const Layout &L);

} // namespace cute

#endif // CUTELLVM_LAYOUT_TILED_H
