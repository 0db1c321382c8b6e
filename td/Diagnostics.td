//===- Diagnostics.td - Every user-facing message ----------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// Every user-facing message of lib/, tools/ and TableGen/: code names a
// record (`diag(DiagID::Name, Args...)`, CuteLLVM/Support/Diagnostics.h)
// and never writes a message inline (test/Lint/no-inline-messages.test).
// Each text is a formatv template whose `{N}` slots are the record's
// arguments, named in order; the texts are kept byte for byte (tests match
// them), including trailing spaces and the "get"/"gets" spellings of the
// verifier diagnostics.
//
//===----------------------------------------------------------------------===//

// The atom verifier's diagnostics, a contract with the CuTe IR compiler's:
// each one is matched verbatim by a test.
let Contract = 1 in {

//===----------------------------------------------------------------------===//
// Layout-shape verifier (all UMMA / SM90 / SM100 variants)
//===----------------------------------------------------------------------===//

def MmaLayoutMismatch     : CuteDiagnostic<"expects Mma atom layout of ">;
def MmaLayoutNotStatic    : CuteDiagnostic<"expects static and no scaled basis layout for">;

//===----------------------------------------------------------------------===//
// Element-type ladder (UMMA family)
//===----------------------------------------------------------------------===//

def MmaElementTypeA : CuteDiagnostic<"expects operand a with element type {0}, but get {1}.",
    ["Want", "Got"]>;
def MmaElementTypeB : CuteDiagnostic<"expects operand b with element type {0}, but get {1}.",
    ["Want", "Got"]>;
def MmaElementTypeC : CuteDiagnostic<"expects operand c with element type {0}, but get {1}.",
    ["Want", "Got"]>;

//===----------------------------------------------------------------------===//
// Residency ladder (UMMA family)
//===----------------------------------------------------------------------===//

def UmmaResidencyA : CuteDiagnostic<"expects memref/smem_desc_view for operand A, but gets A:{0}.",
    ["Operand"]>;
def UmmaResidencyB : CuteDiagnostic<"expects smem_desc_view for operand B, but gets B: {0}.",
    ["Operand"]>;
def UmmaResidencyD : CuteDiagnostic<"expects memref for operand D, but gets D: {0}.",
    ["Operand"]>;

//===----------------------------------------------------------------------===//
// Layout composability (UMMA family)
//===----------------------------------------------------------------------===//

def UmmaInvalidLayout : CuteDiagnostic<"invalid layout of A/B/D. A: {0}, B: {1}, D:{2}",
    ["LayoutA", "LayoutB", "LayoutD"]>;
def UmmaNotAGemm : CuteDiagnostic<"layoutA, layoutB and layoutD fail to form a gemm. A: {0}, B: {1}, D: {2}",
    ["LayoutA", "LayoutB", "LayoutD"]>;

// A descriptor operand checked against its variant: the tile it describes
// has the variant's extent, and its layout is canonical in the major the
// variant's transpose immediate issues (WGMMA: tnsp_a, tnsp_b).
def MmaDescriptorExtent : CuteDiagnostic<"'{0}' takes a {1} tile of operand {2}, but its descriptor describes {3}",
    ["Variant", "Tile", "Operand", "Described"]>;
def MmaDescriptorMajor : CuteDiagnostic<"'{0}' reads operand {1} {2}-major, but its descriptor's tile is not a canonical {2}-major GMMA layout: {3} ({4})",
    ["Variant", "Operand", "Major", "Layout", "Why"]>;

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
def ComposedLayoutOperands : CuteDiagnostic<"A/B/D, but got: A: {0}, B: {1}, D:{2}",
    ["LayoutA", "LayoutB", "LayoutD"]>;
def RankMismatchAB            : CuteDiagnostic<"expects A, B to have the same rank, but got A: ">;
def RankMismatchCD            : CuteDiagnostic<"expects C, D to have the same rank, but got C: ">;
def RankCOneOrTwo             : CuteDiagnostic<"expects C to have rank 1 or 2, but got C: ">;
def RankCTwoOrThree           : CuteDiagnostic<"expects C to have rank 2 or 3, but got C: ">;
def RankCThree                : CuteDiagnostic<"expects C to have rank 3, but got C: ">;

//===----------------------------------------------------------------------===//
// Copy vectorisation (also the only rejection of a bad cp.async width)
//===----------------------------------------------------------------------===//

def CopyVectorizeStrideOne : CuteDiagnostic<"'{0}' cannot vectorize copy to {1} elements (static strides must be 1)",
    ["Op", "NumElements"]>;
def CopyVectorizeStrideMatch : CuteDiagnostic<"'{0}' cannot vectorize copy to {1} elements (static strides must match)",
    ["Op", "NumElements"]>;

//===----------------------------------------------------------------------===//
// Registry-level diagnostics (target gating, interface dispatch)
//===----------------------------------------------------------------------===//

def AtomTierExceedsTarget : CuteDiagnostic<"atom '{0}' requires tier {1}, which exceeds target {2}",
    ["Atom", "Tier", "Target"]>;
def AtomFeatureMissing : CuteDiagnostic<"atom '{0}' requires feature {1}, which target {2} lacks",
    ["Atom", "Feature", "Target"]>;
def VariantFeatureMissing : CuteDiagnostic<"variant '{0}' of atom '{1}' requires feature {2}, which target {3} lacks",
    ["Variant", "Atom", "Feature", "Target"]>;
def AtomNoInterface       : CuteDiagnostic<"atom type does not implement a known cute_nvgpu interface">;
def AtomUnknownTarget : CuteDiagnostic<"unknown target tier '{0}'",
    ["Tier"]>;
def AtomUnknownMnemonic : CuteDiagnostic<"unknown atom '{0}'",
    ["Atom"]>;
def MmaIllegalLatticePoint : CuteDiagnostic<"atom '{0}' has no lattice point {1}",
    ["Atom", "Variant"]>;

} // let Contract = 1
//===----------------------------------------------------------------------===//
// Messages of lib/, tools/ and TableGen/
//
// One section a source file, in the order of the layers. Each record is
// a formatv template and the names of its arguments, in slot order.
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Layout library (lib/Layout): notation, algebra, operations
//===----------------------------------------------------------------------===//

//===--- lib/Layout/AccLayouts.cpp ---===//
def ExpectsStaticPartition : CuteDiagnostic<"{0} expects a static partition, but got {1}",
    ["Op", "L"]>;
def PartitionStrideNotTileStep : CuteDiagnostic<"{0}: stride {1} of the partition {2} is not a step in the (M,N) tile",
    ["Op", "Stride", "L"]>;
def PartitionOffsetNotTileCoord : CuteDiagnostic<"{0}: offset {1} of the partition is not a coordinate of the (M,N) tile",
    ["Op", "Offset"]>;
def ExpectsStaticMN : CuteDiagnostic<"{0} expects a static (M,N) tile, but got {1}",
    ["Op", "Tile"]>;
def ExpectsTileMultiple : CuteDiagnostic<"{0} expects a tile that is a multiple of the ({1},{2}) tile of {3}, but got {4}",
    ["Op", "Want", "Want2", "Which", "Tile"]>;
def AccumulatorPartitionMode : CuteDiagnostic<"{0}: the accumulator partition {1} has a mode of extent {2} with stride 0 (a value held twice)",
    ["Op", "L", "Extent"]>;
def AccumulatorPartitionModeExtent : CuteDiagnostic<"{0}: the accumulator partition {1} has a mode of extent {2} that moves along rows and columns at once ({3}@0 + {4}@1)",
    ["Op", "L", "Extent", "M", "N"]>;
def ThreadsHoldExactly : CuteDiagnostic<"{0}: the threads that hold exactly thread {1}'s rows of the accumulator are {2}, not {{{1} ^ x : 0 <= x < G} for a power of two G: a row is not reduced by xor shuffles",
    ["Op", "Thread", "H"]>;
def ThreadRowsAccumulator : CuteDiagnostic<"{0}: thread 0's rows of the accumulator are held by {1} threads, but thread {2}'s by {3}",
    ["Op", "NumThreads", "Thread", "Size"]>;
def EachRowAccumulator : CuteDiagnostic<"{0}: each row of the accumulator is held by {1} threads, more than a warp's 32 (xor shuffles do not reach them)",
    ["Op", "NumThreads"]>;
def ExpectsTiledMMAsSame : CuteDiagnostic<"{0} expects TiledMMAs of the same thread count, but {1} has {2} threads and {3} has {4}",
    ["Op", "NameC", "NumThr", "NameA", "NumThr2"]>;
def AccumulatorCannotOperand : CuteDiagnostic<"{0}: the accumulator of {1} cannot be the A operand of {2} without exchanging values between threads: thread {3} holds A element ({4},{5}) but not as an accumulator",
    ["Op", "NameC", "NameA", "Thread", "M", "N"]>;
def AccumulatorOperandDiffers : CuteDiagnostic<"{0}: the accumulator of {1} as the A operand of {2} differs between threads: A value {3} is accumulator {4} in thread 0 but {5} in thread {6}",
    ["Op", "NameC", "NameA", "Value", "I2", "I3", "Thread"]>;
def NoPermutationKMakes : CuteDiagnostic<"{0}: no permutation of K makes the accumulator of {1} the A operand of {2}: thread {3} holds {4} of row {5} but no {6} of it (rows would have to move between threads)",
    ["Op", "NameC", "NameA", "Thread", "Has", "Row", "Lacks"]>;
def NoPermutationKMakesAccumulator : CuteDiagnostic<"{0}: no permutation of K makes the accumulator of {1} the A operand of {2}: thread {3} holds {4} accumulators of row {5} but {6} A values of it",
    ["Op", "NameC", "NameA", "Thread", "NumCols", "Row", "NumKs"]>;
def NoPermutationKMakesAccumulatorOperand : CuteDiagnostic<"{0}: no one permutation of K makes the accumulator of {1} the A operand of {2}: matched in register order, A column {3} is accumulator column {4} in thread {5}'s row {6} but {7} in thread {8}'s row {9}",
    ["Op", "NameC", "NameA", "Column", "Column2", "Thread", "Row", "N", "Thread2", "Row2"]>;
def NoThreadHoldsColumn : CuteDiagnostic<"{0}: no thread holds A column {1} of the tile",
    ["Op", "Column"]>;
def MatchingAccumulatorOperand : CuteDiagnostic<"{0}: matching the accumulator of {1} to the A operand of {2} in register order is no permutation of K: A columns {3} and {4} are both accumulator column {5}",
    ["Op", "NameC", "NameA", "Pre", "Kc", "Column"]>;
def MatchingAccumulatorOperandRegister : CuteDiagnostic<"{0}: matching the accumulator of {1} to the A operand of {2} in register order permutes K, but {3}",
    ["Op", "NameC", "NameA", "Perm"]>;
def OperandUnderPermutation : CuteDiagnostic<"{0} (it is the A operand under a permutation of K that the B operand's rows can follow: convert_layout_acc_Aregs_permuted)",
    ["View"]>;

//===--- lib/Layout/Algebra.cpp ---===//
def ProfileMoreModesLayout : CuteDiagnostic<"profile {0} has more modes than layout {1}",
    ["Profile", "Layout"]>;
def ScaledBasisOutRange : CuteDiagnostic<"scaled basis @{0} is out of range for {1}",
    ["I", "T"]>;
def CompositionCannotDecide : CuteDiagnostic<"composition: cannot decide statically whether the dynamic stride {0} of the right-hand layout is divisible by the extent {1} of mode {2} of the left-hand layout (coalesce it first, or make the stride static)",
    ["AbsRest", "CurrShape", "Mode"]>;
def CompositionModeLeft : CuteDiagnostic<"composition: mode {0} of the left-hand layout has the non-positive extent {1}",
    ["Mode", "Extent"]>;
def CompositionStrideNotDivisible : CuteDiagnostic<"composition: stride {0} is not divisible by the extent {1} of mode {2} of the left-hand layout",
    ["Stride", "Extent", "Mode"]>;
def CompositionStrideNotDividing : CuteDiagnostic<"composition: stride {0} does not divide the extent {1} of mode {2} of the left-hand layout, and the {3} elements of the right-hand mode do not fit inside it",
    ["Stride", "Extent", "Mode", "RestShape"]>;
def CompositionLeftHand : CuteDiagnostic<"composition: the left-hand layout is empty">;
def CompositionIntegerOverflow : CuteDiagnostic<"composition: integer overflow: stride {0} has no 64-bit magnitude",
    ["AbsRest"]>;
def CompositionExtentRight : CuteDiagnostic<"composition: the extent {0} of the right-hand mode is not divisible by {1}, the part that mode {2} of the left-hand layout holds",
    ["RestShape", "NewShape", "Mode"]>;
def CompositionONoLayout : CuteDiagnostic<"composition: {0} o {1} has no layout form: the modes of the right-hand layout cross a mode boundary of the left-hand one (at {2}: A(B({2})) = {3})",
    ["A", "B", "I", "AI"]>;
def CompositionTilerMore : CuteDiagnostic<"composition: tiler {0} has more modes than layout {1}",
    ["Tiler", "Layout"]>;
def ComplementLayoutMode : CuteDiagnostic<"complement: layout {0} has a mode of stride {1} after a mode of dynamic extent, so its modes cannot be shown to nest",
    ["Layout", "MinStride"]>;
def ComplementLayoutSpans : CuteDiagnostic<"complement: layout {0} spans a non-positive or overflowing extent",
    ["Layout"]>;
def ComplementNotInjective : CuteDiagnostic<"complement: layout {0} is not injective or its modes interleave (stride {1} is not a multiple of {2})",
    ["Layout", "MinStride", "Last"]>;
def ComplementDynamicStrides : CuteDiagnostic<"complement of {0}: dynamic strides are only supported for rank-1 layouts",
    ["L"]>;
def ExpectsScaledBasis : CuteDiagnostic<"{0} expects scaled-basis or zero strides, but got {1}",
    ["Op", "L"]>;
def ComplementScaledBasis : CuteDiagnostic<"complement of {0}: scaled-basis strides must be static",
    ["L"]>;
def RightInverseScaled : CuteDiagnostic<"right_inverse: the scaled bases of {0} do not form a codomain",
    ["L"]>;
def LeftInverseExpects : CuteDiagnostic<"left_inverse expects static strides, but got {0}",
    ["L"]>;
def LeftInverseStrideLayout : CuteDiagnostic<"left_inverse: stride {0} of layout {1} is not divisible by {2} (the layout is not injective)",
    ["Stride", "Layout", "Size"]>;

