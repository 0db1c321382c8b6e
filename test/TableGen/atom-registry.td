// RUN: cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include %s | FileCheck %s
// RUN: cute-tblgen -gen-atom-selectors -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=SEL %s
// RUN: cute-min-tblgen -gen-atom-diagnostics -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=DIAG %s
// RUN: cute-tblgen -gen-cuda-header -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=HDR %s
// RUN: cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include %s | FileCheck --check-prefix=DOCS %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR1 %s 2>&1 | FileCheck --check-prefix=ERROR1 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR2 %s 2>&1 | FileCheck --check-prefix=ERROR2 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR3 %s 2>&1 | FileCheck --check-prefix=ERROR3 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR4 %s 2>&1 | FileCheck --check-prefix=ERROR4 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR5 %s 2>&1 | FileCheck --check-prefix=ERROR5 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR6 %s 2>&1 | FileCheck --check-prefix=ERROR6 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR7 %s 2>&1 | FileCheck --check-prefix=ERROR7 %s
// RUN: not cute-tblgen -gen-cuda-header -I %cute_td -I %llvm_include -DERROR4 %s 2>&1 | FileCheck --check-prefix=ERROR4 %s
// RUN: not cute-tblgen -gen-atom-selectors -I %cute_td -I %llvm_include -DERROR8 %s 2>&1 | FileCheck --check-prefix=ERROR8 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR9 %s 2>&1 | FileCheck --check-prefix=ERROR9 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR10 %s 2>&1 | FileCheck --check-prefix=ERROR10 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR11 %s 2>&1 | FileCheck --check-prefix=ERROR11 %s
// RUN: not cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include -DERROR12 %s 2>&1 | FileCheck --check-prefix=ERROR12 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR13 %s 2>&1 | FileCheck --check-prefix=ERROR13 %s
// RUN: not cute-min-tblgen -gen-atom-diagnostics -I %cute_td -I %llvm_include -DERROR29 %s 2>&1 | FileCheck --check-prefix=ERROR29 %s
// RUN: not cute-min-tblgen -gen-atom-diagnostics -I %cute_td -I %llvm_include -DERROR30 %s 2>&1 | FileCheck --check-prefix=ERROR30 %s
// RUN: not cute-min-tblgen -gen-atom-diagnostics -I %cute_td -I %llvm_include -DERROR31 %s 2>&1 | FileCheck --check-prefix=ERROR31 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR14 %s 2>&1 | FileCheck --check-prefix=ERROR14 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR16 %s 2>&1 | FileCheck --check-prefix=ERROR16 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR17 %s 2>&1 | FileCheck --check-prefix=ERROR17 %s
// RUN: not cute-tblgen -gen-atom-selectors -I %cute_td -I %llvm_include -DERROR18 %s 2>&1 | FileCheck --check-prefix=ERROR18 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR19 %s 2>&1 | FileCheck --check-prefix=ERROR19 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR20 %s 2>&1 | FileCheck --check-prefix=ERROR20 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR21 %s 2>&1 | FileCheck --check-prefix=ERROR21 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR22 %s 2>&1 | FileCheck --check-prefix=ERROR22 %s
// RUN: not cute-tblgen -gen-atom-docs -I %cute_td -I %llvm_include -DERROR23 %s 2>&1 | FileCheck --check-prefix=ERROR23 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR24 %s 2>&1 | FileCheck --check-prefix=ERROR24 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR25 %s 2>&1 | FileCheck --check-prefix=ERROR25 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR26 %s 2>&1 | FileCheck --check-prefix=ERROR26 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR27 %s 2>&1 | FileCheck --check-prefix=ERROR27 %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DERROR28 %s 2>&1 | FileCheck --check-prefix=ERROR28 %s
// No -gen-* action is an error, not an empty output file.
// RUN: rm -f %t.noaction
// RUN: not cute-tblgen -I %cute_td -I %llvm_include %s -o %t.noaction 2>&1 | FileCheck --check-prefix=NOACTION %s
// RUN: not test -e %t.noaction
// NOACTION: cute-tblgen: error: no -gen-* action given (see --help)
// RUN: cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DCONTAINER %s | FileCheck --check-prefix=CONTAINER %s
// RUN: not cute-tblgen -gen-atom-registry -I %cute_td -I %llvm_include -DCONTAINER -DERROR15 %s 2>&1 | FileCheck --check-prefix=ERROR15 %s

