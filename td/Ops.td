//===- Ops.td - The target-neutral llvm.cute.* ops ----------*- tablegen -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
//
// The single source of truth for the `llvm.cute.<op>` intrinsics that are
// not atoms (those are `llvm.cute.nvgpu.*`, in Cute.td): one record per op
// with its operands, results, attributes, the stage that lowers it, the
// layout-library evaluator behind it and its flags. cute-tblgen generates
// from these records:
//
//   -gen-op-table        the op enum, the name tables, the evaluator and
//                        attribute tables the passes and the layout
//                        library dispatch on (CuteOps.inc)
//   -gen-op-header-decls the asm-label declarations of <cute/llvm.h>
//   -gen-op-docs         the op reference of docs/ir-contract.md
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Stages and groups
//===----------------------------------------------------------------------===//

/// The lowering stage that removes an op. \p name is how the contract
/// (`cute-opt --list-intrinsics`, docs) spells it; the record name is the
/// C++ enumerator of cute::CuteStage.
class OpStage<string name, string pass> {
  string Name = name;
  string Pass = pass;
}
def Desugar : OpStage<"sugar", "cute-desugar">;
def Layout : OpStage<"primitive", "cute-lower-layout">;
def Atom : OpStage<"atom", "cute-lower-atoms">;

/// A pass of the lowering that is no stage's: \p pass is its `-passes=`
/// name (cute-opt, opt -load-pass-plugin); the record name is the C++
/// enumerator of cute::CutePass.
class LoweringPass<string pass> {
  string Pass = pass;
}
/// Inlines the helpers that pass cute values, before the stages.
def InlineHelpers : LoweringPass<"cute-inline-helpers">;
/// The check that no llvm.cute.* call survived the lowering.
def Verify : LoweringPass<"cute-verify">;
/// The whole lowering: the helpers, every stage, the cleanup and the check.
def Lower : LoweringPass<"cute-lower">;

/// The spec group of an op, as CuTe IR groups its ops; the record name is
/// the C++ enumerator of cute::CuteGroup.
class OpGroup;
def Constructor : OpGroup;
def Accessors : OpGroup;
def LayoutAlgebra : OpGroup;
def SizeIndex : OpGroup;
def Arithmetic : OpGroup;
def TilingPartitioningProducts : OpGroup;
def Tensor : OpGroup;
def Iterator : OpGroup;
def Debug : OpGroup;

//===----------------------------------------------------------------------===//
// Operand and result kinds
//===----------------------------------------------------------------------===//

/// What an operand or result is. \p name is how the docs spell it.
class ValueKindDef<string name, string doc> {
  string Name = name;
  string Doc = doc;
}
def AnyValue : ValueKindDef<"value", "a cute value: layout, composed layout, "
                                     "tuple, tiler, or a tensor">;
def LayoutValue : ValueKindDef<"layout", "a layout (a shape stands for its "
                                         "compact layout)">;
def TupleValue : ValueKindDef<"tuple", "an int tuple, shape, stride or "
                                       "coordinate">;
def ShapeValue : ValueKindDef<"shape", "a shape">;
def CoordValue : ValueKindDef<"coord", "a coordinate (or an integer)">;
def TilerValue : ValueKindDef<"tiler", "a tiler: a tile of layouts or a "
                                       "shape">;
def TensorValue : ValueKindDef<"tensor", "a tensor: iterator and layout">;
def IntValue : ValueKindDef<"int", "an integer, constant or dynamic">;
def BoolValue : ValueKindDef<"bool", "an integer 0 or 1">;
def ProfileValue : ValueKindDef<"profile", "a constant string in CuTe "
                                           "notation">;
def ElementTypeValue : ValueKindDef<"elem-type", "a constant string naming "
                                                 "an element type (f32, ...)">;
def PtrValue : ValueKindDef<"ptr", "a data pointer">;
def WordValue : ValueKindDef<"i64", "a 64-bit descriptor word">;
def StructValue : ValueKindDef<"struct", "an LLVM struct of packed leaves">;
def DescIterValue : ValueKindDef<"desc-iter", "a descriptor iterator">;
def ElementValue : ValueKindDef<"element", "a value of the element type">;
def SameValue : ValueKindDef<"same", "a value of operand #0's kind (a "
                                     "tensor stays a tensor)">;
def NoValue : ValueKindDef<"void", "nothing">;

/// One operand of an op.
class Operand<ValueKindDef kind, string name, bit optional = 0,
              bit variadic = 0> {
  ValueKindDef Kind = kind;
  string Name = name;
  bit Optional = optional;
  /// Any number of them (the last operand only).
  bit Variadic = variadic;
}
class Arg<ValueKindDef kind, string name> : Operand<kind, name>;
class OptArg<ValueKindDef kind, string name> : Operand<kind, name, 1>;
class VarArg<ValueKindDef kind, string name> : Operand<kind, name, 1, 1>;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// The type of an attribute's value in the trailing `key=value ...` string.
/// \p name is how diagnostics and docs spell it.
class AttrType<string name, bit isInt> {
  string Name = name;
  /// Parsed into integers (OpAttrs::Ints); otherwise kept as the string.
  bit IsInt = isInt;
  list<string> Values = [];
}
def IntAttr : AttrType<"an integer", 1>;
def IntListAttr : AttrType<"a comma-separated integer list", 1>;
def StringAttr : AttrType<"a string", 0>;
def LayoutStringAttr : AttrType<"a layout in CuTe notation", 0>;
def TileStringAttr : AttrType<"a tiler in CuTe notation", 0>;
/// A bare key (`strict`) with no value.
def FlagAttr : AttrType<"a flag (no value)", 0>;
class EnumAttr<list<string> values>
    : AttrType<"one of " # !interleave(values, ", "), 0> {
  let Values = values;
}

/// One attribute key an op accepts.
class OpAttr<string key, AttrType type, string doc> {
  string Key = key;
  AttrType Type = type;
  string Doc = doc;
}

