//===- cute/arch/sm90.h - Hopper TMA, mbarriers, clusters -------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Friendly CUDA C++ wrappers over the Hopper atoms of <cute_nvgpu_atoms.h>:
/// TMA loads, multicast loads, stores, reductions and prefetches by the
/// number of coordinates; mbarriers, fences, elect.sync, cluster queries
/// and barriers, setmaxnreg, and the commit and wait of cp.async and TMA
/// store groups. Each function is one call of a generated atom function
/// (no inline PTX); `cute-clang++ -fcute-lowering` lowers it to its NVVM
/// intrinsic (docs/atom-lowering.md).
///
/// \code
///   __global__ void k(const __grid_constant__ CUtensorMap TMap) {
///     __shared__ alignas(128) half Tile[64 * 64];
///     __shared__ uint64_t Bar;
///     if (threadIdx.x == 0) {
///       cute::sm90::mbarrier_init(&Bar, 1);
///       cute::sm90::fence_barrier_init();
///     }
///     __syncthreads();
///     if (threadIdx.x == 0) {
///       cute::sm90::mbarrier_arrive_expect_tx(&Bar, sizeof(Tile));
///       cute::sm90::tma_load(&TMap, &Bar, Tile, /*col*/ 0, /*row*/ 0);
///     }
///     cute::sm90::mbarrier_wait(&Bar, /*Phase=*/0);
///     ...
///   }
/// \endcode
///
/// Coordinates are in elements, innermost dimension first (as the tensor
/// map orders them). The tensor map is the 128-byte CUtensorMap (host:
/// <cute/tma.h>), passed as a `const __grid_constant__` kernel parameter
/// or in global memory; shared-memory pointers are generic pointers into
/// shared memory (a pointer into global or local memory is a compile-time
/// error). Device code only, for sm_90 and later (setmaxnreg: sm_90a).
///
//===----------------------------------------------------------------------===//

#ifndef CUTE_ARCH_SM90_H
#define CUTE_ARCH_SM90_H

#include <cute_nvgpu_atoms.h>
#include <stdint.h>


#define CUTE_SM90_INLINE __device__ __forceinline__ __attribute__((nodebug))

namespace cute {
namespace sm90 {

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

/// Loads the box at (C0, ...) of the tensor \p TMap describes into \p Smem
/// (128-byte aligned); the transaction's bytes complete on \p Bar, which
/// must expect them (mbarrier_arrive_expect_tx). SM90_TMA_LOAD_<r>D.
CUTE_SM90_INLINE void tma_load(const void *TMap, uint64_t *Bar, void *Smem,
                               int C0) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_1D", Smem, TMap, Bar, C0);
}
CUTE_SM90_INLINE void tma_load(const void *TMap, uint64_t *Bar, void *Smem,
                               int C0, int C1) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_2D", Smem, TMap, Bar, C0, C1);
}
CUTE_SM90_INLINE void tma_load(const void *TMap, uint64_t *Bar, void *Smem,
                               int C0, int C1, int C2) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_3D", Smem, TMap, Bar, C0, C1, C2);
}
CUTE_SM90_INLINE void tma_load(const void *TMap, uint64_t *Bar, void *Smem,
                               int C0, int C1, int C2, int C3) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_4D", Smem, TMap, Bar, C0, C1, C2, C3);
}
CUTE_SM90_INLINE void tma_load(const void *TMap, uint64_t *Bar, void *Smem,
                               int C0, int C1, int C2, int C3, int C4) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_5D", Smem, TMap, Bar, C0, C1, C2, C3, C4);
}

/// tma_load into the same shared-memory offset of every CTA of the cluster
/// whose rank is set in \p Mask; each CTA's \p Bar (same offset) receives
/// its bytes. SM90_TMA_LOAD_MULTICAST_<r>D.
CUTE_SM90_INLINE void tma_load_multicast(const void *TMap, uint64_t *Bar,
                                         uint16_t Mask, void *Smem, int C0) {
  cute_nvgpu_tma_load_multicast("SM90_TMA_LOAD_MULTICAST_1D", Smem, TMap, Bar,
                                Mask, C0);
}
CUTE_SM90_INLINE void tma_load_multicast(const void *TMap, uint64_t *Bar,
                                         uint16_t Mask, void *Smem, int C0,
                                         int C1) {
  cute_nvgpu_tma_load_multicast("SM90_TMA_LOAD_MULTICAST_2D", Smem, TMap, Bar,
                                Mask, C0, C1);
}
CUTE_SM90_INLINE void tma_load_multicast(const void *TMap, uint64_t *Bar,
                                         uint16_t Mask, void *Smem, int C0,
                                         int C1, int C2) {
  cute_nvgpu_tma_load_multicast("SM90_TMA_LOAD_MULTICAST_3D", Smem, TMap, Bar,
                                Mask, C0, C1, C2);
}
CUTE_SM90_INLINE void tma_load_multicast(const void *TMap, uint64_t *Bar,
                                         uint16_t Mask, void *Smem, int C0,
                                         int C1, int C2, int C3) {
  cute_nvgpu_tma_load_multicast("SM90_TMA_LOAD_MULTICAST_4D", Smem, TMap, Bar,
                                Mask, C0, C1, C2, C3);
}
CUTE_SM90_INLINE void tma_load_multicast(const void *TMap, uint64_t *Bar,
                                         uint16_t Mask, void *Smem, int C0,
                                         int C1, int C2, int C3, int C4) {
  cute_nvgpu_tma_load_multicast("SM90_TMA_LOAD_MULTICAST_5D", Smem, TMap, Bar,
                                Mask, C0, C1, C2, C3, C4);
}