//===--- lib/Layout/ComposedLayout.cpp ---===//
def SwizzleSliceCoordinate : CuteDiagnostic<"swizzle slice: coordinate {0} is not congruent with {1}",
    ["Natural", "L"]>;
def SwizzleSliceModeNotPowerOfTwo : CuteDiagnostic<"swizzle slice: mode {0}:{1} of {2} is not a static power-of-two mode",
    ["Mode", "I2", "L"]>;
def SwizzleSliceModeBitRange : CuteDiagnostic<"swizzle slice: mode {0}:{1} of {2} does not cover a power-of-two range of bits",
    ["Extent", "Stride", "L"]>;
def AppliesIntegerGives : CuteDiagnostic<"{0} applies to an integer, but {1} gives {2}",
    ["InnerSwizzle", "Outer", "Idx"]>;
def SwizzleSliceOffset : CuteDiagnostic<"swizzle slice: offset {0} is not an integer",
    ["AntiOffset"]>;
def SwizzleNeedsShiftBits : CuteDiagnostic<"{0}: a swizzle needs |shift| >= bits",
    ["Sw"]>;
def SliceExpectsCoordinate : CuteDiagnostic<"slice expects a coordinate with at least one '_', but got {0}",
    ["Crd"]>;
def GMMALayoutAtomElement : CuteDiagnostic<"a GMMA layout atom's element width divides 128 bits, not {0}",
    ["ElementBits"]>;
def GMMALayoutAtomUnits : CuteDiagnostic<"a GMMA layout atom is 1, 2, 4 or 8 units of 128 bits wide, not {0}",
    ["SwizzleWidth"]>;

//===--- lib/Layout/Int.cpp ---===//
def IntOverflow : CuteDiagnostic<"{0} {1} {2} does not fit in 64 bits",
    ["A", "Sym", "B"]>;
def IntShiftOverflow : CuteDiagnostic<"{0} * 2^{1} does not fit in 64 bits",
    ["A", "Shift"]>;

//===--- lib/Layout/IntTuple.cpp ---===//
def ShapeDivZero : CuteDiagnostic<"shape_div by zero: {0} / {1}",
    ["X", "Y"]>;
def ShapeDivExpectsDivide : CuteDiagnostic<"shape_div expects one of {0} and {1} to divide the other",
    ["X", "Y"]>;
def ShapeDivExpectsOperands : CuteDiagnostic<"shape_div expects operands of equal rank, but got {0} and {1}",
    ["A", "B"]>;
def ShapeDivExpectsIntegers : CuteDiagnostic<"shape_div expects integers, but got {0} and {1}",
    ["A", "B"]>;
def CeilDivExpectsDivisor : CuteDiagnostic<"ceil_div expects the divisor {0} to have at most the rank of {1}",
    ["Divisor", "A"]>;
def CeilDivZero : CuteDiagnostic<"ceil_div by zero: {0} / {1}",
    ["A", "B"]>;
def Crd2idxExpectsCoordinate : CuteDiagnostic<"crd2idx expects coordinate {0} to be compatible with shape {1}",
    ["Crd", "Shape"]>;
def Crd2idxExpectsInteger : CuteDiagnostic<"crd2idx expects an integer coordinate, but got _">;
def Crd2idxExpectsIntegerCoordinate : CuteDiagnostic<"crd2idx expects an integer coordinate, but got {0}",
    ["Crd"]>;
def Crd2idxExpectsStride : CuteDiagnostic<"crd2idx expects stride {0} to be congruent with shape {1}",
    ["Stride", "Shape"]>;
def Crd2idxExpectsShape : CuteDiagnostic<"crd2idx expects a shape and a stride without '_', but got {0} and {1}",
    ["Shape", "Stride"]>;
def Crd2idxExpectsCongruent : CuteDiagnostic<"crd2idx expects congruent shape and stride, but got {0} and {1}",
    ["Shape", "Stride"]>;
def CannotAddIndex : CuteDiagnostic<"cannot add index {0} and {1}",
    ["Index", "B"]>;
def Idx2crdExpectsIndex : CuteDiagnostic<"idx2crd expects index {0} to be congruent with shape {1}",
    ["Idx", "Shape"]>;
def Idx2crdExpectsStride : CuteDiagnostic<"idx2crd expects stride {0} to have the rank of shape {1}",
    ["Stride", "Shape"]>;
def Idx2crdExpectsInteger : CuteDiagnostic<"idx2crd expects an integer index, but got {0}",
    ["Idx"]>;
def Idx2crdExpectsCongruent : CuteDiagnostic<"idx2crd expects congruent shape and stride, but got {0} and {1}",
    ["Shape", "Stride"]>;
def Idx2crdExpectsIntegerStride : CuteDiagnostic<"idx2crd expects an integer stride, but got {0}",
    ["Stride"]>;

//===--- lib/Layout/Layout.cpp ---===//
def ExpectsPositiveExtents : CuteDiagnostic<"{0} expects {1} of positive extents, but got {2} (extent {3})",
    ["Op", "What", "Shape", "Extent"]>;
def MakeLayoutExpectsCongruent : CuteDiagnostic<"make_layout expects congruent shape and stride, but got {0} and {1}",
    ["Shape", "Stride"]>;
def ExpectsOrderCongruent : CuteDiagnostic<"expects order {0} to be congruent with shape {1}",
    ["Order", "Shape"]>;
def ExpectsIntegerOrder : CuteDiagnostic<"expects an integer order, but got {0}",
    ["Order"]>;
def MakeOrderedLayoutExpects : CuteDiagnostic<"make_ordered_layout expects order {0} to have the rank of shape {1}",
    ["Order", "Shape"]>;
def ExpectsIntegerStrides : CuteDiagnostic<"{0} expects integer strides, but got {1}",
    ["Op", "L"]>;
def NegativeStrideNotSupported : CuteDiagnostic<"{0} of {1}: the negative stride {2} is not supported (it is defined for layouts of non-negative strides)",
    ["Op", "L", "Stride"]>;
def CosizeExpectsCongruent : CuteDiagnostic<"cosize expects congruent shape and stride, but got {0}",
    ["L"]>;
def CosizeExpectsStrides : CuteDiagnostic<"cosize expects strides that are all integers or all scaled bases, but got {0}",
    ["L"]>;
def ModeOutOfRangeLayoutRank : CuteDiagnostic<"mode {0} is out of range for layout {1} of rank {2}",
    ["Mode", "Layout", "Rank"]>;
def TakeOutRangeLayout : CuteDiagnostic<"take<{0},{1}> is out of range for layout {2}",
    ["B", "E", "Layout"]>;
def GroupModesExpectsBegin : CuteDiagnostic<"group_modes<{0},{1}> expects begin < end: an empty group has no modes",
    ["B", "E"]>;
def GroupModesOutRange : CuteDiagnostic<"group_modes<{0},{1}> is out of range for layout {2} of rank {3}",
    ["B", "E", "Layout", "Rank"]>;
def ModeOutOfRangeLayout : CuteDiagnostic<"mode {0} is out of range for layout {1}",
    ["Mode", "Layout"]>;
def LayoutDoesNotMap : CuteDiagnostic<"layout {0} does not map {1} to a static integer",
    ["Layout", "I"]>;
def FitLayoutExpectsStatic : CuteDiagnostic<"fit_layout expects a static shape, but got {0}",
    ["Shape"]>;
def FitLayoutValuesShape : CuteDiagnostic<"fit_layout: {0} has {1} values, but shape {2} has {3} coordinates",
    ["What", "NumValues", "Shape", "N"]>;
def NotLayoutShapeLayout : CuteDiagnostic<"{0} is not a layout of shape {1}: a layout maps coordinate 0 to 0, but it gives {2}",
    ["What", "Shape", "Values"]>;
def NotLayoutShapeLayoutSteps : CuteDiagnostic<"{0} is not a layout of shape {1}: the layout of its steps, {2}, gives {3} at {4} (index {5}), where it is {6}",
    ["What", "Shape", "L", "Got", "I", "Index", "I3"]>;
def ExpectsCoordinateCongruent : CuteDiagnostic<"expects coordinate {0} to be congruent with {1}",
    ["Crd", "T"]>;
def RecastLayoutExpects : CuteDiagnostic<"recast_layout expects integer strides">;
def RecastLayoutStride : CuteDiagnostic<"recast_layout: stride {0} and the scale {1} do not divide each other",
    ["Stride", "Scale"]>;
def RecastLayoutExpectsPositive : CuteDiagnostic<"recast_layout expects positive element widths, but got {0} and {1} bits",
    ["OldBits", "NewBits"]>;
def RecastLayoutNarrower : CuteDiagnostic<"recast_layout to narrower elements expects a unit-stride mode, but got {0}",
    ["R"]>;

//===--- lib/Layout/LayoutCode.cpp ---===//
def LayoutWordsEndInside : CuteDiagnostic<"layout words end inside {0}",
    ["What"]>;
def LayoutWordsCountsElements : CuteDiagnostic<"layout words: {0} counts {1} elements, but {2} words are left",
    ["What", "NumElements", "NumWords"]>;
def LayoutWordsDynamic : CuteDiagnostic<"layout words: a dynamic integer of {0} bits and divisibility {1}",
    ["Width", "Div"]>;
def LayoutWordsBasisIndex : CuteDiagnostic<"layout words: basis index {0}",
    ["Index"]>;
def LayoutWordsScaledBasis : CuteDiagnostic<"layout words: a scaled basis of no integer">;
def LayoutWordsNoTag : CuteDiagnostic<"layout words: {0} is no tag of an integer tuple",
    ["W"]>;
def LayoutWordsShapeStride : CuteDiagnostic<"layout words: the shape {0} and the stride {1} are not congruent",
    ["Shape", "Stride"]>;
def LayoutWordsNoInner : CuteDiagnostic<"layout words: {0} is no inner function of a composed layout",
    ["W"]>;

//===--- lib/Layout/Notation.cpp ---===//
def NotationExpectedInteger : CuteDiagnostic<"expected an integer">;
def NotationIntegerOutOfRange : CuteDiagnostic<"integer out of range">;
def NotationDivisibilityNotPositive : CuteDiagnostic<"divisibility must be positive">;
def NotationExpectedIntegerAttr : CuteDiagnostic<"expected 'i32', 'i64' or 'div=N' in dynamic integer">;
def NotationExpectedCommaOrBrace : CuteDiagnostic<"expected ',' or '}'">;
def NotationUnexpectedEnd : CuteDiagnostic<"unexpected end of input">;
def TuplesNestDeeperLevels : CuteDiagnostic<"tuples nest deeper than {0} levels",
    ["MaxDepth"]>;
def NotationExpectedSeparatorAtEnd : CuteDiagnostic<"expected '{0}' or '{1}' before end of input",
    ["Sep", "Close"]>;
def NotationExpectedSeparator : CuteDiagnostic<"expected '{0}' or '{1}'",
    ["Sep", "Close"]>;
def NotationExpectedElement : CuteDiagnostic<"expected an integer, '?', '_', '(' or '['">;
def NotationBasisIndexOutOfRange : CuteDiagnostic<"basis index out of range">;

//===--- lib/Layout/OpTable.cpp ---===//
def MalformedAttributeExpects : CuteDiagnostic<"'llvm.cute.{0}': malformed attribute '{1}': expects key=value",
    ["OpName", "Item"]>;
def UnknownAttributeTakes : CuteDiagnostic<"unknown attribute '{0}' of 'llvm.cute.{1}', which takes no attributes",
    ["Key", "OpName"]>;
def UnknownAttributeExpected : CuteDiagnostic<"unknown attribute '{0}' of 'llvm.cute.{1}'; expected one of: {2}",
    ["Key", "OpName", "Keys"]>;
def AttributeFlagTakes : CuteDiagnostic<"attribute '{0}' of 'llvm.cute.{1}' is a flag and takes no value, but got '{2}'",
    ["Key", "OpName", "Item"]>;
def AttributeExpects : CuteDiagnostic<"attribute '{0}' of 'llvm.cute.{1}' expects {2}, but got '{3}'",
    ["Key", "OpName", "TypeName", "Val"]>;
def OpAttributesNotChoice : CuteDiagnostic<"'llvm.cute.{0}': the attributes '{1}' are not {2}",
    ["OpName", "Text", "Choices"]>;

//===--- lib/Layout/Operations.cpp ---===//
def UnknownOperation : CuteDiagnostic<"unknown operation '{0}'",
    ["Op"]>;
def ExpectsOperand : CuteDiagnostic<"'{0}' expects {1} operand(s), but got {2}",
    ["Op", "MinArgs", "NumArgs"]>;
def ExpectsOperands : CuteDiagnostic<"'{0}' expects {1} to {2} operands, but got {3}",
    ["Op", "MinArgs", "MaxArgs", "NumArgs"]>;
def ExpectsResultPositive : CuteDiagnostic<"'{0}' expects a result of positive extents, but got {1} (extent {2})",
    ["Op", "V", "Bad"]>;
def OperandColumn : CuteDiagnostic<"operand #{0} '{1}': column {2}: {3}",
    ["Operand", "Text", "Column", "Message"]>;
def NotTiledConstructor : CuteDiagnostic<"'{0}' is not a tiled constructor",
    ["Op"]>;

//===--- lib/Layout/OpsAccessors.cpp ---===//
def ModeOutRangeTile : CuteDiagnostic<"mode {0} is out of range for tile {1}",
    ["Front", "Bracketed"]>;
def ModeOutRangeRank : CuteDiagnostic<"mode {0} is out of range for {1} of rank {2}",
    ["Mode", "T", "Rank"]>;
def LayoutsTileExpects : CuteDiagnostic<"get_layouts_from_tile expects a tuple of tiles">;
def LayoutsTileExpectsTile : CuteDiagnostic<"get_layouts_from_tile expects a tile with at least one layout, but {0} has none",
    ["Bracketed"]>;
def ExpectsOperandNotAlready : CuteDiagnostic<"'{0}' expects an operand that is not already a {1}",
    ["Op", "To"]>;
def ExpectsIntegerLeaves : CuteDiagnostic<"'{0}' expects integer leaves, but got {1}",
    ["Op", "T"]>;
def GroupModesExpectsBeginEnd : CuteDiagnostic<"group_modes expects 'begin' and 'end' attributes">;
def GroupModesOutRangeTile : CuteDiagnostic<"group_modes<{0},{1}> is out of range for tile {2} of rank {3}",
    ["B", "E", "Bracketed", "NumT"]>;

//===--- lib/Layout/OpsArithmetic.cpp ---===//
def PrefixProductExpects : CuteDiagnostic<"prefix_product expects init {0} to be congruent with {1} (or coarser), but mode {2} of init does not match {3}",
    ["TopI", "TopX", "Mode", "X"]>;