def ModeAttr : OpAttr<"mode", IntListAttr, "the mode (path) to take">;
def StrictAttr : OpAttr<"strict", FlagAttr,
                        "reject what CuTe accepts but cannot be sound">;
def ResultAttr : OpAttr<"result", IntAttr, "which result to return">;
def RankAttr : OpAttr<"rank", IntAttr, "the rank to pad to">;
def BeginAttr : OpAttr<"begin", IntAttr, "the first mode of the group">;
def EndAttr : OpAttr<"end", IntAttr, "one past the last mode of the group">;
def OldTypeBitsAttr : OpAttr<"old_type_bits", IntAttr,
                             "the element width the layout is in">;
def NewTypeBitsAttr : OpAttr<"new_type_bits", IntAttr,
                             "the element width to recast to">;
def MajorAttr : OpAttr<"major", EnumAttr<["K", "MN"]>,
                       "the major mode of the shared-memory tensor">;
def GmmaSwizzleAttr : OpAttr<"swizzle", EnumAttr<["INTER", "SW32", "SW64",
                                                  "SW128"]>,
                             "the GMMA layout type: INTERLEAVE, or the 32-, "
                             "64- or 128-byte swizzle">;
def ContiguousOfAttr : OpAttr<"of", EnumAttr<["source", "destination"]>,
                              "the copy operand whose values are checked">;
def ExpectedOfAttr : OpAttr<"of", EnumAttr<["fragment", "copy",
                                             "tmem_registers", "coords",
                                             "rows", "mma_a", "mma_b",
                                             "mma_c", "gemm_a", "gemm_b",
                                             "gemm_c"]>,
                            "what the size is checked for: a register "
                            "fragment's array, a copy's destination, the "
                            "register side of a tensor-memory copy, "
                            "copy_if's coordinates, the rows of a (rows, "
                            "cols) view, a mode of the A, B or C operand "
                            "of gemm with an MMA atom ((values, M', K'), "
                            "(values, N', K'), (values, M', N')) or without "
                            "((M,K), (N,K), (M,N))">;
def PartitionModeAttr : OpAttr<"mode", IntAttr,
                               "1: inner (local_tile), 0: outer "
                               "(local_partition)">;

// The copy atom of a tiled copy: by its registry variant, or by its bit
// layouts as CuTe's Copy_Traits write them.
def CopyAtomAttr : OpAttr<"copy_atom", StringAttr,
                          "the copy atom, by registry variant name">;
def CopyThrIdAttr : OpAttr<"copy_thr_id", LayoutStringAttr,
                           "the copy atom's thread id layout">;
def CopySrcAttr : OpAttr<"copy_src", LayoutStringAttr,
                         "the copy atom's source TV layout (bits)">;
def CopyDstAttr : OpAttr<"copy_dst", LayoutStringAttr,
                         "the copy atom's destination TV layout (bits)">;
def CopyRefAttr : OpAttr<"copy_ref", LayoutStringAttr,
                         "the copy atom's reference TV layout (bits)">;
def ValueBitsAttr : OpAttr<"value_bits", IntAttr,
                           "the element width the copy layouts are recast "
                           "to">;
def ThrLayoutAttr : OpAttr<"thr_layout", LayoutStringAttr,
                           "the thread layout of make_tiled_copy">;
def ValLayoutAttr : OpAttr<"val_layout", LayoutStringAttr,
                           "the value layout of make_tiled_copy">;
def ValueTypeAttr : OpAttr<"value_type", StringAttr,
                           "the element type a named copy atom moves "
                           "(f16, bf16, u8, ...)">;
def LayoutTvAttr : OpAttr<"layout_tv", LayoutStringAttr,
                          "the TV layout of make_tiled_copy (with "
                          "tiler_mn)">;
def TilerMnAttr : OpAttr<"tiler_mn", TileStringAttr,
                         "the tiler of make_tiled_copy (with layout_tv)">;
defvar CopyAtomAttrs = [CopyAtomAttr, CopyThrIdAttr, CopySrcAttr, CopyDstAttr,
                        CopyRefAttr, ValueBitsAttr, ValueTypeAttr];

// The MMA atom and the tiling of a tiled MMA.
def MmaAtomAttr : OpAttr<"mma_atom", StringAttr,
                         "the MMA atom, by registry variant name">;
def MmaShapeAttr : OpAttr<"mma_shape", IntListAttr, "the atom's M,N,K">;
def MmaThrIdAttr : OpAttr<"mma_thr_id", LayoutStringAttr,
                          "the MMA atom's thread id layout">;
def MmaATvAttr : OpAttr<"mma_a_tv", LayoutStringAttr,
                        "the MMA atom's A TV layout">;
def MmaBTvAttr : OpAttr<"mma_b_tv", LayoutStringAttr,
                        "the MMA atom's B TV layout">;
def MmaCTvAttr : OpAttr<"mma_c_tv", LayoutStringAttr,
                        "the MMA atom's C TV layout">;
def AtomLayoutAttr : OpAttr<"atom_layout", LayoutStringAttr,
                            "the layout of atoms in the tiled MMA">;
def PermutationAttr : OpAttr<"permutation", TileStringAttr,
                             "the tiled MMA's permutation (`_` for none)">;
defvar MmaAtomAttrs = [MmaAtomAttr, MmaShapeAttr, MmaThrIdAttr, MmaATvAttr,
                       MmaBTvAttr, MmaCTvAttr, AtomLayoutAttr, PermutationAttr];

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// The name of the layout library's evaluator of an op: none, one in
/// lib/Layout/Ops*.cpp, or one in TiledOperations.cpp.
class EvalUnit<string name> { string Name = name; }
def NoEval : EvalUnit<"">;
def AlgebraEval : EvalUnit<"Algebra">;
def TiledEval : EvalUnit<"Tiled">;

/// One extern "C" declaration of <cute/llvm.h>: return type, parameter
/// list, and the C name after `__cute_` (the op's name by default).
class HeaderDecl<string ret, string params, string cname = ""> {
  string Ret = ret;
  string Params = params;
  string CName = cname;
}

