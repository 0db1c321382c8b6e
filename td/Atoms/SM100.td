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

defvar UmmaN8 = !range(8, 257, 8);
defvar UmmaN16 = !range(16, 257, 16);
defvar UmmaN32 = !range(32, 257, 32);

defvar UmmaFloatTypes = [MmaTypes<F16, F16, F16, F16>, MmaTypes<F32, F16, F16, F32>,
                         MmaTypes<F32, BF16, BF16, F32>, MmaTypes<F32, TF32, TF32, F32>,
                         MmaTypes<F32, E4M3, E4M3, F32>, MmaTypes<F32, E5M2, E5M2, F32>];
defvar UmmaIntTypes = [MmaTypes<S32, S8, S8, S32>, MmaTypes<S32, U8, U8, S32>];
defvar UmmaMxf8Types = [MmaTypes<F32, E4M3, E4M3, F32>, MmaTypes<F32, E5M2, E5M2, F32>];
defvar UmmaMxf4Types = [MmaTypes<F32, E2M1, E2M1, F32>];

/// A UMMA atom: B from an SMEM descriptor, A from an SMEM descriptor or TMEM,
/// D in tensor memory.
class UmmaAtom<string mnemonic, list<AtomInterface> ifaces>
    : CuteMmaAtom<mnemonic, "sm_100", !listconcat([MmaAtom, TmemAtom], ifaces),
                  UmmaLowering> {
  let Features = [FeatTcgen05];
  let AResidency = [tmem, smem_desc_view];
  let BResidency = [smem_desc_view];
  let DResidency = [tmem];
  let Params = [AtomParam<"unsigned", "d_tmem">, AtomParam<"unsigned long long", "a">,
                AtomParam<"unsigned long long", "b">, AtomParam<"unsigned", "idesc">,
                AtomParam<"bool", "accumulate">];
}

def sm100_mma : UmmaAtom<"sm100.mma", []> {
  let Contract = "A in memref/smem_desc_view; B in smem_desc_view; D in memref (tmem)";
  let Summary = "Blackwell UMMA (tcgen05.mma)";
  // CuTe's static_asserts: 1-CTA M 64/128 (TS with M 128 needs N % 16),
  // 2-CTA M 128/256 with N % 16 (SS) or N % 32 (TS); integers N 8 or N % 16.
  let Lattice = [
    MmaShapeRule<[64, 128], UmmaN8, 256, UmmaFloatTypes, 1, ["SS"]>,
    MmaShapeRule<[64], UmmaN8, 256, UmmaFloatTypes, 1, ["TS"]>,
    MmaShapeRule<[128], UmmaN16, 256, UmmaFloatTypes, 1, ["TS"]>,
    MmaShapeRule<[128, 256], UmmaN16, 256, UmmaFloatTypes, 2, ["SS"]>,
    MmaShapeRule<[128, 256], UmmaN32, 256, UmmaFloatTypes, 2, ["TS"]>,
    MmaShapeRule<[64, 128], !listconcat([8], UmmaN16), 256, UmmaIntTypes, 1, ["SS"]>];
}

def sm100_mma_sp : UmmaAtom<"sm100.mma_sp", [SparseMetadataAtom]> {
  let Contract = "UMMA contract + structurally-sparse A and metadata operand";
  let Summary = "Blackwell structured-sparse UMMA";
  let Sparse = 1;
  let Lattice = [MmaShapeRule<[64, 128], UmmaN8, 512,
                              [MmaTypes<F32, F16, F16, F32>, MmaTypes<F32, BF16, BF16, F32>,
                               MmaTypes<F32, TF32, TF32, F32>], 1, ["SS"]>];
}

def sm100_mma_bs : UmmaAtom<"sm100.mma_bs", [BlockScaleAtom]> {
  let Contract = "UMMA contract + scale-factor operand";
  let Summary = "Blackwell block-scaled UMMA (MX formats)";
  let BlockScale = 1;
  let Lattice = [MmaShapeRule<[128], UmmaN8, 256, UmmaMxf8Types, 1, ["SS"]>,
                 MmaShapeRule<[256], UmmaN16, 256, UmmaMxf8Types, 2, ["SS"]>,
                 MmaShapeRule<[128], UmmaN8, 256, UmmaMxf4Types, 1, ["SS"]>];
}