// A small registry: two tiers, one feature, one MMA atom with a one-point
// lattice (a dense and a sparse variant of it), one copy atom and one copy
// atom that says why it has no variants.

include "CuteBase.td"
include "Vocabulary.td"

def FeatTest : TierFeature<"test_feature", "a feature only the child has">;

def t_root  : SmTier<80, "", 70>;
def t_child : SmTier<90, "t_root", 78, [FeatTest]>;

def TestDiag : CuteDiagnostic<"expects {0} but got {1} ", ["Want", "Got"]>;

def test_mma : CuteMmaAtom<"test.mma", "t_child", [MmaAtom], MmaSyncLowering> {
  let Features = [FeatTest];
  let Lattice = [MmaShapeRule<[16], [8], 256, [MmaTypes<F32, F16, F16, F32>]>,
                 MmaSparseShapeRule<[16], [8], 512, [MmaTypes<F32, F16, F16, F32>]>];
}
def : MmaVariant<test_mma, "TEST_16x8x16_F32F16F16F32_TN", 16, 8, 16,
                 MmaTypes<F32, F16, F16, F32>> {
  let Ptx = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  let Sel = NVVMIntrinsic<int_nvvm_mma_m16n8k16_row_col_f32_f32>;
  let ThrID = "32:1";
  let LayoutA = "((4,8),(2,2,2)):((32,1),(16,8,128))";
  let LayoutB = "((4,8),(2,2)):((16,1),(8,64))";
  let LayoutC = "((4,8),(2,2)):((32,1),(16,8))";
}
def : MmaVariant<test_mma, "TEST_SPARSE_16x8x32", 16, 8, 32,
                 MmaTypes<F32, F16, F16, F32>> {
  let Sparse = 1;
  let Ptx = "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32";
  let NoLayoutReason = "a test variant";
}

def test_copy : CuteCopyAtom<"atom.test_copy", "all", [CopyAtom, AsyncCopyAtom],
                             CpAsyncLowering, [gmem], [smem]>;
def : CopyVariant<test_copy, "TEST_COPY<uint32_t>", 32> {
  let Sel = InlinePtx<"cp.async.ca.shared.global [$dst], [$src], 4;">;
  let PtxOperands = [PtxSmem<"dst", 4>, PtxGmem<"src">, PtxRegConst<"zero", "b16", "0">];
  let NoLayoutReason = "a test copy";
}

def test_nocopy : CuteCopyAtom<"atom.test_nocopy", "t_child", [CopyAtom],
                               CpAsyncLowering, [tmem], [smem]> {
  let NoVariantReason = "no instruction does this";
}

