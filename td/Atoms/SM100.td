//===- SM100.td - Datacenter Blackwell UMMA and TMEM -------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// sm100.mma (tcgen05.mma, 1-CTA and 2-CTA), sm100.mma_sp, sm100.mma_bs,
// sm100.mma_bs_sp and the tensor-memory copy atoms. SM103 reuses this surface
// (the difference is a target flag, not a new atom family).
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// UMMA: tcgen05.mma, its lattice generated from CuTe's static_asserts
//===----------------------------------------------------------------------===//

defvar UmmaN8 = !range(8, 257, 8);

/// A family of UMMA lattice points: the CuTe atoms SM100_MMA_<Cute>* (dense)
/// and SM100_MMA_<CuteSparse>*_SPARSE, the tcgen05 `.kind` they issue, their
/// (D, A, B, C) types, the container width of their A and B elements (the
/// `.kind::f8f6f4` forms hold FP6 and FP4 values in bytes) and the features
/// a tier needs on top of tcgen05 (for the dense and sparse forms, and for
/// the sparse forms only). A block-scaled family adds its scale-factor
/// type and block: the A/B elements one factor scales in the dense form
/// (CuTe's SFVecSize; the sparse form's is twice that, counted over the
/// logical K), and the instruction's spelling of it.
class UmmaFamily<string cute, string cuteSparse, string kind, list<MmaTypes> types,
                 int container = 0, list<TierFeature> features = [],
                 list<ElementType> scale = [], int block = 0,
                 string blockSuffix = "", list<TierFeature> sparseFeatures = []> {
  string Cute = cute;
  string CuteSparse = cuteSparse;
  string Kind = kind;
  list<MmaTypes> Types = types;
  int ContainerBits = container;
  list<TierFeature> Features = features;
  list<TierFeature> SparseFeatures = sparseFeatures;
  list<ElementType> ScaleType = scale;
  int Block = block;
  string BlockSuffix = blockSuffix;
  bit BlockScale = !not(!empty(scale));
}

// CuTe's builders pair F16 with F16 and BF16 with BF16 (F16 accumulates in
// F16 or F32, BF16 and TF32 in F32); S8 and U8 mix freely (the instruction
// descriptor carries A's and B's signedness apart); every FP8/FP6/FP4 pair
// accumulates in F32 or F16 under .kind::f8f6f4 and in F32 under the
// block-scaled kinds.
def UmmaTF32    : UmmaFamily<"TF32", "TF32", "tf32", [MmaTypes<F32, TF32, TF32, F32>]>;
def UmmaF16BF16 : UmmaFamily<"F16BF16", "F16BF16", "f16",
                             [MmaTypes<F16, F16, F16, F16>, MmaTypes<F32, F16, F16, F32>,
                              MmaTypes<F32, BF16, BF16, F32>]>;
def UmmaS8      : UmmaFamily<"S8", "S8", "i8", MmaTypePairs<[S32], [S8, U8]>.ret, 0,
                             [FeatTcgen05I8]>;
def UmmaF8F6F4  : UmmaFamily<"F8F6F4", "F8F6F4", "f8f6f4",
                             MmaTypePairs<[F32, F16], F8F6F4Inputs>.ret, 8>;
// Block-scaled: .kind::mxf8f6f4 and .kind::mxf4 with one UE8M0 factor per 32
// elements (plain `.block_scale`, which ptxas reads as `.block32`),
// .kind::mxf4nvf4 with UE8M0 or UE4M3 per 16 (`.block16`). CuTe's dense
// SM100_MMA_MXF4_SS issues mxf4 for VS = 32 and mxf4nvf4 for VS = 16; its
// sparse SM100_MMA_MXF4NVF4_SS_SPARSE mxf4 for VS = 64 and mxf4nvf4 for 32.
// The sparse .kind::mxf4 and .kind::mxf4nvf4 forms are arch-specific
// (FeatTcgen05SpMxf4: ptxas 13 rejects them on sm_100f and sm_103f).
def UmmaMXF8F6F4 : UmmaFamily<"MXF8F6F4", "MXF8F6F4", "mxf8f6f4",
                              MmaTypePairs<[F32], F8F6F4Inputs>.ret, 8, [], [UE8M0], 32>;
def UmmaMXF4     : UmmaFamily<"MXF4", "MXF4NVF4", "mxf4", [MmaTypes<F32, E2M1, E2M1, F32>],
                              0, [], [UE8M0], 32, "", [FeatTcgen05SpMxf4]>;
def UmmaNVF4UE8M0 : UmmaFamily<"MXF4", "MXF4NVF4", "mxf4nvf4",
                               [MmaTypes<F32, E2M1, E2M1, F32>], 0, [], [UE8M0], 16,
                               ".block16", [FeatTcgen05SpMxf4]>;
def UmmaNVF4UE4M3 : UmmaFamily<"MXF4", "MXF4NVF4", "mxf4nvf4",
                               [MmaTypes<F32, E2M1, E2M1, F32>], 0, [], [UE4M3], 16,
                               ".block16", [FeatTcgen05SpMxf4]>;

/// CuTe's static_asserts on (M, N) of the SM100_MMA_* atom of family \p f,
/// dense or \p sparse, on \p ctas CTAs with A from SMEM ("SS") or TMEM
/// ("TS"); N runs over UmmaN8 (8 to 256 in steps of 8). mma_sm100_umma.hpp
/// and mma_traits_sm100.hpp (a K-major B for the F8F6F4 SS forms, whose
/// MN-major B needs the next coarser N):
///  - TF32, F16BF16, F8F6F4: one CTA M 64 or 128, N % 8; two CTAs M 128 or
///    256, N % 16. A from TMEM and F8F6F4's sparse form need N % 16 at
///    M = 128 on one CTA and N % 32 on two.
///  - S8: one CTA M 64 or 128, N = 8 or N % 16; two CTAs M 128 or 256,
///    N % 32.
///  - Block-scaled: one CTA M 128, N % 8; two CTAs N % 16 with M 256
///    (MXF8F6F4, dense and sparse, and MXF4NVF4's sparse form, whose CuTe
///    atom asserts no M: the M its MXF8F6F4 sibling and CUTLASS's 2-SM
///    block-scaled builder require) or M 128 or 256 (dense MXF4).
class UMMA_SUPPORTED<UmmaFamily f, bit sparse, int ctas, string mode, int m, int n> {
  defvar N16 = !eq(!and(n, 15), 0);
  defvar N32 = !eq(!and(n, 31), 0);
  defvar M1 = !or(!eq(m, 64), !eq(m, 128));
  defvar M2 = !or(!eq(m, 128), !eq(m, 256));
  defvar Coarse = !or(!eq(mode, "TS"), !and(sparse, !eq(f.Kind, "f8f6f4")));
  bit ret = !cond(
    !eq(f.Kind, "i8") :
      !if(!eq(ctas, 1), !and(M1, !or(!eq(n, 8), N16)), !and(M2, N32)),
    f.BlockScale :
      !if(!eq(ctas, 1), !eq(m, 128),
          !and(N16, !if(!and(!not(sparse), !ne(f.Kind, "mxf8f6f4")), M2,
                        !eq(m, 256)))),
    !eq(ctas, 1) : !or(!eq(m, 64), !and(!eq(m, 128), !or(!not(Coarse), N16))),
    true : !and(M2, !if(Coarse, N32, N16)));
}

