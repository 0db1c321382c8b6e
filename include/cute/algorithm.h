//===- cute/algorithm.h - Fragment algorithms: convert, transform, reduce -===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What kernels do to register fragments between the atoms, in CuTe's
/// spelling (cute/algorithm/*.hpp and the FlashAttention softmax):
///
/// \code
///   // S: the accumulator of S = Q K^T; its (rows, cols) view and the row
///   // maxima, all-reduced over the threads that share a row.
///   auto SRowCol = make_view(SRegs, convert_layout_acc_rowcol(Mma0, Tile));
///   reduce_rows(SRowCol, RowMax, Max());
///   allreduce(RowMax, acc_row_threads(Mma0, Tile), Max());
///   transform(S, [](float X) { return exp2f(X); });
///   convert(S, P);   // f32 -> bf16 in pairs: cvt.rn.bf16x2.f32
/// \endcode
///
/// Every function takes tensors over register arrays (make_fragment /
/// make_view of an array), walks them by linear index (colexicographic in
/// the layout's shape) with unrolled loops, and leaves nothing but the
/// arithmetic once the layout lowering has folded the indices.
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_ALGORITHM_H
#define CUTE_ALGORITHM_H

#include <cute/llvm.h>
#include <cute/math.h>

#if defined(__CUDA__) || defined(__CUDACC__)
#define CUTE_ALGORITHM_INLINE __device__ __forceinline__ __attribute__((nodebug))
#else
#define CUTE_ALGORITHM_INLINE inline
#endif

