// ERROR: %s:4:5: error: variant 'UniversalCopy<nothr>' has TV layouts but no ThrID
include "Cute.td"

def bad_copy : CopyVariant<atom_universal_copy, "UniversalCopy<nothr>", 32> {
  let Param = "32";
  let Ptx = "ld.b32";
  let PtxAsm = "ld.b32 $v, [$src];";
  let PtxAfter = ["st.b32 [$dst], $v;"];
  let PtxOperands = [PtxReg<"v", "b32">, PtxGmem<"src">, PtxGmem<"dst">];
  let ThrID = "";
  let SrcLayout = "(1,32):(0,1)";
  let DstLayout = "(1,32):(0,1)";
  let RefLayout = "(1,32):(0,1)";
}