/// The lattice rule of family \p f's points at one M, CTA count and mode.
class UmmaRule<UmmaFamily f, bit sparse, int ctas, string mode, int m, list<int> ns>
    : MmaShapeRule<[m], ns, !if(sparse, 512, 256), f.Types, ctas, [mode]> {
  UmmaFamily Family = f;
  let ContainerBits = f.ContainerBits;
  let Sparse = sparse;
}

/// Family \p f's rule at (\p ctas, \p mode, \p m), if CuTe has points there.
class UmmaRuleAt<UmmaFamily f, bit sparse, int ctas, string mode, int m> {
  defvar Ns = !filter(n, UmmaN8, UMMA_SUPPORTED<f, sparse, ctas, mode, m, n>.ret);
  list<UmmaRule> ret = !if(!empty(Ns), [], [UmmaRule<f, sparse, ctas, mode, m, Ns>]);
}

/// Every rule of \p families, dense or \p sparse: one and two CTAs, A from
/// SMEM and (the dense, unscaled forms) from TMEM, M 64, 128 and 256.
class UmmaRules<list<UmmaFamily> families, bit sparse> {
  list<UmmaRule> ret =
    !foldl([]<UmmaRule>, families, acc, f,
      !foldl(acc, [1, 2], acc1, ctas,
        !foldl(acc1, !if(!or(sparse, f.BlockScale), ["SS"], ["SS", "TS"]), acc2, mode,
          !foldl(acc2, [64, 128, 256], acc3, m,
            !listconcat(acc3, UmmaRuleAt<f, sparse, ctas, mode, m>.ret)))));
}

/// The operands of every UMMA atom: D's TMEM address, A's SMEM descriptor
/// (SS) or TMEM address (TS), B's SMEM descriptor, the per-call bits of the
/// instruction descriptor (majors, negations, saturation, the sparsity
/// selector, the scale-factor ids; the lowering packs the variant's types
/// and shape) and whether D accumulates. The sparse forms add the
/// metadata's TMEM address, the block-scaled ones the scale factors'.
defvar UmmaParams = [AtomParam<"unsigned", "d">, AtomParam<"unsigned long long", "a">,
                     AtomParam<"unsigned long long", "b">, AtomParam<"unsigned", "idesc">,
                     AtomParam<"bool", "acc">];
defvar UmmaScaleParams = [AtomParam<"unsigned", "sfa">, AtomParam<"unsigned", "sfb">];

/// A UMMA atom: B from an SMEM descriptor, A from an SMEM descriptor or TMEM,
/// D in tensor memory. Its lattice is UmmaLattice, the rules of its families.
class UmmaAtom<string mnemonic, list<AtomInterface> ifaces>
    : CuteMmaAtom<mnemonic, "sm_100", !listconcat([MmaAtom, TmemAtom], ifaces),
                  UmmaLowering> {
  let Features = [FeatTcgen05];
  let AResidency = [tmem, smem_desc_view];
  let BResidency = [smem_desc_view];
  let DResidency = [tmem];
  let Params = UmmaParams;
  list<UmmaRule> UmmaLattice = [];
  let Lattice = UmmaLattice;
  /// D is scaled by 2^-scale_c before it accumulates (scale-input-d, the
  /// `.kind::f16` and `.kind::tf32` forms: CuTe's *_SCALED).
  bit ScaledD = 0;
}

def sm100_mma : UmmaAtom<"sm100.mma", []> {
  let Contract = "A in memref/smem_desc_view; B in smem_desc_view; D in memref (tmem)";
  let Summary = "Blackwell UMMA (tcgen05.mma)";
  let UmmaLattice = UmmaRules<[UmmaF16BF16, UmmaTF32, UmmaF8F6F4, UmmaS8], 0>.ret;
}

def sm100_mma_scaled : UmmaAtom<"sm100.mma_scaled", []> {
  let Contract = "UMMA contract; D scaled by 2^-scale_c (an immediate, 0 to "
                 "15) before it accumulates";
  let Summary = "Blackwell UMMA with a scaled accumulator input";
  let Params = !listconcat(UmmaParams, [AtomParam<"unsigned", "scale_c">]);
  let UmmaLattice = UmmaRules<[UmmaF16BF16, UmmaTF32], 0>.ret;
  let ScaledD = 1;
}

def sm100_mma_sp : UmmaAtom<"sm100.mma_sp", [SparseMetadataAtom]> {
  let Contract = "UMMA contract + structurally-sparse A and metadata operand";
  let Summary = "Blackwell structured-sparse UMMA";
  let Sparse = 1;
  let Params = !listconcat(UmmaParams, [AtomParam<"unsigned", "e">]);
  let UmmaLattice = UmmaRules<[UmmaF16BF16, UmmaTF32, UmmaF8F6F4, UmmaS8], 1>.ret;
}

def sm100_mma_bs : UmmaAtom<"sm100.mma_bs", [BlockScaleAtom]> {
  let Contract = "UMMA contract + scale-factor operand";
  let Summary = "Blackwell block-scaled UMMA (MX formats)";
  let BlockScale = 1;
  let Params = !listconcat(UmmaParams, UmmaScaleParams);
  let UmmaLattice = UmmaRules<[UmmaMXF8F6F4, UmmaMXF4, UmmaNVF4UE8M0, UmmaNVF4UE4M3], 0>.ret;
}

