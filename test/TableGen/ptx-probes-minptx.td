// REQUIRES: ptxas
// RUN: cute-tblgen -gen-ptx-probes -tier=sm_90 -I %cute_td -I %llvm_include %s -o %t.probes
// RUN: FileCheck --check-prefix=SPLIT --input-file=%t.probes %s
// RUN: rm -rf %t.d && split-file %t.probes %t.d
// RUN: %ptxas -arch=sm_90 %t.d/sm_90-ptx80.ptx -o %t.cubin
// RUN: not %ptxas -arch=sm_90 %t.d/sm_90-ptx78.ptx -o %t.cubin 2>&1 | FileCheck --check-prefix=PTXAS %s
// RUN: cute-tblgen -gen-ptx-probes -tier=sm_90 -probe-single-module -I %cute_td -I %llvm_include %s -o %t.single.ptx
// RUN: FileCheck --check-prefix=SINGLE --input-file=%t.single.ptx %s
// RUN: %ptxas -arch=sm_90 %t.single.ptx -o %t.cubin

// A MinPtx set too low is a ptxas error. elect.sync arrived in PTX ISA 8.0,
// after sm_90's 7.8: ELECT_OK says so, ELECT_BAD forgets it. Each variant is
// assembled under its own minimum version, so ELECT_BAD lands in the 7.8
// module, which ptxas rejects, while ELECT_OK's 8.0 module assembles.

include "CuteBase.td"
include "Vocabulary.td"

def sm_90 : SmTier<90, "", 78>;

def test_elect : CuteCopyAtom<"atom.test_elect", "sm_90", [CopyAtom],
                              UniversalCopyLowering, [rmem], [rmem]>;

class ElectVariant<string name, int minPtx>
    : CopyVariant<test_elect, name, 32> {
  let Ptx = "elect.sync";
  let PtxAsm = Ptx # " $r|$p, $mask;";
  let PtxOperands = [PtxReg<"r", "b32">, PtxPred<"p">, PtxImm<"mask", "0xffffffff">];
  let MinPtx = minPtx;
  let NoLayoutReason = "test";
}

def : ElectVariant<"ELECT_OK", 80>;
def : ElectVariant<"ELECT_BAD", 0>;

// SPLIT:      // ptxas probes for tier sm_90: 2 variant(s) of 1 atom(s), 2 distinct statement(s), in 2 module(s) by PTX ISA (tier minimum 7.8): sm_90-ptx78.ptx (1 variant(s), 1 statement(s)) sm_90-ptx80.ptx (1 variant(s), 1 statement(s)).
// SPLIT:      //--- sm_90-ptx78.ptx
// SPLIT:      .version 7.8
// SPLIT:      // variant: ELECT_BAD (atom.test_elect)
// SPLIT:        elect.sync %r|%p, 0xffffffff;
// SPLIT:      //--- sm_90-ptx80.ptx
// SPLIT:      .version 8.0
// SPLIT:      // variant: ELECT_OK (atom.test_elect)

// PTXAS: error   : Feature 'elect' requires PTX ISA .version 8.0 or later

// One module at the highest version, as a kernel issuing both declares it,
// hides the wrong record: ptxas accepts it. The two entries are identical but
// for their MinPtx, so they stay two probes.
// SINGLE:     .version 8.0
// SINGLE-NOT: variants issue this statement
// SINGLE:     // variant: ELECT_OK (atom.test_elect)
// SINGLE-NEXT: .visible .entry
// SINGLE:     // variant: ELECT_BAD (atom.test_elect)
// SINGLE-NEXT: .visible .entry
