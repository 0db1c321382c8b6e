// <cute/arch/sm90.h> from CUDA C++: every wrapper lowers to its
// instruction through cute-clang++ -fcute-lowering (at -O3 and at -O0), no
// atom call is left, and ptxas accepts the PTX.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.O3.ptx
// RUN: FileCheck %s < %t.O3.ptx
// RUN: %ptxas -arch=sm_90a %t.O3.ptx -o /dev/null
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o %t.O0.ptx
// RUN: FileCheck %s < %t.O0.ptx
// RUN: %ptxas -arch=sm_90a %t.O0.ptx -o /dev/null

#include <cute/arch/sm90.h>

struct alignas(64) TensorMap {
  char Bytes[128];
};

// CHECK-NOT: llvm.cute
// CHECK-LABEL: .entry _Z6kernel9TensorMapPii(
__global__ void kernel(const __grid_constant__ TensorMap TMap, int *Out,
                       int X) {
  using namespace cute::sm90;
  __shared__ alignas(128) char Tile[8192];
  __shared__ uint64_t Bar;
  // CHECK: setmaxnreg.dec.sync.aligned.u32 40;
  setmaxnreg_dec<40>();
  // CHECK: setmaxnreg.inc.sync.aligned.u32 232;
  setmaxnreg_inc<232>();
  // CHECK: elect.sync
  if (elect_one_sync()) {
    // CHECK: mbarrier.init.shared.b64
    mbarrier_init(&Bar, 1);
    // CHECK: fence.mbarrier_init.release.cluster;
    fence_barrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    // CHECK: mbarrier.arrive.expect_tx.shared.b64
    mbarrier_arrive_expect_tx(&Bar, sizeof(Tile));
    // CHECK: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
    tma_load(&TMap, &Bar, Tile, X);
    // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
    tma_load(&TMap, &Bar, Tile, X, 1);
    // CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
    tma_load(&TMap, &Bar, Tile, X, 1, 2);
    // CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
    tma_load(&TMap, &Bar, Tile, X, 1, 2, 3);
    // CHECK: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
    tma_load(&TMap, &Bar, Tile, X, 1, 2, 3, 4);
    // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
    tma_load_multicast(&TMap, &Bar, 0x3, Tile, X, 0);
    // CHECK: cp.async.bulk.prefetch.tensor.3d.L2.global.tile
    tma_prefetch(&TMap, X, 0, 0);
  }
  // CHECK: mbarrier.try_wait.parity.shared.b64
  mbarrier_wait(&Bar, 0);
  // CHECK: fence.proxy.async.shared::cta;
  fence_view_async_shared();
  if (threadIdx.x == 0) {
    // CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
    tma_store(&TMap, Tile, X, 0);
    // CHECK: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
    tma_reduce_add(&TMap, Tile, X, 0);
    // CHECK: cp.async.bulk.commit_group;
    tma_store_commit();
    // CHECK: cp.async.bulk.wait_group.read 0;
    tma_store_wait<0>();
    // CHECK: mbarrier.arrive.shared.b64
    mbarrier_arrive(&Bar);
    // CHECK: mbarrier.inval.shared.b64
    mbarrier_inval(&Bar);
  }
  // CHECK: barrier.cluster.arrive.relaxed.aligned;
  cluster_arrive_relaxed();
  // CHECK: barrier.cluster.wait.aligned;
  cluster_wait();
  // CHECK: barrier.cluster.arrive.aligned;
  // CHECK: barrier.cluster.wait.aligned;
  cluster_sync();
  // CHECK: cp.async.commit_group;
  cp_async_commit();
  // CHECK: cp.async.wait_group 1;
  cp_async_wait<1>();
  // CHECK-DAG: %cluster_ctarank
  // CHECK-DAG: %cluster_ctaid.x
  dim3 Id = block_id_in_cluster();
  Out[threadIdx.x] = cluster_ctarank() + Id.x * 16 + Id.y;
}
