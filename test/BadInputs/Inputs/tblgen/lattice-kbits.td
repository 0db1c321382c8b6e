// ERROR: %s:6:5: error: atom 'test.mma': lattice rule #0: KBits 100 is not a whole K of 16-bit F16 values
include "CuteBase.td"
include "Vocabulary.td"

def t_root : SmTier<80, "", 70>;
def bad_mma : CuteMmaAtom<"test.mma", "t_root", [MmaAtom], MmaSyncLowering> {
  let Lattice = [MmaShapeRule<[16], [8], 100, [MmaTypes<F32, F16, F16, F32>]>];
}
