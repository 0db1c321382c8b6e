//===- Universal.td - Tier-generic atoms -------------------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// The generic fallback vocabulary every tier accepts: one-thread FMA and
// one-thread copies of any width (CuTe's UniversalFMA / UniversalCopy).
//
//===----------------------------------------------------------------------===//

def atom_universal_fma
    : CuteMmaAtom<"atom.universal_fma", "all", [MmaAtom], UniversalFmaLowering> {
  let Contract = "A, B, D in rmem";
  let Summary = "one-thread scalar multiply-add";
  let AResidency = [rmem];
  let BResidency = [rmem];
  let DResidency = [rmem];
  let Lattice = [MmaShapeRule<[1], [1], 0, [MmaTypes<F32, F32, F32, F32>,
                                            MmaTypes<F64, F64, F64, F64>,
                                            MmaTypes<F16, F16, F16, F16>]>];
}

/// UniversalFMA<D,A,B,C>: K = 1 whatever the type, so the rule's KBits is 0
/// and the variant spells K explicitly.
class UniversalFmaVariant<MmaTypes t>
    : MmaVariant<atom_universal_fma,
                 "UniversalFMA<" # t.D.Cute # "," # t.A.Cute # "," # t.B.Cute #
                     "," # t.C.Cute # ">",
                 1, 1, 1, t> {
  defvar Reg = !if(!eq(t.D.Bits, 16), "b16", t.D.Ptx);
  let Ptx = "fma.rn." # t.D.Ptx;
  let PtxAsm = Ptx # " $d, $a, $b, $c;";
  let PtxOperands = [PtxReg<"d", Reg>, PtxReg<"a", Reg>, PtxReg<"b", Reg>,
                     PtxReg<"c", Reg>];
  let ThrID = "1:0";
  let LayoutA = "(1,1):(0,0)";
  let LayoutB = "(1,1):(0,0)";
  let LayoutC = "(1,1):(0,0)";
}

foreach t = atom_universal_fma.Lattice[0].Types in
  def : UniversalFmaVariant<t>;

def atom_universal_copy
    : CuteCopyAtom<"atom.universal_copy", "all", [CopyAtom],
                   UniversalCopyLowering, [rmem, smem, gmem],
                   [rmem, smem, gmem]> {
  let Contract = "any source-destination pair the target supports";
  let Summary = "one-thread copy of one element";
  let NaturalShape = "one element";
  let ElementWidth = "any";
  let Fragment = "one value";
  let LoweringTarget = "scalar ld/st of matching width";
}

/// UniversalCopy<uintN_t>: one thread moves N nbits.
class UniversalCopyVariant<int nbits>
    : CopyVariant<atom_universal_copy, "UniversalCopy<uint" # nbits # "_t>",
                  nbits> {
  let Param = !cast<string>(nbits);
  defvar Vec = !eq(nbits, 128);
  defvar Op = !if(Vec, "v4.b32", "b" # nbits);
  let Ptx = "ld." # Op;
  // A load into registers and a store from them: 8-bit values travel in a
  // 16-bit register, 128 bits in four 32-bit ones.
  let PtxAsm = Ptx # !if(Vec, " {$v}", " $v") # ", [$src];";
  let PtxAfter = ["st." # Op # " [$dst], " # !if(Vec, "{$v}", "$v") # ";"];
  let PtxOperands = [!if(Vec, PtxRegs<"v", "b32", 4>,
                         PtxReg<"v", "b" # !if(!eq(nbits, 8), 16, nbits)>),
                     PtxGenericMem<"src", !div(nbits, 8)>,
                     PtxGenericMem<"dst", !div(nbits, 8)>];
  let ThrID = "1:0";
  let SrcLayout = "(1," # nbits # "):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}

foreach nbits = [8, 16, 32, 64, 128] in
  def : UniversalCopyVariant<nbits>;
