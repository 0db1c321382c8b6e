//===- SM75Mma.td - Turing register MMA --------------------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// sm75.mma: Turing's warp-wide mma.sync, m16n8k8 over f16 and m8n8k16 over
// s8 (CuTe's SM75_16x8x8_{F32F16F16F32,F16F16F16F16}_TN and
// SM75_8x8x16_S32S8S8S32_TN). Included after SM80.td, whose mma.sync
// helper classes (MmaSyncVariant, SM80MmaLayouts) these share: the Ampere
// atom has the same points, with the same layouts, from sm_80 on.
//
//===----------------------------------------------------------------------===//

def sm75_mma : CuteMmaAtom<"sm75.mma", "sm_75", [MmaAtom], MmaSyncLowering> {
  let Contract = "A, B, D in rmem; one element type per operand";
  let Summary = "Turing mma.sync (m16n8k8 f16, m8n8k16 s8)";
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  let Lattice = [
    MmaShapeRule<[16], [8], 128, [MmaTypes<F32, F16, F16, F32>,
                                  MmaTypes<F16, F16, F16, F16>]>,
    MmaShapeRule<[8], [8], 128, [MmaTypes<S32, S8, S8, S32>]>];
}

foreach rule = sm75_mma.Lattice in
  foreach m = rule.Ms in
    foreach n = rule.Ns in
      foreach t = rule.Types in
        def : MmaSyncVariant<sm75_mma, "SM75", m, n, rule.KBits, t> {
          // Both shapes arrived in PTX ISA 6.5, after sm_75's 6.3.
          let MinPtx = 65;
        }
