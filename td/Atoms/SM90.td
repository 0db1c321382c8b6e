//===- SM90.td - Hopper WGMMA, SMEM descriptors, TMA, STSM -*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// sm90.mma (wgmma.mma_async, M = 64, every legal N, K = 32 bytes of A, and
// its structured-sparse form wgmma.mma_async.sp, K = 64 bytes of A),
// smem_desc_view, the TMA atom family, the non-executing tiled TMA atoms and
// atom.stsm.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// WGMMA
//===----------------------------------------------------------------------===//

/// Every multiple of 8 up to 256; the integer forms skip the odd multiples
/// of 8 above 32.
defvar WgmmaNAll = !range(8, 257, 8);
defvar WgmmaNInt = !listconcat([8, 16, 24], !range(32, 257, 16));

defvar WgmmaFloatTypes = !listconcat(
  [MmaTypes<F16, F16, F16, F16>, MmaTypes<F32, F16, F16, F32>,
   MmaTypes<F32, BF16, BF16, F32>, MmaTypes<F32, TF32, TF32, F32>],
  !foldl([]<MmaTypes>, [F16, F32], acc, d,
    !listconcat(acc, !foldl([]<MmaTypes>, [E4M3, E5M2], acc2, a,
      !listconcat(acc2, !foreach(b, [E4M3, E5M2], MmaTypes<d, a, b, d>))))));
defvar WgmmaIntTypes =
  !foldl([]<MmaTypes>, [S8, U8], acc, a,
    !listconcat(acc, !foreach(b, [S8, U8], MmaTypes<S32, a, b, S32>)));

// The atom registry has no mnemonic for Hopper's sparse WGMMA (its sparse atoms
// are sm80.sparse_mma and the sm100 UMMA ones), so its lattice points are
// sparse variants of sm90.mma, the closest atom: the same warpgroup instruction
// family (wgmma.mma_async.sp), the same residencies, fence/commit/wait and
// layouts, with twice the logical K. CuTe zips the 2:4 metadata into the A
// fragment (its sparse mma_unpack splits A into values and metadata), so the
// atom's d, a, b, c operands hold: `a` carries both. The atom keeps the
// interfaces the registry lists; each sparse variant says Sparse = 1.
def sm90_mma : CuteMmaAtom<"sm90.mma", "sm_90", [MmaAtom, SmemDescriptorAtom],
                           WgmmaLowering> {
  let Contract = "A in rmem or smem_desc_view; B in smem_desc_view; D in rmem";
  let Summary = "Hopper warpgroup MMA (WGMMA)";
  let Features = [FeatWgmma];
  // One wgmma.mma_async in place: d holds the accumulator registers, read
  // and written; a the A registers (RS) or the A descriptor (SS, a 64-bit
  // word), b the B descriptor; scale_d is the runtime scale-d predicate
  // (0: D = A * B, nonzero: D = A * B + D). A sparse variant's metadata word
  // follows A at `a` (after the descriptor or the A registers): CuTe zips it
  // into the A fragment, as above.
  let Params = [AtomParam<"void *", "d">, AtomParam<"const void *", "a">,
                AtomParam<"const void *", "b">, AtomParam<"int", "scale_d">];
  let AResidency = [rmem, smem_desc_view];
  let BResidency = [smem_desc_view];
  let DResidency = [rmem];
  // Dense: K * bits(A) = 256; sparse: 512 (the logical K), the same N sets.
  let Lattice = [MmaShapeRule<[64], WgmmaNAll, 256, WgmmaFloatTypes, 1, ["SS", "RS"]>,
                 MmaShapeRule<[64], WgmmaNInt, 256, WgmmaIntTypes, 1, ["SS", "RS"]>,
                 MmaSparseShapeRule<[64], WgmmaNAll, 512, WgmmaFloatTypes, 1, ["SS", "RS"]>,
                 MmaSparseShapeRule<[64], WgmmaNInt, 512, WgmmaIntTypes, 1, ["SS", "RS"]>];
}

/// Register-sourced A layouts by the K extent (CuTe's ALayout_64xK): dense
/// 32-, 16- and 8-bit A have K 8, 16, 32; sparse ones twice that.
class WgmmaRegALayout<int k> {
  string ret = !cond(
    !eq(k, 8)  : "((4,8,4),(2,2)):((64,1,16),(8,256))",
    !eq(k, 16) : "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))",
    !eq(k, 32) : "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))",
    !eq(k, 64) : "((4,8,4),(8,2,2)):((512,1,16),(64,8,2048))",
    true : "");
}

