//===- SM120.td - Consumer Blackwell block-scaled MMA ------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// SM120.mma_bs (upper-case SM120 is part of the textual contract):
// block-scaled mma.sync with one scale-factor operand per A and B and the
// accumulator in registers, dense and structured-sparse
// (mma.sp::ordered_metadata). No TMEM. SM121 shares this surface. The
// non-block-scaled sparse mma.sp .kind::f8f6f4 points are sm80.sparse_mma
// variants, defined here.
//
//===----------------------------------------------------------------------===//

defvar SM120Mxf8f6f4Types = MmaTypePairs<[F32], F8F6F4Inputs>.ret;
defvar SM120Mxf4Types = [MmaTypes<F32, E2M1, E2M1, F32>];

// The atom registry has no mnemonic for SM120's sparse block-scaled MMA, so its
// lattice points are sparse variants of SM120.mma_bs, the closest atom: same
// instruction family, register residencies and scale-factor operands. CuTe
// zips the 2:4 metadata into the A fragment (its sparse block-scaled
// mma_unpack splits A into values, scale factors and metadata), so the
// atom's operands hold; each sparse variant says Sparse = 1.
def SM120_mma_bs : CuteMmaAtom<"SM120.mma_bs", "sm_120", [MmaAtom, BlockScaleAtom],
                               MmaSyncLowering> {
  let Contract = "A, B, D in rmem; two scale-factor operands (one per A, B)";
  let Summary = "consumer-Blackwell block-scaled mma.sync";
  let Features = [FeatBlockScale];
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  let BlockScale = 1;
  // e: the 2:4 metadata of the sparse variants (0 for the dense ones).
  let Params = [AtomParam<"void *", "d">, AtomParam<"const void *", "a">,
                AtomParam<"const void *", "b">, AtomParam<"const void *", "c">,
                AtomParam<"unsigned", "sfa">, AtomParam<"unsigned", "sfb">,
                AtomParam<"unsigned", "e">];
  // Dense: K * bits = 256; sparse: 512 (the logical K). .kind::mxf8f6f4
  // holds FP8, FP6 and FP4 values in bytes; .kind::mxf4 and mxf4nvf4 pack
  // two E2M1 values per byte.
  let Lattice = [MmaContainerShapeRule<[16], [8], 256, 8, SM120Mxf8f6f4Types>,
                 MmaShapeRule<[16], [8], 256, SM120Mxf4Types>,
                 MmaContainerShapeRule<[16], [8], 512, 8, SM120Mxf8f6f4Types, 1>,
                 MmaSparseShapeRule<[16], [8], 512, SM120Mxf4Types>];
}

/// Layouts of the register MMA lattice points (CuTe's mma_traits_sm120 and
/// mma_traits_sm120_sparse): dense m16n8k32 reuses SM80's 8-bit 16x8x32
/// layouts; the sparse forms are laid out over the logical (M, K).
class SM120Layouts<int k, bit sparse> {
  list<string> ret = !cond(
    !and(!not(sparse), !eq(k, 32)) : SM80MmaLayouts<16, 256, 8>.ret,
    !and(!not(sparse), !eq(k, 64)) :
      ["((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(8,2)):((64,1),(8,256))",
       SM80_16x8_Row],
    !and(sparse, !eq(k, 64)) :
      ["((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(4,4)):((32,1),(8,128))",
       SM80_16x8_Row],
    !and(sparse, !eq(k, 128)) :
      ["((4,8),(16,2,2)):((256,1),(16,8,1024))", "((4,8),(8,4)):((64,1),(8,256))",
       SM80_16x8_Row],
    true : ["", "", ""]);
}

