// ERROR: %s:6:5: error: atom 'test.mma': lattice rule #0: Ns holds -8 (extents are positive)
include "CuteBase.td"
include "Vocabulary.td"

def t_root : SmTier<80, "", 70>;
def bad_mma : CuteMmaAtom<"test.mma", "t_root", [MmaAtom], MmaSyncLowering> {
  let Lattice = [MmaShapeRule<[16], [-8], 256, [MmaTypes<F32, F16, F16, F32>]>];
}