def ExpectsCongruentOperands : CuteDiagnostic<"expects congruent operands, but got {0} and {1}",
    ["X", "Y"]>;
def ExpectsIntegers : CuteDiagnostic<"expects integers, but got {0} and {1}",
    ["X", "Y"]>;
def ElemLessExpectsCongruent : CuteDiagnostic<"elem_less expects congruent operands, but got {0} and {1}",
    ["X", "Y"]>;
def ElemLessExpectsStatic : CuteDiagnostic<"elem_less expects static integers, but got {0} and {1}",
    ["X", "Y"]>;
def ExpectsOperandsSame : CuteDiagnostic<"'{0}' expects operands of the same type",
    ["Op"]>;

//===--- lib/Layout/OpsCommon.cpp ---===//
def OpOperandKindMismatch : CuteDiagnostic<"'{0}' expects operand #{1} to be {2}, but got {3} {4}",
    ["Op", "Operand", "Want", "Kind", "V"]>;
def ExpectsOperandsSameType : CuteDiagnostic<"'{0}' expects operands of the same type, but got {1} and {2}",
    ["Op", "Kind", "Kind2"]>;
def ExpectsOrderRankShape : CuteDiagnostic<"{0} expects order {1} to have the rank of shape {2}",
    ["Op", "Order", "Shape"]>;
def ExpectsOperandShape : CuteDiagnostic<"'{0}' expects operand #{1} to be a shape of positive extents, but got {2} (extent {3})",
    ["Op", "Operand", "T", "Bad"]>;
def ExpectsOperandTiler : CuteDiagnostic<"'{0}' expects operand #{1} to be a tiler of positive extents, but got {2} (extent {3})",
    ["Op", "Operand", "I2", "Bad"]>;
def ExpectsModeAttribute : CuteDiagnostic<"'{0}' expects a 'mode' attribute",
    ["Op"]>;
def ExpectsNonNegative : CuteDiagnostic<"'{0}' expects non-negative modes",
    ["Op"]>;
def ModeOutRange : CuteDiagnostic<"'{0}': mode {1} is out of range",
    ["Op", "Mode"]>;
def ModeOutOfRangeTuple : CuteDiagnostic<"mode {0} is out of range for {1}",
    ["Front", "Cur"]>;

//===--- lib/Layout/OpsConstructors.cpp ---===//
def NotComposedLayout : CuteDiagnostic<"'{0}': '{1}' is not a composed layout: {2}",
    ["Op", "Printed", "Checked"]>;
def TakesAttributesMajor : CuteDiagnostic<"'{0}' takes the attributes major=K|MN and swizzle=INTER|SW32|SW64|SW128",
    ["Op"]>;
def MajorSwizzleNotMajor : CuteDiagnostic<"'{0}': major={1} swizzle={2} is not major=K|MN swizzle=INTER|SW32|SW64|SW128",
    ["Op", "Major", "Type"]>;
def ElementWidthDivides : CuteDiagnostic<"'{0}': an element width divides 128 bits, not {1}",
    ["Op", "B"]>;

//===--- lib/Layout/OpsLayoutAlgebra.cpp ---===//
def LayoutComposedLayout : CuteDiagnostic<"'{0}' of a layout with a composed layout expects the offset 0, but got {1}",
    ["Op", "Offset"]>;
def RecastLayoutExpectsOld : CuteDiagnostic<"recast_layout expects 'old_type_bits' and 'new_type_bits' attributes">;
def RecastLayoutExpectsPositiveElement : CuteDiagnostic<"recast_layout expects positive element widths">;
def RecastLayoutSwizzle : CuteDiagnostic<"recast_layout of a swizzle expects power-of-two element widths">;
def RecastLayoutSwizzleCannot : CuteDiagnostic<"recast_layout: swizzle {0} cannot be recast to {1}-bit elements",
    ["InnerSwizzle", "N"]>;
def ExpectsCoordinateLeast : CuteDiagnostic<"'{0}' expects a coordinate with at least one '_', but got {1}",
    ["Op", "C"]>;
def ExpectsCoordinateRank : CuteDiagnostic<"'{0}' expects coordinate {1} to have the rank of {2}",
    ["Op", "Coordinate", "Tuple"]>;

//===--- lib/Layout/OpsSizeIndex.cpp ---===//
def IndicesNotDomainSize : CuteDiagnostic<"'{0}': indices [{1}, {2}) are not all in the domain of {3}, of size {4}",
    ["Op", "I0", "V", "L", "Size"]>;
def EvalExpectsStaticSize : CuteDiagnostic<"eval expects a static size, but got {0}",
    ["L"]>;
def EvalLayoutTooLarge : CuteDiagnostic<"eval: layout {0} is too large to enumerate (more than {1} elements)",
    ["Layout", "MaxEvalElements"]>;
def EvalLayoutDynamicScaled : CuteDiagnostic<"eval: layout {0} has dynamic or scaled-basis strides; it is enumerated up to {1} elements",
    ["Layout", "MaxSymbolicElements"]>;
def IncrementCoordExpects : CuteDiagnostic<"increment_coord expects coordinate {0} to be congruent with shape {1}",
    ["Coordinate", "Shape"]>;
def IncrementCoordExpectsInteger : CuteDiagnostic<"increment_coord expects integer leaves, but got {0} and {1}",
    ["C", "S"]>;
def ExpectsRankAttribute : CuteDiagnostic<"'{0}' expects a 'rank' attribute",
    ["Op"]>;
def RankLarger : CuteDiagnostic<"'{0}': rank {1} is larger than {2}",
    ["Op", "Rank", "MaxPadRank"]>;
def ExpectsPositiveRank : CuteDiagnostic<"'{0}' expects a positive rank",
    ["Op"]>;

//===--- lib/Layout/OpsTiling.cpp ---===//
def ExpectsOrderPermutation : CuteDiagnostic<"{0} expects order {1} to be a permutation of the modes",
    ["Op", "Order"]>;

//===--- lib/Layout/TiledCopy.cpp ---===//
def SliceExpectsThread : CuteDiagnostic<"get_slice expects a thread index in [0, {0}), but got {1}",
    ["NumThr", "ThrIdx"]>;
def MakeLayoutTvExpects : CuteDiagnostic<"make_layout_tv expects static shapes, but got thread layout {0} and value layout {1}",
    ["Thr", "Val"]>;
def MakeLayoutTvExpectsThread : CuteDiagnostic<"make_layout_tv expects thread layout {0} and value layout {1} to cover each (m,n) once, but raked_product {2} has a right inverse of size {3}, not {4}",
    ["Thr", "Val", "MN", "NumRI", "N"]>;
def CopyAtomExpectsPositive : CuteDiagnostic<"copy atom expects a positive value width, but got {0} bits",
    ["ValueBits"]>;
def CopyAtomExpectsRank : CuteDiagnostic<"copy atom expects a rank-2 (thr,val) {0} layout, but got {1}",
    ["I", "I2"]>;
def CopyAtomExpectsLayout : CuteDiagnostic<"copy atom expects the {0} layout {1} to have as many threads as thr_id {2} ({3})",
    ["I", "Layout", "ThrID", "NumThrID"]>;
def CopyAtomExpectsStatic : CuteDiagnostic<"copy atom expects a static reference layout, but got {0}",
    ["ValLayoutRef"]>;
def MakeTiledCopyExpects : CuteDiagnostic<"make_tiled_copy expects a rank-2 (thr,val) layout, but got {0}",
    ["LayoutTV"]>;
def MakeTiledCopyExpectsStatic : CuteDiagnostic<"make_tiled_copy expects a static TV layout and tiler, but got {0} and {1}",
    ["LayoutTV", "TilerMN"]>;
def MakeTiledCopyExpectsThreads : CuteDiagnostic<"make_tiled_copy expects the {0} threads of TV layout {1} to be a multiple of the copy atom's {2}",
    ["NumThr", "LayoutTV", "AT"]>;
def MakeTiledCopyExpectsValues : CuteDiagnostic<"make_tiled_copy expects the {0} values of TV layout {1} to be a multiple of the copy atom's {2}",
    ["NumVal", "LayoutTV", "AV"]>;
def MakeTiledCopyExpectsTV : CuteDiagnostic<"make_tiled_copy expects TV layout {0} to map into tiler {1}, but its cosize is {2}",
    ["LayoutTV", "TilerMN", "Co"]>;
def MakeCotiledCopyExpects : CuteDiagnostic<"make_cotiled_copy expects a static data layout, but got {0}",
    ["Data"]>;
def MakeCotiledCopyAddresses : CuteDiagnostic<"make_cotiled_copy: the addresses {0} that the (thread, value) pairs reach are not all in data layout {1}",
    ["AtomTV", "Data"]>;
def MakeCotiledCopyAlong : CuteDiagnostic<"make_cotiled_copy: along mode {0} of data layout {1} the atoms reach {2}, not a leading block of the mode",
    ["Mode", "Data", "F"]>;
def MakeTmemCopySupports : CuteDiagnostic<"make_tmem_copy supports tensors of 32-bit elements (one per TMEM column), but got {0}-bit ones",
    ["ValueBits"]>;
def ZipExpectsTwoModes : CuteDiagnostic<"zip expects two modes of equal rank, but got {0}",
    ["L"]>;
def Tile2thrfrgExpectsTiled : CuteDiagnostic<"tile2thrfrg expects a tiled tensor ((tile),(rest)), but got {0}",
    ["TVTensor"]>;
def ExpectsTensorRankLeast : CuteDiagnostic<"{0} expects a tensor of rank at least {1} (the rank of tiler {2}), but got {3}",
    ["Op", "TilerMN", "Tiler", "Tensor"]>;
def RetileExpectsFragment : CuteDiagnostic<"retile expects a fragment (V,...), but got {0}",
    ["Tensor"]>;
def RetileExpectsStatic : CuteDiagnostic<"retile expects a static fragment mode, but got {0}",
    ["Tensor"]>;

//===--- lib/Layout/TiledMma.cpp ---===//
def MmaAtomExpectsStatic : CuteDiagnostic<"mma atom expects a static (M,N,K) shape, but got {0}",
    ["ShapeMNK"]>;
def MmaAtomExpectsStaticRank : CuteDiagnostic<"mma atom expects a static rank-2 (thr,val) layout for {0}, but got {1}",
    ["OName", "L"]>;
def MmaAtomExpectsLayout : CuteDiagnostic<"mma atom expects layout {0}_TV {1} to have the {2} threads of thr_id {3}",
    ["OName", "L", "NumThrID", "ThrID"]>;
def MmaAtomExpectsLayoutTV : CuteDiagnostic<"mma atom expects layout {0}_TV {1} to map onto the {2} = {3} elements of shape {4}, but its cosize is {5}",
    ["OName", "L", "Tile", "Size", "ShapeMNK", "CoSize"]>;
def MakeTiledMmaExpects : CuteDiagnostic<"make_tiled_mma expects an atom layout of rank at most 3, but got {0}",
    ["AtomLayout"]>;
def MakeTiledMmaExpectsMost : CuteDiagnostic<"make_tiled_mma expects at most 3 permutations (M,N,K), but got {0}",
    ["NumPermutations"]>;
def MakeTiledMmaExpectsEach : CuteDiagnostic<"make_tiled_mma expects each permutation to be a layout or '_', but got {0}",
    ["P"]>;
def MakeTiledMmaExpectsStatic : CuteDiagnostic<"make_tiled_mma expects static permutations, but got {0}",
    ["P"]>;
def MakeTiledMmaExpectsRank : CuteDiagnostic<"make_tiled_mma expects a rank-1 thr_id, but got {0}",
    ["ThrID"]>;
def MakeTiledMmaExpectsPermutation : CuteDiagnostic<"make_tiled_mma expects permutation {0} of mode {1} to have a size that is a multiple of {2} (atom extent times atom count), but got {3}",
    ["Permutation", "Mode", "Need", "Have"]>;
def TensorRankBelowTwo : CuteDiagnostic<"{0} expects a tensor of rank at least 2, but got {1}",
    ["Op", "Tensor"]>;

//===--- lib/Layout/TiledOperations.cpp ---===//
def ExpectsOperandLayout : CuteDiagnostic<"'{0}' expects operand #{1} to be a layout, but got {2} {3}",
    ["Op", "Operand", "Kind", "V"]>;
def ExpectsOperandShapeTile : CuteDiagnostic<"'{0}' expects operand #{1} to be a shape (or a tile of compact modes n:1), but got {2} {3}",
    ["Op", "Operand", "Kind", "V"]>;
def ExpectsOperandThread : CuteDiagnostic<"'{0}' expects operand #{1} to be a thread index (an integer or '?'), but got {2}",
    ["Op", "Operand", "V"]>;
def ExpectsAttributeLayout : CuteDiagnostic<"'{0}' expects attribute {1} to be a layout, but got '{2}'",
    ["Op", "Name", "VIt"]>;
def AttributeTileCannot : CuteDiagnostic<"'{0}': attribute {1} '{2}': a tile cannot be a scaled basis",
    ["Op", "Name", "V"]>;
def ExpectsAttributeTiler : CuteDiagnostic<"'{0}' expects attribute {1} to be a tiler, but got '{2}'",
    ["Op", "Name", "V"]>;
def AttributeTileNonPositive : CuteDiagnostic<"'{0}': attribute {1} '{2}': tile {3} has a non-positive extent {4}",
    ["Op", "Name", "V", "Tile", "Bad"]>;
def NeedsAttribute : CuteDiagnostic<"'{0}' needs the {1} (attribute {2})",
    ["Op", "What", "Name"]>;
def AtomRegistryUnavailable : CuteDiagnostic<"'{0}': {1}={2} names an atom of the registry, but no atom registry is available here; spell the atom out as layouts",
    ["Op", "Key", "Name"]>;
def GiveValueTypeValue : CuteDiagnostic<"'{0}': give value_type or value_bits, not both",
    ["Op"]>;
def CopyAtomNeedsType : CuteDiagnostic<"'{0}': copy atom '{1}' needs the type of the values it copies (attribute value_type=f16 or value_bits=16), as Copy_Atom<{1}, T> does",
    ["Op", "Name"]>;
def CopyAtomNamesCopy : CuteDiagnostic<"'{0}': copy_atom={1} names the copy atom; copy_thr_id, copy_src, copy_dst and copy_ref spell one out: give one or the other",
    ["Op", "NIt"]>;
def CopyAtomBitValues : CuteDiagnostic<"'{0}': copy atom '{1}' of {2}-bit values: {3}",
    ["Op", "NIt", "Bits", "A"]>;
