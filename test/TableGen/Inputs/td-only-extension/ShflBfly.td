//===- ShflBfly.td - A new inline-PTX instruction (test) ---*- tablegen -*-===//
//
// shfl.sync.bfly: no NVVM intrinsic selector, one PTX statement through the
// existing InlinePtxLowering. The call writes the exchanged value to `d`.
//
//===----------------------------------------------------------------------===//

def atom_shfl_bfly
    : CuteSyncAtom<"atom.shfl_bfly", "sm_70", InlinePtxLowering,
                   [AtomParam<"void *", "d">, AtomParam<"unsigned", "a">,
                    AtomParam<"unsigned", "lanemask">,
                    AtomParam<"unsigned", "membermask">]> {
  let Summary = "butterfly exchange of a 32-bit value in the warp (test extension)";
}
def : AtomVariant<atom_shfl_bfly, "SM70_SHFL_BFLY_B32"> {
  let Ptx = "shfl.sync.bfly.b32";
  let PtxAsm = Ptx # " $d, $a, $lanemask, $clamp, $membermask;";
  let Sel = InlinePtx<PtxAsm>;
  let PtxOperands = [PtxReg<"d", "b32">, PtxReg<"a", "b32">,
                     PtxRegIn<"lanemask", "b32", 0, 31>, PtxImm<"clamp", "31">,
                     PtxReg<"membermask", "b32">];
  let ThrID = "1:0";
}
