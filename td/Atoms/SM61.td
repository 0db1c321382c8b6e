//===- SM61.td - Packed integer dot products ---------------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// sm61.dp: one thread's dot product of packed integers with a 32-bit
// accumulator (CuTe's SM61_DP4A and SM61_DP2A). The instructions date from
// sm_61; every tier of the roster (from sm_70) has them.
//
//===----------------------------------------------------------------------===//

def sm61_dp : CuteMmaAtom<"sm61.dp", "sm_70", [MmaAtom], InlinePtxLowering> {
  let Contract = "A, B, D in rmem; four 8-bit or two 16-bit lanes per register";
  let Summary = "one-thread packed integer dot product with accumulate";
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  // One 32-bit register of A and of B: K = 32 / bits(A).
  let Lattice = [MmaShapeRule<[1], [1], 32, [MmaTypes<S32, S8, S8, S32>,
                                             MmaTypes<S32, S16, S16, S32>]>];
}

/// SM61_DP4A (dp4a) and SM61_DP2A (dp2a of the low halves of B).
///
/// CuTe's SM61_DP2A issues `dp2a.s32.s32`, which ptxas rejects ("'.hi/.lo'
/// modifier required"): its MMA_Traits take B's two elements from one
/// register, the `.lo` form.
class DpVariant<MmaTypes t>
    : MmaVariant<sm61_dp, "SM61_DP" # !div(32, t.A.Bits) # "A", 1, 1,
                 !div(32, t.A.Bits), t> {
  defvar Lanes = !div(32, t.A.Bits);
  let Ptx = !if(!eq(Lanes, 4), "dp4a.s32.s32", "dp2a.lo.s32.s32");
  let PtxAsm = Ptx # " $d, $a, $b, $c;";
  let Sel = InlinePtx<PtxAsm>;
  let PtxOperands = [PtxReg<"d", "b32">, PtxReg<"a", "b32">,
                     PtxReg<"b", "b32">, PtxReg<"c", "b32">];
  let ThrID = "1:0";
  let LayoutA = "(1," # Lanes # "):(0,1)";
  let LayoutB = LayoutA;
  let LayoutC = "(1,1):(0,0)";
}

foreach t = sm61_dp.Lattice[0].Types in
  def : DpVariant<t>;
