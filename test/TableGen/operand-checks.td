// A check of an operand is a record: this file binds two new diagnostics
// to operands of existing atoms (an alignment of ldmatrix's shared-memory
// source, and a range of the `count` operand of every atom of the
// SyncLowering kind that uses one) and cute-tblgen puts them in the
// registry's OperandCheckTable, which the atom lowering evaluates at each
// call (lib/Lowering/AtomOperands.cpp, checkOperands); no C++ names them.
//
// RUN: cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %s | FileCheck %s
// RUN: cute-tblgen -gen-atom-selectors -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=SEL %s
// RUN: cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=DOCS %s
// Without the extension the table has the registry's own checks only.
// RUN: cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %cute_td/Cute.td | FileCheck --check-prefix=BASE %s

include "Cute.td"

def LdsmSourceMisaligned
    : CuteDiagnostic<"operand '{0}' must be {1}-byte aligned for ldmatrix, but it is at byte {2} of {3}",
                     ["Operand", "Align", "Offset", "Object"]>;
def LdsmSourceAlign : AlignCheck<[atom_ldsm], "src", 16, LdsmSourceMisaligned>;

def CountNotWarps
    : CuteDiagnostic<"operand '{0}' counts threads, a multiple of {1} up to {2}, not {3}",
                     ["Operand", "Step", "Max", "Value"]>;
def WarpCounts : OperandCheck<"count", "range", CountNotWarps> {
  let Kinds = [SyncLowering];
  let Min = 32;
  let Max = 1024;
  let Step = 32;
}

// By atom: atom.ldsm (3), then the two SyncLowering atoms with a `count`
// (atom.mbarrier_init, atom.named_barrier), each after the registry's own
// checks of the atoms before it.
// CHECK-LABEL: static const OperandCheckInfo OperandCheckTable[] = {
// CHECK-NEXT:  {3, "LdsmSourceAlign", "src", CheckProperty::Align, DiagID::LdsmSourceMisaligned, 4, {CheckArg::Operand, CheckArg::Align, CheckArg::Offset, CheckArg::Object}, 0, -1, 1, false, 16},
// CHECK:       {[[INIT:[0-9]+]], "WarpCounts", "count", CheckProperty::Range, DiagID::CountNotWarps, 4, {CheckArg::Operand, CheckArg::Step, CheckArg::Max, CheckArg::Value}, 32, 1024, 32, false, 0},
// CHECK:       {[[BAR:[0-9]+]], "WarpCounts", "count", CheckProperty::Range, DiagID::CountNotWarps, 4,
// CHECK:       {UINT16_MAX, {{.*}} // sentinel
// CHECK:       {"atom.mbarrier_init", [[INIT]]},
// CHECK:       {"atom.named_barrier", [[BAR]]},

// The range of the operand is the check's: the PTX operand table and the
// call signature state it.
// SEL:      {"count", PtxOperandKind::Reg, "b32", 1, "", 1, 32, 1024, 32, false}, // SM80_MBARRIER_INIT
// DOCS:     ### `atom.mbarrier_init`
// DOCS:     | `count` | `unsigned` | `i32` | register; constants: a multiple of 32 in [32, 1024] |

// BASE-LABEL: static const OperandCheckInfo OperandCheckTable[] = {
// BASE-NOT:   LdsmSourceMisaligned
// BASE-NOT:   WarpCounts
// BASE:       // sentinel