def sm100_mma_bs_sp : UmmaAtom<"sm100.mma_bs_sp", [BlockScaleAtom, SparseMetadataAtom]> {
  let Contract = "UMMA block-scale + sparsity";
  let Summary = "Blackwell sparse block-scaled UMMA";
  let Sparse = 1;
  let BlockScale = 1;
  let Lattice = [MmaShapeRule<[128], UmmaN8, 512, UmmaMxf8Types, 1, ["SS"]>];
}

/// The CuTe family of a UMMA lattice point and its tcgen05 kind.
class UmmaKind<MmaTypes t, bit blockScale> {
  string Family = !cond(
    blockScale : !if(!eq(t.A, E2M1), "MXF4", "MXF8F6F4"),
    !or(!eq(t.A, F16), !eq(t.A, BF16)) : "F16BF16",
    !eq(t.A, TF32) : "TF32",
    !or(!eq(t.A, S8), !eq(t.A, U8)) : "S8",
    true : "F8F6F4");
  string Kind = !cond(
    blockScale : !if(!eq(t.A, E2M1), "mxf4", "mxf8f6f4"),
    !or(!eq(t.A, F16), !eq(t.A, BF16)) : "f16",
    !eq(t.A, TF32) : "tf32",
    !or(!eq(t.A, S8), !eq(t.A, U8)) : "i8",
    true : "f8f6f4");
}

