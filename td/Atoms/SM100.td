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
  let LoweringTarget = "tcgen05.cp.shared::cta.async";
}
def atom_tmem_to_smem_copy : TmemCopyAtom<"atom.tmem_to_smem_copy",
                                          [CopyAtom, AsyncCopyAtom], [tmem], [smem]> {
  let Contract = "src=tmem, dst=smem";
  let Summary = "tensor memory to shared memory";
  let NaturalShape = "TMEM column tile";
  let ElementWidth = "32/16/8 bits";
  let LoweringTarget = "tcgen05.cp.async.shared::cta (reverse direction)";
}
def atom_tcgen05_cp : TmemCopyAtom<"atom.tcgen05.cp", [CopyAtom, AsyncCopyAtom],
                                   [tmem], [tmem]> {
  let Contract = "src=tmem, dst=tmem (cross-CTA)";
  let Summary = "cluster-scope tensor-memory copy";
  let NaturalShape = "column tile inside one cluster";
  let ElementWidth = "32 bits";
  let LoweringTarget = "tcgen05.cp.async (cluster-scope)";
}

/// tcgen05.ld/st .32x32b.xN: CuTe's SM100_TMEM_{LOAD,STORE}_32dp32b<N>x.
/// The TMEM side spans 1024 * N nbits per thread row, the register side 32 * N.
class TmemLdStVariant<CuteCopyAtom atom, bit store, int num>
    : CopyVariant<atom, "SM100_TMEM_" # !if(store, "STORE", "LOAD") # "_32dp32b" #
                            num # "x",
                  !mul(32, num)> {
  defvar Tmem = "(32," # !mul(1024, num) # "):(0,1)";
  defvar Regs = "(32," # !mul(32, num) # "):(" # !mul(32, num) # ",1)";
  let Param = "32x32b.x" # num;
  let Ptx = "tcgen05." # !if(store, "st", "ld") # ".sync.aligned.32x32b.x" # num # ".b32";
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_tcgen05_" # !if(store, "st", "ld") #
                                           "_32x32b_x" # num)>;
  // One b32 register per 32-bit column; the wait makes the registers (or
  // the TMEM columns) usable.
  let PtxAsm = Ptx # !if(store, " [$taddr], {$r};", " {$r}, [$taddr];");
  let PtxOperands = [PtxTmem<"taddr">, PtxRegs<"r", "b32", num>];
  let PtxAfter = ["tcgen05.wait::" # !if(store, "st", "ld") # ".sync.aligned;"];
  let ThrID = "32:1";
  let SrcLayout = !if(store, Regs, Tmem);
  let DstLayout = !if(store, Tmem, Regs);
  let RefLayout = Tmem;
}

foreach num = [1, 2, 4, 8, 16, 32, 64, 128] in {
  def : TmemLdStVariant<atom_tmem_load, 0, num>;
  def : TmemLdStVariant<atom_tmem_store, 1, num>;
}

/// tcgen05.cp 128 data paths by 256 or 128 nbits: CuTe's
/// SM100_UTCCP_128dp<nbits>bit_<ctas>cta (one or two issuing CTAs).
class UtccpVariant<int nbits, int ctas>
    : CopyVariant<atom_s2t_copy, "SM100_UTCCP_128dp" # nbits # "bit_" # ctas # "cta",
                  !mul(128, nbits)> {
  let Param = "128x" # nbits # "b.cta_group::" # ctas;
  let Ptx = "tcgen05.cp.cta_group::" # ctas # ".128x" # nbits # "b";
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_tcgen05_cp_128x" # nbits #
                                           "b_cg" # ctas)>;
  // The TMEM destination and the 64-bit SMEM matrix descriptor of the source.
  let PtxAsm = Ptx # " [$taddr], $sdesc;";
  let PtxOperands = [PtxTmem<"taddr">, PtxReg<"sdesc", "b64">];
  let ThrID = !if(!eq(ctas, 2), "2:1", "1:0");
  let SrcLayout = "(" # ctas # "," # !mul(128, nbits) # "):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}

foreach nbits = [256, 128] in
  foreach ctas = [1, 2] in
    def : UtccpVariant<nbits, ctas>;
