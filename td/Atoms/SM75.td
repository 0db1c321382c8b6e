//===- SM75.td - Turing shared-memory matrix loads ---------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// atom.ldsm: ldmatrix.sync.aligned.m8n8 with one, two or four 8x8 sub-tiles,
// plain or transposed (CuTe's SM75_U32xN_LDSM_N / SM75_U16x2N_LDSM_T).
//
//===----------------------------------------------------------------------===//

def atom_ldsm : CuteCopyAtom<"atom.ldsm", "sm_75", [CopyAtom],
                             MatrixLoadLowering, [smem], [rmem]> {
  let Contract = "src=smem, dst=rmem, shape ∈ LDSM matrix";
  let Summary = "warp-wide shared-memory matrix load";
  let ElementWidth = "16 bits";
}

/// Thread/value layouts of one ldmatrix variant, in bits, as CuTe's copy
/// traits give them: \p num sub-tiles, \p trans for the transposed form.
class LdsmLayouts<int num, bit trans> {
  /// (thr,val) -> bit of the shared-memory source (row addresses).
  string Smem = !cond(!eq(num, 1) : "((8,4),128):((128,0),1)",
                      !eq(num, 2) : "((16,2),128):((128,0),1)",
                      !eq(num, 4) : "(32,128):(128,1)");
  /// (thr,val) -> bit of the register side.
  string Regs = !if(trans,
      !cond(!eq(num, 1) : "((4,8),(16,2)):((256,16),(1,128))",
            !eq(num, 2) : "((4,8),(16,2,2)):((256,16),(1,128,1024))",
            !eq(num, 4) : "((4,8),(16,2,4)):((256,16),(1,128,1024))"),
      !cond(!eq(num, 1) : "(32,32):(32,1)",
            !eq(num, 2) : "(32,(32,2)):(32,(1,1024))",
            !eq(num, 4) : "(32,(32,4)):(32,(1,1024))"));
}

/// The PTX shape suffix of one ldmatrix/stmatrix variant.
class MatrixSuffix<int num, bit trans> {
  string Param = "m8n8" # !if(!eq(num, 1), "", ".x" # num) # !if(trans, ".trans", "");
  string Ptx = "m8n8.x" # num # !if(trans, ".trans", "");
  string Intr = "m8n8_x" # num # !if(trans, "_trans", "");
  string CuteName = !if(trans, "U16x" # !mul(2, num) # "_", "U32x" # num # "_");
}

class LdsmVariant<int num, bit trans>
    : CopyVariant<atom_ldsm,
                  "SM75_" # MatrixSuffix<num, trans>.CuteName # "LDSM_" #
                      !if(trans, "T", "N"),
                  !mul(32, num)> {
  let Param = MatrixSuffix<num, trans>.Param;
  let Ptx = "ldmatrix.sync.aligned." # MatrixSuffix<num, trans>.Ptx # ".shared.b16";
  let Sel = NVVMIntrinsic<!cast<Intrinsic>("int_nvvm_ldmatrix_sync_aligned_" #
                                           MatrixSuffix<num, trans>.Intr # "_b16")>;
  // ldmatrix arrived in PTX ISA 6.5, after sm_75's 6.3.
  let MinPtx = 65;
  // One b32 register per 8x8 sub-tile; 128 bytes of shared memory each.
  let PtxAsm = Ptx # " {$dst}, [$src];";
  let PtxOperands = [PtxRegs<"dst", "b32", num>, PtxSmem<"src", !mul(128, num)>];
  let ThrID = "32:1";
  let SrcLayout = LdsmLayouts<num, trans>.Smem;
  let DstLayout = LdsmLayouts<num, trans>.Regs;
  let RefLayout = DstLayout;
  let NaturalShape = !if(trans, "8 x " # !mul(8, num) # " transposed tile",
                         !if(!eq(num, 1), "8 x 8 matrix tile",
                             "8 x " # !mul(8, num) # " matrix tile"));
  let ElementWidth = "16 bits";
  let Fragment = !cast<string>(!mul(2, num)) # " elements per lane";
  let LoweringTarget = Ptx;
}

foreach trans = [0, 1] in
  foreach num = [1, 2, 4] in
    def : LdsmVariant<num, trans>;

//===----------------------------------------------------------------------===//
// movmatrix: an 8x8 matrix of 16-bit elements transposed across the warp
//===----------------------------------------------------------------------===//

def atom_movm : CuteCopyAtom<"atom.movm", "sm_75", [CopyAtom],
                             InlinePtxLowering, [rmem], [rmem]> {
  let Contract = "src=rmem, dst=rmem, one 8x8 b16 matrix per warp";
  let Summary = "warp-wide register transpose of an 8x8 16-bit matrix";
  let Features = [FeatLdmatrix];
  let NaturalShape = "8 x 8 matrix";
  let ElementWidth = "16 bits";
  let Fragment = "one 32-bit register per lane";
  let LoweringTarget = "movmatrix.sync.aligned.m8n8.trans.b16";
}

/// CuTe's SM75_U32x1_MOVM_T: each lane's register in, each lane's register
/// of the transpose out (its traits map bits identically on both sides).
def : CopyVariant<atom_movm, "SM75_U32x1_MOVM_T", 32> {
  let Ptx = atom_movm.LoweringTarget;
  let PtxAsm = Ptx # " $dst, $src;";
  let Sel = InlinePtx<PtxAsm>;
  let PtxOperands = [PtxReg<"dst", "b32">, PtxReg<"src", "b32">];
  // movmatrix arrived in PTX ISA 7.8, after sm_75's 6.3.
  let MinPtx = 78;
  let ThrID = "32:1";
  let SrcLayout = "(32,32):(32,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}