def sm100_mma_bs_sp : UmmaAtom<"sm100.mma_bs_sp", [BlockScaleAtom, SparseMetadataAtom]> {
  let Contract = "UMMA block-scale + sparsity";
  let Summary = "Blackwell sparse block-scaled UMMA";
  let Sparse = 1;
  let BlockScale = 1;
  let Params = !listconcat(UmmaParams, [AtomParam<"unsigned", "e">], UmmaScaleParams);
  let UmmaLattice = UmmaRules<[UmmaMXF8F6F4, UmmaMXF4, UmmaNVF4UE8M0, UmmaNVF4UE4M3], 1>.ret;
}

/// The CuTe name of a UMMA lattice point:
/// SM100_MMA_<family>[_2x1SM]_<mode>[_SPARSE]<A,B,D[,SF],M,N[,VS]>. CuTe's
/// MXF4 atoms (SM100_MMA_MXF4[_2x1SM]_SS, SM100_MMA_MXF4NVF4[_2x1SM]_SS_SPARSE)
/// take the scale vector VS as a template argument and issue .kind::mxf4nvf4
/// for VS 16 (32 sparse) and .kind::mxf4 for VS 32 (64 sparse): every MXF4
/// point spells it, as CuTe names the atom.
class UmmaName<UmmaRule rule, MmaTypes t, int m, int n, string mode,
               bit scaled = 0> {
  defvar f = rule.Family;
  defvar VS = !mul(f.Block, !if(rule.Sparse, 2, 1));
  string ret = "SM100_MMA_" # !if(rule.Sparse, f.CuteSparse, f.Cute) #
               !if(!eq(rule.Ctas, 2), "_2x1SM", "") # "_" # mode #
               !if(rule.Sparse, "_SPARSE", "") # !if(scaled, "_SCALED", "") #
               "<" # t.A.Cute # "," # t.B.Cute #
               "," # t.D.Cute #
               !if(f.BlockScale, "," # !head(f.ScaleType).Cute, "") # "," # m #
               "," # n # !if(!eq(f.Cute, "MXF4"), "," # VS, "") # ">";
}

/// One UMMA lattice point of \p rule.
class UmmaVariant<UmmaAtom atom, UmmaRule rule, MmaTypes t, int m, int n, string mode>
    : MmaVariant<atom, UmmaName<rule, t, m, n, mode, atom.ScaledD>.ret, m, n,
                 MmaRuleK<rule, t>.ret, t> {
  defvar scaled = atom.ScaledD;
  defvar f = rule.Family;
  defvar ctas = rule.Ctas;
  defvar sparse = rule.Sparse;
  defvar KExt = MmaRuleK<rule, t>.ret;
  let Ctas = ctas;
  let Mode = mode;
  let Kind = f.Kind;
  let ScaleType = f.ScaleType;
  let ScaleVec = !mul(f.Block, !if(sparse, 2, 1));
  let Ptx = "tcgen05.mma" # !if(sparse, ".sp", "") # ".cta_group::" # ctas #
            ".kind::" # f.Kind # !if(f.BlockScale, ".block_scale" # f.BlockSuffix, "");
  // The element types live in the instruction descriptor, not in the
  // instruction: every point of a (kind, CTA count, mode, sparsity, block)
  // issues the same statement through the same intrinsic.
  let Sel = NVVMIntrinsic<!cast<Intrinsic>(
      "int_nvvm_tcgen05_mma" # !if(sparse, "_sp", "") #
      !if(!eq(mode, "TS"), "_tensor", "_shared") # !if(scaled, "_scale_d", "") #
      !if(f.BlockScale, "_" # f.Kind # "_block_scale" #
                            !subst(".", "_", f.BlockSuffix), ""))>;
  // D in TMEM; A from an SMEM descriptor (SS) or TMEM (TS); B from an SMEM
  // descriptor; the sparse forms add the metadata's TMEM address, the
  // block-scaled ones the scale factors' TMEM addresses. enable-input-d is
  // a predicate.
  defvar Meta = !if(sparse, " [$e],", "");
  defvar Scales = !if(f.BlockScale, " [$sfa], [$sfb],", "");
  let PtxAsm = Ptx # " [$d], " # !if(!eq(mode, "TS"), "[$a]", "$a") # ", $b," #
               Meta # " $idesc," # Scales # " $acc" #
               !if(scaled, ", $scale_c", "") # ";";
  let PtxOperands = !listconcat(
      [PtxTmem<"d">, !if(!eq(mode, "TS"), PtxTmem<"a">, PtxReg<"a", "b64">),
       PtxReg<"b", "b64">],
      !if(sparse, [PtxTmem<"e">], []),
      [PtxReg<"idesc", "b32">],
      !if(f.BlockScale, [PtxTmem<"sfa">, PtxTmem<"sfb">], []),
      [PtxPred<"acc">],
      !if(scaled, [PtxImmArg<"scale_c", "1">], []));
  let Features = !listconcat(f.Features, !if(sparse, f.SparseFeatures, []));
  // ptxas 13 accepts `.block_scale` (read as `.block32`) and `.block16` from
  // PTX ISA 8.8 on; the unscaled kinds need no more than the tier's.
  let MinPtx = !if(f.BlockScale, 88, 0);
  let ThrID = !if(!eq(ctas, 2), "2:1", "1:0");
  // CuTe's MMA_Traits<SM100_MMA_*>: ThrID 1 or 2 (the CTA pair splits M and
  // N in halves); the sparse forms use the dense layouts over the logical
  // (M, K).
  let LayoutA = !cond(!eq(ctas, 2) : "(2,(" # !div(m, 2) # "," # KExt # ")):(" # !div(m, 2) # ",(1," # m # "))",
                      true : "(1,(" # m # "," # KExt # ")):(0,(1," # m # "))");
  let LayoutB = !cond(!eq(ctas, 2) : "(2,(" # !div(n, 2) # "," # KExt # ")):(" # !div(n, 2) # ",(1," # n # "))",
                      true : "(1,(" # n # "," # KExt # ")):(0,(1," # n # "))");
  let LayoutC = !cond(!eq(ctas, 2) : "(2,(" # !div(m, 2) # "," # n # ")):(" # !div(m, 2) # ",(1," # m # "))",
                      true : "(1,(" # m # "," # n # ")):(0,(1," # m # "))");
}

foreach atom = [sm100_mma, sm100_mma_scaled, sm100_mma_sp, sm100_mma_bs,
                sm100_mma_bs_sp] in
  foreach rule = atom.UmmaLattice in
    foreach mode = rule.Modes in
      foreach t = rule.Types in
        foreach m = rule.Ms in
          foreach n = rule.Ns in
            def : UmmaVariant<atom, rule, t, m, n, mode>;

/// D's scale: 2^-scale_c, scale_c an immediate from 0 to 15.
def UmmaScaleC
    : RangeCheck<[sm100_mma_scaled], "scale_c", 0, 15, 1, ScaleCOutOfRange>;

//===----------------------------------------------------------------------===//
// TMA gather and scatter of four rows: CuTe's SM100_TMA_LOAD_2D_GATHER4,
// SM100_TMA_LOAD_MULTICAST_2D_GATHER4 and SM100_TMA_STORE_2D_SCATTER4
//===----------------------------------------------------------------------===//

// A 2-D tensor map; the call passes the column and the four rows it moves
// (five coordinates).
def : TmaVariant<atom_tma_load, "SM100_TMA_LOAD", 2,
                 "cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4" #
                     ".mbarrier::complete_tx::bytes",
                 "g2s_tile_gather4", "[$smem], [$tmap], [$mbar]", 5, "_GATHER4"> {
  let Param = "2d.gather4";
  let Features = [FeatTcgen05];
  let MinPtx = 86;
}
def : TmaVariant<atom_tma_load_multicast, "SM100_TMA_LOAD_MULTICAST", 2,
                 "cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4" #
                     ".mbarrier::complete_tx::bytes.multicast::cluster",
                 "g2s_tile_gather4", "[$smem], [$tmap], [$mbar], $mask", 5,
                 "_GATHER4"> {
  let Param = "2d.gather4";
  let Features = [FeatTcgen05];
  let MinPtx = 86;
}
def : TmaVariant<atom_tma_store, "SM100_TMA_STORE", 2,
                 "cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4" #
                     ".bulk_group",
                 "s2g_tile_scatter4", "[$tmap], [$smem]", 5, "_SCATTER4"> {
  let Param = "2d.scatter4";
  let Features = [FeatTcgen05];
  let MinPtx = 86;
}

//===----------------------------------------------------------------------===//
// TMA for a CTA pair: CuTe's SM100_TMA_2SM_LOAD_<r>D
//===----------------------------------------------------------------------===//

// The box lands in the issuing CTA's shared memory, and its bytes complete on
// the mbarrier of the even CTA of the pair (`.cta_group::2`): the lowering
// clears the peer bit of the mbarrier's address (CuTe's Sm100MmaPeerBitMask,
// 0xFEFFFFFF), so both CTAs of a 2-CTA UMMA report to the CTA that issues it.
foreach r = [1, 2, 3, 4, 5] in {
  def : TmaVariant<atom_tma_load, "SM100_TMA_2SM_LOAD", r,
                   "cp.async.bulk.tensor." # r # "d.shared::cluster.global.tile" #
                       ".mbarrier::complete_tx::bytes.cta_group::2",
                   "g2s_tile"> {
    let Param = r # "d.cta_group::2";
    let Features = [FeatTcgen05];
  }
  def : TmaVariant<atom_tma_load_multicast, "SM100_TMA_2SM_LOAD_MULTICAST", r,
                   "cp.async.bulk.tensor." # r # "d.shared::cluster.global.tile" #
                       ".mbarrier::complete_tx::bytes.multicast::cluster" #
                       ".cta_group::2",
                   "g2s_tile", "[$smem], [$tmap], [$mbar], $mask"> {
    let Param = r # "d.cta_group::2";
    let Features = [FeatTcgen05];
  }
}

// The im2col forms (3-5D) of the pair's load, plain and multicast.
foreach r = [3, 4, 5] in {
  def : TmaVariant<atom_tma_load_im2col, "SM100_TMA_2SM_LOAD_IM2COL", r,
                   "cp.async.bulk.tensor." # r # "d.shared::cluster.global.im2col" #
                       ".mbarrier::complete_tx::bytes.cta_group::2",
                   "g2s_im2col", "[$smem], [$tmap], [$mbar], {$offs}"> {
    let Param = r # "d.cta_group::2";
    let Features = [FeatTcgen05];
  }
  def : TmaVariant<atom_tma_load_multicast, "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST",
                   r,
                   "cp.async.bulk.tensor." # r # "d.shared::cluster.global.im2col" #
                       ".mbarrier::complete_tx::bytes.multicast::cluster" #
                       ".cta_group::2",
                   "g2s_im2col", "[$smem], [$tmap], [$mbar], {$offs}, $mask"> {
    let Param = r # "d.im2col.cta_group::2";
    let Features = [FeatTcgen05];
  }
}

//===----------------------------------------------------------------------===//
// Tensor-memory copies
//===----------------------------------------------------------------------===//

class TmemCopyAtom<string mnemonic, list<AtomInterface> ifaces,
                   list<Residency> src, list<Residency> dst>
    : CuteCopyAtom<mnemonic, "sm_100", ifaces, TmemCopyLowering, src, dst> {
  let Features = [FeatTmem];
}

def atom_tmem_load : TmemCopyAtom<"atom.tmem_load", [CopyAtom], [tmem], [rmem]> {
  let Direction = "load";
  let Contract = "src=tmem, dst=rmem";
  let Summary = "tensor memory to registers (tcgen05.ld)";
  let NaturalShape = "one TMEM column tile per atom";
  let ElementWidth = "32/16/8 bits";
  let LoweringTarget = "tcgen05.ld.sync.aligned.shape.b32";
  // The registers (dst) and the TMEM address (src).
  let Params = [AtomParam<"void *", "r">, AtomParam<"unsigned", "taddr">];
}
def atom_tmem_store : TmemCopyAtom<"atom.tmem_store", [CopyAtom], [rmem], [tmem]> {
  let Direction = "store";
  let Contract = "src=rmem, dst=tmem";
  let Summary = "registers to tensor memory (tcgen05.st)";
  let NaturalShape = "one TMEM column tile per atom";
  let ElementWidth = "32/16/8 bits";
  let LoweringTarget = "tcgen05.st.sync.aligned.shape.b32";
  // The TMEM address (dst) and the registers (src).
  let Params = [AtomParam<"unsigned", "taddr">, AtomParam<"const void *", "r">];
}
def atom_s2t_copy : TmemCopyAtom<"atom.s2t_copy", [CopyAtom, AsyncCopyAtom],
                                 [smem], [tmem]> {
  let Direction = "smem_to_tmem";
  let Contract = "src=smem, dst=tmem";
  let Summary = "shared memory to tensor memory (tcgen05.cp)";
  let NaturalShape = "TMA-box-shaped SMEM slice";
  let ElementWidth = "8/16/32/64 bits";
  // The registry's lowering-target column, verbatim; the variants issue the PTX
  // spelling, tcgen05.cp.cta_group::N.<shape> (ptxas rejects .async and a
  // state space on tcgen05.cp).
  let LoweringTarget = "tcgen05.cp.shared::cta.async";
  // The TMEM address (dst) and the source's 64-bit SMEM matrix descriptor.
  let Params = [AtomParam<"unsigned", "taddr">, AtomParam<"unsigned long long", "sdesc">];
}

// The two atoms below are registered as the atom registry lists them (mnemonic,
// interfaces, contract and its lowering-target column, verbatim), but no PTX
// instruction does what they describe, so they have no variants. tcgen05.cp
// has one operand form, `[taddr], s-desc`: it reads shared memory through a
// matrix descriptor and writes tensor memory (atom.s2t_copy's variants,
// cta_group::2 included). ptxas 13 rejects `.async` and a state space on
// tcgen05.cp and any tensor-memory source operand
// (test/Registry/tmem-copy-directions.test), and CuTe has no Copy_Traits
// for either direction.
def atom_tmem_to_smem_copy : TmemCopyAtom<"atom.tmem_to_smem_copy",
                                          [CopyAtom, AsyncCopyAtom], [tmem], [smem]> {
  let Contract = "src=tmem, dst=smem";
  let Summary = "tensor memory to shared memory";
  let NaturalShape = "TMEM column tile";
  let ElementWidth = "32/16/8 bits";
  let LoweringTarget = "tcgen05.cp.async.shared::cta (reverse direction)";
  let NoVariantReason = "no PTX instruction copies tensor memory to shared "
                        "memory: tcgen05.cp only copies shared memory (a "
                        "matrix descriptor) into tensor memory, and ptxas "
                        "rejects tcgen05.cp.async.shared::cta; tensor memory "
                        "reaches shared memory through atom.tmem_load and a "
                        "shared-memory store";
}
def atom_tcgen05_cp : TmemCopyAtom<"atom.tcgen05.cp", [CopyAtom, AsyncCopyAtom],
                                   [tmem], [tmem]> {
  let Contract = "src=tmem, dst=tmem (cross-CTA)";
  let Summary = "cluster-scope tensor-memory copy";
  let NaturalShape = "column tile inside one cluster";
  let ElementWidth = "32 bits";
  let LoweringTarget = "tcgen05.cp.async (cluster-scope)";
  let NoVariantReason = "no PTX instruction copies tensor memory to tensor "
                        "memory: tcgen05.cp reads its source from shared "
                        "memory through a matrix descriptor (its 1-CTA and "
                        "2-CTA forms are atom.s2t_copy's variants), and ptxas "
                        "rejects tcgen05.cp.async and tensor-memory sources";
}

//===----------------------------------------------------------------------===//
// tcgen05.ld / tcgen05.st: CuTe's SM100_TMEM_{LOAD,STORE}_<dp>dp<bits>b<N>x
// and their packed (_16b: .pack::16b / .unpack::16b) forms
//===----------------------------------------------------------------------===//

/// One data-path shape of tcgen05.ld/st: \p dp lanes by \p width bits as CuTe
/// spells it (16dp32b is PTX's 16x32bx2), the PTX shape and the b32
/// registers each thread holds per repetition (.x1).
class TmemLdStShape<int dp, int width, string ptx, int regs> {
  string Cute = dp # "dp" # width # "b";
  int Bits = width;
  string Ptx = ptx;
  int Regs = regs;
  /// 16x32bx2 addresses its second half-warp's columns with an immediate
  /// offset (immHalfSplitoff) after the TMEM address.
  bit HalfSplit = !eq(ptx, "16x32bx2");
}

defvar TmemLdStShapes = [TmemLdStShape<32, 32, "32x32b", 1>,
                         TmemLdStShape<16, 64, "16x64b", 1>,
                         TmemLdStShape<16, 128, "16x128b", 2>,
                         TmemLdStShape<16, 256, "16x256b", 4>,
                         TmemLdStShape<16, 32, "16x32bx2", 1>];

/// A repetition .x<num> of \p shape exists when one thread's registers fit
/// in 128 b32 registers (IntrinsicsNVVM.td's NVVM_TCGEN05_LDST_ACCESS_SIZE
/// rule, and CuTe's atom roster): 32x32b, 16x64b and 16x32bx2 up to .x128,
/// 16x128b up to .x64, 16x256b up to .x32.
class TMEM_LDST_SUPPORTED<TmemLdStShape shape, int num> {
  bit ret = !le(!mul(shape.Regs, num), 128);
}

/// The register side of CuTe's Copy_Traits<SM100_TMEM_LOAD_*>: (thr,val) ->
/// bit of the 32-thread fragment, in bits. The .x1 forms drop the repetition
/// mode, as CuTe writes them.
class TmemRegLayout<TmemLdStShape shape, int num> {
  defvar N32 = !mul(32, num);
  defvar W = !div(shape.Bits, 4);
  string ret = !cond(
    !eq(shape.Ptx, "32x32b") : "(32," # N32 # "):(" # N32 # ",1)",
    !eq(shape.Ptx, "16x32bx2") :
      "((16,2)," # N32 # "):((" # !mul(64, num) # "," # N32 # "),1)",
    !eq(shape.Ptx, "16x64b") : !if(!eq(num, 1),
      "((2,2,8),32):((512,32,64),1)",
      "((2,2,8),(32," # num # ")):((" # !mul(512, num) # ",32," # !mul(64, num) #
          "),(1,64))"),
    // 16x128b (W = 32) and 16x256b (W = 64).
    true : !if(!eq(num, 1),
      "((4,8),(" # W # ",2)):((" # W # "," # !mul(4, W) # "),(1," # !mul(32, W) # "))",
      "((4,8),(" # W # ",2," # num # ")):((" # W # "," # !mul(4, W, num) #
          "),(1," # !mul(32, W, num) # "," # !mul(4, W) # "))"));
}

/// tcgen05.ld (\p store = 0) or tcgen05.st of \p shape, .x<num>, plain or
/// packed (\p pack: two 16-bit columns per register).
class TmemLdStVariant<CuteCopyAtom atom, bit store, TmemLdStShape shape, int num,
                      bit pack>
    : CopyVariant<atom, "SM100_TMEM_" # !if(store, "STORE", "LOAD") # "_" #
                            shape.Cute # num # "x" # !if(pack, "_16b", ""),
                  !mul(32, shape.Regs, num)> {
  defvar Op = !if(store, "st", "ld");
  defvar Pack = !if(pack, !if(store, ".unpack::16b", ".pack::16b"), "");
  // The TMEM side: 32 lanes, each reading the same ValueBits-bit row slice
  // (CuTe's (32,TmemBits):(0,1)); the register side as CuTe lays it out.
  defvar Tmem = "(32," # !mul(1024, shape.Regs, num) # "):(0,1)";
  defvar Regs = TmemRegLayout<shape, num>.ret;
  defvar Split = !if(shape.HalfSplit, ", $off", "");
  let Param = shape.Ptx # ".x" # num # Pack;
  let Ptx = "tcgen05." # Op # ".sync.aligned." # shape.Ptx # ".x" # num # Pack # ".b32";
  // The intrinsic takes the packing as its trailing i1 immediate (set for
  // the _16b forms) and 16x32bx2's half-warp offset as an i64 immediate
  // after the TMEM address: the same facts as Param and the $off operand.
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_tcgen05_" # Op # "_" #
                                           shape.Ptx # "_x" # num)>;
  // Regs * num b32 registers per thread; 16x32bx2's half-warp offset is
  // the columns the first half covers (num, twice that when packed). The
  // wait makes the registers (or the TMEM columns) usable.
  let PtxAsm = Ptx # !if(store, " [$taddr]" # Split # ", {$r};",
                          " {$r}, [$taddr]" # Split # ";");
  let PtxOperands = !listconcat(
      [PtxTmem<"taddr">, PtxRegs<"r", "b32", !mul(shape.Regs, num)>],
      !if(shape.HalfSplit,
          [PtxImm<"off", !cast<string>(!mul(num, !if(pack, 2, 1)))>], []));
  let PtxAfter = ["tcgen05.wait::" # Op # ".sync.aligned;"];
  let ThrID = "32:1";
  // CuTe's ValID: each lane's bits (16x32bx2's two halves one after the
  // other), then the lanes; packed, 16-bit values one per 32-bit column.
  defvar Lanes = !if(!eq(shape.Ptx, "32x32b"), 32, 16);
  defvar LaneBits = !mul(!if(shape.HalfSplit, 64, shape.Bits), num);
  let ValID = !if(pack,
      "((16," # !div(LaneBits, 16) # ")," # Lanes # "):((1,32),2097152)",
      "(" # LaneBits # "," # Lanes # "):(1,2097152)");
  let SrcLayout = !if(store, Regs, Tmem);
  let DstLayout = !if(store, Tmem, Regs);
  let RefLayout = Tmem;
}

foreach shape = TmemLdStShapes in
  foreach num = [1, 2, 4, 8, 16, 32, 64, 128] in
    if TMEM_LDST_SUPPORTED<shape, num>.ret then
      foreach pack = [0, 1] in {
        def : TmemLdStVariant<atom_tmem_load, 0, shape, num, pack>;
        def : TmemLdStVariant<atom_tmem_store, 1, shape, num, pack>;
      } // pack

//===----------------------------------------------------------------------===//
// tcgen05.ld.red: CuTe's SM100_TMEM_LOAD_STAT_32dp32b<N>x (sm_103f/a)
//===----------------------------------------------------------------------===//

/// A 32x32b TMEM load that also returns the maximum of the values each
/// thread loads (CuTe's row_max: one row of the tile per thread). CuTe
/// issues it only where CUTE_ARCH_TCGEN05_TMEM_STAT_ENABLED (SM103): ptxas
/// rejects tcgen05.ld.red on sm_100a and sm_100f. CuTe's traits keep a
/// running maximum across calls (fmax with the previous one); the atom
/// returns this load's.
def atom_tmem_load_stat
    : CuteCopyAtom<"atom.tmem_load_stat", "sm_100", [CopyAtom],
                   InlinePtxLowering, [tmem], [rmem]> {
  let Contract = "src=tmem, dst=rmem; redval = max over the loaded values";
  let Summary =
      "tensor memory to registers with a row maximum (tcgen05.ld.red)";
  let Features = [FeatTmem, FeatTmemStat];
  let NaturalShape = "one TMEM row of 32-bit values per thread";
  let ElementWidth = "32 bits (f32)";
  let LoweringTarget = "tcgen05.ld.red.sync.aligned.32x32b.num.max.f32";
  // The registers (dst), the row maximum (one f32) and the TMEM address.
  let Params = [AtomParam<"void *", "r">, AtomParam<"void *", "redval">,
                AtomParam<"unsigned", "taddr">];
}

/// tcgen05.ld.red of 32x32b, .x<num>: num b32 registers per thread and
/// their f32 maximum; the wait inside the statement makes them usable.
class TmemLoadStatVariant<int num>
    : CopyVariant<atom_tmem_load_stat,
                  "SM100_TMEM_LOAD_STAT_32dp32b" # num # "x", !mul(32, num)> {
  let Param = "32x32b.x" # num;
  let Ptx = "tcgen05.ld.red.sync.aligned.32x32b.x" # num # ".max.f32";
  let PtxAsm = Ptx # " {$r}, $redval, [$taddr];";
  let PtxAfter = ["tcgen05.wait::ld.sync.aligned;"];
  let Sel = InlinePtx<"{ " # PtxAsm # " " # !head(PtxAfter) # " }">;
  let PtxOperands = [PtxTmem<"taddr">, PtxRegs<"r", "b32", num>,
                     PtxReg<"redval", "f32">];
  // CuTe's Copy_Traits<SM100_TMEM_LOAD_STAT_32dp32b<N>x>: those of
  // SM100_TMEM_LOAD_32dp32b<N>x.
  let ThrID = "32:1";
  let ValID = "(" # !mul(32, num) # ",32):(1,2097152)";
  let SrcLayout = "(32," # !mul(1024, num) # "):(0,1)";
  let DstLayout = "(32," # !mul(32, num) # "):(" # !mul(32, num) # ",1)";
  let RefLayout = SrcLayout;
}

foreach num = [32, 128] in
  def : TmemLoadStatVariant<num>;

//===----------------------------------------------------------------------===//
// tcgen05.cp (UTCCP): shared memory to tensor memory, CuTe's
// SM100_UTCCP_<shape>_<ctas>cta
//===----------------------------------------------------------------------===//

/// One tcgen05.cp shape (with its multicast qualifier): CuTe's name
/// fragment, the PTX shape, the NVVM intrinsic's spelling of it, the SMEM
/// bits one copy reads and the value mode of CuTe's SrcLayout and DstLayout
/// (in bits; RefLayout is the DstLayout). The multicast forms read 32 or 64
/// lanes and write them to 4 or 2 lane quarters: a stride-0 broadcast mode
/// on the source side.
class UtccpShape<string cute, string ptx, int nbits, string src,
                 string dst = src> {
  string Cute = cute;
  string Ptx = ptx;
  string Intr = !subst("::", "_", !subst(".", "_", ptx));
  int Bits = nbits;
  string Src = src;
  string Dst = dst;
}

defvar UtccpShapes = [
  UtccpShape<"128dp256bit", "128x256b", 32768, "32768:1">,
  UtccpShape<"128dp128bit", "128x128b", 16384, "16384:1">,
  // 4 lanes (one per lane quarter) refresh the MMA's 128 rows by 256 bits.
  UtccpShape<"4dp256bit", "4x256b", 1024, "(4,256):(32,128)">,
  UtccpShape<"4x32dp128bit", "32x128b.warpx4", 4096, "(32,128,4):(1,32,0)",
             "16384:1">,
  UtccpShape<"2x64dp128bitlw0213", "64x128b.warpx2::02_13", 8192,
             "(64,128,2):(1,64,0)", "16384:1">,
  UtccpShape<"2x64dp128bitlw0123", "64x128b.warpx2::01_23", 8192,
             "(32,128,2,2):(1,32,4096,0)", "16384:1">];

/// A CuTe layout (\p ctas,V):(0,S) from the value mode V:S.
class UtccpLayout<int ctas, string val> {
  defvar Colon = !find(val, ":");
  defvar Shape = !substr(val, 0, Colon);
  defvar Stride = !substr(val, !add(Colon, 1));
  string ret = "(" # ctas # "," # Shape # "):(0," # Stride # ")";
}

class UtccpVariant<UtccpShape shape, int ctas>
    : CopyVariant<atom_s2t_copy, "SM100_UTCCP_" # shape.Cute # "_" # ctas # "cta",
                  shape.Bits> {
  let Param = shape.Ptx # ".cta_group::" # ctas;
  let Ptx = "tcgen05.cp.cta_group::" # ctas # "." # shape.Ptx;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_tcgen05_cp_" # shape.Intr #
                                           "_cg" # ctas)>;
  // The TMEM destination and the 64-bit SMEM matrix descriptor of the source.
  let PtxAsm = Ptx # " [$taddr], $sdesc;";
  let PtxOperands = [PtxTmem<"taddr">, PtxReg<"sdesc", "b64">];
  // One issuing thread per CTA (CuTe's ThrID 1 or 2).
  let ThrID = !if(!eq(ctas, 2), "2:1", "1:0");
  let SrcLayout = UtccpLayout<ctas, shape.Src>.ret;
  let DstLayout = UtccpLayout<ctas, shape.Dst>.ret;
  let RefLayout = DstLayout;
}

foreach shape = UtccpShapes in
  foreach ctas = [1, 2] in
    def : UtccpVariant<shape, ctas>;

//===----------------------------------------------------------------------===//
// Copy atoms of 8-bit matrices: ldmatrix .m16n16 / .m8n16 (atom.ldsm) and
// stmatrix .m16n8 (atom.stsm) variants, CuTe's SM100_*_LDSM_* and
// SM100_*_STSM_T (copy_sm100.hpp). ptxas 13 takes them on the arch- and
// family-specific targets of sm_100, sm_103, sm_110, sm_120 and sm_121 only
// (FeatMatrixB8), and rejects them on the baseline ones ("Feature
// 'ldmatrix.b8' not supported on .target 'sm_100'").
//===----------------------------------------------------------------------===//

/// One 8-bit matrix form: CuTe's name, the PTX shape and qualifiers after
/// the state space, the NVVM intrinsic's spelling of them, the b32
/// registers of each thread, the shared-memory bytes one warp touches and
/// CuTe's SrcLayout, DstLayout and RefLayout (in bits, as its traits print
/// them). The m8n16 loads read 4-bit (b4x16_p64) or 6-bit (b6x16_p32)
/// elements padded to 16-byte rows and widen each to a byte.
class MatrixB8Form<string cute, bit store, string shape, string qual,
                   string intr, int regs, int bytes, string src, string dst,
                   string ref> {
  string Cute = cute;
  bit Store = store;
  string Shape = shape;
  string Qual = qual;
  string Intr = intr;
  int Regs = regs;
  int Bytes = bytes;
  string Src = src;
  string Dst = dst;
  string Ref = ref;
}

/// The register side of CuTe's transposed 8-bit matrices: \p n 8x8 blocks.
class MatrixB8TRegs<int n> {
  string ret = !cond(
    !eq(n, 1) : "((4,8),(8,2,2)):((256,8),(1,128,64))",
    true : "((4,8),(8,2,2," # n # ")):((256,8),(1,128,64,1024))");
}

/// The row-address side: 8, 16 or 32 rows of 128 bits (as SM75's LDSM).
class MatrixB8Rows<int n> {
  string ret = !cond(!eq(n, 1) : "((8,4),128):((128,0),1)",
                     !eq(n, 2) : "((16,2),128):((128,0),1)",
                     true : "(32,128):(128,1)");
}

defvar MatrixB8Forms = !listconcat(
  [MatrixB8Form<"U8x8_LDSM_T", 0, "m16n16.x1.trans", "b8", "m16n16_x1_trans_b8",
                2, 256, "((2,2,4,2),128):((128,1024,256,0),1)",
                MatrixB8TRegs<2>.ret, MatrixB8TRegs<2>.ret>,
   MatrixB8Form<"U8x16_LDSM_T", 0, "m16n16.x2.trans", "b8", "m16n16_x2_trans_b8",
                4, 512, "((2,2,4,2),128):((128,1024,256,2048),1)",
                MatrixB8TRegs<4>.ret, MatrixB8TRegs<4>.ret>],
  !foldl([]<MatrixB8Form>, [1, 2, 4], acc, n,
    !listconcat(acc, !foreach(e, [[4, 64], [6, 32]],
      MatrixB8Form<"SU" # e[0] # "_DU8x16_x" # n # "_LDSM_N", 0, "m8n16.x" # n,
                   "b8x16.b" # e[0] # "x16_p" # e[1],
                   "m8n16_x" # n # "_b8x16_b" # e[0] # "x16_p" # e[1], n,
                   !mul(128, n), MatrixB8Rows<n>.ret,
                   LdsmLayouts<n, 0>.Regs, LdsmLayouts<n, 0>.Regs>))),
  !foreach(n, [1, 2, 4],
    MatrixB8Form<"U8x" # !mul(4, n) # "_STSM_T", 1, "m16n8.x" # n # ".trans", "b8",
                 "m16n8_x" # n # "_trans_b8", n, !mul(128, n),
                 MatrixB8TRegs<n>.ret, MatrixB8Rows<n>.ret,
                 MatrixB8TRegs<n>.ret>));

class MatrixB8Variant<MatrixB8Form f>
    : CopyVariant<!if(f.Store, atom_stsm, atom_ldsm), "SM100_" # f.Cute,
                  !mul(32, f.Regs)> {
  defvar Op = !if(f.Store, "stmatrix", "ldmatrix");
  let Param = f.Shape # "." # f.Qual;
  let Ptx = Op # ".sync.aligned." # f.Shape # ".shared." # f.Qual;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_" # Op # "_sync_aligned_" #
                                           f.Intr)>;
  let Features = [FeatMatrixB8];
  let PtxAsm = Ptx # !if(f.Store, " [$dst], {$src};", " {$dst}, [$src];");
  let PtxOperands = !if(f.Store,
      [PtxSmem<"dst", f.Bytes>, PtxRegs<"src", "b32", f.Regs>],
      [PtxRegs<"dst", "b32", f.Regs>, PtxSmem<"src", f.Bytes>]);
  let ThrID = "32:1";
  let SrcLayout = f.Src;
  let DstLayout = f.Dst;
  let RefLayout = f.Ref;
  let ElementWidth = "8 bits";
  let Fragment = !cast<string>(!mul(4, f.Regs)) # " bytes per lane";
  let LoweringTarget = Ptx;
}

foreach f = MatrixB8Forms in
  def : MatrixB8Variant<f>;

//===----------------------------------------------------------------------===//
// Packed f32x2 FMA: CuTe's SM100_2x1x1 and SM100_1x2x1_F32F32F32F32
//===----------------------------------------------------------------------===//

def sm100_ffma2 : CuteMmaAtom<"sm100.ffma2", "sm_100", [MmaAtom],
                              InlinePtxLowering> {
  let Contract = "A, B, D in rmem; D and the paired operand in 64-bit pairs";
  let Summary = "one-thread packed f32x2 multiply-add (a 2x1 or 1x2 outer "
                "product)";
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  let Lattice = [MmaShapeRule<[1, 2], [1, 2], 0,
                              [MmaTypes<F32, F32, F32, F32>]>];
}

/// An \p m x \p n x 1 outer product, m * n = 2: fma.rn.f32x2 on the pair of
/// D and C, the operand with two elements as a pair and the other one
/// broadcast into both halves.
class Ffma2Variant<int m, int n>
    : MmaVariant<sm100_ffma2,
                 "SM100_" # m # "x" # n # "x1_F32F32F32F32", m, n, 1,
                 MmaTypes<F32, F32, F32, F32>> {
  defvar PairA = !eq(m, 2);
  let Ptx = "fma.rn.f32x2";
  let PtxBefore = [".reg .b64 bcast;",
                   "mov.b64 bcast, " # !if(PairA, "{$b, $b};", "{$a, $a};")];
  let PtxAsm = Ptx # !if(PairA, " $d, $a, bcast, $c;", " $d, bcast, $b, $c;");
  // The broadcast register lives in a scope of the statement's own.
  let Sel = InlinePtx<"{ " # !interleave(PtxBefore, " ") # " " # PtxAsm # " }">;
  let PtxOperands = [PtxReg<"d", "b64">,
                     PtxReg<"a", !if(PairA, "b64", "b32")>,
                     PtxReg<"b", !if(PairA, "b32", "b64")>,
                     PtxReg<"c", "b64">];
  let ThrID = "1:0";
  let LayoutA = !if(PairA, "(1,2):(0,1)", "(1,1):(0,0)");
  let LayoutB = !if(PairA, "(1,1):(0,0)", "(1,2):(0,1)");
  let LayoutC = "(1,2):(0,1)";
}

def : Ffma2Variant<2, 1>;
def : Ffma2Variant<1, 2>;

//===----------------------------------------------------------------------===//
// 256-bit global loads and stores that do not allocate in L1: CuTe's
// SM100_{LOAD,STORE}_256bit_CACHE_NOALLOCATION
//===----------------------------------------------------------------------===//

/// \p store: registers to global memory, else global memory to registers.
class Global256Atom<bit store>
    : CuteCopyAtom<"atom.global_" # !if(store, "store", "load") # "_256bit",
                   "sm_100", [CopyAtom], InlinePtxLowering,
                   !if(store, [rmem], [gmem]), !if(store, [gmem], [rmem])> {
  let Contract = !if(store, "src=rmem, dst=gmem", "src=gmem, dst=rmem") #
                 ", 32-byte aligned, no L1 allocation";
  let Summary = "one-thread 256-bit global " # !if(store, "store", "load") #
                " that bypasses L1 allocation";
  let NaturalShape = "one 256-bit vector";
  let ElementWidth = "32 bits x 8";
  let Fragment = "eight 32-bit registers";
  let LoweringTarget = !if(store, "st", "ld") #
                       ".global.L1::no_allocate.v8.f32";
}

def atom_global_load_256bit : Global256Atom<0>;
def atom_global_store_256bit : Global256Atom<1>;

class Global256Variant<Global256Atom atom, bit store>
    : CopyVariant<atom, "SM100_" # !if(store, "STORE", "LOAD") #
                            "_256bit_CACHE_NOALLOCATION", 256> {
  let Ptx = atom.LoweringTarget;
  let PtxAsm = Ptx # !if(store, " [$dst], {$src};", " {$dst}, [$src];");
  let Sel = InlinePtx<PtxAsm>;
  let PtxOperands = !if(store, [PtxGmem<"dst", 32>, PtxRegs<"src", "b32", 8>],
                               [PtxRegs<"dst", "b32", 8>, PtxGmem<"src", 32>]);
  // 256-bit loads and stores arrived in PTX ISA 8.8, after sm_100's 8.6.
  let MinPtx = 88;
  let ThrID = "1:0";
  let SrcLayout = "(1,256):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}

def : Global256Variant<atom_global_load_256bit, 0>;
def : Global256Variant<atom_global_store_256bit, 1>;