/// One `llvm.cute.<name>` op.
class CuteOp<string name, OpStage stage, OpGroup group,
             list<Operand> operands, list<ValueKindDef> results,
             list<OpAttr> attrs = []> {
  string Name = name;
  OpStage Stage = stage;
  OpGroup Group = group;
  list<Operand> Operands = operands;
  list<ValueKindDef> Results = results;
  /// The number of results depends on the operands (one per leaf, ...).
  bit VariadicResults = 0;
  /// Several results: the `result=K` attribute picks one.
  bit MultiResult = !or(VariadicResults, !gt(!size(Results), 1));
  list<OpAttr> Attrs = !listconcat(attrs, !if(MultiResult, [ResultAttr], []));
  /// The layout library's evaluator: its mnemonic (the op name unless
  /// `tiled.copy.*` / `tiled.mma.*`), the C++ expression of the evaluator
  /// and where it lives.
  EvalUnit Unit = NoEval;
  string LibName = name;
  string Eval = "";
  /// The library's operand counts.
  int MinArgs = !foldl(0, Operands, n, o, !add(n, !not(o.Optional)));
  int MaxArgs = !size(Operands);
  /// The ValueKind enumerator a notation-string operand #0 is parsed as
  /// (the literal constructors), or "".
  string LiteralKind = "";
  /// Operand #0 is a profile in notation that cute-desugar checks (the
  /// literal constructors and unpack).
  bit ProfileOperand = !ne(LiteralKind, "");
  /// Applied to a tensor, the op rearranges its layout and keeps its
  /// iterator.
  bit KeepsTensorIterator = 0;
  /// One line: what it does.
  string Summary = !if(MultiResult,
                       "the layout-algebra operation of the same mnemonic; "
                       "`result=K` picks one of its results",
                       "the layout-algebra operation of the same mnemonic");
  /// The declarations of <cute/llvm.h> (asm label `llvm.cute.<name>`).
  list<HeaderDecl> Decls = [];
  /// cute-tblgen -gen-op-cxx-wrappers writes its C++ wrapper, named after
  /// the op, typed by its operand and result kinds (the ops whose wrappers
  /// <cute/llvm.h> does not write by hand).
  bit CxxWrapper = 0;
}

/// An op the layout library evaluates (the lib/Layout/Ops*.cpp of its group).
class AlgebraOp<string name, OpGroup group, list<Operand> operands,
                list<ValueKindDef> results, string eval,
                list<OpAttr> attrs = []>
    : CuteOp<name, Layout, group, operands, results, attrs> {
  let Unit = AlgebraEval;
  let Eval = eval;
}

/// A TiledCopy / TiledMMA op the layout library evaluates
/// (TiledOperations.cpp), under mnemonic \p lib.
class TiledOp<string name, string lib, OpGroup group, list<Operand> operands,
              list<ValueKindDef> results, string eval, list<OpAttr> attrs>
    : CuteOp<name, Layout, group, operands, results, attrs> {
  let Unit = TiledEval;
  let LibName = lib;
  let Eval = eval;
}

/// An op the layout lowering handles itself (no library evaluator).
class PrimitiveOp<string name, OpGroup group, list<Operand> operands,
                  list<ValueKindDef> results, string summary,
                  list<OpAttr> attrs = []>
    : CuteOp<name, Layout, group, operands, results, attrs> {
  let Summary = summary;
}

/// Sugar: cute-desugar rewrites it into primitives.
class SugarOp<string name, OpGroup group, list<Operand> operands,
              list<ValueKindDef> results, string summary>
    : CuteOp<name, Desugar, group, operands, results> {
  let Summary = summary;
}

//===--- Constructors from notation ---------------------------------------===//

/// `make_<kind>(profile, ?-leaves...)`: a value from CuTe notation whose
/// `?` leaves take the integer operands in order.
class LiteralOp<string name, string kind, string summary>
    : PrimitiveOp<name, Constructor,
                  [Arg<ProfileValue, "profile">, VarArg<IntValue, "leaves">],
                  [AnyValue], summary> {
  let LiteralKind = kind;
  let Decls = [HeaderDecl<"void *", "(const char *, ...)">];
}
def : LiteralOp<"make_int_tuple", "IntTuple",
                "an int tuple from notation; each `?` leaf takes the next "
                "integer">;
def : LiteralOp<"make_shape", "Shape",
                "a shape from notation; leaves must be positive">;
def : LiteralOp<"make_stride", "Stride",
                "a stride from notation (integers or scaled bases)">;
def : LiteralOp<"make_coord", "Coord",
                "a coordinate from notation; `_` leaves slice">;
def : LiteralOp<"make_tile", "Tile",
                "a tiler from notation: `(2:1,4)` or `[2:1;4:1]`">;
def : LiteralOp<"make_swizzle", "Swizzle", "a swizzle `S<B,M,S>`">;
def : PrimitiveOp<"make_tuple", Constructor,
                  [VarArg<AnyValue, "modes">], [AnyValue],
                  "a tuple whose modes are the operands (cute values or "
                  "integers); with a layout among them a tiler, mode by "
                  "mode (CuTe's make_tile of layouts; an integer or shape "
                  "n is n:1)"> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : PrimitiveOp<"unpack", Constructor,
                  [Arg<ProfileValue, "profile">, Arg<StructValue, "packed">],
                  [AnyValue],
                  "a cute value of the given profile from its packed "
                  "struct"> {
  let ProfileOperand = 1;
}

