//===- CuteBase.td - Base classes of the CuTe atom registry -*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// The classes every record of the atom registry derives from: SM tiers, their
// features, element types, residencies, atom interfaces, lowering kinds,
// selectors, MMA and copy atoms, their variants (the lattice points CuTe
// names), the MMA shape lattice rules and the verifier diagnostics.
//
// The records themselves live in Tiers.td, Diagnostics.td and Atoms/*.td;
// cute-tblgen turns them into the registry tables, the selectors, the
// diagnostics, the CUDA header and the reference docs.
//
//===----------------------------------------------------------------------===//

// Stock LLVM: the NVVM intrinsic records a selector may bind to. A misspelt
// or removed intrinsic is a TableGen error at build time.
include "llvm/IR/Intrinsics.td"

//===----------------------------------------------------------------------===//
// SM tiers
//===----------------------------------------------------------------------===//

/// A target feature a tier provides (and passes on to the tiers below it in
/// the roster). \p name is how JSON, docs and diagnostics spell it.
class TierFeature<string name, string doc> {
  string Name = name;
  string Doc = doc;
}

/// One SM target tier. The record name is the target name (`sm_90a`).
/// \p arch is the numeric SM version (90 for sm_90a), \p parent the name of
/// the tier whose atoms and features this one inherits ("" for the root),
/// \p ptx the minimum PTX ISA version times ten (80 = PTX 8.0), never lower
/// than the parent's. \p family names the family tier (`sm_100f`) an
/// arch-specific tier also has every atom and feature of, without being its
/// child in the PTX ISA chain ("" for none). Tiers.td generates the records
/// from SmVersion entries through SmTiers.
class SmTier<int arch, string parent, int ptx, list<TierFeature> features = [],
             string family = ""> {
  int Arch = arch;
  string Parent = parent;
  int PtxVersion = ptx;
  list<TierFeature> Features = features;
  string Family = family;
  string Summary = "";
}

/// The features every family-specific (`f`) tier of a family adds.
class SmFamily<list<TierFeature> features> {
  list<TierFeature> Features = features;
}
def NoFamily : SmFamily<[]>;

/// One SM version of the roster: the baseline target (\p arch, introduced
/// with PTX ISA \p ptx, adding \p features), its family tier when
/// \p family is not NoFamily (PTX ISA \p ptxF), and its arch-specific tier
/// when \p ptxA is not 0 (adding \p archFeatures).
class SmVersion<int arch, int ptx, list<TierFeature> features = [],
                SmFamily family = NoFamily, int ptxF = 0, int ptxA = 0,
                list<TierFeature> archFeatures = []> {
  int Arch = arch;
  int Ptx = ptx;
  list<TierFeature> Features = features;
  SmFamily Family = family;
  int PtxF = ptxF;
  int PtxA = ptxA;
  list<TierFeature> ArchFeatures = archFeatures;
}

