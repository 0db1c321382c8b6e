// Fields that contradict each other are errors, one located error each (at
// the record, naming it, the field and both sides), and one run reports them
// all: a copy atom's residency against its variant's PTX operand, a copy
// variant's register-side TV layout against its ValueBits, a feature no tier
// provides (naming what needs it), a variant no tier may use, and a MinPtxOn
// entry that is no PTX ISA version or names a tier twice.
//
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// Every generator reads the records through the same checks.
// RUN: not cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COUNT
// COUNT: note: 7 error(s) in the records; nothing generated

include "CuteBase.td"
include "Vocabulary.td"

// CHECK-DAG: record-contradictions-errors.td:[[@LINE+1]]:5: error: feature 'retired' (FeatRetired) is on no tier, but 2 need(s) it: atom 'atom.test_retired', variant 'NEEDS_RETIRED'
def FeatRetired : TierFeature<"retired", "a feature whose tier was removed">;
// An unused feature on no tier is an error too: nothing can ever have it.
// CHECK-DAG: record-contradictions-errors.td:[[@LINE+1]]:5: error: feature 'orphan' (FeatOrphan) is on no tier and no atom or variant needs it
def FeatOrphan : TierFeature<"orphan", "named by nothing">;
def FeatHopperOnly : TierFeature<"hopper_only", "only sm_90x has it">;

def sm_80 : SmTier<80, "", 70>;
// A second root: nothing under sm_80 has its feature.
def sm_90x : SmTier<90, "", 78, [FeatHopperOnly]>;

// Shared to shared, but the variant's source is a global address.
def test_s2s : CuteCopyAtom<"atom.test_s2s", "sm_80", [CopyAtom],
                            UniversalCopyLowering, [smem], [smem]>;
// CHECK-DAG: record-contradictions-errors.td:[[@LINE+1]]:1: error: variant 'S2S_FROM_GLOBAL' of copy atom 'atom.test_s2s': its PTX operand 'src' (kind 'global') is in gmem, but the atom's Src residency is [smem]
def : CopyVariant<test_s2s, "S2S_FROM_GLOBAL", 128> {
  let Ptx = "cp.async.cg.shared.global";
  let PtxAsm = Ptx # " [$dst], [$src], 16;";
  let PtxOperands = [PtxSmem<"dst", 16>, PtxGmem<"src">];
  let NoLayoutReason = "test";
}
// The same atom's correct variant is no error.
def : CopyVariant<test_s2s, "S2S_OK", 128> {
  let Ptx = "ld.shared.v4.b32";
  let PtxAsm = "// $dst $src";
  let PtxOperands = [PtxSmem<"dst", 16>, PtxSmem<"src", 16>];
  let NoLayoutReason = "test";
}

// Registers to registers, 128 bits per thread, with 64-bit TV layouts.
def test_r2r : CuteCopyAtom<"atom.test_r2r", "sm_80", [CopyAtom],
                            UniversalCopyLowering, [rmem], [rmem]>;
// CHECK-DAG: record-contradictions-errors.td:[[@LINE+1]]:1: error: variant 'R2R_128' of copy atom 'atom.test_r2r': SrcLayout '(1,64):(0,1)' holds 64 value bit(s) per thread, but the variant's ValueBits is 128
def : CopyVariant<test_r2r, "R2R_128", 128> {
  let ThrID = "1:0";
  let SrcLayout = "(1,64):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}
def : CopyVariant<test_r2r, "R2R_64", 64> {
  let ThrID = "1:0";
  let SrcLayout = "(1,64):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}
// A variant that only a tier outside its atom's may use.
// CHECK-DAG: record-contradictions-errors.td:[[@LINE+1]]:1: error: variant 'R2R_HOPPER' of atom 'atom.test_r2r' needs feature(s) hopper_only, which no tier that may use the atom has
def : CopyVariant<test_r2r, "R2R_HOPPER", 64> {
  let Features = [FeatHopperOnly];
  let NoLayoutReason = "test";
}
// A per-tier PTX ISA that is none, and a tier named twice.
// CHECK-DAG: record-contradictions-errors.td:[[@LINE+2]]:1: error: variant 'R2R_PTX': MinPtxOn entry for tier 'sm_80' has PTX ISA 810, not a version times ten (10 to 99)
// CHECK-DAG: record-contradictions-errors.td:[[@LINE+1]]:1: error: variant 'R2R_PTX': MinPtxOn names tier 'sm_90x' twice
def : CopyVariant<test_r2r, "R2R_PTX", 64> {
  let MinPtxOn = [TierPtx<sm_80, 810>, TierPtx<sm_90x, 80>, TierPtx<sm_90x, 81>];
  let NoLayoutReason = "test";
}

def test_retired : CuteCopyAtom<"atom.test_retired", "sm_80", [CopyAtom],
                                UniversalCopyLowering, [rmem], [rmem]> {
  let Features = [FeatRetired];
}
def : CopyVariant<test_retired, "RETIRED", 32> {
  let NoLayoutReason = "test";
}
def : CopyVariant<test_r2r, "NEEDS_RETIRED", 32> {
  let Features = [FeatRetired];
  let NoLayoutReason = "test";
}
// CHECK: note: 7 error(s) in the records; nothing generated