// make_layout and make_composed_layout take notation too, or cute values
// (the library's operation).
def : AlgebraOp<"make_layout", Constructor,
                [Arg<AnyValue, "shape">, OptArg<TupleValue, "stride">],
                [LayoutValue], "evalMakeLayout"> {
  let MaxArgs = 8;
  let LiteralKind = "Layout";
  let Decls = [HeaderDecl<"void *", "(const char *, ...)">];
}
def : AlgebraOp<"make_composed_layout", Constructor,
                [Arg<AnyValue, "inner">, Arg<IntValue, "offset">,
                 Arg<LayoutValue, "outer">],
                [AnyValue], "evalMakeComposedLayout"> {
  let LiteralKind = "ComposedLayout";
}
def : AlgebraOp<"make_identity_layout", Constructor,
                [Arg<ShapeValue, "shape">], [LayoutValue],
                "evalMakeIdentityLayout"> {
  let Decls = [HeaderDecl<"void *", "(void *)">];
}
def : AlgebraOp<"make_gmma_layout_atom", Constructor,
                [Arg<IntValue, "element_bits">], [AnyValue],
                "evalMakeGmmaLayoutAtom", [MajorAttr, GmmaSwizzleAttr]> {
  let Summary = "CuTe's canonical GMMA shared-memory layout atom of elements "
                "of element_bits bits (GMMA::Layout_<major>_<swizzle>_Atom): "
                "INTER, SW32, SW64 or SW128, K- or MN-major";
  let Decls = [HeaderDecl<"void *", "(int, const char *)">];
}
def : AlgebraOp<"make_layout_like", Constructor, [Arg<LayoutValue, "layout">],
                [LayoutValue], "evalMakeLayoutLike"> {
  let Decls = [HeaderDecl<"void *", "(void *)">];
}
def : AlgebraOp<"make_ordered_layout", Constructor,
                [Arg<ShapeValue, "shape">, Arg<TupleValue, "order">],
                [LayoutValue], "evalMakeOrderedLayout"> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}

//===--- Size and index ---------------------------------------------------===//

def : AlgebraOp<"size", SizeIndex, [Arg<AnyValue, "value">], [IntValue],
                "evalSize", [ModeAttr]> {
  let Decls = [HeaderDecl<"int", "(...)">];
}
def : AlgebraOp<"cosize", SizeIndex, [Arg<AnyValue, "value">], [IntValue],
                "evalCosize", [ModeAttr]> {
  let Decls = [HeaderDecl<"int", "(...)">];
}
def : AlgebraOp<"rank", SizeIndex, [Arg<AnyValue, "value">], [IntValue],
                "evalRank"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"depth", SizeIndex, [Arg<AnyValue, "value">], [IntValue],
                "evalDepth"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"crd2idx", SizeIndex,
                [Arg<CoordValue, "coord">, Arg<AnyValue, "shape">,
                 OptArg<TupleValue, "stride">],
                [IntValue], "evalCrd2Idx"> {
  let Decls = [HeaderDecl<"int", "(...)">,
               HeaderDecl<"void *", "(...)", "crd2idx_tuple">];
}
def : AlgebraOp<"idx2crd", SizeIndex,
                [Arg<IntValue, "index">, Arg<ShapeValue, "shape">,
                 OptArg<TupleValue, "stride">],
                [CoordValue], "evalIdx2Crd"> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : AlgebraOp<"eval", SizeIndex, [Arg<AnyValue, "value">], [AnyValue],
                "evalEval">;
def : AlgebraOp<"layout_eval", SizeIndex,
                [Arg<LayoutValue, "layout">, Arg<CoordValue, "coord">],
                [AnyValue], "evalLayoutEval">;
def : AlgebraOp<"swizzle", SizeIndex,
                [Arg<AnyValue, "swizzle">, Arg<IntValue, "offset">],
                [IntValue], "evalSwizzle"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"contiguous", SizeIndex,
                [Arg<AnyValue, "layout">, Arg<IntValue, "index">,
                 Arg<IntValue, "count">],
                [IntValue], "evalContiguous"> {
  let Summary = "whether indices [index, index + count) of a layout or "
                "swizzled layout map to consecutive offsets: 1 (always), 0 "
                "(never), -1 (not known at compile time); the vector width "
                "test of copy(), from the layout and the divisibility of "
                "the dynamic index and offset (CuTe's max_common_vector)";
  let Decls = [HeaderDecl<"int", "(void *, int, int)">];
}
def : AlgebraOp<"increment_coord", SizeIndex,
                [Arg<CoordValue, "coord">, Arg<ShapeValue, "shape">],
                [CoordValue], "evalIncrementCoord"> {
  let CxxWrapper = 1;
}
foreach Side = ["append", "prepend"] in
def : AlgebraOp<Side # "_to_rank", SizeIndex,
                [Arg<AnyValue, "value">, Arg<AnyValue, "element">],
                [SameValue], "eval" # !toupper(!substr(Side, 0, 1)) #
                             !substr(Side, 1) # "ToRank",
                [RankAttr]> {
  let CxxWrapper = 1;
}

//===--- Arithmetic -------------------------------------------------------===//

def : AlgebraOp<"shape_div", Arithmetic,
                [Arg<TupleValue, "a">, Arg<TupleValue, "b">], [TupleValue],
                "evalShapeDiv"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"ceil_div", Arithmetic,
                [Arg<TupleValue, "a">, Arg<TupleValue, "b">], [TupleValue],
                "evalCeilDiv"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"prefix_product", Arithmetic,
                [Arg<TupleValue, "tuple">, OptArg<TupleValue, "init">],
                [TupleValue], "evalPrefixProduct"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"tuple_product", Arithmetic, [Arg<TupleValue, "tuple">],
                [IntValue], "evalTupleProduct"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"tuple_product_each", Arithmetic, [Arg<TupleValue, "tuple">],
                [TupleValue], "evalTupleProductEach"> {
  let CxxWrapper = 1;
}
foreach Op = ["Add", "Sub"] in
def : AlgebraOp<"tuple_" # !tolower(Op), Arithmetic,
                [Arg<TupleValue, "a">, Arg<TupleValue, "b">], [TupleValue],
                "evalTuple" # Op> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"elem_less", Arithmetic,
                [Arg<TupleValue, "a">, Arg<TupleValue, "b">], [BoolValue],
                "evalElemLess"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"equal", Arithmetic,
                [Arg<AnyValue, "a">, Arg<AnyValue, "b">], [BoolValue],
                "evalEqual"> {
  let CxxWrapper = 1;
}

//===--- Accessors --------------------------------------------------------===//

