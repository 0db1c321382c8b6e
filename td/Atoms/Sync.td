//===- Sync.td - mbarriers, fences, clusters, async groups -*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// The support operations a pipelined kernel places between its atoms, as
// `llvm.cute.nvgpu.*` calls: mbarrier init / arrive / expect-tx / wait /
// inval, the proxy and mbarrier-init fences, elect.sync, the cluster
// queries and barriers, setmaxnreg, and the commit and wait of cp.async and
// bulk (TMA store) groups. Each variant is one NVVM intrinsic; the wait is
// that intrinsic in a loop (MbarrierWaitLowering).
//
// The mbarrier operands are 8-byte shared-memory words (a generic pointer
// into shared memory, or an addrspace(3) one).
//
//===----------------------------------------------------------------------===//

/// A support operation the kernel places between the atoms (mbarriers,
/// fences, elections, cluster barriers and queries, register reallocation,
/// async-group commits and waits). Its variants are plain AtomVariants with
/// a selector and PTX operands; \p result is the C type the call returns.
class CuteSyncAtom<string mnemonic, string minTier, LoweringKind lowering,
                   list<AtomParam> params = [], string result = "void">
    : CuteAtom<mnemonic, minTier, [SyncAtom], lowering> {
  let Params = params;
  let Result = result;
}

/// One support variant: \p ptx as NVPTX prints the instruction of \p intr,
/// \p args its operands in the PTX statement.
class SyncVariant<CuteSyncAtom atom, string name, string ptx, Intrinsic intr,
                  string args = "", list<PtxOperand> ops = []>
    : AtomVariant<atom, name> {
  let Ptx = ptx;
  let Sel = NVVMIntrinsic<intr>;
  let PtxAsm = Ptx # !if(!empty(args), "", " " # args) # ";";
  let PtxOperands = ops;
  let ThrID = "1:0";
}

/// The 8-byte mbarrier word in shared memory.
defvar MbarOperand = PtxMbarrier<"bar">;

//===----------------------------------------------------------------------===//
// mbarrier
//===----------------------------------------------------------------------===//

def atom_mbarrier_init
    : CuteSyncAtom<"atom.mbarrier_init", "sm_80", SyncLowering,
                   [AtomParam<"void *", "bar">, AtomParam<"unsigned", "count">]> {
  let Summary = "initialise an mbarrier for count arrivals";
}
def : SyncVariant<atom_mbarrier_init, "SM80_MBARRIER_INIT", "mbarrier.init.shared.b64",
                  int_nvvm_mbarrier_init_shared, "[$bar], $count",
                  [MbarOperand, PtxRegIn<"count", "b32", 1, 1048575>]>;

/// The arrivals share (bar, bytes): a plain arrive takes no bytes (0).
def atom_mbarrier_arrive
    : CuteSyncAtom<"atom.mbarrier_arrive", "sm_80", SyncLowering,
                   [AtomParam<"void *", "bar">, AtomParam<"unsigned", "bytes">]> {
  let Summary = "arrive on an mbarrier (and expect a transaction of bytes)";
}
def : SyncVariant<atom_mbarrier_arrive, "SM80_MBARRIER_ARRIVE",
                  "mbarrier.arrive.shared.b64", int_nvvm_mbarrier_arrive_shared,
                  "$state, [$bar]", [PtxReg<"state", "b64">, MbarOperand]>;
def : SyncVariant<atom_mbarrier_arrive, "SM90_MBARRIER_ARRIVE_EXPECT_TX",
                  "mbarrier.arrive.expect_tx.shared.b64",
                  int_nvvm_mbarrier_arrive_expect_tx_scope_cta_space_cta,
                  "$state, [$bar], $bytes",
                  [PtxReg<"state", "b64">, MbarOperand,
                   PtxRegIn<"bytes", "b32", 0, 1048575>]> {
  let Features = [FeatTma];
  let MinPtx = 80;
}
def : SyncVariant<atom_mbarrier_arrive, "SM90_MBARRIER_EXPECT_TX",
                  "mbarrier.expect_tx.relaxed.cta.shared.b64",
                  int_nvvm_mbarrier_expect_tx_scope_cta_space_cta, "[$bar], $bytes",
                  [MbarOperand, PtxRegIn<"bytes", "b32", 0, 1048575>]> {
  let Features = [FeatTma];
  let MinPtx = 80;
}