def ValueTypeAppliesCopy : CuteDiagnostic<"'{0}': value_type applies to a copy atom named by copy_atom=",
    ["Op"]>;
def MmaAtomNamesMMA : CuteDiagnostic<"'{0}': mma_atom={1} names the MMA atom; mma_shape, mma_thr_id, mma_a_tv, mma_b_tv and mma_c_tv spell one out: give one or the other",
    ["Op", "NIt"]>;
def MmaAtomExpectsName : CuteDiagnostic<"'{0}': mma_atom expects the name of an MMA atom of the registry",
    ["Op"]>;
def NeedsMMAAtomMma : CuteDiagnostic<"'{0}' needs the MMA atom: mma_atom=NAME (a variant of the registry) or its layouts (attributes mma_shape, mma_thr_id, mma_a_tv, mma_b_tv, mma_c_tv)",
    ["Op"]>;
def ExpectsMmaShapeM : CuteDiagnostic<"'{0}' expects mma_shape to be M,N,K, but got {1} values",
    ["Op", "NumShp"]>;
def ExpectsPositiveMma : CuteDiagnostic<"'{0}' expects a positive mma_shape, but got {1}",
    ["Op", "X"]>;
def AttributePermutation : CuteDiagnostic<"'{0}': attribute permutation '{1}': {2}",
    ["Op", "PIt", "P"]>;
def TakesObjectOperand : CuteDiagnostic<"'{0}' takes its {1} as an object operand; attribute {2}{3} would spell it out again: give one or the other",
    ["Op", "What", "Prefix", "K"]>;
def NeedsTiledCopyLayout : CuteDiagnostic<"'{0}' needs the TiledCopy's layout: operands (TV layout, tiler), or attributes thr_layout= and val_layout= (or layout_tv= and tiler_mn=)",
    ["Op"]>;
def GiveThrLayoutVal : CuteDiagnostic<"'{0}': give thr_layout= and val_layout=, or layout_tv= and tiler_mn=, not both",
    ["Op"]>;
def NeedsTilerLayoutTv : CuteDiagnostic<"'{0}' needs the tiler of layout_tv= (attribute tiler_mn=, a shape)",
    ["Op"]>;
def NeedsTcgen05LdSt : CuteDiagnostic<"'{0}' needs the tcgen05.ld/st atom (copy_atom=NAME)",
    ["Op"]>;
def NotTensorMemoryCopy : CuteDiagnostic<"'{0}': '{1}' is not a tensor-memory copy atom (tcgen05.ld/st: SM100_TMEM_LOAD_* / SM100_TMEM_STORE_*)",
    ["Op", "NIt"]>;
def ExpectsOperandTiledCopy : CuteDiagnostic<"'{0}' expects {1} operand(s) with the TiledCopy's layout {2}, but got {3}",
    ["Op", "Used", "Attributes", "NumA"]>;
def ExpectsOperandsTiledCopy : CuteDiagnostic<"'{0}' expects {1} operands with the TiledCopy's layout {2}, but got {3}",
    ["Op", "Used", "Attributes", "NumA"]>;
def NeedsTiledMMAReads : CuteDiagnostic<"'{0}' needs the TiledMMA that reads the A operand: a second TiledMMA object, or the attributes a_mma_atom=NAME (a_atom_layout=, a_permutation=, ...)",
    ["Op"]>;
def TiledCopyLayoutAsOperands : CuteDiagnostic<"as operands">;
def TiledCopyLayoutInAttributes : CuteDiagnostic<"in its attributes">;

//===--- lib/Layout/Tiling.cpp ---===//
def TilerMoreModesLayout : CuteDiagnostic<"{0}: tiler {1} has more modes than layout {2}",
    ["Op", "Tiler", "Layout"]>;
def ExpectsRankMode : CuteDiagnostic<"expects a rank-2 mode, but got {0}",
    ["T"]>;
def ExpectsLeastRankTiler : CuteDiagnostic<"expects {0} to have at least the rank of tiler {1}",
    ["T", "Guide"]>;
def TilerDoesNotDivide : CuteDiagnostic<"{0}: tiler {1} does not divide layout {2} (size {3} would become {4})",
    ["Op", "Tiler", "Layout", "Size", "SR"]>;
def ExpectsStridesZero : CuteDiagnostic<"{0} expects strides that are zero or scaled bases of one index, but got {1}",
    ["Op", "L"]>;
def ScaledBasisStrides : CuteDiagnostic<"{0} of {1}: scaled-basis strides and their extents must be static",
    ["Op", "L"]>;
def LogicalDivideExpects : CuteDiagnostic<"logical_divide expects a layout of rank > 1 for the tiler {0} with scaled-basis strides, but got shape {1}",
    ["Tiler", "Target"]>;
def LogicalDivideTiler : CuteDiagnostic<"logical_divide: tiler {0} steps along mode {1} of shape {2}, which has rank {3}",
    ["Tiler", "NumParts", "Target", "NumTarget"]>;
def LogicalProductBlock : CuteDiagnostic<"logical_product of the block {0}, which has scaled-basis strides, expects a static extent, but got {1}",
    ["A", "Cotarget"]>;
def LogicalProductExpects : CuteDiagnostic<"logical_product expects a tiler with integer strides, but got {0}",
    ["T"]>;
def CannotZipRanks : CuteDiagnostic<"{0}: cannot zip {1} with {2}: they have ranks {3} and {4}",
    ["Op", "First", "Second", "First2", "Second2"]>;
def ZippedProductUnderscoreTiler : CuteDiagnostic<"zipped_product does not accept '_' in tiler {0}",
    ["Tiler"]>;
def TileShapeLayoutMore : CuteDiagnostic<"tile_to_shape: layout {0} has more modes than target shape {1}",
    ["Block", "Shape"]>;
def TileShapeBlockShape : CuteDiagnostic<"tile_to_shape: block shape {0} does not divide target shape {1} in mode {2}",
    ["Shape", "Shape2", "Mode"]>;
def TileMmaShapeExpects : CuteDiagnostic<"tile_to_mma_shape expects an MMA partition shape ((MMA_M,MMA_K),NUM_MMA_M,NUM_MMA_K,...), but got {0}",
    ["MmaShape"]>;

//===--- lib/Layout/ValueParse.cpp ---===//
def ValueHoldsUnderscore : CuteDiagnostic<"{0} {1} cannot hold '_'",
    ["What", "T"]>;
def CannotHoldScaledBasis : CuteDiagnostic<"{0} {1} cannot hold a scaled basis",
    ["What", "T"]>;
def NonPositiveLeaf : CuteDiagnostic<"{0} {1} has a non-positive leaf {2}",
    ["What", "T", "Leaf"]>;
def StrideMixesScaledBases : CuteDiagnostic<"stride {0} mixes scaled bases that use a mode both as an integer and as a tuple",
    ["Stride"]>;
def StrideMixesIntegers : CuteDiagnostic<"stride {0} mixes integers and scaled bases",
    ["Stride"]>;
def TileNonPositiveExtent : CuteDiagnostic<"tile {0} has a non-positive extent {1}",
    ["Tile", "Bad"]>;
def AllowedCoordinate : CuteDiagnostic<"'_' is only allowed in a coordinate, but got {0} {1}",
    ["Kind", "T"]>;
def ExpectsInteger : CuteDiagnostic<"expects an integer, but got {0}",
    ["T"]>;

//===----------------------------------------------------------------------===//
// Atom registry (lib/Registry)
//===----------------------------------------------------------------------===//

//===--- lib/Registry/TiledAtoms.cpp ---===//
def VariantAtomNotAtom : CuteDiagnostic<"'{0}' is a variant of the {1} atom {2}, not an {3} atom",
    ["VName", "Class", "Mnemonic", "Class2"]>;
def NoTVLayouts : CuteDiagnostic<"'{0}' has no TV layouts: {1}",
    ["VName", "NoLayoutReason"]>;
def UnknownElementType : CuteDiagnostic<"unknown element type '{0}' (the registry's F16, BF16, TF32, F32, F64, S8, U8, E4M3, ..., or f16, bf16, f32, iN, uN, bN)",
    ["Name"]>;

//===----------------------------------------------------------------------===//
// Shared-memory descriptors (lib/Descriptors)
//===----------------------------------------------------------------------===//

//===--- lib/Descriptors/GmmaDescriptor.cpp ---===//
def GmmaLayoutMismatchReason : CuteDiagnostic<"{0}{1}, but got {2}: {3}",
    ["Expects", "Bits", "Got", "Why"]>;
def MakeGmmaDescExpects : CuteDiagnostic<"make_gmma_desc expects an element width that divides 128 bits, but got {0} bits",
    ["Bits"]>;

//===--- lib/Descriptors/UmmaDescriptor.cpp ---===//
def UmmaKindInputTypes : CuteDiagnostic<"a UMMA of .kind::{0} takes no {1} x {2} inputs",
    ["Kind", "A", "B"]>;
def BlockScaledUMMAScales : CuteDiagnostic<"a block-scaled UMMA scales by UE4M3 or UE8M0 into F32, not {0} into {1}",
    ["ScaleType", "C"]>;
def UmmaAccumulatorType : CuteDiagnostic<"a UMMA accumulates in F16, F32 or S32, not {0}",
    ["C"]>;
def UMMAInstructionDescriptor : CuteDiagnostic<"a UMMA instruction descriptor holds M a multiple of 16 and N a multiple of 8, each at most 256, not {0} x {1}",
    ["M", "N"]>;
def MNMajorSWIZZLEB : CuteDiagnostic<"{0}the MN-major SWIZZLE_128B_BASE32B atom of {1}-bit elements, but got {2}: {3}",
    ["Expects", "Bits", "Got", "Why"]>;
def UMMAOperandTileRank : CuteDiagnostic<"a UMMA operand tile has rank 2 ((M|N),K)">;
def UmmaCoreMatrixProfile : CuteDiagnostic<"divided by the core matrix {0} it is {1}, not of the profile ((_,_),(_,_))",
    ["Core", "D"]>;
def DividedCoreMatrixWhose : CuteDiagnostic<"divided by the core matrix {0} it is {1}, whose M|N and K strides are {2} and {3} x 128 bits, not 1 and 8",
    ["Core", "D", "Stride", "Stride2"]>;
def ByteOffsetXBytes : CuteDiagnostic<"the byte offset {0} x 16 bytes does not fit the descriptor's 14 bits",
    ["Offset"]>;
def KMajorAtomSWIZZLE : CuteDiagnostic<"{0}a K-major atom, but got {1}: SWIZZLE_128B_BASE32B is invalid for Major-K",
    ["Expects", "CL"]>;

//===----------------------------------------------------------------------===//
// Lowering passes (lib/Lowering)
//===----------------------------------------------------------------------===//

//===--- lib/Lowering/AtomOperands.cpp ---===//
def OperandNullPointer : CuteDiagnostic<"{0} is a null pointer",
    ["What"]>;
def VariantOperand : CuteDiagnostic<"variant '{0}': operand '{1}'",
    ["Variant", "Operand"]>;
def VariantOperandPoints : CuteDiagnostic<"variant '{0}': operand '{1}' points to {2} memory (address space {3}), but the instruction accesses {4} memory (address space {5})",
    ["Variant", "Operand", "AS", "AS2", "WantAS", "WantAS2"]>;
def VariantOperandPointsByte : CuteDiagnostic<"variant '{0}': operand '{1}' points {2} byte(s) from the start of {3}: outside it",
    ["Variant", "Operand", "Offset", "O"]>;
def VariantOperandPointsByteVariant : CuteDiagnostic<"variant '{0}': operand '{1}' points to {2} byte(s), but the variant accesses {3} there",
    ["Variant", "Operand", "Size", "Bytes"]>;
def VariantOperandConstantTooWide : CuteDiagnostic<"variant '{0}': operand '{1}' is {2}, which does not fit its {3}-bit operand",
    ["Variant", "Operand", "C", "Bits"]>;
def VariantOperandOutOfRange : CuteDiagnostic<"variant '{0}': operand '{1}' must be {2}, not {3}",
    ["Variant", "OpName", "Want", "V"]>;
def AtomReturnsCallDeclared : CuteDiagnostic<"atom '{0}' returns {1} (i{2}), but the call is declared to return {3} (a result is neither truncated nor extended)",
    ["Mnemonic", "Result", "Want", "T"]>;
def CtaGroupMixed : CuteDiagnostic<"variant '{0}' is a .cta_group::{1} tcgen05 instruction, but this kernel's tcgen05 instructions are .cta_group::{2} (variant '{3}' at {4}): every tcgen05 instruction of a kernel takes one CTA group",
    ["Variant", "Group", "First", "FirstVariant", "Place"]>;
def InFunctionPlace : CuteDiagnostic<"function '{0}'",
    ["Function"]>;
def AtomVoidCallDeclared : CuteDiagnostic<"atom '{0}' returns void, but the call is declared to return {1} (its uses would read no value)",
    ["Mnemonic", "T"]>;
def AtomOperandConstantTooWide : CuteDiagnostic<"atom '{0}': operand #{1} ('{2}', {3}) is {4}, which does not fit its {5} bits",
    ["Mnemonic", "Operand", "PName", "CType", "V", "Want"]>;
def AtomOperandRunTime : CuteDiagnostic<"atom '{0}': operand #{1} ('{2}', {3}) is a run-time i{4}; pass an i{5} (a run-time value is neither truncated nor extended)",
    ["Mnemonic", "Operand", "PName", "CType", "IntegerBitWidth", "Want"]>;
def AtomOperand : CuteDiagnostic<"atom '{0}': operand #{1} ('{2}', {3}) is {4}; {5}",
    ["Mnemonic", "Operand", "PName", "CType", "T", "Address"]>;
def AtomOperandIsPointer : CuteDiagnostic<"a pointer">;
def AtomOperandIsValueOfType : CuteDiagnostic<"a value of type {0}",
    ["Type"]>;
def AtomOperandPassAddress : CuteDiagnostic<"pass its address">;
def AtomOperandPassValue : CuteDiagnostic<"pass the value, not its address">;

//===--- lib/Lowering/CuteValues.cpp ---===//
def ShapeLeafScaledBasis : CuteDiagnostic<"shape leaf '{0}' is a scaled basis",
    ["Leaf"]>;
def ShapeLeafNotPositive : CuteDiagnostic<"shape leaf {0} is not positive",
    ["Leaf"]>;
def NotShapeLeaf : CuteDiagnostic<"'_' is not a shape leaf">;
def StaticValueWraps : CuteDiagnostic<"the static value {0} does not fit the i{1} result (it would wrap)",
    ["Value", "BitWidth"]>;