/// The tiers of one SM version, by the family rules: `sm_X` (child of
/// \p prev), `sm_Xf` (child of `sm_X`, adding the family's features) and
/// `sm_Xa` (child of `sm_X`, implying `sm_Xf` where it exists).
multiclass SmTiers<SmVersion v, string prev> {
  defvar HasFamily = !ne(!size(v.Family.Features), 0);
  def "" : SmTier<v.Arch, prev, v.Ptx, v.Features>;
  if HasFamily then
    def f : SmTier<v.Arch, NAME, v.PtxF, v.Family.Features>;
  if !ne(v.PtxA, 0) then
    def a : SmTier<v.Arch, NAME, v.PtxA, v.ArchFeatures,
                   !if(HasFamily, NAME # "f", "")>;
}

//===----------------------------------------------------------------------===//
// Element types and residencies
//===----------------------------------------------------------------------===//

/// An element type: CuTe name fragment (as in SM80_16x8x16_F32F16F16F32_TN),
/// width in bits, LLVM IR type of one register element and PTX spelling.
class ElementType<string cute, int width, string llvm, string ptx> {
  string Cute = cute;
  int Bits = width;
  string LLVMType = llvm;
  string Ptx = ptx;
}

/// Where an operand lives: register, shared, global or tensor memory, an
/// SMEM descriptor view, or a TMA descriptor.
class Residency<string name> {
  string Name = name;
}

//===----------------------------------------------------------------------===//
// Atom interfaces, lowering kinds and selectors
//===----------------------------------------------------------------------===//

/// A cute_nvgpu atom interface. The record name is the interface name.
class AtomInterface<string doc> {
  string Doc = doc;
}

/// A lowering routine of the atom-lowering stage. Atoms of a new tier that
/// reuse an existing kind need no C++ change. \p atomFields names the
/// string fields the routine reads of an atom (a tensor-memory copy's
/// Direction): every atom of the kind that has variants must set each one,
/// or cute-tblgen rejects it.
class LoweringKind<string doc, list<string> atomFields = []> {
  string Doc = doc;
  list<string> AtomFields = atomFields;
}

/// What one variant lowers to.
class Selector;
/// A call of an NVVM intrinsic (bound to its record: checked at build time).
class NVVMIntrinsic<Intrinsic intr> : Selector {
  Intrinsic Intr = intr;
}
/// An inline-PTX template (for instructions without an NVVM intrinsic).
/// Operands are written `$name`; `{$d}` stands for the whole register list.
class InlinePtx<string template> : Selector {
  string Template = template;
}
/// No instruction of its own: the lowering routine of the atom expands it.
def NoSelector : Selector;

//===----------------------------------------------------------------------===//
// Atoms
//===----------------------------------------------------------------------===//

/// A C parameter of the atom's intrinsic as the CUDA header declares it.
class AtomParam<string ctype, string name> {
  string CType = ctype;
  string Name = name;
}

/// Base class of every atom. \p mnemonic is spelled exactly as the atom
/// registry spells it (`atom.ldsm`, `sm90.mma`, `SM120.mma_bs`); \p minTier is
/// a tier name or "all" for the tier-generic atoms.
class CuteAtom<string mnemonic, string minTier, list<AtomInterface> ifaces,
               LoweringKind lowering> {
  string Mnemonic = mnemonic;
  string MinTier = minTier;
  list<AtomInterface> Interfaces = ifaces;
  LoweringKind Lowering = lowering;
  /// Target features the atom needs on top of its minimum tier.
  list<TierFeature> Features = [];
  /// The residency contract, in the atom registry's words.
  string Contract = "";
  string Summary = "";
  /// Parameters of the atom intrinsic after the variant name.
  list<AtomParam> Params = [];
  /// The atom intrinsic takes trailing operands after Params (a C variadic
  /// function in <cute_nvgpu_atoms.h>), whose number the variant fixes:
  /// TrailingOperands says what they are.
  bit Variadic = 0;
  string TrailingOperands = "";
  /// The C type the atom's call returns ("void" when it returns nothing).
  string Result = "void";
  /// Not executable until bound (non-exec tiled TMA atoms).
  bit NonExec = 0;
  /// Why the atom has no variants (no PTX instruction of its own, or none
  /// that does what its contract says); "" when it has variants. An atom
  /// needs variants or this reason.
  string NoVariantReason = "";
}

/// The (D, A, B, C) element types of one MMA lattice point.
class MmaTypes<ElementType d, ElementType a, ElementType b, ElementType c> {
  ElementType D = d;
  ElementType A = a;
  ElementType B = b;
  ElementType C = c;
}

/// One rule of an MMA shape lattice: every M in \p ms, N in \p ns, K such
/// that K * bits(A) == \p kbits, every type combination in \p types, for
/// \p ctas cooperating CTAs and every operand mode in \p modes ("" when the
/// atom has one).
class MmaShapeRule<list<int> ms, list<int> ns, int kbits, list<MmaTypes> types,
                   int ctas = 1, list<string> modes = [""]> {
  list<int> Ms = ms;
  list<int> Ns = ns;
  int KBits = kbits;
  list<MmaTypes> Types = types;
  int Ctas = ctas;
  list<string> Modes = modes;
  /// The rule's points are structurally sparse (K counts the logical, dense
  /// extent). Every rule of a sparse atom is; a dense atom may carry sparse
  /// rules for the sparse forms of its instruction.
  bit Sparse = 0;
  /// When nonzero, every A and B element sits in a container of this many
  /// bits, whatever its own width (the `.kind::f8f6f4` forms hold FP6 and FP4
  /// values in bytes), and K * ContainerBits == KBits.
  int ContainerBits = 0;
}

/// The K of \p rule's lattice points of types \p t.
class MmaRuleK<MmaShapeRule rule, MmaTypes t> {
  int ret = !div(rule.KBits, !if(rule.ContainerBits, rule.ContainerBits, t.A.Bits));
}

/// A rule whose A and B elements sit in \p containerBits-bit containers.
class MmaContainerShapeRule<list<int> ms, list<int> ns, int kbits,
                            int containerBits, list<MmaTypes> types,
                            bit sparse = 0>
    : MmaShapeRule<ms, ns, kbits, types> {
  let ContainerBits = containerBits;
  let Sparse = sparse;
}

/// A rule of structurally-sparse lattice points on a dense atom.
class MmaSparseShapeRule<list<int> ms, list<int> ns, int kbits,
                         list<MmaTypes> types, int ctas = 1,
                         list<string> modes = [""]>
    : MmaShapeRule<ms, ns, kbits, types, ctas, modes> {
  let Sparse = 1;
}

/// An MMA atom: interfaces, operand residencies and its shape lattice.
class CuteMmaAtom<string mnemonic, string minTier, list<AtomInterface> ifaces,
                  LoweringKind lowering>
    : CuteAtom<mnemonic, minTier, ifaces, lowering> {
  list<Residency> AResidency = [];
  list<Residency> BResidency = [];
  list<Residency> DResidency = [];
  bit Sparse = 0;
  bit BlockScale = 0;
  list<MmaShapeRule> Lattice = [];
  let Params = [AtomParam<"void *", "d">, AtomParam<"const void *", "a">,
                AtomParam<"const void *", "b">, AtomParam<"const void *", "c">];
}

/// A copy atom: source and destination residencies and the columns of the
/// copy operand-layout contract.
class CuteCopyAtom<string mnemonic, string minTier, list<AtomInterface> ifaces,
                   LoweringKind lowering, list<Residency> src,
                   list<Residency> dst>
    : CuteAtom<mnemonic, minTier, ifaces, lowering> {
  list<Residency> Src = src;
  list<Residency> Dst = dst;
  bit UsesTmaDescriptor = 0;
  string DescriptorKind = "";
  string NaturalShape = "";
  string ElementWidth = "";
  string Fragment = "";
  string LoweringTarget = "";
  /// Where a tensor-memory copy (TmemCopyLowering) moves its data: "load"
  /// (tensor memory to registers), "store" (registers to tensor memory) or
  /// "smem_to_tmem" (shared memory, through a matrix descriptor, to tensor
  /// memory); "" for the other copies.
  string Direction = "";
  let Params = [AtomParam<"void *", "dst">, AtomParam<"const void *", "src">];
}

/// A descriptor type (SMEM descriptor view).
class CuteDescriptorAtom<string mnemonic, string minTier,
                         list<AtomInterface> ifaces, LoweringKind lowering>
    : CuteAtom<mnemonic, minTier, ifaces, lowering> {
  let Params = [AtomParam<"const void *", "smem">];
}

//===----------------------------------------------------------------------===//
// Variants: the lattice points, named as CuTe names its atoms
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// PTX operands: the fragment description the lowering and the ptxas probes
// (cute-tblgen -gen-ptx-probes) share
//===----------------------------------------------------------------------===//

/// One operand of a variant's PTX statement, written `$Name` in PtxAsm.
/// \p kind says what it is and how it is spelled:
///   "regs"   Count registers of PTX type Type, spelled `%n0, %n1, ...` (the
///            template writes the braces: `{$d}`);
///   "reg"    one register of PTX type Type (`pred` for a predicate);
///   "imm"    the literal Value;
///   "shared" the 32-bit shared-window address of Count bytes of shared
///            memory (the template writes `[$x]`);
///   "global" a 64-bit global address;
///   "tmem"   a 32-bit tensor-memory address;
///   "tensor" a TMA descriptor address and Count s32 coordinates, spelled
///            `%n, {%n_c0, ...}` (the template writes `[$x]`).
/// Atom lowering binds an operand to the atom parameter of the same name: a
/// `void *` parameter receives the operand's registers, a `const void *` one
/// supplies them (or the address of shared or global memory), a scalar one
/// its value. An immediate, or a register with a Value, needs no parameter.
/// An operand bound to a parameter whose Value names another parameter is
/// sized or placed by that one's constant: a cluster shared-memory operand's
/// CTA rank (PtxClusterSmem), a register list's count (PtxRegsCountedBy);
/// Min and Max then bound that constant.
///
/// The call signature `cute-atoms --json` states (`signatures`) and the
/// reference docs show is derived from these operands and the atom's Params
/// (CuteRecords::callSignature): no second list.
class PtxOperand<string name, string kind, string type, int count,
                 string value = ""> {
  string Name = name;
  string Kind = kind;
  string Type = type;
  int Count = count;
  string Value = value;
  /// A register operand's valid values, where the instruction restricts
  /// them: a multiple of Step in [Min, Max] (Max < Min: no bound). A
  /// constant outside is an error at the call; the probes issue Min.
  int Min = 0;
  int Max = -1;
  int Step = 1;
  /// And a power of two.
  bit Pow2 = 0;
  /// What a memory operand ("shared", "global", "tensor") points at, for a
  /// front end that creates it: "buffer" (plain memory), "mbarrier" (an
  /// mbarrier object), "tmem_slot" (the shared word tcgen05.alloc writes a
  /// TMEM address to) or "tensor_map" (a CUtensorMap); its size in bytes
  /// where the instruction fixes it (0: the call's), and the alignment the
  /// instruction needs of its address.
  string Object = "";
  int Bytes = 0;
  int Align = 0;
  /// The state space of a memory operand's object when it is not its kind's
  /// ("generic": any, as a plain ld or st addresses it).
  string Space = "";
}
class PtxRegs<string name, string type, int count>
    : PtxOperand<name, "regs", type, count>;
/// A register list the call sizes: as many registers of PTX type \p type as
/// the constant of atom parameter \p countParam, from 1 to \p max (Count
/// holds the most).
class PtxRegsCountedBy<string name, string type, string countParam, int max>
    : PtxOperand<name, "regs", type, max, countParam> {
  let Min = 1;
  let Max = max;
}
class PtxReg<string name, string type> : PtxOperand<name, "reg", type, 1>;
/// A register operand whose values the instruction restricts to the
/// multiples of \p step in [\p min, \p max].
class PtxRegIn<string name, string type, int min, int max, int step = 1>
    : PtxOperand<name, "reg", type, 1> {
  let Min = min;
  let Max = max;
  let Step = step;
}
/// A register operand restricted to the powers of two in [\p min, \p max].
class PtxRegPow2In<string name, string type, int min, int max>
    : PtxRegIn<name, type, min, max> {
  let Pow2 = 1;
}
/// A register the atom has no parameter for: the lowering passes \p value.
class PtxRegConst<string name, string type, string value>
    : PtxOperand<name, "reg", type, 1, value>;
class PtxPred<string name> : PtxOperand<name, "reg", "pred", 1>;
class PtxImm<string name, string value> : PtxOperand<name, "imm", "", 0, value>;
/// An immediate the call supplies: the atom parameter of the same name must
/// be a constant, a multiple of \p multiple (kept in Count and Step) within
/// [Min, Max], which every such immediate states (the intrinsic's own range,
/// where it has one, within it); \p probe is the literal the ptxas probes
/// issue.
class PtxImmArg<string name, string probe, int multiple = 1>
    : PtxOperand<name, "imm", "arg", multiple, probe> {
  let Step = multiple;
}
/// The same within [\p min, \p max].
class PtxImmArgIn<string name, string probe, int min, int max,
                  int multiple = 1>
    : PtxImmArg<name, probe, multiple> {
  let Min = min;
  let Max = max;
}
/// \p bytes of shared memory at an address aligned to \p align.
class PtxSmem<string name, int bytes, int align = 16>
    : PtxOperand<name, "shared", "b32", bytes> {
  let Object = "buffer";
  let Bytes = bytes;
  let Align = align;
}
/// An mbarrier: an 8-byte object in shared memory.
class PtxMbarrier<string name> : PtxSmem<name, 8, 8> {
  let Object = "mbarrier";
}
/// The 4-byte shared word tcgen05.alloc writes the allocated TMEM address to.
class PtxTmemSlot<string name> : PtxSmem<name, 4, 4> {
  let Object = "tmem_slot";
}
/// The same shared-memory offset in another CTA of the cluster: the atom
/// parameter \p rank names the CTA, the lowering maps the address (mapa).
/// Min and Max bound the rank: a cluster holds at most 16 CTAs.
class PtxClusterSmem<string name, int bytes, string rank,
                     string object = "buffer", int align = 16>
    : PtxOperand<name, "shared", "b32", bytes, rank> {
  let Min = 0;
  let Max = 15;
  let Object = object;
  let Bytes = bytes;
  let Align = align;
}
/// Global memory at an address aligned to \p align.
class PtxGmem<string name, int align = 16>
    : PtxOperand<name, "global", "b64", 1> {
  let Object = "buffer";
  let Align = align;
}
/// Memory in any state space, as a plain ld or st addresses it.
class PtxGenericMem<string name, int align> : PtxGmem<name, align> {
  let Space = "generic";
}
class PtxTmem<string name> : PtxOperand<name, "tmem", "b32", 1>;
/// The address of a 128-byte, 64-byte aligned CUtensorMap (global, constant
/// or kernel-parameter memory) and \p rank coordinates.
class PtxTensor<string name, int rank>
    : PtxOperand<name, "tensor", "b64", rank> {
  let Object = "tensor_map";
  let Bytes = 128;
  let Align = 64;
}

/// The PTX register type a fragment of \p t elements lives in: f32 and f64 in
/// their own registers, everything narrower packed into b32.
class PtxRegType<ElementType t> {
  string ret = !cond(!eq(t.Ptx, "f32") : "f32", !eq(t.Ptx, "f64") : "f64",
                     true : "b32");
}

/// Registers per thread of a fragment of \p elems elements of \p width
/// bits each spread over \p threads threads (64-bit registers for 64-bit
/// elements, else 32-bit ones).
class PtxFragRegs<int elems, int width, int threads> {
  int ret = !div(!mul(elems, width), !mul(threads, !if(!eq(width, 64), 64, 32)));
}

/// A variant's minimum PTX ISA (times ten) on tier \p tier and the tiers
/// below it (AtomVariant's MinPtxOn): the same instruction may have reached
/// two targets in different PTX ISA versions.
class TierPtx<SmTier tier, int ptx> {
  SmTier Tier = tier;
  int Ptx = ptx;
}

class AtomVariant<CuteAtom atom, string name> {
  CuteAtom Atom = atom;
  string Name = name;
  /// The registry's parameter spelling (`m8n8.x4.trans`, `16`, `add`), if any.
  string Param = "";
  /// The PTX instruction the variant issues.
  string Ptx = "";
  Selector Sel = NoSelector;
  /// ThrID in CuTe notation.
  string ThrID = "";
  /// Target features this variant needs on top of its atom's (a lattice
  /// point that only some of the atom's tiers accept).
  list<TierFeature> Features = [];
  /// The PTX ISA version (times ten) that introduced the instruction, when it
  /// is later than the minimum PTX ISA of a tier that may use it; 0 when
  /// every such tier's minimum suffices. Lowering emits
  /// `.version max(tier, MinPtx)`.
  int MinPtx = 0;
  /// Per-tier minimums where they differ (`[TierPtx<sm_89, 81>,
  /// TierPtx<sm_90, 78>]`): on a tier, the entry of the tier itself or of
  /// its nearest ancestor (parent chain and family) replaces MinPtx.
  list<TierPtx> MinPtxOn = [];
  /// The PTX statement the lowering issues, starting with Ptx, its operands
  /// written `$name` (see PtxOperand), and the statements it issues right
  /// before and after it (fences, commits, waits).
  string PtxAsm = "";
  list<PtxOperand> PtxOperands = [];
  list<string> PtxBefore = [];
  list<string> PtxAfter = [];
  /// Why the variant carries no thread/value layouts, when CuTe defines none
  /// for it (descriptor-only or data-dependent forms); "" when it has them.
  /// A variant needs all three layouts or this reason.
  string NoLayoutReason = "";
  /// CuTe's name for the variants of one atom a call chooses among by the
  /// number of its trailing operands (SM90_TMA_LOAD: SM90_TMA_LOAD_<r>D by
  /// its r coordinates); "" when the variant is named on its own only.
  string Family = "";
}

class MmaVariant<CuteMmaAtom atom, string name, int m, int n, int k,
                 MmaTypes types>
    : AtomVariant<atom, name> {
  int M = m;
  int N = n;
  int K = k;
  MmaTypes Types = types;
  /// A structurally-sparse lattice point (2:4 A with a metadata operand);
  /// set on the variants of a sparse atom, and on the sparse points of a
  /// dense atom that also carries them.
  bit Sparse = atom.Sparse;
  int Ctas = 1;
  string Mode = "";
  /// tcgen05 / block-scale kind (`f16`, `mxf8f6f4`, ...).
  string Kind = "";
  /// The majors of the A and B tiles a shared-memory descriptor operand
  /// describes (CuTe's GMMA::Major: "K" or "MN"); "" where the operand is not
  /// a descriptor or the call picks its major.
  string MajorA = "";
  string MajorB = "";
  /// Block-scale factor type and vector size.
  list<ElementType> ScaleType = [];
  int ScaleVec = 0;
  string LayoutA = "";
  string LayoutB = "";
  string LayoutC = "";
}

class CopyVariant<CuteCopyAtom atom, string name, int width>
    : AtomVariant<atom, name> {
  /// Bits moved per thread and invocation.
  int ValueBits = width;
  string SrcLayout = "";
  string DstLayout = "";
  string RefLayout = "";
  string NaturalShape = "";
  string ElementWidth = "";
  string Fragment = "";
  string LoweringTarget = "";
  /// CuTe's ValID of an atom that addresses memory of its own geometry
  /// (tensor memory): logical value bit -> address bit (a TMEM lane is
  /// 2^21 address bits), which make_tmem_copy tiles a TMEM tensor by; "" for
  /// the others.
  string ValID = "";
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

/// A user-facing message, verbatim: a formatv template whose `{N}` slots are
/// the arguments named by `args`, in order (a literal brace is `{{`). Code
/// refers to it by record name (`diag(DiagID::MmaLayoutMismatch, ...)`).
/// `Contract` marks the atom verifier's diagnostics, a contract with the
/// CuTe IR compiler's: a test must match each of them verbatim
/// (test/Registry/diagnostics-used.test).
class CuteDiagnostic<string text, list<string> args = []> {
  string Text = text;
  list<string> Args = args;
  bit Contract = 0;
}

//===----------------------------------------------------------------------===//
// Operand checks: a diagnostic bound to an operand property
//===----------------------------------------------------------------------===//

/// A check the atom lowering makes of one operand of a call, and the
/// diagnostic a call that fails it gets (located at the call, after
/// "variant '<name>': "). It applies
/// to the calls of every atom in Atoms and of every atom whose lowering kind
/// is in Kinds, of the variants that use the atom parameter named
/// \p operand (an atom of Atoms must have such variants). \p property says
/// what is checked:
///   "range" an integer operand's constant is a multiple of Step in
///           [Min, Max] (and a power of two where Pow2); a run-time value
///           is left to the variant's own rules. The operand's range in the
///           call signature and the PTX operand table is the check's.
///   "align" a pointer operand that is a constant offset from an object
///           (a global, an alloca, an aligned argument) aligned to at least
///           Align bytes is itself aligned to Align.
/// The diagnostic's Args name the values the lowering passes, in its
/// order: Variant and Operand always; Value, Min, Max and Step for a range;
/// Align, Offset and Object (the object's name) for an alignment (CheckArg,
/// CuteLLVM/Registry/AtomEnums.h).
class OperandCheck<string operand, string property, CuteDiagnostic diag> {
  list<CuteAtom> Atoms = [];
  list<LoweringKind> Kinds = [];
  string Operand = operand;
  string Property = property;
  CuteDiagnostic Diag = diag;
  int Min = 0;
  int Max = -1;
  int Step = 1;
  bit Pow2 = 0;
  int Align = 0;
}

/// The constant of \p operand of \p atoms' calls is a multiple of \p step
/// in [\p min, \p max].
class RangeCheck<list<CuteAtom> atoms, string operand, int min, int max,
                 int step, CuteDiagnostic diag>
    : OperandCheck<operand, "range", diag> {
  let Atoms = atoms;
  let Min = min;
  let Max = max;
  let Step = step;
}

/// The pointer \p operand of \p atoms' calls keeps an \p align-byte
/// alignment.
class AlignCheck<list<CuteAtom> atoms, string operand, int align,
                 CuteDiagnostic diag>
    : OperandCheck<operand, "align", diag> {
  let Atoms = atoms;
  let Align = align;
}