namespace cute {

/// The binary operations of the reductions (CuTe's cute::max / plus
/// functors).
struct Max {
  template <class T> CUTE_ALGORITHM_INLINE T operator()(T A, T B) const {
    if constexpr (__is_same(T, float))
      return __builtin_fmaxf(A, B); // max.f32
    else
      return A > B ? A : B;
  }
};

struct Plus {
  template <class T> CUTE_ALGORITHM_INLINE T operator()(T A, T B) const {
    return A + B;
  }
};

/// CuTe's copy(src, dst) without a copy atom: element by element, in
/// any memory and layouts, converting to \p Dst's element type (sgemm_1's
/// global-to-shared partitions).
template <class From, class To>
CUTE_ALGORITHM_INLINE void copy(Tensor<From> Src, Tensor<To> Dst) {
  __cute_expect_size((void *)Dst, size(Src), "of=copy");
#pragma unroll
  for (int I = 0; I < size(Src); ++I)
    store(Dst, I, detail::convertTo<To>(load(Src, I)));
}

/// CuTe's cooperative_copy<Threads>(tid, src, dst): the \p Threads threads
/// copy \p Src into \p Dst together, thread \p Tid every Threads-th element
/// (linear index, colexicographic in each layout), converting to Dst's
/// element type. Element by element: no vector width is derived.
template <int Threads, class From, class To>
CUTE_ALGORITHM_INLINE void cooperative_copy(int Tid, Tensor<From> Src,
                                            Tensor<To> Dst) {
  __cute_expect_size((void *)Dst, size(Src), "of=copy");
#pragma unroll 4
  for (int I = Tid; I < size(Src); I += Threads)
    store(Dst, I, detail::convertTo<To>(load(Src, I)));
}

/// CuTe's copy_if(pred, src, dst) without a copy atom, its predicate the
/// elem_less of each element's coordinate and the bounds: element I of
/// \p Src has the coordinate \p Off + crd2crd(I, \p Crd) (a partition of an
/// identity layout: local_partition and local_partition_offset, or a
/// TiledCopy's partition_S and partition_S_offset) and moves when that
/// coordinate is inside (\p Rows, \p Cols); \p Dst keeps its other values.
template <class From, class To>
CUTE_ALGORITHM_INLINE void copy_if(Layout Crd, Coord Off, int Rows, int Cols,
                                   Tensor<From> Src, Tensor<To> Dst)
    CUTE_LLVM_BOUNDS_CHECK(Rows, Cols) {
  __cute_expect_size((void *)Dst, size(Src), "of=copy");
  // The coordinates are those of Src's elements: a partition of the
  // identity layout of the same tile.
  __cute_expect_size((void *)Crd, size(Src), "of=coords");
  int Row0 = get_leaf<0>(Off), Col0 = get_leaf<1>(Off);
#pragma unroll
  for (int I = 0; I < size(Src); ++I) {
    Coord C = crd2crd(I, Crd);
    if (Row0 + get_leaf<0>(C) < Rows && Col0 + get_leaf<1>(C) < Cols)
      store(Dst, I, detail::convertTo<To>(load(Src, I)));
  }
}

/// CuTe's axpby: Y = Alpha * X + Beta * Y element by element (Y is not
/// read when Beta is 0, as in CuTe).
template <class S, class TX, class TY>
CUTE_ALGORITHM_INLINE void axpby(S Alpha, Tensor<TX> X, S Beta, Tensor<TY> Y) {
  __cute_expect_size((void *)Y, size(X), "of=copy");
#pragma unroll
  for (int I = 0; I < size(X); ++I)
    store(Y, I,
          TY(Beta == S(0) ? Alpha * S(load(X, I))
                          : Alpha * S(load(X, I)) + Beta * S(load(Y, I))));
}

/// Applies \p Fn to every element of \p X in place (CuTe's transform).
template <class T, class F>
CUTE_ALGORITHM_INLINE void transform(Tensor<T> X, F Fn) {
#pragma unroll
  for (int I = 0; I < size(X); ++I)
    store(X, I, Fn(load(X, I)));
}

namespace detail {
/// Two adjacent values converted together: the packed conversions of
/// sm_80+ (cvt.rn.bf16x2.f32, cvt.rn.f16x2.f32) from one vector conversion,
/// and of sm_89+ to and from FP8 (cvt.rn.satfinite.e4m3x2.f32,
/// cvt.rn.f16x2.e4m3x2).
template <class To, class From>
CUTE_ALGORITHM_INLINE void convertPair(const From *Src, To *Dst) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
  if constexpr (IsFp8<To> && __is_same(From, float)) {
    // The first operand lands in the upper byte.
    unsigned short R = __is_same(To, float_e4m3_t)
                           ? __nvvm_ff_to_e4m3x2_rn(Src[1], Src[0])
                           : __nvvm_ff_to_e5m2x2_rn(Src[1], Src[0]);
    __builtin_memcpy(Dst, &R, 2);
    return;
  } else if constexpr (IsFp8<From> &&
                       (__is_same(To, _Float16) || __is_same(To, float))) {
    short Bits;
    __builtin_memcpy(&Bits, Src, 2);
    typedef _Float16 HalfPair __attribute__((ext_vector_type(2)));
    HalfPair H = __is_same(From, float_e4m3_t)
                     ? __nvvm_e4m3x2_to_f16x2_rn(Bits)
                     : __nvvm_e5m2x2_to_f16x2_rn(Bits);
    Dst[0] = To(H[0]);
    Dst[1] = To(H[1]);
    return;
  }
#endif
  if constexpr (IsByteFloat<To> || IsByteFloat<From>) {
    Dst[0] = To(float(Src[0]));
    Dst[1] = To(float(Src[1]));
  } else {
    typedef From FromPair __attribute__((ext_vector_type(2)));
    typedef To ToPair __attribute__((ext_vector_type(2)));
    FromPair V;
    __builtin_memcpy(&V, Src, sizeof(V));
    ToPair R = __builtin_convertvector(V, ToPair);
    __builtin_memcpy(Dst, &R, sizeof(R));
  }
}
} // namespace detail

