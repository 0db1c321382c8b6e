// ERROR: %s:4:42: error: atom 'atom.bad' has unknown min tier 'sm_1234'
include "Cute.td"

def bad_atom : CuteCopyAtom<"atom.bad", "sm_1234", [CopyAtom], UniversalCopyLowering, [rmem], [rmem]> {
  let Contract = "x"; let Summary = "x"; let NaturalShape = "x"; let ElementWidth = "x"; let Fragment = "x"; let LoweringTarget = "x";
}