def : AlgebraOp<"get", Accessors, [Arg<AnyValue, "value">], [SameValue],
                "evalGet", [ModeAttr]> {
  let KeepsTensorIterator = 1;
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : AlgebraOp<"select", Accessors, [Arg<AnyValue, "value">], [SameValue],
                "evalSelect", [ModeAttr]> {
  let CxxWrapper = 1;
  let KeepsTensorIterator = 1;
}
foreach Part = ["Shape", "Stride"] in
def : AlgebraOp<"get_" # !tolower(Part), Accessors,
                [Arg<LayoutValue, "layout">], [TupleValue],
                "evalGet" # Part> {
  let Decls = [HeaderDecl<"void *", "(void *)">];
}
def : AlgebraOp<"get_leaves", Accessors, [Arg<AnyValue, "value">],
                [IntValue], "evalGetLeaves"> {
  let VariadicResults = 1;
}
def : AlgebraOp<"get_layouts_from_tile", Accessors, [Arg<TilerValue, "tile">],
                [LayoutValue], "evalGetLayoutsFromTile"> {
  let VariadicResults = 1;
}
foreach Part = ["Inner", "Offset", "Outer"] in
def : AlgebraOp<"composed_get_" # !tolower(Part), Accessors,
                [Arg<AnyValue, "composed">], [AnyValue],
                "evalComposed" # Part>;
foreach Kind = ["IntTuple", "Shape", "Stride", "Coord"] in
def : AlgebraOp<"to_" # !cond(!eq(Kind, "IntTuple") : "int_tuple",
                              true : !tolower(Kind)),
                Accessors, [Arg<TupleValue, "tuple">], [TupleValue],
                "evalTo" # Kind>;
def : AlgebraOp<"flatten", Accessors, [Arg<AnyValue, "value">], [SameValue],
                "evalFlatten"> {
  let CxxWrapper = 1;
  let KeepsTensorIterator = 1;
}
def : AlgebraOp<"group_modes", Accessors, [Arg<AnyValue, "value">],
                [SameValue], "evalGroupModes", [BeginAttr, EndAttr]> {
  let CxxWrapper = 1;
  let KeepsTensorIterator = 1;
}
def : AlgebraOp<"parse", Accessors, [Arg<ProfileValue, "notation">],
                [AnyValue], "evalParse">;
def : PrimitiveOp<"get_leaf", Accessors,
                  [Arg<AnyValue, "value">, Arg<IntValue, "K">], [IntValue],
                  "the K-th leaf (left to right) of a tuple or layout, as an "
                  "integer"> {
  let Decls = [HeaderDecl<"int", "(void *, int)">];
}
def : PrimitiveOp<"pack", Accessors, [Arg<AnyValue, "value">], [StructValue],
                  "a layout or tuple as an LLVM struct: per mode (shape, "
                  "stride) pairs, nested modes as nested structs">;

//===--- Layout algebra ---------------------------------------------------===//