/// Arrives on the mbarrier at the same offset in CTA `cta` of the cluster,
/// this CTA included, with mbarrier.arrive's default semantics (release at
/// CTA scope), as CUTLASS's ClusterBarrier::arrive(cta_id, pred): a
/// consumer releasing a buffer that a multicast load of another CTA fills.
/// (The cluster-scope release, `.release.cluster`, is far costlier there:
/// examples/gemm_sm90 in 2x1 clusters, whose consumers release a stage
/// while one k-tile of WGMMAs is in flight, ran at 328 TFLOP/s with it
/// against 852 with this one, H100, 4096^3.)
def atom_mbarrier_arrive_cluster
    : CuteSyncAtom<"atom.mbarrier_arrive_cluster", "sm_90", SyncLowering,
                   [AtomParam<"void *", "bar">, AtomParam<"unsigned", "cta">]> {
  let Summary = "arrive on the mbarrier at the same offset in a CTA of the "
                "cluster";
}
def : SyncVariant<atom_mbarrier_arrive_cluster, "SM90_MBARRIER_ARRIVE_CLUSTER",
                  "mbarrier.arrive.shared::cluster.b64",
                  int_nvvm_mbarrier_arrive_scope_cta_space_cluster,
                  "_, [$bar], $count",
                  [PtxClusterSmem<"bar", 8, "cta", "mbarrier", 8>,
                   PtxRegConst<"count", "b32", "1">]> {
  let MinPtx = 80;
}

/// Waits until the phase of the given parity completes: try_wait (which
/// suspends for a while) in a loop.
def atom_mbarrier_wait
    : CuteSyncAtom<"atom.mbarrier_wait", "sm_90", MbarrierWaitLowering,
                   [AtomParam<"void *", "bar">, AtomParam<"unsigned", "phase">]> {
  let Summary = "wait for an mbarrier phase (parity) to complete";
}
def : SyncVariant<atom_mbarrier_wait, "SM90_MBARRIER_TRY_WAIT_PARITY",
                  "mbarrier.try_wait.parity.shared.b64",
                  int_nvvm_mbarrier_try_wait_parity_scope_cta_space_cta,
                  "$done, [$bar], $phase",
                  [PtxPred<"done">, MbarOperand, PtxReg<"phase", "b32">]>;

def atom_mbarrier_inval
    : CuteSyncAtom<"atom.mbarrier_inval", "sm_80", SyncLowering,
                   [AtomParam<"void *", "bar">]> {
  let Summary = "invalidate an mbarrier";
}
def : SyncVariant<atom_mbarrier_inval, "SM80_MBARRIER_INVAL", "mbarrier.inval.shared.b64",
                  int_nvvm_mbarrier_inval_shared, "[$bar]", [MbarOperand]>;

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

def atom_fence : CuteSyncAtom<"atom.fence", "sm_90", SyncLowering> {
  let Summary = "proxy and mbarrier-initialisation fences";
}
/// CuTe's fence_view_async_shared: generic-proxy writes to shared memory
/// become visible to the async proxy (TMA stores, WGMMA operands).
def : SyncVariant<atom_fence, "SM90_FENCE_PROXY_ASYNC_SHARED_CTA",
                  "fence.proxy.async.shared::cta", int_nvvm_fence_proxy_async_shared_cta> {
  let MinPtx = 80;
}
def : SyncVariant<atom_fence, "SM90_FENCE_PROXY_ASYNC", "fence.proxy.async",
                  int_nvvm_fence_proxy_async> {
  let MinPtx = 80;
}
/// CuTe's fence_barrier_init: mbarrier initialisations become visible to
/// the cluster.
def : SyncVariant<atom_fence, "SM90_FENCE_MBARRIER_INIT",
                  "fence.mbarrier_init.release.cluster",
                  int_nvvm_fence_mbarrier_init_release_cluster> {
  let MinPtx = 80;
}

