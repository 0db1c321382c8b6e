//===- RedGlobalAlign.td - A new bound diagnostic (test) ---*- tablegen -*-===//
//
// A diagnostic bound to an operand property (OperandCheck): the 16-byte
// alignment of the vector reduction's global destination, which the atom
// lowering checks at each call.
//
//===----------------------------------------------------------------------===//

def RedGlobalMisaligned
    : CuteDiagnostic<"operand '{0}' must be {1}-byte aligned for a vector reduction, but it is at byte {2} of {3}",
                     ["Operand", "Align", "Offset", "Object"]>;
def RedGlobalAlign
    : AlignCheck<[atom_red_global_add_v4], "dst", 16, RedGlobalMisaligned>;