// CHECK: enum class TierID : uint16_t {
// CHECK-NEXT:   t_root,
// CHECK-NEXT:   t_child,
// CHECK: enum class AtomID : uint16_t {
// CHECK-NEXT:   test_mma,
// CHECK-NEXT:   test_copy,
// CHECK: static const TierInfo TierTable[] = {
// CHECK-NEXT:   {"t_root", -1, -1, 80, 70, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000001ULL},
// CHECK-NEXT:   {"t_child", 0, -1, 90, 78, 0x0000000000000001ULL, 0x0000000000000001ULL, 0x0000000000000003ULL},
// CHECK: static const AtomInfo AtomTable[] = {
// CHECK-NEXT:   {"test.mma", "test_mma", AtomClass::Mma, 1, 0x00000001, 0x0000000000000001ULL, LoweringKindID::MmaSyncLowering,
// CHECK-NEXT:     "", "", "", "", "", "", "", 0, 2, "", "void", false, "", CopyDirection::None},
// CHECK-NEXT:   {"atom.test_copy", "test_copy", AtomClass::Copy, -1, 0x00000012,
// CHECK-NEXT:     "", "", "", "", "", "", "", 2, 1, "", "void", false, "", CopyDirection::None},
// An atom without variants carries its reason.
// CHECK-NEXT:   {"atom.test_nocopy", "test_nocopy", AtomClass::Copy,
// CHECK-NEXT:     "", "", "", "", "", "", "", {{[0-9]+}}, 0, "no instruction does this", "void", false, "", CopyDirection::None},
// CHECK: static const VariantInfo VariantTable[] = {
// Layouts are offsets into the layout pool (the comment spells them out).
// CHECK-NEXT:   {{[{][{][0-9]+[}]}}, 0, {0}, {{[{][0-9]+[}]}}, {1}, 16, 8, 16, {{.*}} // {"TEST_16x8x16_F32F16F16F32_TN", 0, "", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "32:1", 16, 8, 16, 1, 3, 3, 1, 1, false,
// CHECK-NEXT:    {{[{][{]3[}], [{]25[}], [{]45[}], [}]}}, {{.*}} // {"((4,8),(2,2,2)):((32,1),(16,8,128))", "((4,8),(2,2)):((16,1),(8,64))", "((4,8),(2,2)):((32,1),(16,8))", }
// CHECK-NEXT:    0x0000000000000000ULL, 0, {0}, {0}}, // 0x0000000000000000ULL, 0, "", none},
// A sparse lattice point says so (after its CTA count).
// CHECK-NEXT:   {"TEST_SPARSE_16x8x32", 0, {{.*}}, 16, 8, 32, 1, 3, 3, 1, 1, true,
// CHECK:        {"TEST_COPY<uint32_t>", 1,
// The call signatures: each parameter as the variant's operands bind it (a
// variant without operands uses none), variants that call alike sharing one
// run of the argument table.
// CHECK:      static const CallArgInfo CallArgTable[] = {
// CHECK-NEXT:   {{.*}} // {"d", "void *", "ptr", ArgPassing::Unused, "", 0, "", false, 0, "", "", 0, "", "", 0, -1, 1, false}, // TEST_16x8x16_F32F16F16F32_TN
// CHECK:        {{.*}} // {"dst", "void *", "ptr", ArgPassing::Memory, "", 0, "", false, 4, "shared", "buffer", 16, "", "", 0, -1, 1, false}, // TEST_COPY<uint32_t>
// CHECK-NEXT:   {{.*}} // {"src", "const void *", "ptr", ArgPassing::Memory, "", 0, "", false, 0, "global", "buffer", 16, "", "", 0, -1, 1, false}, // TEST_COPY<uint32_t>
// CHECK-NEXT:   {{.*}} // sentinel
// CHECK:      static const CallSignatureInfo CallSignatureTable[] = {
// CHECK-NEXT:   {0, 4, {{.*}} // {0, 4, "void", "void"}, // TEST_16x8x16_F32F16F16F32_TN
// CHECK-NEXT:   {0, 4, {{.*}} // {0, 4, "void", "void"}, // TEST_SPARSE_16x8x32
// CHECK-NEXT:   {4, 2, {{.*}} // {4, 2, "void", "void"}, // TEST_COPY<uint32_t>
// CHECK: static const uint16_t AtomsByInterfaceTable[] = {
// CHECK-NEXT:   /* MmaAtom */ 0,
// CHECK-NEXT:   /* CopyAtom */ 1,
// CHECK-NEXT:   /* PrefetchAtom */
// CHECK-NEXT:   /* TmaAtom */
// CHECK-NEXT:   /* AsyncCopyAtom */ 1,
// Gating: the root tier may only use the tier-generic copy.
// CHECK: static const uint16_t AtomsByTierTable[] = {
// CHECK-NEXT:   /* t_root */ 1,
// CHECK-NEXT:   /* t_child */ 0, 1,
// CHECK: static const NameIndexEntry AtomByMnemonic[] = {
// CHECK-NEXT:   {"atom.test_copy", 1},
// CHECK-NEXT:   {"atom.test_nocopy", 2},
// CHECK-NEXT:   {"test.mma", 0},
// The layout pool: word 0 is none's; then "32:1" (offset 1) and the TV
// layouts' shape and stride trees in preorder, a tuple as
// `INT64_MIN + 0, <count>`, then its elements.
// CHECK:      static constexpr int64_t RegistryLayoutWords[] = {
// CHECK-NEXT:   0, 32, 1, INT64_MIN + 0, 2, INT64_MIN + 0, 2, 4, 8, INT64_MIN + 0, 3, 2,

