//===- Tiers.td - The SM tier roster -----------------------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// Every SM target tier the compiler accepts, with its parent tier, its minimum
// PTX ISA version and the features it adds. A tier inherits every atom and
// feature of its parent: the baseline tiers form one chain in numeric order
// (PTX for compute_X runs on any later SM), an `f` (family) tier adds the
// family features to its baseline, and an `a` tier adds the arch-specific
// features to its family (or baseline) tier.
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

//===----------------------------------------------------------------------===//
// Volta, Turing, Ampere, Ada
//===----------------------------------------------------------------------===//

def sm_70 : SmTier<70, "", 60>;
def sm_75 : SmTier<75, "sm_70", 63, [FeatLdmatrix]>;
def sm_80 : SmTier<80, "sm_75", 70, [FeatCpAsync, FeatMmaSync]>;
def sm_86 : SmTier<86, "sm_80", 71>;
def sm_89 : SmTier<89, "sm_86", 78, [FeatFp8Mma]>;

//===----------------------------------------------------------------------===//
// Hopper
//===----------------------------------------------------------------------===//

def sm_90  : SmTier<90, "sm_89", 78, [FeatTma, FeatStmatrix, FeatMmaF64x16]>;
def sm_90a : SmTier<90, "sm_90", 80, [FeatWgmma, FeatSetmaxnreg, FeatTmaMulticast]>;

//===----------------------------------------------------------------------===//
// Datacenter Blackwell. SM103 reuses SM100's surface: the difference is a
// target flag, not a new atom family.
//===----------------------------------------------------------------------===//

def sm_100  : SmTier<100, "sm_90", 86>;
def sm_100f : SmTier<100, "sm_100", 88, [FeatTcgen05, FeatTmem, FeatSetmaxnreg, FeatTmaMulticast, FeatMatrixB8]>;
def sm_100a : SmTier<100, "sm_100f", 86, [FeatTcgen05I8, FeatTcgen05SpMxf4]>;
def sm_103  : SmTier<103, "sm_100", 88>;
def sm_103f : SmTier<103, "sm_103", 88, [FeatTcgen05, FeatTmem, FeatSetmaxnreg, FeatTmaMulticast, FeatMatrixB8]>;
def sm_103a : SmTier<103, "sm_103f", 88, [FeatTcgen05SpMxf4]>;

//===----------------------------------------------------------------------===//
// Jetson Thor. Registered so that lowering accepts the targets, but with no
// dedicated MMA, WGMMA or TMEM surface (seed 003's SM110 quirk): kernels fall
// back to the universal atoms and the earlier-tier atoms they inherit.
//===----------------------------------------------------------------------===//

def sm_110  : SmTier<110, "sm_103", 90>;
def sm_110f : SmTier<110, "sm_110", 90, [FeatSetmaxnreg, FeatTmaMulticast, FeatMatrixB8]>;
def sm_110a : SmTier<110, "sm_110f", 90>;

//===----------------------------------------------------------------------===//
// Consumer Blackwell. SM121 shares SM120's surface.
//===----------------------------------------------------------------------===//

def sm_120  : SmTier<120, "sm_110", 87>;
def sm_120f : SmTier<120, "sm_120", 88, [FeatBlockScale, FeatMmaF8F6F4, FeatSetmaxnreg, FeatMatrixB8]>;
def sm_120a : SmTier<120, "sm_120f", 87>;
def sm_121  : SmTier<121, "sm_120", 88>;
def sm_121f : SmTier<121, "sm_121", 88, [FeatBlockScale, FeatMmaF8F6F4, FeatSetmaxnreg, FeatMatrixB8]>;
def sm_121a : SmTier<121, "sm_121f", 88>;
