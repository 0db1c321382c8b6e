//===- cute/arch/wgmma.h - Hopper WGMMA pipeline for CUDA C++ ---*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The operations a Hopper kernel places around its warpgroup MMAs, as CuTe
/// names them (warpgroup_arrive, warpgroup_commit_batch, warpgroup_wait<N>,
/// warpgroup_fence_operand), each one call of an atom of
/// <cute_nvgpu_atoms.h>, lowered by cute-lower-atoms on sm_90a:
///
/// \code
///   #include <cute/arch/wgmma.h>
///   float Acc[64];                                  // 64x128 f32 over 128
///   cute::sm90::fence_operand(Acc);                 // threads
///   cute::sm90::wgmma_fence();
///   cute_nvgpu_sm90_mma("SM90_64x128x16_F32F16F16_SS", Acc, &DescA, &DescB,
///                       /*scale_d=*/1);
///   cute::sm90::wgmma_commit();
///   cute::sm90::wgmma_wait<0>();
///   cute::sm90::fence_operand(Acc);
/// \endcode
///
/// Include it from device code compiled with `cute-clang++ -fcute-lowering`
/// (which puts <cute_nvgpu_atoms.h> on the include path). Nothing else
/// includes it.
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_ARCH_WGMMA_H
#define CUTE_ARCH_WGMMA_H

#include <cute/llvm.h>
#include <cute_nvgpu_atoms.h>
#include <stdint.h>

#if defined(__CUDA__) || defined(__CUDACC__)
#define CUTE_WGMMA_INLINE __device__ __forceinline__ __attribute__((nodebug))
#define CUTE_WGMMA_DEVICE __device__
#else
#define CUTE_WGMMA_DEVICE
#define CUTE_WGMMA_INLINE inline
#endif