/// One block-scaled lattice point of \p rule: SM120_16x8x<K>_TN_VS<A,B,D,SF,VS>,
/// or a sparse one, SM120_SPARSE_16x8x<K>_TN_VS<...>. \p kind is the PTX
/// kind, \p vec the scale vector (1X, 2X, 4X), \p intr the NVVM intrinsic's
/// kind and scale spelling.
class SM120BlockScaledVariant<CuteMmaAtom atom, MmaShapeRule rule, MmaTypes t,
                              string kind, string vec, ElementType sf, int vs,
                              string intr>
    : MmaVariant<atom,
                 "SM120_" # !if(rule.Sparse, "SPARSE_", "") # "16x8x" #
                     MmaRuleK<rule, t>.ret # "_TN_VS<" # t.A.Cute # "," #
                     t.B.Cute # "," # t.D.Cute # "," # sf.Cute # "," # vs # ">",
                 16, 8, MmaRuleK<rule, t>.ret, t> {
  defvar KExt = MmaRuleK<rule, t>.ret;
  defvar sparse = rule.Sparse;
  let Sparse = sparse;
  let Param = kind # ".scale_vec::" # vec;
  let Kind = kind;
  let ScaleType = [sf];
  let ScaleVec = vs;
  // In the PTX ISA's modifier order, which is what LLVM prints (CuTe writes
  // the dense forms kind first; ptxas takes both).
  let Ptx = !if(sparse, "mma.sp::ordered_metadata", "mma") # ".sync.aligned.m16n8k" #
            KExt # ".row.col.kind::" # kind # ".block_scale.scale_vec::" # vec #
            "." # MmaPtxTypes<t>.ret # "." # sf.Ptx;
  // The mma.sync fragments (a sparse A holds half of its logical elements,
  // then the metadata register and the sparsity selector, always 0) plus one
  // b32 scale-factor register per A and B, each with its byte and thread
  // selectors (16-bit registers; CuTe passes 0 for both).
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c}, " # !if(sparse, "$e, $selector, ", "") #
               "$sfa, {$bida, $tida}, $sfb, {$bidb, $tidb};";
  let Sel = NVVMIntrinsic<!cast<Intrinsic>(
      "int_nvvm_mma_" # !if(sparse, "sp_ordered_metadata_", "") #
      "block_scale_m16n8k" # KExt # "_row_col_" # intr # "_" # t.D.Ptx # "_" #
      t.A.Ptx # "_" # t.B.Ptx # "_" # t.C.Ptx # "_" # sf.Ptx)>;
  let PtxOperands = !listconcat(
      MmaSyncFragments<16, 8, KExt, t, sparse, rule.ContainerBits>.ret,
      !if(sparse, [PtxReg<"e", "b32">, PtxImm<"selector", "0x0">], []),
      [PtxReg<"sfa", "b32">, PtxRegConst<"bida", "b16", "0">,
       PtxRegConst<"tida", "b16", "0">, PtxReg<"sfb", "b32">,
       PtxRegConst<"bidb", "b16", "0">, PtxRegConst<"tidb", "b16", "0">]);
  let ThrID = "32:1";
  let LayoutA = SM120Layouts<KExt, sparse>.ret[0];
  let LayoutB = SM120Layouts<KExt, sparse>.ret[1];
  let LayoutC = SM120Layouts<KExt, sparse>.ret[2];
}

defvar SM120BsDense = SM120_mma_bs.Lattice[0];
defvar SM120BsMxf4 = SM120_mma_bs.Lattice[1];
defvar SM120BsSparse = SM120_mma_bs.Lattice[2];
defvar SM120BsSparseMxf4 = SM120_mma_bs.Lattice[3];

foreach t = SM120BsDense.Types in
  def : SM120BlockScaledVariant<SM120_mma_bs, SM120BsDense, t, "mxf8f6f4", "1X",
                                UE8M0, 32, "mxf8f6f4_scale_1x">;
foreach t = SM120BsMxf4.Types in {
  def : SM120BlockScaledVariant<SM120_mma_bs, SM120BsMxf4, t, "mxf4", "2X", UE8M0,
                                32, "mxf4_scale_2x">;
  def : SM120BlockScaledVariant<SM120_mma_bs, SM120BsMxf4, t, "mxf4nvf4", "4X",
                                UE4M3, 16, "mxf4nvf4_scale_4x">;
}

