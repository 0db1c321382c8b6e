//===- cute/arch/sm100.h - Blackwell UMMA and tensor memory -----*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Friendly CUDA C++ wrappers over the datacenter-Blackwell atoms of
/// <cute_nvgpu_atoms.h> (sm_100a, sm_100f, sm_103a, sm_103f): tensor-memory
/// allocation, the UMMA (tcgen05.mma, one CTA or a CTA pair, A from shared
/// or tensor memory), its commit to an mbarrier, tensor-memory loads and
/// stores, the tcgen05 fences, the shared-to-tensor-memory copy, the TMA
/// load of a CTA pair and the two descriptors a UMMA reads. Each function
/// is one call of an atom (no inline PTX); `cute-clang++ -fcute-lowering`
/// lowers it to its NVVM intrinsic (docs/atom-lowering.md).
///
/// \code
///   __shared__ uint32_t TmemSlot;
///   __shared__ uint64_t Done;
///   if (threadIdx.x / 32 == 0)                 // one whole warp
///     cute::sm100::tmem_alloc(&TmemSlot, 256); // 128 lanes x 256 columns
///   cute::sm100::tcgen05_fence_before_thread_sync();
///   __syncthreads();
///   cute::sm100::tcgen05_fence_after_thread_sync();
///   uint32_t Acc = TmemSlot;
///   if (threadIdx.x == 32) {
///     cute::sm100::umma("SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>", Acc,
///                       DescA, DescB, cute::sm100::umma_idesc(),
///                       /*Accumulate=*/false);
///     cute::sm100::umma_commit(&Done);
///   }
///   cute::sm90::mbarrier_wait(&Done, 0);
///   cute::sm100::tcgen05_fence_after_thread_sync();
///   uint32_t Row[32];   // warp w reads lanes 32w..32w+31, 32 columns each
///   cute::sm100::tmem_load_32dp32b<32>(
///       cute::sm100::tmem_addr(Acc, 32 * (threadIdx.x / 32), 0), Row);
/// \endcode
///
/// The CTA-group templates (`<2>`) are the CTA-pair forms (CuTe's *_2SM,
/// *_2x1SM): one kernel may not mix them with the 1-CTA forms (ptxas).
/// Tensor-memory addresses are 32-bit: the lane in bits 16-31, the column
/// in bits 0-15 (tmem_addr). Shared-memory pointers are generic pointers
/// into shared memory. Device code only.
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_ARCH_SM100_H
#define CUTE_ARCH_SM100_H

#include <cute/llvm.h>
#include <cute_nvgpu_atoms.h>
#include <stdint.h>


#if defined(__CUDA__) || defined(__CUDACC__)
#define CUTE_SM100_DEVICE __device__
#define CUTE_SM100_INLINE __device__ __forceinline__ __attribute__((nodebug))
#else
#define CUTE_SM100_DEVICE
#define CUTE_SM100_INLINE inline
#endif

