// The checks cute-tblgen makes of the OperandCheck records: each bad record
// is one located error.
//
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR1 %s 2>&1 | FileCheck --check-prefix=ERROR1 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR2 %s 2>&1 | FileCheck --check-prefix=ERROR2 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR3 %s 2>&1 | FileCheck --check-prefix=ERROR3 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR4 %s 2>&1 | FileCheck --check-prefix=ERROR4 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR5 %s 2>&1 | FileCheck --check-prefix=ERROR5 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR6 %s 2>&1 | FileCheck --check-prefix=ERROR6 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR7 %s 2>&1 | FileCheck --check-prefix=ERROR7 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR8 %s 2>&1 | FileCheck --check-prefix=ERROR8 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR9 %s 2>&1 | FileCheck --check-prefix=ERROR9 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR10 %s 2>&1 | FileCheck --check-prefix=ERROR10 %s
// Every emitter rejects the same record.
// RUN: not cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include -DERROR10 %s 2>&1 | FileCheck --check-prefix=ERROR10 %s
// Without the defines the file is a valid registry.
// RUN: cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %s -o /dev/null

include "Cute.td"

def TestRangeDiag : CuteDiagnostic<"operand '{0}' is {1}", ["Operand", "Value"]>;
def TestAlignDiag : CuteDiagnostic<"operand '{0}' at byte {1}", ["Operand", "Offset"]>;

#ifdef ERROR1
// ERROR1: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'BadProperty': property 'size' is not one of range, align
def BadProperty : OperandCheck<"regs", "size", TestRangeDiag> {
  let Atoms = [atom_setmaxnreg];
}
#endif

#ifdef ERROR2
// An alignment check supplies no value.
// ERROR2: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'BadArg': diagnostic 'TestRangeDiag' names argument 'Value', which a 'align' check does not supply (it supplies Variant, Operand, Align, Offset, Object)
def BadArg : AlignCheck<[atom_ldsm], "src", 16, TestRangeDiag>;
#endif

#ifdef ERROR3
// ERROR3: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'NoSuchOperand': atom 'atom.ldsm' has no variant that uses an operand 'mbar'
def NoSuchOperand : AlignCheck<[atom_ldsm], "mbar", 16, TestAlignDiag>;
#endif

#ifdef ERROR4
// ERROR4: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'RangeOfPointer': operand 'src' of atom 'atom.ldsm' is a 'const void *', which a 'range' check does not apply to
def RangeOfPointer : RangeCheck<[atom_ldsm], "src", 0, 16, 1, TestRangeDiag>;
#endif

#ifdef ERROR5
// setmaxnreg's count has its range check (SetmaxnregCount) already.
// ERROR5: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'SecondRange': operand 'regs' of atom 'atom.setmaxnreg' already has the range check 'SetmaxnregCount'
def SecondRange : RangeCheck<[atom_setmaxnreg], "regs", 24, 128, 8, TestRangeDiag>;
#endif

#ifdef ERROR6
// ERROR6: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'EmptyRange': the range [16, 8] with step 1 is empty, steps by less than 1 or does not fit 32 bits
def EmptyRange : RangeCheck<[atom_named_barrier], "id", 16, 8, 1, TestRangeDiag>;
#endif

#ifdef ERROR7
// ERROR7: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'OddAlign': alignment 12 is not a power of two that fits 32 bits
def OddAlign : AlignCheck<[atom_ldsm], "src", 12, TestAlignDiag>;
#endif

#ifdef ERROR8
// ERROR8: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'Nowhere' names no atom and no lowering kind
def Nowhere : OperandCheck<"src", "align", TestAlignDiag> {
  let Align = 16;
}
#endif

#ifdef ERROR9
// ERROR9: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'NoKindAtom': no atom of lowering kind UmmaLowering has variants that use an operand 'bar'
def NoKindAtom : OperandCheck<"bar", "align", TestAlignDiag> {
  let Kinds = [UmmaLowering];
  let Align = 8;
}
#endif

#ifdef ERROR10
// A diagnostic of seven arguments: a check supplies six at most.
def SevenArgs : CuteDiagnostic<"{0} {1} {2} {3} {4} {5} {6}",
    ["Variant", "Operand", "Value", "Min", "Max", "Step", "Value"]>;
// ERROR10: [[@LINE+1]]:{{[0-9]+}}: error: operand check 'TooMany': diagnostic 'SevenArgs' names 7 arguments; a check supplies at most 6
def TooMany : RangeCheck<[atom_named_barrier], "id", 0, 15, 1, SevenArgs>;
#endif
