// A new tier is a data change: this file adds a hypothetical sm_125 (parent
// sm_120, a new PTX version) and one new atom that reuses an existing
// lowering kind (MmaSyncLowering) and an existing NVVM intrinsic. The
// registry, the gating tables, the selectors, the CUDA header and the docs
// all pick it up; no C++ changes.
//
// The registry's indices come from the registry itself (registry-tables.py
// prints each enum entry's index, each tier's parent and what each tier may
// use over its parent, by name), so that a tier or atom added to td/ moves
// nothing this test pins.
// RUN: cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %s -o %t.inc
// RUN: %python %S/Inputs/registry-tables.py %t.inc > %t.reg
// RUN: cat %t.inc >> %t.reg
// RUN: FileCheck --check-prefix=REG --input-file=%t.reg %s
// RUN: cute-tblgen -gen-atom-selectors -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=SEL %s
// RUN: cute-tblgen -gen-cuda-header -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=HDR %s
// RUN: cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=DOCS %s
// Without the extension the same outputs know nothing of sm_125.
// RUN: cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include %cute_td/Cute.td | FileCheck --check-prefix=BASE %s

include "Cute.td"

// The version's tiers by the family rules (a baseline tier only: no family
// or arch-specific target), as an SmVersions entry of Tiers.td would give.
defm sm_125 : SmTiers<SmVersion<125, 93, [FeatBlockScale]>, "sm_120">;

def sm125_mma_bs : CuteMmaAtom<"sm125.mma_bs", "sm_125", [MmaAtom, BlockScaleAtom],
                               MmaSyncLowering> {
  let Contract = "A, B, D in rmem; two scale-factor operands (one per A, B)";
  let Summary = "hypothetical block-scaled mma.sync";
  let Features = [FeatBlockScale];
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  let BlockScale = 1;
  // The operands the variants' PTX takes, by name: the fragments and the
  // two scale factors (and e, the sparse metadata, 0 when dense).
  let Params = [AtomParam<"void *", "d">, AtomParam<"const void *", "a">,
                AtomParam<"const void *", "b">, AtomParam<"const void *", "c">,
                AtomParam<"unsigned", "sfa">, AtomParam<"unsigned", "sfb">,
                AtomParam<"unsigned", "e">];
  let Lattice = [MmaShapeRule<[16], [8], 256, [MmaTypes<F32, E4M3, E4M3, F32>]>];
}

def : SM120BlockScaledVariant<sm125_mma_bs, sm125_mma_bs.Lattice[0],
                              MmaTypes<F32, E4M3, E4M3, F32>,
                              "mxf8f6f4", "1X", UE8M0, 32, "mxf8f6f4"> {
  let Name = "SM125_16x8x32_TN_VS<E4M3,E4M3,F32,UE8M0,32>";
}

// REG-DAG:  TierID::sm_100 = [[#SM100:]]
// REG-DAG:  TierID::sm_120 = [[#SM120:]]
// REG-DAG:  TierID::sm_125 = [[#SM125:]]
// REG-DAG:  AtomID::sm125_mma_bs = [[#NEW:]]
// The new tier's parent is sm_120 (the latest version whose target PTX ISA
// 8.7 does not postdate it, itself a child of sm_100), no family, PTX 9.3;
// the new atom has min tier sm_125.
// REG:      tier sm_120: parent sm_100, family none
// REG:      tier sm_125: parent sm_120, family none
// Gating: sm_125 may use every atom of sm_120 (not the WGMMA atoms, nor the
// TMA multicast, which ptxas advises against there, nor setmaxnreg, which
// needs a family or arch-specific target) and adds SM120.mma_bs (sm_120
// lacks its feature) and its own.
// REG:      gating sm_125 over sm_120: +SM120_mma_bs +sm125_mma_bs{{$}}
// Both are last in their enums: an extension appends.
// REG:      enum class TierID : uint16_t {
// REG:        sm_125,
// REG-NEXT: };
// REG:      enum class AtomID : uint16_t {
// REG:        sm125_mma_bs,
// REG-NEXT: };
// REG:      {"sm_120", [[#SM100]], -1, 120, 87,
// REG:      {"sm_125", [[#SM120]], -1, 125, 93,
// REG:      {"sm125.mma_bs", "sm125_mma_bs", AtomClass::Mma, [[#SM125]], {{.*}}, LoweringKindID::MmaSyncLowering,
// REG:      {"SM125_16x8x32_TN_VS<E4M3,E4M3,F32,UE8M0,32>", [[#NEW]], "mxf8f6f4.scale_vec::1X", "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0", "32:1", 16, 8, 32,
// REG:      {"sm125.mma_bs", [[#NEW]]},

// SEL: /* SM125_16x8x32_TN_VS<E4M3,E4M3,F32,UE8M0,32> */ {SelectorKind::Intrinsic, llvm::Intrinsic::nvvm_mma_block_scale_m16n8k32_row_col_mxf8f6f4_f32_e4m3_e4m3_f32_ue8m0,

// HDR:      #define CUTE_TIER_SM_125_ARCH 1250
// HDR-NEXT: #define CUTE_TIER_SM_125_PTX 93
// HDR:      /// sm125.mma_bs (min tier sm_125, needs block_scale): hypothetical block-scaled mma.sync.
// HDR-NEXT: /// Interfaces: MmaAtom, BlockScaleAtom. 1 variant(s), e.g. "SM125_16x8x32_TN_VS<E4M3,E4M3,F32,UE8M0,32>".
// HDR-NEXT: CUTE_DEVICE void cute_nvgpu_sm125_mma_bs(const char *variant, void *d, const void *a, const void *b, const void *c, unsigned sfa, unsigned sfb, unsigned e)
// HDR-NEXT:     __asm__("llvm.cute.nvgpu.sm125.mma_bs");

// DOCS:      | `sm_125` | `sm_120` | — | 9.3 | block_scale |
// DOCS:      ### sm_120
// DOCS-NOT:  sm125.mma_bs
// DOCS:      ### sm_125
// DOCS-EMPTY:
// DOCS-NEXT: {{.*}}`SM120.mma_bs`, {{.*}}, `sm125.mma_bs`{{$}}
// DOCS:      ### `sm125.mma_bs`
// DOCS:      - Min tier: sm_125
// DOCS:      - Lowering kind: MmaSyncLowering

// BASE-NOT: sm_125
// BASE-NOT: sm125.mma_bs