namespace cute {

/// CuTe's make_umma_desc<Major>: the 64-bit SM100 shared-memory descriptor
/// of \p SmemTile (a tensor over shared memory in a canonical UMMA layout:
/// no swizzle, or the 32/64/128-byte swizzle `S<B,M,3> o off o L` of its
/// element width, or 128B_BASE32B for MN-major 32-bit tiles), with \p Attrs
/// "major=K" or "major=MN". As make_gmma_desc: the layout type and byte
/// offsets are constants, the start address is computed; advance it by
/// adding (bytes >> 4). A tile that is not canonical is a compile-time
/// error.
template <class T>
CUTE_SM100_INLINE uint64_t make_umma_desc(Tensor<T> SmemTile,
                                          const char *Attrs) {
  return __cute_make_umma_desc((void *)SmemTile, Attrs);
}

namespace sm100 {

//===----------------------------------------------------------------------===//
// Descriptors and addresses
//===----------------------------------------------------------------------===//

/// The major of a UMMA operand in shared memory.
enum class UmmaMajor : uint32_t { K = 0, MN = 1 };

/// The bits of the 32-bit instruction descriptor a UMMA call supplies, at
/// CuTe's positions (UMMA::InstrDescriptor): A's and B's majors (bits 15,
/// 16) and negations (13, 14). The lowering ors in the variant's part
/// (A/B/C formats, M >> 4, N >> 3, sparsity: CuTe's make_instr_desc), so
/// the word reaching tcgen05.mma is CuTe's; a constant setting any bit the
/// variant fixes is a compile-time error.
constexpr CUTE_SM100_INLINE uint32_t umma_idesc(UmmaMajor A = UmmaMajor::K,
                                                UmmaMajor B = UmmaMajor::K,
                                                bool NegateA = false,
                                                bool NegateB = false) {
  return uint32_t(NegateA) << 13 | uint32_t(NegateB) << 14 |
         uint32_t(A) << 15 | uint32_t(B) << 16;
}

/// The tensor-memory address of (\p Lane, \p Column) relative to \p Base
/// (an address tmem_alloc returned).
constexpr CUTE_SM100_INLINE uint32_t tmem_addr(uint32_t Base, uint32_t Lane,
                                               uint32_t Column) {
  return Base + (Lane << 16) + Column;
}

//===----------------------------------------------------------------------===//
// Tensor-memory allocation (one whole warp)
//===----------------------------------------------------------------------===//

/// Allocates \p NCols columns (a power of 2 in [32, 512]) of all 128 lanes
/// and writes their address to the shared 4-byte \p Slot. Blocks until the
/// columns are free. One warp, all lanes; for a CTA pair (\p CtaGroup 2)
/// one warp of each CTA. SM100_TMEM_ALLOC_1SM / _2SM.
template <int CtaGroup = 1>
CUTE_SM100_INLINE void tmem_alloc(uint32_t *Slot, unsigned NCols) {
  static_assert(CtaGroup == 1 || CtaGroup == 2, "a CTA group is 1 or 2");
  cute_nvgpu_tmem_alloc(CtaGroup == 2 ? "SM100_TMEM_ALLOC_2SM"
                                      : "SM100_TMEM_ALLOC_1SM",
                        Slot, NCols);
}

/// Frees the \p NCols columns at \p TAddr (every tcgen05 operation on them
/// has completed). One warp, all lanes. SM100_TMEM_DEALLOC_1SM / _2SM.
template <int CtaGroup = 1>
CUTE_SM100_INLINE void tmem_dealloc(uint32_t TAddr, unsigned NCols) {
  static_assert(CtaGroup == 1 || CtaGroup == 2, "a CTA group is 1 or 2");
  cute_nvgpu_tmem_dealloc(CtaGroup == 2 ? "SM100_TMEM_DEALLOC_2SM"
                                        : "SM100_TMEM_DEALLOC_1SM",
                          TAddr, NCols);
}

/// Gives up the CTA's right to allocate, so that a CTA waiting for columns
/// on this SM may get them. SM100_TMEM_RELINQUISH_ALLOC_PERMIT_1SM / _2SM.
template <int CtaGroup = 1>
CUTE_SM100_INLINE void tmem_relinquish_alloc_permit() {
  static_assert(CtaGroup == 1 || CtaGroup == 2, "a CTA group is 1 or 2");
  cute_nvgpu_tmem_relinquish_alloc_permit(
      CtaGroup == 2 ? "SM100_TMEM_RELINQUISH_ALLOC_PERMIT_2SM"
                    : "SM100_TMEM_RELINQUISH_ALLOC_PERMIT_1SM");
}

/// The retrieve_tmem_ptr operation: the address of \p NCols columns allocated
/// through \p Slot. The first retrieval of \p Slot in a function allocates
/// (tmem_alloc), relinquishes the permit and reads the address; every other
/// retrieval of it in the function reuses that address. Retrieve where one
/// whole warp (per CTA) runs. SM100_TMEM_RETRIEVE_PTR_1SM / _2SM.
template <int CtaGroup = 1>
CUTE_SM100_INLINE uint32_t retrieve_tmem_ptr(uint32_t *Slot, unsigned NCols) {
  static_assert(CtaGroup == 1 || CtaGroup == 2, "a CTA group is 1 or 2");
  return cute_nvgpu_retrieve_tmem_ptr(CtaGroup == 2
                                          ? "SM100_TMEM_RETRIEVE_PTR_2SM"
                                          : "SM100_TMEM_RETRIEVE_PTR_1SM",
                                      Slot, NCols);
}

//===----------------------------------------------------------------------===//
// UMMA
//===----------------------------------------------------------------------===//

/// One tcgen05.mma, A and B from shared memory (an `_SS` variant, 1-CTA or
/// `_2x1SM`): D (tensor memory at \p D) = A * B (+ D when \p Accumulate).
/// \p DescA and \p DescB are make_umma_desc descriptors, \p IDesc the
/// call's instruction-descriptor bits (umma_idesc). One thread issues it;
/// for a CTA pair, one thread of the even CTA, reading both CTAs' shared
/// memory at the descriptors' offsets and writing both CTAs' D.
CUTE_SM100_INLINE void umma(const char *Variant, uint32_t D, uint64_t DescA,
                            uint64_t DescB, uint32_t IDesc, bool Accumulate) {
  cute_nvgpu_sm100_mma(Variant, D, DescA, DescB, IDesc, Accumulate);
}

/// tcgen05.mma with A from tensor memory at \p TmemA (a `_TS` variant).
CUTE_SM100_INLINE void umma_ts(const char *Variant, uint32_t D, uint32_t TmemA,
                               uint64_t DescB, uint32_t IDesc,
                               bool Accumulate) {
  cute_nvgpu_sm100_mma(Variant, D, TmemA, DescB, IDesc, Accumulate);
}

/// tcgen05.commit: \p Bar (shared memory) receives one arrival when every
/// UMMA (and tcgen05.cp) this thread issued before has completed (CuTe's
/// umma_arrive / umma_arrive_2x1SM). SM100_UMMA_ARRIVE[_2x1SM].
template <int CtaGroup = 1> CUTE_SM100_INLINE void umma_commit(uint64_t *Bar) {
  static_assert(CtaGroup == 1 || CtaGroup == 2, "a CTA group is 1 or 2");
  cute_nvgpu_umma_commit(CtaGroup == 2 ? "SM100_UMMA_ARRIVE_2x1SM"
                                       : "SM100_UMMA_ARRIVE",
                         Bar, 0);
}

/// tcgen05.commit multicast: the mbarrier at \p Bar's offset in every CTA of
/// the cluster whose rank is set in \p Mask receives the arrival (CuTe's
/// umma_arrive_multicast[_2x1SM]). SM100_UMMA_ARRIVE_MULTICAST[_2x1SM].
template <int CtaGroup = 1>
CUTE_SM100_INLINE void umma_commit_multicast(uint64_t *Bar, uint16_t Mask) {
  static_assert(CtaGroup == 1 || CtaGroup == 2, "a CTA group is 1 or 2");
  cute_nvgpu_umma_commit(CtaGroup == 2 ? "SM100_UMMA_ARRIVE_MULTICAST_2x1SM"
                                       : "SM100_UMMA_ARRIVE_MULTICAST",
                         Bar, Mask);
}

//===----------------------------------------------------------------------===//
// Tensor-memory loads and stores (one whole warp)
//===----------------------------------------------------------------------===//

/// tcgen05.ld of variant \p Variant (SM100_TMEM_LOAD_<shape><N>x[_16b])
/// from \p TAddr into the b32 registers \p Regs, then tcgen05.wait::ld: the
/// registers are complete on return. Warp w of a warpgroup reaches lanes
/// 32 (w % 4) .. +31.
CUTE_SM100_INLINE void tmem_load(const char *Variant, uint32_t TAddr,
                                 void *Regs) {
  cute_nvgpu_tmem_load(Variant, Regs, TAddr);
}

/// tcgen05.st of \p Variant (SM100_TMEM_STORE_...) of \p Regs to \p TAddr,
/// then tcgen05.wait::st.
CUTE_SM100_INLINE void tmem_store(const char *Variant, uint32_t TAddr,
                                  const void *Regs) {
  cute_nvgpu_tmem_store(Variant, TAddr, Regs);
}

namespace detail {
/// The 32x32b variants by repetition (SM100_TMEM_{LOAD,STORE}_32dp32b<N>x).
constexpr CUTE_SM100_INLINE const char *tmem32x32b(bool Store, int N) {
  return Store ? (N == 1    ? "SM100_TMEM_STORE_32dp32b1x"
                  : N == 2  ? "SM100_TMEM_STORE_32dp32b2x"
                  : N == 4  ? "SM100_TMEM_STORE_32dp32b4x"
                  : N == 8  ? "SM100_TMEM_STORE_32dp32b8x"
                  : N == 16 ? "SM100_TMEM_STORE_32dp32b16x"
                  : N == 32 ? "SM100_TMEM_STORE_32dp32b32x"
                  : N == 64 ? "SM100_TMEM_STORE_32dp32b64x"
                            : "SM100_TMEM_STORE_32dp32b128x")
               : (N == 1    ? "SM100_TMEM_LOAD_32dp32b1x"
                  : N == 2  ? "SM100_TMEM_LOAD_32dp32b2x"
                  : N == 4  ? "SM100_TMEM_LOAD_32dp32b4x"
                  : N == 8  ? "SM100_TMEM_LOAD_32dp32b8x"
                  : N == 16 ? "SM100_TMEM_LOAD_32dp32b16x"
                  : N == 32 ? "SM100_TMEM_LOAD_32dp32b32x"
                  : N == 64 ? "SM100_TMEM_LOAD_32dp32b64x"
                            : "SM100_TMEM_LOAD_32dp32b128x");
}
} // namespace detail

/// The 32x32b load: each thread reads its lane's \p N consecutive 32-bit
/// columns from \p TAddr (SM100_TMEM_LOAD_32dp32b<N>x; the accumulator
/// layout of an M = 128 UMMA: row = lane, column = column).
template <int N>
CUTE_SM100_INLINE void tmem_load_32dp32b(uint32_t TAddr, uint32_t (&Regs)[N]) {
  static_assert(N == 1 || N == 2 || N == 4 || N == 8 || N == 16 || N == 32 ||
                    N == 64 || N == 128,
                "32x32b repeats 1, 2, 4, ..., 128 times");
  // A constant expression, so that the variant is a constant at -O0 too.
  constexpr const char *Variant = detail::tmem32x32b(false, N);
  cute_nvgpu_tmem_load(Variant, Regs, TAddr);
}

/// The 32x32b store of \p N columns per lane (SM100_TMEM_STORE_32dp32b<N>x).
template <int N>
CUTE_SM100_INLINE void tmem_store_32dp32b(uint32_t TAddr,
                                          const uint32_t (&Regs)[N]) {
  static_assert(N == 1 || N == 2 || N == 4 || N == 8 || N == 16 || N == 32 ||
                    N == 64 || N == 128,
                "32x32b repeats 1, 2, 4, ..., 128 times");
  constexpr const char *Variant = detail::tmem32x32b(true, N);
  cute_nvgpu_tmem_store(Variant, TAddr, Regs);
}

/// tcgen05.wait::ld: this thread's tensor-memory loads have completed
/// (tmem_load already waits; for loads issued otherwise).
CUTE_SM100_INLINE void tmem_wait_ld() {
  cute_nvgpu_tmem_wait("SM100_TMEM_LOAD_WAIT");
}

/// tcgen05.wait::st: this thread's tensor-memory stores have completed.
CUTE_SM100_INLINE void tmem_wait_st() {
  cute_nvgpu_tmem_wait("SM100_TMEM_STORE_WAIT");
}

//===----------------------------------------------------------------------===//
// Fences and the shared-to-tensor-memory copy
//===----------------------------------------------------------------------===//

/// tcgen05.fence::before_thread_sync: this thread's tcgen05 operations are
/// ordered before the thread synchronisation that follows (CuTe's
/// tcgen05_before_thread_sync).
CUTE_SM100_INLINE void tcgen05_fence_before_thread_sync() {
  cute_nvgpu_tcgen05_fence("SM100_TCGEN05_FENCE_BEFORE_THREAD_SYNC");
}

/// tcgen05.fence::after_thread_sync: the tcgen05 operations that follow are
/// ordered after the preceding thread synchronisation (CuTe's
/// tcgen05_after_thread_sync).
CUTE_SM100_INLINE void tcgen05_fence_after_thread_sync() {
  cute_nvgpu_tcgen05_fence("SM100_TCGEN05_FENCE_AFTER_THREAD_SYNC");
}

/// tcgen05.cp of \p Variant (SM100_UTCCP_<shape>_<1|2>cta): the shared
/// memory \p SDesc describes to tensor memory at \p TAddr; for a CTA pair
/// only the even CTA issues. Asynchronous: umma_commit tracks it.
CUTE_SM100_INLINE void s2t_copy(const char *Variant, uint32_t TAddr,
                                uint64_t SDesc) {
  cute_nvgpu_s2t_copy(Variant, TAddr, SDesc);
}

//===----------------------------------------------------------------------===//
// TMA for a CTA pair
//===----------------------------------------------------------------------===//

/// tma_load (cute/arch/sm90.h) for a 2-CTA UMMA: the box lands in this
/// CTA's \p Smem, and its bytes complete on the mbarrier at \p Bar's offset
/// in the even CTA of the pair (which issues the UMMA and expects both
/// CTAs' bytes). SM100_TMA_2SM_LOAD_<r>D.
CUTE_SM100_INLINE void tma_load_2sm(const void *TMap, uint64_t *Bar, void *Smem,
                                    int C0) {
  cute_nvgpu_tma_load("SM100_TMA_2SM_LOAD_1D", Smem, TMap, Bar, C0);
}
CUTE_SM100_INLINE void tma_load_2sm(const void *TMap, uint64_t *Bar, void *Smem,
                                    int C0, int C1) {
  cute_nvgpu_tma_load("SM100_TMA_2SM_LOAD_2D", Smem, TMap, Bar, C0, C1);
}
CUTE_SM100_INLINE void tma_load_2sm(const void *TMap, uint64_t *Bar, void *Smem,
                                    int C0, int C1, int C2) {
  cute_nvgpu_tma_load("SM100_TMA_2SM_LOAD_3D", Smem, TMap, Bar, C0, C1, C2);
}
CUTE_SM100_INLINE void tma_load_2sm(const void *TMap, uint64_t *Bar, void *Smem,
                                    int C0, int C1, int C2, int C3) {
  cute_nvgpu_tma_load("SM100_TMA_2SM_LOAD_4D", Smem, TMap, Bar, C0, C1, C2, C3);
}
CUTE_SM100_INLINE void tma_load_2sm(const void *TMap, uint64_t *Bar, void *Smem,
                                    int C0, int C1, int C2, int C3, int C4) {
  cute_nvgpu_tma_load("SM100_TMA_2SM_LOAD_5D", Smem, TMap, Bar, C0, C1, C2, C3,
                      C4);
}

/// tma_load_multicast (cute/arch/sm90.h) for a 2-CTA UMMA: the box lands
/// at \p Smem's offset in every CTA of \p Mask, each completing on the
/// mbarrier at \p Bar's offset in the even CTA of its pair.
/// SM100_TMA_2SM_LOAD_MULTICAST_<r>D.
CUTE_SM100_INLINE void tma_load_2sm_multicast(const void *TMap, uint64_t *Bar,
                                              uint16_t Mask, void *Smem, int C0,
                                              int C1) {
  cute_nvgpu_tma_load_multicast("SM100_TMA_2SM_LOAD_MULTICAST_2D", Smem, TMap,
                                Bar, Mask, C0, C1);
}
CUTE_SM100_INLINE void tma_load_2sm_multicast(const void *TMap, uint64_t *Bar,
                                              uint16_t Mask, void *Smem, int C0,
                                              int C1, int C2) {
  cute_nvgpu_tma_load_multicast("SM100_TMA_2SM_LOAD_MULTICAST_3D", Smem, TMap,
                                Bar, Mask, C0, C1, C2);
}

} // namespace sm100
} // namespace cute

#undef CUTE_SM100_INLINE
#undef CUTE_SM100_DEVICE


#endif // CUTE_ARCH_SM100_H
