//===- Tiers.td - The SM tier roster -----------------------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// Every SM target tier the compiler accepts, with its parent tier, its minimum
// PTX ISA version and the features it adds, generated from one list of SM
// versions by the family rules (SmTiers in CuteBase.td). A tier inherits
// every atom and feature of its parent: the baseline tiers form one chain in
// numeric order (PTX for compute_X runs on any later SM), an `f` (family)
// tier adds its family's features to its baseline, and an `a` tier adds the
// arch-specific features to its baseline and implies its version's family
// tier. A parent never needs a newer PTX ISA than its child (cute-tblgen
// checks it).
//
// An atom is legal on a target when its minimum tier is the target or one of
// its ancestors and the target has every feature the atom needs.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Features
//===----------------------------------------------------------------------===//

def FeatLdmatrix   : TierFeature<"ldmatrix", "ldmatrix shared-memory matrix loads">;
def FeatCpAsync    : TierFeature<"cp_async", "cp.async SIMT asynchronous copies">;
def FeatMmaSync    : TierFeature<"mma_sync", "SM80 register mma.sync (dense and sparse)">;
def FeatFp8Mma     : TierFeature<"fp8_mma", "FP8 register mma.sync">;
def FeatTma        : TierFeature<"tma", "cp.async.bulk.tensor (TMA) and mbarrier transactions">;
def FeatStmatrix   : TierFeature<"stmatrix", "stmatrix shared-memory matrix stores">;
def FeatWgmma      : TierFeature<"wgmma", "warpgroup wgmma.mma_async">;
def FeatTcgen05    : TierFeature<"tcgen05", "tcgen05.mma (UMMA)">;
def FeatTmem       : TierFeature<"tmem", "tensor memory and tcgen05.ld/st/cp">;
def FeatBlockScale : TierFeature<"block_scale", "block-scaled register mma.sync">;
def FeatTcgen05I8  : TierFeature<"tcgen05_i8", "tcgen05.mma .kind::i8 (sm_100a only: ptxas rejects it on sm_100f and sm_103a)">;
def FeatMmaF8F6F4  : TierFeature<"mma_f8f6f4", "register mma.sync / mma.sp .kind::f8f6f4 without block scaling">;
def FeatSetmaxnreg  : TierFeature<"setmaxnreg", "setmaxnreg warpgroup register reallocation (the arch- and family-specific targets from sm_90a)">;
def FeatTmaMulticast : TierFeature<"tma_multicast", "TMA loads multicast to a cluster (ptxas advises against them on sm_90 and the sm_120 family: \"expected to have substantially reduced performance\")">;
def FeatMmaF64x16  : TierFeature<"mma_f64_m16n8", "register mma.sync .f64 with m16n8k4, m16n8k8 and m16n8k16">;
def FeatMatrixB8   : TierFeature<"matrix_b8", "ldmatrix .m16n16/.m8n16 and stmatrix .m16n8 of 8-bit elements (the arch- and family-specific targets from sm_100)">;
def FeatTcgen05SpMxf4 : TierFeature<"tcgen05_sp_mxf4", "tcgen05.mma.sp .kind::mxf4 and .kind::mxf4nvf4 (sm_100a and sm_103a: ptxas rejects them on the family targets sm_100f and sm_103f)">;
def FeatTmemStat   : TierFeature<"tmem_stat", "tcgen05.ld.red, a TMEM load that also reduces each row (sm_103f and sm_103a: ptxas rejects it on sm_100a and sm_100f)">;

//===----------------------------------------------------------------------===//
// Families: the features every family-specific (`f`) tier of a family adds,
// written once. An arch-specific (`a`) tier of a version that has a family
// tier implies that family tier (its features and its atoms) without being
// its child: `sm_100a` came with PTX ISA 8.6, `sm_100f` with 8.8, and ptxas
// takes `.version 8.6` code for `sm_100a` (tcgen05 included), so the PTX
// ISA chain runs through the baseline tiers only.
//===----------------------------------------------------------------------===//

/// The arch-specific Hopper features (no Hopper family tier exists).
defvar HopperArchFeatures = [FeatWgmma, FeatSetmaxnreg, FeatTmaMulticast];
/// Datacenter Blackwell (SM100, SM103): UMMA and tensor memory.
def BlackwellFamily : SmFamily<[FeatTcgen05, FeatTmem, FeatSetmaxnreg,
                                FeatTmaMulticast, FeatMatrixB8]>;
/// SM103's family tier adds the TMEM load with a row reduction (CuTe
/// enables its SM100_TMEM_LOAD_STAT atoms on sm_103a and sm_103f only).
def Blackwell103Family : SmFamily<!listconcat(BlackwellFamily.Features,
                                              [FeatTmemStat])>;
/// Jetson Thor (SM110): registered so that lowering accepts the targets, but
/// with no dedicated MMA, WGMMA or TMEM surface (the registry's SM110 quirk):
/// kernels fall back to the universal atoms and the earlier-tier atoms they
/// inherit.
def ThorFamily : SmFamily<[FeatSetmaxnreg, FeatTmaMulticast, FeatMatrixB8]>;
/// Consumer Blackwell (SM120, SM121): block-scaled register MMA.
def ConsumerBlackwellFamily : SmFamily<[FeatBlockScale, FeatMmaF8F6F4,
                                        FeatSetmaxnreg, FeatMatrixB8]>;

//===----------------------------------------------------------------------===//
// The versions, in numeric order: each baseline tier's parent is the latest
// one before it that is not newer in the PTX ISA (PTX for compute_X runs on
// any later SM; a parent never needs a newer PTX ISA than its child). SmVersion's arguments:
// the SM number, the PTX ISA (times ten) that introduced the baseline target
// and the features it adds; then the family, and the PTX ISA of the `f`
// target; then the PTX ISA of the `a` target (0: none) and its own features.
// SM103 reuses SM100's surface (the difference is a target flag) and SM121
// SM120's.
//===----------------------------------------------------------------------===//

defvar SmVersions = [
  SmVersion<70, 60>,
  SmVersion<75, 63, [FeatLdmatrix]>,
  SmVersion<80, 70, [FeatCpAsync, FeatMmaSync]>,
  SmVersion<86, 71>,
  SmVersion<89, 78, [FeatFp8Mma]>,
  SmVersion<90, 78, [FeatTma, FeatStmatrix, FeatMmaF64x16], NoFamily, 0,
            80, HopperArchFeatures>,
  SmVersion<100, 86, [], BlackwellFamily, 88,
            86, [FeatTcgen05I8, FeatTcgen05SpMxf4]>,
  SmVersion<103, 88, [], Blackwell103Family, 88, 88, [FeatTcgen05SpMxf4]>,
  SmVersion<110, 90, [], ThorFamily, 90, 90>,
  SmVersion<120, 87, [], ConsumerBlackwellFamily, 88, 87>,
  SmVersion<121, 88, [], ConsumerBlackwellFamily, 88, 88>,
];

foreach I = !range(SmVersions) in {
  defvar V = SmVersions[I];
  // The parent: the latest earlier version whose target is not newer in the
  // PTX ISA (sm_120, PTX ISA 8.7, follows sm_100: sm_103 and sm_110 came
  // later, with 8.8 and 9.0).
  defvar Prev = !foldl("", !range(I), Acc, J,
                       !if(!le(SmVersions[J].Ptx, V.Ptx),
                           "sm_" # !cast<string>(SmVersions[J].Arch), Acc));
  defm "sm_" # V.Arch : SmTiers<V, Prev>;
}