/// Stores the box in \p Smem to (C0, ...) of the tensor (elements outside
/// the tensor are not written). Asynchronous: commit with
/// tma_store_commit() and wait with tma_store_wait<N>() before reusing
/// \p Smem; a fence_view_async_shared() must order the writes to \p Smem
/// before it. SM90_TMA_STORE_<r>D.
CUTE_SM90_INLINE void tma_store(const void *TMap, const void *Smem, int C0) {
  cute_nvgpu_tma_store("SM90_TMA_STORE_1D", TMap, Smem, C0);
}
CUTE_SM90_INLINE void tma_store(const void *TMap, const void *Smem, int C0,
                                int C1) {
  cute_nvgpu_tma_store("SM90_TMA_STORE_2D", TMap, Smem, C0, C1);
}
CUTE_SM90_INLINE void tma_store(const void *TMap, const void *Smem, int C0,
                                int C1, int C2) {
  cute_nvgpu_tma_store("SM90_TMA_STORE_3D", TMap, Smem, C0, C1, C2);
}
CUTE_SM90_INLINE void tma_store(const void *TMap, const void *Smem, int C0,
                                int C1, int C2, int C3) {
  cute_nvgpu_tma_store("SM90_TMA_STORE_4D", TMap, Smem, C0, C1, C2, C3);
}
CUTE_SM90_INLINE void tma_store(const void *TMap, const void *Smem, int C0,
                                int C1, int C2, int C3, int C4) {
  cute_nvgpu_tma_store("SM90_TMA_STORE_5D", TMap, Smem, C0, C1, C2, C3, C4);
}

/// Adds the box in \p Smem into (C0, ...) of the tensor, as tma_store
/// completes. SM90_TMA_REDUCE_ADD_<r>D.
CUTE_SM90_INLINE void tma_reduce_add(const void *TMap, const void *Smem,
                                     int C0) {
  cute_nvgpu_tma_reduce("SM90_TMA_REDUCE_ADD_1D", TMap, Smem, C0);
}
CUTE_SM90_INLINE void tma_reduce_add(const void *TMap, const void *Smem, int C0,
                                     int C1) {
  cute_nvgpu_tma_reduce("SM90_TMA_REDUCE_ADD_2D", TMap, Smem, C0, C1);
}
CUTE_SM90_INLINE void tma_reduce_add(const void *TMap, const void *Smem, int C0,
                                     int C1, int C2) {
  cute_nvgpu_tma_reduce("SM90_TMA_REDUCE_ADD_3D", TMap, Smem, C0, C1, C2);
}
CUTE_SM90_INLINE void tma_reduce_add(const void *TMap, const void *Smem, int C0,
                                     int C1, int C2, int C3) {
  cute_nvgpu_tma_reduce("SM90_TMA_REDUCE_ADD_4D", TMap, Smem, C0, C1, C2, C3);
}
CUTE_SM90_INLINE void tma_reduce_add(const void *TMap, const void *Smem, int C0,
                                     int C1, int C2, int C3, int C4) {
  cute_nvgpu_tma_reduce("SM90_TMA_REDUCE_ADD_5D", TMap, Smem, C0, C1, C2, C3,
                        C4);
}