// The atoms' parameters, then each variant's PTX operands bound by name to
// them (-1: none).
// SEL:      static const AtomParamInfo AtomParamTable[] = {
// SEL-NEXT:   {"void *", "d"}, // test.mma
// SEL-NEXT:   {"const void *", "a"}, // test.mma
// SEL:        {"void *", "dst"}, // atom.test_copy
// SEL-NEXT:   {"const void *", "src"}, // atom.test_copy
// SEL:      static const uint32_t AtomParamOffsets[] = {0, 4, 6, 8};
// SEL:      static const PtxOperandInfo PtxOperandTable[] = {
// SEL-NEXT:   {"dst", PtxOperandKind::Shared, "b32", 4, "", 0, 0, -1, 1, false}, // TEST_COPY<uint32_t>
// SEL-NEXT:   {"src", PtxOperandKind::Global, "b64", 1, "", 1, 0, -1, 1, false}, // TEST_COPY<uint32_t>
// SEL-NEXT:   {"zero", PtxOperandKind::Reg, "b16", 1, "0", -1, 0, -1, 1, false}, // TEST_COPY<uint32_t>
// SEL:      static const SelectorInfo SelectorTable[] = {
// SEL-NEXT:   /* TEST_16x8x16_F32F16F16F32_TN */ {SelectorKind::Intrinsic, llvm::Intrinsic::nvvm_mma_m16n8k16_row_col_f32_f32, "llvm.nvvm.mma.m16n8k16.row.col.f32.f32", nullptr, 0, 0},
// SEL-NEXT:   /* TEST_SPARSE_16x8x32 */ {SelectorKind::None, 0, nullptr, nullptr, 0, 0},
// SEL-NEXT:   /* TEST_COPY<uint32_t> */ {SelectorKind::InlinePtx, 0, nullptr, "cp.async.ca.shared.global [$dst], [$src], 4;", 0, 3},

// DIAG: enum class DiagID : uint16_t {
// DIAG-NEXT:   TestDiag,
// DIAG: inline constexpr DiagnosticText DiagnosticTexts[] = {
// DIAG-NEXT:   {"TestDiag", "expects {0} but got {1} ", 2},
// DIAG: {"TestDiag", "expects {0} but got {1} "},

// HDR: #define CUTE_TIER_T_CHILD_ARCH 900
// HDR: /// test.mma (min tier t_child, needs test_feature): .
// HDR-NEXT: /// Interfaces: MmaAtom. 2 variant(s), e.g. "TEST_16x8x16_F32F16F16F32_TN".
// HDR-NEXT: CUTE_DEVICE void cute_nvgpu_test_mma(const char *variant, void *d, const void *a, const void *b, const void *c)
// HDR-NEXT:     __asm__("llvm.cute.nvgpu.test.mma");
// HDR-NOT: #endif
// HDR: CUTE_DEVICE void cute_nvgpu_test_copy(const char *variant, void *dst, const void *src)
// HDR-NEXT:     __asm__("llvm.cute.nvgpu.test_copy");
// HDR: /// Interfaces: CopyAtom. 0 variant(s):
// HDR-NEXT: ///   no instruction does this.
// HDR-NEXT: CUTE_DEVICE void cute_nvgpu_test_nocopy(

