// Every wrong name of a run is reported in that run, each at the line and
// column that spell it (a class template's line when the class spells it,
// with a note at the def), with the known name nearest to it and the list of
// known tiers; the run fails once all are reported, before any output.
//
// RUN: rm -f %t.inc
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %s -o %t.inc 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.inc

include "CuteBase.td"
include "Vocabulary.td"

def sm_80 : SmTier<80, "", 70>;
def sm_90 : SmTier<90, "sm_80", 78>;
def sm_90a : SmTier<90, "sm_90", 80>;

// A parent tier's name, mistyped.
// CHECK: record-names-errors.td:[[@LINE+1]]:27: error: tier 'sm_100' has unknown parent tier 'sm_9O'; did you mean 'sm_90'? (known tiers: sm_80, sm_90, sm_90a, sm_100)
def sm_100 : SmTier<100, "sm_9O", 86>;

// A min tier on the def's own line.
// CHECK: record-names-errors.td:[[@LINE+1]]:43: error: atom 'atom.test_a' has unknown min tier 'sm_08'; did you mean 'sm_80'? (known tiers: all, sm_80, sm_90, sm_90a, sm_100)
def test_a : CuteCopyAtom<"atom.test_a", "sm_08", [CopyAtom],
                          UniversalCopyLowering, [rmem], [rmem]>;
def : CopyVariant<test_a, "TEST_A", 32> { let NoLayoutReason = "test"; }

// A min tier on the line after the def's.
def test_b : CuteCopyAtom<"atom.test_b",
// CHECK: record-names-errors.td:[[@LINE+1]]:28: error: atom 'atom.test_b' has unknown min tier 'sm_90b'; did you mean 'sm_90'?
                          "sm_90b", [CopyAtom],
                          UniversalCopyLowering, [rmem], [rmem]>;
def : CopyVariant<test_b, "TEST_B", 32> { let NoLayoutReason = "test"; }

// A min tier in a class template: the class's line, for each def of it.
class TestCopy<string mnemonic>
// CHECK: record-names-errors.td:[[@LINE+1]]:31: error: atom 'atom.test_c' has unknown min tier 'sm_91'; did you mean 'sm_90'?
    : CuteCopyAtom<mnemonic, "sm_91", [CopyAtom], UniversalCopyLowering,
                   [rmem], [rmem]>;
// CHECK: record-names-errors.td:[[@LINE+3]]:5: note: in the definition of 'test_c'
// CHECK: record-names-errors.td:[[@LINE-3]]:31: error: atom 'atom.test_d' has unknown min tier 'sm_91'; did you mean 'sm_90'?
// CHECK: record-names-errors.td:[[@LINE+2]]:5: note: in the definition of 'test_d'
def test_c : TestCopy<"atom.test_c">;
def test_d : TestCopy<"atom.test_d">;
def : CopyVariant<test_c, "TEST_C", 32> { let NoLayoutReason = "test"; }
def : CopyVariant<test_d, "TEST_D", 32> { let NoLayoutReason = "test"; }

// A name nothing is near: no guess, the list only.
// CHECK: record-names-errors.td:[[@LINE+1]]:43: error: atom 'atom.test_e' has unknown min tier 'hopper' (known tiers: all, sm_80, sm_90, sm_90a, sm_100)
def test_e : CuteCopyAtom<"atom.test_e", "hopper", [CopyAtom],
                          UniversalCopyLowering, [rmem], [rmem]>;
def : CopyVariant<test_e, "TEST_E", 32> { let NoLayoutReason = "test"; }

// CHECK: note: 6 error(s) in the records; nothing generated
