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
#define CUTE_WGMMA_INLINE __device__ __forceinline__
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
} // namespace cute

#undef CUTE_WGMMA_INLINE

#endif // CUTE_ARCH_WGMMA_H
