//===- Diagnostics.td - Atom verifier diagnostics ----------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// The user-visible verifier diagnostics. Their strings are a contract that
// test suites match by string: they are kept byte for byte, including
// trailing spaces and the "get"/"gets" spellings. `{N}` slots are formatv
// placeholders.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Layout-shape verifier (all UMMA / SM90 / SM100 variants)
//===----------------------------------------------------------------------===//

def MmaLayoutMismatch     : CuteDiagnostic<"expects Mma atom layout of ">;
def MmaLayoutNotStatic    : CuteDiagnostic<"expects static and no scaled basis layout for">;

//===----------------------------------------------------------------------===//
// Element-type ladder (UMMA family)
//===----------------------------------------------------------------------===//

def MmaElementTypeA : CuteDiagnostic<"expects operand a with element type {0}, but get {1}.">;
def MmaElementTypeB : CuteDiagnostic<"expects operand b with element type {0}, but get {1}.">;
def MmaElementTypeC : CuteDiagnostic<"expects operand c with element type {0}, but get {1}.">;

//===----------------------------------------------------------------------===//
// Residency ladder (UMMA family)
//===----------------------------------------------------------------------===//

def UmmaResidencyA : CuteDiagnostic<"expects memref/smem_desc_view for operand A, but gets A:{0}.">;
def UmmaResidencyB : CuteDiagnostic<"expects smem_desc_view for operand B, but gets B: {0}.">;
def UmmaResidencyD : CuteDiagnostic<"expects memref for operand D, but gets D: {0}.">;

//===----------------------------------------------------------------------===//
// Layout composability (UMMA family)
//===----------------------------------------------------------------------===//

def UmmaInvalidLayout : CuteDiagnostic<"invalid layout of A/B/D. A: {0}, B: {1}, D:{2}">;
def UmmaNotAGemm      : CuteDiagnostic<"layoutA, layoutB and layoutD fail to form a gemm. A: {0}, B: {1}, D: {2}">;

// A descriptor operand checked against its variant: the tile it describes
// has the variant's extent, and its layout is canonical in the major the
// variant's transpose immediate issues (WGMMA: tnsp_a, tnsp_b).
def MmaDescriptorExtent : CuteDiagnostic<"'{0}' takes a {1} tile of operand {2}, but its descriptor describes {3}">;
def MmaDescriptorMajor  : CuteDiagnostic<"'{0}' reads operand {1} {2}-major, but its descriptor's tile is not a canonical {2}-major GMMA layout: {3} ({4})">;

//===----------------------------------------------------------------------===//
// Non-UMMA shared verifier (SM70 / 75 / 80 / 89)
//===----------------------------------------------------------------------===//

def MmaSameElementType  : CuteDiagnostic<"expects all mma operands to have element type">;
def MmaRmemInputs       : CuteDiagnostic<"expects rmem for input operands, but got A: ">;
def MmaOperandAType     : CuteDiagnostic<"expects operand a with element type ">;

//===----------------------------------------------------------------------===//
// Composed-layout rejection (tiled-copy / tiled-mma builders)
//===----------------------------------------------------------------------===//

def ComposedLayoutUnsupported : CuteDiagnostic<"doesn't support composed layout for ">;
def ComposedLayoutOperands    : CuteDiagnostic<"A/B/D, but got: A: {0}, B: {1}, D:{2}">;
def RankMismatchAB            : CuteDiagnostic<"expects A, B to have the same rank, but got A: ">;
def RankMismatchCD            : CuteDiagnostic<"expects C, D to have the same rank, but got C: ">;
def RankCOneOrTwo             : CuteDiagnostic<"expects C to have rank 1 or 2, but got C: ">;
def RankCTwoOrThree           : CuteDiagnostic<"expects C to have rank 2 or 3, but got C: ">;
def RankCThree                : CuteDiagnostic<"expects C to have rank 3, but got C: ">;

//===----------------------------------------------------------------------===//
// Copy vectorisation (also the only rejection of a bad cp.async width)
//===----------------------------------------------------------------------===//

def CopyVectorizeStrideOne   : CuteDiagnostic<"'{0}' cannot vectorize copy to {1} elements (static strides must be 1)">;
def CopyVectorizeStrideMatch : CuteDiagnostic<"'{0}' cannot vectorize copy to {1} elements (static strides must match)">;

//===----------------------------------------------------------------------===//
// Registry-level diagnostics (target gating, interface dispatch)
//===----------------------------------------------------------------------===//

def AtomTierExceedsTarget : CuteDiagnostic<"atom '{0}' requires tier {1}, which exceeds target {2}">;
def AtomFeatureMissing    : CuteDiagnostic<"atom '{0}' requires feature {1}, which target {2} lacks">;
def VariantFeatureMissing : CuteDiagnostic<"variant '{0}' of atom '{1}' requires feature {2}, which target {3} lacks">;
def AtomNoInterface       : CuteDiagnostic<"atom type does not implement a known cute_nvgpu interface">;
def AtomUnknownTarget     : CuteDiagnostic<"unknown target tier '{0}'">;
def AtomUnknownMnemonic   : CuteDiagnostic<"unknown atom '{0}'">;
def MmaIllegalLatticePoint : CuteDiagnostic<"atom '{0}' has no lattice point {1}">;