/// Converts the fragment \p Src into \p Dst element by element (the same
/// size; CuTe's copy of a fragment into one of another type, FlashAttention's
/// convert_type). Values whose index pairs (2i, 2i+1) lie next to each other
/// on both sides convert as a pair, in one packed instruction where the
/// target has one (f32 -> bf16x2 / f16x2, f32 -> e4m3x2 / e5m2x2 and FP8
/// pairs -> f16x2 on sm_89+); the others one by one.
template <class From, class To>
CUTE_ALGORITHM_INLINE void convert(Tensor<From> Src, Tensor<To> Dst) {
  __cute_expect_size((void *)Dst, size(Src), "of=copy");
#pragma unroll
  for (int I = 0; I < size(Src); I += 2) {
    From *S = detail::addressOf(Src, I);
    To *D = detail::addressOf(Dst, I);
    if (I + 1 < size(Src) && detail::addressOf(Src, I + 1) == S + 1 &&
        detail::addressOf(Dst, I + 1) == D + 1) {
      detail::convertPair(S, D);
      continue;
    }
    *D = detail::convertTo<To>(*S);
    if (I + 1 < size(Src))
      *detail::addressOf(Dst, I + 1) =
          detail::convertTo<To>(*detail::addressOf(Src, I + 1));
  }
}

/// Reduces each row of the (rows, cols) fragment \p RowCol into \p Out
/// with \p Fn, starting from Out's values (FlashAttention's
/// reduce_max<zero_init=false>). \p R must be the number of rows.
template <class T, int R, class Op>
CUTE_ALGORITHM_INLINE void reduce_rows(Tensor<T> RowCol, T (&Out)[R], Op Fn) {
  // A compile-time error where the view's rows are static; a trap where
  // they are known only at run time.
  __cute_expect_size((void *)RowCol, R, "of=rows mode=0");
  if (size(RowCol, "mode=0") != R)
    __builtin_trap();
#pragma unroll
  for (int Row = 0; Row < R; ++Row) {
    T Acc = Out[Row];
#pragma unroll
    for (int Col = 0; Col < size(RowCol, "mode=1"); ++Col)
      Acc = Fn(Acc, load(RowCol, make_coord("(?,?)", Row, Col)));
    Out[Row] = Acc;
  }
}

/// The all-reduce of each value of \p V over the \p Group threads of a warp
/// whose lane indices differ in their low bits only (the threads that share
/// a row of an accumulator: acc_row_threads), by butterfly shuffles
/// (FlashAttention's Allreduce<4>).
template <class T, int R, class Op>
CUTE_ALGORITHM_INLINE void allreduce(T (&V)[R], int Group, Op Fn)
    __attribute__((diagnose_if(Group <= 0 || Group > 32 ||
                                   (Group & (Group - 1)) != 0,
                               "allreduce: the group is a power of two from "
                               "1 to 32 (the lanes of a warp whose indices "
                               "differ in their low bits)",
                               "error"))) {
  // A group known only at run time that is none: a trap, never a shuffle
  // across the wrong lanes.
  if (Group <= 0 || Group > 32 || (Group & (Group - 1)) != 0)
    __builtin_trap();
#pragma unroll
  for (int Row = 0; Row < R; ++Row)
#pragma unroll
    for (int Mask = 1; Mask < Group; Mask *= 2)
      V[Row] = Fn(V[Row], __shfl_xor_sync(0xffffffffu, V[Row], Mask));
}

/// Multiplies every value of row r of the (rows, cols) fragment \p RowCol
/// by \p Scale[r] (the online softmax's rescaling of the output).
template <class T, int R>
CUTE_ALGORITHM_INLINE void scale_rows(Tensor<T> RowCol, const T (&Scale)[R]) {
  __cute_expect_size((void *)RowCol, R, "of=rows mode=0");
  if (size(RowCol, "mode=0") != R)
    __builtin_trap();
#pragma unroll
  for (int Row = 0; Row < R; ++Row)
#pragma unroll
    for (int Col = 0; Col < size(RowCol, "mode=1"); ++Col) {
      Coord C = make_coord("(?,?)", Row, Col);
      store(RowCol, C, load(RowCol, C) * Scale[Row]);
    }
}

} // namespace cute

#undef CUTE_ALGORITHM_INLINE

#endif // CUTE_ALGORITHM_H