// DOCS: | `t_child` | `t_root` | — | 7.8 | test_feature | test_feature |
// DOCS: ### t_root
// DOCS-EMPTY:
// DOCS-NEXT: `atom.test_copy`
// DOCS: ### t_child
// DOCS-EMPTY:
// DOCS-NEXT: `test.mma`, `atom.test_copy`
// DOCS: ### `test.mma`
// DOCS: | `TEST_16x8x16_F32F16F16F32_TN` |  | `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32` |
// DOCS-NEXT: | `TEST_SPARSE_16x8x32` (sparse) |  | `mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32` |
// The call of each atom, from the variants' call signatures.
// DOCS:      Call: `void (ptr, ptr, ptr) @llvm.cute.nvgpu.test_copy(ptr @variant, ...)`, returning void.
// DOCS-EMPTY:
// DOCS-NEXT: | Argument | C type | IR type | Passed as (variants) |
// DOCS-NEXT: |---|---|---|---|
// DOCS-NEXT: | `dst` | `void *` | `ptr` | shared memory: buffer, 4 bytes, 16-byte aligned |
// DOCS-NEXT: | `src` | `const void *` | `ptr` | global memory: buffer, 16-byte aligned |
// DOCS: ### `atom.test_nocopy`
// DOCS: - Intrinsic: `llvm.cute.nvgpu.test_nocopy`
// DOCS-NEXT: - No variants: no instruction does this

#ifdef ERROR1
// A misspelt interface is a TableGen error at the use.
// ERROR1: [[@LINE+1]]:{{[0-9]+}}: error: Variable not defined: 'MmaAtm'
def bad_iface : CuteMmaAtom<"bad.mma", "t_root", [MmaAtm], MmaSyncLowering>;
#endif

#ifdef ERROR2
// ERROR2: [[@LINE+1]]:{{[0-9]+}}: error: tier 'cyc_a' is part of a parent cycle: cyc_a -> cyc_b -> cyc_a
def cyc_a : SmTier<100, "cyc_b", 80>;
def cyc_b : SmTier<100, "cyc_a", 80>;
#endif

#ifdef ERROR3
// ERROR3: [[@LINE+1]]:{{[0-9]+}}: error: atom 'bad.mma' has unknown min tier 'sm_85'
def bad_tier : CuteMmaAtom<"bad.mma", "sm_85", [MmaAtom], MmaSyncLowering>;
#endif

#ifdef ERROR4
// ERROR4: [[@LINE+1]]:{{[0-9]+}}: error: illegal lattice point 16x8x12 F32F16F16F32 for atom 'test.mma' (variant 'TEST_16x8x12')
def : MmaVariant<test_mma, "TEST_16x8x12", 16, 8, 12, MmaTypes<F32, F16, F16, F32>>;
#endif

#ifdef ERROR5
// ERROR5: [[@LINE+3]]:{{[0-9]+}}: error: duplicate atom mnemonic 'test.mma'
// ERROR5: note: previous definition here
// ERROR5-NEXT: def test_mma
def test_mma_again : CuteMmaAtom<"test.mma", "t_root", [MmaAtom], MmaSyncLowering>;
#endif

#ifdef ERROR6
// ERROR6: [[@LINE+1]]:{{[0-9]+}}: error: tier 'orphan' has unknown parent tier 'sm_999'
def orphan : SmTier<100, "sm_999", 80>;
#endif

#ifdef ERROR7
// ERROR7: [[@LINE+1]]:{{[0-9]+}}: error: duplicate variant name 'TEST_COPY<uint32_t>'
def : CopyVariant<test_copy, "TEST_COPY<uint32_t>", 32>;
#endif

#ifdef ERROR8
// Selectors bind to intrinsic records: a misspelt one does not parse.
// ERROR8: [[@LINE+2]]:{{[0-9]+}}: error: Variable not defined: 'int_nvvm_mma_m16n8k16_row_col_f32_f33'
def : CopyVariant<test_copy, "TEST_COPY<uint64_t>", 64> {
  let Sel = NVVMIntrinsic<int_nvvm_mma_m16n8k16_row_col_f32_f33>;
}
#endif