// The sparse points, as CuTe's SM120::BLOCKSCALED::SPARSE atoms issue them:
// MXF8F6F4 with one UE8M0 factor per 64 logical K; E2M1 through
// .kind::mxf4nvf4 with UE8M0 factors per 64 K (2X) or UE4M3 per 32 (4X).
// CuTe's third E2M1 form, UE8M0 per 32 K (.scale_vec::4X with .ue8m0), needs
// CUDA 13.1 (CUTE_ARCH_MXF4NVF4_4X_UE8M0_MMA_ENABLED): ptxas 13.0 rejects it
// ("Illegal modifier '.scale_vec::4X' for instruction 'mma' with type
// '.ue8m0'", test/Registry/mxf4nvf4-4x-ue8m0-blocked.test) and LLVM 22
// has no intrinsic for it, so it is not a variant (nor is its dense
// counterpart).
foreach t = SM120BsSparse.Types in
  def : SM120BlockScaledVariant<SM120_mma_bs, SM120BsSparse, t, "mxf8f6f4", "1X",
                                UE8M0, 64, "mxf8f6f4_scale_1x">;
foreach t = SM120BsSparseMxf4.Types in {
  def : SM120BlockScaledVariant<SM120_mma_bs, SM120BsSparseMxf4, t, "mxf4nvf4",
                                "2X", UE8M0, 64, "mxf4nvf4_scale_2x">;
  def : SM120BlockScaledVariant<SM120_mma_bs, SM120BsSparseMxf4, t, "mxf4nvf4",
                                "4X", UE4M3, 32, "mxf4nvf4_scale_4x">;
}

//===----------------------------------------------------------------------===//
// Dense mma.sync .kind::f8f6f4 without block scaling: sm89.mma variants (see
// its lattice), CuTe's SM120_16x8x32_TN, with SM80's 8-bit 16x8x32 layouts
//===----------------------------------------------------------------------===//

class SM120DenseVariant<MmaTypes t>
    : MmaVariant<sm89_mma,
                 "SM120_16x8x32_TN<" # t.A.Cute # "," # t.B.Cute # "," #
                     t.C.Cute # ">",
                 16, 8, 32, t> {
  let Param = "f8f6f4";
  let Kind = "f8f6f4";
  let Features = [FeatMmaF8F6F4];
  let Ptx = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4." # MmaPtxTypes<t>.ret;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>(
      "int_nvvm_mma_m16n8k32_row_col_kind_f8f6f4_" # t.D.Ptx # "_" # t.A.Ptx #
      "_" # t.B.Ptx # "_" # t.C.Ptx)>;
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c};";
  let PtxOperands = MmaSyncFragments<16, 8, 32, t, 0, 8>.ret;
  let ThrID = "32:1";
  defvar L = SM120Layouts<32, 0>.ret;
  let LayoutA = L[0];
  let LayoutB = L[1];
  let LayoutC = L[2];
}

foreach t = sm89_mma.Lattice[1].Types in
  def : SM120DenseVariant<t>;

//===----------------------------------------------------------------------===//
// Sparse mma.sp .kind::f8f6f4 without block scaling: sm80.sparse_mma
// variants (see its lattice), CuTe's SM120::SPARSE::SM120_SPARSE_16x8x64_TN
//===----------------------------------------------------------------------===//

class SM120SparseVariant<MmaTypes t>
    : MmaVariant<sm80_sparse_mma,
                 "SM120_SPARSE_16x8x64_TN<" # t.A.Cute # "," # t.B.Cute # "," #
                     t.C.Cute # ">",
                 16, 8, 64, t> {
  let Param = "f8f6f4";
  let Kind = "f8f6f4";
  let Features = [FeatMmaF8F6F4];
  let Ptx = "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4." #
            MmaPtxTypes<t>.ret;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>(
      "int_nvvm_mma_sp_ordered_metadata_m16n8k64_row_col_kind_f8f6f4_" #
      t.D.Ptx # "_" # t.A.Ptx # "_" # t.B.Ptx # "_" # t.C.Ptx)>;
  // The metadata is one b32 register; the sparsity selector an immediate
  // (thread group 0).
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c}, $e, $selector;";
  let PtxOperands = !listconcat(MmaSyncFragments<16, 8, 64, t, 1, 8>.ret,
                                [PtxReg<"e", "b32">, PtxImm<"selector", "0x0">]);
  let ThrID = "32:1";
  defvar L = SM120Layouts<64, 1>.ret;
  let LayoutA = L[0];
  let LayoutB = L[1];
  let LayoutC = L[2];
}

foreach rule = sm80_sparse_mma.Lattice in
  if !not(SM80_SPARSE_MMA_SUPPORTED<rule>.ret) then
    foreach t = rule.Types in
      def : SM120SparseVariant<t>;