def IndexIntermediateWraps : CuteDiagnostic<"the index is computed in i{0}, which does not hold its static intermediate {1} (it would wrap); use a wider result type",
    ["BitWidth", "V"]>;
def DynamicLeafResultCannot : CuteDiagnostic<"a dynamic leaf of the result cannot be computed from the operands (the layout library kept no expression for it)">;

//===--- lib/Lowering/Desugar.cpp ---===//
def OpProfileInvalid : CuteDiagnostic<"'llvm.cute.{0}': profile '{1}': {2}",
    ["Op", "Text", "V"]>;
def LocalTileExpectsTensor : CuteDiagnostic<"'llvm.cute.local_tile' expects (tensor, tiler, coord)">;
def LocalPartitionExpects : CuteDiagnostic<"'llvm.cute.local_partition' expects (tensor, thread layout, thread index[, projection])">;
def PrintExpectsValue : CuteDiagnostic<"'llvm.cute.print' expects one cute value">;
def PrintPrintsThrough : CuteDiagnostic<"'llvm.cute.print' prints through the CUDA device runtime (vprintf): it needs an NVPTX target">;
def UnknownIntrinsic : CuteDiagnostic<"unknown cute intrinsic 'llvm.cute.{0}'",
    ["Op"]>;

//===--- lib/Lowering/InlineHelpers.cpp ---===//
def TakesReturnsValues : CuteDiagnostic<"'{0}' takes or returns cute values and {1}",
    ["CalleeName", "Why"]>;
def RecursiveCannotInlined : CuteDiagnostic<"is recursive: it cannot be inlined, and a cute value cannot cross a call">;
def CannotInlined : CuteDiagnostic<"cannot be inlined: {0}",
    ["FailureReason"]>;
def TakesValuesUsedOther : CuteDiagnostic<"'{0}' takes cute values and is used other than by a call that can be inlined",
    ["FName"]>;

//===--- lib/Lowering/InlinePtx.cpp ---===//
def OperandPtxTypeNoConstraint : CuteDiagnostic<"operand '{0}' has PTX type '{1}', which no asm constraint holds",
    ["Operand", "Type"]>;
def OperandNotRegister : CuteDiagnostic<"operand '{0}' is not a register, an address or an immediate",
    ["Operand"]>;
def ImmediateBindsParameter : CuteDiagnostic<"immediate '{0}' binds to a parameter of the atom",
    ["Immediate"]>;
def PredicateNeedsInteger : CuteDiagnostic<"predicate '{0}' needs an integer parameter of the atom",
    ["Predicate"]>;
def OperandBindsNoParameter : CuteDiagnostic<"operand '{0}' binds to no parameter and follows no operand in memory",
    ["Operand"]>;
def OperandBindsNoParameterAtom : CuteDiagnostic<"operand '{0}' binds to no parameter of the atom it can be read from",
    ["Operand"]>;
def PTXTemplateNamesNone : CuteDiagnostic<"its PTX template names '${0}', which is none of its operands or registers",
    ["Unknown"]>;
def LoweringIssuesInline : CuteDiagnostic<"its lowering issues inline PTX, and the variant has no PTX template">;

//===--- lib/Lowering/LowerAtoms.cpp ---===//
def TargetNotKnownNVPTX : CuteDiagnostic<"target '{0}' is not a processor LLVM's NVPTX back end knows, so it cannot compile the atoms for it (it knows {1})",
    ["CPU", "Known"]>;
def TmemCopyNoDirection : CuteDiagnostic<"atom '{0}' states no tensor-memory copy direction (the records' Direction)",
    ["Mnemonic"]>;
def AtomLoweringNeedsTarget : CuteDiagnostic<"atom lowering needs the target SM tier: the function has no \"target-cpu\" attribute (compile with -mcpu=sm_XX or --cuda-gpu-arch=sm_XX)">;
def TargetNotKnownSM : CuteDiagnostic<"target '{0}' is not a known SM tier",
    ["CPU"]>;
def AtomTakesVariantName : CuteDiagnostic<"atom '{0}' takes the variant name and {1} operand(s){2}, not {3}",
    ["Mnemonic", "NumParams", "Coordinates", "NumArg"]>;
def VariantAtomMustConstant : CuteDiagnostic<"the variant of atom '{0}' must be a constant string naming a lattice point",
    ["Mnemonic"]>;
def VariantFamilyNoMemberForArity : CuteDiagnostic<"variant family '{0}' of atom '{1}' has no member taking {2} trailing operand(s){3}",
    ["Name", "Mnemonic", "Given", "Have"]>;
def VariantVariantAtom : CuteDiagnostic<"variant '{0}' is a variant of atom '{1}', not '{2}'",
    ["VName", "Mnemonic", "Mnemonic2"]>;
def VariantTiers : CuteDiagnostic<"variant '{0}': {1} (the tiers that have it: {2})",
    ["VName", "Why", "Have"]>;
def VariantNeedsPTXISA : CuteDiagnostic<"variant '{0}' needs PTX ISA {1}.{2}, and the target has {3}.{4}: add the target feature +ptx{5} (llc -mattr=+ptx{5})",
    ["VName", "Need", "Need2", "Have", "Have2", "Need3"]>;
def VariantAtomLowering : CuteDiagnostic<"variant '{0}' of atom '{1}': the {2} lowering ({3}) is not implemented yet",
    ["VName", "Mnemonic", "Lowering", "Doc"]>;
def TmaTensorOperandsUnsupported : CuteDiagnostic<"TMA tensor operands are not lowered yet">;
def OperandsOutnumberParameters : CuteDiagnostic<"its operands outnumber the parameters of '{0}'",
    ["IntrinsicName"]>;
def OperandBindsNoAtomParameter : CuteDiagnostic<"operand '{0}' binds to no parameter of the atom",
    ["Operand"]>;
def ImmediateDoesNotMatch : CuteDiagnostic<"immediate '{0}' does not match '{1}'",
    ["Immediate", "IntrinsicName"]>;
def OperandMustConstant : CuteDiagnostic<"operand '{0}' must be the constant {1}",
    ["Operand", "Value"]>;
def OperandNeedsPointer : CuteDiagnostic<"operand '{0}' needs a pointer parameter of the atom",
    ["Operand"]>;
def OperandNeedsTensor : CuteDiagnostic<"operand '{0}' needs a tensor-memory address parameter",
    ["Operand"]>;
def OutputOperandsHold : CuteDiagnostic<"its output operands hold {0} register(s); '{1}' returns {2}",
    ["Needed", "IntrinsicName", "NumResults"]>;
def OperandsSupplyParameters : CuteDiagnostic<"its operands supply {0} of the {1} parameters of '{2}'",
    ["NumArgs", "NumParams", "IntrinsicName"]>;
def VariantPTXOperands : CuteDiagnostic<"variant '{0}': its PTX operands do not match a signature of the overloaded intrinsic '{1}'",
    ["VName", "IntrinsicName"]>;
def VariantUniversalFMA : CuteDiagnostic<"variant '{0}': the universal FMA lowers one floating-point type only",
    ["VName"]>;
def AtomParamsBeforeCoordinates : CuteDiagnostic<" before its coordinates">;

//===--- lib/Lowering/LowerLayout.cpp ---===//
def OperandObjectNotLayout : CuteDiagnostic<"'{0}': operand #{1} is a {2} object, not a layout, tuple or tensor",
    ["CIName", "Operand", "TiledMMA"]>;
def OperandDescriptorIterator : CuteDiagnostic<"operand #{0} is a descriptor iterator, not a layout or tuple",
    ["Operand"]>;
def OperandNoKnownProfile : CuteDiagnostic<"'{0}': operand #{1} has no known profile: {2}",
    ["CIName", "Operand", "Why"]>;
def ValuesDifferentProfiles : CuteDiagnostic<"cute values of different profiles meet here: '{0}' and '{1}'",
    ["V", "V2"]>;
def SelectBetweenValue : CuteDiagnostic<"a select between a cute value and something else">;
def PhiProfileMismatch : CuteDiagnostic<"the cute value entering from '{0}' does not have the profile '{1}' of the others",
    ["FromName", "Profile"]>;
def ValueEnteringChanges : CuteDiagnostic<"the cute value entering from '{0}' ('{1}') changes a static leaf of '{2}' around a loop; make that leaf dynamic before the loop",
    ["FromName", "V", "V2"]>;
def SugarBeforeDesugar : CuteDiagnostic<"'llvm.cute.{0}' is sugar: run cute-desugar before cute-lower-layout",
    ["Op"]>;
def ValueEscapesProfile : CuteDiagnostic<"a cute value ('{0}') escapes to {1}; its profile cannot be followed there",
    ["Value", "What"]>;

//===--- lib/Lowering/LowerLayoutAlgebra.cpp ---===//
def ExpectsConstantString : CuteDiagnostic<"'llvm.cute.{0}' expects a constant string with a profile in CuTe notation as operand #0",
    ["Op"]>;
def ProfileDynamicLeaves : CuteDiagnostic<"'llvm.cute.{0}': profile '{1}' has {2} dynamic leaves, but the call passes {3} integer(s)",
    ["Op", "Text", "NextOp", "NumArg"]>;
def MakeTupleOperandKind : CuteDiagnostic<"'llvm.cute.make_tuple': operand #{0} is a {1}, not a tuple, an integer, a layout or a tiler",
    ["Operand", "Kind"]>;
def LeafExpectsValueConstant : CuteDiagnostic<"'llvm.cute.get_leaf' expects (cute value, constant integer K) and returns an integer">;
def ExpectSizeExpectsValue : CuteDiagnostic<"'llvm.cute.expect_size' expects (cute value, integer size, \"of={0} [mode=I]\")",
    ["Ofs"]>;
def ExpectContiguousExpects : CuteDiagnostic<"'llvm.cute.expect_contiguous' expects (layout, index, count, \"of=source|destination\")">;
def PartitionCoordExpects : CuteDiagnostic<"'llvm.cute.partition_coord' expects (zipped value, coordinate, \"mode=0\" or \"mode=1\")">;
def PartitionCoordExpectsZipped : CuteDiagnostic<"'llvm.cute.partition_coord' expects a zipped ((tile),(rest)) layout and a coordinate">;
def OperandNotConstant : CuteDiagnostic<"'llvm.cute.{0}': operand #{1} is not a constant string or a cute value",
    ["Op", "Operand"]>;
def TakesMostPositional : CuteDiagnostic<"'llvm.cute.{0}' takes at most {1} positional operand(s) ({2})",
    ["Op", "NumKeys", "Keys"]>;
def ExpectsStaticEvery : CuteDiagnostic<"'llvm.cute.{0}' expects a static {1} (every leaf a constant), but got {2}",
    ["Op", "Key", "Str"]>;
def NameConstantString : CuteDiagnostic<"'llvm.cute.{0}': {1} is a name (a constant string), but operand #{2} is the cute value '{3}'",
    ["Op", "Key", "Operand", "Value"]>;
def OperandObjectOpTakes : CuteDiagnostic<"'llvm.cute.{0}': operand #{1} is a {2} object, but the op takes {3}",
    ["Op", "Operand", "TiledMMA", "Object"]>;
def TakesMostTiledCopy : CuteDiagnostic<"'llvm.cute.{0}' takes at most one TiledCopy object",
    ["Op"]>;
def TakesMostTiledMMAObject : CuteDiagnostic<"'llvm.cute.{0}' takes at most {1} TiledMMA object{2}",
    ["Op", "NumMmaPrefixes", "S"]>;
def TakesAtomNameNAME : CuteDiagnostic<"'llvm.cute.{0}' takes its atom by name: (\"NAME\", ...) or the attribute {1}=NAME",
    ["Op", "CopyAtom"]>;
def OperandTiledCopyObject : CuteDiagnostic<"'llvm.cute.{0}': operand #{1} is a TiledCopy object, but the op takes the TiledMMA whose operand it copies",
    ["Op", "Operand"]>;
def SizeTiledObjectInteger : CuteDiagnostic<"'llvm.cute.size' of a tiled object is the integer number of its threads">;
def OperandMayTensor : CuteDiagnostic<"'llvm.cute.{0}': only operand #0 may be a tensor",
    ["Op"]>;
def NotOperationLayout : CuteDiagnostic<"'llvm.cute.{0}' is not an operation of the layout library",
    ["Op"]>;
def ResultDoesNotExist : CuteDiagnostic<"'llvm.cute.{0}': result={1} does not exist (it has {2})",
    ["Op", "Pick", "NumResults"]>;
def ResultsPickAttribute : CuteDiagnostic<"'llvm.cute.{0}' has {1} results; pick one with the attribute \"result=K\"",
    ["Op", "NumResults"]>;
def GivesNotIntegerDeclare : CuteDiagnostic<"'llvm.cute.{0}' gives '{1}', not an integer: declare the call to return ptr",
    ["Op", "R"]>;
def ReturnsValuePtrInteger : CuteDiagnostic<"'llvm.cute.{0}' returns a cute value (ptr) or an integer, not {1}",
    ["Op", "Type"]>;
def DoesNotApplyTensor : CuteDiagnostic<"'llvm.cute.{0}' does not apply to a tensor; apply it to the tensor's layout",
    ["Op"]>;
def CopyEachCallAtom : CuteDiagnostic<"copy: each call of the atom moves {0} contiguous values, but {1} (layout {2}) are contiguous",
    ["Vals", "Which", "Layout"]>;
def GetLeafOutOfRange : CuteDiagnostic<"'llvm.cute.get_leaf': leaf {0} of '{1}' does not exist (it has {2})",
    ["Leaf", "Value", "NumLeaves"]>;
def OpTakesTiledMma : CuteDiagnostic<"a TiledMMA">;
def OpTakesTiledCopy : CuteDiagnostic<"a TiledCopy">;
def OpTakesNoTiledObject : CuteDiagnostic<"no tiled object">;

//===--- lib/Lowering/LowerLayoutPack.cpp ---===//
def CannotPackPackLayouts : CuteDiagnostic<"cannot pack a {0} ('{1}'); pack layouts and tuples",
    ["Kind", "V"]>;
def PackExpectsValue : CuteDiagnostic<"'llvm.cute.pack' expects one cute value">;
def PackGivesCallReturns : CuteDiagnostic<"'llvm.cute.pack' of '{0}' gives {1}, but the call returns {2}",
    ["V", "Ty", "Type"]>;
def UnpackExpectsConstant : CuteDiagnostic<"'llvm.cute.unpack' expects (constant profile string, packed struct)">;
def UnpackProfile : CuteDiagnostic<"'llvm.cute.unpack': profile '{0}': {1}",
    ["Text", "Parsed"]>;