/// The trailing immediates of a wgmma instruction: f16/bf16 take scale and
/// transpose immediates (RS: B only), tf32/FP8 only the scales, integers none.
class WgmmaImmediates<MmaTypes t, string mode> {
  string ret = !cond(
    !or(!eq(t.A, F16), !eq(t.A, BF16)) :
      ", $scale_a, $scale_b" # !if(!eq(mode, "SS"), ", $tnsp_a", "") # ", $tnsp_b",
    !or(!eq(t.A, S8), !eq(t.A, U8)) : "",
    true : ", $scale_a, $scale_b");
}

/// The majors of a WGMMA variant's A and B in shared memory (CuTe's
/// GMMA::Major): K-major (tnsp 0) or MN-major (tnsp 1, M- or N-contiguous).
class WgmmaMajors<string a, string b> {
  string A = a;
  string B = b;
}
defvar WgmmaKK = WgmmaMajors<"K", "K">;

/// The majors a 16-bit WGMMA accepts (its transpose immediates): either major
/// for an SS A, K-major only for an RS A (registers), either for B. Every other
/// type is K-major only.
class WgmmaMajorsOf<MmaTypes t, string mode> {
  bit Transposable = !or(!eq(t.A, F16), !eq(t.A, BF16));
  list<WgmmaMajors> ret =
    !if(Transposable,
        !if(!eq(mode, "SS"),
            [WgmmaKK, WgmmaMajors<"K", "MN">, WgmmaMajors<"MN", "K">,
             WgmmaMajors<"MN", "MN">],
            [WgmmaKK, WgmmaMajors<"K", "MN">]),
        [WgmmaKK]);
}