#ifdef ERROR9
// TV layouts are never missing by omission: all three, or a reason.
// ERROR9: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_COPY<uint16_t>' has 1 of its 3 TV layouts and no NoLayoutReason
def : CopyVariant<test_copy, "TEST_COPY<uint16_t>", 16> {
  let SrcLayout = "(1,16):(0,1)";
}
#endif

#ifdef ERROR10
// ERROR10: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_COPY<uint16_t>' has TV layouts and a NoLayoutReason
def : CopyVariant<test_copy, "TEST_COPY<uint16_t>", 16> {
  let SrcLayout = "(1,16):(0,1)";
  let DstLayout = SrcLayout;
  let RefLayout = SrcLayout;
  let NoLayoutReason = "none";
}
#endif

#ifdef ERROR11
// Variants are never missing by omission either: some, or a reason.
// ERROR11: [[@LINE+1]]:{{[0-9]+}}: error: atom 'atom.test_bare' has no variants and no NoVariantReason
def test_bare : CuteCopyAtom<"atom.test_bare", "all", [CopyAtom],
                             CpAsyncLowering, [gmem], [smem]>;
#endif

#ifdef ERROR12
// ERROR12: [[@LINE+1]]:{{[0-9]+}}: error: atom 'atom.test_both' has 1 variant(s) and a NoVariantReason
def test_both : CuteCopyAtom<"atom.test_both", "all", [CopyAtom],
                             CpAsyncLowering, [gmem], [smem]> {
  let NoVariantReason = "none, supposedly";
}
def : CopyVariant<test_both, "TEST_BOTH", 32> {
  let NoLayoutReason = "a test copy";
}
#endif

#ifdef ERROR13
// A sparse point lies on a sparse rule, a dense one on a dense rule.
// ERROR13: [[@LINE+1]]:{{[0-9]+}}: error: illegal lattice point 16x8x16 F32F16F16F32 sparse for atom 'test.mma' (variant 'TEST_SPARSE_16x8x16')
def : MmaVariant<test_mma, "TEST_SPARSE_16x8x16", 16, 8, 16, MmaTypes<F32, F16, F16, F32>> {
  let Sparse = 1;
  let NoLayoutReason = "a test variant";
}
#endif

#ifdef ERROR14
// ERROR14: [[@LINE+1]]:{{[0-9]+}}: error: illegal lattice point 16x8x32 F32F16F16F32 for atom 'test.mma' (variant 'TEST_16x8x32')
def : MmaVariant<test_mma, "TEST_16x8x32", 16, 8, 32, MmaTypes<F32, F16, F16, F32>> {
  let NoLayoutReason = "a test variant";
}
#endif

#ifdef CONTAINER
// A container rule: FP4 values in bytes, so K = 256 / 8 = 32, not 256 / 4.
def test_f8f6f4 : CuteMmaAtom<"test.f8f6f4", "t_child", [MmaAtom], MmaSyncLowering> {
  let Lattice = [MmaContainerShapeRule<[16], [8], 256, 8,
                                       [MmaTypes<F32, E2M1, E3M2, F32>]>];
}
// CONTAINER: {"TEST_F8F6F4_16x8x32", {{[0-9]+}}, "", "", none, 16, 8, 32,
def : MmaVariant<test_f8f6f4, "TEST_F8F6F4_16x8x32", 16, 8, 32,
                 MmaTypes<F32, E2M1, E3M2, F32>> {
  let NoLayoutReason = "a test variant";
}
#endif

#ifdef ERROR15
// ERROR15: [[@LINE+1]]:{{[0-9]+}}: error: illegal lattice point 16x8x64 F32E2M1E3M2F32 for atom 'test.f8f6f4' (variant 'TEST_F8F6F4_16x8x64')
def : MmaVariant<test_f8f6f4, "TEST_F8F6F4_16x8x64", 16, 8, 64,
                 MmaTypes<F32, E2M1, E3M2, F32>> {
  let NoLayoutReason = "a test variant";
}
#endif