/// Prefetches the box at (C0, ...) into L2. SM90_TMA_LOAD_PREFETCH_<r>D.
CUTE_SM90_INLINE void tma_prefetch(const void *TMap, int C0) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_PREFETCH_1D", nullptr, TMap, nullptr, C0);
}
CUTE_SM90_INLINE void tma_prefetch(const void *TMap, int C0, int C1) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_PREFETCH_2D", nullptr, TMap, nullptr, C0,
                      C1);
}
CUTE_SM90_INLINE void tma_prefetch(const void *TMap, int C0, int C1, int C2) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_PREFETCH_3D", nullptr, TMap, nullptr, C0,
                      C1, C2);
}
CUTE_SM90_INLINE void tma_prefetch(const void *TMap, int C0, int C1, int C2,
                                   int C3) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_PREFETCH_4D", nullptr, TMap, nullptr, C0,
                      C1, C2, C3);
}
CUTE_SM90_INLINE void tma_prefetch(const void *TMap, int C0, int C1, int C2,
                                   int C3, int C4) {
  cute_nvgpu_tma_load("SM90_TMA_LOAD_PREFETCH_5D", nullptr, TMap, nullptr, C0,
                      C1, C2, C3, C4);
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

/// Initialises the mbarrier \p Bar (8 bytes of shared memory) for \p Count
/// arrivals per phase.
CUTE_SM90_INLINE void mbarrier_init(uint64_t *Bar, unsigned Count) {
  cute_nvgpu_mbarrier_init("SM80_MBARRIER_INIT", Bar, Count);
}

/// Arrives on \p Bar.
CUTE_SM90_INLINE void mbarrier_arrive(uint64_t *Bar) {
  cute_nvgpu_mbarrier_arrive("SM80_MBARRIER_ARRIVE", Bar, 0);
}

/// Arrives on the mbarrier at \p Bar's offset in CTA \p Cta of the cluster
/// (CUTLASS's ClusterBarrier::arrive(cta_id)):
/// how a consumer releases a buffer that multicast loads of several CTAs
/// fill. SM90_MBARRIER_ARRIVE_CLUSTER.
CUTE_SM90_INLINE void mbarrier_arrive_cluster(uint64_t *Bar, unsigned Cta) {
  cute_nvgpu_mbarrier_arrive_cluster("SM90_MBARRIER_ARRIVE_CLUSTER", Bar, Cta);
}

/// Arrives on \p Bar and makes its phase wait for \p Bytes more bytes of
/// TMA transactions.
CUTE_SM90_INLINE void mbarrier_arrive_expect_tx(uint64_t *Bar, unsigned Bytes) {
  cute_nvgpu_mbarrier_arrive("SM90_MBARRIER_ARRIVE_EXPECT_TX", Bar, Bytes);
}

/// Makes the current phase of \p Bar wait for \p Bytes more bytes, without
/// arriving.
CUTE_SM90_INLINE void mbarrier_expect_tx(uint64_t *Bar, unsigned Bytes) {
  cute_nvgpu_mbarrier_arrive("SM90_MBARRIER_EXPECT_TX", Bar, Bytes);
}

/// Waits until the phase of parity \p Phase (0 or 1: phases alternate) of
/// \p Bar completes.
CUTE_SM90_INLINE void mbarrier_wait(uint64_t *Bar, unsigned Phase) {
  cute_nvgpu_mbarrier_wait("SM90_MBARRIER_TRY_WAIT_PARITY", Bar, Phase);
}

/// Invalidates \p Bar (before its memory is reused).
CUTE_SM90_INLINE void mbarrier_inval(uint64_t *Bar) {
  cute_nvgpu_mbarrier_inval("SM80_MBARRIER_INVAL", Bar);
}

//===----------------------------------------------------------------------===//
// Fences and election
//===----------------------------------------------------------------------===//

/// Makes mbarrier initialisations visible to the cluster (and to TMA).
CUTE_SM90_INLINE void fence_barrier_init() {
  cute_nvgpu_fence("SM90_FENCE_MBARRIER_INIT");
}

/// Orders this thread's generic writes to shared memory before later
/// async-proxy operations on it (TMA stores, WGMMA).
CUTE_SM90_INLINE void fence_view_async_shared() {
  cute_nvgpu_fence("SM90_FENCE_PROXY_ASYNC_SHARED_CTA");
}

/// True in exactly one active lane of the (fully active) warp.
CUTE_SM90_INLINE bool elect_one_sync() {
  return cute_nvgpu_elect_sync("SM90_ELECT_ONE_SYNC", 0xffffffffu);
}

//===----------------------------------------------------------------------===//
// Clusters
//===----------------------------------------------------------------------===//

/// The CTA's rank in its cluster.
CUTE_SM90_INLINE unsigned cluster_ctarank() {
  return cute_nvgpu_cluster_query("SM90_CLUSTER_CTARANK");
}

/// The number of CTAs in the cluster.
CUTE_SM90_INLINE unsigned cluster_nctarank() {
  return cute_nvgpu_cluster_query("SM90_CLUSTER_NCTARANK");
}

/// The CTA's id in its cluster.
CUTE_SM90_INLINE dim3 block_id_in_cluster() {
  return dim3(cute_nvgpu_cluster_query("SM90_CLUSTER_CTAID_X"),
              cute_nvgpu_cluster_query("SM90_CLUSTER_CTAID_Y"),
              cute_nvgpu_cluster_query("SM90_CLUSTER_CTAID_Z"));
}

/// The cluster's shape in CTAs.
CUTE_SM90_INLINE dim3 cluster_shape() {
  return dim3(cute_nvgpu_cluster_query("SM90_CLUSTER_NCTAID_X"),
              cute_nvgpu_cluster_query("SM90_CLUSTER_NCTAID_Y"),
              cute_nvgpu_cluster_query("SM90_CLUSTER_NCTAID_Z"));
}

/// Arrives at the cluster barrier without ordering memory.
CUTE_SM90_INLINE void cluster_arrive_relaxed() {
  cute_nvgpu_cluster_barrier("SM90_CLUSTER_ARRIVE_RELAXED");
}

/// Arrives at the cluster barrier (release).
CUTE_SM90_INLINE void cluster_arrive() {
  cute_nvgpu_cluster_barrier("SM90_CLUSTER_ARRIVE");
}

/// Waits until every thread of the cluster arrived (acquire).
CUTE_SM90_INLINE void cluster_wait() {
  cute_nvgpu_cluster_barrier("SM90_CLUSTER_WAIT");
}

/// cluster_arrive() then cluster_wait(): all threads of all CTAs of the
/// cluster.
CUTE_SM90_INLINE void cluster_sync() {
  cluster_arrive();
  cluster_wait();
}

//===----------------------------------------------------------------------===//
// Named barriers
//===----------------------------------------------------------------------===//

/// CUTLASS's NamedBarrier::sync(Threads, Id): waits until \p Threads
/// threads (a multiple of 32, every thread of each warp) have arrived at
/// named barrier \p Id (1-15; 0 is __syncthreads').
CUTE_SM90_INLINE void named_barrier_sync(unsigned Threads, unsigned Id) {
  cute_nvgpu_named_barrier("SM80_NAMED_BARRIER_SYNC", Id, Threads);
}
/// NamedBarrier::arrive(Threads, Id): arrives without waiting.
CUTE_SM90_INLINE void named_barrier_arrive(unsigned Threads, unsigned Id) {
  cute_nvgpu_named_barrier("SM80_NAMED_BARRIER_ARRIVE", Id, Threads);
}

//===----------------------------------------------------------------------===//
// Register reallocation (sm_90a)
//===----------------------------------------------------------------------===//

/// Raises the warpgroup's per-thread register count to \p R.
template <unsigned R> CUTE_SM90_INLINE void setmaxnreg_inc() {
  static_assert(R % 8 == 0 && R >= 24 && R <= 256,
                "setmaxnreg takes a multiple of 8 in [24, 256]");
  cute_nvgpu_setmaxnreg("SM90_SETMAXNREG_INC", R);
}

/// Lowers the warpgroup's per-thread register count to \p R.
template <unsigned R> CUTE_SM90_INLINE void setmaxnreg_dec() {
  static_assert(R % 8 == 0 && R >= 24 && R <= 256,
                "setmaxnreg takes a multiple of 8 in [24, 256]");
  cute_nvgpu_setmaxnreg("SM90_SETMAXNREG_DEC", R);
}

//===----------------------------------------------------------------------===//
// Async groups
//===----------------------------------------------------------------------===//

/// Commits this thread's cp.async copies issued so far into a group.
CUTE_SM90_INLINE void cp_async_commit() {
  cute_nvgpu_async_group("SM80_CP_ASYNC_COMMIT", 0);
}

/// Waits until at most \p N of this thread's cp.async groups are pending.
template <int N> CUTE_SM90_INLINE void cp_async_wait() {
  static_assert(N >= 0, "cp_async_wait takes a pending-group count >= 0");
  cute_nvgpu_async_group("SM80_CP_ASYNC_WAIT", N);
}

/// Commits this thread's TMA stores and reductions issued so far into a
/// bulk group.
CUTE_SM90_INLINE void tma_store_commit() {
  cute_nvgpu_async_group("SM90_BULK_COMMIT", 0);
}

/// Waits until at most \p N of this thread's bulk groups still read their
/// shared memory (which may then be overwritten).
template <int N> CUTE_SM90_INLINE void tma_store_wait() {
  static_assert(N >= 0, "tma_store_wait takes a pending-group count >= 0");
  cute_nvgpu_async_group("SM90_BULK_WAIT_READ", N);
}

/// Waits until at most \p N of this thread's bulk groups are pending
/// (their writes to global memory complete).
template <int N> CUTE_SM90_INLINE void tma_store_wait_all() {
  static_assert(N >= 0, "tma_store_wait_all takes a count >= 0");
  cute_nvgpu_async_group("SM90_BULK_WAIT", N);
}

} // namespace sm90
} // namespace cute

#undef CUTE_SM90_INLINE


#endif // CUTE_ARCH_SM90_H
