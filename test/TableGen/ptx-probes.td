// RUN: cute-tblgen -gen-ptx-probes -tier=t_child -I %cute_td -I %llvm_include %s | FileCheck %s
// RUN: cute-tblgen -gen-ptx-probes -tier=t_root -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=ROOT %s
// RUN: cute-tblgen -gen-ptx-probes -tier=t_root -probe-ungated -probe-atom=test.mma -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=UNGATED %s
// RUN: cute-tblgen -gen-ptx-probes -tier=t_root -probe-single-module -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=SINGLE %s
// RUN: cute-tblgen -gen-ptx-probes -tier=t_root,t_child -I %cute_td -I %llvm_include %s -o %t.probes
// RUN: rm -rf %t.d && split-file %t.probes %t.d
// RUN: FileCheck --check-prefix=SPLIT-ROOT71 --input-file=%t.d/t_root-ptx71.ptx %s
// RUN: FileCheck --check-prefix=SPLIT-CHILD80 --input-file=%t.d/t_child-ptx80.ptx %s
// RUN: rm -f %t.none
// RUN: not cute-tblgen -gen-ptx-probes -tier=t_nope,t_chlid -probe-atom=test.mmma -I %cute_td -I %llvm_include %s -o %t.none 2>&1 | FileCheck --check-prefix=NOTIER %s
// RUN: not test -e %t.none
// RUN: not cute-tblgen -gen-ptx-probes -tier=t_child -I %cute_td -I %llvm_include -DERROR1 %s 2>&1 | FileCheck --check-prefix=ERROR1 %s
// RUN: not cute-tblgen -gen-ptx-probes -tier=t_child -I %cute_td -I %llvm_include -DERROR2 %s 2>&1 | FileCheck --check-prefix=ERROR2 %s
// RUN: not cute-tblgen -gen-ptx-probes -tier=t_child -I %cute_td -I %llvm_include -DERROR3 %s 2>&1 | FileCheck --check-prefix=ERROR3 %s
// RUN: not cute-tblgen -gen-ptx-probes -tier=t_child -I %cute_td -I %llvm_include -DERROR4 %s 2>&1 | FileCheck --check-prefix=ERROR4 %s
// RUN: not cute-tblgen -gen-ptx-probes -tier=t_child -I %cute_td -I %llvm_include -DERROR5 %s 2>&1 | FileCheck --check-prefix=ERROR5 %s
// RUN: not cute-tblgen -gen-ptx-probes -tier=t_child -I %cute_td -I %llvm_include -DERROR6 %s 2>&1 | FileCheck --check-prefix=ERROR6 %s

// The -gen-ptx-probes backend on a small registry: two tiers, an MMA atom
// only the child may use, a tier-generic copy, one variant gated by its own
// feature and two whose instructions need a later PTX ISA than a tier's
// minimum (7.1, 8.0): each variant goes to the module of its own version.
// The MMA atom's two variants issue the same statement: one probe lists both.

include "CuteBase.td"
include "Vocabulary.td"

def FeatTest  : TierFeature<"test_feature", "a feature only the child has">;
def FeatOther : TierFeature<"other_feature", "a feature only t_other has">;

def t_root  : SmTier<80, "", 70>;
def t_child : SmTier<90, "t_root", 78, [FeatTest]>;
// A feature no tier has is an error (record-contradictions-errors.td): the
// variant that needs FeatOther is gated onto a third tier only.
def t_other : SmTier<100, "t_root", 80, [FeatOther]>;

def test_mma : CuteMmaAtom<"test.mma", "t_child", [MmaAtom], MmaSyncLowering> {
  let Features = [FeatTest];
  let Lattice = [MmaShapeRule<[16], [8], 256, [MmaTypes<F32, F16, F16, F32>]>];
}
def : MmaVariant<test_mma, "TEST_16x8x16", 16, 8, 16, MmaTypes<F32, F16, F16, F32>> {
  let Ptx = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c};";
  let PtxOperands = [PtxRegs<"d", "f32", 4>, PtxRegs<"a", "b32", 4>,
                     PtxRegs<"b", "b32", 2>, PtxRegs<"c", "f32", 4>];
  let NoLayoutReason = "test";
}
def : MmaVariant<test_mma, "TEST_16x8x16_AGAIN", 16, 8, 16, MmaTypes<F32, F16, F16, F32>> {
  let Ptx = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c};";
  let PtxOperands = [PtxRegs<"d", "f32", 4>, PtxRegs<"a", "b32", 4>,
                     PtxRegs<"b", "b32", 2>, PtxRegs<"c", "f32", 4>];
  let NoLayoutReason = "test";
}

def test_copy : CuteCopyAtom<"atom.test_copy", "all", [CopyAtom, AsyncCopyAtom],
                             CpAsyncLowering, [gmem], [smem, rmem]>;