/// One UMMA lattice point, named as CuTe's templated SM100_MMA_* atoms:
/// SM100_MMA_<family>[_2x1SM]_<mode>[_SPARSE]<A,B,D[,SF],M,N>.
class UmmaVariant<CuteMmaAtom atom, int m, int n, int kbits, MmaTypes t,
                  int ctas, string mode>
    : MmaVariant<atom,
                 "SM100_MMA_" # UmmaKind<t, atom.BlockScale>.Family #
                     !if(!eq(ctas, 2), "_2x1SM", "") # "_" # mode #
                     !if(atom.Sparse, "_SPARSE", "") # "<" # t.A.Cute # "," #
                     t.B.Cute # "," # t.D.Cute #
                     !if(atom.BlockScale, "," # !if(!eq(t.A, E2M1), "UE8M0", "UE8M0"), "") #
                     "," # m # "," # n # ">",
                 m, n, !div(kbits, t.A.Bits), t> {
  defvar KExt = !div(kbits, t.A.Bits);
  let Ctas = ctas;
  let Mode = mode;
  let Kind = UmmaKind<t, atom.BlockScale>.Kind;
  let ScaleType = !if(atom.BlockScale, [UE8M0], []);
  // CuTe's SFVecSize: 32 elements per scale factor, 64 for the sparse
  // MXF8F6F4 forms (one factor per 64 logical K).
  let ScaleVec = !if(atom.BlockScale, !if(atom.Sparse, 64, 32), 0);
  let Ptx = "tcgen05.mma" # !if(atom.Sparse, ".sp", "") # ".cta_group::" # ctas #
            ".kind::" # Kind # !if(atom.BlockScale, ".block_scale", "");
  let Sel = NVVMIntrinsic<!cast<Intrinsic>(
      "int_nvvm_tcgen05_mma" # !if(atom.Sparse, "_sp", "") #
      !if(!eq(mode, "TS"), "_tensor", "_shared") #
      !if(atom.BlockScale, "_" # Kind # "_block_scale", ""))>;
  // D in TMEM; A from an SMEM descriptor (SS) or TMEM (TS); B from an SMEM
  // descriptor; the sparse forms add the metadata's TMEM address, the
  // block-scaled ones the scale factors' TMEM addresses. enable-input-d is
  // a predicate.
  defvar Meta = !if(atom.Sparse, " [$e],", "");
  defvar Scales = !if(atom.BlockScale, " [$sfa], [$sfb],", "");
  let PtxAsm = Ptx # " [$d], " # !if(!eq(mode, "TS"), "[$a]", "$a") # ", $b," #
               Meta # " $idesc," # Scales # " $acc;";
  let PtxOperands = !listconcat(
      [PtxTmem<"d">, !if(!eq(mode, "TS"), PtxTmem<"a">, PtxReg<"a", "b64">),
       PtxReg<"b", "b64">],
      !if(atom.Sparse, [PtxTmem<"e">], []),
      [PtxReg<"idesc", "b32">],
      !if(atom.BlockScale, [PtxTmem<"sfa">, PtxTmem<"sfb">], []),
      [PtxPred<"acc">]);
  let Features = !if(!eq(Kind, "i8"), [FeatTcgen05I8], []);
  // The block-scale intrinsics without a .block16/.block32 suffix print a
  // plain `.block_scale`, which ptxas 13 reads as `.block32`: PTX ISA 8.8.
  let MinPtx = !if(atom.BlockScale, 88, 0);
  let ThrID = !if(!eq(ctas, 2), "2:1", "1:0");
  // CuTe's MMA_Traits<SM100_MMA_*>: the sparse forms use the dense layouts
  // over the logical (M, K), K = 512 bits of A.
  let LayoutA = !cond(!eq(ctas, 2) : "(2,(" # !div(m, 2) # "," # KExt # ")):(" # !div(m, 2) # ",(1," # m # "))",
                      true : "(1,(" # m # "," # KExt # ")):(0,(1," # m # "))");
  let LayoutB = !cond(!eq(ctas, 2) : "(2,(" # !div(n, 2) # "," # KExt # ")):(" # !div(n, 2) # ",(1," # n # "))",
                      true : "(1,(" # n # "," # KExt # ")):(0,(1," # n # "))");
  let LayoutC = !cond(!eq(ctas, 2) : "(2,(" # !div(m, 2) # "," # n # ")):(" # !div(m, 2) # ",(1," # m # "))",
                      true : "(1,(" # m # "," # n # ")):(0,(1," # m # "))");
}

foreach atom = [sm100_mma, sm100_mma_sp, sm100_mma_bs, sm100_mma_bs_sp] in
  foreach rule = atom.Lattice in
    foreach mode = rule.Modes in
      foreach t = rule.Types in
        foreach m = rule.Ms in
          foreach n = rule.Ns in
            def : UmmaVariant<atom, m, n, rule.KBits, t, rule.Ctas, mode>;

//===----------------------------------------------------------------------===//
// Tensor-memory copies
//===----------------------------------------------------------------------===//

class TmemCopyAtom<string mnemonic, list<AtomInterface> ifaces,
                   list<Residency> src, list<Residency> dst>
    : CuteCopyAtom<mnemonic, "sm_100", ifaces, TmemCopyLowering, src, dst> {
  let Features = [FeatTmem];
}

def atom_tmem_load : TmemCopyAtom<"atom.tmem_load", [CopyAtom], [tmem], [rmem]> {
  let Contract = "src=tmem, dst=rmem";
  let Summary = "tensor memory to registers (tcgen05.ld)";
  let NaturalShape = "one TMEM column tile per atom";
  let ElementWidth = "32/16/8 bits";
  let LoweringTarget = "tcgen05.ld.sync.aligned.shape.b32";
}
def atom_tmem_store : TmemCopyAtom<"atom.tmem_store", [CopyAtom], [rmem], [tmem]> {
  let Contract = "src=rmem, dst=tmem";
  let Summary = "registers to tensor memory (tcgen05.st)";
  let NaturalShape = "one TMEM column tile per atom";
  let ElementWidth = "32/16/8 bits";
  let LoweringTarget = "tcgen05.st.sync.aligned.shape.b32";
}
def atom_s2t_copy : TmemCopyAtom<"atom.s2t_copy", [CopyAtom, AsyncCopyAtom],
                                 [smem], [tmem]> {
  let Contract = "src=smem, dst=tmem";
  let Summary = "shared memory to tensor memory (tcgen05.cp)";
  let NaturalShape = "TMA-box-shaped SMEM slice";
  let ElementWidth = "8/16/32/64 bits";
  // Seed 003's lowering-target column, verbatim; the variants issue the PTX
  // spelling, tcgen05.cp.cta_group::N.<shape> (ptxas rejects .async and a
  // state space on tcgen05.cp).
  let LoweringTarget = "tcgen05.cp.shared::cta.async";
}

// The two atoms below are registered as seed 003 lists them (mnemonic,
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
