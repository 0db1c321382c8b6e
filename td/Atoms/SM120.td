//===- SM120.td - Consumer Blackwell block-scaled MMA ------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// SM120.mma_bs (upper-case SM120 is part of the textual contract):
// block-scaled mma.sync with one scale-factor operand per A and B and the
// accumulator in registers. No TMEM. SM121 shares this surface.
//
//===----------------------------------------------------------------------===//

defvar SM120Fp8Types =
  !foldl([]<MmaTypes>, [E4M3, E5M2], acc, a,
    !listconcat(acc, !foreach(b, [E4M3, E5M2], MmaTypes<F32, a, b, F32>)));

def SM120_mma_bs : CuteMmaAtom<"SM120.mma_bs", "sm_120", [MmaAtom, BlockScaleAtom],
                               MmaSyncLowering> {
  let Contract = "A, B, D in rmem; two scale-factor operands (one per A, B)";
  let Summary = "consumer-Blackwell block-scaled mma.sync";
  let Features = [FeatBlockScale];
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  let BlockScale = 1;
  let Params = [AtomParam<"void *", "d">, AtomParam<"const void *", "a">,
                AtomParam<"const void *", "b">, AtomParam<"const void *", "c">,
                AtomParam<"unsigned", "sfa">, AtomParam<"unsigned", "sfb">];
  let Lattice = [MmaShapeRule<[16], [8], 256, SM120Fp8Types>,
                 MmaShapeRule<[16], [8], 256, [MmaTypes<F32, E2M1, E2M1, F32>]>];
}

/// Layouts of the block-scaled lattice points (CuTe's mma_traits_sm120):
/// m16n8k32 reuses SM80's 8-bit 16x8x32 layouts.
class SM120Layouts<int k> {
  list<string> ret = !if(!eq(k, 32), SM80MmaLayouts<16, 256, 8>.ret,
      ["((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(8,2)):((64,1),(8,256))",
       SM80_16x8_Row]);
}

/// One block-scaled lattice point: SM120_16x8x<K>_TN_VS<A,B,D,SF,VS>.
/// \p kind is the PTX kind, \p vec the scale vector (1X, 2X, 4X).
class SM120BlockScaledVariant<CuteMmaAtom atom, int kbits, MmaTypes t, string kind,
                              string vec, ElementType sf, int vs, string intr>
    : MmaVariant<atom,
                 "SM120_16x8x" # !div(kbits, t.A.Bits) # "_TN_VS<" # t.A.Cute # "," #
                     t.B.Cute # "," # t.D.Cute # "," # sf.Cute # "," # vs # ">",
                 16, 8, !div(kbits, t.A.Bits), t> {
  defvar KExt = !div(kbits, t.A.Bits);
  let Param = kind # ".scale_vec::" # vec;
  let Kind = kind;
  let ScaleType = [sf];
  let ScaleVec = vs;
  let Ptx = "mma.sync.aligned.kind::" # kind # ".block_scale.scale_vec::" # vec #
            ".m16n8k" # KExt # ".row.col." # MmaPtxTypes<t>.ret # "." # sf.Ptx;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>(
      "int_nvvm_mma_block_scale_m16n8k" # KExt # "_row_col_" # intr # "_" #
      t.D.Ptx # "_" # t.A.Ptx # "_" # t.B.Ptx # "_" # t.C.Ptx # "_" # sf.Ptx)>;
  // The mma.sync fragments plus one b32 scale-factor register per A and B,
  // each with its byte and thread selectors (16-bit registers).
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c}, $sfa, {$bida, $tida}, $sfb, {$bidb, $tidb};";
  let PtxOperands = !listconcat(MmaSyncFragments<16, 8, KExt, t, 0>.ret,
      [PtxReg<"sfa", "b32">, PtxReg<"bida", "b16">, PtxReg<"tida", "b16">,
       PtxReg<"sfb", "b32">, PtxReg<"bidb", "b16">, PtxReg<"tidb", "b16">]);
  let ThrID = "32:1";
  let LayoutA = SM120Layouts<KExt>.ret[0];
  let LayoutB = SM120Layouts<KExt>.ret[1];
  let LayoutC = SM120Layouts<KExt>.ret[2];
}

foreach t = SM120_mma_bs.Lattice[0].Types in
  def : SM120BlockScaledVariant<SM120_mma_bs, 256, t, "mxf8f6f4", "1X", UE8M0, 32,
                                "mxf8f6f4">;
foreach t = SM120_mma_bs.Lattice[1].Types in {
  def : SM120BlockScaledVariant<SM120_mma_bs, 256, t, "mxf4", "2X", UE8M0, 32,
                                "mxf4_scale_2x">;
  def : SM120BlockScaledVariant<SM120_mma_bs, 256, t, "mxf4nvf4", "4X", UE4M3, 16,
                                "mxf4nvf4_scale_4x">;
}
