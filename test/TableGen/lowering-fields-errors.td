// The atom fields a lowering kind reads (LoweringKind's AtomFields) are
// record data the records must state: TmemCopyLowering reads an atom's
// Direction (tensor memory to registers, registers to tensor memory, or
// shared memory to tensor memory), so an atom of that kind without one, or
// with a direction the lowering does not know, is a located cute-tblgen
// error, not a copy lowered in some direction silently.
//
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR1 %s 2>&1 | FileCheck --check-prefix=ERROR1 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR2 %s 2>&1 | FileCheck --check-prefix=ERROR2 %s
// Every emitter rejects the same record.
// RUN: not cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include -DERROR1 %s 2>&1 | FileCheck --check-prefix=ERROR1 %s
// With a direction the atom is a registry entry like tmem_load.
// RUN: cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %s | FileCheck %s

include "Cute.td"

#ifdef ERROR1
// ERROR1: [[@LINE+1]]:{{[0-9]+}}: error: atom 'atom.test_tmem_copy': its lowering kind TmemCopyLowering reads the field Direction, which the atom does not set
def test_tmem_copy : TmemCopyAtom<"atom.test_tmem_copy", [CopyAtom], [tmem], [rmem]> {
  let Params = atom_tmem_load.Params;
}
#else
def test_tmem_copy : TmemCopyAtom<"atom.test_tmem_copy", [CopyAtom], [tmem], [rmem]> {
  let Params = atom_tmem_load.Params;
#ifdef ERROR2
  // ERROR2: [[@LINE+1]]:{{[0-9]+}}: error: atom 'atom.test_tmem_copy': direction 'tmem_to_smem' is not one of load, store, smem_to_tmem
  let Direction = "tmem_to_smem";
#else
  let Direction = "load";
#endif
}
#endif
def : TmemLdStVariant<test_tmem_copy, 0, TmemLdStShape<32, 32, "32x32b", 1>, 1, 0> {
  let Name = "TEST_TMEM_COPY";
}

// Each atom's row: its first line, then the direction closing the second.
// CHECK:      {"atom.tmem_load", "atom_tmem_load",
// CHECK-NEXT: CopyDirection::TmemLoad},{{$}}
// CHECK:      {"atom.tmem_store", "atom_tmem_store",
// CHECK-NEXT: CopyDirection::TmemStore},{{$}}
// CHECK:      {"atom.s2t_copy", "atom_s2t_copy",
// CHECK-NEXT: CopyDirection::SmemToTmem},{{$}}
// CHECK:      {"atom.tmem_to_smem_copy", "atom_tmem_to_smem_copy",
// CHECK-NEXT: CopyDirection::None},{{$}}
// CHECK:      {"atom.test_tmem_copy", "test_tmem_copy",
// CHECK-NEXT: CopyDirection::TmemLoad},{{$}}