//===----------------------------------------------------------------------===//
// Election
//===----------------------------------------------------------------------===//

/// One lane of \p membermask is elected; the call returns true in it (as
/// bool / i1) or the elected lane (as an int).
def atom_elect_sync
    : CuteSyncAtom<"atom.elect_sync", "sm_90", SyncLowering,
                   [AtomParam<"unsigned", "membermask">], "bool"> {
  let Summary = "elect one lane of a warp";
}
def : SyncVariant<atom_elect_sync, "SM90_ELECT_ONE_SYNC", "elect.sync",
                  int_nvvm_elect_sync, "$lane|$pred, $membermask",
                  [PtxReg<"lane", "b32">, PtxPred<"pred">,
                   PtxReg<"membermask", "b32">]> {
  let MinPtx = 80;
}

//===----------------------------------------------------------------------===//
// Clusters
//===----------------------------------------------------------------------===//

def atom_cluster_query
    : CuteSyncAtom<"atom.cluster_query", "sm_90", SyncLowering, [], "unsigned"> {
  let Summary = "the CTA's rank and id in its cluster, the cluster's size";
}
foreach sreg = ["ctarank", "nctarank", "ctaid.x", "ctaid.y", "ctaid.z",
                "nctaid.x", "nctaid.y", "nctaid.z"] in
  def : SyncVariant<atom_cluster_query,
                    "SM90_CLUSTER_" # !toupper(!subst(".", "_", sreg)), "mov.u32",
                    !cast<Intrinsic>("int_nvvm_read_ptx_sreg_cluster_" #
                                     !subst(".", "_", sreg)),
                    "$r, %cluster_" # sreg, [PtxReg<"r", "b32">]>;

def atom_cluster_barrier : CuteSyncAtom<"atom.cluster_barrier", "sm_90", SyncLowering> {
  let Summary = "arrive at and wait on the cluster barrier (warp-aligned)";
}
def : SyncVariant<atom_cluster_barrier, "SM90_CLUSTER_ARRIVE",
                  "barrier.cluster.arrive.aligned",
                  int_nvvm_barrier_cluster_arrive_aligned>;
def : SyncVariant<atom_cluster_barrier, "SM90_CLUSTER_ARRIVE_RELAXED",
                  "barrier.cluster.arrive.relaxed.aligned",
                  int_nvvm_barrier_cluster_arrive_relaxed_aligned> {
  let MinPtx = 80;
}
def : SyncVariant<atom_cluster_barrier, "SM90_CLUSTER_WAIT",
                  "barrier.cluster.wait.aligned", int_nvvm_barrier_cluster_wait_aligned>;

/// Named CTA barriers (CUTLASS's NamedBarrier): barrier `id` (0-15; 0 is
/// __syncthreads') completes when `count` threads (a multiple of the warp
/// size) have arrived; sync arrives and waits, arrive only arrives. The
/// warp-aligned forms: every thread of a warp executes the same one. A
/// kernel's warpgroups order their phases with them (FlashAttention-3's
/// ping-pong of two consumer warpgroups).
/// Barrier ids 0-15; a thread count that is a multiple of the warp size.
defvar NamedBarrierOperands = [PtxRegIn<"id", "b32", 0, 15>,
                               PtxRegIn<"count", "b32", 32, 1024, 32>];
