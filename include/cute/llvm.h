//===- cute/llvm.h - CuTe layouts and tensors for CUDA C++ ------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Thin CUDA C++ wrappers over the `llvm.cute.*` intrinsics, so that device
/// code reads like CuTe:
///
/// \code
///   #include <cute/llvm.h>
///   __global__ void copy(float *out, const float *in, int m, int n) {
///     cute::Layout L = cute::make_layout("(?,?):(?,1)", m, n, n);
///     auto A = cute::make_view(in, L);
///     auto B = cute::make_view(out, L);
///     auto a = cute::local_tile(A, cute::make_tile("(16,128)"),
///                               cute::make_coord("(?,?)", (int)blockIdx.x,
///                                                (int)blockIdx.y));
///     ...
///   }
/// \endcode
///
/// Compile the device code with `cute-clang++ -fcute-lowering` (or plain
/// clang with `-fpass-plugin=CuteLLVM.so -I<repo>/include`): the pass plugin
/// follows each cute value's static profile, folds static layouts to
/// constants and turns dynamic leaves into integer arithmetic. No call of
/// these functions survives in the PTX.
///
/// The handles (cute::Layout, cute::Tensor<T>, ...) are opaque pointers
/// that never point at memory: they exist only between the calls that make
/// and use them, so they must not be stored to memory that outlives the
/// function or passed to a function with no body. Helpers that take or
/// return them are ordinary functions: the lowering inlines every one of
/// them (a recursive one is an error). The functions here are
/// `__forceinline__` only so that nothing is left to inline.
///
/// Dynamic leaves: each `?` of a notation string (shape leaves first, then
/// stride leaves, left to right) takes the next argument: an `int` (or
/// `unsigned`) gives a 32-bit leaf, a `long long` (or `long`, `size_t`) a
/// 64-bit one, as `?{i64}` expects.
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_LLVM_H
#define CUTE_LLVM_H

#if defined(__CUDA__) || defined(__CUDACC__)
#define CUTE_LLVM_DEVICE __device__
#define CUTE_LLVM_INLINE __device__ __forceinline__ __attribute__((nodebug))
#else
#define CUTE_LLVM_DEVICE
#define CUTE_LLVM_INLINE inline __attribute__((always_inline, nodebug))
#endif

#include <cute/numeric.h>
#include <stdint.h>

//===----------------------------------------------------------------------===//
// The intrinsics, through asm labels
//===----------------------------------------------------------------------===//

// One declaration per intrinsic (and per element type for loads and
// stores: `llvm.cute.memref_load.f32`; the lowering ignores what follows
// the op name). Integers passed through `...` keep their C type: `int` is
// i32 and `long long` i64. CUTE_LLVM_INTRINSIC_AS declares a second C
// name for an intrinsic (another return or parameter type).
#define CUTE_LLVM_INTRINSIC(Ret, Name, Params)                                 \
  CUTE_LLVM_DEVICE Ret __cute_##Name Params __asm__("llvm.cute." #Name);
#define CUTE_LLVM_INTRINSIC_AS(Ret, CName, Name, Params)                       \
  CUTE_LLVM_DEVICE Ret __cute_##CName Params __asm__("llvm.cute." #Name);

extern "C" {
// The declarations are the records' (td/Ops.td, the Decls of each op):
// test/Lowering/cuda-header-decls.test fails when this block differs from
// `cute-tblgen -gen-op-header-decls td/Ops.td`, and rewrites it with
// `check-header-decls.py ... --update`.
// clang-format off
// BEGIN GENERATED: cute-tblgen -gen-op-header-decls td/Ops.td
CUTE_LLVM_INTRINSIC(void *, coalesce, (...))
CUTE_LLVM_INTRINSIC(void *, complement, (...))
CUTE_LLVM_INTRINSIC(void *, composition, (...))
CUTE_LLVM_INTRINSIC(int, contiguous, (void *, int, int))
CUTE_LLVM_INTRINSIC(void *, convert_layout_acc_Aregs, (void *, void *, void *))
CUTE_LLVM_INTRINSIC(void *, convert_layout_acc_Aregs_permuted, (void *, void *, void *, const char *))
CUTE_LLVM_INTRINSIC(void *, convert_layout_acc_rowcol, (void *, void *, const char *))
CUTE_LLVM_INTRINSIC_AS(int, convert_layout_acc_rowcol_int, convert_layout_acc_rowcol, (void *, void *, const char *))
CUTE_LLVM_INTRINSIC(int, cosize, (...))
CUTE_LLVM_INTRINSIC(int, crd2idx, (...))
CUTE_LLVM_INTRINSIC_AS(void *, crd2idx_tuple, crd2idx, (...))
CUTE_LLVM_INTRINSIC(void, expect_contiguous, (void *, int, int, const char *))
CUTE_LLVM_INTRINSIC(void, expect_size, (void *, int, const char *))
CUTE_LLVM_INTRINSIC(void *, get, (...))
CUTE_LLVM_INTRINSIC(void *, get_iter, (void *))
CUTE_LLVM_INTRINSIC_AS(unsigned, get_iter_tmem, get_iter, (void *))
CUTE_LLVM_INTRINSIC(void *, get_layout, (void *))
CUTE_LLVM_INTRINSIC(int, get_leaf, (void *, int))
CUTE_LLVM_INTRINSIC(void *, get_shape, (void *))
CUTE_LLVM_INTRINSIC(void *, get_stride, (void *))
CUTE_LLVM_INTRINSIC(void *, idx2crd, (...))
CUTE_LLVM_INTRINSIC(int, is_rmem, (void *))
CUTE_LLVM_INTRINSIC(void *, local_partition, (void *, void *, int))
CUTE_LLVM_INTRINSIC_AS(void *, local_partition_proj, local_partition, (void *, void *, int, void *))
CUTE_LLVM_INTRINSIC(void *, local_tile, (void *, void *, void *))
CUTE_LLVM_INTRINSIC(void *, logical_divide, (...))
CUTE_LLVM_INTRINSIC(void *, logical_product, (...))
CUTE_LLVM_INTRINSIC(void *, make_coord, (const char *, ...))
CUTE_LLVM_INTRINSIC(uint64_t, make_gmma_desc, (void *, const char *))
CUTE_LLVM_INTRINSIC(void *, make_gmma_layout_atom, (int, const char *))
CUTE_LLVM_INTRINSIC(void *, make_identity_layout, (void *))
CUTE_LLVM_INTRINSIC(void *, make_int_tuple, (const char *, ...))
CUTE_LLVM_INTRINSIC(void *, make_layout, (const char *, ...))
CUTE_LLVM_INTRINSIC(void *, make_layout_like, (void *))
CUTE_LLVM_INTRINSIC(void *, make_layout_tv, (...))
CUTE_LLVM_INTRINSIC(void *, make_ordered_layout, (...))
CUTE_LLVM_INTRINSIC(void *, make_shape, (const char *, ...))
CUTE_LLVM_INTRINSIC(void *, make_stride, (const char *, ...))
CUTE_LLVM_INTRINSIC(void *, make_swizzle, (const char *, ...))
CUTE_LLVM_INTRINSIC(void *, make_tile, (const char *, ...))
CUTE_LLVM_INTRINSIC(void *, make_tiled_copy, (...))
CUTE_LLVM_INTRINSIC(void *, make_tiled_copy_A, (...))
CUTE_LLVM_INTRINSIC(void *, make_tiled_copy_B, (...))
CUTE_LLVM_INTRINSIC(void *, make_tiled_copy_C, (...))
CUTE_LLVM_INTRINSIC(void *, make_tiled_mma, (...))
CUTE_LLVM_INTRINSIC(void *, make_tmem_copy, (...))
CUTE_LLVM_INTRINSIC(void *, make_tuple, (...))
CUTE_LLVM_INTRINSIC(uint64_t, make_umma_desc, (void *, const char *))
CUTE_LLVM_INTRINSIC(void *, make_view, (const void *, void *, const char *))
CUTE_LLVM_INTRINSIC_AS(void *, make_view_tmem, make_view, (unsigned, void *, const char *))
CUTE_LLVM_INTRINSIC(void *, partition_A, (void *, int, void *))
CUTE_LLVM_INTRINSIC_AS(void *, partition_A_attr, partition_A, (void *, int, void *, const char *))
CUTE_LLVM_INTRINSIC(void *, partition_B, (void *, int, void *))
CUTE_LLVM_INTRINSIC_AS(void *, partition_B_attr, partition_B, (void *, int, void *, const char *))
CUTE_LLVM_INTRINSIC(void *, partition_C, (void *, int, void *))
CUTE_LLVM_INTRINSIC_AS(void *, partition_C_attr, partition_C, (void *, int, void *, const char *))
CUTE_LLVM_INTRINSIC(void *, partition_D, (void *, void *, void *, int))
CUTE_LLVM_INTRINSIC_AS(void *, partition_D_obj, partition_D, (void *, int, void *))
CUTE_LLVM_INTRINSIC_AS(void *, partition_D_obj_attr, partition_D, (void *, int, void *, const char *))
CUTE_LLVM_INTRINSIC(void *, partition_S, (void *, void *, void *, int))
CUTE_LLVM_INTRINSIC_AS(void *, partition_S_obj, partition_S, (void *, int, void *))
CUTE_LLVM_INTRINSIC_AS(void *, partition_S_obj_attr, partition_S, (void *, int, void *, const char *))
CUTE_LLVM_INTRINSIC_AS(void *, partition_S_attr, partition_S, (void *, void *, void *, int, const char *))
CUTE_LLVM_INTRINSIC(void *, partition_fragment_A, (void *, void *))
CUTE_LLVM_INTRINSIC(void *, partition_fragment_B, (void *, void *))
CUTE_LLVM_INTRINSIC(void *, partition_fragment_C, (void *, void *))
CUTE_LLVM_INTRINSIC(void *, print, (void *))
CUTE_LLVM_INTRINSIC(void *, retile, (void *, void *))
CUTE_LLVM_INTRINSIC(int, size, (...))
CUTE_LLVM_INTRINSIC(void *, slice, (...))
CUTE_LLVM_INTRINSIC(void *, slice_and_offset, (...))
CUTE_LLVM_INTRINSIC(void *, tile_to_shape, (...))
CUTE_LLVM_INTRINSIC(void *, tiled_divide, (...))
CUTE_LLVM_INTRINSIC(void *, zipped_divide, (...))
// END GENERATED
// clang-format on
} // extern "C"

#undef CUTE_LLVM_INTRINSIC
#undef CUTE_LLVM_INTRINSIC_AS

// The atoms' intrinsics and their compile-time traits, generated from the
// registry's records into the build tree (cute-clang++ puts it on the
// include path): copy(), gemm(), the cp.async groups and the constexpr
// fragment sizes below need them.
#if __has_include(<cute_atom_traits.h>) && __has_include(<cute_nvgpu_atoms.h>)
#include <cute_atom_traits.h>
#include <cute_nvgpu_atoms.h>
#define CUTE_LLVM_HAS_ATOMS 1
#endif

namespace cute {

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

/// A layout `Shape:Stride` (a composed layout too).
typedef struct cute_layout_ *Layout;
/// An integer tuple: shape, stride, coordinate, or plain tuple.
typedef struct cute_int_tuple_ *IntTuple;
typedef IntTuple Shape;
typedef IntTuple Stride;
typedef IntTuple Coord;
/// A tiler: a tuple of layouts or a shape, such as `(16,128)`.
typedef struct cute_tile_ *Tile;
/// A swizzle `S<B,M,S>`, which composes with a layout.
typedef struct cute_swizzle_ *Swizzle;
/// A TiledMMA: an MMA atom of the registry over a layout of atoms.
typedef struct cute_tiled_mma_ *TiledMMA;
/// A TiledCopy: a copy atom of the registry over a (thread, value) layout.
typedef struct cute_tiled_copy_ *TiledCopy;

namespace detail {
template <class T> struct TensorHandle;
} // namespace detail

/// A tensor of elements of type \p T: an iterator and a layout.
template <class T> using Tensor = detail::TensorHandle<T> *;

namespace detail {
/// The element type string of make_view.
template <class T> struct ElementName;
#define CUTE_LLVM_ELEMENT(Type, Name, Suffix)                                  \
  template <> struct ElementName<Type> {                                       \
    static constexpr const char *value = Name;                                 \
  };                                                                           \
  extern "C" CUTE_LLVM_DEVICE Type __cute_load_##Suffix(void *, ...) __asm__(  \
      "llvm.cute.memref_load." Name);                                          \
  extern "C" CUTE_LLVM_DEVICE void __cute_store_##Suffix(                      \
      void *, void *, Type) __asm__("llvm.cute.memref_store." Name);           \
  extern "C" CUTE_LLVM_DEVICE void __cute_store_idx_##Suffix(                  \
      void *, int, Type) __asm__("llvm.cute.memref_store." Name);              \
  CUTE_LLVM_INLINE Type load(Type *, void *T, int I) {                         \
    return __cute_load_##Suffix(T, I);                                         \
  }                                                                            \
  CUTE_LLVM_INLINE Type load(Type *, void *T, void *C) {                       \
    return __cute_load_##Suffix(T, C);                                         \
  }                                                                            \
  CUTE_LLVM_INLINE void store(void *T, int I, Type V) {                        \
    __cute_store_idx_##Suffix(T, I, V);                                        \
  }                                                                            \
  CUTE_LLVM_INLINE void store(void *T, void *C, Type V) {                      \
    __cute_store_##Suffix(T, C, V);                                            \
  }
CUTE_LLVM_ELEMENT(float, "f32", f32)
CUTE_LLVM_ELEMENT(double, "f64", f64)
CUTE_LLVM_ELEMENT(_Float16, "f16", f16)
CUTE_LLVM_ELEMENT(__bf16, "bf16", bf16)
CUTE_LLVM_ELEMENT(signed char, "i8", i8)
CUTE_LLVM_ELEMENT(short, "i16", i16)
CUTE_LLVM_ELEMENT(int, "i32", i32)
CUTE_LLVM_ELEMENT(long long, "i64", i64)
CUTE_LLVM_ELEMENT(unsigned char, "u8", u8)
CUTE_LLVM_ELEMENT(unsigned short, "u16", u16)
CUTE_LLVM_ELEMENT(unsigned, "u32", u32)
CUTE_LLVM_ELEMENT(unsigned long long, "u64", u64)
#undef CUTE_LLVM_ELEMENT

