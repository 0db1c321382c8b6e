//===- RedGlobalV4.td - A new copy contract (test) ---------*- tablegen -*-===//
//
// Registers to global memory through a vector reduction (red .v4.f32, PTX
// ISA 8.1, sm_90): a copy atom of a new contract, src=rmem, dst=gmem,
// dst += src, lowered by the existing InlinePtxLowering.
//
//===----------------------------------------------------------------------===//

def atom_red_global_add_v4
    : CuteCopyAtom<"atom.red_global_add_v4", "sm_90", [CopyAtom],
                   InlinePtxLowering, [rmem], [gmem]> {
  let Contract = "src=rmem, dst=gmem, dst += src, 16-byte aligned";
  let Summary = "one-thread reduction of four f32 into global memory (test extension)";
  let NaturalShape = "one 128-bit vector";
  let ElementWidth = "32 bits x 4";
  let Fragment = "four 32-bit registers";
  let LoweringTarget = "red.relaxed.gpu.global.add.v4.f32";
}
def : CopyVariant<atom_red_global_add_v4, "SM90_RED_GLOBAL_ADD_V4_F32", 128> {
  let Ptx = atom_red_global_add_v4.LoweringTarget;
  let PtxAsm = Ptx # " [$dst], {$src};";
  let Sel = InlinePtx<PtxAsm>;
  let PtxOperands = [PtxGmem<"dst", 16>, PtxRegs<"src", "f32", 4>];
  let MinPtx = 81;
  let ThrID = "1:0";
  let SrcLayout = "(1,128):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
}