#ifdef ERROR16
// A TV layout that is not CuTe notation.
// ERROR16: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_COPY_BAD_LAYOUT': SrcLayout '((((1' is not a layout:
def : CopyVariant<test_copy, "TEST_COPY_BAD_LAYOUT", 32> {
  let Sel = InlinePtx<"cp.async.ca.shared.global [$dst], [$src], 4;">;
  let PtxOperands = [PtxSmem<"dst", 4>, PtxGmem<"src">];
  let SrcLayout = "((((1";
  let DstLayout = "(1,32):(0,1)";
  let RefLayout = "(1,32):(0,1)";
}
#endif

#ifdef ERROR17
// A PTX template naming an operand no PtxOperand describes.
// ERROR17: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_COPY_BAD_OPERAND': PTX statement 'cp.async.ca.shared.global [$dst], [$srcx], 4;' names unknown operand '$srcx'
def : CopyVariant<test_copy, "TEST_COPY_BAD_OPERAND", 32> {
  let Sel = InlinePtx<"cp.async.ca.shared.global [$dst], [$srcx], 4;">;
  let PtxOperands = [PtxSmem<"dst", 4>, PtxGmem<"src">];
  let NoLayoutReason = "a test copy";
}
#endif

#ifdef ERROR18
// A runaway register count (20 million) is an error, not a 200 MB table.
// ERROR18: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_COPY_HUGE': PTX operand 'v' of kind 'regs' has count 20000000 (expected 1 to 256)
def : CopyVariant<test_copy, "TEST_COPY_HUGE", 32> {
  let Sel = InlinePtx<"ld.shared.v4.b32 {$v}, [$src];">;
  let PtxOperands = [PtxRegs<"v", "b32", 20000000>, PtxSmem<"src", 16>];
  let NoLayoutReason = "a test copy";
}
#endif

#ifdef ERROR19
// ERROR19: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_COPY_BAD_KIND': PTX operand 'v' has unknown kind 'register'
def : CopyVariant<test_copy, "TEST_COPY_BAD_KIND", 32> {
  let Sel = InlinePtx<"ld.shared.b32 $v, [$src];">;
  let PtxOperands = [PtxOperand<"v", "register", "b32", 1>, PtxSmem<"src", 4>];
  let NoLayoutReason = "a test copy";
}
#endif

#ifdef ERROR20
// A parent whose target needs a newer PTX ISA than its child's.
// ERROR20: [[@LINE+1]]:{{[0-9]+}}: error: tier 'old_child' needs PTX ISA 7.5, older than its parent 't_child' (7.8)
def old_child : SmTier<95, "t_child", 75>;
#endif

#ifdef ERROR21
// ERROR21: [[@LINE+1]]:{{[0-9]+}}: error: tier 'fam_a' has unknown family tier 'fam_f'
def fam_a : SmTier<90, "t_root", 80, [], "fam_f">;
#endif

#ifdef ERROR22
// The family must be a family tier of the same version and parent.
// ERROR22: [[@LINE+1]]:{{[0-9]+}}: error: tier 'fam_a' names 't_child' as its family, which is not a family tier of the same version and parent
def fam_a : SmTier<95, "t_root", 80, [], "t_child">;
#endif

#ifdef ERROR23
// A register operand of an atom lowered through one intrinsic call must
// bind to a parameter of the same name (or carry its own value).
// ERROR23: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_UNBOUND': PTX operand 'sfa' binds to no parameter of atom 'test.mma' (parameters: d, a, b, c)
def : MmaVariant<test_mma, "TEST_UNBOUND", 16, 8, 16, MmaTypes<F32, F16, F16, F32>> {
  let Ptx = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  let PtxAsm = Ptx # " {$d}, {$a}, {$b}, {$c}, $sfa;";
  let PtxOperands = [PtxRegs<"d", "f32", 4>, PtxRegs<"a", "b32", 4>,
                     PtxRegs<"b", "b32", 2>, PtxRegs<"c", "f32", 4>,
                     PtxReg<"sfa", "b32">];
  let NoLayoutReason = "test";
}
#endif