/// The 8-bit floating-point types (<cute/numeric.h>): a tensor names its
/// format ("e4m3", "e5m2": an atom of another element type rejects it) and
/// moves the bytes.
#define CUTE_LLVM_BYTE_ELEMENT(Type, Name)                                     \
  template <> struct ElementName<Type> {                                       \
    static constexpr const char *value = Name;                                 \
  };                                                                           \
  CUTE_LLVM_INLINE Type load(Type *, void *T, int I) {                         \
    return Type::bitcast(__cute_load_u8(T, I));                                \
  }                                                                            \
  CUTE_LLVM_INLINE Type load(Type *, void *T, void *C) {                       \
    return Type::bitcast(__cute_load_u8(T, C));                                \
  }                                                                            \
  CUTE_LLVM_INLINE void store(void *T, int I, Type V) {                        \
    __cute_store_idx_u8(T, I, V.storage);                                      \
  }                                                                            \
  CUTE_LLVM_INLINE void store(void *T, void *C, Type V) {                      \
    __cute_store_u8(T, C, V.storage);                                          \
  }
CUTE_LLVM_BYTE_ELEMENT(float_e4m3_t, "e4m3")
CUTE_LLVM_BYTE_ELEMENT(float_e5m2_t, "e5m2")
CUTE_LLVM_BYTE_ELEMENT(float_ue8m0_t, "ue8m0")
CUTE_LLVM_BYTE_ELEMENT(float_ue4m3_t, "ue4m3")
#undef CUTE_LLVM_BYTE_ELEMENT

template <class T> struct RemoveConst { typedef T type; };
template <class T> struct RemoveConst<const T> { typedef T type; };

} // namespace detail

// The wrappers cute-tblgen writes from the op records (the ops marked
// CxxWrapper in td/Ops.td: group_modes, blocked_product, right_inverse,
// recast_layout, ...), into the build tree beside the atom headers.
#if __has_include(<cute_ops_wrappers.h>)
#include <cute_ops_wrappers.h>
#endif

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

/// A layout from CuTe notation: `make_layout("(?,?):(?,1)", m, n, ld)`.
/// Each `?` takes the next integer argument (shape leaves, then stride
/// leaves).
template <class... Ints>
CUTE_LLVM_INLINE Layout make_layout(const char *Profile, Ints... Leaves) {
  return (Layout)__cute_make_layout(Profile, Leaves...);
}
/// CuTe's make_layout(shape): the compact column-major layout of \p S.
CUTE_LLVM_INLINE Layout make_layout(Shape S) {
  return (Layout)__cute_make_layout((const char *)S);
}
/// CuTe's make_layout_like: a compact layout of \p L's shape whose modes
/// keep the order of \p L's strides (a register fragment shaped like a
/// partition: make_fragment(Regs, make_layout_like(get_layout(tCgC)))).
CUTE_LLVM_INLINE Layout make_layout_like(Layout L) {
  return (Layout)__cute_make_layout_like((void *)L);
}
/// A shape from notation: `make_shape("(?,?)", m, n)`.
template <class... Ints>
CUTE_LLVM_INLINE Shape make_shape(const char *Profile, Ints... Leaves) {
  return (Shape)__cute_make_shape(Profile, Leaves...);
}
/// A stride from notation: `make_stride("(?,1)", ld)`.
template <class... Ints>
CUTE_LLVM_INLINE Stride make_stride(const char *Profile, Ints... Leaves) {
  return (Stride)__cute_make_stride(Profile, Leaves...);
}
/// A coordinate from notation; `_` leaves slice: `make_coord("(_,?)", j)`.
template <class... Ints>
CUTE_LLVM_INLINE Coord make_coord(const char *Profile, Ints... Leaves) {
  return (Coord)__cute_make_coord(Profile, Leaves...);
}
/// An integer tuple from notation.
template <class... Ints>
CUTE_LLVM_INLINE IntTuple make_int_tuple(const char *Profile, Ints... Leaves) {
  return (IntTuple)__cute_make_int_tuple(Profile, Leaves...);
}
/// A tiler from notation: `make_tile("(16,128)")` or `"(2:1,4)"`.
template <class... Ints>
CUTE_LLVM_INLINE Tile make_tile(const char *Profile, Ints... Leaves) {
  return (Tile)__cute_make_tile(Profile, Leaves...);
}
/// A tuple whose modes are the operands (tuples or integers):
/// `make_tuple(make_coord("(_,_)"), bid)` is `((_,_),bid)`.
template <class... Modes> CUTE_LLVM_INLINE IntTuple make_tuple(Modes... Ms) {
  return (IntTuple)__cute_make_tuple(Ms...);
}

//===----------------------------------------------------------------------===//
// Static integers and `_`: CuTe's spelling of tuples
//===----------------------------------------------------------------------===//
//
// make_shape(Int<128>{}, BK, Stages), make_stride(_1{}, ld),
// make_coord(_, _, k), make_tile(_128{}, _64{}): each argument an integer
// (a C++ constant, or a run-time value) or `_`; the notation profile
// ("(?,?,?)", "(_,_,?)") is spelled at compile time from the argument
// types, so a constant leaf is static after lowering as CuTe's Int<N> is.

/// CuTe's static integer.
template <int N> struct Int {
  static constexpr int value = N;
  // Always inlined: the early lowering must see the constant, not a call.
  __attribute__((always_inline)) constexpr operator int() const { return N; }
};
using _0 = Int<0>;
using _1 = Int<1>;
using _2 = Int<2>;
using _4 = Int<4>;
using _8 = Int<8>;
using _16 = Int<16>;
using _32 = Int<32>;
using _64 = Int<64>;
using _128 = Int<128>;
using _256 = Int<256>;
/// CuTe's `_`: the whole mode of a coordinate (slicing).
struct Underscore {};
constexpr Underscore _{};

namespace detail {
template <class T> struct LeafChar {
  static_assert(sizeof(T) == 0, "a leaf of make_shape / make_stride / "
                                "make_tile / make_coord is an int, an "
                                "Int<N> or (in a coordinate) _");
  static constexpr char value = 0;
};
template <> struct LeafChar<int> { static constexpr char value = '?'; };
template <> struct LeafChar<unsigned> { static constexpr char value = '?'; };
template <int N> struct LeafChar<Int<N>> { static constexpr char value = '?'; };
template <> struct LeafChar<Underscore> { static constexpr char value = '_'; };

template <int... Is> struct IndexSeq {};
template <class T, T... Is> struct IndexSeqOf {
  using type = IndexSeq<Is...>;
};
template <int N>
using MakeIndexSeq = typename __make_integer_seq<IndexSeqOf, int, N>::type;

/// The notation profile of leaves \p Ts: `(?,_,?)`.
template <class Seq, class... Ts> struct ProfileImpl;
template <int... Is, class... Ts> struct ProfileImpl<IndexSeq<Is...>, Ts...> {
  static constexpr int N = sizeof...(Ts);
  static constexpr char Leaves[N] = {LeafChar<Ts>::value...};
  static constexpr char at(int I) {
    return I == 0           ? '('
           : I == 2 * N     ? ')'
           : I == 2 * N + 1 ? '\0'
           : I % 2          ? Leaves[I / 2]
                            : ',';
  }
  static constexpr char value[sizeof...(Is)] = {at(Is)...};
};
template <class... Ts>
using Profile = ProfileImpl<MakeIndexSeq<2 * sizeof...(Ts) + 2>, Ts...>;

} // namespace detail

