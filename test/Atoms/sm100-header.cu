// <cute/arch/sm100.h> from CUDA C++: every wrapper lowers to its tcgen05
// (or TMA) instruction through cute-clang++ -fcute-lowering (at -O3 and at
// -O0), no atom call is left, and ptxas accepts the PTX. The 1-CTA and the
// CTA-pair forms are in two kernels (ptxas rejects a kernel mixing them).
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 %s -o %t.O3.ptx
// RUN: FileCheck %s < %t.O3.ptx
// RUN: %ptxas -arch=sm_100a %t.O3.ptx -o /dev/null
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O0 %s -o %t.O0.ptx
// RUN: FileCheck %s < %t.O0.ptx
// RUN: %ptxas -arch=sm_100a %t.O0.ptx -o /dev/null

#include <cute/arch/sm100.h>

struct alignas(64) TensorMap {
  char Bytes[128];
};

static_assert(cute::sm100::umma_idesc() == 0, "K-major, no negation");
static_assert(cute::sm100::umma_idesc(cute::sm100::UmmaMajor::MN,
                                      cute::sm100::UmmaMajor::K, true,
                                      false) == (1u << 15 | 1u << 13),
              "A MN-major and negated");
static_assert(cute::sm100::tmem_addr(0x10, 32, 8) == (32u << 16 | 0x18),
              "lane in bits 16-31, column in 0-15");

// CHECK-NOT: llvm.cute
// CHECK-LABEL: .entry _Z4one1PjPKhj(
__global__ void one1(uint32_t *Out, const unsigned char *, uint32_t Flag) {
  using namespace cute;
  __shared__ alignas(1024) _Float16 A[128 * 64];
  __shared__ alignas(1024) _Float16 B[256 * 64];
  __shared__ uint64_t Bar;
  __shared__ uint32_t Slot;
  // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
  // CHECK: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
  if (threadIdx.x < 32) {
    sm100::tmem_alloc(&Slot, 256);
    sm100::tmem_relinquish_alloc_permit();
  }
  // CHECK: tcgen05.fence::before_thread_sync;
  sm100::tcgen05_fence_before_thread_sync();
  __syncthreads();
  // CHECK: tcgen05.fence::after_thread_sync;
  sm100::tcgen05_fence_after_thread_sync();
  uint32_t T = *(volatile uint32_t *)&Slot;
  if (threadIdx.x == 0) {
    uint64_t DA = make_umma_desc(
        local_tile(make_view(A, make_layout("S<3,3,3> o 0 o (128,64):(64,1)")),
                   make_tile("(128,16)"), make_coord("(0,0)")),
        "major=K");
    uint64_t DB = make_umma_desc(
        local_tile(make_view(B, make_layout("S<3,3,3> o 0 o (256,64):(64,1)")),
                   make_tile("(256,16)"), make_coord("(0,0)")),
        "major=K");
    // CHECK: tcgen05.mma.cta_group::1.kind::f16
    sm100::umma("SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>", T, DA, DB,
                sm100::umma_idesc(), Flag != 0);
    // CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd
    sm100::umma_ts("SM100_MMA_F16BF16_TS<F16,F16,F32,128,256>", T, T + 256, DB,
                   sm100::umma_idesc(), true);
    // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
    sm100::umma_commit(&Bar);
    // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64
    sm100::umma_commit_multicast(&Bar, 1);
    // CHECK: tcgen05.cp.cta_group::1.128x256b
    sm100::s2t_copy("SM100_UTCCP_128dp256bit_1cta", T, DA);
  }
  __syncwarp();
  uint32_t R[8];
  // CHECK: tcgen05.ld.sync.aligned.32x32b.x8.b32
  // CHECK: tcgen05.wait::ld.sync.aligned;
  sm100::tmem_load_32dp32b<8>(sm100::tmem_addr(T, 32 * (threadIdx.x / 32), 0),
                              R);
  // CHECK: tcgen05.st.sync.aligned.32x32b.x8.b32
  // CHECK: tcgen05.wait::st.sync.aligned;
  sm100::tmem_store_32dp32b<8>(T, R);
  uint32_t Q[4];
  // CHECK: tcgen05.ld.sync.aligned.16x256b.x1.b32
  sm100::tmem_load("SM100_TMEM_LOAD_16dp256b1x", T, Q);
  // CHECK: tcgen05.st.sync.aligned.16x256b.x1.b32
  sm100::tmem_store("SM100_TMEM_STORE_16dp256b1x", T, Q);
  // CHECK: tcgen05.wait::ld.sync.aligned;
  sm100::tmem_wait_ld();
  // CHECK: tcgen05.wait::st.sync.aligned;
  sm100::tmem_wait_st();
  Out[threadIdx.x] = R[0] + R[7] + Q[3];
  __syncthreads();
  // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
  if (threadIdx.x < 32)
    sm100::tmem_dealloc(T, 256);
}

// CHECK-LABEL: .entry _Z4pair9TensorMapPjii(
__global__ void pair(const __grid_constant__ TensorMap TMap, uint32_t *Out,
                     int X, int Y) {
  using namespace cute;
  __shared__ alignas(1024) _Float16 A[128 * 64];
  __shared__ alignas(1024) _Float16 B[128 * 64];
  __shared__ uint64_t Bar;
  __shared__ uint32_t Slot;
  uint32_t T = 0;
  // retrieve_tmem_ptr: one alloc, the relinquish, the read of the address.
  // CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
  // CHECK: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
  // CHECK-NOT: tcgen05.alloc
  if (threadIdx.x < 32)
    T = sm100::retrieve_tmem_ptr<2>(&Slot, 512);
  if (threadIdx.x == 0) {
    // The peer bit cleared (the low bits too: the barrier is 8-byte aligned).
    // CHECK: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 427819007{{[0-9]}};
    // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2
    sm100::tma_load_2sm(&TMap, &Bar, A, X, Y);
    // CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2
    sm100::tma_load_2sm(&TMap, &Bar, A, X, Y, 0);
    uint64_t DA = make_umma_desc(
        local_tile(make_view(A, make_layout("S<3,3,3> o 0 o (128,64):(64,1)")),
                   make_tile("(128,16)"), make_coord("(0,0)")),
        "major=K");
    uint64_t DB = make_umma_desc(
        local_tile(make_view(B, make_layout("S<3,3,3> o 0 o (128,64):(64,1)")),
                   make_tile("(128,16)"), make_coord("(0,0)")),
        "major=K");
    // CHECK: tcgen05.mma.cta_group::2.kind::f16
    sm100::umma("SM100_MMA_F16BF16_2x1SM_SS<F16,F16,F32,256,256>", T, DA, DB,
                sm100::umma_idesc(), false);
    // CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.b64
    sm100::umma_commit<2>(&Bar);
    // CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64
    sm100::umma_commit_multicast<2>(&Bar, 3);
    // CHECK: tcgen05.cp.cta_group::2.128x256b
    sm100::s2t_copy("SM100_UTCCP_128dp256bit_2cta", T, DA);
  }
  Out[threadIdx.x] = T;
  // CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32
  if (threadIdx.x < 32)
    sm100::tmem_dealloc<2>(T, 512);
}