def : CopyVariant<test_copy, "TEST_COPY<uint32_t>", 32> {
  let Ptx = "cp.async.ca.shared.global";
  let PtxAsm = Ptx # " [$dst], [$src], $n;";
  let PtxOperands = [PtxSmem<"dst", 4>, PtxGmem<"src">, PtxImm<"n", "4">];
  let PtxAfter = ["cp.async.wait_all;"];
  let Sel = InlinePtx<PtxAsm>;
  let MinPtx = 71;
  let NoLayoutReason = "test";
}
def : CopyVariant<test_copy, "TEST_COPY_LATE", 32> {
  let Ptx = "ld.b32";
  let PtxAsm = Ptx # " $dst, [$src];";
  let PtxOperands = [PtxReg<"dst", "b32">, PtxGmem<"src">];
  let MinPtx = 80;
  let NoLayoutReason = "test";
}
def : CopyVariant<test_copy, "TEST_COPY_OTHER", 32> {
  let Features = [FeatOther];
  let Ptx = "ld.b32";
  let PtxAsm = Ptx # " $dst, [$src];";
  let PtxOperands = [PtxReg<"dst", "b32">, PtxGmem<"src">];
  let NoLayoutReason = "test";
}

// CHECK:      // ptxas probes for tier t_child: 4 variant(s) of 2 atom(s), 3 distinct statement(s), in 2 module(s) by PTX ISA (tier minimum 7.8): t_child-ptx78.ptx (3 variant(s), 2 statement(s)) t_child-ptx80.ptx (1 variant(s), 1 statement(s)).
// CHECK:      //--- t_child-ptx78.ptx
// CHECK:      // ptxas probes for tier t_child, PTX ISA 7.8: 3 variant(s) of 2 atom(s) in 2 distinct statement(s).
// CHECK:      .version 7.8
// CHECK-NEXT: .target t_child
// CHECK-NEXT: .address_size 64
// CHECK:      // 2 variants issue this statement:
// CHECK-NEXT: // variant: TEST_16x8x16 (test.mma)
// CHECK-NEXT: // variant: TEST_16x8x16_AGAIN (test.mma)
// CHECK-NEXT: .visible .entry probe_0()
// CHECK-NEXT: {
// CHECK-NEXT:   .reg .f32 %d<4>;
// CHECK-NEXT:   .reg .b32 %a<4>;
// CHECK-NEXT:   .reg .b32 %b<2>;
// CHECK-NEXT:   .reg .f32 %c<4>;
// CHECK-NEXT:   mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1, %c2, %c3};
// CHECK-NEXT:   ret;
// CHECK-NEXT: }
// CHECK:      // variant: TEST_COPY<uint32_t> (atom.test_copy)
// CHECK-NEXT: .shared .align 128 .b8 probe_2_dst[4];
// CHECK-NEXT: .visible .entry probe_2(
// CHECK-NEXT:   .param .u64 probe_2_src)
// CHECK-NEXT: {
// CHECK-NEXT:   .reg .b32 %dst;
// CHECK-NEXT:   .reg .b64 %src;
// CHECK-NEXT:   mov.u32 %dst, probe_2_dst;
// CHECK-NEXT:   ld.param.u64 %src, [probe_2_src];
// CHECK-NEXT:   cvta.to.global.u64 %src, %src;
// CHECK-NEXT:   cp.async.ca.shared.global [%dst], [%src], 4;
// CHECK-NEXT:   cp.async.wait_all;
// CHECK-NEXT:   ret;
// The variant whose MinPtx exceeds the tier's minimum has a module of its own.
// CHECK:      //--- t_child-ptx80.ptx
// CHECK:      .version 8.0
// CHECK-NEXT: .target t_child
// CHECK:      // variant: TEST_COPY_LATE (atom.test_copy)
// The variant gated by a feature no tier has is not probed.
// CHECK-NOT:  TEST_COPY_OTHER

// The root tier may only use the generic copies, in one module each: 7.1
// and 8.0 (none at the tier's 7.0, which none of them may use).
// ROOT:     // ptxas probes for tier t_root: 2 variant(s) of 1 atom(s), 2 distinct statement(s), in 2 module(s) by PTX ISA (tier minimum 7.0): t_root-ptx71.ptx (1 variant(s), 1 statement(s)) t_root-ptx80.ptx (1 variant(s), 1 statement(s)).
// ROOT:     //--- t_root-ptx71.ptx
// ROOT:     .version 7.1
// ROOT:     // variant: TEST_COPY<uint32_t> (atom.test_copy)
// ROOT:     //--- t_root-ptx80.ptx
// ROOT:     .version 8.0
// ROOT:     // variant: TEST_COPY_LATE (atom.test_copy)
// ROOT-NOT: // variant: TEST_16x8x16

// UNGATED: // ptxas probes for tier t_root: 2 variant(s) of 1 atom(s), gating ignored, 1 distinct statement(s), in 1 module(s)
// UNGATED: .target t_root
// UNGATED: // variant: TEST_16x8x16 (test.mma)