namespace cute {

namespace sm90 {

/// wgmma.fence: makes the warpgroup's register and shared-memory writes
/// visible to the wgmma.mma_async operations that follow (CuTe's
/// warpgroup_arrive).
CUTE_WGMMA_INLINE void wgmma_fence() {
  cute_nvgpu_sm90_wgmma_fence("SM90_WGMMA_FENCE");
}

/// wgmma.commit_group: the pending wgmma.mma_async operations become one
/// group (CuTe's warpgroup_commit_batch).
CUTE_WGMMA_INLINE void wgmma_commit() {
  cute_nvgpu_sm90_wgmma_commit("SM90_WGMMA_COMMIT_GROUP");
}

/// wgmma.wait_group N: waits until at most \p N groups are pending (CuTe's
/// warpgroup_wait<N>).
template <int N> CUTE_WGMMA_INLINE void wgmma_wait() {
  static_assert(N >= 0 && N <= 7, "wgmma_wait<N>: N must be in [0, 7]");
  cute_nvgpu_sm90_wgmma_wait("SM90_WGMMA_WAIT_GROUP", N);
}

/// A compiler fence on the registers of fragment \p Frag (CuTe's
/// warpgroup_fence_operand): no instruction, but no read or write of them
/// moves across it, so accumulators stay on their side of the asynchronous
/// MMAs. float fragments stay in f32 registers, others are fenced as b32.
template <class T, int N>
CUTE_WGMMA_INLINE void fence_operand(T (&Frag)[N]) {
  static_assert(sizeof(T) * N % 4 == 0,
                "fence_operand: the fragment must fill whole 32-bit registers");
  cute_nvgpu_sm90_wgmma_fence_operand(
      __is_same(T, float) ? "SM90_WGMMA_FENCE_OPERAND_F32"
                          : "SM90_WGMMA_FENCE_OPERAND_B32",
      Frag, int(sizeof(T) * N / 4));
}

} // namespace sm90

//===----------------------------------------------------------------------===//
// CuTe's names (cute/arch/mma_sm90_gmma.hpp's warpgroup_*)
//===----------------------------------------------------------------------===//

/// wgmma.fence before the warpgroup's MMAs (sm90::wgmma_fence).
CUTE_WGMMA_INLINE void warpgroup_arrive() { sm90::wgmma_fence(); }
/// wgmma.commit_group (sm90::wgmma_commit).
CUTE_WGMMA_INLINE void warpgroup_commit_batch() { sm90::wgmma_commit(); }
/// wgmma.wait_group N (sm90::wgmma_wait<N>).
template <int N> CUTE_WGMMA_INLINE void warpgroup_wait() {
  sm90::wgmma_wait<N>();
}
/// The register fence of an accumulator array (sm90::fence_operand).
template <class T, int N>
CUTE_WGMMA_INLINE void warpgroup_fence_operand(T (&Frag)[N]) {
  sm90::fence_operand(Frag);
}

#ifdef CUTE_LLVM_HAS_ATOMS
//===----------------------------------------------------------------------===//
// GMMA op selectors (cute/atom/mma_traits_sm90_gmma.hpp's ss/rs_op_selector)
//===----------------------------------------------------------------------===//

namespace GMMA {

/// The major of a shared-memory operand: K-contiguous or M/N-contiguous.
enum class Major { K, MN };

namespace detail {
/// The registry's type code of an element type in an atom name; null for a
/// type no GMMA atom takes.
template <class T> constexpr const char *typeCode() {
  if constexpr (__is_same(T, float))
    return "F32";
  else if constexpr (__is_same(T, _Float16))
    return "F16";
  else if constexpr (__is_same(T, __bf16))
    return "BF16";
  else if constexpr (__is_same(T, float_e4m3_t))
    return "E4M3";
  else if constexpr (__is_same(T, float_e5m2_t))
    return "E5M2";
  else
    return nullptr;
}
/// Whether GMMA atoms take these element types at all.
template <class TA, class TB, class TC> constexpr bool typesKnown() {
  return typeCode<TA>() && typeCode<TB>() && typeCode<TC>();
}
/// Appends \p S (or the decimal \p V) to the buffer at \p At.
constexpr void put(char *Buf, int &At, const char *S) {
  while (*S)
    Buf[At++] = *S++;
}
constexpr void put(char *Buf, int &At, int V) {
  char Digits[12] = {};
  int N = 0;
  do
    Digits[N++] = char('0' + V % 10);
  while (V /= 10);
  while (N)
    Buf[At++] = Digits[--N];
}
/// A variant name built at compile time.
struct NameBuffer {
  char Chars[64] = {};
};
/// The registry's name of the WGMMA variant 64xNxK with these types, A from
/// shared memory (SS) or registers (RS), and these majors:
/// SM90_64x<N>x<K>_<C><A><B>_<SS|RS>[<MajorA,MajorB>] with the widest N
/// that the traits have and that divides the tile; empty where there is
/// none.
template <class TA, class TB, class TC>
constexpr NameBuffer buildName(int TileN, bool RS, Major MA, Major MB) {
  NameBuffer Buf;
  if (!typesKnown<TA, TB, TC>() || TileN <= 0)
    return Buf;
  constexpr int K = 256 / (8 * int(sizeof(TA)));
  // CuTe picks the widest N that divides the tile: multiples of 8 up to 256.
  for (int N = 256; N >= 8; N -= 8) {
    if (TileN % N)
      continue;
    Buf = NameBuffer();
    int At = 0;
    put(Buf.Chars, At, "SM90_64x");
    put(Buf.Chars, At, N);
    put(Buf.Chars, At, "x");
    put(Buf.Chars, At, K);
    put(Buf.Chars, At, "_");
    put(Buf.Chars, At, typeCode<TC>());
    put(Buf.Chars, At, typeCode<TA>());
    put(Buf.Chars, At, typeCode<TB>());
    put(Buf.Chars, At, RS ? "_RS" : "_SS");
    if (MA == Major::MN || MB == Major::MN) {
      put(Buf.Chars, At, MA == Major::MN ? "<MN," : "<K,");
      put(Buf.Chars, At, MB == Major::MN ? "MN>" : "K>");
    }
    if (atom_traits::find(Buf.Chars))
      return Buf;
  }
  return NameBuffer();
}
/// buildName's result, and its size with the terminator.
template <class TA, class TB, class TC, int TileN, bool RS, Major MA, Major MB>
struct SelectedBuffer {
  static constexpr NameBuffer Buf = buildName<TA, TB, TC>(TileN, RS, MA, MB);
  static constexpr int size() {
    int N = 0;
    while (Buf.Chars[N])
      ++N;
    return N + 1;
  }
};
/// buildName's result as an array of static storage, exactly as long as
/// the name (what an atom's name points to, so that it reaches the lowering
/// as a constant string).
template <class TA, class TB, class TC, int TileN, bool RS, Major MA, Major MB,
          class Seq = ::cute::detail::MakeIndexSeq<
              SelectedBuffer<TA, TB, TC, TileN, RS, MA, MB>::size()>>
struct SelectedName;
template <class TA, class TB, class TC, int TileN, bool RS, Major MA, Major MB,
          int... Is>
struct SelectedName<TA, TB, TC, TileN, RS, MA, MB,
                    ::cute::detail::IndexSeq<Is...>> {
  using Buffer = SelectedBuffer<TA, TB, TC, TileN, RS, MA, MB>;
  static constexpr char value[sizeof...(Is)] = {Buffer::Buf.Chars[Is]...};
};
/// The selected name, null where there is none.
template <class TA, class TB, class TC, int TileN, bool RS, Major MA, Major MB>
constexpr const char *selectName() {
  using Name = SelectedName<TA, TB, TC, TileN, RS, MA, MB>;
  return Name::value[0] ? Name::value : nullptr;
}
/// The atom of selectName, or (where there is none, which the selector
/// reports) a placeholder that nothing made from it reports again.
constexpr MmaAtom selected(const char *Name) {
  return Name ? mma_atom(Name) : MmaAtom{"", "", 1, 1, 1, 1, 1, 1, 1, "", ""};
}
/// The hidden argument of the selectors: it makes their diagnose_if depend
/// on an argument, so that a selection no atom answers is reported once and
/// still gives a constant (an argument-independent diagnose_if error would
/// make the call, and everything made from its result, invalid).
struct SelectorCall {
  bool Checked = true;
};
} // namespace detail

#define CUTE_GMMA_SELECTOR_ERROR(RS, MA, MB)                                   \
  __attribute__((                                                              \
      diagnose_if(Call.Checked && !detail::typesKnown<TA, TB, TC>(),           \
                  "no GMMA atom takes these element types (A and "             \
                  "B: F16, BF16, E4M3 or E5M2; C: F16 or F32)",                \
                  "error")))                                                   \
  __attribute__((diagnose_if(                                                  \
      Call.Checked && detail::typesKnown<TA, TB, TC>() &&                      \
          !detail::selectName<TA, TB, TC, TileN, RS, MA, MB>(),                \
      "no GMMA atom of these element types and majors (8-bit operands are "    \
      "K-major) has an N (a multiple of 8 up to 256) that divides the tile",   \
      "error")))

/// CuTe's GMMA::ss_op_selector<ElementA, ElementB, ElementC, TileShape,
/// MajorA, MajorB>(): the WGMMA atom with A and B in shared memory whose N
/// is the widest that divides \p TileN (M is 64, K 32 bytes of A). A
/// selection no atom answers is one error, at the call.
template <class TA, class TB, class TC, int TileN, Major MA = Major::K,
          Major MB = Major::K>
constexpr MmaAtom ss_op_selector(detail::SelectorCall Call = {})
    CUTE_GMMA_SELECTOR_ERROR(false, MA, MB) {
  return detail::selected(
      detail::selectName<TA, TB, TC, TileN, false, MA, MB>());
}
/// rs_op_selector: the same with A from registers (A K-major).
template <class TA, class TB, class TC, int TileN, Major MB = Major::K>
constexpr MmaAtom rs_op_selector(detail::SelectorCall Call = {})
    CUTE_GMMA_SELECTOR_ERROR(true, Major::K, MB) {
  return detail::selected(
      detail::selectName<TA, TB, TC, TileN, true, Major::K, MB>());
}
#undef CUTE_GMMA_SELECTOR_ERROR

} // namespace GMMA
#endif // CUTE_LLVM_HAS_ATOMS

} // namespace cute

#undef CUTE_WGMMA_INLINE

#endif // CUTE_ARCH_WGMMA_H