def UnpackProfilePacks : CuteDiagnostic<"'llvm.cute.unpack': profile '{0}' packs as {1}, but the operand is {2}",
    ["Text", "Ty", "Type"]>;

//===--- lib/Lowering/LowerLayoutTensors.cpp ---===//
def SpansElementsBytes : CuteDiagnostic<"{0} {1} spans {2} elements ({3} bytes) from byte {4} of {5}: {6}",
    ["Gives", "Lay", "Span", "Bytes", "Offset", "O", "End"]>;
def MakeViewExpectsPointer : CuteDiagnostic<"'llvm.cute.make_view' expects (pointer or i32 TMEM address, layout, constant element type string such as \"f32\")">;
def MakeViewUnknownElement : CuteDiagnostic<"'llvm.cute.make_view': unknown element type '{0}' (f16, bf16, f32, f64, i<N>, ptr, or a byte-sized registry type such as e4m3)",
    ["Elt"]>;
def MakeViewOperandNotLayout : CuteDiagnostic<"'llvm.cute.make_view': operand #1 is a {0}, not a layout",
    ["Kind"]>;
def MakeViewTMEMAddress : CuteDiagnostic<"'llvm.cute.make_view' of a TMEM address holds 32-bit elements (one per column), not {0}",
    ["Elt"]>;
def IterExpectsTensorPtr : CuteDiagnostic<"'llvm.cute.get_iter' expects (tensor) or (ptr base, i32 extent, i32 tile, i32 stride)">;
def IterExpectsTensorMake : CuteDiagnostic<"'llvm.cute.get_iter' expects a tensor (from llvm.cute.make_view)">;
def IterTensorTensorMemory : CuteDiagnostic<"'llvm.cute.get_iter' of a tensor in tensor memory returns its TMEM address (i32, or a pointer of address space 6)">;
def IterI32ResultTMEM : CuteDiagnostic<"'llvm.cute.get_iter': an i32 result is the TMEM address of a tensor in tensor memory, but this tensor is not in tensor memory (a UMMA accumulates into the TiledMMA's make_fragment_C)">;
def IterTensorReturnsPointer : CuteDiagnostic<"'llvm.cute.get_iter' of a tensor returns a pointer">;
def RmemExpectsTensorMake : CuteDiagnostic<"'llvm.cute.is_rmem' expects a tensor (from llvm.cute.make_view)">;
def RmemReturnsInteger : CuteDiagnostic<"'llvm.cute.is_rmem' returns an integer">;
def LayoutExpectsTensor : CuteDiagnostic<"'llvm.cute.get_layout' expects a tensor">;
def AddOffsetExpectsDescriptor : CuteDiagnostic<"'llvm.cute.add_offset' expects (descriptor iterator or tensor, offset)">;
def AddOffsetDescriptor : CuteDiagnostic<"'llvm.cute.add_offset' of a descriptor iterator takes an integer offset">;
def AddOffsetNotInteger : CuteDiagnostic<"'llvm.cute.add_offset': the offset '{0}' is not an integer",
    ["Off"]>;
def DerefDescIterExpects : CuteDiagnostic<"'llvm.cute.deref_desc_iter' expects a descriptor iterator and returns a pointer">;
def OffsetNotInteger : CuteDiagnostic<"the offset of '{0}' in '{1}' is '{2}', not an integer",
    ["Crd", "L", "Idx"]>;
def IndexingTensorWhose : CuteDiagnostic<"indexing a tensor whose layout is a {0} is not supported: '{1}'",
    ["Kind", "L"]>;
def ExpectsTensorCoordinate : CuteDiagnostic<"'llvm.cute.{0}' expects (tensor, coordinate{1})",
    ["Name", "IsStore"]>;
def TensorAccessCoordinateKind : CuteDiagnostic<"'llvm.cute.{0}': the coordinate is a {1}",
    ["Name", "Kind"]>;
def TensorTensorMemory : CuteDiagnostic<"'llvm.cute.{0}' of a tensor in tensor memory: TMEM is read and written by tcgen05.ld/st (copy it with the TiledCopy of make_tmem_copy)",
    ["Name"]>;
def MemrefStoreStoresTensor : CuteDiagnostic<"'llvm.cute.memref_store' stores {0} to a tensor of {1}",
    ["Type", "EltTy"]>;
def MemrefLoadReturnsTensor : CuteDiagnostic<"'llvm.cute.memref_load' returns {0} from a tensor of {1}",
    ["Type", "EltTy"]>;
def AttributesNotMajor : CuteDiagnostic<"'llvm.cute.{1}': the attributes '{0}' are not \"major=K\" or \"major=MN\"",
    ["Text", "MakeGmmaDesc"]>;
def ExpectsSharedMemory : CuteDiagnostic<"'llvm.cute.{0}' expects (shared-memory tensor, \"major=K\" or \"major=MN\") and returns i64",
    ["Op"]>;
def ExpectsSharedMemoryTensor : CuteDiagnostic<"'llvm.cute.{1}' expects a shared-memory tensor, but its iterator points to {2} memory (address space {0})",
    ["Bad", "Op", "Bad2"]>;
def DescElementTypeNoWidth : CuteDiagnostic<"'llvm.cute.{1}': the element type {0} of the tensor has no known width",
    ["EltTy", "Op"]>;
def DescTensorLayoutKind : CuteDiagnostic<"'llvm.cute.{1}': the tensor's layout is a {0}",
    ["Kind", "Op"]>;
def DescOffsetNotInteger : CuteDiagnostic<"'llvm.cute.{1}': the offset of '{0}' is not an integer",
    ["V", "Op"]>;
def TileStartsElements : CuteDiagnostic<"'llvm.cute.{2}': the tile starts {0} elements into '{1}', not on a 16-byte boundary",
    ["Offset", "V", "Op"]>;
def SpanOfMakeView : CuteDiagnostic<"'llvm.cute.make_view': the view">;
def SpanOfSliceOrTile : CuteDiagnostic<"the tensor this slice or tile gives,">;
def SpanStartsOutside : CuteDiagnostic<"it starts outside it">;
def SpanPastEnd : CuteDiagnostic<"past its end">;

//===--- lib/Lowering/LowerSync.cpp ---===//
def OperandNotSupportOperation : CuteDiagnostic<"operand '{0}' is not a support-operation operand",
    ["OpName"]>;
def OperandNeedsPointerParameter : CuteDiagnostic<"operand '{0}' needs a pointer parameter",
    ["OpName"]>;
def OperandNamesRankParameter : CuteDiagnostic<"operand '{0}' names the rank parameter '{1}', which the atom or '{2}' lacks",
    ["OpName", "Rank", "IntrinsicName"]>;
def OperandClusterRank : CuteDiagnostic<"operand '{0}' (the cluster rank of '{1}') must be in [{2}, {3}], not {4}",
    ["Rank", "OpName", "Min", "Max", "C"]>;
def OperandDoesNotMatch : CuteDiagnostic<"operand '{0}' does not match '{1}'",
    ["OpName", "IntrinsicName"]>;
def OperandMustInteger : CuteDiagnostic<"operand '{0}' must be an integer",
    ["OpName"]>;
def ImmediateNotInteger : CuteDiagnostic<"immediate '{0}' is not an integer",
    ["OpName"]>;
def AtomOperandNotConstant : CuteDiagnostic<"operand '{0}' must be a constant",
    ["OpName"]>;
def OperandWrongValue : CuteDiagnostic<"operand '{0}' must be {1}, not {2}",
    ["OpName", "Want", "N"]>;
def OperandNeedsTensorMemory : CuteDiagnostic<"operand '{0}' needs a tensor-memory address (an integer) parameter",
    ["OpName"]>;
def SupportOperationNeeds : CuteDiagnostic<"a support operation needs an NVVM intrinsic selector">;
def IntrinsicOverloaded : CuteDiagnostic<"'{0}' is overloaded",
    ["IntrinsicName"]>;
def VariantReturnsNotValue : CuteDiagnostic<"variant '{0}' returns {1}, not a value of the call's type",
    ["VName", "Have"]>;
def VariantReturnsNothing : CuteDiagnostic<"variant '{0}' returns nothing",
    ["VName"]>;
def VariantIntrinsicNoPhaseResult : CuteDiagnostic<"variant '{0}': its intrinsic does not return whether the phase completed",
    ["VName"]>;

//===--- lib/Lowering/LowerTma.cpp ---===//
def MustPointer : CuteDiagnostic<"{0} must be a pointer to {1}",
    ["What", "Pointee"]>;
def TmaTensorMapOperand : CuteDiagnostic<"the 128-byte tensor map">;
def MustPointTensorMap : CuteDiagnostic<"{0} must point to the tensor map in global, constant or kernel-parameter memory, not {1} memory",
    ["What", "Bad"]>;
def OperandNotI16OrI32 : CuteDiagnostic<"{0} must be an i16 or i32",
    ["What"]>;
def DoesNotFitBits : CuteDiagnostic<"{0} is {1}, which does not fit its 16 bits",
    ["What", "C"]>;
def SharedMemoryName : CuteDiagnostic<"shared memory">;
def MustPointCTAOwn : CuteDiagnostic<"{0} must point to the CTA's own shared memory, not to a cluster shared-memory address",
    ["What"]>;
def UnprovenShared : CuteDiagnostic<"{0} must point to shared memory, but nothing proves that it does: it derives from {1} (derive it from a __shared__ variable, or pass a pointer in address space 3)",
    ["What", "Object"]>;
def UnprovenParameter : CuteDiagnostic<"parameter #{0} of the device function '{1}'",
    ["Index", "Function"]>;
def UnprovenLoaded : CuteDiagnostic<"a pointer loaded from memory">;
def UnprovenInteger : CuteDiagnostic<"an integer cast to a pointer">;
def UnprovenCall : CuteDiagnostic<"the result of a call to '{0}'",
    ["Function"]>;
def UnprovenValue : CuteDiagnostic<"a value whose address space is not known">;
def DescTensorIterator : CuteDiagnostic<"the iterator of the tensor of 'llvm.cute.{0}'",
    ["Op"]>;
def MustPointSharedMemory : CuteDiagnostic<"{0} must point to shared memory, not {1} memory",
    ["What", "Bad"]>;
def OperandNotTMAOperand : CuteDiagnostic<"operand '{0}' is not a TMA operand",
    ["OpName"]>;
def TensorMapOperandBinds : CuteDiagnostic<"its tensor-map operand binds to no parameter of the atom">;
def TakesCoordinateAfter : CuteDiagnostic<"takes {0} coordinate(s){1} after its {2} operand(s), not {3} trailing operand(s)",
    ["Rank", "String", "Fixed", "Given"]>;
def TmaCoordinateNotI32 : CuteDiagnostic<"coordinate {0} must be an i32",
    ["Coordinate"]>;
def TMAVariantNeedsNVVM : CuteDiagnostic<"a TMA variant needs an NVVM intrinsic selector">;
def OperandsDoNotMatch : CuteDiagnostic<"its operands do not match the signature of '{0}'",
    ["IntrinsicName"]>;
def TmaIm2colOffsets : CuteDiagnostic<" and {0} im2col offset(s)",
    ["NumOffsets"]>;

//===--- lib/Lowering/LowerUmma.cpp ---===//
def AccumulatorTakesColumns : CuteDiagnostic<"the accumulator takes {0} columns of tensor memory from column {1}{2}, past the {3} columns allocated to its address",
    ["Columns", "Column", "Later", "Allocated"]>;
def OperandNotUMMAOperand : CuteDiagnostic<"operand '{0}' is not a UMMA operand",
    ["OpName"]>;
def OperandIdescMustBit : CuteDiagnostic<"operand 'idesc' must be a 32-bit integer">;
def OperandIdescSetsBits : CuteDiagnostic<"operand 'idesc' sets bits {0:x8} of the instruction descriptor, which the variant fixes (types, M, N, sparsity) or which are reserved; a call sets only {1:x8} (majors, negations{2})",
    ["Bad", "CallMask", "Saturation"]>;
def OperandsTMEMAddresses : CuteDiagnostic<"the operands are TMEM addresses and descriptors (integers)">;
def ScaleCNoPtxOperand : CuteDiagnostic<"operand 'scale_c' has no PTX operand in the record">;
def ScaleCOutOfRange : CuteDiagnostic<"operand 'scale_c' must be a constant from {0} to {1} (D is scaled by 2^-scale_c)",
    ["Min", "Max"]>;
def UmmaOperandTypeMismatch : CuteDiagnostic<"operand {0} does not match '{1}'",
    ["Operand", "IntrinsicName"]>;
def UMMANeedsTcgen05Mma : CuteDiagnostic<"a UMMA needs its tcgen05.mma intrinsic">;
def KindNoNVVMKind : CuteDiagnostic<"'.kind::{0}' has no NVVM kind",
    ["Kind"]>;
def OperandSdescMustBit : CuteDiagnostic<"operand 'sdesc' must be a 64-bit SMEM descriptor">;
def OperandRMustPoint : CuteDiagnostic<"operand 'r' must point at the registers">;
def MovesRegistersRecord : CuteDiagnostic<"'{0}' moves {1} registers, the record {2}",
    ["IntrinsicName", "N", "Count"]>;
def TensorMemoryCopyNeeds : CuteDiagnostic<"a tensor-memory copy needs its tcgen05 intrinsic">;
def OperandTaddrMustBit : CuteDiagnostic<"operand 'taddr' must be a 32-bit TMEM address">;
def RetrieveTmemPtrTakes : CuteDiagnostic<"retrieve_tmem_ptr takes the shared slot and the columns">;
def RetrieveTmemPtrReturns : CuteDiagnostic<"retrieve_tmem_ptr returns the 32-bit TMEM address">;
def EveryRetrievalHandle : CuteDiagnostic<"every retrieval of one handle in a function names the same variant and columns (the handle is allocated once)">;
def TmemSlotDefinedLate : CuteDiagnostic<"the slot must be defined before every retrieval of it">;
def TmemColumnsDefinedLate : CuteDiagnostic<"the columns must be known before every retrieval">;
def UmmaColumnOrLater : CuteDiagnostic<" or later">;
def IdescScaleFactorIds : CuteDiagnostic<", scale-factor ids">;
def IdescSaturation : CuteDiagnostic<", saturation">;

//===--- lib/Lowering/LowerWgmma.cpp ---===//
def RegisterFenceTakes : CuteDiagnostic<"a register fence takes one fragment and its register count">;
def OperandNotConstantInRange : CuteDiagnostic<"operand '{0}' must be a constant from {1} to {2}",
    ["Operand", "Min", "Max"]>;