/// CuTe's make_shape / make_stride / make_tile of integers (`int` or
/// `Int<N>`): `make_shape(Int<128>{}, BK, K)`.
template <class T, class... Ts>
CUTE_LLVM_INLINE Shape make_shape(T X, Ts... Xs) {
  static_assert(!__is_same(T, const char *) && !__is_same(T, char *),
                "make_shape(\"notation\", ...) takes its leaves after the "
                "profile");
  return make_shape(detail::Profile<T, Ts...>::value, int(X), int(Xs)...);
}
template <class T, class... Ts>
CUTE_LLVM_INLINE Stride make_stride(T X, Ts... Xs) {
  return make_stride(detail::Profile<T, Ts...>::value, int(X), int(Xs)...);
}
template <class T, class... Ts>
CUTE_LLVM_INLINE Tile make_tile(T X, Ts... Xs) {
  return make_tile(detail::Profile<T, Ts...>::value, int(X), int(Xs)...);
}
/// CuTe's make_tile of layouts: a tiler mode by mode, an integer mode n
/// standing for n:1 (`make_tile(make_layout(make_shape(D)), PermK)`, which
/// composition applies to a layout's modes one by one).
template <class... Ts> CUTE_LLVM_INLINE Tile make_tile(Layout L, Ts... Ls) {
  return (Tile)__cute_make_tuple((void *)L, Ls...);
}
namespace detail {
/// Argument \p I of a pack.
template <int I, class T, class... Ts>
constexpr CUTE_LLVM_INLINE auto nthArg(T X, Ts... Xs) {
  if constexpr (I == 0)
    return X;
  else
    return nthArg<I - 1>(Xs...);
}
/// The positions of the integer arguments among \p Ts (`_` has no leaf).
template <class... Ts> struct IntPositions {
  static constexpr bool IsInt[sizeof...(Ts)] = {
      !__is_same(Ts, Underscore)...};
  static constexpr int Count = (0 + ... + int(!__is_same(Ts, Underscore)));
  struct Array {
    int V[Count > 0 ? Count : 1];
  };
  static constexpr Array positions() {
    Array A{};
    int J = 0;
    for (int I = 0; I < int(sizeof...(Ts)); ++I)
      if (IsInt[I])
        A.V[J++] = I;
    return A;
  }
  static constexpr Array Pos = positions();
};
template <class... Ts, int... Js>
CUTE_LLVM_INLINE Coord makeCoord(IndexSeq<Js...>, Ts... Xs) {
  return (Coord)__cute_make_coord(
      Profile<Ts...>::value,
      int(nthArg<IntPositions<Ts...>::Pos.V[Js]>(Xs...))...);
}
} // namespace detail
/// CuTe's make_coord of integers and `_`: `make_coord(_, _, k)`.
template <class T, class... Ts>
CUTE_LLVM_INLINE Coord make_coord(T X, Ts... Xs) {
  static_assert(!__is_same(T, const char *) && !__is_same(T, char *),
                "make_coord(\"notation\", ...) takes its leaves after the "
                "profile");
  return detail::makeCoord(
      detail::MakeIndexSeq<detail::IntPositions<T, Ts...>::Count>(), X,
      Xs...);
}
/// CuTe's make_layout(shape, stride).
CUTE_LLVM_INLINE Layout make_layout(Shape S, Stride D) {
  return (Layout)__cute_make_layout((const char *)S, (void *)D);
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

/// The \p K-th integer leaf (left to right; for a layout, shape leaves
/// first) of a tuple or layout: `get_leaf<0>(L)`. A template argument, so
/// that it is a constant at -O0 too.
template <int K, class V> CUTE_LLVM_INLINE int get_leaf(V Value) {
  return __cute_get_leaf((void *)Value, K);
}
/// The shape of a layout (or of a tensor's layout).
CUTE_LLVM_INLINE Shape get_shape(Layout L) {
  return (Shape)__cute_get_shape(L);
}
/// The stride of a layout.
CUTE_LLVM_INLINE Stride get_stride(Layout L) {
  return (Stride)__cute_get_stride(L);
}

//===----------------------------------------------------------------------===//
// Size and index
//===----------------------------------------------------------------------===//

/// The number of elements of a layout, shape or tensor, as a 32-bit int.
template <class V> CUTE_LLVM_INLINE int size(V Value) {
  return __cute_size((void *)Value);
}
/// The size of mode \p Mode: `size(L, "mode=1")`.
template <class V> CUTE_LLVM_INLINE int size(V Value, const char *Attrs) {
  return __cute_size((void *)Value, Attrs);
}
/// The codomain size of a layout: its largest index plus one.
template <class V> CUTE_LLVM_INLINE int cosize(V Value) {
  return __cute_cosize((void *)Value);
}
/// The index of coordinate \p Crd (a coordinate, or an integer read
/// colexicographically) in layout \p L.
template <class C> CUTE_LLVM_INLINE int crd2idx(C Crd, Layout L) {
  return __cute_crd2idx(Crd, (void *)L);
}
/// The natural coordinate of index \p Idx in shape \p S.
CUTE_LLVM_INLINE Coord idx2crd(int Idx, Shape S) {
  return (Coord)__cute_idx2crd(Idx, (void *)S);
}

//===----------------------------------------------------------------------===//
// Layout algebra
//===----------------------------------------------------------------------===//
//
// Each takes layouts, tuples or tensors (a tensor: the op applies to its
// layout and the result is a tensor over the same iterator) and returns a
// value of its first operand's type.

/// `A o B`.
template <class A, class B> CUTE_LLVM_INLINE A composition(A LHS, B RHS) {
  return (A)__cute_composition((void *)LHS, (void *)RHS);
}
/// The complement of \p L in \p CoSize.
CUTE_LLVM_INLINE Layout complement(Layout L, int CoSize) {
  return (Layout)__cute_complement((void *)L, CoSize);
}
/// \p V with adjacent modes merged where possible.
template <class A> CUTE_LLVM_INLINE A coalesce(A V) {
  return (A)__cute_coalesce((void *)V);
}
/// CuTe's coalesce(layout, trg_profile): coalesced only within the modes of
/// \p Profile (a leaf of it: the whole mode; `(1)` keeps a rank-1 mode).
template <class A> CUTE_LLVM_INLINE A coalesce(A V, IntTuple Profile) {
  return (A)__cute_coalesce((void *)V, (void *)Profile);
}
/// `((Tile), (Rest))`, mode by mode.
template <class A, class B> CUTE_LLVM_INLINE A logical_divide(A V, B Tiler) {
  return (A)__cute_logical_divide((void *)V, (void *)Tiler);
}
/// `((TileM,TileN,...),(RestM,RestN,...))`: column K of the result is tile
/// K.
template <class A, class B> CUTE_LLVM_INLINE A zipped_divide(A V, B Tiler) {
  return (A)__cute_zipped_divide((void *)V, (void *)Tiler);
}
/// `((TileM,TileN,...),RestM,RestN,...)`.
template <class A, class B> CUTE_LLVM_INLINE A tiled_divide(A V, B Tiler) {
  return (A)__cute_tiled_divide((void *)V, (void *)Tiler);
}
/// \p A repeated over the layout \p B.
CUTE_LLVM_INLINE Layout logical_product(Layout A, Layout B) {
  return (Layout)__cute_logical_product((void *)A, (void *)B);
}
/// The swizzle `S<B,M,S>` from notation: `make_swizzle("S<3,3,3>")`.
CUTE_LLVM_INLINE Swizzle make_swizzle(const char *Profile) {
  return (Swizzle)__cute_make_swizzle(Profile);
}
/// `Sw o L`: CuTe's `composition(Swizzle<B,M,S>{}, L)`.
CUTE_LLVM_INLINE Layout composition(Swizzle Sw, Layout L) {
  return (Layout)__cute_composition((void *)Sw, (void *)L);
}
/// \p Block (a layout or composed layout) repeated to cover \p S. Each
/// mode of the block must divide the shape's (CuTe static_asserts it): a
/// static shape it does not divide is a compile-time error, never a buffer
/// silently padded past the shape.
CUTE_LLVM_INLINE Layout tile_to_shape(Layout Block, Shape S) {
  return (Layout)__cute_tile_to_shape((void *)Block, (void *)S, "strict");
}
/// The same, \p Block repeated over the modes in the order \p Order (a
/// permutation of the mode indices, the first fastest): CuTe's
/// tile_to_shape(block, shape, order).
CUTE_LLVM_INLINE Layout tile_to_shape(Layout Block, Shape S, IntTuple Order) {
  return (Layout)__cute_tile_to_shape((void *)Block, (void *)S, (void *)Order,
                                      "strict");
}
namespace GMMA {
/// CuTe's GMMA::Layout_<Major>_<Type>_Atom<T>: the canonical shared-memory
/// layout atoms of WGMMA (and UMMA) operands, from the layout algebra
/// (llvm.cute.make_gmma_layout_atom): K-major (8 rows of the swizzle's width)
/// or MN-major (the transpose), INTERLEAVE or the 32-, 64-, 128-byte
/// swizzle, of T's width. Tile them over a buffer with tile_to_shape:
/// `tile_to_shape(GMMA::Layout_K_SW128_Atom<half>(), make_shape("(128,64,4)"))`.
#define CUTE_LLVM_GMMA_ATOM(Major, Type)                                       \
  template <class T>                                                           \
  CUTE_LLVM_INLINE Layout Layout_##Major##_##Type##_Atom() {                   \
    return (Layout)__cute_make_gmma_layout_atom(                               \
        int(8 * sizeof(T)), "major=" #Major " swizzle=" #Type);                \
  }
CUTE_LLVM_GMMA_ATOM(K, INTER)
CUTE_LLVM_GMMA_ATOM(K, SW32)
CUTE_LLVM_GMMA_ATOM(K, SW64)
CUTE_LLVM_GMMA_ATOM(K, SW128)
CUTE_LLVM_GMMA_ATOM(MN, INTER)
CUTE_LLVM_GMMA_ATOM(MN, SW32)
CUTE_LLVM_GMMA_ATOM(MN, SW64)
CUTE_LLVM_GMMA_ATOM(MN, SW128)
#undef CUTE_LLVM_GMMA_ATOM
} // namespace GMMA
namespace UMMA {
/// CuTe's UMMA::Layout_<Major>_<Type>_Atom<T>: UMMA reads the canonical
/// layouts GMMA does.
using GMMA::Layout_K_INTER_Atom;
using GMMA::Layout_K_SW128_Atom;
using GMMA::Layout_K_SW32_Atom;
using GMMA::Layout_K_SW64_Atom;
using GMMA::Layout_MN_INTER_Atom;
using GMMA::Layout_MN_SW128_Atom;
using GMMA::Layout_MN_SW32_Atom;
using GMMA::Layout_MN_SW64_Atom;
#if __has_include(<cute_ops_wrappers.h>)
/// CuTe's UMMA::tile_to_mma_shape(atom, partition_shape_A(mma, tile)) (a
/// generated wrapper: without the lowering's headers there is none).
using cute::tile_to_mma_shape;
#endif
} // namespace UMMA

/// The identity layout of \p S: each index maps to its natural coordinate
/// (strides `1@0, 1@1, ...`); partitioned like a tensor, it gives the
/// coordinates of a partition's elements (CuTe's make_identity_tensor).
CUTE_LLVM_INLINE Layout make_identity_layout(Shape S) {
  return (Layout)__cute_make_identity_layout((void *)S);
}
/// A compact layout of \p S whose modes are ordered by \p Order.
CUTE_LLVM_INLINE Layout make_ordered_layout(Shape S, IntTuple Order) {
  return (Layout)__cute_make_ordered_layout((void *)S, (void *)Order);
}
/// The tiler of a thread-value partition of \p Thr threads each owning
/// \p Val values (CuTe DSL's make_layout_tv, first result).
CUTE_LLVM_INLINE Tile make_layout_tv_tiler(Layout Thr, Layout Val) {
  return (Tile)__cute_make_layout_tv((void *)Thr, (void *)Val, "result=0");
}
/// The TV layout `(thread, value) -> index in the tile` of the same
/// partition (second result).
CUTE_LLVM_INLINE Layout make_layout_tv(Layout Thr, Layout Val) {
  return (Layout)__cute_make_layout_tv((void *)Thr, (void *)Val, "result=1");
}
/// The sub-layout or sub-tensor at coordinate \p Crd, whose `_` leaves
/// keep their modes; slicing a tensor moves its iterator to the offset of
/// \p Crd.
template <class A, class C> CUTE_LLVM_INLINE A slice(A V, C Crd) {
  return (A)__cute_slice((void *)V, Crd);
}
/// Any other algebra op of the contract, by its asm label, with attribute
/// string: `cute::get(L, "mode=1")` and so on for `get`.
template <class A> CUTE_LLVM_INLINE A get(A V, const char *Attrs) {
  return (A)__cute_get((void *)V, Attrs);
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

/// A tensor over \p Ptr with layout \p L; the element type is \p T's.
template <class T>
CUTE_LLVM_INLINE Tensor<typename detail::RemoveConst<T>::type>
make_view(T *Ptr, Layout L) {
  typedef typename detail::RemoveConst<T>::type E;
  return (Tensor<E>)__cute_make_view((const void *)Ptr, (void *)L,
                                     detail::ElementName<E>::value);
}
/// CuTe's make_tensor(make_tmem_ptr<T>(addr), layout): a tensor in tensor
/// memory at TMEM address \p TmemAddr (tmem_alloc's: lane in bits 16-31,
/// column in bits 0-15) whose layout \p L maps coordinates to TMEM
/// addresses (a 32-bit element per column; a lane is 65536). Its elements
/// are 32-bit; tcgen05.ld/st move them (make_tmem_copy), and gemm of a
/// UMMA atom accumulates into one (TiledMMA's make_fragment_C).
template <class T>
CUTE_LLVM_INLINE Tensor<T> make_tmem_tensor(uint32_t TmemAddr, Layout L) {
  static_assert(sizeof(T) == 4, "a TMEM tensor holds 32-bit elements");
  return (Tensor<T>)__cute_make_view_tmem(TmemAddr, (void *)L,
                                          detail::ElementName<T>::value);
}
/// The TMEM address of the first element of a tensor in tensor memory
/// (CuTe's raw_pointer_cast(tensor.data())).
template <class T> CUTE_LLVM_INLINE uint32_t get_tmem_addr(Tensor<T> X) {
  return __cute_get_iter_tmem((void *)X);
}
/// The layout of \p X.
template <class T> CUTE_LLVM_INLINE Layout get_layout(Tensor<T> X) {
  return (Layout)__cute_get_layout((void *)X);
}
/// The pointer of \p X (its first element, at index 0 of its layout).
template <class T> CUTE_LLVM_INLINE T *get_iter(Tensor<T> X) {
  return (T *)__cute_get_iter((void *)X);
}
/// The element of \p X at linear index \p I (colexicographic in its
/// shape).
template <class T> CUTE_LLVM_INLINE T load(Tensor<T> X, int I) {
  return detail::load((T *)0, (void *)X, I);
}
/// The element of \p X at coordinate \p Crd.
template <class T> CUTE_LLVM_INLINE T load(Tensor<T> X, Coord Crd) {
  return detail::load((T *)0, (void *)X, (void *)Crd);
}
/// Store \p V at linear index \p I of \p X.
template <class T> CUTE_LLVM_INLINE void store(Tensor<T> X, int I, T V) {
  detail::store((void *)X, I, V);
}
/// Store \p V at coordinate \p Crd of \p X.
template <class T> CUTE_LLVM_INLINE void store(Tensor<T> X, Coord Crd, T V) {
  detail::store((void *)X, (void *)Crd, V);
}
/// The tile of \p X at coordinate \p Crd of the grid of \p Tiler tiles:
/// `zipped_divide(X, Tiler)` sliced at `(_, Crd)`.
template <class T, class C>
CUTE_LLVM_INLINE Tensor<T> local_tile(Tensor<T> X, Tile Tiler, C Crd) {
  return (Tensor<T>)__cute_local_tile((void *)X, (void *)Tiler, (void *)Crd);
}
/// The elements of \p X that thread \p ThreadIdx of the thread layout
/// \p Thr owns (CuTe's outer partition).
template <class T>
CUTE_LLVM_INLINE Tensor<T> local_partition(Tensor<T> X, Layout Thr,
                                           int ThreadIdx) {
  return (Tensor<T>)__cute_local_partition((void *)X, (void *)Thr, ThreadIdx);
}
/// The same with a projection (CuTe's Step, as a coordinate: `(1,_)` for
/// Step<_1,X>, `(_,1)` for Step<X,_1>): only the modes of \p Thr it gives
/// an integer partition \p X, at the thread's coordinate in them. CuTe's
/// local_partition(sA, tC, tid, Step<_1,X>{}) is
/// `local_partition(SA, TC, Tid, make_coord("(1,_)"))`.
template <class T>
CUTE_LLVM_INLINE Tensor<T> local_partition(Tensor<T> X, Layout Thr,
                                           int ThreadIdx, Coord Projection) {
  return (Tensor<T>)__cute_local_partition_proj((void *)X, (void *)Thr,
                                                ThreadIdx, (void *)Projection);
}
/// A coordinate tuple, not an index: \p Crd mapped through a layout whose
/// strides are scaled bases (an identity layout `(?,?):(1@0,1@1)`), as
/// CuTe's identity tensors map an index to its coordinate.
template <class C> CUTE_LLVM_INLINE Coord crd2crd(C Crd, Layout L) {
  return (Coord)__cute_crd2idx_tuple(Crd, (void *)L);
}
/// The layout part of thread \p ThreadIdx's partition of layout \p X (a
/// coordinate layout, to predicate a partition_S of a tensor).
CUTE_LLVM_INLINE Layout partition_S(Layout X, Layout TV, Tile Tiler,
                                    int ThreadIdx) {
  return (Layout)__cute_partition_S_attr((void *)X, (void *)TV, (void *)Tiler,
                                         ThreadIdx, "result=0");
}
/// The offset (in \p X's codomain: a coordinate for an identity layout)
/// of thread \p ThreadIdx's partition of layout \p X.
CUTE_LLVM_INLINE Coord partition_offset(Layout X, Layout TV, Tile Tiler,
                                        int ThreadIdx) {
  return (Coord)__cute_partition_S_attr((void *)X, (void *)TV, (void *)Tiler,
                                        ThreadIdx, "result=1");
}
/// The source partition of thread \p ThreadIdx in a tiled copy of TV
/// layout \p TV over tiles \p Tiler: `((values),restM,restN)`.
template <class T>
CUTE_LLVM_INLINE Tensor<T> partition_S(Tensor<T> X, Layout TV, Tile Tiler,
                                       int ThreadIdx) {
  return (Tensor<T>)__cute_partition_S((void *)X, (void *)TV, (void *)Tiler,
                                       ThreadIdx);
}
/// The destination partition; as partition_S.
template <class T>
CUTE_LLVM_INLINE Tensor<T> partition_D(Tensor<T> X, Layout TV, Tile Tiler,
                                       int ThreadIdx) {
  return (Tensor<T>)__cute_partition_D((void *)X, (void *)TV, (void *)Tiler,
                                       ThreadIdx);
}

//===----------------------------------------------------------------------===//
// TiledMMA and TiledCopy from the registry's atoms
//===----------------------------------------------------------------------===//
//
// Atoms are named as the registry names its variants (`cute-atoms --json`):
// `SM80_16x8x16_F32F16F16F32_TN`, `SM90_64x128x16_F32F16F16_SS`,
// `SM100_MMA_F16BF16_SS<F16,F16,F32,128,64>`, `SM75_U32x4_LDSM_N`,
// `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`. Layouts are CuTe notation.

/// CuTe's make_tiled_mma(Atom{}, AtomLayout, Permutation): `_` is no
/// permutation.
CUTE_LLVM_INLINE TiledMMA make_tiled_mma(const char *Atom,
                                         const char *AtomLayout = "1:0",
                                         const char *Permutation = "_") {
  return (TiledMMA)__cute_make_tiled_mma(Atom, AtomLayout, Permutation);
}
/// CuTe's make_tiled_copy(Copy_Atom<Atom, T>{}, ThrLayout, ValLayout).
template <class T>
CUTE_LLVM_INLINE TiledCopy make_tiled_copy(const char *Atom,
                                           const char *ThrLayout,
                                           const char *ValLayout = "1:0") {
  return (TiledCopy)__cute_make_tiled_copy(Atom, detail::ElementName<T>::value,
                                           ThrLayout, ValLayout);
}
/// make_tiled_copy_A/B/C(Copy_Atom<Atom, T>{}, Mma): the copy that
/// distributes the operand as \p Mma does.
template <class T>
CUTE_LLVM_INLINE TiledCopy make_tiled_copy_A(const char *Atom, TiledMMA Mma) {
  return (TiledCopy)__cute_make_tiled_copy_A(
      Atom, detail::ElementName<T>::value, (void *)Mma);
}
template <class T>
CUTE_LLVM_INLINE TiledCopy make_tiled_copy_B(const char *Atom, TiledMMA Mma) {
  return (TiledCopy)__cute_make_tiled_copy_B(
      Atom, detail::ElementName<T>::value, (void *)Mma);
}
template <class T>
CUTE_LLVM_INLINE TiledCopy make_tiled_copy_C(const char *Atom, TiledMMA Mma) {
  return (TiledCopy)__cute_make_tiled_copy_C(
      Atom, detail::ElementName<T>::value, (void *)Mma);
}
/// TiledMMA's get_layoutA/B/C_TV: (thr_idx, val_idx) -> coordinate.
CUTE_LLVM_INLINE Layout get_layoutA_TV(TiledMMA Mma) {
  return (Layout)__cute_make_tiled_mma((void *)Mma, "result=2");
}
CUTE_LLVM_INLINE Layout get_layoutB_TV(TiledMMA Mma) {
  return (Layout)__cute_make_tiled_mma((void *)Mma, "result=3");
}
CUTE_LLVM_INLINE Layout get_layoutC_TV(TiledMMA Mma) {
  return (Layout)__cute_make_tiled_mma((void *)Mma, "result=4");
}
/// The (M,N,K) tile of \p Mma.
CUTE_LLVM_INLINE Shape tile_shape(TiledMMA Mma) {
  return (Shape)__cute_make_tiled_mma((void *)Mma, "result=1");
}
/// TiledCopy's get_layoutS_TV / get_layoutD_TV and Tiler_MN.
CUTE_LLVM_INLINE Layout get_layoutS_TV(TiledCopy Copy) {
  return (Layout)__cute_make_tiled_copy((void *)Copy, "result=2");
}
CUTE_LLVM_INLINE Layout get_layoutD_TV(TiledCopy Copy) {
  return (Layout)__cute_make_tiled_copy((void *)Copy, "result=3");
}
CUTE_LLVM_INLINE Shape tiler_mn(TiledCopy Copy) {
  return (Shape)__cute_make_tiled_copy((void *)Copy, "result=1");
}
/// mma.get_slice(ThreadIdx).partition_A/B/C(X).
template <class T>
CUTE_LLVM_INLINE Tensor<T> partition_A(TiledMMA Mma, Tensor<T> X,
                                       int ThreadIdx) {
  return (Tensor<T>)__cute_partition_A((void *)X, ThreadIdx, (void *)Mma);
}
template <class T>
CUTE_LLVM_INLINE Tensor<T> partition_B(TiledMMA Mma, Tensor<T> X,
                                       int ThreadIdx) {
  return (Tensor<T>)__cute_partition_B((void *)X, ThreadIdx, (void *)Mma);
}
template <class T>
CUTE_LLVM_INLINE Tensor<T> partition_C(TiledMMA Mma, Tensor<T> X,
                                       int ThreadIdx) {
  return (Tensor<T>)__cute_partition_C((void *)X, ThreadIdx, (void *)Mma);
}
/// The register layout of partition_fragment_A/B/C(X).
template <class T>
CUTE_LLVM_INLINE Layout partition_fragment_A(TiledMMA Mma, Tensor<T> X) {
  return (Layout)__cute_partition_fragment_A(get_layout(X), (void *)Mma);
}
template <class T>
CUTE_LLVM_INLINE Layout partition_fragment_B(TiledMMA Mma, Tensor<T> X) {
  return (Layout)__cute_partition_fragment_B(get_layout(X), (void *)Mma);
}
template <class T>
CUTE_LLVM_INLINE Layout partition_fragment_C(TiledMMA Mma, Tensor<T> X) {
  return (Layout)__cute_partition_fragment_C(get_layout(X), (void *)Mma);
}
/// The same of a tile given by its shape, (M,K), (N,K) or (M,N): a
/// fragment needs no tensor (CuTe's partition_fragment_C(mma, shape)).
CUTE_LLVM_INLINE Layout partition_fragment_A(TiledMMA Mma, Shape TileMK) {
  return (Layout)__cute_partition_fragment_A((void *)TileMK, (void *)Mma);
}
CUTE_LLVM_INLINE Layout partition_fragment_B(TiledMMA Mma, Shape TileNK) {
  return (Layout)__cute_partition_fragment_B((void *)TileNK, (void *)Mma);
}
CUTE_LLVM_INLINE Layout partition_fragment_C(TiledMMA Mma, Shape TileMN) {
  return (Layout)__cute_partition_fragment_C((void *)TileMN, (void *)Mma);
}

//===----------------------------------------------------------------------===//
// Accumulator views: FlashAttention's reshapes of partition_fragment_C
//===----------------------------------------------------------------------===//
//
// Both are derived from the TiledMMAs' partitions of the tile and checked
// over every thread at compile time; a view that does not exist is a
// compile-time error at the call that says which element a thread lacks.

/// FlashAttention's convert_layout_acc_rowcol: the accumulator fragment of
/// \p Mma over the (M,N) tile \p TileMN (partition_fragment_C's registers)
/// as ((rows),(cols)) of the tile, extent-1 modes dropped: for an SM80
/// 16x8 atom ((2,MMA_M),(2,MMA_N)), for WGMMA 64xNx16 ((2),(2,N/8)) per
/// MMA. Row R of the view holds one row of the tile in every column C.
///
/// \code
///   float RegS[64];   // partition_fragment_C(M, gS)'s registers
///   auto S = make_view(RegS, convert_layout_acc_rowcol(M, make_shape("(128,128)")));
///   float X = load(S, make_coord("(?,?)", R, C));   // row R, column C
/// \endcode
CUTE_LLVM_INLINE Layout convert_layout_acc_rowcol(TiledMMA Mma, Shape TileMN) {
  return (Layout)__cute_convert_layout_acc_rowcol((void *)TileMN, (void *)Mma,
                                                  "result=0");
}
/// The number of threads that share each thread's rows of the accumulator
/// of \p Mma over \p TileMN (4 for the SM80 and WGMMA atoms): a power of
/// two G such that thread T's rows are held by exactly the threads T ^ X,
/// X < G, so a row reduces with xor shuffles over 1, 2, ..., G/2. A
/// TiledMMA whose rows are spread otherwise (atoms tiled along N) is a
/// compile-time error.
CUTE_LLVM_INLINE int acc_row_threads(TiledMMA Mma, Shape TileMN) {
  return __cute_convert_layout_acc_rowcol_int((void *)TileMN, (void *)Mma,
                                              "result=1");
}
/// FlashAttention's convert_layout_acc_Aregs: the accumulator fragment of
/// \p MmaC over the (M,N) tile \p TileMN as the A operand fragment of
/// \p MmaA over the (M,K) tile with K = N: a layout from the shape of
/// MmaA's partition_fragment_A to MmaC's accumulator registers, so that
/// make_view over the accumulators (or over P converted to 16 bits in the
/// same register order) is the A fragment of an RS WGMMA or mma.sync. An
/// accumulator that would have to move between threads (8-bit WGMMA
/// operands, atoms tiled along N) is a compile-time error.
CUTE_LLVM_INLINE Layout convert_layout_acc_Aregs(TiledMMA MmaC, TiledMMA MmaA,
                                                 Shape TileMN) {
  return (Layout)__cute_convert_layout_acc_Aregs((void *)TileMN, (void *)MmaC,
                                                 (void *)MmaA);
}
/// The results of convert_layout_acc_Aregs_permuted: the accumulators as
/// the A fragment under a permutation of K, and that permutation.
struct PermutedAregs {
  /// MmaA's partition_fragment_A shape -> MmaC's accumulator registers.
  Layout Aregs;
  /// A column k -> the accumulator column (key) n it holds: a layout of
  /// size K. Row k of the B operand must hold row PermK(k) of V.
  Layout PermK;
};
/// convert_layout_acc_Aregs for an A operand whose threads hold the
/// accumulator's columns of a row only up to a permutation of K: the 8-bit
/// (e4m3, e5m2) RS WGMMA, whose A thread holds k = 4t..4t+3, 16+4t..19+4t
/// of each k-block of 32 where the f32 accumulator holds columns 8j + 2t +
/// {0,1} (FlashAttention-3's FP8 P). Aregs views the accumulators (or P
/// converted to 8 bits in the same register order) as MmaA's A fragment,
/// A column k being accumulator column PermK(k): convert the view into a
/// partition_fragment_A of MmaA (its registers are then packed before the
/// WGMMAs), or read P through it. The B operand must be permuted alike,
/// B(k,:) = V(PermK(k),:), so that P V is unchanged (FlashAttention-3
/// does it as it transposes V into shared memory). For
/// the 8-bit WGMMA PermK is ((2,2,4,K/16)):((1,8,2,16)); where no
/// permutation is needed (16-bit operands) it is the identity (K):(1) and
/// Aregs is convert_layout_acc_Aregs. Both are derived from the
/// TiledMMAs' partitions and checked over every thread; a pair of
/// TiledMMAs that no permutation of K reconciles is one compile-time error
/// at the call.
///
/// \code
///   auto [PLayout, PermK] =
///       convert_layout_acc_Aregs_permuted(MmaQK, MmaPV, TileS);
///   auto TOrS = make_view(SAcc, PLayout);   // S as MmaPV's A operand
///   auto TOrP = make_fragment(PReg, ThrPV.partition_fragment_A(TileS));
///   convert(TOrS, TOrP);                     // f32 -> e4m3, in pairs
///   // V^T staged K-major: row k of B is key crd2idx(k, PermK) of V.
///   gemm(MmaPV, TOrP, ThrPV.partition_B(TVt), TOrO, 1);
/// \endcode
CUTE_LLVM_INLINE PermutedAregs convert_layout_acc_Aregs_permuted(TiledMMA MmaC,
                                                                 TiledMMA MmaA,
                                                                 Shape TileMN) {
  return {(Layout)__cute_convert_layout_acc_Aregs_permuted(
              (void *)TileMN, (void *)MmaC, (void *)MmaA, "result=0"),
          (Layout)__cute_convert_layout_acc_Aregs_permuted(
              (void *)TileMN, (void *)MmaC, (void *)MmaA, "result=1")};
}
/// copy.get_slice(ThreadIdx).partition_S/D(X).
template <class T>
CUTE_LLVM_INLINE Tensor<T> partition_S(TiledCopy Copy, Tensor<T> X,
                                       int ThreadIdx) {
  return (Tensor<T>)__cute_partition_S_obj((void *)X, ThreadIdx, (void *)Copy);
}
template <class T>
CUTE_LLVM_INLINE Tensor<T> partition_D(TiledCopy Copy, Tensor<T> X,
                                       int ThreadIdx) {
  return (Tensor<T>)__cute_partition_D_obj((void *)X, ThreadIdx, (void *)Copy);
}
/// copy.retile_S/D(X): a fragment (V,...) as ((atom_vals,rest_vals),...).
template <class T>
CUTE_LLVM_INLINE Tensor<T> retile_S(TiledCopy Copy, Tensor<T> X) {
  return (Tensor<T>)__cute_retile((void *)X, (void *)Copy);
}
template <class T>
CUTE_LLVM_INLINE Tensor<T> retile_D(TiledCopy Copy, Tensor<T> X) {
  return (Tensor<T>)__cute_retile((void *)X, (void *)Copy);
}

/// Partitions of a layout, such as the identity layout of a tile: the
/// layout part (result 0) and the offset of thread \p ThreadIdx's part
/// (result 1: a coordinate for an identity layout). Element I of a
/// thread's partition of a tensor of the same shape has the coordinate
/// offset + crd2crd(I, layout part): CuTe's partitioned identity tensor.
CUTE_LLVM_INLINE Layout partition_S(TiledCopy Copy, Layout X, int ThreadIdx) {
  return (Layout)__cute_partition_S_obj_attr((void *)X, ThreadIdx, (void *)Copy,
                                             "result=0");
}
CUTE_LLVM_INLINE Coord partition_S_offset(TiledCopy Copy, Layout X,
                                          int ThreadIdx) {
  return (Coord)__cute_partition_S_obj_attr((void *)X, ThreadIdx, (void *)Copy,
                                            "result=1");
}
/// The same for the destination side (partition_D).
CUTE_LLVM_INLINE Layout partition_D(TiledCopy Copy, Layout X, int ThreadIdx) {
  return (Layout)__cute_partition_D_obj_attr((void *)X, ThreadIdx, (void *)Copy,
                                             "result=0");
}
CUTE_LLVM_INLINE Coord partition_D_offset(TiledCopy Copy, Layout X,
                                          int ThreadIdx) {
  return (Coord)__cute_partition_D_obj_attr((void *)X, ThreadIdx, (void *)Copy,
                                            "result=1");
}
/// The partitions of a layout (an identity layout: the coordinates of a
/// thread's values) by a TiledMMA's A and B TV layouts.
CUTE_LLVM_INLINE Layout partition_A(TiledMMA Mma, Layout X, int ThreadIdx) {
  return (Layout)__cute_partition_A_attr((void *)X, ThreadIdx, (void *)Mma,
                                         "result=0");
}
CUTE_LLVM_INLINE Layout partition_B(TiledMMA Mma, Layout X, int ThreadIdx) {
  return (Layout)__cute_partition_B_attr((void *)X, ThreadIdx, (void *)Mma,
                                         "result=0");
}
/// CuTe's partition_shape_A(tiled_mma, shape_MK) and partition_shape_B
/// (tiled_mma, shape_NK): the shape of one thread's partition of an (M, K)
/// or (N, K) tile, ((MMA_M, MMA_K), NUM_MMA_M, NUM_MMA_K); of a UMMA, whose
/// "threads" are the CTAs of its pair, one CTA's. What
/// UMMA::tile_to_mma_shape lays out in shared memory.
CUTE_LLVM_INLINE Shape partition_shape_A(TiledMMA Mma, Shape S) {
  return get_shape(partition_A(Mma, make_layout(S), 0));
}
CUTE_LLVM_INLINE Shape partition_shape_B(TiledMMA Mma, Shape S) {
  return get_shape(partition_B(Mma, make_layout(S), 0));
}
CUTE_LLVM_INLINE Layout partition_C(TiledMMA Mma, Layout X, int ThreadIdx) {
  return (Layout)__cute_partition_C_attr((void *)X, ThreadIdx, (void *)Mma,
                                         "result=0");
}
CUTE_LLVM_INLINE Coord partition_C_offset(TiledMMA Mma, Layout X,
                                          int ThreadIdx) {
  return (Coord)__cute_partition_C_attr((void *)X, ThreadIdx, (void *)Mma,
                                        "result=1");
}
/// CuTe's slice_and_offset(Crd, X), offset part: where slice(X, Crd)
/// starts, crd2idx of \p Crd with its `_` leaves 0. Of a coordinate layout
/// (an identity layout, or a partition of one), the coordinate of the
/// slice's origin: `slice(TAcA, make_coord(_, R, _))` is the coordinate
/// layout of repeat R, whose element I is at slice_offset(TAcA, OffA,
/// make_coord(_, R, _)) + crd2crd(I, slice).
template <class C> CUTE_LLVM_INLINE Coord slice_offset(Layout X, C Crd) {
  return (Coord)__cute_slice_and_offset((void *)X, Crd, "result=1");
}
/// The origin of the slice at \p Crd of a coordinate layout \p X whose own
/// origin is \p Off (partition_S and partition_S_offset): Off +
/// slice_offset(X, Crd), what CuTe's slice of a partitioned identity tensor
/// keeps as its iterator.
template <class C>
CUTE_LLVM_INLINE Coord slice_offset(Layout X, Coord Off, C Crd) {
  return tuple_add(Off, slice_offset(X, Crd));
}
/// CuTe's make_gmma_desc<Major>: the 64-bit GMMA descriptor of the
/// shared-memory tile \p SmemTile (a tensor over a shared-memory pointer in
/// a canonical GMMA layout: INTERLEAVE, or the 32/64/128-byte swizzle
/// `S<B,M,3> o off o L` of its element width, K- or MN-major), with
/// \p Attrs "major=K" or "major=MN". The layout type and the byte offsets
/// are compile-time constants; only the start address is computed at run
/// time, so the call hoists out of loops. Advance it by adding (bytes >> 4).
/// A tile that is not canonical is a compile-time error ("expects Mma atom
/// layout of ...").
///
/// \code
///   uint64_t DescA = make_gmma_desc(
///       local_tile(make_view((_Float16 *)SmemA,
///                            make_layout("S<3,3,3> o 0 o (128,64):(64,1)")),
///                  make_tile("(64,16)"), make_coord("(?,0)", Row)),
///       "major=K");
/// \endcode
template <class T>
CUTE_LLVM_INLINE uint64_t make_gmma_desc(Tensor<T> SmemTile,
                                          const char *Attrs) {
  return __cute_make_gmma_desc((void *)SmemTile, Attrs);
}

/// The tile of layout \p X at \p Crd (local_tile of an identity layout).
template <class C>
CUTE_LLVM_INLINE Layout local_tile(Layout X, Tile Tiler, C Crd) {
  return (Layout)__cute_local_tile((void *)X, (void *)Tiler, (void *)Crd);
}

/// local_partition of a layout \p X (an identity layout: CuTe's identity
/// tensor) by the thread layout \p Thr: the layout part, whose element I is
/// at coordinate local_partition_offset(...) + crd2crd(I, part).
CUTE_LLVM_INLINE Layout local_partition(Layout X, Layout Thr, int ThreadIdx) {
  return (Layout)__cute_local_partition((void *)X, (void *)Thr, ThreadIdx);
}
/// The coordinate of the first element of thread \p ThreadIdx's
/// local_partition of the identity layout \p X: X's zipped_divide by the
/// thread layout's shape at (the thread's coordinate, 0).
CUTE_LLVM_INLINE Coord local_partition_offset(Layout X, Layout Thr,
                                              int ThreadIdx) {
  Layout Z = zipped_divide(X, get_shape(Thr));
  Coord Crd = (Coord)__cute_idx2crd(ThreadIdx, (void *)get_shape(Thr),
                                    (void *)get_stride(Thr));
  return crd2crd(make_tuple(Crd, make_int_tuple("0")), Z);
}

/// The bounds of copy_if: a constant that no coordinate can be below (a
/// negative extent) is an error at the call.
#define CUTE_LLVM_BOUNDS_CHECK(Rows, Cols)                                     \
  __attribute__((diagnose_if(Rows < 0 || Cols < 0,                             \
                             "copy_if: the bounds (rows, cols) are extents, "  \
                             "not negative",                                   \
                             "error")))

#ifdef CUTE_LLVM_HAS_ATOMS
//===----------------------------------------------------------------------===//
// Atoms as values: constexpr traits, copy, gemm, fragments
//===----------------------------------------------------------------------===//
//
// An atom is named once, in a constant expression at namespace scope (or
// a static constexpr member), and carries what the registry's records say
// about it (<cute_atom_traits.h>, generated by `cute-tblgen
// -gen-atom-traits` from the records the lowering reads; no list is
// written twice):
//
//   constexpr MmaAtom Mma = mma_atom("SM80_16x8x16_F16F16F16F16_TN");
//   constexpr TiledMmaShape MmaS = tiled_mma_shape(Mma, "(2,2)", "(32,32,16)");
//   constexpr int FragA = MmaS.size_A(128, 64);  // A values per thread
//   constexpr CopyAtom Ldsm = copy_atom("SM75_U32x4_LDSM_N");
//
//   auto Mma = make_tiled_mma<MmaS>();           // CuTe's TiledMMA
//   auto S2R = make_tiled_copy_A<half, Ldsm>(Mma);  // CuTe's TiledCopy
//   auto ThrMma = Mma.get_slice(tid);
//   auto ThrS2R = S2R.get_slice(tid);
//   half RegA[FragA];
//   auto A = make_fragment(RegA, ThrMma.partition_fragment_A(SmemTile));
//   copy(S2R, ThrS2R.partition_S(SmemTile), ThrS2R.retile_D(A));
//   gemm(Mma, A_kblock, B_kblock, C);
//
// Register fragments are arrays of a constexpr size and loop bounds are
// constants, with no layout or size written by hand; make_fragment checks
// the constexpr size against the one the lowering folds (a mismatch leaves
// a trap in the kernel; none survives when they agree). The atoms are
// template arguments (references to the constexpr values), so that copy()
// picks the atom's intrinsic at compile time and the name reaches the
// lowering as the string literal, at -O0 too.
//
// A name that names no variant (with traits) fails to compile: the lookup
// calls a function that is not constexpr. Every variant of every tier
// resolves (the traits are keyed by a hash of the name, so the WGMMA and
// UMMA lattices cost a binary search, not a table of names). copy() issues
// universal copies, cp.async, ldmatrix and stmatrix; gemm() the sm80.mma and
// sm90.mma (WGMMA) atoms.

/// How copy() issues a copy atom.
enum class CopyKind {
  Universal,
  CpAsync,
  CpAsyncZfill,
  Ldsm,
  Stsm,
  TmemLoad,
  TmemStore,
  Other,
  /// The placeholder of a name the registry lacks (copy_atom reports it).
  Unknown
};

/// An MMA atom of the registry: CuTe's MMA_Atom<Op>. M, N, K: its shape;
/// Threads: the threads of one atom; ValuesA/B/C: the values each thread
/// holds of A, B and C; MajorA/B: the major ("K" or "MN") of the
/// shared-memory tile a descriptor operand describes, "" where the operand
/// is no descriptor (CuTe's GMMA::Major template arguments).
struct MmaAtom {
  const char *Name;
  const char *Mnemonic;
  int M, N, K, Threads, ValuesA, ValuesB, ValuesC;
  const char *MajorA, *MajorB;
  /// The placeholder of a name the registry lacks (mma_atom reports it):
  /// what takes it checks nothing more.
  constexpr bool unknown() const { return Mnemonic[0] == 0; }
};

/// A copy atom of the registry: CuTe's Copy_Atom<Op, T> without the T (the
/// functions that need it take it as a template argument). Bits moved per
/// thread and call: SrcBits from the source, DstBits into the destination.
struct CopyAtom {
  const char *Name;
  CopyKind Kind;
  int Threads, SrcBits, DstBits;
  /// The values of \p ElemBits bits one call moves per thread (source).
  constexpr int values(int ElemBits) const { return SrcBits / ElemBits; }
  /// The values of \p ElemBits bits one call writes per thread: as many as
  /// it reads, except where the two sides differ (ldmatrix .x1 and .x2
  /// read a 128-bit row address and write 32 or 64 bits; stmatrix the
  /// reverse).
  constexpr int dstValues(int ElemBits) const { return DstBits / ElemBits; }
};

namespace detail {
/// Not constexpr: a constant expression that reaches it does not compile.
inline void bad_shape_notation() {}

/// Whether the registry has variant \p Name and it is an MMA (\p Mma) or a
/// copy: what the diagnose_if attributes of mma_atom and copy_atom test.
constexpr bool isAtomOfKind(const char *Name, bool Mma) {
  const atom_traits::Row *R = atom_traits::find(Name);
  return R && (R->M != 0) == Mma;
}
constexpr bool isAtomName(const char *Name) {
  return atom_traits::find(Name) != nullptr;
}

/// Mode \p I of a flat shape in notation, `(2,2,1)` or `4`; 1 past its rank.
constexpr int shapeMode(const char *S, int I) {
  if (*S == '_')
    return 0;
  if (*S == '(')
    ++S;
  for (int Mode = 0;; ++Mode) {
    int V = 0;
    bool Digit = false;
    for (; *S >= '0' && *S <= '9'; ++S) {
      V = V * 10 + (*S - '0');
      Digit = true;
    }
    if (!Digit)
      bad_shape_notation();
    if (*S == ':')
      for (; *S && *S != ',' && *S != ')'; ++S)
        ;
    if (Mode == I)
      return V;
    if (*S != ',')
      return 1;
    ++S;
  }
}
} // namespace detail

// A name the registry lacks (or of the other kind) is one error, at the call
// (diagnose_if): the atom is still a constant, a placeholder of its name
// and extents 1, so that nothing made from it reports the mistake again.
// (A name that is no constant at the call, one passed through a constexpr
// function, reaches the lowering, which reports it where it is used.)
#define CUTE_LLVM_UNKNOWN_ATOM_MSG                                             \
  "the registry has no variant of this name (cute-atoms lists them)"

/// The MMA variant \p Name: `mma_atom("SM80_16x8x16_F16F16F16F16_TN")`.
constexpr MmaAtom mma_atom(const char *Name)
    __attribute__((diagnose_if(!detail::isAtomName(Name),
                               "mma_atom: " CUTE_LLVM_UNKNOWN_ATOM_MSG,
                               "error")))
    __attribute__((diagnose_if(detail::isAtomName(Name) &&
                                   !detail::isAtomOfKind(Name, true),
                               "mma_atom: this variant is a copy atom "
                               "(copy_atom names it)",
                               "error"))) {
  const atom_traits::Row *R = atom_traits::find(Name);
  if (!R || R->M == 0)
    return {Name, "", 1, 1, 1, 1, 1, 1, 1, "", ""};
  return {Name, R->Atom, R->M, R->N,      R->K,     R->Threads,
          R->A, R->B,    R->C, R->MajorA, R->MajorB};
}

/// The copy variant \p Name: `copy_atom("SM75_U32x4_LDSM_N")`.
constexpr CopyAtom copy_atom(const char *Name)
    __attribute__((diagnose_if(!detail::isAtomName(Name),
                               "copy_atom: " CUTE_LLVM_UNKNOWN_ATOM_MSG,
                               "error")))
    __attribute__((diagnose_if(detail::isAtomName(Name) &&
                                   !detail::isAtomOfKind(Name, false),
                               "copy_atom: this variant is an MMA atom "
                               "(mma_atom names it)",
                               "error"))) {
  const atom_traits::Row *R = atom_traits::find(Name);
  if (!R || R->M != 0)
    return {Name, CopyKind::Unknown, 1, 128, 128};
  CopyKind K =
      atom_traits::equal(R->Atom, "atom.universal_copy") ? CopyKind::Universal
      : atom_traits::equal(R->Atom, "atom.simt_async_copy") ? CopyKind::CpAsync
      : atom_traits::equal(R->Atom, "atom.simt_async_copy_zfill")
          ? CopyKind::CpAsyncZfill
      : atom_traits::equal(R->Atom, "atom.ldsm")       ? CopyKind::Ldsm
      : atom_traits::equal(R->Atom, "atom.stsm")       ? CopyKind::Stsm
      : atom_traits::equal(R->Atom, "atom.tmem_load")  ? CopyKind::TmemLoad
      : atom_traits::equal(R->Atom, "atom.tmem_store") ? CopyKind::TmemStore
                                                       : CopyKind::Other;
  return {Name, K, R->Threads, R->A, R->B};
}
#undef CUTE_LLVM_UNKNOWN_ATOM_MSG

/// A flat static shape of one to three modes, as a constant: the atom
/// layout or permutation tiler of tiled_mma_shape. Either a notation
/// literal (`"(2,2)"`, `"(32,32,16)"`, `"_"` for no permutation; converted
/// implicitly) or modes that C++ constants compute, from static_shape
/// (CuTe's `Shape<Int<M>, Int<N>>` / `Tile<Int<M>, Int<N>, Int<K>>`).
struct StaticShape {
  /// The notation literal, or null where the modes are given.
  const char *Text;
  int Rank;
  int Modes[3];
  constexpr StaticShape(const char *Notation)
      : Text(Notation), Rank(0), Modes{0, 0, 0} {}
  constexpr StaticShape(int Rank, int M, int N, int K)
      : Text(nullptr), Rank(Rank), Modes{M, N, K} {}
  /// Mode \p I (1 past the rank; 0 for every mode of `_`).
  constexpr int mode(int I) const {
    return Text ? detail::shapeMode(Text, I) : I < Rank ? Modes[I] : 1;
  }
};

namespace detail {
/// Not constexpr: a constant expression that reaches it does not compile.
inline void static_shape_modes_must_be_positive() {}
constexpr int positiveMode(int M) {
  if (M <= 0)
    static_shape_modes_must_be_positive();
  return M;
}
} // namespace detail

/// A static shape of C++ constants: `static_shape(2, 4)`,
/// `static_shape(16 * WM, 16 * WN, 16)`.
constexpr StaticShape static_shape(int M) {
  return {1, detail::positiveMode(M), 1, 1};
}
constexpr StaticShape static_shape(int M, int N) {
  return {2, detail::positiveMode(M), detail::positiveMode(N), 1};
}
constexpr StaticShape static_shape(int M, int N, int K) {
  return {3, detail::positiveMode(M), detail::positiveMode(N),
          detail::positiveMode(K)};
}

/// A TiledMMA's static description: the atom over an atom layout (a flat
/// shape `(2,2)` or `(2,2,1)`; compact) and a permutation tiler (`_` for
/// none), as make_tiled_mma takes them: notation literals or static_shape.
struct TiledMmaShape {
  MmaAtom Atom;
  StaticShape AtomLayout, Permutation;
  int AtomsM, AtomsN, AtomsK;

  /// size(TiledMMA): the threads it takes.
  constexpr int threads() const {
    return Atom.Threads * AtomsM * AtomsN * AtomsK;
  }
  /// The values one thread holds of partition_fragment_A/B/C of a tile of
  /// (Rows, Cols): (M, K) for A, (N, K) for B, (M, N) for C. The tile must
  /// be a multiple of the TiledMMA's (atom shape times atom layout, or the
  /// permutation where it is larger).
  constexpr int size_A(int TileM, int TileK) const {
    return Atom.ValuesA * (TileM / (Atom.M * AtomsM)) *
           (TileK / (Atom.K * AtomsK));
  }
  constexpr int size_B(int TileN, int TileK) const {
    return Atom.ValuesB * (TileN / (Atom.N * AtomsN)) *
           (TileK / (Atom.K * AtomsK));
  }
  constexpr int size_C(int TileM, int TileN) const {
    return Atom.ValuesC * (TileM / (Atom.M * AtomsM)) *
           (TileN / (Atom.N * AtomsN));
  }
};

/// make_tiled_mma(Atom, AtomLayout, Permutation) as a constant:
/// `tiled_mma_shape(Mma, "(2,2)", "(32,32,16)")`, or from constants,
/// `tiled_mma_shape(Mma, static_shape(WM, WN), static_shape(16 * WM,
/// 16 * WN, 16))`.
constexpr TiledMmaShape tiled_mma_shape(MmaAtom Atom,
                                        StaticShape AtomLayout = "1",
                                        StaticShape Permutation = "_") {
  return {Atom,
          AtomLayout,
          Permutation,
          AtomLayout.mode(0),
          AtomLayout.mode(1),
          AtomLayout.mode(2)};
}

//===----------------------------------------------------------------------===//
// Tiled objects that carry their atom
//===----------------------------------------------------------------------===//
//
// make_tiled_mma<S>() and make_tiled_copy*<T, Atom>() return values whose
// type names the atom, as CuTe's TiledMMA and TiledCopy do: gemm(mma, ...)
// and copy(tiled_copy, ...) issue it, and get_slice(thread) partitions for
// one thread. Each converts to the TiledMMA / TiledCopy handle that the
// functions above take.

template <const TiledMmaShape &S> struct ThrMmaOf;
template <class T, const CopyAtom &Atom> struct ThrCopyOf;

/// CuTe's TiledMMA of the static description \p S.
template <const TiledMmaShape &S> struct TiledMmaOf {
  /// The atom (a complete object, so that it can be a template argument).
  static constexpr MmaAtom Atom = S.Atom;
  TiledMMA Handle;
  CUTE_LLVM_INLINE operator TiledMMA() const { return Handle; }
  /// size(TiledMMA): the threads it takes.
  static constexpr int size() { return S.threads(); }
  /// CuTe's get_slice / get_thread_slice: the partitions of one thread.
  CUTE_LLVM_INLINE ThrMmaOf<S> get_slice(int ThreadIdx) const {
    return {Handle, ThreadIdx};
  }
  CUTE_LLVM_INLINE ThrMmaOf<S> get_thread_slice(int ThreadIdx) const {
    return {Handle, ThreadIdx};
  }
  /// UMMA: CuTe's make_fragment_C, the accumulator of the \p TileM x
  /// \p TileN tile as a tensor in tensor memory at \p Tmem (tmem_alloc's
  /// address): ((128, AtomN), MMA_M, MMA_N), row r of an atom's tile (of
  /// this CTA's 128 rows) in lane r, a 32-bit column per accumulator column,
  /// atom (m, n) from column (m + MMA_M n) AtomN on: where gemm(mma, a, b,
  /// acc) accumulates.
  template <int TileM, int TileN>
  CUTE_LLVM_INLINE Tensor<float> make_fragment_C(uint32_t Tmem) const {
    static_assert(Atom.unknown() ||
                      (atom_traits::equal(Atom.Mnemonic, "sm100.mma") &&
                       (Atom.M == 128 || Atom.M == 256)),
                  "make_fragment_C in tensor memory: UMMA atoms of M 128 "
                  "(one CTA) or 256 (a CTA pair), whose accumulator rows are "
                  "the 128 lanes");
    static_assert(TileM % Atom.M == 0 && TileN % Atom.N == 0,
                  "make_fragment_C: the tile is a whole number of atoms");
    constexpr int N = Atom.N, Ms = TileM / Atom.M, Ns = TileN / N;
    // Constant leaves: a static layout.
    return make_tmem_tensor<float>(
        Tmem,
        make_layout("((128,?),?,?):((65536,1),?,?)", N, Ms, Ns, N, Ms * N));
  }
};

/// CuTe's ThrMMA: a TiledMMA's partitions for thread \p ThreadIdx.
template <const TiledMmaShape &S> struct ThrMmaOf {
  TiledMMA Handle;
  int ThreadIdx;
  template <class T>
  CUTE_LLVM_INLINE Tensor<T> partition_A(Tensor<T> X) const {
    return cute::partition_A(Handle, X, ThreadIdx);
  }
  template <class T>
  CUTE_LLVM_INLINE Tensor<T> partition_B(Tensor<T> X) const {
    return cute::partition_B(Handle, X, ThreadIdx);
  }
  template <class T>
  CUTE_LLVM_INLINE Tensor<T> partition_C(Tensor<T> X) const {
    return cute::partition_C(Handle, X, ThreadIdx);
  }
  /// The register layouts of partition_fragment_A/B/C of a tensor or of a
  /// tile's shape (make_fragment gives them storage).
  template <class X> CUTE_LLVM_INLINE Layout partition_fragment_A(X V) const {
    return cute::partition_fragment_A(Handle, V);
  }
  template <class X> CUTE_LLVM_INLINE Layout partition_fragment_B(X V) const {
    return cute::partition_fragment_B(Handle, V);
  }
  template <class X> CUTE_LLVM_INLINE Layout partition_fragment_C(X V) const {
    return cute::partition_fragment_C(Handle, V);
  }
};

/// CuTe's TiledCopy of Copy_Atom<Atom, T>.
template <class T, const CopyAtom &Atom> struct TiledCopyOf {
  TiledCopy Handle;
  CUTE_LLVM_INLINE operator TiledCopy() const { return Handle; }
  CUTE_LLVM_INLINE ThrCopyOf<T, Atom> get_slice(int ThreadIdx) const {
    return {Handle, ThreadIdx};
  }
  CUTE_LLVM_INLINE ThrCopyOf<T, Atom> get_thread_slice(int ThreadIdx) const {
    return {Handle, ThreadIdx};
  }
};

/// CuTe's ThrCopy: a TiledCopy's partitions for thread \p ThreadIdx.
template <class T, const CopyAtom &Atom> struct ThrCopyOf {
  TiledCopy Handle;
  int ThreadIdx;
  template <class U>
  CUTE_LLVM_INLINE Tensor<U> partition_S(Tensor<U> X) const {
    return cute::partition_S(Handle, X, ThreadIdx);
  }
  template <class U>
  CUTE_LLVM_INLINE Tensor<U> partition_D(Tensor<U> X) const {
    return cute::partition_D(Handle, X, ThreadIdx);
  }
  template <class U> CUTE_LLVM_INLINE Tensor<U> retile_S(Tensor<U> X) const {
    return cute::retile_S(Handle, X);
  }
  template <class U> CUTE_LLVM_INLINE Tensor<U> retile_D(Tensor<U> X) const {
    return cute::retile_D(Handle, X);
  }
};

namespace detail {
/// The atom layout (\p Permutation false) or permutation operand of
/// make_tiled_mma<S>: the notation literal, or a shape of its modes
/// (constant leaves: static after lowering).
template <const TiledMmaShape &S, bool Permutation>
CUTE_LLVM_INLINE void *staticShapeOperand() {
  // Scalars, so that they reach the call as constants at -O0 too.
  constexpr const char *Text =
      Permutation ? S.Permutation.Text : S.AtomLayout.Text;
  constexpr int Rank = Permutation ? S.Permutation.Rank : S.AtomLayout.Rank;
  constexpr int M =
      Permutation ? S.Permutation.Modes[0] : S.AtomLayout.Modes[0];
  constexpr int N =
      Permutation ? S.Permutation.Modes[1] : S.AtomLayout.Modes[1];
  constexpr int K =
      Permutation ? S.Permutation.Modes[2] : S.AtomLayout.Modes[2];
  if constexpr (Text != nullptr)
    return (void *)Text;
  else if constexpr (Rank == 1)
    return (void *)make_shape(M);
  else if constexpr (Rank == 2)
    return (void *)make_shape(M, N);
  else
    return (void *)make_shape(M, N, K);
}
} // namespace detail

/// The TiledMMA of \p S: `auto Mma = make_tiled_mma<TiledMmaS>()`.
template <const TiledMmaShape &S>
CUTE_LLVM_INLINE TiledMmaOf<S> make_tiled_mma() {
  // Constant expressions, so that the literals and leaves reach the call
  // even where \p S is a variable of external linkage (CUDA makes it a
  // __constant__ global whose loads do not fold).
  constexpr const char *Name = S.Atom.Name;
  return {(TiledMMA)__cute_make_tiled_mma(
      Name, detail::staticShapeOperand<S, false>(),
      detail::staticShapeOperand<S, true>())};
}
namespace detail {
/// A layout operand of make_tiled_copy: notation, a Layout, or a Shape (its
/// compact layout).
template <class L> struct IsLayoutOperand {
  static constexpr bool value = __is_same(L, const char *) ||
                                __is_same(L, char *) || __is_same(L, Layout) ||
                                __is_same(L, IntTuple);
};
} // namespace detail

/// make_tiled_copy / make_tiled_copy_A / _B / _C of atom \p Atom. The
/// thread and value layouts are notation literals or layout values whose
/// leaves are C++ constants (static after lowering, as CuTe's Int<N>):
/// `make_tiled_copy<half, G2S>("(16,8):(8,1)", "(1,8)")`, or, where the
/// configuration computes them,
/// `make_tiled_copy<half, G2S>(make_layout("(?,?):(?,1)", Rows, Cols, Cols),
/// make_shape(_1{}, _8{}))`. A layout with a run-time leaf is a
/// compile-time error at the call.
template <class T, const CopyAtom &Atom, class Thr, class Val = const char *>
CUTE_LLVM_INLINE TiledCopyOf<T, Atom> make_tiled_copy(Thr ThrLayout,
                                                      Val ValLayout = "1:0") {
  static_assert(detail::IsLayoutOperand<Thr>::value &&
                    detail::IsLayoutOperand<Val>::value,
                "make_tiled_copy takes its thread and value layouts as "
                "notation literals, Layouts or Shapes");
  constexpr const char *Name = Atom.Name;
  return {(TiledCopy)__cute_make_tiled_copy(
      Name, detail::ElementName<T>::value, ThrLayout, ValLayout)};
}
template <class T, const CopyAtom &Atom>
CUTE_LLVM_INLINE TiledCopyOf<T, Atom> make_tiled_copy_A(TiledMMA Mma) {
  constexpr const char *Name = Atom.Name;
  return {(TiledCopy)__cute_make_tiled_copy_A(
      Name, detail::ElementName<T>::value, (void *)Mma)};
}
template <class T, const CopyAtom &Atom>
CUTE_LLVM_INLINE TiledCopyOf<T, Atom> make_tiled_copy_B(TiledMMA Mma) {
  constexpr const char *Name = Atom.Name;
  return {(TiledCopy)__cute_make_tiled_copy_B(
      Name, detail::ElementName<T>::value, (void *)Mma)};
}
template <class T, const CopyAtom &Atom>
CUTE_LLVM_INLINE TiledCopyOf<T, Atom> make_tiled_copy_C(TiledMMA Mma) {
  constexpr const char *Name = Atom.Name;
  return {(TiledCopy)__cute_make_tiled_copy_C(
      Name, detail::ElementName<T>::value, (void *)Mma)};
}

/// CuTe's make_tmem_copy(atom, tmem_tensor): the TiledCopy of the
/// tcgen05.ld/st atom \p Atom (SM100_TMEM_LOAD_* / SM100_TMEM_STORE_*) over
/// the four warps of a warpgroup on the TMEM tensor \p Tmem: warp w
/// reaches lanes 32w..32w+31, the atom's values tile the tensor's columns.
/// Its partition_S / partition_D of the TMEM tensor and of a tensor of the
/// same shape elsewhere (registers, global memory) are what copy() moves.
template <class T, const CopyAtom &Atom>
CUTE_LLVM_INLINE TiledCopyOf<T, Atom> make_tmem_copy(Tensor<T> Tmem) {
  static_assert(Atom.Kind == CopyKind::TmemLoad ||
                    Atom.Kind == CopyKind::TmemStore ||
                    Atom.Kind == CopyKind::Unknown,
                "make_tmem_copy takes a tcgen05.ld/st atom");
  constexpr const char *Name = Atom.Name;
  return {(TiledCopy)__cute_make_tmem_copy(Name, detail::ElementName<T>::value,
                                           (void *)get_layout(Tmem))};
}

/// A register tensor over \p Storage (an array of a constexpr size) with
/// layout \p L (partition_fragment_A/B/C's): CuTe's make_fragment_like.
/// \p N must be size(L): a static mismatch is a compile-time error at the
/// call (expect_size); a dynamic one traps.
template <class T, int N>
CUTE_LLVM_INLINE Tensor<T> make_fragment(T (&Storage)[N], Layout L) {
  __cute_expect_size((void *)L, N, "of=fragment");
  if (size(L) != N)
    __builtin_trap();
  return make_view(Storage, L);
}

/// Sets every element of \p X to \p V (CuTe's clear / fill).
template <class T> CUTE_LLVM_INLINE void fill(Tensor<T> X, T V) {
#pragma unroll
  for (int I = 0; I < size(X); ++I)
    store(X, I, V);
}

/// CuTe's is_rmem: whether \p X is a register tensor (over a local array,
/// such as make_fragment's), a constant once lowered. A copy algorithm
/// unrolls every access to one, so that it stays in registers.
template <class T> CUTE_LLVM_INLINE bool is_rmem(Tensor<T> X) {
  return __cute_is_rmem((void *)X);
}

namespace detail {
/// The address of element \p I (colexicographic) of \p X.
template <class T> CUTE_LLVM_INLINE T *addressOf(Tensor<T> X, int I) {
  return get_iter(X) + crd2idx(I, get_layout(X));
}

/// True when values [I0, I0 + V) of \p X are contiguous in memory (a
/// constant once lowered). The layout algebra answers where it can (a
/// swizzled tile at a thread's offset included: the `contiguous` op, from
/// the layout and the divisibility of the index and offset); otherwise the
/// addresses are compared, which the optimizer folds where it can.
template <class T>
CUTE_LLVM_INLINE bool contiguous(Tensor<T> X, int I0, int V) {
  int Known = __cute_contiguous((void *)get_layout(X), I0, V);
  if (Known >= 0)
    return Known;
  T *P = addressOf(X, I0);
  bool Ok = true;
#pragma unroll
  for (int E = 1; E < V; ++E)
    Ok &= addressOf(X, I0 + E) == P + E;
  return Ok;
}

/// Register values [I0, I0 + V) of \p X to or from \p Regs (Gather: into
/// Regs). Values of 16 bits move in pairs where the two are adjacent (after
/// lowering the test is a constant), so that the optimizer keeps them as
/// the packed 32-bit registers the atoms read and write.
template <bool Gather, class T>
CUTE_LLVM_INLINE void moveRegs(T *Regs, Tensor<T> X, int I0, int V) {
#pragma unroll
  for (int E = 0; E < V; E += 2) {
    T *P = addressOf(X, I0 + E);
    if (sizeof(T) == 2 && E + 1 < V && addressOf(X, I0 + E + 1) == P + 1) {
      if (Gather)
        __builtin_memcpy(Regs + E, P, 4);
      else
        __builtin_memcpy(P, Regs + E, 4);
      continue;
    }
    if (Gather)
      Regs[E] = *P;
    else
      *P = Regs[E];
    if (E + 1 < V) {
      if (Gather)
        Regs[E + 1] = *addressOf(X, I0 + E + 1);
      else
        *addressOf(X, I0 + E + 1) = Regs[E + 1];
    }
  }
}

/// One call of \p Atom moving \p V values at \p Src to \p Dst, or (with
/// \p Valid false) zeros.
template <const CopyAtom &Atom, class T>
CUTE_LLVM_INLINE void copyCall(T *Src, T *Dst, bool Valid) {
  constexpr int V = Atom.values(8 * sizeof(T));
  constexpr int VD = Atom.dstValues(8 * sizeof(T));
  constexpr const char *Name = Atom.Name;
  static_assert(Atom.Kind != CopyKind::Other &&
                    Atom.Kind != CopyKind::TmemLoad &&
                    Atom.Kind != CopyKind::TmemStore,
                "copy() issues universal copies, cp.async, ldmatrix, "
                "stmatrix and (of whole partitions) tcgen05.ld/st");
  if constexpr (Atom.Kind == CopyKind::CpAsync) {
    cute_nvgpu_simt_async_copy(Name, Dst, Src);
  } else if constexpr (Atom.Kind == CopyKind::CpAsyncZfill) {
    cute_nvgpu_simt_async_copy_zfill(Name, Dst, Src,
                                     Valid ? unsigned(V * sizeof(T)) : 0u);
  } else if constexpr (Atom.Kind == CopyKind::Ldsm) {
    cute_nvgpu_ldsm(Name, Dst, Src);
  } else if constexpr (Atom.Kind == CopyKind::Stsm) {
    cute_nvgpu_stsm(Name, Dst, Src);
  } else {
    if (Valid)
      cute_nvgpu_universal_copy(Name, Dst, Src);
    else
#pragma unroll
      for (int E = 0; E < VD; ++E)
        Dst[E] = T(0);
  }
}
} // namespace detail

namespace detail {
/// Call \p I of copy_if: inside when the coordinate of its first value
/// plus (Row0, Col0) (the offset less the bounds) is negative in both. An
/// outside call moves nothing; a _ZFILL cp.async still issues (its source
/// size 0: it reads no byte and writes zeros), and with \p ZeroFill any
/// other atom's destination values are set to zero.
template <const CopyAtom &Atom, bool ZeroFill, class T>
CUTE_LLVM_INLINE void copyIfCall(int I, Layout Crd, int Row0, int Col0,
                                 Tensor<T> Src, Tensor<T> Dst) {
  constexpr int V = Atom.values(8 * sizeof(T));
  constexpr int VD = Atom.dstValues(8 * sizeof(T));
  Coord C = crd2crd(I * V, Crd);
  bool Inside = Row0 + get_leaf<0>(C) < 0 && Col0 + get_leaf<1>(C) < 0;
  T *S = addressOf(Src, I * V), *D = addressOf(Dst, I * VD);
  if constexpr (Atom.Kind == CopyKind::CpAsyncZfill) {
    copyCall<Atom>(S, D, Inside);
  } else if (Inside) {
    copyCall<Atom>(S, D, true);
  } else if constexpr (ZeroFill) {
#pragma unroll
    for (int E = 0; E < VD; ++E)
      D[E] = T(0);
  }
}

template <const CopyAtom &Atom, bool ZeroFill, class T>
CUTE_LLVM_INLINE void copyIf(Layout Crd, Coord Off, int Rows, int Cols,
                             Tensor<T> Src, Tensor<T> Dst) {
  constexpr int V = Atom.values(8 * sizeof(T));
  constexpr int VD = Atom.dstValues(8 * sizeof(T));
  // As many calls on both sides, and the coordinates are those of Src's
  // elements (a partition of the identity layout of the same tile).
  __cute_expect_size((void *)Dst, size(Src) / V * VD, "of=copy");
  __cute_expect_size((void *)Crd, size(Src), "of=coords");
  int Row0 = get_leaf<0>(Off) - Rows, Col0 = get_leaf<1>(Off) - Cols;
  if (Atom.Kind == CopyKind::Universal && size(Src) / V > 16 && !is_rmem(Src) &&
      !is_rmem(Dst)) {
    // Many universal copies between memories (element-wise ones over a
    // tile): one at a time, as unrolled they would hold every loaded value
    // and predicate at once. A register fragment on either side is never
    // copied so: indexed at run time it would live in local memory, so its
    // calls are unrolled, whatever their number. (The test is a constant
    // once lowered.)
#pragma unroll 1
    for (int I = 0; I < size(Src) / V; ++I)
      copyIfCall<Atom, ZeroFill>(I, Crd, Row0, Col0, Src, Dst);
  } else {
#pragma unroll
    for (int I = 0; I < size(Src) / V; ++I)
      copyIfCall<Atom, ZeroFill>(I, Crd, Row0, Col0, Src, Dst);
  }
}
} // namespace detail

/// CuTe's copy(copy_atom, src, dst) over a thread's partitions:
/// `copy<Atom>(Src, Dst)`. \p Src and \p Dst are (CPY, rest...) with CPY
/// the values one call moves (the partition_S/D of a TiledCopy of \p Atom,
/// or its retile_S/D); one call per rest index. A call's values must be
/// contiguous in memory (a compile-time error where the layout algebra
/// proves they never are, a trap where it cannot decide); in registers
/// (ldmatrix's destination, stmatrix's source) they may lie anywhere in the
/// fragment: where they are not contiguous, the call reads or writes a
/// temporary gathered from or scattered into it, which the optimizer turns
/// into register names.
namespace detail {
/// copy() of a tcgen05.ld (tensor memory to registers) or tcgen05.st atom:
/// per call, the TMEM side is the warp's slab of the call (mode 0 of the
/// TMEM partition, one address for the warp: its first element's) and the
/// register side the thread's values of it.
template <const CopyAtom &Atom, class T>
CUTE_LLVM_INLINE void copyTmem(Tensor<T> Src, Tensor<T> Dst) {
  static_assert(sizeof(T) == 4, "tensor memory holds 32-bit elements");
  constexpr bool Load = Atom.Kind == CopyKind::TmemLoad;
  constexpr int TmemVals = (Load ? Atom.SrcBits : Atom.DstBits) / 32;
  constexpr int RegVals = (Load ? Atom.DstBits : Atom.SrcBits) / 32;
  constexpr const char *Name = Atom.Name;
  Tensor<T> Tm = Load ? Src : Dst, Rg = Load ? Dst : Src;
  // As many calls on both sides: a register tensor of another size is a
  // compile-time error where both sizes are static, and no call reaches past
  // either tensor.
  const int TmemCalls = size(Tm) / TmemVals, RegCalls = size(Rg) / RegVals;
  __cute_expect_size((void *)Rg, TmemCalls * RegVals, "of=tmem_registers");
  const int Calls = TmemCalls < RegCalls ? TmemCalls : RegCalls;
  uint32_t Base = get_tmem_addr(Tm);
  Layout L = get_layout(Tm);
#pragma unroll
  for (int I = 0; I < Calls; ++I) {
    uint32_t TAddr = Base + uint32_t(crd2idx(I * TmemVals, L));
    alignas(16) T Regs[RegVals];
    bool Contiguous = detail::contiguous(Rg, I * RegVals, RegVals);
    T *R = Contiguous ? addressOf(Rg, I * RegVals) : Regs;
    if constexpr (Load) {
      cute_nvgpu_tmem_load(Name, R, TAddr);
      if (!Contiguous)
        moveRegs<false>(Regs, Rg, I * RegVals, RegVals);
    } else {
      if (!Contiguous)
        moveRegs<true>(Regs, Rg, I * RegVals, RegVals);
      cute_nvgpu_tmem_store(Name, TAddr, R);
    }
  }
}
} // namespace detail

template <const CopyAtom &Atom, class T>
CUTE_LLVM_INLINE void copy(Tensor<T> Src, Tensor<T> Dst) {
  if constexpr (Atom.Kind == CopyKind::TmemLoad ||
                Atom.Kind == CopyKind::TmemStore) {
    detail::copyTmem<Atom>(Src, Dst);
  } else {
    // The values one call reads per thread (V) and writes (VD): the same
    // but for ldmatrix .x1/.x2 (a 128-bit row address, 32 or 64 bits of
    // registers) and stmatrix .x1/.x2 (the reverse).
    constexpr int V = Atom.values(8 * sizeof(T));
    constexpr int VD = Atom.dstValues(8 * sizeof(T));
    constexpr bool RegSrc = Atom.Kind == CopyKind::Stsm;
    constexpr bool RegDst = Atom.Kind == CopyKind::Ldsm;
    // As many calls on both sides (a compile-time error where both sizes
    // are static).
    __cute_expect_size((void *)Dst, size(Src) / V * VD, "of=copy");
#pragma unroll
    for (int I = 0; I < size(Src) / V; ++I) {
      // A memory operand whose call values are never contiguous is a
      // compile-time error at the copy; one the algebra cannot decide is
      // checked at run time below.
      if constexpr (!RegSrc)
        __cute_expect_contiguous((void *)get_layout(Src), I * V, V,
                                 "of=source");
      if constexpr (!RegDst)
        __cute_expect_contiguous((void *)get_layout(Dst), I * VD, VD,
                                 "of=destination");
      alignas(16) T SrcRegs[V];
      alignas(16) T DstRegs[VD];
      T *S = detail::addressOf(Src, I * V);
      if (RegSrc && !detail::contiguous(Src, I * V, V)) {
        detail::moveRegs<true>(SrcRegs, Src, I * V, V);
        S = SrcRegs;
      } else if (!detail::contiguous(Src, I * V, V)) {
        __builtin_trap();
      }
      if (RegDst && !detail::contiguous(Dst, I * VD, VD)) {
        detail::copyCall<Atom>(S, DstRegs, true);
        detail::moveRegs<false>(DstRegs, Dst, I * VD, VD);
      } else {
        if (!detail::contiguous(Dst, I * VD, VD))
          __builtin_trap();
        detail::copyCall<Atom>(S, detail::addressOf(Dst, I * VD), true);
      }
    }
  }
}

/// CuTe's copy(tiled_copy, src, dst): the atom \p Copy carries.
template <class TC, const CopyAtom &Atom, class T>
CUTE_LLVM_INLINE void copy(const TiledCopyOf<TC, Atom> &Copy, Tensor<T> Src,
                           Tensor<T> Dst) {
  static_assert(sizeof(TC) == sizeof(T),
                "copy(tiled_copy, ...) of elements of another width than "
                "the TiledCopy's");
  copy<Atom>(Src, Dst);
}

/// CuTe's copy_if with elem_less predicates, for rank-2 tiles: \p Crd and
/// \p Off are the partition of an identity layout of the tile
/// (partition_S and partition_S_offset) that \p Src is of its tensor, so
/// that element I of Src has the coordinate Off + crd2crd(I, Crd). Call I
/// (as in copy) moves its values when the coordinate of its first value is
/// inside (\p Rows, \p Cols); outside, nothing is read or written, as in
/// CuTe, except by a _ZFILL cp.async, which writes zeros there (reading no
/// byte). A call's values must be all inside or all outside (16-byte rows
/// for a 16-byte cp.async).
template <const CopyAtom &Atom, class T>
CUTE_LLVM_INLINE void copy_if(Layout Crd, Coord Off, int Rows, int Cols,
                              Tensor<T> Src, Tensor<T> Dst)
    CUTE_LLVM_BOUNDS_CHECK(Rows, Cols) {
  detail::copyIf<Atom, false>(Crd, Off, Rows, Cols, Src, Dst);
}
/// copy_if whose outside calls set their destination values to zero, with
/// any atom (what a _ZFILL cp.async does): a residue tile loaded into
/// shared memory that an MMA then reads whole.
template <const CopyAtom &Atom, class T>
CUTE_LLVM_INLINE void copy_if_zfill(Layout Crd, Coord Off, int Rows, int Cols,
                                    Tensor<T> Src, Tensor<T> Dst)
    CUTE_LLVM_BOUNDS_CHECK(Rows, Cols) {
  detail::copyIf<Atom, true>(Crd, Off, Rows, Cols, Src, Dst);
}
/// copy_if(tiled_copy, ...) and copy_if_zfill(tiled_copy, ...): the atom
/// \p Copy carries.
template <class TC, const CopyAtom &Atom, class T>
CUTE_LLVM_INLINE void copy_if(const TiledCopyOf<TC, Atom> &Copy, Layout Crd,
                              Coord Off, int Rows, int Cols, Tensor<T> Src,
                              Tensor<T> Dst)
    CUTE_LLVM_BOUNDS_CHECK(Rows, Cols) {
  static_assert(sizeof(TC) == sizeof(T),
                "copy_if(tiled_copy, ...) of elements of another width than "
                "the TiledCopy's");
  copy_if<Atom>(Crd, Off, Rows, Cols, Src, Dst);
}
template <class TC, const CopyAtom &Atom, class T>
CUTE_LLVM_INLINE void copy_if_zfill(const TiledCopyOf<TC, Atom> &Copy,
                                    Layout Crd, Coord Off, int Rows, int Cols,
                                    Tensor<T> Src, Tensor<T> Dst)
    CUTE_LLVM_BOUNDS_CHECK(Rows, Cols) {
  static_assert(sizeof(TC) == sizeof(T),
                "copy_if_zfill(tiled_copy, ...) of elements of another width "
                "than the TiledCopy's");
  copy_if_zfill<Atom>(Crd, Off, Rows, Cols, Src, Dst);
}

/// mma.sync: one atom per (m, n) of (MMA_A, M'), (MMA_B, N') and
/// (MMA_C, M', N'). The atom reads and writes the fragments in place where
/// its values are contiguous in them; elsewhere they are gathered (and D
/// scattered back) value by value, so any fragment layout works, and the
/// optimizer turns the copies into register names.
namespace detail {
template <const MmaAtom &Atom, class TA, class TB, class TC>
CUTE_LLVM_INLINE void gemmSm80(Tensor<TA> A, Tensor<TB> B, Tensor<TC> C) {
  constexpr int VA = Atom.ValuesA, VB = Atom.ValuesB, VC = Atom.ValuesC;
  constexpr const char *Name = Atom.Name;
  const int Ms = size(A) / VA, Ns = size(B) / VB;
  // The operands agree with the atom and with each other mode by mode (a
  // compile-time error where the sizes are static, as CuTe's static
  // asserts): A and B swapped, or a C of another M or N, move no value.
  __cute_expect_size((void *)A, VA, "of=mma_a mode=0");
  __cute_expect_size((void *)B, VB, "of=mma_b mode=0");
  __cute_expect_size((void *)C, VC, "of=mma_c mode=0");
  __cute_expect_size((void *)C, Ms, "of=mma_c mode=1");
  __cute_expect_size((void *)C, Ns, "of=mma_c mode=2");
#pragma unroll
  for (int N = 0; N < Ns; ++N)
#pragma unroll
    for (int M = 0; M < Ms; ++M) {
      // Serpentine along M, as CuTe's gemm, to reuse the B registers.
      int Mi = N % 2 ? Ms - 1 - M : M;
      int IA = Mi * VA, IB = N * VB, IC = (Mi + Ms * N) * VC;
      if (detail::contiguous(A, IA, VA) && detail::contiguous(B, IB, VB) &&
          detail::contiguous(C, IC, VC)) {
        TC *D = detail::addressOf(C, IC);
        cute_nvgpu_sm80_mma(Name, D, detail::addressOf(A, IA),
                            detail::addressOf(B, IB), D);
        continue;
      }
      alignas(16) TA RA[VA];
      alignas(16) TB RB[VB];
      alignas(16) TC RC[VC];
      detail::moveRegs<true>(RA, A, IA, VA);
      detail::moveRegs<true>(RB, B, IB, VB);
      detail::moveRegs<true>(RC, C, IC, VC);
      cute_nvgpu_sm80_mma(Name, RC, RA, RB, RC);
      detail::moveRegs<false>(RC, C, IC, VC);
    }
}

/// UniversalFMA (atom.universal_fma): one value per thread and atom, so
/// A is (1, M', K'), B (1, N', K') and C (1, M', N'), or one k-block of
/// them, (1, M') and (1, N'); C(0,m,n) += A(0,m,k) * B(0,n,k), k
/// outermost, serpentine along m as CuTe's gemm.
template <class TA, class TB, class TC>
CUTE_LLVM_INLINE void gemmUniversalFma(Tensor<TA> A, Tensor<TB> B,
                                       Tensor<TC> C) {
  const int Ms = size(C, "mode=1"), Ns = size(C, "mode=2");
  const int Ks = size(A) / Ms;
  // One value per atom, and the M, N and K of the operands agree.
  __cute_expect_size((void *)A, 1, "of=mma_a mode=0");
  __cute_expect_size((void *)B, 1, "of=mma_b mode=0");
  __cute_expect_size((void *)C, 1, "of=mma_c mode=0");
  __cute_expect_size((void *)A, Ms, "of=mma_a mode=1");
  __cute_expect_size((void *)B, Ns, "of=mma_b mode=1");
  __cute_expect_size((void *)B, Ns * Ks, "of=mma_b");
#pragma unroll
  for (int K = 0; K < Ks; ++K)
#pragma unroll
    for (int N = 0; N < Ns; ++N)
#pragma unroll
      for (int M = 0; M < Ms; ++M) {
        int Mi = N % 2 ? Ms - 1 - M : M;
        TC *D = addressOf(C, Mi + Ms * N);
        *D += TC(*addressOf(A, Mi + Ms * K)) * TC(*addressOf(B, N + Ns * K));
      }
}

/// The make_gmma_desc attributes of a major of the registry ("K", "MN").
constexpr const char *gmmaMajorAttrs(const char *Major) {
  return Major[0] == 'M' ? "major=MN" : "major=K";
}

/// WGMMA: for each k-block k and each (m, n), one atom on A(_,m,k) (the
/// GMMA descriptor of the shared-memory tile, in the atom's major, or the
/// register fragment), the descriptor of B(_,n,k) and C(_,m,n). The first
/// k-block scales D by \p ScaleD (0: D = A * B), the others accumulate.
template <const MmaAtom &Atom, class TA, class TB, class TC>
CUTE_LLVM_INLINE void gemmWgmma(Tensor<TA> A, Tensor<TB> B, Tensor<TC> C,
                                int ScaleD) {
  constexpr bool SS = Atom.MajorA[0] != 0;
  constexpr const char *MajorA = gmmaMajorAttrs(Atom.MajorA);
  constexpr const char *MajorB = gmmaMajorAttrs(Atom.MajorB);
  constexpr int VA = Atom.ValuesA, VC = Atom.ValuesC;
  constexpr const char *Name = Atom.Name;
  const int Ms = size(A, "mode=1"), Ks = size(A, "mode=2");
  const int Ns = size(B, "mode=1");
  // The operands agree with the atom (an (M x K) and an (N x K) tile per
  // call, the values of its A and C fragments) and with each other.
  __cute_expect_size((void *)A, SS ? Atom.M * Atom.K : VA, "of=mma_a mode=0");
  __cute_expect_size((void *)B, Atom.N * Atom.K, "of=mma_b mode=0");
  __cute_expect_size((void *)C, VC, "of=mma_c mode=0");
  __cute_expect_size((void *)B, Ks, "of=mma_b mode=2");
  __cute_expect_size((void *)C, Ms, "of=mma_c mode=1");
  __cute_expect_size((void *)C, Ns, "of=mma_c mode=2");
#pragma unroll
  for (int K = 0; K < Ks; ++K)
#pragma unroll
    for (int N = 0; N < Ns; ++N)
#pragma unroll
      for (int M = 0; M < Ms; ++M) {
        uint64_t DB = make_gmma_desc(
            slice(B, make_coord("(_,?,?)", N, K)), MajorB);
        int IC = (M + Ms * N) * VC;
        if (!contiguous(C, IC, VC))
          __builtin_trap();
        TC *D = addressOf(C, IC);
        int Scale = K == 0 ? ScaleD : 1;
        if constexpr (SS) {
          uint64_t DA = make_gmma_desc(
              slice(A, make_coord("(_,?,?)", M, K)), MajorA);
          cute_nvgpu_sm90_mma(Name, D, &DA, &DB, Scale);
        } else {
          int IA = (M + Ms * K) * VA;
          if (contiguous(A, IA, VA)) {
            cute_nvgpu_sm90_mma(Name, D, addressOf(A, IA), &DB, Scale);
          } else {
            alignas(16) TA RA[VA];
            moveRegs<true>(RA, A, IA, VA);
            cute_nvgpu_sm90_mma(Name, D, RA, &DB, Scale);
          }
        }
      }
}

// The UMMA forms (sm_100 and later: below, a call is the atom lowering's
// tier error at the user's line).
/// UMMA (sm100.mma, the `_SS` variants): for each k-block k and each
/// (m, n), one tcgen05.mma on the descriptors of the K-major shared-memory
/// tiles A(_,m,k) and B(_,n,k) into accumulator (m, n) of the tensor memory
/// at \p TmemC, column (m + M' n) * N of it (32-bit accumulators: a column
/// per element of a row), or (\p InTensor) at the TMEM address of C(0, m, n)
/// of the TMEM tensor \p C. The first k-block accumulates when \p ScaleD is
/// not 0. One thread issues it (for a CTA pair, one of the even CTA).
template <const MmaAtom &Atom, bool InTensor, class TA, class TB, class TC>
CUTE_LLVM_INLINE void gemmUmma(Tensor<TA> A, Tensor<TB> B, uint32_t TmemC,
                               int ScaleD, Tensor<TC> C) {
  static_assert(Atom.MajorA[0] == 0 && Atom.MajorB[0] == 0,
                "gemm() issues the K-major UMMA _SS variants");
  constexpr const char *Name = Atom.Name;
  const int Ms = size(A, "mode=1"), Ks = size(A, "mode=2");
  const int Ns = size(B, "mode=1");
  // The operands agree with each other (and a TMEM accumulator tensor
  // holds (M', N') atoms).
  __cute_expect_size((void *)B, Ks, "of=mma_b mode=2");
  if constexpr (InTensor) {
    __cute_expect_size((void *)C, Ms, "of=mma_c mode=1");
    __cute_expect_size((void *)C, Ns, "of=mma_c mode=2");
  }
#pragma unroll
  for (int K = 0; K < Ks; ++K)
#pragma unroll
    for (int N = 0; N < Ns; ++N)
#pragma unroll
      for (int M = 0; M < Ms; ++M) {
        uint64_t DA = __cute_make_umma_desc(
            (void *)slice(A, make_coord("(_,?,?)", M, K)), "major=K");
        uint64_t DB = __cute_make_umma_desc(
            (void *)slice(B, make_coord("(_,?,?)", N, K)), "major=K");
        // Instruction-descriptor bits of the call: K-major A and B (the
        // variant's formats and shape are the lowering's).
        uint32_t D;
        if constexpr (InTensor)
          D = get_tmem_addr(C) +
              uint32_t(crd2idx(make_coord("(0,?,?)", M, N), get_layout(C)));
        else
          D = TmemC + uint32_t((M + Ms * N) * Atom.N);
        cute_nvgpu_sm100_mma(Name, D, DA, DB, 0u, K > 0 || ScaleD != 0);
      }
}
} // namespace detail

/// CuTe's gemm(tiled_mma, a, b, c) over a thread's partitions:
/// `gemm<Atom>(A, B, C)`, C += A * B.
///
/// mma.sync (sm80.mma): \p A is (MMA_A, M'), \p B (MMA_B, N'), \p C
/// (MMA_C, M', N') with the atom's values first (partition_fragment_A/B of
/// one k-block, and C's); one atom per (m, n).
///
/// WGMMA (sm90.mma): \p A is (MMA, MMA_M, MMA_K): the thread's partition_A
/// of the shared-memory tile (SS; each (MMA) tile becomes its GMMA
/// descriptor, in the major the atom names) or its A register fragment
/// (RS); \p B the partition_B of the shared-memory tile, \p C the
/// (MMA, MMA_M, MMA_N) accumulator fragment. \p ScaleD is the scale-d of
/// the first k-block (0: C = A * B, as CuTe's GMMA::ScaleOut::Zero); the
/// kernel places warpgroup_arrive, warpgroup_commit_batch and
/// warpgroup_wait around it (<cute/arch/wgmma.h>).
template <const MmaAtom &Atom, class TA, class TB, class TC>
CUTE_LLVM_INLINE void gemm(Tensor<TA> A, Tensor<TB> B, Tensor<TC> C,
                           int ScaleD = 1) {
  if constexpr (atom_traits::equal(Atom.Mnemonic, "sm90.mma")) {
    detail::gemmWgmma<Atom>(A, B, C, ScaleD);
  } else if constexpr (atom_traits::equal(Atom.Mnemonic, "sm100.mma")) {
    // The accumulator is a tensor in tensor memory (make_fragment_C).
    detail::gemmUmma<Atom, true>(A, B, 0u, ScaleD, C);
  } else if constexpr (atom_traits::equal(Atom.Mnemonic,
                                          "atom.universal_fma")) {
    detail::gemmUniversalFma(A, B, C);
  } else {
    static_assert(Atom.unknown() ||
                      atom_traits::equal(Atom.Mnemonic, "sm80.mma"),
                  "gemm() with a register accumulator issues the sm80.mma, "
                  "sm90.mma and UniversalFMA atoms (UMMA accumulates in "
                  "tensor memory: a TMEM tensor of make_fragment_C, or its "
                  "address)");
    detail::gemmSm80<Atom>(A, B, C);
  }
}

/// UMMA (sm100.mma): \p A and \p B are the partition_A/B of the
/// shared-memory tiles (MMA, MMA_M, MMA_K) and (MMA, MMA_N, MMA_K), each
/// (MMA) tile a K-major canonical UMMA layout that becomes its descriptor;
/// the accumulators lie in the tensor memory at \p TmemC (tmem_alloc's
/// address), 32-bit, tile (m, n) at column (m + M' n) * N. \p ScaleD 0 makes
/// the first k-block overwrite them (C = A * B). One thread issues it; the
/// kernel commits it (umma_commit) and waits on the barrier.
template <const MmaAtom &Atom, class TA, class TB>
CUTE_LLVM_INLINE void gemm(Tensor<TA> A, Tensor<TB> B, uint32_t TmemC,
                           int ScaleD = 1) {
  static_assert(Atom.unknown() ||
                    atom_traits::equal(Atom.Mnemonic, "sm100.mma"),
                "gemm() with a tensor-memory accumulator issues the "
                "sm100.mma atom");
  detail::gemmUmma<Atom, false>(A, B, TmemC, ScaleD, Tensor<float>());
}

/// CuTe's gemm(tiled_mma, a, b, c): the atom \p Mma carries.
template <const TiledMmaShape &S, class TA, class TB, class TC>
CUTE_LLVM_INLINE void gemm(const TiledMmaOf<S> &Mma, Tensor<TA> A, Tensor<TB> B,
                           Tensor<TC> C, int ScaleD = 1) {
  gemm<TiledMmaOf<S>::Atom>(A, B, C, ScaleD);
}
template <const TiledMmaShape &S, class TA, class TB>
CUTE_LLVM_INLINE void gemm(const TiledMmaOf<S> &Mma, Tensor<TA> A, Tensor<TB> B,
                           uint32_t TmemC, int ScaleD = 1) {
  gemm<TiledMmaOf<S>::Atom>(A, B, TmemC, ScaleD);
}

/// CuTe's gemm(a, b, c) without an MMA atom (UniversalFMA): C(m,n) +=
/// A(m,k) * B(n,k) over tensors of shapes (M,K), (N,K) and (M,N), in any
/// memory and any layouts (sgemm_1's shared-memory partitions into a
/// register accumulator), k outermost.
template <class TA, class TB, class TC>
CUTE_LLVM_INLINE void gemm(Tensor<TA> A, Tensor<TB> B, Tensor<TC> C) {
  const int Ms = size(C, "mode=0"), Ns = size(C, "mode=1");
  const int Ks = size(A, "mode=1");
  // The operands agree mode by mode (a compile-time error where the sizes
  // are static): a B given as (K,N) is not CuTe's (N,K).
  __cute_expect_size((void *)A, Ms, "of=gemm_a mode=0");
  __cute_expect_size((void *)B, Ns, "of=gemm_b mode=0");
  __cute_expect_size((void *)B, Ks, "of=gemm_b mode=1");
  __cute_expect_size((void *)A, Ms * Ks, "of=gemm_a");
  __cute_expect_size((void *)B, Ns * Ks, "of=gemm_b");
#pragma unroll
  for (int K = 0; K < Ks; ++K)
#pragma unroll
    for (int M = 0; M < Ms; ++M)
#pragma unroll
      for (int N = 0; N < Ns; ++N) {
        Coord MN = make_coord("(?,?)", M, N);
        store(C, MN,
              TC(load(C, MN) + TC(load(A, make_coord("(?,?)", M, K))) *
                                   TC(load(B, make_coord("(?,?)", N, K)))));
      }
}

/// Closes the cp.async copies this thread issued since the last fence into
/// a group (CuTe's cp_async_fence).
CUTE_LLVM_INLINE void cp_async_fence() {
  cute_nvgpu_async_group("SM80_CP_ASYNC_COMMIT", 0);
}
/// Waits until at most \p N of this thread's cp.async groups are pending.
template <int N> CUTE_LLVM_INLINE void cp_async_wait() {
  static_assert(N >= 0, "cp_async_wait takes a pending-group count >= 0");
  cute_nvgpu_async_group("SM80_CP_ASYNC_WAIT", N);
}
#endif // CUTE_LLVM_HAS_ATOMS

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

/// Prints \p V in CuTe notation with its dynamic leaves (device printf).
template <class V> CUTE_LLVM_INLINE void print(V Value) {
  __cute_print((void *)Value);
}

} // namespace cute

#undef CUTE_LLVM_DEVICE
#undef CUTE_LLVM_INLINE

#endif // CUTE_LLVM_H