def : AlgebraOp<"coalesce", LayoutAlgebra,
                [Arg<AnyValue, "value">, OptArg<TupleValue, "profile">],
                [SameValue], "evalCoalesce"> {
  let KeepsTensorIterator = 1;
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : AlgebraOp<"filter", LayoutAlgebra,
                [Arg<AnyValue, "value">, OptArg<TupleValue, "profile">],
                [SameValue], "evalFilter"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"filter_zeros", LayoutAlgebra, [Arg<AnyValue, "value">],
                [SameValue], "evalFilterZeros"> {
  let CxxWrapper = 1;
  let KeepsTensorIterator = 1;
}
def : AlgebraOp<"composition", LayoutAlgebra,
                [Arg<AnyValue, "a">, Arg<AnyValue, "b">], [SameValue],
                "evalComposition", [StrictAttr]> {
  let KeepsTensorIterator = 1;
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : AlgebraOp<"complement", LayoutAlgebra,
                [Arg<LayoutValue, "layout">, OptArg<IntValue, "cosize">],
                [LayoutValue], "evalComplement", [StrictAttr]> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
foreach Side = ["Right", "Left"] in
def : AlgebraOp<!tolower(Side) # "_inverse", LayoutAlgebra,
                [Arg<LayoutValue, "layout">], [LayoutValue],
                "eval" # Side # "Inverse"> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"recast_layout", LayoutAlgebra, [Arg<LayoutValue, "layout">],
                [LayoutValue], "evalRecastLayout",
                [OldTypeBitsAttr, NewTypeBitsAttr]> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"slice", LayoutAlgebra,
                [Arg<AnyValue, "value">, Arg<CoordValue, "coord">],
                [SameValue], "evalSlice"> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : AlgebraOp<"slice_and_offset", LayoutAlgebra,
                [Arg<AnyValue, "value">, Arg<CoordValue, "coord">],
                [SameValue, TupleValue], "evalSliceAndOffset"> {
  let Summary = "CuTe's slice_and_offset: the slice of a layout at a "
                "coordinate with `_` leaves (result 0) and the offset at "
                "which it starts (result 1): an index, or for a coordinate "
                "layout (an identity layout's) the coordinate of the "
                "slice's origin, which a sliced identity tensor keeps";
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : AlgebraOp<"dice", LayoutAlgebra,
                [Arg<AnyValue, "value">, Arg<CoordValue, "coord">],
                [SameValue], "evalDice"> {
  let CxxWrapper = 1;
}

//===--- Tiling, partitioning and products --------------------------------===//

// logical_divide ... flat_product: layout by tiler, through the library's
// logicalDivide ... flatProduct.
foreach Kind = ["logical", "zipped", "tiled", "flat"] in {
  def : AlgebraOp<Kind # "_divide", TilingPartitioningProducts,
                  [Arg<AnyValue, "value">, Arg<TilerValue, "tiler">],
                  [SameValue], "evalTiler<" # Kind # "Divide>",
                  [StrictAttr]> {
    let KeepsTensorIterator = 1;
    let Decls = !if(!eq(Kind, "flat"), [],
                    [HeaderDecl<"void *", "(...)">]);
    let CxxWrapper = !eq(Kind, "flat");
  }
  def : AlgebraOp<Kind # "_product", TilingPartitioningProducts,
                  [Arg<AnyValue, "value">, Arg<TilerValue, "tiler">],
                  [SameValue], "evalTiler<" # Kind # "Product>",
                  [StrictAttr]> {
    let Decls = !if(!eq(Kind, "logical"), [HeaderDecl<"void *", "(...)">],
                    []);
    let CxxWrapper = !ne(Kind, "logical");
  }
}
foreach Kind = ["blocked", "raked"] in
def : AlgebraOp<Kind # "_product", TilingPartitioningProducts,
                [Arg<LayoutValue, "a">, Arg<LayoutValue, "b">], [LayoutValue],
                "evalRankProduct<" # Kind # "Product>", [StrictAttr]> {
  let CxxWrapper = 1;
}
def : AlgebraOp<"tile_to_shape", TilingPartitioningProducts,
                [Arg<LayoutValue, "block">, Arg<ShapeValue, "shape">,
                 OptArg<TupleValue, "order">],
                [LayoutValue], "evalTileToShape", [StrictAttr]> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : AlgebraOp<"tile_to_mma_shape", TilingPartitioningProducts,
                [Arg<LayoutValue, "atom">, Arg<ShapeValue, "mma_shape">],
                [LayoutValue], "evalTileToMmaShape", [StrictAttr]> {
  let Summary = "CuTe's UMMA::tile_to_mma_shape: a shared-memory layout atom "
                "tiled over an MMA partition shape ((MMA_M,MMA_K),NUM_MMA_M,"
                "NUM_MMA_K,...) (partition_shape_A/B's), the layout of that "
                "shape";
  let CxxWrapper = 1;
}
def : PrimitiveOp<"partition_coord", TilingPartitioningProducts,
                  [Arg<AnyValue, "zipped">, Arg<CoordValue, "coord">],
                  [CoordValue],
                  "the slicing coordinate of inner (mode=1: local_tile) or "
                  "outer (mode=0: local_partition) partitioning of a "
                  "zipped_divide result",
                  [PartitionModeAttr]>;
def : SugarOp<"local_tile", TilingPartitioningProducts,
              [Arg<TensorValue, "tensor">, Arg<TilerValue, "tiler">,
               Arg<CoordValue, "coord">],
              [TensorValue],
              "the tile at a coordinate: zipped_divide then slice (_, "
              "coord)"> {
  let Decls = [HeaderDecl<"void *", "(void *, void *, void *)">];
}
def : SugarOp<"local_partition", TilingPartitioningProducts,
              [Arg<TensorValue, "tensor">, Arg<LayoutValue, "threads">,
               Arg<IntValue, "thread">, OptArg<CoordValue, "projection">],
              [TensorValue],
              "the elements a thread owns: zipped_divide by the thread "
              "layout's shape, then slice (coord of the thread, _); with a "
              "projection (CuTe's Step: `(1,_)` for Step<_1,X>), the "
              "thread layout and the thread's coordinate are diced by it "
              "first (the modes it gives an integer stay)"> {
  let Decls = [HeaderDecl<"void *", "(void *, void *, int)">,
               HeaderDecl<"void *", "(void *, void *, int, void *)",
                          "local_partition_proj">];
}

//===--- TiledCopy and TiledMMA -------------------------------------------===//

/// A tiled copy: its TV layout, tiler, and source and destination TV
/// layouts.
defvar TiledCopyResults = [LayoutValue, ShapeValue, LayoutValue, LayoutValue];
def : TiledOp<"make_layout_tv", "make_layout_tv", Constructor,
              [Arg<LayoutValue, "threads">, Arg<LayoutValue, "values">],
              [ShapeValue, LayoutValue], "evalMakeLayoutTV", []> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
// The tiled constructors also take their atom and layouts as constant-string
// operands, in CuTe's order (make_tiled_mma("NAME", atom_layout,
// permutation), make_tiled_copy("NAME", type, thr, val),
// make_tiled_copy_A/B/C("NAME", type, %mma)); the lowering turns those into
// the attributes below before the library sees the op.
def : TiledOp<"make_tiled_copy", "make_tiled_copy", Constructor,
              [OptArg<LayoutValue, "tv">, OptArg<ShapeValue, "tiler">],
              TiledCopyResults, "evalMakeTiledCopy",
              !listconcat(CopyAtomAttrs, [ThrLayoutAttr, ValLayoutAttr,
                                          LayoutTvAttr, TilerMnAttr])> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
// make_tmem_copy("NAME", type, %tmem_layout): CuTe's make_tmem_copy(atom,
// tmem_tensor), of a tcgen05.ld/st atom over four warps on a TMEM tensor of
// that layout (coordinate -> TMEM address).
def TmemLayoutAttr : OpAttr<"tmem_layout", LayoutStringAttr,
                            "the layout of the TMEM tensor make_tmem_copy "
                            "tiles (coordinate -> TMEM address)">;
def : TiledOp<"make_tmem_copy", "make_tmem_copy", Constructor, [],
              TiledCopyResults, "evalMakeTmemCopy",
              !listconcat(CopyAtomAttrs, [TmemLayoutAttr])> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
foreach X = ["A", "B", "C"] in
def : TiledOp<"make_tiled_copy_" # X, "make_tiled_copy_" # X, Constructor,
              [], TiledCopyResults,
              "evalMakeTiledCopyMma<makeTiledCopy" # X # ", "
                  # !cond(!eq(X, "A") : 0, !eq(X, "B") : 1, true : 2) # ">",
              !listconcat(CopyAtomAttrs, MmaAtomAttrs)> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}
def : TiledOp<"make_tiled_mma", "make_tiled_mma", Constructor, [],
              [LayoutValue, LayoutValue, LayoutValue, TilerValue],
              "evalMakeTiledMma", MmaAtomAttrs> {
  let Decls = [HeaderDecl<"void *", "(...)">];
}

// The tiled copy ops take (tensor, tv, tiler[, thread]) in IR; the library
// takes the tensor third.
// With a tiled-copy object from make_tiled_copy* instead of (tv, tiler), the
// object stands last: retile(tensor, %copy), partition_S(tensor, thread,
// %copy).
defvar CopyTensorOperands = [Arg<AnyValue, "tensor">,
                             OptArg<LayoutValue, "tv">,
                             OptArg<ShapeValue, "tiler">];
foreach Op = ["tidfrg_S", "tidfrg_D", "retile"] in
def : TiledOp<Op, "tiled.copy." # Op, TilingPartitioningProducts,
              CopyTensorOperands, [SameValue],
              "evalCopyTensorOp<" # !subst("_S", "S", !subst("_D", "D", Op))
                                  # ">",
              CopyAtomAttrs> {
  let KeepsTensorIterator = 1;
  let Decls = !if(!eq(Op, "retile"), [HeaderDecl<"void *", "(void *, void *)">],
                  []);
}
foreach X = ["S", "D"] in
def : TiledOp<"partition_" # X, "tiled.copy.partition_" # X,
              TilingPartitioningProducts,
              [Arg<AnyValue, "tensor">, Arg<LayoutValue, "tv">,
               OptArg<ShapeValue, "tiler">, OptArg<IntValue, "thread">],
              [SameValue, CoordValue], "evalCopyPartition<partition" # X # ">",
              CopyAtomAttrs> {
  let Decls = !listconcat(
      [HeaderDecl<"void *", "(void *, void *, void *, int)">,
       HeaderDecl<"void *", "(void *, int, void *)", "partition_" # X # "_obj">,
       HeaderDecl<"void *", "(void *, int, void *, const char *)",
                  "partition_" # X # "_obj_attr">],
      !if(!eq(X, "S"),
          [HeaderDecl<"void *", "(void *, void *, void *, int, const char *)",
                      "partition_S_attr">],
          []));
}
def : TiledOp<"get_slice", "tiled.mma.get_slice", TilingPartitioningProducts,
              [Arg<IntValue, "thread">], [AnyValue], "evalMmaGetSlice",
              MmaAtomAttrs>;
foreach X = ["A", "B", "C"] in {
  def : TiledOp<"thrfrg_" # X, "tiled.mma.thrfrg_" # X,
                TilingPartitioningProducts, [Arg<AnyValue, "tensor">],
                [SameValue], "evalMmaTensorOp<thrfrg" # X # ">",
                MmaAtomAttrs> {
    let KeepsTensorIterator = 1;
  }
  def : TiledOp<"partition_" # X, "tiled.mma.partition_" # X,
                TilingPartitioningProducts,
                [Arg<AnyValue, "tensor">, Arg<IntValue, "thread">],
                [SameValue, CoordValue], "evalMmaPartition<partition" # X # ">",
                MmaAtomAttrs> {
    let Decls = [HeaderDecl<"void *", "(void *, int, void *)">,
                 HeaderDecl<"void *", "(void *, int, void *, const char *)",
                            "partition_" # X # "_attr">];
  }
  def : TiledOp<"partition_fragment_" # X, "tiled.mma.partition_fragment_" # X,
                TilingPartitioningProducts,
                [Arg<AnyValue, "tensor">, OptArg<IntValue, "thread">],
                [LayoutValue],
                "evalMmaFragment<partitionFragment" # X # ">", MmaAtomAttrs> {
    let Decls = [HeaderDecl<"void *", "(void *, void *)">];
  }
}

//===--- Tensors and iterators --------------------------------------------===//

def : PrimitiveOp<"make_view", Tensor,
                  [Arg<PtrValue, "iterator">, Arg<LayoutValue, "layout">,
                   Arg<ElementTypeValue, "element">],
                  [TensorValue],
                  "a tensor: an iterator (pointer, or the i32 address of "
                  "tensor memory, whose layout maps to TMEM addresses), a "
                  "layout and an element type"> {
  let Decls = [HeaderDecl<"void *", "(const void *, void *, const char *)">,
               HeaderDecl<"void *", "(unsigned, void *, const char *)",
                          "make_view_tmem">];
}
def : PrimitiveOp<"expect_size", Tensor,
                  [Arg<AnyValue, "value">, Arg<IntValue, "size">], [NoValue],
                  "a compile-time check that a layout or tensor (or its "
                  "mode `mode`) has `size` elements (a fragment's array, a "
                  "copy's source, the matching extent of another gemm "
                  "operand): an error at the call where both are constants "
                  "and differ, or where the mode does not exist",
                  [ExpectedOfAttr, ModeAttr]> {
  let Decls = [HeaderDecl<"void", "(void *, int, const char *)">];
}
def : PrimitiveOp<"expect_contiguous", Tensor,
                  [Arg<AnyValue, "layout">, Arg<IntValue, "index">,
                   Arg<IntValue, "count">],
                  [NoValue],
                  "a compile-time check that indices [index, index + count) "
                  "of a layout map to consecutive offsets (one call of a "
                  "copy atom that moves count contiguous values): an error "
                  "at the call where the layout algebra proves they never "
                  "do; nothing otherwise",
                  [ContiguousOfAttr]> {
  let Decls = [HeaderDecl<"void", "(void *, int, int, const char *)">];
}
def : PrimitiveOp<"is_rmem", Tensor, [Arg<TensorValue, "tensor">],
                  [BoolValue],
                  "CuTe's is_rmem: 1 where the tensor's iterator points into "
                  "registers (a local array: a register fragment), 0 "
                  "otherwise; a constant once lowered, so that copy "
                  "algorithms unroll every access to a fragment"> {
  let Decls = [HeaderDecl<"int", "(void *)">];
}
def : PrimitiveOp<"get_layout", Tensor, [Arg<TensorValue, "tensor">],
                  [LayoutValue], "the layout of a tensor"> {
  let Decls = [HeaderDecl<"void *", "(void *)">];
}
def : PrimitiveOp<"memref_load", Tensor,
                  [Arg<TensorValue, "tensor">, Arg<CoordValue, "coord">],
                  [ElementValue],
                  "load the element of a tensor at a coordinate">;
def : PrimitiveOp<"memref_store", Tensor,
                  [Arg<TensorValue, "tensor">, Arg<CoordValue, "coord">,
                   Arg<ElementValue, "value">],
                  [NoValue],
                  "store to the element of a tensor at a coordinate">;
foreach Kind = ["gmma", "umma"] in
def : PrimitiveOp<"make_" # Kind # "_desc", Tensor,
                  [Arg<TensorValue, "smem">], [WordValue],
                  !if(!eq(Kind, "gmma"),
                      "the i64 GMMA descriptor of a shared-memory tensor "
                      "(\"major=K\" or \"major=MN\"), as CuTe's make_gmma_desc",
                      "the i64 SM100 UMMA shared-memory descriptor of a "
                      "shared-memory tensor (\"major=K\" or \"major=MN\"), as "
                      "CuTe's make_umma_desc"),
                  [MajorAttr]> {
  let Decls = [HeaderDecl<"uint64_t", "(void *, const char *)">];
}
def : PrimitiveOp<"get_iter", Iterator,
                  [Arg<AnyValue, "tensor">, OptArg<IntValue, "extent">,
                   OptArg<IntValue, "tile">, OptArg<IntValue, "stride">],
                  [PtrValue],
                  "the iterator of a tensor (of a tensor in tensor memory: "
                  "its i32 TMEM address); with (ptr, extent, tile, stride) "
                  "operands, a descriptor iterator"> {
  let Decls = [HeaderDecl<"void *", "(void *)">,
               HeaderDecl<"unsigned", "(void *)", "get_iter_tmem">];
}
def : PrimitiveOp<"add_offset", Iterator,
                  [Arg<AnyValue, "iterator">, Arg<IntValue, "offset">],
                  [SameValue],
                  "advance (or, with a negative constant, rewind) a "
                  "descriptor iterator or a tensor's iterator"> {
  let CxxWrapper = 1;
}
def : PrimitiveOp<"deref_desc_iter", Iterator,
                  [Arg<DescIterValue, "iterator">], [WordValue],
                  "the address a descriptor iterator points at: base + index "
                  "* stride">;

//===--- Debugging --------------------------------------------------------===//

def : PrimitiveOp<"print_format", Debug, [Arg<AnyValue, "value">],
                  [PtrValue],
                  "the vprintf format of a cute value: its notation, %d or "
                  "%lld for each dynamic leaf, and a newline">;
def : PrimitiveOp<"print_args", Debug, [Arg<AnyValue, "value">], [PtrValue],
                  "a buffer of the dynamic leaves of a cute value, as vprintf "
                  "reads its arguments">;
def : SugarOp<"print", Debug, [Arg<AnyValue, "value">], [NoValue],
              "print a cute value (its notation, dynamic leaves at run "
              "time)"> {
  let Decls = [HeaderDecl<"void *", "(void *)">];
}

//===--- Accumulator views (FlashAttention) -------------------------------===//

/// Attribute \p a of a second TiledMMA of an op, under \p prefix. A TiledMMA
/// object operand after the first gives its attributes under the prefix its
/// op declares (the op accepts `<prefix>mma_atom`); the first gives them
/// unprefixed.
class PrefixedAttr<string prefix, string whose, OpAttr a>
    : OpAttr<prefix # a.Key, a.Type, a.Doc # " (of " # whose # ")">;
defvar OperandAMmaAttrs =
    !foreach(A, MmaAtomAttrs,
             PrefixedAttr<"a_", "the TiledMMA that reads the A operand", A>);

def : TiledOp<"convert_layout_acc_rowcol",
              "tiled.mma.convert_layout_acc_rowcol",
              TilingPartitioningProducts, [Arg<AnyValue, "tile">],
              [LayoutValue, IntValue], "evalAccRowCol", MmaAtomAttrs> {
  let Summary = "the accumulator fragment (partition_fragment_C) of a "
                "TiledMMA object over the (M,N) tile (a shape, or a "
                "layout's or tensor's shape) as ((rows),(cols)) of the tile "
                "(result 0), and the number of threads that hold each "
                "thread's rows, a power of two whose xor group shares them "
                "(result 1, computed and checked only when picked)";
  let Decls = [HeaderDecl<"void *", "(void *, void *, const char *)">,
               HeaderDecl<"int", "(void *, void *, const char *)",
                          "convert_layout_acc_rowcol_int">];
}
def : TiledOp<"convert_layout_acc_Aregs",
              "tiled.mma.convert_layout_acc_Aregs",
              TilingPartitioningProducts, [Arg<AnyValue, "tile">],
              [LayoutValue], "evalAccToOperandA",
              !listconcat(MmaAtomAttrs, OperandAMmaAttrs)> {
  let Summary = "the accumulator fragment of the first TiledMMA object over "
                "the (M,N) tile as the A operand fragment of the second "
                "(whose attributes are the a_ ones) over (M,K=N): a layout "
                "from partition_fragment_A's shape to accumulator "
                "registers; an error where a thread would need another's "
                "values";
  let Decls = [HeaderDecl<"void *", "(void *, void *, void *)">];
}
def : TiledOp<"convert_layout_acc_Aregs_permuted",
              "tiled.mma.convert_layout_acc_Aregs_permuted",
              TilingPartitioningProducts, [Arg<AnyValue, "tile">],
              [LayoutValue, LayoutValue], "evalAccToOperandAPermuted",
              !listconcat(MmaAtomAttrs, OperandAMmaAttrs)> {
  let Summary = "convert_layout_acc_Aregs under a permutation of K (the "
                "8-bit WGMMA's A operand): the accumulator fragment of the "
                "first TiledMMA object as the A operand fragment of the "
                "second, A column k being accumulator column PermK(k) "
                "(result 0), and PermK, a layout of the tile's K extent "
                "that the B operand's rows must follow (result 1; the "
                "identity where none is needed); derived by matching each "
                "thread's accumulator columns of a row to its A columns of "
                "the row in register order, an error unless the matches "
                "agree on one permutation that is a layout";
  let Decls = [HeaderDecl<"void *", "(void *, void *, void *, const char *)">];
}