// One module at the highest version of its variants: a kernel issuing all.
// SINGLE:      in 1 module(s) by PTX ISA (tier minimum 7.0): t_root-ptx80.ptx (2 variant(s), 2 statement(s)).
// SINGLE:      //--- t_root-ptx80.ptx
// SINGLE:      .version 8.0
// SINGLE:      // variant: TEST_COPY<uint32_t> (atom.test_copy)
// SINGLE:      // variant: TEST_COPY_LATE (atom.test_copy)
// SINGLE-NOT:  //---

// Several tiers in one run; split-file cuts the output into the modules.
// SPLIT-ROOT71:      .version 7.1
// SPLIT-ROOT71-NEXT: .target t_root
// SPLIT-ROOT71:      // variant: TEST_COPY<uint32_t> (atom.test_copy)
// SPLIT-ROOT71-NOT:  // variant:
// SPLIT-CHILD80:      .version 8.0
// SPLIT-CHILD80-NEXT: .target t_child
// SPLIT-CHILD80:      // variant: TEST_COPY_LATE (atom.test_copy)
// SPLIT-CHILD80-NOT:  // variant:

// Every unknown name of the command line at once, with the nearest known
// one where one is near and the known names where they are few.
// NOTIER:      error: -gen-ptx-probes: unknown tier 't_nope' (known tiers: t_root, t_child, t_other)
// NOTIER-NEXT: error: -gen-ptx-probes: unknown tier 't_chlid'; did you mean 't_child'? (known tiers: t_root, t_child, t_other)
// NOTIER-NEXT: error: -gen-ptx-probes: unknown atom 'test.mmma'; did you mean 'test.mma'? (known atoms: test.mma, atom.test_copy)
// NOTIER-NEXT: note: -gen-ptx-probes: nothing generated

#ifdef ERROR1
// ERROR1: [[@LINE+1]]:{{[0-9]+}}: error: variant 'BAD': no PTX statement (PtxAsm) to probe
def : MmaVariant<test_mma, "BAD", 16, 8, 16, MmaTypes<F32, F16, F16, F32>> {
  let Ptx = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  let NoLayoutReason = "test";
}
#endif

#ifdef ERROR2
// ERROR2: [[@LINE+1]]:{{[0-9]+}}: error: variant 'BAD': PTX statement 'ld.b64 $dst, [$src];' does not issue its instruction 'ld.b32'
def : CopyVariant<test_copy, "BAD", 32> {
  let Ptx = "ld.b32";
  let PtxAsm = "ld.b64 $dst, [$src];";
  let PtxOperands = [PtxReg<"dst", "b64">, PtxGmem<"src">];
  let NoLayoutReason = "test";
}
#endif

#ifdef ERROR3
// ERROR3: [[@LINE+1]]:{{[0-9]+}}: error: variant 'BAD': PTX statement 'ld.b32 $dst, [$srd];' names unknown operand '$srd'
def : CopyVariant<test_copy, "BAD", 32> {
  let Ptx = "ld.b32";
  let PtxAsm = Ptx # " $dst, [$srd];";
  let PtxOperands = [PtxReg<"dst", "b32">, PtxGmem<"src">];
  let NoLayoutReason = "test";
}
#endif

#ifdef ERROR4
// ERROR4: [[@LINE+1]]:{{[0-9]+}}: error: variant 'BAD': PTX operand 'w' is described but no PTX statement issues it
def : CopyVariant<test_copy, "BAD", 32> {
  let Ptx = "ld.b32";
  let PtxAsm = Ptx # " $dst, [$src];";
  let PtxOperands = [PtxReg<"dst", "b32">, PtxGmem<"src">, PtxReg<"w", "b32">];
  let NoLayoutReason = "test";
}
#endif

#ifdef ERROR5
// One description, two consumers: the inline-PTX selector is the statement.
// ERROR5: [[@LINE+1]]:{{[0-9]+}}: error: variant 'BAD': inline-PTX template 'ld.b32 $dst, [$src], 1;' differs from its PTX statement 'ld.b32 $dst, [$src];'
def : CopyVariant<test_copy, "BAD", 32> {
  let Ptx = "ld.b32";
  let PtxAsm = Ptx # " $dst, [$src];";
  let Sel = InlinePtx<"ld.b32 $dst, [$src], 1;">;
  let PtxOperands = [PtxReg<"dst", "b32">, PtxGmem<"src">];
  let NoLayoutReason = "test";
}
#endif

#ifdef ERROR6
// `$name[i]` names one register of a register operand: i within its count
// (rejected with the records, before any backend uses the variant).
// ERROR6: [[@LINE+1]]:{{[0-9]+}}: error: variant 'BAD': PTX statement 'ld.b32 $dst[2], [$src];' names register 2 of '$dst', which has 2
def : CopyVariant<test_copy, "BAD", 32> {
  let Ptx = "ld.b32";
  let PtxAsm = Ptx # " $dst[2], [$src];";
  let Sel = InlinePtx<PtxAsm>;
  let PtxOperands = [PtxRegs<"dst", "b32", 2>, PtxGmem<"src">];
  let NoLayoutReason = "test";
}
#endif
