// A call of an atom wrapper on a target below the atom's tier is the atom
// lowering's one error at the user's call, naming the atom, the target and
// the tiers that have it: <cute/arch/sm90.h> and <cute/arch/sm100.h> (and
// the generated <cute_nvgpu_atoms.h>) declare every wrapper for every
// target, so no call is an undeclared identifier or a cascade in a header.
// Every operand-free wrapper of sm90.h and wgmma.h on sm_80, of sm100.h on
// sm_90a (cluster_sync is two atoms on one line: one error).
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_80 -ferror-limit=0 -S -O3 -DSM90_ON_SM80 %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80 \
// RUN:   --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only \
// RUN:   --cuda-gpu-arch=sm_90a -ferror-limit=0 -S -O0 -g -DSM100_ON_SM90 %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90 \
// RUN:   --implicit-check-not=error:

#include <cute/arch/sm100.h>
#include <cute/arch/sm90.h>
#include <cute/arch/wgmma.h>
#include <cute/llvm.h>
using namespace cute;

#ifdef SM90_ON_SM80
__global__ void k_sm90(unsigned *Out) {
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_FENCE_MBARRIER_INIT': atom 'atom.fence' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  sm90::fence_barrier_init();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_FENCE_PROXY_ASYNC_SHARED_CTA': atom 'atom.fence' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  sm90::fence_view_async_shared();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:12: variant 'SM90_ELECT_ONE_SYNC': atom 'atom.elect_sync' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  Out[0] = sm90::elect_one_sync();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:12: variant 'SM90_CLUSTER_CTARANK': atom 'atom.cluster_query' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  Out[1] = sm90::cluster_ctarank();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:12: variant 'SM90_CLUSTER_NCTARANK': atom 'atom.cluster_query' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  Out[2] = sm90::cluster_nctarank();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:12: variant 'SM90_CLUSTER_CTAID_X': atom 'atom.cluster_query' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  Out[3] = sm90::block_id_in_cluster().x;
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:12: variant 'SM90_CLUSTER_NCTAID_X': atom 'atom.cluster_query' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  Out[4] = sm90::cluster_shape().y;
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_CLUSTER_ARRIVE_RELAXED': atom 'atom.cluster_barrier' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  sm90::cluster_arrive_relaxed();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_CLUSTER_ARRIVE': atom 'atom.cluster_barrier' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  sm90::cluster_arrive();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_CLUSTER_WAIT': atom 'atom.cluster_barrier' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  sm90::cluster_wait();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_CLUSTER_ARRIVE': atom 'atom.cluster_barrier' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  sm90::cluster_sync();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_SETMAXNREG_INC': atom 'atom.setmaxnreg' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  sm90::setmaxnreg_inc<240>();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_SETMAXNREG_DEC': atom 'atom.setmaxnreg' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  sm90::setmaxnreg_dec<40>();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_BULK_COMMIT': variant 'SM90_BULK_COMMIT' of atom 'atom.async_group' requires feature tma, which target sm_80 lacks (the tiers that have it: {{.*}})
  sm90::tma_store_commit();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_BULK_WAIT_READ': variant 'SM90_BULK_WAIT_READ' of atom 'atom.async_group' requires feature tma, which target sm_80 lacks (the tiers that have it: {{.*}})
  sm90::tma_store_wait<0>();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_BULK_WAIT': variant 'SM90_BULK_WAIT' of atom 'atom.async_group' requires feature tma, which target sm_80 lacks (the tiers that have it: {{.*}})
  sm90::tma_store_wait_all<0>();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_WGMMA_FENCE': atom 'sm90.wgmma_fence' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  warpgroup_arrive();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_WGMMA_COMMIT_GROUP': atom 'sm90.wgmma_commit' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  warpgroup_commit_batch();
  // SM80: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM90_WGMMA_WAIT_GROUP': atom 'sm90.wgmma_wait' requires tier sm_90, which exceeds target sm_80 (the tiers that have it: {{.*}})
  warpgroup_wait<0>();
}
#endif
#ifdef SM100_ON_SM90
__global__ void k_sm100() {
  // SM90: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMEM_RELINQUISH_ALLOC_PERMIT_1SM': atom 'atom.tmem_relinquish_alloc_permit' requires tier sm_100, which exceeds target sm_90a (the tiers that have it: {{.*}})
  sm100::tmem_relinquish_alloc_permit();
  // SM90: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMEM_LOAD_WAIT': atom 'atom.tmem_wait' requires tier sm_100, which exceeds target sm_90a (the tiers that have it: {{.*}})
  sm100::tmem_wait_ld();
  // SM90: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM100_TMEM_STORE_WAIT': atom 'atom.tmem_wait' requires tier sm_100, which exceeds target sm_90a (the tiers that have it: {{.*}})
  sm100::tmem_wait_st();
  // SM90: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM100_TCGEN05_FENCE_BEFORE_THREAD_SYNC': atom 'atom.tcgen05_fence' requires tier sm_100, which exceeds target sm_90a (the tiers that have it: {{.*}})
  sm100::tcgen05_fence_before_thread_sync();
  // SM90: error: {{.*}}cuda-tier-errors.cu:[[@LINE+1]]:3: variant 'SM100_TCGEN05_FENCE_AFTER_THREAD_SYNC': atom 'atom.tcgen05_fence' requires tier sm_100, which exceeds target sm_90a (the tiers that have it: {{.*}})
  sm100::tcgen05_fence_after_thread_sync();
}
#endif