/// One WGMMA lattice point: CuTe's SM90_64xNxK_<D><A><B>_<mode>, or for a
/// sparse one CuTe's SM90::GMMA::SPARSE::GMMA_64xNxK_<D><A><B>_<mode>, named
/// SM90_SPARSE_64xNxK_<D><A><B>_<mode> here. Both K-major operands is the
/// plain name, as CuTe's default template arguments; any MN-major operand
/// names both majors as CuTe's template arguments do:
/// SM90_64xNxK_<D><A><B>_SS<MN,K> is SM90_64xNxK_<D><A><B>_SS<GMMA::Major::MN,
/// GMMA::Major::K>.
class WgmmaVariant<int n, int kbits, MmaTypes t, string mode, bit sparse,
                   WgmmaMajors majors>
    : MmaVariant<sm90_mma,
                 "SM90_" # !if(sparse, "SPARSE_", "") # "64x" # n # "x" #
                     !div(kbits, t.A.Bits) # "_" # t.D.Cute # t.A.Cute # t.B.Cute #
                     "_" # mode #
                     !if(!and(!eq(majors.A, "K"), !eq(majors.B, "K")), "",
                         "<" # majors.A # "," # majors.B # ">"),
                 64, n, !div(kbits, t.A.Bits), t> {
  let Mode = mode;
  let Sparse = sparse;
  let MajorA = !if(!eq(mode, "SS"), majors.A, "");
  let MajorB = majors.B;
  defvar KExt = !div(kbits, t.A.Bits);
  defvar IsInt = !or(!eq(t.A, S8), !eq(t.A, U8));
  defvar IsF16 = !or(!eq(t.A, F16), !eq(t.A, BF16));
  let Ptx = "wgmma.mma_async" # !if(sparse, ".sp", "") # ".sync.aligned.m64n" # n #
            "k" # KExt # "." # t.D.Ptx # "." # t.A.Ptx # "." # t.B.Ptx;
  // One template for the selector and the ptxas probe. The sparse form adds
  // the metadata register and the sparsity selector (thread group 0) after B.
  let PtxAsm = Ptx # " {$d}, " # !if(!eq(mode, "RS"), "{$a}", "$a") # ", $b, " #
               !if(sparse, "$e, $spsel, ", "") # "$scale_d" #
               WgmmaImmediates<t, mode>.ret # ";";
  let Sel = InlinePtx<PtxAsm>;
  // D: 64 x N over the warpgroup; A: 64 x K from registers (RS; half of it
  // when sparse) or a 64-bit SMEM descriptor (SS); B: always a descriptor.
  // scale-d is a predicate, the scale and transpose flags immediates (1: no
  // negation; 0: K-major, 1: MN-major, from MajorA and MajorB, which the
  // verifier checks each descriptor's tile against).
  let PtxOperands = !listconcat(
      [PtxRegs<"d", PtxRegType<t.D>.ret, PtxFragRegs<!mul(64, n), t.D.Bits, 128>.ret>,
       !if(!eq(mode, "RS"),
           PtxRegs<"a", "b32",
                   PtxFragRegs<!div(!mul(64, KExt), !if(sparse, 2, 1)), t.A.Bits, 128>.ret>,
           PtxReg<"a", "b64">),
       PtxReg<"b", "b64">],
      !if(sparse, [PtxReg<"e", "b32">, PtxImm<"spsel", "0">], []),
      [PtxPred<"scale_d">],
      !if(IsInt, [], [PtxImm<"scale_a", "1">, PtxImm<"scale_b", "1">]),
      !if(!and(IsF16, !eq(mode, "SS")),
          [PtxImm<"tnsp_a", !if(!eq(MajorA, "MN"), "1", "0")>], []),
      !if(IsF16, [PtxImm<"tnsp_b", !if(!eq(MajorB, "MN"), "1", "0")>], []));
  // Exactly one wgmma.mma_async: the kernel places wgmma.fence, commit_group
  // and wait_group (the sm90.wgmma_* atoms below); wrapping each instruction
  // in them would serialise the pipeline (ptxas C7510).
  // Mixed signedness (s8.u8, u8.s8) arrived in PTX ISA 8.4, sparse WGMMA in
  // 8.2 (ptxas 13: "Sparse WGMMA with floating point [integer] types
  // requires PTX ISA .version 8.2 or later").
  let MinPtx = !cond(!and(IsInt, !ne(t.A, t.B)) : 84, sparse : 82, true : 0);
  let ThrID = "128:1";
  // CuTe's MMA_Traits<SM90_*> and <SM90::GMMA::SPARSE::*>: the sparse forms
  // use the dense layouts over the logical (M, K).
  let LayoutA = !if(!eq(mode, "RS"), WgmmaRegALayout<KExt>.ret,
                    "(128,(64," # KExt # ")):(0,(1,64))");
  let LayoutB = "(128,(" # n # "," # KExt # ")):(0,(1," # n # "))";
  let LayoutC = "((4,8,4),(2,2," # !div(n, 8) # ")):((128,1,16),(64,8,512))";
}

foreach rule = sm90_mma.Lattice in
  foreach mode = rule.Modes in
    foreach t = rule.Types in
      foreach n = rule.Ns in
        foreach majors = WgmmaMajorsOf<t, mode>.ret in
          def : WgmmaVariant<n, rule.KBits, t, mode, rule.Sparse, majors>;

//===----------------------------------------------------------------------===//
// The WGMMA pipeline: fence, commit, wait and the operand fence
//===----------------------------------------------------------------------===//

// The operations a kernel places around its wgmma.mma_async (CuTe's
// warpgroup_arrive, warpgroup_commit_batch, warpgroup_wait<N> and
// warpgroup_fence_operand). They move no data; the registry knows MMA, copy
// and descriptor atoms, so they are copy atoms of the registers they order
// (rmem to rmem), with no TV layouts.

/// An ordering operation of the WGMMA pipeline, on the tiers that have it.
class WgmmaSyncAtom<string mnemonic, string summary>
    : CuteCopyAtom<mnemonic, "sm_90", [CopyAtom, AsyncCopyAtom],
                   WgmmaSyncLowering, [rmem], [rmem]> {
  let Features = [FeatWgmma];
  let Contract = "orders the warpgroup's wgmma.mma_async operations";
  let Summary = summary;
  let Params = [];
  let DescriptorKind = "none";
  let LoweringTarget = "wgmma.fence / commit_group / wait_group";
}

/// Its one variant, CuTe-style named; \p ptx is its whole PTX statement.
class WgmmaSyncVariant<WgmmaSyncAtom atom, string name, string ptx,
                       Intrinsic intr>
    : CopyVariant<atom, name, 0> {
  let Ptx = ptx;
  let PtxAsm = ptx # ";";
  let Sel = NVVMIntrinsic<intr>;
  let ThrID = "128:1";
  let NoLayoutReason = "an ordering operation of the warpgroup: it moves no "
                       "data";
}

def sm90_wgmma_fence
    : WgmmaSyncAtom<"sm90.wgmma_fence",
                    "wgmma.fence: orders register and shared-memory accesses "
                    "before the next wgmma.mma_async">;
def : WgmmaSyncVariant<sm90_wgmma_fence, "SM90_WGMMA_FENCE",
                       "wgmma.fence.sync.aligned",
                       int_nvvm_wgmma_fence_sync_aligned>;

def sm90_wgmma_commit
    : WgmmaSyncAtom<"sm90.wgmma_commit",
                    "wgmma.commit_group: the pending wgmma.mma_async "
                    "operations become one group">;
def : WgmmaSyncVariant<sm90_wgmma_commit, "SM90_WGMMA_COMMIT_GROUP",
                       "wgmma.commit_group.sync.aligned",
                       int_nvvm_wgmma_commit_group_sync_aligned>;

def sm90_wgmma_wait
    : WgmmaSyncAtom<"sm90.wgmma_wait",
                    "wgmma.wait_group N: waits until at most N groups are "
                    "pending"> {
  let Params = [AtomParam<"int", "n">];
}
// N is the call's constant operand, from 0 to 7 (the range CuTe's
// warpgroup_wait<N> accepts); the probe issues the largest.
def : WgmmaSyncVariant<sm90_wgmma_wait, "SM90_WGMMA_WAIT_GROUP",
                       "wgmma.wait_group.sync.aligned",
                       int_nvvm_wgmma_wait_group_sync_aligned> {
  let PtxAsm = Ptx # " $n;";
  let PtxOperands = [PtxImmArg<"n", "7">];
}
def WgmmaWaitCount
    : RangeCheck<[sm90_wgmma_wait], "n", 0, 7, 1, OperandNotConstantInRange>;

def sm90_wgmma_fence_operand
    : WgmmaSyncAtom<"sm90.wgmma_fence_operand",
                    "register fence of a fragment: no instruction; the "
                    "compiler keeps the fragment's reads and writes on their "
                    "side of the asynchronous MMAs"> {
  let Params = [AtomParam<"void *", "frag">, AtomParam<"int", "count">];
  let LoweringTarget = "none: an empty asm with each register tied in place";
}

/// The fence of `count` (a constant operand, 1 to 255: the largest fragment
/// a thread holds) registers of PTX type \p type at `frag`; it issues no
/// instruction.
class WgmmaFenceOperandVariant<string name, string type>
    : CopyVariant<sm90_wgmma_fence_operand, name, 0> {
  let PtxOperands = [PtxRegsCountedBy<"frag", type, "count", 255>];
  let ThrID = "128:1";
  let NoLayoutReason = "a compiler fence of the thread's own registers: it "
                       "moves no data";
}
def : WgmmaFenceOperandVariant<"SM90_WGMMA_FENCE_OPERAND_F32", "f32">;
def : WgmmaFenceOperandVariant<"SM90_WGMMA_FENCE_OPERAND_B32", "b32">;

//===----------------------------------------------------------------------===//
// Shared-memory descriptor views
//===----------------------------------------------------------------------===//

def atom_smem_desc_view : CuteDescriptorAtom<"smem_desc_view", "sm_90",
                                             [DescriptorType], DescriptorLowering> {
  let Contract = "typed view over an SMEM descriptor";
  let Summary = "GMMA/UMMA shared-memory matrix descriptor";
  let NoVariantReason = "a descriptor type: its bitfields are computed in IR "
                        "and consumed by the WGMMA, UMMA and UTCCP variants; "
                        "it issues no instruction of its own";
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

/// The operands of a TMA load: the shared-memory box, the address of the
/// 128-byte CUtensorMap (generic, global, const or param) and the mbarrier
/// the transaction completes on.
defvar TmaLoadParams = [AtomParam<"void *", "smem">, AtomParam<"const void *", "tmap">,
                        AtomParam<"void *", "mbar">];
/// The operands of a TMA store or reduction: the tensor map and the box.
defvar TmaStoreParams = [AtomParam<"const void *", "tmap">,
                         AtomParam<"const void *", "smem">];

/// A descriptor-driven TMA atom; the per-lane fragment is implicit in the
/// descriptor word. \p params are the operands before the trailing ones:
/// the variant's coordinates (one i32 per dimension of the box, as many as
/// its `tmap` operand's Count) and, for im2col, its offsets (i16 or i32,
/// the Count of its `offs` operand).
class TmaAtomBase<string mnemonic, list<AtomInterface> ifaces,
                  list<Residency> src, list<Residency> dst,
                  list<AtomParam> params = TmaLoadParams>
    : CuteCopyAtom<mnemonic, "sm_90", ifaces, TmaLowering, src, dst> {
  let Features = [FeatTma];
  let UsesTmaDescriptor = 1;
  let DescriptorKind = "TMA tile descriptor";
  let NaturalShape = "rank-1..rank-5 box";
  let Params = params;
  let Variadic = 1;
  let TrailingOperands = "int coordinates, one per dimension of the box";
}

def atom_tma_load
    : TmaAtomBase<"atom.tma_load", [CopyAtom, TmaAtom, PrefetchAtom, AsyncCopyAtom],
                  [gmem], [smem]> {
  let Contract = "descriptor-driven gmem → smem";
  let Summary = "TMA tile load (and its L2 prefetch)";
  let LoweringTarget = "cp.async.bulk.tensor.NDIM.shared::cluster.global";
}
def atom_tma_load_multicast
    : TmaAtomBase<"atom.tma_load_multicast", [CopyAtom, TmaAtom, AsyncCopyAtom],
                  [gmem], [smem]> {
  let Contract = "descriptor-driven gmem → smem of every CTA in a 16-bit cluster mask";
  let Summary = "TMA tile load multicast to several CTAs";
  let DescriptorKind = "TMA tile descriptor + CTA mask";
  let Features = [FeatTma, FeatTmaMulticast];
  let Params = !listconcat(TmaLoadParams, [AtomParam<"unsigned short", "mask">]);
  let LoweringTarget = "cp.async.bulk.tensor.NDIM.shared::cluster.global.multicast::cluster";
}
def atom_tma_load_im2col
    : TmaAtomBase<"atom.tma_load_im2col", [CopyAtom, TmaAtom, AsyncCopyAtom],
                  [gmem], [smem]> {
  let Contract = "descriptor-driven gmem → smem through an im2col window";
  let Summary = "TMA im2col load for convolutions";
  let DescriptorKind = "TMA im2col descriptor";
  let NaturalShape = "rank-3..rank-5 spatial";
  let TrailingOperands = "int coordinates, one per dimension of the box, then "
                         "the rank-2 im2col offsets (unsigned short)";
  let LoweringTarget = "cp.async.bulk.tensor.NDIM.shared::cluster.global.im2col";
}
def atom_tma_store
    : TmaAtomBase<"atom.tma_store", [CopyAtom, TmaAtom, AsyncCopyAtom],
                  [smem], [gmem], TmaStoreParams> {
  let Contract = "descriptor-driven smem → gmem";
  let Summary = "TMA tile store";
  let LoweringTarget = "cp.async.bulk.tensor.NDIM.global.shared";
}
def atom_tma_reduce
    : TmaAtomBase<"atom.tma_reduce", [CopyAtom, TmaAtom, AsyncCopyAtom],
                  [smem], [gmem], TmaStoreParams> {
  let Contract = "descriptor-driven reduce into gmem";
  let Summary = "TMA tile reduction into global memory";
  let DescriptorKind = "TMA tile + reduce kind";
  let LoweringTarget = "cp.reduce.async.bulk.tensor.NDIM.global.shared.OP";
}

/// One TMA variant: CuTe's SM90_TMA_<op>_<rank>D. \p args are the operands
/// of the PTX statement: `$tmap` is the descriptor with \p rank coordinates,
/// `$smem` the shared-memory box, `$mbar` the transaction mbarrier, `$mask`
/// the multicast CTA mask, `$offs` the im2col offsets. \p ptx is spelled as
/// NVPTX prints the instruction of \p intr (with the default `.tile` mode).
///
/// A store or reduction is not waited for here: the kernel commits its bulk
/// group and waits for it (atom.async_group) where its pipeline allows.
///
/// \p coords is the number of coordinates when it is not the rank (the
/// tile::gather4 forms: a column and four rows of a 2-D tensor), and
/// \p suffix follows the rank in the CuTe name (`_GATHER4`).
class TmaVariant<CuteCopyAtom atom, string name, int rank, string ptx,
                 string intr, string args = "[$smem], [$tmap], [$mbar]",
                 int coords = rank, string suffix = "">
    : CopyVariant<atom, name # "_" # rank # "D" # suffix, 0> {
  let Param = rank # "d";
  // CuTe's SM90_TMA_LOAD and its kin issue the form of the call's rank.
  let Family = !if(!empty(suffix), name, "");
  let Ptx = ptx;
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_cp_async_bulk_tensor_" #
                                           intr # "_" # rank # "d")>;
  // The cp.async.bulk family arrived in PTX ISA 8.0, after sm_90's 7.8.
  let MinPtx = 80;
  let PtxAsm = Ptx # " " # args # ";";
  let PtxOperands = !listconcat(
      [PtxTensor<"tmap", coords>],
      !if(!ne(!find(args, "$smem"), -1), [PtxSmem<"smem", 128, 128>], []),
      !if(!ne(!find(args, "$mbar"), -1), [PtxMbarrier<"mbar">], []),
      !if(!ne(!find(args, "$mask"), -1), [PtxReg<"mask", "b16">], []),
      !if(!ne(!find(args, "$offs"), -1), [PtxRegs<"offs", "b16", !sub(rank, 2)>], []));
  let ThrID = "1:0";
  // CuTe's Copy_Traits<SM90_TMA_*, NumBitsPerTMA>: one thread moves the
  // whole box, NumBitsPerTMA bits, fixed when the atom is built (`?`).
  let SrcLayout = "(1,?):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}

foreach r = [1, 2, 3, 4, 5] in {
  def : TmaVariant<atom_tma_load, "SM90_TMA_LOAD", r,
                   "cp.async.bulk.tensor." # r # "d.shared::cluster.global.tile" #
                       ".mbarrier::complete_tx::bytes",
                   "g2s_tile">;
  // The L2 prefetch of a box: the smem and mbar operands of the call are
  // null (CuTe's SM90_TMA_LOAD::PREFETCH).
  def : TmaVariant<atom_tma_load, "SM90_TMA_LOAD_PREFETCH", r,
                   "cp.async.bulk.prefetch.tensor." # r # "d.L2.global.tile",
                   "prefetch_tile", "[$tmap]"> {
    let Param = r # "d.prefetch";
  }
  def : TmaVariant<atom_tma_load_multicast, "SM90_TMA_LOAD_MULTICAST", r,
                   "cp.async.bulk.tensor." # r # "d.shared::cluster.global.tile" #
                       ".mbarrier::complete_tx::bytes.multicast::cluster",
                   "g2s_tile", "[$smem], [$tmap], [$mbar], $mask">;
  def : TmaVariant<atom_tma_store, "SM90_TMA_STORE", r,
                   "cp.async.bulk.tensor." # r # "d.global.shared::cta.tile.bulk_group",
                   "s2g_tile", "[$tmap], [$smem]">;
  foreach op = ["add", "min", "max", "inc", "dec", "and", "or", "xor"] in
    def : TmaVariant<atom_tma_reduce, "SM90_TMA_REDUCE_" # !toupper(op), r,
                     "cp.reduce.async.bulk.tensor." # r # "d.global.shared::cta." #
                         op # ".tile.bulk_group",
                     "reduce_" # op # "_tile", "[$tmap], [$smem]"> {
      let Param = op # "." # r # "d";
    }
} // r

foreach r = [3, 4, 5] in {
  def : TmaVariant<atom_tma_load_im2col, "SM90_TMA_LOAD_IM2COL", r,
                   "cp.async.bulk.tensor." # r #
                       "d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes",
                   "g2s_im2col", "[$smem], [$tmap], [$mbar], {$offs}">;
  def : TmaVariant<atom_tma_load_multicast, "SM90_TMA_LOAD_IM2COL_MULTICAST", r,
                   "cp.async.bulk.tensor." # r #
                       "d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes" #
                       ".multicast::cluster",
                   "g2s_im2col", "[$smem], [$tmap], [$mbar], {$offs}, $mask"> {
    let Param = r # "d.im2col";
  }
  // A store has no im2col offsets (`.im2col_no_offs`): the box is the
  // one the descriptor's im2col traversal names.
  def : TmaVariant<atom_tma_store, "SM90_TMA_STORE_IM2COL", r,
                   "cp.async.bulk.tensor." # r #
                       "d.global.shared::cta.im2col_no_offs.bulk_group",
                   "s2g_im2col", "[$tmap], [$smem]"> {
    let Param = r # "d.im2col";
  }
}

//===----------------------------------------------------------------------===//
// Non-executing tiled TMA atoms: partition-verified, executable only once
// bound to an mbarrier and cache state.
//===----------------------------------------------------------------------===//

class NonExecTmaAtom<string op, list<Residency> src, list<Residency> dst>
    : CuteCopyAtom<"atom.non_exec_tiled_tma_" # op, "sm_90", [TmaAtom],
                   NonExecTmaLowering, src, dst> {
  let Contract = "partition-verified TMA atom waiting on mbarrier and cache binding";
  let Summary = "non-executing tiled TMA " # op # " atom";
  let Features = [FeatTma];
  let NonExec = 1;
  let UsesTmaDescriptor = 1;
  let NoVariantReason = "non-executing: it issues nothing until bound to an "
                        "mbarrier and cache state, which makes it the "
                        "atom.tma_" # op # " atom whose variants issue the "
                        "instruction";
}

def atom_non_exec_tiled_tma_load : NonExecTmaAtom<"load", [gmem], [smem]>;
def atom_non_exec_tiled_tma_store : NonExecTmaAtom<"store", [smem], [gmem]>;
def atom_non_exec_tiled_tma_reduce : NonExecTmaAtom<"reduce", [smem], [gmem]>;

//===----------------------------------------------------------------------===//
// stmatrix: atom.ldsm in reverse
//===----------------------------------------------------------------------===//

def atom_stsm : CuteCopyAtom<"atom.stsm", "sm_90", [CopyAtom],
                             MatrixStoreLowering, [rmem], [smem]> {
  let Contract = "src=rmem, dst=smem, shape ∈ STSM matrix";
  let Summary = "warp-wide shared-memory matrix store";
  let Features = [FeatStmatrix];
  let DescriptorKind = "none (register copy)";
  let NaturalShape = "8 x 8 matrix tile per sub-tile";
  let ElementWidth = "16 bits";
  let LoweringTarget = "stmatrix.sync.aligned.m8n8.x[1,2,4].shared.b16";
}

class StsmVariant<int num, bit trans>
    : CopyVariant<atom_stsm,
                  "SM90_" # MatrixSuffix<num, trans>.CuteName # "STSM_" #
                      !if(trans, "T", "N"),
                  !mul(32, num)> {
  let Param = MatrixSuffix<num, trans>.Param;
  let Ptx = "stmatrix.sync.aligned." # MatrixSuffix<num, trans>.Ptx # ".shared.b16";
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_stmatrix_sync_aligned_" #
                                           MatrixSuffix<num, trans>.Intr # "_b16")>;
  let PtxAsm = Ptx # " [$dst], {$src};";
  let PtxOperands = [PtxSmem<"dst", !mul(128, num)>, PtxRegs<"src", "b32", num>];
  let ThrID = "32:1";
  let SrcLayout = LdsmLayouts<num, trans>.Regs;
  let DstLayout = LdsmLayouts<num, trans>.Smem;
  let RefLayout = SrcLayout;
  let Fragment = !cast<string>(!mul(2, num)) # " elements per lane";
}

foreach trans = [0, 1] in
  foreach num = [1, 2, 4] in
    def : StsmVariant<num, trans>;

//===----------------------------------------------------------------------===//
// Register mma.sync .f64 m16n8k{4,8,16}: sm80.mma variants (see its
// lattice), CuTe's SM90::MMA_16x8x<K>_F64F64F64F64_TN, named
// SM90_16x8x<K>_F64F64F64F64_TN here
//===----------------------------------------------------------------------===//

// PTX ISA 7.8 (sm_90's minimum) introduced the shapes; every later tier
// inherits FeatMmaF64x16.
foreach rule = sm80_mma.Lattice in
  if !not(SM80_MMA_SUPPORTED<rule>.ret) then
    foreach t = rule.Types in
      def : MmaSyncVariant<sm80_mma, "SM90", 16, 8, rule.KBits, t> {
        let Features = [FeatMmaF64x16];
      }

//===----------------------------------------------------------------------===//
// Complex F64 m16n8k{4,8,16}: sm80.mma_complex variants (see its lattice),
// CuTe's SM90::MMA_16x8x<K>_C64C64C64C64_TN, named
// SM90_16x8x<K>_C64C64C64C64_TN here
//===----------------------------------------------------------------------===//

/// The registers of the real (\p part 0) or imaginary (1) parts of the
/// first \p n complex values of register operand \p op, parts in memory
/// order: `$op[0], $op[2], ...` or `$op[1], $op[3], ...`.
class ComplexParts<string op, int n, int part> {
  string ret = !interleave(
      !foreach(i, !range(n), "$" # op # "[" # !add(!mul(2, i), part) # "]"),
      ", ");
}

/// One complex 16x8xK variant: as SM80's 8x8x4 one, four real mma.sync .f64
/// of the same shape on the parts (re*re + c.re, im*re + c.im, then -im*im
/// and re*im accumulated). Each thread holds D and C as four complex values,
/// A as K/2 and B as K/4, parts in f64 registers in memory order ($a[0] the
/// real part of A's first value, $a[1] its imaginary part, and so on).
class ComplexMma16x8Variant<int k>
    : MmaVariant<sm80_mma_complex, "SM90_16x8x" # k # "_C64C64C64C64_TN",
                 16, 8, k, MmaTypes<C64, C64, C64, C64>> {
  defvar NA = !div(k, 2);
  defvar NB = !div(k, 4);
  defvar DRe = ComplexParts<"d", 4, 0>.ret;
  defvar DIm = ComplexParts<"d", 4, 1>.ret;
  defvar ARe = ComplexParts<"a", NA, 0>.ret;
  defvar AIm = ComplexParts<"a", NA, 1>.ret;
  defvar BRe = ComplexParts<"b", NB, 0>.ret;
  defvar BIm = ComplexParts<"b", NB, 1>.ret;
  // A's imaginary parts negated, in the scratch registers nai0, nai1, ...
  defvar NAIm = !interleave(!foreach(i, !range(NA), "nai" # i), ", ");
  let Ptx = "mma.sync.aligned.m16n8k" # k # ".row.col.f64.f64.f64.f64";
  let PtxBefore = !listconcat(
      [".reg .f64 nai<" # NA # ">;",
       Ptx # " {" # DRe # "}, {" # ARe # "}, {" # BRe # "}, {" #
           ComplexParts<"c", 4, 0>.ret # "};",
       Ptx # " {" # DIm # "}, {" # AIm # "}, {" # BRe # "}, {" #
           ComplexParts<"c", 4, 1>.ret # "};"],
      !foreach(i, !range(NA),
               "neg.f64 nai" # i # ", $a[" # !add(!mul(2, i), 1) # "];"),
      [Ptx # " {" # DRe # "}, {" # NAIm # "}, {" # BIm # "}, {" # DRe # "};"]);
  let PtxAsm = Ptx # " {" # DIm # "}, {" # ARe # "}, {" # BIm # "}, {" # DIm #
               "};";
  // The scratch registers live in a scope of the sequence's own.
  let Sel = InlinePtx<"{ " # !interleave(PtxBefore, " ") # " " # PtxAsm # " }">;
  let PtxOperands = [PtxRegs<"d", "f64", 8>, PtxRegs<"a", "f64", k>,
                     PtxRegs<"b", "f64", !mul(2, NB)>, PtxRegs<"c", "f64", 8>];
  let Features = [FeatMmaF64x16];
  // CuTe's MMA_Traits: those of SM90_16x8x<K>_F64F64F64F64_TN, over complex
  // elements.
  let ThrID = "32:1";
  defvar L = SM80MmaLayouts<16, !mul(k, 64), 64>.ret;
  let LayoutA = L[0];
  let LayoutB = L[1];
  let LayoutC = L[2];
}

foreach k = [4, 8, 16] in
  def : ComplexMma16x8Variant<k>;

//===----------------------------------------------------------------------===//
// Bulk copies: CuTe's SM90_BULK_COPY_G2S and SM90_BULK_COPY_S2G
//===----------------------------------------------------------------------===//

/// A contiguous run of bytes (a multiple of 16, 16-byte aligned) between
/// global and shared memory without a tensor map: into shared memory,
/// completing its bytes on an mbarrier; out of it, into the issuing
/// thread's bulk group.
class BulkCopyAtom<bit toGlobal>
    : CuteCopyAtom<"atom.bulk_copy_" # !if(toGlobal, "s2g", "g2s"), "sm_90",
                   [CopyAtom, AsyncCopyAtom], InlinePtxLowering,
                   !if(toGlobal, [smem], [gmem]), !if(toGlobal, [gmem], [smem])> {
  let Contract = !if(toGlobal, "src=smem, dst=gmem", "src=gmem, dst=smem") #
                 ", bytes a multiple of 16, both 16-byte aligned";
  let Summary = "bulk (non-tensor) asynchronous copy " #
                !if(toGlobal, "from shared to global memory",
                              "from global to shared memory");
  let Features = [FeatTma];
  let Params = !if(toGlobal,
                   [AtomParam<"void *", "dst">, AtomParam<"const void *", "src">,
                    AtomParam<"unsigned", "bytes">],
                   [AtomParam<"void *", "dst">, AtomParam<"const void *", "src">,
                    AtomParam<"void *", "mbar">, AtomParam<"unsigned", "bytes">]);
  let NaturalShape = "one contiguous run of bytes";
  let ElementWidth = "any (bytes a multiple of 16)";
  let Fragment = "none: memory to memory";
  let LoweringTarget = !if(toGlobal,
      "cp.async.bulk.global.shared::cta.bulk_group",
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes");
}

def atom_bulk_copy_g2s : BulkCopyAtom<0>;
def atom_bulk_copy_s2g : BulkCopyAtom<1>;

class BulkCopyVariant<BulkCopyAtom atom, bit toGlobal>
    : CopyVariant<atom, "SM90_BULK_COPY_" # !if(toGlobal, "S2G", "G2S"), 0> {
  let Ptx = atom.LoweringTarget;
  let PtxAsm = Ptx # " [$dst], [$src], $bytes" #
               !if(toGlobal, ";", ", [$mbar];");
  let Sel = InlinePtx<PtxAsm>;
  let PtxOperands = !listconcat(
      !if(toGlobal, [PtxGmem<"dst">, PtxSmem<"src", 16>],
                    [PtxSmem<"dst", 16>, PtxGmem<"src">]),
      [PtxRegIn<"bytes", "b32", 16, 2147483632, 16>],
      !if(toGlobal, [], [PtxMbarrier<"mbar">]));
  // The cp.async.bulk family arrived in PTX ISA 8.0, after sm_90's 7.8.
  let MinPtx = 80;
  // CuTe's Copy_Traits<SM90_BULK_COPY_*, NumBitsPerTMA>: one thread moves
  // the whole run, its bits fixed when the atom is built (`?`).
  let ThrID = "1:0";
  let SrcLayout = "(1,?):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}

def : BulkCopyVariant<atom_bulk_copy_g2s, 0>;
def : BulkCopyVariant<atom_bulk_copy_s2g, 1>;