def OperandMustConstantRegister : CuteDiagnostic<"operand '{0}' must be a constant register count from {1} to {2}",
    ["Operand", "Min", "Max"]>;

//===--- lib/Lowering/OperandBinder.cpp ---===//
def OperandNotUsedVariant : CuteDiagnostic<"operand '{0}' is not used by this variant and must be {1}",
    ["Name", "Null"]>;

//===--- lib/Lowering/Verify.cpp ---===//
def UsedOtherFunctionCall : CuteDiagnostic<"'{0}' is used other than as the function a call calls (its address is taken): the cute operations and atoms are called directly, by name",
    ["Name"]>;
def SurvivedLoweringAtoms : CuteDiagnostic<"'{0}' survived the lowering: atoms are lowered by {1}",
    ["Name", "Atom"]>;
def NotIntrinsic : CuteDiagnostic<"'{0}' is not a cute intrinsic",
    ["Name"]>;
def SurvivedLoweringOps : CuteDiagnostic<"'{0}' survived the lowering: {1} ops are removed by {2}, which did not run or could not lower this call",
    ["Name", "Stage", "Stage2"]>;

//===--- lib/Lowering/VerifyMma.cpp ---===//
def MmaLayoutMismatchOperand : CuteDiagnostic<"{0}{1} ({2}, operand {3}), but got {4}",
    ["Expects", "Want", "VName", "OName", "LayoutStr"]>;
def MmaElementTypesDiffer : CuteDiagnostic<"{0} {1}, but got {2}: {3}",
    ["Expects", "M", "OName", "M2"]>;
def MmaOperandATypeMismatch : CuteDiagnostic<"{0}{1}, but got {2}",
    ["Expects", "M", "M2"]>;

//===----------------------------------------------------------------------===//
// Tools (tools/)
//===----------------------------------------------------------------------===//

//===--- tools/cute-atoms/cute-atoms.cpp ---===//
def NothingDoGiveJson : CuteDiagnostic<"nothing to do: give --json, --tier, --atom or --diagnostics">;

//===--- tools/cute-layout/Batch.cpp ---===//
def InvalidJSONArraysObjects : CuteDiagnostic<"invalid JSON: arrays and objects nest deeper than {0} levels",
    ["MaxJsonDepth"]>;
def BatchInvalidJson : CuteDiagnostic<"invalid JSON: {0}",
    ["J"]>;
def ExpectedJSONObject : CuteDiagnostic<"expected a JSON object">;
def BatchKeyWrongKind : CuteDiagnostic<"\"{0}\" must be {1}",
    ["Key", "What"]>;
def MissingOp : CuteDiagnostic<"missing \"op\"">;
def MissingArgs : CuteDiagnostic<"missing \"args\"">;
def ArgsMustHoldStrings : CuteDiagnostic<"\"args\" must hold strings">;
def ArgTypesMustHold : CuteDiagnostic<"\"arg_types\" must hold strings">;
def UnknownArgType : CuteDiagnostic<"unknown arg type '{0}'",
    ["Type"]>;
def AttributeMustHoldIntegers : CuteDiagnostic<"attribute '{0}' must hold integers",
    ["Name"]>;
def AttributeUnsupportedValue : CuteDiagnostic<"attribute '{0}' has an unsupported value",
    ["Name"]>;
def ResultsMustHoldStrings : CuteDiagnostic<"\"results\" must hold strings">;
def CannotReadFile : CuteDiagnostic<"cannot read '{0}': {1}",
    ["Path", "Reason"]>;
def XFailLineMalformed : CuteDiagnostic<"{0}: expected 'LINE reason', got '{1}'",
    ["Path", "Line"]>;

//===--- tools/cute-layout/Render.cpp ---===//
def ExpectsStaticLayout : CuteDiagnostic<"{0} expects a static layout, but got {1}",
    ["What", "L"]>;
def ExpectsRankRankLayout : CuteDiagnostic<"{0} expects a rank-1 or rank-2 layout, but got {1} of rank {2}",
    ["What", "L", "Rank"]>;
def LayoutTooLargeDraw : CuteDiagnostic<"{0}: layout {1} is too large to draw",
    ["What", "Layout"]>;
def SvgTvExpectsPositive : CuteDiagnostic<"svg --tv expects a positive tile shape">;
def SvgTvExpectsRank : CuteDiagnostic<"svg --tv expects a rank-2 (thread, value) layout, but got {0}",
    ["TV"]>;
def SvgTvExpectsStatic : CuteDiagnostic<"svg --tv expects a static layout with integer strides, but got {0}",
    ["TV"]>;
def SvgTvTileToo : CuteDiagnostic<"svg --tv: tile is too large to draw">;
def SvgTvLayoutMaps : CuteDiagnostic<"svg --tv: layout {0} maps (T{1},V{2}) to {3}, outside the {4}x{5} tile",
    ["Layout", "T", "V", "Idx", "M", "N"]>;

//===--- tools/cute-layout/cute-layout.cpp ---===//
def UnknownOperationKnown : CuteDiagnostic<"unknown operation '{0}' (known: print, svg, and {1} algebra operations)",
    ["Op", "NumKnownOps"]>;
def UnknownOperandKind : CuteDiagnostic<"unknown operand kind '{0}'",
    ["Kind"]>;
def CannotOpen : CuteDiagnostic<"cannot open '{0}': {1}",
    ["Output", "Message"]>;
def JsonlTakesNoPositional : CuteDiagnostic<"--jsonl takes no positional operands">;
def CheckNeedsJsonlFILE : CuteDiagnostic<"--check needs --jsonl FILE">;
def ExpectedOperationTry : CuteDiagnostic<"expected an operation; try --help">;
def ExpectsLayout : CuteDiagnostic<"'{0}' expects one layout",
    ["Op"]>;
def SvgTvNeedsTile : CuteDiagnostic<"svg --tv needs --tile=M,N">;

//===--- tools/cute-opt/cute-opt.cpp ---===//
def CuteNameDefined : CuteDiagnostic<"{0}: '{1}' is defined in the module: the llvm.cute.* names are the lowering's operations and atoms, declared, never defined",
    ["Input", "Function"]>;
def LoweredModuleBroken : CuteDiagnostic<"the lowered module is broken">;

//===----------------------------------------------------------------------===//
// Record checks of cute-tblgen (TableGen/)
//===----------------------------------------------------------------------===//

//===--- TableGen/AtomRegistryEmitter.cpp ---===//
def VariantArgumentBound : CuteDiagnostic<"variant '{0}': argument '{1}' has a bound beyond 32 bits",
    ["VName", "AName"]>;

//===--- TableGen/AtomTraitsEmitter.cpp ---===//
def TraitsFieldNotLayout : CuteDiagnostic<"{0} '{1}' is not a layout: {2}",
    ["Field", "Text", "L"]>;
def NoThreadMode : CuteDiagnostic<"{0} '{1}' has no thread mode: {2}",
    ["Field", "Text", "Thr"]>;
def NotThreadValueLayout : CuteDiagnostic<"{0} '{1}' is not a (thread, value) layout",
    ["Field", "Text"]>;
def VariantNamesHashChange : CuteDiagnostic<"variant names '{0}' and '{1}' have one hash: change the hash of -gen-atom-traits",
    ["Prev", "VName"]>;
def GenAtomTraitsMore : CuteDiagnostic<"-gen-atom-traits: more distinct traits than a key holds">;

//===--- TableGen/CuteRecords.cpp ---===//
def PreviousDefinitionHere : CuteDiagnostic<"previous definition here">;
def RecordDefinedHere : CuteDiagnostic<"in the definition of '{0}'",
    ["RName"]>;
def DidYouMean : CuteDiagnostic<"; did you mean '{0}'?",
    ["Best"]>;
def KnownNames : CuteDiagnostic<" (known {0}: {1})",
    ["What", "Names"]>;
def RecordsErrorCount : CuteDiagnostic<"{0} error(s) in the records; nothing generated",
    ["Count"]>;
def CopyOperandSpaceContradicts : CuteDiagnostic<"variant '{0}' of copy atom '{1}': its PTX operand '{2}' (kind '{3}') is in {4}, but the atom's {5} residency is [{6}]",
    ["VName", "Mnemonic", "Operand", "Kind", "Residency", "Field", "Declared"]>;
def CopyLayoutBitsContradict : CuteDiagnostic<"variant '{0}' of copy atom '{1}': {2} '{3}' holds {4} value bit(s) per thread, but the variant's ValueBits is {5}",
    ["VName", "Mnemonic", "Field", "Layout", "Bits", "ValueBits"]>;
def FeatureOnNoTier : CuteDiagnostic<"feature '{0}' ({1}) is on no tier, but {2} need(s) it: {3}",
    ["FName", "RName", "What", "Names"]>;
def FeatureOnNoTierUnused : CuteDiagnostic<"feature '{0}' ({1}) is on no tier and no atom or variant needs it",
    ["FName", "RName"]>;
def MinPtxOnNotPTXISA : CuteDiagnostic<"MinPtxOn entry for tier '{0}' has PTX ISA {1}, not a version times ten (10 to 99)",
    ["Tier", "Ptx"]>;
def MinPtxOnTierTwice : CuteDiagnostic<"MinPtxOn names tier '{0}' twice",
    ["Tier"]>;
def AtomUsableOnNoTier : CuteDiagnostic<"atom '{0}' (min tier {1}) needs feature(s) {2}, which no tier at or below {1} has",
    ["Mnemonic", "MinTier", "Features"]>;
def VariantUsableOnNoTier : CuteDiagnostic<"variant '{0}' of atom '{1}' needs feature(s) {2}, which no tier that may use the atom has",
    ["VName", "Mnemonic", "Features"]>;
def TooManyRecords : CuteDiagnostic<"more than {0} {1} records",
    ["Max", "Class"]>;
def TooManyTiers : CuteDiagnostic<"more than 64 SM tiers">;
def TierNeedsPositiveArch : CuteDiagnostic<"tier '{0}' needs a positive arch and PTX version",
    ["TName"]>;
def TierUnknownTier : CuteDiagnostic<"tier '{0}' has unknown {1} tier '{2}'",
    ["TName", "Lower", "Name"]>;
def TierPartParentCycle : CuteDiagnostic<"tier '{0}' is part of a parent cycle: {1}",
    ["TName", "Path"]>;
def TierNeedsPTXISA : CuteDiagnostic<"tier '{0}' needs PTX ISA {1}.{2}, older than its parent '{3}' ({4}.{5})",
    ["TName", "PtxVersion", "PtxVersion2", "ParentName", "PtxVersion3", "PtxVersion4"]>;
def TierNamesFamilyNot : CuteDiagnostic<"tier '{0}' names '{1}' as its family, which is not a family tier of the same version and parent",
    ["TName", "FName"]>;
def AtomNoMnemonic : CuteDiagnostic<"atom '{0}' has no mnemonic",
    ["RName"]>;
def AtomNeitherMMACopy : CuteDiagnostic<"atom '{0}' is neither an MMA, copy, descriptor nor sync atom",
    ["Mnemonic"]>;
def AtomUnknownMinTier : CuteDiagnostic<"atom '{0}' has unknown min tier '{1}'",
    ["Mnemonic", "MinTier"]>;
def AtomImplementsNoInterface : CuteDiagnostic<"atom '{0}' implements no interface",
    ["Mnemonic"]>;
def MMAAtomMustImplement : CuteDiagnostic<"MMA atom '{0}' must implement MmaAtom",
    ["Mnemonic"]>;
def CopyAtomMustImplement : CuteDiagnostic<"copy atom '{0}' must implement CopyAtom",
    ["Mnemonic"]>;
def VariantAtomClassMismatch : CuteDiagnostic<"variant '{0}' does not match the class of atom '{1}'",
    ["VName", "Mnemonic"]>;
def AtomNoVariantsNoReason : CuteDiagnostic<"atom '{0}' has no variants and no NoVariantReason",
    ["Mnemonic"]>;
def AtomVariantNoVariantReason : CuteDiagnostic<"atom '{0}' has {1} variant(s) and a NoVariantReason",
    ["Mnemonic", "NumVariants"]>;
def VariantNotLayout : CuteDiagnostic<"variant '{0}': {1} '{2}' is not a layout: {3}",
    ["VName", "F", "Text", "L"]>;
def VariantTVLayoutsMissing : CuteDiagnostic<"variant '{0}' has {1} of its 3 TV layouts and no NoLayoutReason",
    ["VName", "Present"]>;
def VariantTVLayoutsNoLayoutReason : CuteDiagnostic<"variant '{0}' has TV layouts and a NoLayoutReason",
    ["VName"]>;
def VariantTVLayoutsNoThrID : CuteDiagnostic<"variant '{0}' has TV layouts but no ThrID",
    ["VName"]>;
def VariantFamilyAlsoVariant : CuteDiagnostic<"variant family '{0}' is also a variant name",
    ["Name"]>;
def VariantFamilyAtomTakes : CuteDiagnostic<"variant family '{0}': atom '{1}' takes no trailing operands to choose a member by",
    ["Name", "Mnemonic"]>;
def VariantFamilySpans : CuteDiagnostic<"variant family '{0}' spans atoms '{1}' and '{2}'",
    ["Name", "Mnemonic", "Mnemonic2"]>;
def VariantFamilyBothTake : CuteDiagnostic<"variant family '{0}': '{1}' and '{2}' both take {3} trailing operand(s)",
    ["Name", "VName", "ItName", "It"]>;
def AtomLatticeRule : CuteDiagnostic<"atom '{0}': lattice rule #{1}: {2}",
    ["Mnemonic", "I", "Msg"]>;
def IllegalLatticePoint : CuteDiagnostic<"illegal lattice point {0} for atom '{1}' (variant '{2}')",
    ["R", "Mnemonic", "VName"]>;
def MinPtxNotPTXISA : CuteDiagnostic<"MinPtx {0} is not a PTX ISA version times ten (10 to 99), nor 0",
    ["MinPtx"]>;
def PTXOperandKindCount : CuteDiagnostic<"PTX operand '{0}' of kind '{1}' has count {2} (expected {3} to {4})",
    ["Name", "Kind", "Count", "Min", "Max"]>;
def PTXOperandDescribed : CuteDiagnostic<"PTX operand '{0}' is described twice",
    ["Name"]>;
def PTXStatementUnbalanced : CuteDiagnostic<"PTX statement '{0}' has an unbalanced '{1}'",
    ["Stmt", "C"]>;
def PTXStatementLeaves : CuteDiagnostic<"PTX statement '{0}' leaves a '{1}' unclosed",
    ["Stmt", "Back"]>;
