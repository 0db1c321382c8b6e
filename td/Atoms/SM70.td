//===- SM70.td - Volta register MMA ------------------------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// sm70.mma: Volta's quadpair mma.sync.aligned.m8n8k4 (CuTe's
// SM70_8x8x4_{F16F16F16F16,F32F16F16F32}_{TN,NT,NN,TT}).
//
//===----------------------------------------------------------------------===//

/// The four operand orders CuTe names: T (row, K-major A / N-major B
/// transposed) or N per operand, A first; the mode is the variant's suffix.
defvar SM70MmaOrders = ["TN", "NT", "NN", "TT"];

def sm70_mma : CuteMmaAtom<"sm70.mma", "sm_70", [MmaAtom], MmaSyncLowering> {
  let Contract = "A, B, D in rmem; one element type per operand";
  let Summary = "Volta quadpair mma.sync (m8n8k4)";
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  // Each quadpair (8 threads) computes its own 8x8 tile with 4 halves of K.
  let Lattice = [MmaShapeRule<[8], [8], 64,
                              [MmaTypes<F16, F16, F16, F16>,
                               MmaTypes<F32, F16, F16, F32>],
                              1, SM70MmaOrders>];
}

/// CuTe's Volta layouts: the quadpair's ThrID, the 8x4 operand layouts
/// (Row: K-major, Col: M/N-major) and the 8x8 accumulator of 16- or 32-bit
/// elements.
defvar SM70_QuadPair = "(4,2):(1,16)";
defvar SM70_8x4_Row = "(8,4):(1,8)";
defvar SM70_8x4_Col = "((4,2),4):((8,4),1)";
class SM70MmaLayoutC<ElementType d> {
  string ret = !if(!eq(d.Bits, 16), "(8,8):(1,8)",
                   "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))");
}

/// One m8n8k4 variant: \p order's first letter is A's (T: `.row`), its
/// second B's (N: `.col`).
class SM70MmaVariant<MmaTypes t, string order>
    : MmaVariant<sm70_mma, "SM70_8x8x4_" # MmaCuteTypes<t>.ret # "_" # order,
                 8, 8, 4, t> {
  defvar ARow = !eq(!substr(order, 0, 1), "T");
  defvar BCol = !eq(!substr(order, 1, 1), "N");
  defvar ALay = !if(ARow, "row", "col");
  defvar BLay = !if(BCol, "col", "row");
  let Mode = order;
  let Ptx = "mma.sync.aligned.m8n8k4." # ALay # "." # BLay # "." #
            MmaPtxTypes<t>.ret;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_mma_m8n8k4_" # ALay # "_" #
                                           BLay # "_" # MmaSyncIntrSuffix<t>.ret)>;
  // mma.sync m8n8k4 arrived in PTX ISA 6.4, after sm_70's 6.0.
  let MinPtx = 64;
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c};";
  // The fragments of one quadpair's tile, spread over its 8 threads.
  let PtxOperands = [
    PtxRegs<"d", PtxRegType<t.D>.ret, PtxFragRegs<64, t.D.Bits, 8>.ret>,
    PtxRegs<"a", "b32", PtxFragRegs<32, 16, 8>.ret>,
    PtxRegs<"b", "b32", PtxFragRegs<32, 16, 8>.ret>,
    PtxRegs<"c", PtxRegType<t.C>.ret, PtxFragRegs<64, t.C.Bits, 8>.ret>];
  let ThrID = SM70_QuadPair;
  let LayoutA = !if(ARow, SM70_8x4_Row, SM70_8x4_Col);
  let LayoutB = !if(BCol, SM70_8x4_Row, SM70_8x4_Col);
  let LayoutC = SM70MmaLayoutC<t.D>.ret;
}

foreach rule = sm70_mma.Lattice in
  foreach t = rule.Types in
    foreach order = rule.Modes in
      def : SM70MmaVariant<t, order>;
