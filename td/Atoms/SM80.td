//===- SM80.td - Ampere register MMA and cp.async ----------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// sm80.mma (dense mma.sync), sm80.sparse_mma (mma.sp) and
// atom.simt_async_copy and atom.simt_async_copy_zfill (cp.async with 4, 8
// or 16 bytes, .ca or .cg, plain or zero-filling).
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Dense mma.sync
//===----------------------------------------------------------------------===//

defvar SM80F16Types = [MmaTypes<F16, F16, F16, F16>, MmaTypes<F32, F16, F16, F32>,
                       MmaTypes<F32, BF16, BF16, F32>];
defvar SM80TF32Types = [MmaTypes<F32, TF32, TF32, F32>];
defvar SM80IntTypes = MmaTypePairs<[S32], [S8, U8]>.ret;
defvar SM80Int4Types = MmaTypePairs<[S32], [S4, U4]>.ret;
defvar SM80BitTypes = [MmaTypes<S32, U1, U1, S32>];
defvar SM80F64Types = [MmaTypes<F64, F64, F64, F64>];

/// The integer forms accumulate with wrap-around ("") or saturate at the
/// s32 limits (CuTe's _SATURATE, PTX `.satfinite`); the bit-wise forms
/// combine A and B with AND or XOR and count the bits (CuTe's _ANDPOPC and
/// _XORPOPC, PTX `.and.popc` / `.xor.popc`).
defvar SM80IntModes = ["", "SATURATE"];
defvar SM80BitModes = ["XORPOPC", "ANDPOPC"];

def sm80_mma : CuteMmaAtom<"sm80.mma", "sm_80", [MmaAtom], MmaSyncLowering> {
  let Contract = "A, B, D in rmem; one element type per operand";
  let Summary = "Ampere dense mma.sync";
  let Features = [FeatMmaSync];
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  // 16x8 tiles with 128 or 256 bits of K per row; the integer and bit-wise
  // forms also as 8x8 tiles with 128 bits of K. F64: 8x8x4, and Hopper's
  // 16x8x4, 16x8x8 and 16x8x16 (the last rule: its variants live in SM90.td
  // and need FeatMmaF64x16, which the tiers from sm_90 have).
  let Lattice = [
    MmaShapeRule<[16], [8], 128, !listconcat(SM80F16Types, SM80TF32Types)>,
    MmaShapeRule<[16], [8], 256, !listconcat(SM80F16Types, SM80TF32Types)>,
    MmaShapeRule<[8, 16], [8], 128, !listconcat(SM80IntTypes, SM80Int4Types), 1,
                 SM80IntModes>,
    MmaShapeRule<[16], [8], 256, !listconcat(SM80IntTypes, SM80Int4Types), 1,
                 SM80IntModes>,
    MmaShapeRule<[8, 16], [8], 128, SM80BitTypes, 1, SM80BitModes>,
    MmaShapeRule<[16], [8], 256, SM80BitTypes, 1, SM80BitModes>,
    MmaShapeRule<[8], [8], 256, SM80F64Types>,
    MmaShapeRule<[16], [8], 256, SM80F64Types>,
    MmaShapeRule<[16], [8], 512, SM80F64Types>,
    MmaShapeRule<[16], [8], 1024, SM80F64Types>];
}

/// The 16x8 row-major accumulator layout of every m16n8 mma.sync, and the
/// 8x8 one of every m8n8.
defvar SM80_16x8_Row = "((4,8),(2,2)):((32,1),(16,8))";
defvar SM80_8x8_Row = "((4,8),2):((16,1),8)";