def PTXStatementNamesUnknown : CuteDiagnostic<"PTX statement '{0}' names unknown operand '${1}'",
    ["Stmt", "Name"]>;
def PTXStatementIndexes : CuteDiagnostic<"PTX statement '{0}' indexes '${1}', which is not a register list",
    ["Stmt", "Name"]>;
def PTXStatementIndexesSomething : CuteDiagnostic<"PTX statement '{0}' indexes '${1}' with something other than a number",
    ["Stmt", "Name"]>;
def PTXStatementNamesRegister : CuteDiagnostic<"PTX statement '{0}' names register {1} of '${2}', which has {3}",
    ["Stmt", "Index", "Name", "It"]>;
def PTXOperandAnotherCTA : CuteDiagnostic<"PTX operand '{0}' in another CTA of the cluster names no rank parameter",
    ["Name"]>;
def PTXOperandNamesRank : CuteDiagnostic<"PTX operand '{0}' names the rank parameter '{1}', which is not an integer parameter of atom '{2}'",
    ["Name", "Rank", "Mnemonic"]>;
def PTXOperandDescribedNo : CuteDiagnostic<"PTX operand '{0}' is described but no PTX statement issues it",
    ["Name"]>;
def PTXOperandBindsNo : CuteDiagnostic<"PTX operand '{0}' binds to no parameter of atom '{1}' (parameters: {2})",
    ["Name", "Mnemonic", "Name"]>;
def AtomFieldEmpty : CuteDiagnostic<"{0} is empty",
    ["F"]>;
def HoldsExtentsPositive : CuteDiagnostic<"{0} holds {1} (extents are positive)",
    ["F", "E"]>;
def UmmaKBitsInvalid : CuteDiagnostic<"KBits is {0}",
    ["KBits"]>;
def UmmaContainerBitsInvalid : CuteDiagnostic<"ContainerBits is {0}",
    ["Container"]>;
def UmmaCtasInvalid : CuteDiagnostic<"Ctas is {0} (1 or 2)",
    ["Ctas"]>;
def NoElementTypes : CuteDiagnostic<"it has no element types">;
def BitContainerCannot : CuteDiagnostic<"a {0}-bit container cannot hold {1} ({2} bits)",
    ["Container", "AName", "ABits"]>;
def KBitsNotWholeK : CuteDiagnostic<"KBits {0} is not a whole K of {1}-bit {2} values",
    ["KBits", "Unit", "AName"]>;
def AtomReturnsNoIR : CuteDiagnostic<"its atom returns '{0}', which has no IR type",
    ["Result"]>;
def ParameterCTypeNo : CuteDiagnostic<"parameter '{0}' has C type '{1}', which has no IR type",
    ["AName", "CType"]>;
def ParameterPointsRegisters : CuteDiagnostic<"parameter '{0}' points to registers of PTX type '{1}', which have no size in memory",
    ["AName", "RegType"]>;
def RegistersCountedNot : CuteDiagnostic<"the registers of '{0}' are counted by '{1}', which is not an integer parameter",
    ["AName", "CountArg"]>;
def MemoryOperandPoints : CuteDiagnostic<"memory operand '{0}' points to object '{1}' (expected buffer, mbarrier, tmem_slot or tensor_map)",
    ["AName", "Object"]>;
def MemoryOperandAlignment : CuteDiagnostic<"memory operand '{0}' has alignment {1}, not a power of two",
    ["AName", "Align"]>;
def PointerParameterBinds : CuteDiagnostic<"pointer parameter '{0}' binds to a '{1}' operand",
    ["AName", "Kind"]>;
def ParameterBothOperand : CuteDiagnostic<"parameter '{0}' is both an operand and the {1} of '{2}'",
    ["AName", "Count", "Name"]>;
def ImmediateStatesNoRange : CuteDiagnostic<"immediate '{0}' states no range (PtxImmArgIn, or a RangeCheck record of its atom)",
    ["AName"]>;
def IntegerParameterBinds : CuteDiagnostic<"integer parameter '{0}' binds to a '{1}' operand",
    ["AName", "Kind"]>;
def TrailingOperandPTX : CuteDiagnostic<"trailing operand '{0}' has PTX type '{1}', which has no C type",
    ["Name", "Type"]>;
def TrailingOperandsCount : CuteDiagnostic<"its trailing operands count {0}, not {1}",
    ["Trailing", "V"]>;

//===--- TableGen/OperandChecks.cpp ---===//
def OperandCheckProperty : CuteDiagnostic<"operand check '{0}': property '{1}' is not one of {2}",
    ["Check", "Property", "Known"]>;
def OperandCheckTooManyArgs : CuteDiagnostic<"operand check '{0}': diagnostic '{1}' names {2} arguments; a check supplies at most {3}",
    ["Check", "Diag", "Count", "Max"]>;
def OperandCheckArgument : CuteDiagnostic<"operand check '{0}': diagnostic '{1}' names argument '{2}', which a '{3}' check does not supply (it supplies {4})",
    ["Check", "Diag", "Arg", "Property", "Supplied"]>;
def OperandCheckRangeInvalid : CuteDiagnostic<"operand check '{0}': the range [{1}, {2}] with step {3} is empty, steps by less than 1 or does not fit 32 bits",
    ["Check", "Min", "Max", "Step"]>;
def OperandCheckAlignInvalid : CuteDiagnostic<"operand check '{0}': alignment {1} is not a power of two that fits 32 bits",
    ["Check", "Align"]>;
def OperandCheckNoTargets : CuteDiagnostic<"operand check '{0}' names no atom and no lowering kind",
    ["Check"]>;
def OperandCheckUnusedOperand : CuteDiagnostic<"operand check '{0}': atom '{1}' has no variant that uses an operand '{2}'",
    ["Check", "Mnemonic", "Operand"]>;
def OperandCheckKindNoAtom : CuteDiagnostic<"operand check '{0}': no atom of lowering kind {1} has variants that use an operand '{2}'",
    ["Check", "Kind", "Operand"]>;
def OperandCheckOperandType : CuteDiagnostic<"operand check '{0}': operand '{1}' of atom '{2}' is a '{3}', which a '{4}' check does not apply to (a range is an integer's, an alignment a pointer's)",
    ["Check", "Operand", "Mnemonic", "CType", "Property"]>;
def OperandCheckDuplicateRange : CuteDiagnostic<"operand check '{0}': operand '{1}' of atom '{2}' already has the range check '{3}'",
    ["Check", "Operand", "Mnemonic", "Other"]>;
def AtomCopyDirectionUnknown : CuteDiagnostic<"atom '{0}': direction '{1}' is not one of {2}",
    ["Mnemonic", "Direction", "Known"]>;
def AtomLoweringReadsField : CuteDiagnostic<"atom '{0}': its lowering kind {1} reads the field {2}, which the atom does not set",
    ["Mnemonic", "Kind", "Field"]>;

//===--- TableGen/DescriptorsEmitter.cpp ---===//
def DescWordWidth : CuteDiagnostic<"descriptor word '{0}' is {1} bits wide, not 32 or 64",
    ["Word", "Width"]>;
def DescFieldZeroWidth : CuteDiagnostic<"descriptor field '{0}' has width {1}: a field has 1 or more bits",
    ["Field", "Width"]>;
def DescFieldPastWord : CuteDiagnostic<"descriptor field '{0}' spans bits [{1},{2}), past the {3}-bit word '{4}'",
    ["Field", "Lo", "Hi", "Width", "Word"]>;
def DescFieldOverlap : CuteDiagnostic<"descriptor field '{0}' (bits [{1},{2})) overlaps field '{3}' (bits [{4},{5})) of word '{6}'",
    ["Field", "Lo", "Hi", "Other", "OtherLo", "OtherHi", "Word"]>;
def DescFieldDuplicate : CuteDiagnostic<"descriptor word '{0}' has two fields named '{1}'",
    ["Word", "Name"]>;
def DescCodeTooWide : CuteDiagnostic<"code '{0}' = {1} of '{2}' does not fit the {3}-bit field '{4}'",
    ["Code", "Value", "Enum", "Width", "Field"]>;
def DescCodeDuplicate : CuteDiagnostic<"'{0}' has two codes named '{1}'",
    ["Enum", "Name"]>;
def DescCodeDuplicateValue : CuteDiagnostic<"'{0}' gives the value {1} to both '{2}' and '{3}'",
    ["Enum", "Value", "Name", "Other"]>;
def DescEnumDuplicate : CuteDiagnostic<"descriptor enum '{0}' is defined twice",
    ["Name"]>;
def DescKindDuplicate : CuteDiagnostic<"kind '{0}' is in two format sets of '{1}'",
    ["Kind", "Table"]>;
def DescEnumNoCxxName : CuteDiagnostic<"code '{0}' of enum '{1}' has no C++ name (CxxName)",
    ["Code", "Enum"]>;

//===--- TableGen/LayoutPool.cpp ---===//
def RecordLayoutNotLayout : CuteDiagnostic<"'{0}' is not a layout: {1}",
    ["Text", "L"]>;
def LayoutPoolOutgrewPooledLayout : CuteDiagnostic<"the layout pool outgrew PooledLayout's offsets">;

//===--- TableGen/OpsEmitter.cpp ---===//
def OpDefinedTwice : CuteDiagnostic<"op '{0}' is defined twice",
    ["Op"]>;
def OpNameMustNon : CuteDiagnostic<"op name '{0}' must be a non-empty mnemonic without dots (nvgpu.* are atoms)",
    ["Op"]>;
def OpEvaluatorNeedsUnit : CuteDiagnostic<"op '{0}': an evaluator needs its unit and a unit its evaluator",
    ["Op"]>;
def OpLibraryMnemonicTaken : CuteDiagnostic<"op '{0}': library mnemonic '{1}' is taken",
    ["Op", "LibName"]>;
def OpLastOperandMay : CuteDiagnostic<"op '{0}': only the last operand may be variadic",
    ["Op"]>;
def OpMinArgsMaxArgs : CuteDiagnostic<"op '{0}': MinArgs > MaxArgs",
    ["Op"]>;
def OpAttributeListedTwice : CuteDiagnostic<"op '{0}': attribute '{1}' is listed twice",
    ["Op", "Key"]>;
def OpPrimitivesKeepTensor : CuteDiagnostic<"op '{0}': only primitives keep a tensor's iterator",
    ["Op"]>;
def UnknownAttributeType : CuteDiagnostic<"unknown attribute type '{0}'",
    ["Type"]>;
def CxxWrapperOpDoesNot : CuteDiagnostic<"CxxWrapper: op '{0}' does not have one result",
    ["Name"]>;
def CxxWrapperResultOp : CuteDiagnostic<"CxxWrapper: the result of op '{0}' has no C++ spelling",
    ["Name"]>;
def CxxWrapperOpVariadic : CuteDiagnostic<"CxxWrapper: op '{0}' has a variadic operand",
    ["Name"]>;
def CxxWrapperOperandOp : CuteDiagnostic<"CxxWrapper: an operand of op '{0}' has no C++ spelling",
    ["Name"]>;
def CxxWrapperOpReturns : CuteDiagnostic<"CxxWrapper: op '{0}' returns operand #0's kind, which is not generic",
    ["Name"]>;

//===--- TableGen/PtxProbeEmitter.cpp ---===//
def VariantPTXStatement : CuteDiagnostic<"variant '{0}': PTX statement '{1}' names unknown operand '${2}'",
    ["Name", "PtxAsm", "Name"]>;
def VariantNotRegister : CuteDiagnostic<"variant '{0}': '${1}[{2}]' is not a register of operand '{3}' ({4} registers)",
    ["Name", "Name", "Digits", "Operand", "Count"]>;
def GenPtxProbesNeeds : CuteDiagnostic<"-gen-ptx-probes needs -tier=<name>">;
def GenPtxProbesUnknown : CuteDiagnostic<"-gen-ptx-probes: unknown tier '{0}'",
    ["Name"]>;
def GenPtxProbesUnknownAtom : CuteDiagnostic<"-gen-ptx-probes: unknown atom '{0}'",
    ["ProbeAtom"]>;
def GenPtxProbesNothing : CuteDiagnostic<"-gen-ptx-probes: nothing generated">;
def NoPTXStatementPtxAsm : CuteDiagnostic<"no PTX statement (PtxAsm) to probe">;
def PtxStatementWrongInstruction : CuteDiagnostic<"PTX statement '{0}' does not issue its instruction '{1}'",
    ["Asm", "Ptx"]>;
def InlinePTXTemplateDiffers : CuteDiagnostic<"inline-PTX template '{0}' differs from its PTX statement '{1}'",
    ["Template", "Asm"]>;
def OperandUnknownKind : CuteDiagnostic<"operand '{0}' has unknown kind '{1}'",
    ["OpName", "Kind"]>;
def OperandRegistersBytes : CuteDiagnostic<"operand '{0}' has {1} registers or bytes",
    ["OpName", "Count"]>;
def OperandDescribedTwice : CuteDiagnostic<"operand '{0}' is described twice",
    ["OpName"]>;
def OperandDescribedNever : CuteDiagnostic<"operand '{0}' is described but never issued",
    ["OpName"]>;

//===--- TableGen/SelectorEmitter.cpp ---===//
def PTXOperandUnknownKind : CuteDiagnostic<"PTX operand '{0}' has unknown kind '{1}'",
    ["Name", "Kind"]>;
def VariantBindsNotNVVM : CuteDiagnostic<"variant '{0}' binds to '{1}', which is not an NVVM intrinsic",
    ["VName", "IntrName"]>;
def VariantEmptyPTXTemplate : CuteDiagnostic<"variant '{0}' has an empty PTX template",
    ["VName"]>;

//===----------------------------------------------------------------------===//
// Bound to operand properties by OperandCheck records (td/Atoms/*.td): the
// atom lowering reports them at the call after "variant '<name>': ", with
// the values their Args name (CheckArg, CuteLLVM/Registry/AtomEnums.h).
//===----------------------------------------------------------------------===//

def OperandNotInRange : CuteDiagnostic<"operand '{0}' must be in [{1}, {2}], not {3}",
    ["Operand", "Min", "Max", "Value"]>;
def OperandNotMultipleInRange : CuteDiagnostic<"operand '{0}' must be a multiple of {1} in [{2}, {3}], not {4}",
    ["Operand", "Step", "Min", "Max", "Value"]>;
def MbarrierMisaligned : CuteDiagnostic<"operand '{0}' must be {1}-byte aligned (an mbarrier object), but it is at byte {2} of {3}",
    ["Operand", "Align", "Offset", "Object"]>;
