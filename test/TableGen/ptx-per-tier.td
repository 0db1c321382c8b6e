// A variant's minimum PTX ISA per tier (MinPtxOn): cvt.rn.satfinite.e4m3x2.f32
// came to sm_90 with PTX ISA 7.8 and to sm_89 with 8.1 (ptxas 13: "Feature
// 'cvt with .e4m3x2/.e5m2x2' requires .target sm_90 or higher" below 8.1 on
// sm_89). On a tier the entry of the tier itself or of its nearest ancestor
// applies (sm_90a inherits sm_90's, raised to its own minimum 8.0), on a tier
// no entry reaches MinPtx does; the generated registry resolves it per tier
// (what ptxVersionFor, and so the lowering's `.version`, reads), the probes
// put each variant in the module of its tier's version, the docs list it.
//
// RUN: cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=REG %s
// RUN: cute-tblgen -gen-ptx-probes -tier=sm_86,sm_89,sm_90,sm_90a -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=PROBES %s
// RUN: cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=DOCS %s
// ptxas takes each module at its version and rejects the sm_89 one a
// variant without the entry would give (ptx-per-tier-ptxas.test).

include "CuteBase.td"
include "Vocabulary.td"

def sm_86  : SmTier<86, "", 71>;
def sm_89  : SmTier<89, "sm_86", 78>;
def sm_90  : SmTier<90, "sm_89", 78>;
def sm_90a : SmTier<90, "sm_90", 80>;

def test_cvt : CuteCopyAtom<"atom.test_cvt", "sm_89", [CopyAtom],
                            UniversalCopyLowering, [rmem], [rmem]> {
  let Params = [AtomParam<"void *", "dst">, AtomParam<"const void *", "src">];
}
class CvtVariant<string name> : CopyVariant<test_cvt, name, 16> {
  let Ptx = "cvt.rn.satfinite.e4m3x2.f32";
  let PtxAsm = Ptx # " $dst, $src[0], $src[1];";
  let PtxOperands = [PtxReg<"dst", "b16">, PtxRegs<"src", "f32", 2>];
  let NoLayoutReason = "test";
}
def : CvtVariant<"CVT_E4M3X2"> {
  let MinPtxOn = [TierPtx<sm_89, 81>, TierPtx<sm_90, 78>];
}
// The same without the entries: the tier's own minimum everywhere.
def : CvtVariant<"CVT_E4M3X2_PLAIN">;

// One row per tier that may use the variant and has an entry of its own or
// an ancestor's; none for the plain variant.
// REG:      static const VariantTierPtxEntry VariantTierPtxTable[] = {
// REG-NEXT:   {0, 1, 81}, // CVT_E4M3X2 on sm_89
// REG-NEXT:   {0, 2, 78}, // CVT_E4M3X2 on sm_90
// REG-NEXT:   {0, 3, 80}, // CVT_E4M3X2 on sm_90a
// REG-NEXT:   {UINT32_MAX, 0, 0} // sentinel
// REG-NEXT: };

// PROBES:      // ptxas probes for tier sm_86: 0 variant(s)
// PROBES:      // ptxas probes for tier sm_89: 2 variant(s) of 1 atom(s), 2 distinct statement(s), in 2 module(s) by PTX ISA (tier minimum 7.8): sm_89-ptx78.ptx (1 variant(s), 1 statement(s)) sm_89-ptx81.ptx (1 variant(s), 1 statement(s)).
// PROBES:      //--- sm_89-ptx78.ptx
// PROBES:      // variant: CVT_E4M3X2_PLAIN (atom.test_cvt)
// PROBES:      //--- sm_89-ptx81.ptx
// PROBES:      .version 8.1
// PROBES:      // variant: CVT_E4M3X2 (atom.test_cvt)
// PROBES:      // ptxas probes for tier sm_90: 2 variant(s) of 1 atom(s), 1 distinct statement(s), in 1 module(s) by PTX ISA (tier minimum 7.8): sm_90-ptx78.ptx (2 variant(s), 1 statement(s)).
// PROBES:      // ptxas probes for tier sm_90a: 2 variant(s) of 1 atom(s), 1 distinct statement(s), in 1 module(s) by PTX ISA (tier minimum 8.0): sm_90a-ptx80.ptx (2 variant(s), 1 statement(s)).

// DOCS: | `CVT_E4M3X2` |  | `cvt.rn.satfinite.e4m3x2.f32` | tier, sm_89: ≥ 8.1, sm_90: ≥ 7.8 |
// DOCS: | `CVT_E4M3X2_PLAIN` |  | `cvt.rn.satfinite.e4m3x2.f32` | tier |