/// LayoutA_TV / LayoutB_TV / LayoutC_TV of an mma.sync lattice point, keyed
/// by M, the bits of K and the bits of A (CuTe's mma_traits_sm80 and
/// mma_traits_sm90), as CuTe's traits print them: the 4-bit forms keep
/// CuTe's rank-1 value mode `(8)`. CuTe's 16x8x128 bit-wise A layout writes
/// its value stride as `((16,8))`, not congruent with its shape (32,2): the
/// registry holds the congruent `(16,8)` its 16x8x256 sibling starts with.
class SM80MmaLayouts<int m, int kbits, int abits> {
  list<string> ret = !cond(
    !and(!eq(m, 16), !eq(kbits, 128), !eq(abits, 16)) :
      ["((4,8),(2,2)):((32,1),(16,8))", "((4,8),2):((16,1),8)", SM80_16x8_Row],
    !and(!eq(m, 16), !eq(kbits, 256), !eq(abits, 16)) :
      ["((4,8),(2,2,2)):((32,1),(16,8,128))", "((4,8),(2,2)):((16,1),(8,64))", SM80_16x8_Row],
    !and(!eq(m, 16), !eq(kbits, 128), !eq(abits, 32)) :
      ["((4,8),2):((16,1),8)", "((4,8),1):((8,1),0)", SM80_16x8_Row],
    !and(!eq(m, 16), !eq(kbits, 256), !eq(abits, 32)) :
      ["((4,8),(2,2)):((16,1),(8,64))", "((4,8),2):((8,1),32)", SM80_16x8_Row],
    !and(!eq(m, 8), !eq(kbits, 128), !eq(abits, 8)) :
      ["((4,8),4):((32,1),8)", "((4,8),4):((32,1),8)", SM80_8x8_Row],
    !and(!eq(m, 16), !eq(kbits, 128), !eq(abits, 8)) :
      ["((4,8),(4,2)):((64,1),(16,8))", "((4,8),4):((32,1),8)", SM80_16x8_Row],
    !and(!eq(m, 16), !eq(kbits, 256), !eq(abits, 8)) :
      ["((4,8),(4,2,2)):((64,1),(16,8,256))", "((4,8),(4,2)):((32,1),(8,128))", SM80_16x8_Row],
    !and(!eq(m, 8), !eq(kbits, 128), !eq(abits, 4)) :
      ["((4,8),(8)):((64,1),(8))", "((4,8),(8)):((64,1),(8))", SM80_8x8_Row],
    !and(!eq(m, 16), !eq(kbits, 128), !eq(abits, 4)) :
      ["((4,8),(8,2)):((128,1),(16,8))", "((4,8),(8)):((64,1),(8))", SM80_16x8_Row],
    !and(!eq(m, 16), !eq(kbits, 256), !eq(abits, 4)) :
      ["((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(8,2)):((64,1),(8,256))", SM80_16x8_Row],
    !and(!eq(m, 8), !eq(kbits, 128), !eq(abits, 1)) :
      ["((4,8),32):((256,1),8)", "((4,8),32):((256,1),8)", SM80_8x8_Row],
    !and(!eq(m, 16), !eq(kbits, 128), !eq(abits, 1)) :
      ["((4,8),(32,2)):((512,1),(16,8))", "((4,8),32):((256,1),8)", SM80_16x8_Row],
    !and(!eq(m, 16), !eq(kbits, 256), !eq(abits, 1)) :
      ["((4,8),(32,2,2)):((512,1),(16,8,2048))", "((4,8),(32,2)):((256,1),(8,1024))", SM80_16x8_Row],
    !and(!eq(m, 8), !eq(kbits, 256), !eq(abits, 64)) :
      ["((4,8),1):((8,1),0)", "((4,8),1):((8,1),0)", SM80_8x8_Row],
    !and(!eq(m, 16), !eq(kbits, 256), !eq(abits, 64)) :
      ["((4,8),2):((16,1),8)", "((4,8),1):((8,1),0)", SM80_16x8_Row],
    !and(!eq(m, 16), !eq(kbits, 512), !eq(abits, 64)) :
      ["((4,8),(2,2)):((16,1),(8,64))", "((4,8),2):((8,1),32)", SM80_16x8_Row],
    !and(!eq(m, 16), !eq(kbits, 1024), !eq(abits, 64)) :
      ["((4,8),(2,4)):((16,1),(8,64))", "((4,8),4):((8,1),32)", SM80_16x8_Row],
    true : ["", "", ""]);
}

