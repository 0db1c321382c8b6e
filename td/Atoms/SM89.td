//===- SM89.td - Ada FP8 register MMA ----------------------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// sm89.mma: the SM80 register-resident model with FP8 (e4m3/e5m2) inputs.
// Sparse FP8 is not part of this tier's surface.
//
//===----------------------------------------------------------------------===//

defvar FP8Inputs = [E4M3, E5M2];

def sm89_mma : CuteMmaAtom<"sm89.mma", "sm_89", [MmaAtom], MmaSyncLowering> {
  let Contract = "A, B, D in rmem; FP8 element types added";
  let Summary = "Ada FP8 mma.sync";
  let Features = [FeatFp8Mma];
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  // The second rule is consumer Blackwell's mma.sync .kind::f8f6f4 (16x8x32,
  // FP8, FP6 and FP4 inputs in byte containers): the atom registry has no
  // SM120 mnemonic for it, and this is the register FP8 mma whose contract and
  // operands it shares. Its variants live in SM120.td and need
  // FeatMmaF8F6F4, which only the sm_120/sm_121 family tiers have.
  let Lattice = [MmaShapeRule<[16], [8], 256, MmaTypePairs<[F32, F16], FP8Inputs>.ret>,
                 MmaContainerShapeRule<[16], [8], 256, 8,
                                       MmaTypePairs<[F32, F16], F8F6F4Inputs>.ret>];
}

// FP8 mma.sync arrived in PTX ISA 8.4 (after sm_89's 7.8), its F16
// accumulation in 8.7 (ptxas 13: "mma with FP8 floating point type [and FP16
// accumulation] requires PTX ISA .version 8.4 [8.7] or later").
foreach rule = [sm89_mma.Lattice[0]] in
  foreach m = rule.Ms in
    foreach n = rule.Ns in
      foreach t = rule.Types in
        def : MmaSyncVariant<sm89_mma, "SM89", m, n, rule.KBits, t> {
          let MinPtx = !if(!eq(t.D, F16), 87, 84);
        }
