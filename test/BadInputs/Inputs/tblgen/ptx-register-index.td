// ERROR: %s:4:5: error: variant 'UniversalCopy<bad>': PTX statement 'ld.b32 {$v[9]}, [$src];' names register 9 of '$v', which has 1
include "Cute.td"

def bad_copy : CopyVariant<atom_universal_copy, "UniversalCopy<bad>", 32> {
  let Param = "32";
  let Ptx = "ld.b32";
  let PtxAsm = "ld.b32 {$v[9]}, [$src];";
  let PtxAfter = ["st.b32 [$dst], {$v};"];
  let PtxOperands = [PtxRegs<"v", "b32", 1>, PtxGmem<"src">, PtxGmem<"dst">];
  let ThrID = "1:0";
  let SrcLayout = "(1,32):(0,1)";
  let DstLayout = "(1,32):(0,1)";
  let RefLayout = "(1,32):(0,1)";

}