#ifdef ERROR24
// A variant family is resolved by the call's trailing operands: its atom
// must take some.
// ERROR24: [[@LINE+1]]:{{[0-9]+}}: error: variant family 'TEST_COPY': atom 'atom.test_copy' takes no trailing operands to choose a member by
def : CopyVariant<test_copy, "TEST_COPY<uint8_t>", 8> {
  let Family = "TEST_COPY";
  let NoLayoutReason = "test";
}
#endif

#ifdef ERROR25
// A family name must not also name a variant.
// ERROR25: [[@LINE+1]]:{{[0-9]+}}: error: variant family 'TEST_COPY<uint32_t>' is also a variant name
def : CopyVariant<test_copy, "TEST_COPY<uint8_t>", 8> {
  let Family = "TEST_COPY<uint32_t>";
  let NoLayoutReason = "test";
}
#endif

#ifdef ERROR26
// An immediate the call supplies states its legal values.
def test_imm : CuteCopyAtom<"atom.test_imm", "all", [CopyAtom], SyncLowering,
                            [rmem], [rmem]> {
  let Params = [AtomParam<"unsigned", "n">];
}
// ERROR26: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_IMM': immediate 'n' states no range (PtxImmArgIn, or a RangeCheck record of its atom)
def : CopyVariant<test_imm, "TEST_IMM", 0> {
  let PtxAsm = "cp.async.wait_group $n;";
  let PtxOperands = [PtxImmArg<"n", "0">];
  let NoLayoutReason = "a test immediate";
}
#endif

#ifdef ERROR27
// A memory operand states an alignment a front end can give its object.
// ERROR27: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_COPY_ALIGN': memory operand 'dst' has alignment 3, not a power of two
def : CopyVariant<test_copy, "TEST_COPY_ALIGN", 32> {
  let Sel = InlinePtx<"cp.async.ca.shared.global [$dst], [$src], 4;">;
  let PtxOperands = [PtxSmem<"dst", 4, 3>, PtxGmem<"src">];
  let NoLayoutReason = "a test copy";
}
#endif

#ifdef ERROR28
// A register list the call sizes is counted by an integer parameter.
def test_fence : CuteCopyAtom<"atom.test_fence", "all", [CopyAtom],
                              WgmmaSyncLowering, [rmem], [rmem]> {
  let Params = [AtomParam<"void *", "frag">, AtomParam<"void *", "count">];
}
// ERROR28: [[@LINE+1]]:{{[0-9]+}}: error: variant 'TEST_FENCE': the registers of 'frag' are counted by 'count', which is not an integer parameter
def : CopyVariant<test_fence, "TEST_FENCE", 0> {
  let PtxOperands = [PtxRegsCountedBy<"frag", "b32", "count", 255>];
  let NoLayoutReason = "a test fence";
}
#endif

#ifdef ERROR29
// A diagnostic names an argument for each of its slots...
// ERROR29: [[@LINE+1]]:{{[0-9]+}}: error: diagnostic 'TestDiagSlots' uses slot {1} but names 1 argument(s)
def TestDiagSlots : CuteDiagnostic<"'{0}' is not '{1}'", ["Got"]>;
#endif

#ifdef ERROR30
// ...and uses each argument it names.
// ERROR30: [[@LINE+1]]:{{[0-9]+}}: error: diagnostic 'TestDiagUnused' never uses its argument 'Want'
def TestDiagUnused : CuteDiagnostic<"'{0}' is wrong", ["Got", "Want"]>;
#endif

#ifdef ERROR31
// A literal brace is doubled.
// ERROR31: [[@LINE+1]]:{{[0-9]+}}: error: diagnostic 'TestDiagBrace' has a malformed slot '{x' (a literal brace is '{{[{][{]}}')
def TestDiagBrace : CuteDiagnostic<"expected {x}", []>;
#endif