/// The type suffix of IntrinsicsNVVM.td's mma records: D and C for f16
/// inputs, the input type for bf16/tf32/f64 and the bit-wise forms, A and B
/// for integers, all four for FP8.
class MmaSyncIntrSuffix<MmaTypes t> {
  string ret = !cond(
    !eq(t.A, F16) : t.D.Ptx # "_" # t.C.Ptx,
    !or(!eq(t.A, BF16), !eq(t.A, TF32), !eq(t.A, F64), !eq(t.A, U1)) : t.A.Ptx,
    !or(!eq(t.A, S8), !eq(t.A, U8), !eq(t.A, S4), !eq(t.A, U4)) :
      !if(!eq(t.A, t.B), t.A.Ptx, t.A.Ptx # "_" # t.B.Ptx),
    true : t.D.Ptx # "_" # t.A.Ptx # "_" # t.B.Ptx # "_" # t.C.Ptx);
}

/// The PTX type list D.A.B.C of an mma instruction.
class MmaPtxTypes<MmaTypes t> {
  string ret = t.D.Ptx # "." # t.A.Ptx # "." # t.B.Ptx # "." # t.C.Ptx;
}

/// The CuTe name fragment DABC (F32F16F16F32).
class MmaCuteTypes<MmaTypes t> {
  string ret = t.D.Cute # t.A.Cute # t.B.Cute # t.C.Cute;
}

/// How an mma.sync lattice point of \p mode ("", SATURATE, ANDPOPC or
/// XORPOPC) spells its mode: after `.row.col` (Qual), after the types
/// (Op), in the NVVM intrinsic's name before the shape (IntrOp) and after
/// `row_col_` (IntrQual).
class MmaSyncMode<string mode> {
  defvar Popc = !cond(!eq(mode, "ANDPOPC") : "and", !eq(mode, "XORPOPC") : "xor",
                      true : "");
  string Qual = !if(!eq(mode, "SATURATE"), ".satfinite", "");
  string Op = !if(!empty(Popc), "", "." # Popc # ".popc");
  string IntrOp = !if(!empty(Popc), "", Popc # "_popc_");
  string IntrQual = !if(!eq(mode, "SATURATE"), "satfinite_", "");
  /// mma.sync .and.popc arrived in PTX ISA 7.1, after sm_80's 7.0.
  int MinPtx = !if(!eq(mode, "ANDPOPC"), 71, 0);
}

/// The register fragments of one warp-wide mma.sync (IntrinsicsNVVM.td's
/// WMMA_REGS, by arithmetic): D, A, B, C spread over 32 threads; a sparse A
/// holds half of its logical M x K elements. A and B elements occupy
/// \p container bits each when nonzero (FP6/FP4 under `.kind::f8f6f4`).
class MmaSyncFragments<int m, int n, int k, MmaTypes t, bit sparse,
                       int container = 0> {
  defvar ABits = !if(container, container, t.A.Bits);
  defvar BBits = !if(container, container, t.B.Bits);
  list<PtxOperand> ret = [
    PtxRegs<"d", PtxRegType<t.D>.ret, PtxFragRegs<!mul(m, n), t.D.Bits, 32>.ret>,
    PtxRegs<"a", PtxRegType<t.A>.ret,
            PtxFragRegs<!div(!mul(m, k), !if(sparse, 2, 1)), ABits, 32>.ret>,
    PtxRegs<"b", PtxRegType<t.B>.ret, PtxFragRegs<!mul(n, k), BBits, 32>.ret>,
    PtxRegs<"c", PtxRegType<t.C>.ret, PtxFragRegs<!mul(m, n), t.C.Bits, 32>.ret>];
}

/// One mma.sync lattice point of \p atom (shared by SM80, SM89 and SM90):
/// CuTe's <prefix>_MxNxK_<DABC>_TN[_<mode>].
class MmaSyncVariant<CuteMmaAtom atom, string prefix, int m, int n, int kbits,
                     MmaTypes t, string mode = "">
    : MmaVariant<atom,
                 prefix # "_" # m # "x" # n # "x" # !div(kbits, t.A.Bits) # "_" #
                     MmaCuteTypes<t>.ret # "_TN" # !if(!empty(mode), "", "_" # mode),
                 m, n, !div(kbits, t.A.Bits), t> {
  defvar Geom = "m" # m # "n" # n # "k" # !div(kbits, t.A.Bits);
  defvar Spell = MmaSyncMode<mode>;
  let Mode = mode;
  let Ptx = "mma.sync.aligned." # Geom # ".row.col" # Spell.Qual # "." #
            MmaPtxTypes<t>.ret # Spell.Op;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_mma_" # Spell.IntrOp # Geom #
                                           "_row_col_" # Spell.IntrQual #
                                           MmaSyncIntrSuffix<t>.ret)>;
  let MinPtx = Spell.MinPtx;
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c};";
  let PtxOperands = MmaSyncFragments<m, n, !div(kbits, t.A.Bits), t, 0>.ret;
  let ThrID = "32:1";
  defvar L = SM80MmaLayouts<m, kbits, t.A.Bits>.ret;
  let LayoutA = L[0];
  let LayoutB = L[1];
  let LayoutC = L[2];
}

/// The SM80 rules (Hopper's 16x8 F64 ones are SM90's).
class SM80_MMA_SUPPORTED<MmaShapeRule rule> {
  bit ret = !not(!and(!eq(!head(rule.Types).A, F64), !eq(!head(rule.Ms), 16)));
}

foreach rule = sm80_mma.Lattice in
  if SM80_MMA_SUPPORTED<rule>.ret then
    foreach m = rule.Ms in
      foreach n = rule.Ns in
        foreach t = rule.Types in
          foreach mode = rule.Modes in
            def : MmaSyncVariant<sm80_mma, "SM80", m, n, rule.KBits, t, mode>;

//===----------------------------------------------------------------------===//
// Complex F64: CuTe's SM80_8x8x4_C64C64C64C64_TN and
// SM80_8x8x4_GC64C64C64GC64_TN
//===----------------------------------------------------------------------===//

// No PTX instruction multiplies complex numbers: CuTe composes these atoms
// from real m8n8k4 .f64 mma.sync on the parts of each operand, and so does
// each variant's statement sequence (one inline asm): four for C64 (re*re,
// im*re, then -im*im and re*im accumulated), three for the Gauss form, whose
// accumulator keeps three planes (re*re, im*im, (re+im)*(re+im)).
def sm80_mma_complex
    : CuteMmaAtom<"sm80.mma_complex", "sm_80", [MmaAtom], MmaSyncLowering> {
  let Contract = "A, B, D in rmem; complex<double> operands (D and C of the "
                 "Gauss form: three planes)";
  let Summary = "complex F64 MMA composed of real mma.sync .f64";
  let Features = [FeatMmaSync];
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  // 8x8x4 (C64 and the Gauss form); Hopper's 16x8x4, 16x8x8 and 16x8x16
  // C64 (the last three rules: their variants live in SM90.td and need
  // FeatMmaF64x16, which the tiers from sm_90 have).
  let Lattice = [MmaShapeRule<[8], [8], 512, [MmaTypes<C64, C64, C64, C64>,
                                             MmaTypes<GC64, C64, C64, GC64>]>,
                 MmaShapeRule<[16], [8], 512, [MmaTypes<C64, C64, C64, C64>]>,
                 MmaShapeRule<[16], [8], 1024, [MmaTypes<C64, C64, C64, C64>]>,
                 MmaShapeRule<[16], [8], 2048, [MmaTypes<C64, C64, C64, C64>]>];
}

/// One complex 8x8x4 variant: each thread holds D and C as two complex (or
/// Gauss) values, A and B as one complex value, parts in f64 registers in
/// memory order ($d[0] the real part of D's first value, and so on).
class ComplexMmaVariant<MmaTypes t>
    : MmaVariant<sm80_mma_complex, "SM80_8x8x4_" # MmaCuteTypes<t>.ret # "_TN",
                 8, 8, 4, t> {
  defvar Gauss = !eq(t.D, GC64);
  defvar Parts = !if(Gauss, 3, 2);
  let Ptx = "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64";
  // {D part p of both values} = A part * B part + {C or D part p}.
  defvar Real = !if(Gauss,
      [".reg .f64 sa, sb;",
       Ptx # " {$d[0], $d[3]}, {$a[0]}, {$b[0]}, {$c[0], $c[3]};",
       Ptx # " {$d[1], $d[4]}, {$a[1]}, {$b[1]}, {$c[1], $c[4]};",
       "add.f64 sa, $a[0], $a[1];",
       "add.f64 sb, $b[0], $b[1];"],
      [".reg .f64 nai;",
       Ptx # " {$d[0], $d[2]}, {$a[0]}, {$b[0]}, {$c[0], $c[2]};",
       Ptx # " {$d[1], $d[3]}, {$a[1]}, {$b[0]}, {$c[1], $c[3]};",
       "neg.f64 nai, $a[1];",
       Ptx # " {$d[0], $d[2]}, {nai}, {$b[1]}, {$d[0], $d[2]};"]);
  let PtxBefore = Real;
  let PtxAsm = !if(Gauss,
      Ptx # " {$d[2], $d[5]}, {sa}, {sb}, {$c[2], $c[5]};",
      Ptx # " {$d[1], $d[3]}, {$a[0]}, {$b[1]}, {$d[1], $d[3]};");
  // The scratch registers live in a scope of the sequence's own.
  let Sel = InlinePtx<"{ " # !interleave(PtxBefore, " ") # " " # PtxAsm # " }">;
  let PtxOperands = [PtxRegs<"d", "f64", !mul(2, Parts)>, PtxRegs<"a", "f64", 2>,
                     PtxRegs<"b", "f64", 2>, PtxRegs<"c", "f64", !mul(2, Parts)>];
  // CuTe's MMA_Traits: the F64 8x8x4 layouts, over complex elements.
  let ThrID = "32:1";
  let LayoutA = "((4,8),1):((8,1),0)";
  let LayoutB = LayoutA;
  let LayoutC = "((4,8),2):((16,1),8)";
}

foreach t = sm80_mma_complex.Lattice[0].Types in
  def : ComplexMmaVariant<t>;

//===----------------------------------------------------------------------===//
// Structured-sparse mma.sp (2:4 on A). CuTe defines no MMA_Traits for the
// SM80 mma.sp forms (its sparse traits start at SM90 GMMA), so the variants
// say so instead of carrying TV layouts.
//===----------------------------------------------------------------------===//

def sm80_sparse_mma
    : CuteMmaAtom<"sm80.sparse_mma", "sm_80", [MmaAtom, SparseMetadataAtom],
                  MmaSyncLowering> {
  let Contract = "A, B, D in rmem; metadata operand alongside A";
  let Summary = "Ampere structured-sparse mma.sp";
  let Features = [FeatMmaSync];
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  let Sparse = 1;
  let Params = [AtomParam<"void *", "d">, AtomParam<"const void *", "a">,
                AtomParam<"const void *", "b">, AtomParam<"const void *", "c">,
                AtomParam<"unsigned", "e">, AtomParam<"unsigned", "selector">];
  // K counts the logical (dense) extent: twice the bits A holds. The last
  // rule is consumer Blackwell's mma.sp .kind::f8f6f4 (16x8x64, FP8, FP6 and
  // FP4 inputs in byte containers, F32 or F16 accumulators): the atom
  // registry has no SM120 sparse mnemonic, and this is the register mma.sp
  // atom whose contract and operands (metadata and sparsity selector
  // alongside A) it shares. Its variants live in SM120.td and need
  // FeatMmaF8F6F4, which only the sm_120/sm_121 family tiers have.
  let Lattice = [
    MmaShapeRule<[16], [8], 256, !listconcat(SM80F16Types, SM80TF32Types)>,
    MmaShapeRule<[16], [8], 512, !listconcat(SM80F16Types, SM80TF32Types)>,
    MmaShapeRule<[16], [8], 256, [MmaTypes<S32, S8, S8, S32>, MmaTypes<S32, U8, U8, S32>]>,
    MmaShapeRule<[16], [8], 512, [MmaTypes<S32, S8, S8, S32>, MmaTypes<S32, U8, U8, S32>]>,
    MmaContainerShapeRule<[16], [8], 512, 8,
                          MmaTypePairs<[F32, F16], F8F6F4Inputs>.ret>];
}

class SparseMmaVariant<int m, int n, int kbits, MmaTypes t>
    : MmaVariant<sm80_sparse_mma,
                 "SM80_SPARSE_" # m # "x" # n # "x" # !div(kbits, t.A.Bits) # "_" #
                     MmaCuteTypes<t>.ret # "_TN",
                 m, n, !div(kbits, t.A.Bits), t> {
  defvar Geom = "m" # m # "n" # n # "k" # !div(kbits, t.A.Bits);
  let Ptx = "mma.sp.sync.aligned." # Geom # ".row.col." # MmaPtxTypes<t>.ret;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_mma_sp_" # Geom # "_row_col_" #
                                           MmaSyncIntrSuffix<t>.ret)>;
  // Sparse MMA arrived in PTX ISA 7.1, after sm_80's 7.0. The metadata is
  // one b32 register; the sparsity selector is an immediate (thread group 0).
  let MinPtx = 71;
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c}, $e, $selector;";
  let PtxOperands = !listconcat(
      MmaSyncFragments<m, n, !div(kbits, t.A.Bits), t, 1>.ret,
      [PtxReg<"e", "b32">, PtxImm<"selector", "0x0">]);
  let ThrID = "32:1";
  let NoLayoutReason = "CuTe defines no MMA_Traits for SM80 mma.sp";
}

/// The Ampere mma.sp rules (the container rule, f8f6f4, is SM120's).
class SM80_SPARSE_MMA_SUPPORTED<MmaShapeRule rule> {
  bit ret = !not(rule.ContainerBits);
}

foreach rule = sm80_sparse_mma.Lattice in
  if SM80_SPARSE_MMA_SUPPORTED<rule>.ret then
    foreach m = rule.Ms in
      foreach n = rule.Ns in
        foreach t = rule.Types in
          def : SparseMmaVariant<m, n, rule.KBits, t>;

//===----------------------------------------------------------------------===//
// cp.async: CuTe's SM80_CP_ASYNC_CACHEALWAYS<S> (.ca, 4, 8 or 16 bytes,
// cached in L1 and L2) and SM80_CP_ASYNC_CACHEGLOBAL<uint128_t> (.cg, 16
// bytes, L2 only), and their _ZFILL forms. The atom registry spells three
// of them by width alone (`atom.simt_async_copy<16>` is the .cg one); the
// others carry the policy in their parameter.
//
// Which to pick depends on the thread layout. A first SM80 GEMM after
// CuTe's sgemm_sm80 tutorial made 124M L2 read requests on the H100 for
// 4.3M cp.async with .cg (133 TFLOP/s) against 16M with .ca (359 TFLOP/s):
// .ca's L1 merged requests that .cg sent to L2 one by one. With a thread
// layout whose eight neighbouring threads copy one 128-byte row
// (examples/gemm_sm80), .cg is the faster on the H100 (fp32 accumulation,
// 4096^3: 453.8 against 442.0 TFLOP/s): it does not allocate in L1, which
// shares its bandwidth with shared memory. CuTe's sgemm_sm80 uses
// CACHEALWAYS<uint128_t>.
//
// CuTe issues every one of them with the `.L2::128B` prefetch-size hint
// (L2 prefetches the 128 bytes around the source), and so do we.
// LLVM 22's llvm.nvvm.cp.async.* intrinsics have no form with the hint
// (NVPTX prints the instruction without it), so the variants are inline
// PTX. The hint needs PTX ISA 7.4, later than sm_80's and sm_86's minimum.
//===----------------------------------------------------------------------===//

def atom_simt_async_copy
    : CuteCopyAtom<"atom.simt_async_copy", "sm_80", [CopyAtom, AsyncCopyAtom],
                   CpAsyncLowering, [gmem], [smem]> {
  let Contract = "cp.async gmem → smem";
  let Summary = "SIMT asynchronous global-to-shared copy";
  let Features = [FeatCpAsync];
}

/// The predicated form: CuTe's *_ZFILL ops. `src_size` bytes (0 up to the
/// copy's width) are read from `src`, the rest of the destination is zero:
/// pass the width to copy, 0 to fill with zeros (an out-of-bounds element
/// of a tile that does not divide the tensor) without reading `src`.
def atom_simt_async_copy_zfill
    : CuteCopyAtom<"atom.simt_async_copy_zfill", "sm_80",
                   [CopyAtom, AsyncCopyAtom], CpAsyncLowering, [gmem], [smem]> {
  let Contract = "cp.async gmem → smem; src_size bytes read, the rest zero";
  let Summary = "SIMT asynchronous global-to-shared copy with zero fill";
  let Features = [FeatCpAsync];
  let Params = [AtomParam<"void *", "dst">, AtomParam<"const void *", "src">,
                AtomParam<"unsigned", "src_size">];
}

/// One cp.async form CuTe ships: cache \p policy ("ca" or "cg") and width.
class CpAsyncForm<string policy, int bytes> {
  string Policy = policy;
  int Bytes = bytes;
  /// The registry's spelling by width alone names .ca below 16 bytes and .cg
  /// at 16; the other form names its policy too.
  bit WidthSpelling = !eq(!eq(bytes, 16), !eq(policy, "cg"));
  string CuteOp = "SM80_CP_ASYNC_" # !if(!eq(policy, "ca"), "CACHEALWAYS",
                                         "CACHEGLOBAL");
}

defvar CpAsyncForms = [CpAsyncForm<"ca", 4>, CpAsyncForm<"ca", 8>,
                       CpAsyncForm<"ca", 16>, CpAsyncForm<"cg", 16>];

class CpAsyncVariant<CpAsyncForm form, bit zfill>
    : CopyVariant<!if(zfill, atom_simt_async_copy_zfill, atom_simt_async_copy),
                  form.CuteOp # !if(zfill, "_ZFILL", "") #
                      "<uint" # !mul(8, form.Bytes) # "_t>",
                  !mul(8, form.Bytes)> {
  defvar Bytes = form.Bytes;
  let Param = !if(!and(!not(zfill), form.WidthSpelling), !cast<string>(Bytes),
                  form.Policy # "." # Bytes);
  let Ptx = "cp.async." # form.Policy # ".shared.global.L2::128B";
  let PtxAsm = Ptx # " [$dst], [$src], " # Bytes #
               !if(zfill, ", $src_size", "") # ";";
  let Sel = InlinePtx<PtxAsm>;
  let MinPtx = 74;
  let PtxOperands = !listconcat([PtxSmem<"dst", Bytes, Bytes>, PtxGmem<"src", Bytes>],
                                !if(zfill, [PtxRegIn<"src_size", "b32", 0, Bytes>],
                                    []));
  let PtxAfter = ["cp.async.commit_group;", "cp.async.wait_all;"];
  let ThrID = "1:0";
  let SrcLayout = "(1," # !mul(8, Bytes) # "):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
  let NaturalShape = !cast<string>(Bytes) # "-byte element";
  let ElementWidth = !cast<string>(!mul(8, Bytes)) # " bits";
  let Fragment = "1 " # !cond(!eq(Bytes, 4) : "i32", !eq(Bytes, 8) : "i64",
                              true : "i128-equivalent") # " per lane";
  let LoweringTarget = Ptx # " (" # Bytes # " bytes" #
                       !if(!eq(form.Policy, "cg"), "; bypass L1", "") #
                       !if(zfill, "; zero-fill past src_size", "") # ")";
}

foreach zfill = [0, 1] in
  foreach form = CpAsyncForms in
    def : CpAsyncVariant<form, zfill>;
