//===- MmaFp8K16.td - A new MMA shape (test extension) -----*- tablegen -*-===//
//
// FP8 mma.sync of shape m16n8k16 (PTX ISA 8.7, sm_89 and later): a new atom
// whose lattice holds the shape, lowered by the existing MmaSyncLowering
// through its NVVM intrinsic.
//
//===----------------------------------------------------------------------===//

def sm89_mma_k16 : CuteMmaAtom<"sm89.mma_k16", "sm_89", [MmaAtom], MmaSyncLowering> {
  let Contract = "A, B, D in rmem; FP8 inputs, K 16";
  let Summary = "FP8 mma.sync of K 16 (test extension)";
  let Features = [FeatFp8Mma];
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  let Lattice = [MmaShapeRule<[16], [8], 128, [MmaTypes<F32, E4M3, E4M3, F32>]>];
}
def : MmaSyncVariant<sm89_mma_k16, "SM89", 16, 8, 128,
                     MmaTypes<F32, E4M3, E4M3, F32>> {
  let MinPtx = 87;
}