def atom_named_barrier
    : CuteSyncAtom<"atom.named_barrier", "sm_80", SyncLowering,
                   [AtomParam<"unsigned", "id">, AtomParam<"unsigned", "count">]> {
  let Summary = "arrive at (and wait on) a named CTA barrier of count threads";
}
def : SyncVariant<atom_named_barrier, "SM80_NAMED_BARRIER_SYNC", "bar.sync",
                  int_nvvm_barrier_cta_sync_aligned_count, "$id, $count",
                  NamedBarrierOperands>;
def : SyncVariant<atom_named_barrier, "SM80_NAMED_BARRIER_ARRIVE", "bar.arrive",
                  int_nvvm_barrier_cta_arrive_aligned_count, "$id, $count",
                  NamedBarrierOperands>;

//===----------------------------------------------------------------------===//
// Register reallocation
//===----------------------------------------------------------------------===//

def atom_setmaxnreg
    : CuteSyncAtom<"atom.setmaxnreg", "sm_90", SyncLowering,
                   [AtomParam<"unsigned", "regs">]> {
  let Summary = "raise or lower the warpgroup's per-thread register count";
  let Features = [FeatSetmaxnreg];
}
foreach op = ["inc", "dec"] in
  def : SyncVariant<atom_setmaxnreg, "SM90_SETMAXNREG_" # !toupper(op),
                    "setmaxnreg." # op # ".sync.aligned.u32",
                    !cast<Intrinsic>("int_nvvm_setmaxnreg_" # op # "_sync_aligned_u32"),
                    "$regs",
                    [PtxImmArg<"regs", !if(!eq(op, "inc"), "240", "40")>]>;
/// The register count: a multiple of 8 in [24, 256] (the intrinsic's range).
def SetmaxnregCount
    : RangeCheck<[atom_setmaxnreg], "regs", 24, 256, 8, OperandNotMultipleInRange>;

//===----------------------------------------------------------------------===//
// Async groups: cp.async and bulk (TMA store) commit and wait
//===----------------------------------------------------------------------===//

/// Commit the async copies issued so far into a group, or wait until at
/// most n groups are pending (an immediate; a commit takes 0).
def atom_async_group
    : CuteSyncAtom<"atom.async_group", "sm_80", SyncLowering,
                   [AtomParam<"unsigned", "n">]> {
  let Summary = "commit and wait for cp.async and bulk async-groups";
}
def : SyncVariant<atom_async_group, "SM80_CP_ASYNC_COMMIT", "cp.async.commit_group",
                  int_nvvm_cp_async_commit_group> {
  let Features = [FeatCpAsync];
}
def : SyncVariant<atom_async_group, "SM80_CP_ASYNC_WAIT", "cp.async.wait_group",
                  int_nvvm_cp_async_wait_group, "$n",
                  [PtxImmArg<"n", "0">]> {
  let Features = [FeatCpAsync];
}
def : SyncVariant<atom_async_group, "SM90_BULK_COMMIT", "cp.async.bulk.commit_group",
                  int_nvvm_cp_async_bulk_commit_group> {
  let Features = [FeatTma];
  let MinPtx = 80;
}
foreach read = [0, 1] in
  def : SyncVariant<atom_async_group,
                    "SM90_BULK_WAIT" # !if(read, "_READ", ""),
                    "cp.async.bulk.wait_group" # !if(read, ".read", ""),
                    !cast<Intrinsic>("int_nvvm_cp_async_bulk_wait_group" #
                                     !if(read, "_read", "")),
                    "$n", [PtxImmArg<"n", "0">]> {
    let Features = [FeatTma];
    let MinPtx = 80;
  }
/// The pending groups a wait leaves: any non-negative count.
def AsyncGroupWaitCount
    : RangeCheck<[atom_async_group], "n", 0, 2147483647, 1, OperandNotInRange>;

//===----------------------------------------------------------------------===//
// Tensor memory (tcgen05): allocation, the UMMA commit, waits and fences
//===----------------------------------------------------------------------===//

/// A tcgen05 support operation: datacenter Blackwell, with tensor memory.
class Tcgen05SyncAtom<string mnemonic, LoweringKind lowering,
                      list<AtomParam> params = [], string result = "void">
    : CuteSyncAtom<mnemonic, "sm_100", lowering, params, result> {
  let Features = [FeatTmem];
}

/// The CuTe suffix of a 1-CTA or 2-CTA (CTA pair) form.
class CtaGroupSuffix<int ctas> {
  string ret = !if(!eq(ctas, 2), "_2SM", "_1SM");
}

/// CuTe's TMEM::Allocator1Sm / Allocator2Sm: allocate ncols columns (a power
/// of 2 from 32 to 512) and write their TMEM address to the 4-byte shared
/// slot dst; free them; give up the right to allocate.
/// Tensor memory is allocated in columns: a power of two in [32, 512].
defvar TmemColumns = PtxRegPow2In<"ncols", "b32", 32, 512>;
def atom_tmem_alloc
    : Tcgen05SyncAtom<"atom.tmem_alloc", SyncLowering,
                      [AtomParam<"void *", "dst">, AtomParam<"unsigned", "ncols">]> {
  let Summary = "allocate tensor-memory columns, their address written to shared memory";
}
def atom_tmem_dealloc
    : Tcgen05SyncAtom<"atom.tmem_dealloc", SyncLowering,
                      [AtomParam<"unsigned", "taddr">, AtomParam<"unsigned", "ncols">]> {
  let Summary = "free tensor-memory columns";
}
def atom_tmem_relinquish_alloc_permit
    : Tcgen05SyncAtom<"atom.tmem_relinquish_alloc_permit", SyncLowering> {
  let Summary = "give up the CTA's right to allocate tensor memory";
}
foreach ctas = [1, 2] in {
  defvar G = ".cta_group::" # ctas;
  defvar Cg = "_cg" # ctas;
  def : SyncVariant<atom_tmem_alloc, "SM100_TMEM_ALLOC" # CtaGroupSuffix<ctas>.ret,
                    "tcgen05.alloc" # G # ".sync.aligned.shared::cta.b32",
                    !cast<Intrinsic>("int_nvvm_tcgen05_alloc_shared" # Cg),
                    "[$dst], $ncols", [PtxTmemSlot<"dst">, TmemColumns]>;
  def : SyncVariant<atom_tmem_dealloc, "SM100_TMEM_DEALLOC" # CtaGroupSuffix<ctas>.ret,
                    "tcgen05.dealloc" # G # ".sync.aligned.b32",
                    !cast<Intrinsic>("int_nvvm_tcgen05_dealloc" # Cg),
                    "$taddr, $ncols", [PtxTmem<"taddr">, TmemColumns]>;
  def : SyncVariant<atom_tmem_relinquish_alloc_permit,
                    "SM100_TMEM_RELINQUISH_ALLOC_PERMIT" # CtaGroupSuffix<ctas>.ret,
                    "tcgen05.relinquish_alloc_permit" # G # ".sync.aligned",
                    !cast<Intrinsic>("int_nvvm_tcgen05_relinq_alloc_permit" # Cg)>;
}

/// The retrieve_tmem_ptr operation: the TMEM address of the columns allocated
/// through the shared slot (the handle). The first retrieval of a handle in a
/// function allocates ncols columns into the slot, relinquishes the permit
/// and reads the address back; every later one reuses that address.
def atom_retrieve_tmem_ptr
    : Tcgen05SyncAtom<"atom.retrieve_tmem_ptr", TmemAllocLowering,
                      [AtomParam<"void *", "dst">, AtomParam<"unsigned", "ncols">],
                      "unsigned"> {
  let Summary = "the TMEM address allocated through a shared slot, allocated once per function";
}
foreach ctas = [1, 2] in
  def : SyncVariant<atom_retrieve_tmem_ptr,
                    "SM100_TMEM_RETRIEVE_PTR" # CtaGroupSuffix<ctas>.ret,
                    "tcgen05.alloc.cta_group::" # ctas # ".sync.aligned.shared::cta.b32",
                    !cast<Intrinsic>("int_nvvm_tcgen05_alloc_shared_cg" # ctas),
                    "[$dst], $ncols", [PtxTmemSlot<"dst">, TmemColumns]> {
    let PtxAfter = ["tcgen05.relinquish_alloc_permit.cta_group::" # ctas # ".sync.aligned;"];
  }

/// CuTe's umma_arrive[_multicast][_2x1SM]: the mbarrier (in every CTA of the
/// mask, for the multicast forms) tracks the completion of the UMMAs the
/// thread issued before.
def atom_umma_commit
    : Tcgen05SyncAtom<"atom.umma_commit", SyncLowering,
                      [AtomParam<"void *", "bar">, AtomParam<"unsigned short", "mask">]> {
  let Summary = "arrive on an mbarrier when the issued UMMAs complete";
  let Features = [FeatTcgen05];
}
foreach ctas = [1, 2] in
  foreach mc = [0, 1] in
    def : SyncVariant<atom_umma_commit,
                      "SM100_UMMA_ARRIVE" # !if(mc, "_MULTICAST", "") #
                          !if(!eq(ctas, 2), "_2x1SM", ""),
                      "tcgen05.commit.cta_group::" # ctas #
                          ".mbarrier::arrive::one.shared::cluster" #
                          !if(mc, ".multicast::cluster", "") # ".b64",
                      !cast<Intrinsic>("int_nvvm_tcgen05_commit" # !if(mc, "_mc", "") #
                                       "_shared_cg" # ctas),
                      !if(mc, "[$bar], $mask", "[$bar]"),
                      !listconcat([MbarOperand], !if(mc, [PtxReg<"mask", "b16">], []))>;

/// tcgen05.wait::ld / ::st: the thread's tcgen05.ld (st) have completed.
def atom_tmem_wait : Tcgen05SyncAtom<"atom.tmem_wait", SyncLowering> {
  let Summary = "wait for the thread's tensor-memory loads or stores";
}
def : SyncVariant<atom_tmem_wait, "SM100_TMEM_LOAD_WAIT", "tcgen05.wait::ld.sync.aligned",
                  int_nvvm_tcgen05_wait_ld>;
def : SyncVariant<atom_tmem_wait, "SM100_TMEM_STORE_WAIT", "tcgen05.wait::st.sync.aligned",
                  int_nvvm_tcgen05_wait_st>;

/// Orders tcgen05 operations around a thread synchronisation (CuTe's
/// tcgen05_before_thread_sync / tcgen05_after_thread_sync).
def atom_tcgen05_fence : Tcgen05SyncAtom<"atom.tcgen05_fence", SyncLowering> {
  let Summary = "order tcgen05 operations before or after a thread synchronisation";
}
def : SyncVariant<atom_tcgen05_fence, "SM100_TCGEN05_FENCE_BEFORE_THREAD_SYNC",
                  "tcgen05.fence::before_thread_sync",
                  int_nvvm_tcgen05_fence_before_thread_sync>;
def : SyncVariant<atom_tcgen05_fence, "SM100_TCGEN05_FENCE_AFTER_THREAD_SYNC",
                  "tcgen05.fence::after_thread_sync",
                  int_nvvm_tcgen05_fence_after_thread_sync>;

//===----------------------------------------------------------------------===//
// Operand checks
//===----------------------------------------------------------------------===//

/// An mbarrier is an 8-byte object at an 8-byte aligned address: an offset
/// that breaks the alignment of the object it lies in is an error at the
/// call (the instruction would fault).
def MbarrierAlignment
    : AlignCheck<[atom_mbarrier_init, atom_mbarrier_arrive,
                  atom_mbarrier_arrive_cluster, atom_mbarrier_wait,
                  atom_mbarrier_inval, atom_umma_commit],
                 "bar", 8, MbarrierMisaligned>;
