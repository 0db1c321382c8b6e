//===- LowerLayoutAlgebra.cpp - cute-lower-layout: algebra ----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The layout algebra of cute-lower-layout: literals and tuples, leaf and
/// partition accessors, and every op the layout library evaluates
/// (including the tiled constructors), folded at compile time.
///
//===----------------------------------------------------------------------===//

#include "LowerLayoutImpl.h"

#include "CuteLLVM/Registry/TiledAtoms.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/FormatVariadic.h"

#include <array>

using namespace llvm;

namespace cute {
namespace lowerlayout {

namespace {

/// The prefixes under which \p Info takes the attributes of TiledMMA
/// objects after the first: P for each attribute `P` + `mma_atom` it
/// declares with a non-empty P, in the records' order.
SmallVector<std::string, 2> secondMmaPrefixes(const CuteOpInfo &Info) {
  SmallVector<std::string, 2> Out;
  for (const OpAttrInfo &A : Info.Attrs)
    if (A.Key.ends_with("mma_atom") && A.Key != "mma_atom")
      Out.push_back(A.Key.drop_back(StringRef("mma_atom").size()).str());
  return Out;
}

} // namespace

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

void FunctionLowering::lowerLiteral(CallInst &CI, StringRef Op) {
  std::optional<StringRef> Text =
      CI.arg_size() ? getConstantString(CI.getArgOperand(0)) : std::nullopt;
  if (!Text)
    return error(CI, diag(DiagID::ExpectsConstantString, Op));
  // make_layout of a shape alone: CuTe's compact column-major layout.
  bool ShapeOnly =
      Op == "make_layout" && literalKind(Op, *Text) == ValueKind::Shape;
  auto Parsed = Notation.parse(*Text, *literalKind(Op, *Text));
  if (!Parsed)
    return error(CI, diag(DiagID::OpProfileInvalid, Op, *Text,
                          describeError(Parsed.takeError())));
  Value V = **Parsed;
  // Bind each `?` to the next integer operand.
  unsigned NextOp = 1;
  std::string Bad;
  forEachInt(V, [&](Int &I) {
    if (I.isStatic() || !Bad.empty())
      return;
    if (NextOp >= CI.arg_size()) {
      ++NextOp;
      return;
    }
    llvm::Value *Op = CI.getArgOperand(NextOp++);
    if (!Op->getType()->isIntegerTy()) {
      Bad = formatv("operand #{0} of a dynamic leaf must be an integer",
                    NextOp - 1);
      return;
    }
    // A constant (a C++ constexpr: BM, Stages) is a static leaf, as CuTe's
    // Int<N>: the layout folds as if the notation spelled it. It must fit
    // the leaf's width and divisibility.
    if (auto *C = dyn_cast<ConstantInt>(Op)) {
      unsigned Width = I.width();
      int64_t V = C->getValue().getSExtValue();
      if (!C->getValue().isSignedIntN(Width) ||
          (Width < 64 && !APInt(64, V, true).isSignedIntN(Width)))
        Bad = formatv("operand #{0}: {1} does not fit the i{2} leaf it binds",
                      NextOp - 1, V, Width);
      else if (I.divisibility() > 1 && V % I.divisibility())
        Bad = formatv("operand #{0}: {1} is not a multiple of {2}, as its "
                      "leaf requires",
                      NextOp - 1, V, I.divisibility());
      else
        I = Int(V);
      return;
    }
    I = Syms.bind(Op, I.width(), I.divisibility())
            .withKnownDivisor(knownPowerOfTwoDivisor(Op, CI.getDataLayout()));
  });
  if (!Bad.empty())
    return error(CI, formatv("'llvm.cute.{0}': {1}", Op, Bad));
  if (NextOp != CI.arg_size())
    return error(CI, diag(DiagID::ProfileDynamicLeaves, Op, *Text, NextOp - 1,
                          CI.arg_size() - 1));
  Handle H;
  H.V = std::move(V);
  if (ShapeOnly)
    H.V = Value::fromLayout(makeLayout(H.V.tuple()));
  define(CI, std::move(H));
}

void FunctionLowering::lowerMakeTuple(CallInst &CI) {
  std::vector<Value> Ops;
  bool AnyLayout = false;
  for (unsigned I = 0; I < CI.arg_size(); ++I) {
    auto V = operandValue(CI, I);
    if (!V)
      return;
    bool IsTiler =
        V->kind() == ValueKind::Layout || V->kind() == ValueKind::Tile;
    if (!V->isTupleKind() && !IsTiler)
      return error(
          CI, diag(DiagID::MakeTupleOperandKind, I, valueKindName(V->kind())));
    AnyLayout |= IsTiler;
    Ops.push_back(std::move(*V));
  }
  Handle H;
  if (AnyLayout) {
    // CuTe's make_tile(Layout, ...): a tiler mode by mode, an integer or a
    // shape n standing for n:1 as composition reads it.
    std::vector<Tile> Modes;
    for (Value &V : Ops)
      Modes.push_back(V.kind() == ValueKind::Layout ? Tile(V.layout())
                      : V.kind() == ValueKind::Tile
                          ? V.tile()
                          : Tile::fromShape(V.tuple(), /*UnitStride=*/true));
    H.V = Value::fromTile(Tile(std::move(Modes)));
  } else {
    ValueKind Kind = ValueKind::IntTuple;
    std::vector<IntTuple> Modes;
    for (Value &V : Ops) {
      if (Modes.empty())
        Kind = V.kind() == ValueKind::Int ? ValueKind::IntTuple : V.kind();
      Modes.push_back(V.tuple());
    }
    H.V = Value::fromTuple(IntTuple(std::move(Modes)), Kind);
  }
  define(CI, std::move(H));
}

//===----------------------------------------------------------------------===//
// Accessors and materialisation
//===----------------------------------------------------------------------===//

void FunctionLowering::lowerGetLeaf(CallInst &CI) {
  auto *K =
      CI.arg_size() == 2 ? dyn_cast<ConstantInt>(CI.getArgOperand(1)) : nullptr;
  if (!K || !CI.getType()->isIntegerTy())
    return error(CI, diag(DiagID::LeafExpectsValueConstant));
  auto V = operandValue(CI, 0);
  if (!V)
    return;
  const APInt &KV = K->getValue();
  // A coordinate of scaled bases (an identity layout's: `?@0`, `(a@0,b@1)`)
  // is the sum of its terms: leaf K is the sum of the coefficients of basis
  // K, 0 where it has none (`?@0` is the coordinate (?,0)).
  if (V->isTupleKind() && !KV.isNegative() && KV.ult(64)) {
    bool AllBases = true;
    Int Sum(0);
    forEachLeaf(V->tuple(), [&](const IntTuple &L) {
      if (!L.isBasis() || L.basis().size() != 1) {
        AllBases = false;
        return;
      }
      if (L.basis()[0] == KV.getZExtValue())
        Sum = Sum + L.value();
    });
    if (AllBases)
      return defineInt(CI, Sum);
  }
  std::vector<Int> Leaves;
  forEachInt(*V, [&](const Int &I) { Leaves.push_back(I); });
  // The index as the user wrote it, in any width: -1 is not leaf 2^32 - 1,
  // and an i128 2^64 is not leaf 0.
  if (KV.isNegative() || KV.uge(Leaves.size()))
    return error(CI, diag(DiagID::GetLeafOutOfRange,
                          toString(KV, 10, /*Signed=*/true), V->str(),
                          Leaves.size()));
  defineInt(CI, Leaves[KV.getZExtValue()]);
}

namespace {
/// The attributes of \p CI's third operand, a constant string, for op
/// \p Op; empty attributes when there is none (the caller checks what it
/// needs).
Expected<OpAttrs> thirdOperandAttrs(CallInst &CI, CuteOp Op) {
  std::optional<StringRef> Text = CI.arg_size() == 3
                                      ? getConstantString(CI.getArgOperand(2))
                                      : std::nullopt;
  return Text ? parseOpAttrs(opInfo(Op), *Text) : Expected<OpAttrs>(OpAttrs());
}
} // namespace

namespace {
/// \p V as a constant integer, folding the instructions it is computed by
/// once their operands are constants (the size of another tensor, lowered
/// to a constant, times a constant): a few levels deep.
ConstantInt *foldToConstantInt(llvm::Value *V, const DataLayout &DL,
                               unsigned Depth = 0) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8 || !(isa<BinaryOperator>(I) || isa<CastInst>(I)))
    return nullptr;
  SmallVector<Constant *, 2> Ops;
  for (llvm::Value *Op : I->operands()) {
    ConstantInt *C = foldToConstantInt(Op, DL, Depth + 1);
    if (!C)
      return nullptr;
    Ops.push_back(C);
  }
  return dyn_cast_or_null<ConstantInt>(ConstantFoldInstOperands(I, Ops, DL));
}
} // namespace

namespace {
/// What an `of` of expect_size checks in a mode of a gemm operand: the
/// operand and the names of its modes (the atom forms, (MMA, M', K') and
/// so on; the atom-less gemm's (M,K), (N,K), (M,N)).
struct GemmOperandModes {
  StringRef Of;
  StringRef Operand;
  std::array<StringRef, 3> Modes;
};
constexpr GemmOperandModes GemmOperands[] = {
    {"mma_a", "A", {"values", "M", "K"}}, {"mma_b", "B", {"values", "N", "K"}},
    {"mma_c", "C", {"values", "M", "N"}}, {"gemm_a", "A", {"M", "K", ""}},
    {"gemm_b", "B", {"N", "K", ""}},      {"gemm_c", "C", {"M", "N", ""}},
};

/// The gemm operand an `of` names, and mode \p Mode of it; null for other
/// checks.
const GemmOperandModes *gemmOperand(StringRef Of, ArrayRef<int64_t> Mode) {
  for (const GemmOperandModes &G : GemmOperands)
    if (G.Of == Of && Mode.size() == 1 && Mode[0] >= 0 && Mode[0] <= 2 &&
        !G.Modes[Mode[0]].empty())
      return &G;
  return nullptr;
}

/// The message of an expect_size whose value \p V (mode \p Mode of it, or
/// all of it when \p Mode is empty) has \p Have elements where \p Want
/// were expected, for the check \p Of.
std::string expectSizeMessage(StringRef Of, ArrayRef<int64_t> Mode,
                              const Value &V, int64_t Want, int64_t Have) {
  if (Of == "tmem_registers")
    return formatv("copy: the tensor-memory partition moves {0} values per "
                   "thread, but the register tensor {1} holds {2}",
                   Want, V.str(), Have);
  if (Of == "copy")
    return formatv("copy: the source has {0} elements, but the destination "
                   "{1} has {2}",
                   Want, V.str(), Have);
  if (Of == "coords")
    return formatv("copy_if: the source has {0} elements, but the "
                   "coordinates {1} (the partition of the identity layout "
                   "of another tile?) have {2}",
                   Want, V.str(), Have);
  if (Of == "rows")
    return formatv("the (rows, cols) view {0} has {1} rows (mode 0), but "
                   "the array of row values holds {2}",
                   V.str(), Have, Want);
  for (const GemmOperandModes &G : GemmOperands)
    if (G.Of == Of && Mode.empty())
      return formatv("gemm: {0} ({1}) has {2} elements, but the atom and "
                     "the other operands make it {3}{4}",
                     G.Operand, V.str(), Have, Want,
                     Have > Want ? " (a k-block not sliced off?)" : "");
  if (const GemmOperandModes *G = gemmOperand(Of, Mode)) {
    StringRef Dim = G->Modes[Mode[0]];
    bool Values = Of.starts_with("mma_") && Mode[0] == 0;
    std::string Need =
        Values ? formatv("each call of the MMA atom takes {0} values of "
                         "{1}{2}",
                         Want, G->Operand,
                         G->Operand == "C" ? "" : " (are A and B swapped?)")
                     .str()
               : formatv("the other operands' {0} is {1}{2}", Dim, Want,
                         Of == "gemm_b" ? " (B is (N,K), as in CuTe)" : "")
                     .str();
    return formatv("gemm: mode {0} of {1} ({2}), {3}, has size {4}, but {5}",
                   Mode[0], G->Operand, V.str(),
                   Values ? "the values of one atom call" : "its " + Dim.str(),
                   Have, Need);
  }
  return formatv("make_fragment: the array holds {0} elements, but the "
                 "layout {1} has {2}",
                 Want, V.str(), Have);
}

/// The message of an expect_size of mode \p Mode of \p V, which has none.
std::string missingModeMessage(ArrayRef<int64_t> Mode, const Value &V) {
  std::string Path = llvm::join(
      llvm::map_range(Mode, [](int64_t X) { return std::to_string(X); }), ",");
  return formatv("'llvm.cute.expect_size': {0} has no mode {1}", V.str(), Path);
}
} // namespace

bool FunctionLowering::firstFailedCheckAt(const Instruction &I) {
  const DILocation *Loc = I.getDebugLoc();
  return !Loc || !Loc->getLine() ||
         ChecksFailedAt
             .insert(
                 {Loc->getFilename().str(), Loc->getLine(), Loc->getColumn()})
             .second;
}

void FunctionLowering::lowerExpectSize(CallInst &CI) {
  auto Attrs = thirdOperandAttrs(CI, CuteOp::expect_size);
  if (!Attrs)
    return error(CI, toString(Attrs.takeError()));
  if (!Attrs->Strings.count("of") ||
      !CI.getArgOperand(1)->getType()->isIntegerTy()) {
    // The values of `of` as the op's record lists them.
    std::string Ofs;
    for (const OpAttrInfo &A : opInfo(CuteOp::expect_size).Attrs)
      if (A.Key == "of")
        Ofs = llvm::join(A.Values, "|");
    return error(CI, diag(DiagID::ExpectSizeExpectsValue, Ofs));
  }
  auto V = operandValue(CI, 0);
  if (!V)
    return;
  const Layout *L = V->kind() == ValueKind::Layout ? &V->layout()
                    : V->kind() == ValueKind::ComposedLayout
                        ? &V->composed().Outer
                        : nullptr;
  StringRef Of = Attrs->Strings.at("of");
  ArrayRef<int64_t> Mode;
  if (const std::vector<int64_t> *M = Attrs->getList("mode"))
    Mode = *M;
  // The size checked: of the whole value, or of its mode `mode`.
  std::optional<Int> Have;
  if (L && Mode.empty()) {
    Have = size(*L);
  } else if (L) {
    OpAttrs ModeOnly;
    ModeOnly.Ints["mode"] = Mode;
    auto R = evaluateOp("size", {Value::fromLayout(*L)}, ModeOnly);
    if (!R) {
      consumeError(R.takeError());
      // A gemm operand of a lower rank has extent 1 in the modes it lacks
      // (CuTe's (V) fragment of one atom); any other value must have the
      // mode.
      if (!gemmOperand(Of, Mode))
        return error(CI, missingModeMessage(Mode, *V));
      Have = Int(1);
    } else if (R->size() == 1 && R->front().isTupleKind() &&
               R->front().tuple().isInt()) {
      Have = R->front().tuple().value();
    }
  }
  ConstantInt *Want =
      foldToConstantInt(CI.getArgOperand(1), CI.getDataLayout());
  // Known on both sides: a mismatch is an error here, at the user's call;
  // anything dynamic is the caller's to check.
  if (Have && Have->isStatic() && Want &&
      Want->getSExtValue() != Have->value()) {
    // One error per call of the user's: its other checks are silent.
    if (!firstFailedCheckAt(CI)) {
      Dead.push_back(&CI);
      return;
    }
    return error(CI, expectSizeMessage(Of, Mode, *V, Want->getSExtValue(),
                                       Have->value()));
  }
  Dead.push_back(&CI);
}

void FunctionLowering::lowerExpectContiguous(CallInst &CI) {
  std::optional<StringRef> Text = CI.arg_size() == 4
                                      ? getConstantString(CI.getArgOperand(3))
                                      : std::nullopt;
  auto Attrs = Text ? parseOpAttrs(opInfo(CuteOp::expect_contiguous), *Text)
                    : Expected<OpAttrs>(OpAttrs());
  if (!Attrs)
    return error(CI, toString(Attrs.takeError()));
  if (!Attrs->Strings.count("of"))
    return error(CI, diag(DiagID::ExpectContiguousExpects));
  std::vector<Value> Vals;
  for (unsigned I = 0; I < 3; ++I) {
    auto V = operandValue(CI, I);
    if (!V)
      return;
    Vals.push_back(std::move(*V));
  }
  OpAttrs None;
  auto R = evaluateOp("contiguous", Vals, None);
  if (!R)
    return error(CI, R.takeError());
  // Proven never contiguous: the atom would move other values than these.
  if (R->size() == 1 && R->front().isTupleKind() &&
      R->front().tuple().isInt() && R->front().tuple().value().is(0))
  {
    bool StaticIndex = Vals[1].isTupleKind() && Vals[1].tuple().isInt() &&
                       Vals[1].tuple().value().isStatic();
    std::string Which =
        StaticIndex
            ? formatv("values [{0}, {0} + {1}) of the {2}", Vals[1].str(),
                      Vals[2].str(), Attrs->Strings.at("of"))
                  .str()
            : formatv("no call's values of the {0}", Attrs->Strings.at("of"))
                  .str();
    return error(CI, diag(DiagID::CopyEachCallAtom, Vals[2].str(), Which,
                          Vals[0].str()));
  }
  Dead.push_back(&CI);
}

/// The slicing coordinate of CuTe's inner_partition (`mode=1`: the tile at
/// a coordinate, `(repeat<R0>(_), append<R1>(coord, _))`) and
/// outer_partition (`mode=0`: an element of every tile,
/// `(append<R0>(coord, _), repeat<R1>(_))`) of a zipped-divided value.
void FunctionLowering::lowerPartitionCoord(CallInst &CI) {
  auto Attrs = thirdOperandAttrs(CI, CuteOp::partition_coord);
  if (!Attrs)
    return error(CI, toString(Attrs.takeError()));
  std::optional<int64_t> Mode = Attrs->getInt("mode");
  if (!Mode || (*Mode != 0 && *Mode != 1))
    return error(CI, diag(DiagID::PartitionCoordExpects));
  auto Tiled = operandValue(CI, 0);
  auto Crd = operandValue(CI, 1);
  if (!Tiled || !Crd)
    return;
  // A composed layout (a swizzled tensor's) is zipped in its outer layout.
  const IntTuple *Shape = Tiled->kind() == ValueKind::Layout
                              ? &Tiled->layout().Shape
                          : Tiled->kind() == ValueKind::ComposedLayout
                              ? &Tiled->composed().Outer.Shape
                          : Tiled->isTupleKind() ? &Tiled->tuple()
                                                 : nullptr;
  if (!Shape || !Shape->isTuple() || Shape->size() != 2 || !Crd->isTupleKind())
    return error(CI, diag(DiagID::PartitionCoordExpectsZipped));
  auto Repeat = [](unsigned R) {
    return IntTuple(std::vector<IntTuple>(R, IntTuple::underscore()));
  };
  auto Append = [](IntTuple C, unsigned R) {
    if (!C.isTuple())
      return C;
    while (C.size() < R)
      C.push_back(IntTuple::underscore());
    return C;
  };
  unsigned R0 = rank((*Shape)[0]), R1 = rank((*Shape)[1]);
  Handle H;
  H.V = Value::fromTuple(*Mode == 1
                             ? IntTuple{Repeat(R0), Append(Crd->tuple(), R1)}
                             : IntTuple{Append(Crd->tuple(), R0), Repeat(R1)},
                         ValueKind::Coord);
  define(CI, std::move(H));
}

//===----------------------------------------------------------------------===//
// Layout algebra
//===----------------------------------------------------------------------===//

bool FunctionLowering::positionalTiledAttrs(CallInst &CI, StringRef Op,
                                            unsigned &NumOps, OpAttrs &Attrs) {
  // (name, atom_layout, permutation) for make_tiled_mma; (name, value
  // type, thr_layout, val_layout) for make_tiled_copy; (name, value type,
  // tiled MMA) for make_tiled_copy_A/B/C. A string is a name or notation;
  // a cute value is given to the builder as it is; a tiled object is among
  // the objects already.
  static const char *const MmaKeys[] = {"mma_atom", "atom_layout",
                                        "permutation"};
  static const char *const CopyKeys[] = {"copy_atom", "value_type",
                                         "thr_layout", "val_layout"};
  static const char *const CopyMmaKeys[] = {"copy_atom", "value_type"};
  static const char *const TmemKeys[] = {"copy_atom", "value_type",
                                         "tmem_layout"};
  ArrayRef<const char *> Keys = Op == "make_tiled_mma"    ? ArrayRef(MmaKeys)
                                : Op == "make_tiled_copy" ? ArrayRef(CopyKeys)
                                : Op == "make_tmem_copy"
                                    ? ArrayRef(TmemKeys)
                                    : ArrayRef(CopyMmaKeys);
  unsigned Pos = 0;
  for (unsigned I = 0; I < NumOps; ++I) {
    llvm::Value *Arg = CI.getArgOperand(I);
    const Handle *H = getHandle(Arg);
    if (H && H->Tiled)
      continue;
    std::optional<StringRef> Str = getConstantString(Arg);
    if (!Str && !(H && H->K == Handle::Algebra)) {
      error(CI, diag(DiagID::OperandNotConstant, Op, I));
      return false;
    }
    if (Pos >= Keys.size()) {
      error(CI, diag(DiagID::TakesMostPositional, Op, Keys.size(),
                     llvm::join(Keys, ", ")));
      return false;
    }
    StringRef Key = Keys[Pos++];
    if (Str) {
      if (Str->contains('?')) {
        error(CI, diag(DiagID::ExpectsStaticEvery, Op, Key, *Str));
        return false;
      }
      Attrs.Strings[Key.str()] = Str->str();
      continue;
    }
    bool Dynamic = false;
    forEachInt(H->V, [&](const Int &X) { Dynamic |= X.isDynamic(); });
    if (Dynamic) {
      error(CI, diag(DiagID::ExpectsStaticEvery, Op, Key, H->V.str()));
      return false;
    }
    // The atom and its value type are names, not values.
    if (Key == "mma_atom" || Key == "copy_atom" || Key == "value_type") {
      error(CI, diag(DiagID::NameConstantString, Op, Key, I, H->V.str()));
      return false;
    }
    Attrs.Values[Key.str()] = H->V;
  }
  return true;
}

bool FunctionLowering::algebraAttrs(CallInst &CI, const CuteOpInfo &Info,
                                    unsigned &NumOps, OpAttrs &Attrs) {
  StringRef Op = Info.Name;
  if (NumOps)
    if (auto Text = getConstantString(CI.getArgOperand(NumOps - 1))) {
      // A tiled constructor's lone atom name is positional, not attributes.
      bool Positional = isTiledConstructor(Op) && !Text->contains('=');
      if (!Positional) {
        auto A = parseOpAttrs(Info, *Text);
        if (!A) {
          error(CI, toString(A.takeError()));
          return false;
        }
        Attrs = std::move(*A);
        --NumOps;
      }
    }
  // Tiled objects among the operands stand for the attributes that would
  // spell them out; the library takes them as they were built. A TiledMMA
  // object after the first stands for those under the prefix its op
  // declares for one (`a_` of convert_layout_acc_Aregs).
  SmallVector<std::string, 2> MmaPrefixes = secondMmaPrefixes(Info);
  // The objects an op takes are those its attributes would spell out: a
  // TiledMMA where it has mma_atom=, a TiledCopy where it has copy_atom=.
  auto TakesAttr = [&](StringRef Key) {
    return any_of(Info.Attrs,
                  [&](const OpAttrInfo &A) { return A.Key == Key; });
  };
  bool TakesMma = TakesAttr("mma_atom"), TakesCopy = TakesAttr("copy_atom");
  // CuTe's size(TiledMMA) and size(TiledCopy): the threads it takes (of its
  // thr_layout_vmnk; mode 0 of its TV layout). The call is done then.
  if (Info.Id == CuteOp::size && NumOps == 1 && Attrs.Ints.empty())
    if (const Handle *H = getHandle(CI.getArgOperand(0)); H && H->Tiled) {
      sizeOfTiled(CI, *H->Tiled);
      return false;
    }
  unsigned NumMma = 0;
  for (unsigned I = 0; I < NumOps; ++I) {
    const Handle *H = getHandle(CI.getArgOperand(I));
    if (!H || !H->Tiled)
      continue;
    bool IsCopy = H->Tiled->isCopy();
    if (IsCopy ? !TakesCopy : !TakesMma) {
      error(CI, diag(DiagID::OperandObjectOpTakes, Op, I,
                     IsCopy ? "TiledCopy" : "TiledMMA",
                     TakesMma    ? diag(DiagID::OpTakesTiledMma)
                     : TakesCopy ? diag(DiagID::OpTakesTiledCopy)
                                 : diag(DiagID::OpTakesNoTiledObject)));
      return false;
    }
    if (IsCopy) {
      if (Attrs.CopyObject) {
        error(CI, diag(DiagID::TakesMostTiledCopy, Op));
        return false;
      }
      Attrs.CopyObject = H->Tiled;
      continue;
    }
    std::string Prefix;
    if (NumMma++) {
      // A second TiledMMA only where the op names one (a_ of
      // convert_layout_acc_Aregs), never one dropped.
      if (NumMma - 2 >= MmaPrefixes.size()) {
        error(CI, diag(DiagID::TakesMostTiledMMAObject, Op,
                       MmaPrefixes.size() + 1, MmaPrefixes.empty() ? "" : "s"));
        return false;
      }
      Prefix = MmaPrefixes[NumMma - 2];
    }
    Attrs.MmaObjects.try_emplace(Prefix, H->Tiled);
  }
  if (TakesMma && TakesCopy && !copyWhereMmaGoes(CI, Op, NumOps, Attrs))
    return false;
  if (!isTiledConstructor(Op) || !NumOps)
    return true;
  if (getConstantString(CI.getArgOperand(0))) {
    if (!positionalTiledAttrs(CI, Op, NumOps, Attrs))
      return false;
  } else if (llvm::any_of(llvm::seq(0u, NumOps), [&](unsigned I) {
               const Handle *H = getHandle(CI.getArgOperand(I));
               return !H || !H->Tiled;
             })) {
    error(CI, diag(DiagID::TakesAtomNameNAME, Op,
                   Op == "make_tiled_mma" ? "mma_atom" : "copy_atom"));
    return false;
  }
  NumOps = 0;
  return true;
}

bool FunctionLowering::copyWhereMmaGoes(CallInst &CI, StringRef Op,
                                        unsigned NumOps, const OpAttrs &Attrs) {
  if (!Attrs.CopyObject || !Attrs.MmaObjects.empty() ||
      Attrs.Strings.count("mma_atom") || Attrs.Strings.count("mma_shape"))
    return true;
  for (unsigned I = 0; I < NumOps; ++I)
    if (const Handle *H = getHandle(CI.getArgOperand(I)); H && H->Tiled) {
      error(CI, diag(DiagID::OperandTiledCopyObject, Op, I));
      return false;
    }
  return true;
}

void FunctionLowering::sizeOfTiled(CallInst &CI, const TiledObject &Tiled) {
  OpAttrs Mode0;
  if (Tiled.isCopy())
    Mode0.Ints["mode"] = {0};
  auto R = evaluateOp("size", {Tiled.results().front()}, Mode0);
  if (!R)
    return error(CI, R.takeError());
  if (R->size() != 1 || !R->front().isTupleKind() ||
      !R->front().tuple().isInt() || !CI.getType()->isIntegerTy())
    return error(CI, diag(DiagID::SizeTiledObjectInteger));
  defineInt(CI, R->front().tuple().value());
}

bool FunctionLowering::algebraOperands(CallInst &CI, StringRef Op,
                                       unsigned NumOps,
                                       std::vector<Value> &Vals,
                                       const Handle *&Tensor) {
  for (unsigned I = 0; I < NumOps; ++I) {
    if (const Handle *H = getHandle(CI.getArgOperand(I)); H && H->Tiled)
      continue;
    if (const Handle *H = getHandle(CI.getArgOperand(I)))
      if (H->K == Handle::Tensor) {
        if (I != 0) {
          error(CI, diag(DiagID::OperandMayTensor, Op));
          return false;
        }
        Tensor = H;
      }
    auto V = operandValue(CI, I);
    if (!V)
      return false;
    Vals.push_back(std::move(*V));
  }
  return true;
}

void FunctionLowering::lowerAlgebra(CallInst &CI, const CuteOpInfo &Info) {
  StringRef Op = Info.Name;
  unsigned NumOps = CI.arg_size();
  OpAttrs Attrs;
  std::vector<Value> Vals;
  const Handle *Tensor = nullptr;
  if (!algebraAttrs(CI, Info, NumOps, Attrs) ||
      !algebraOperands(CI, Op, NumOps, Vals, Tensor))
    return;
  StringRef LibOp = Info.LibName;
  if (LibOp.empty())
    return error(CI, diag(DiagID::NotOperationLayout, Op));
  // Tiled copies take the tensor last: (tv, tiler, tensor[, thread]).
  // With its layout in the attributes a tiled copy takes (tensor[, thread]).
  if (StringRef(LibOp).starts_with("tiled.copy.") && Vals.size() >= 3)
    std::rotate(Vals.begin(), Vals.begin() + 1,
                Vals.begin() + std::min<size_t>(3, Vals.size()));
  // result=K stays among the attributes: an evaluator may compute only the
  // result picked (convert_layout_acc_rowcol's row group).
  std::optional<int64_t> Pick = Attrs.getInt("result");
  // mma_atom= and copy_atom= name atoms of the registry.
  Attrs.Atoms = &registry::atomSource();
  TiledObjectRef Obj;
  if (isTiledConstructor(LibOp)) {
    // The TiledMMA / TiledCopy object, built and checked once: without
    // result=K it is the value, which later ops take as it is.
    auto Built = buildTiledObject(LibOp, Vals, Attrs);
    if (!Built)
      return error(CI, Built.takeError());
    if (!Pick && CI.getType()->isPointerTy()) {
      Handle H;
      H.V = (*Built)->results().front();
      H.Tiled = std::move(*Built);
      define(CI, std::move(H));
      return;
    }
    Obj = std::move(*Built);
  }
  auto Results = Obj ? Expected<std::vector<Value>>(Obj->results())
                     : evaluateOp(LibOp, Vals, Attrs);
  if (!Results)
    return error(CI, Results.takeError());
  // A partition of a tensor: the per-thread layout and the thread's offset
  // (of a tensor over a composed layout: the composed layout, whose offset
  // holds the thread's, and 0).
  std::optional<Int> PartitionOffset;
  if (!Pick && Results->size() == 2 && Tensor && (*Results)[0].isLayoutKind() &&
      (*Results)[1].isTupleKind() && (*Results)[1].tuple().isInt()) {
    PartitionOffset = (*Results)[1].tuple().value();
    Results->pop_back();
  }
  if (Pick) {
    if (*Pick < 0 || *Pick >= (int64_t)Results->size())
      return error(
          CI, diag(DiagID::ResultDoesNotExist, Op, *Pick, Results->size()));
    Value Chosen = (*Results)[*Pick];
    Results->assign(1, std::move(Chosen));
  }
  if (Results->size() != 1)
    return error(CI, diag(DiagID::ResultsPickAttribute, Op, Results->size()));
  defineAlgebraResult(CI, Info, Results->front(), Tensor, PartitionOffset,
                      Vals);
}

void FunctionLowering::defineAlgebraResult(CallInst &CI, const CuteOpInfo &Info,
                                           const Value &R, const Handle *Tensor,
                                           std::optional<Int> PartitionOffset,
                                           ArrayRef<Value> Vals) {
  StringRef Op = Info.Name;
  if (CI.getType()->isIntegerTy()) {
    if (R.kind() == ValueKind::Bool) {
      defineInt(CI, Int(R.flag() ? 1 : 0));
      return;
    }
    if (!R.isTupleKind() || !R.tuple().isInt())
      return error(CI, diag(DiagID::GivesNotIntegerDeclare, Op, R.str()));
    defineInt(CI, R.tuple().value());
    return;
  }
  if (!CI.getType()->isPointerTy())
    return error(CI, diag(DiagID::ReturnsValuePtrInteger, Op, *CI.getType()));
  Handle H;
  H.V = R;
  // partition_fragment_A/B/C of a tensor is the register layout of the
  // partition of its layout (CuTe's make_fragment_like of it): a layout;
  // so are the accumulator views of a tile given as a tensor.
  bool FragmentOf = Info.Id == CuteOp::partition_fragment_A ||
                    Info.Id == CuteOp::partition_fragment_B ||
                    Info.Id == CuteOp::partition_fragment_C ||
                    Info.Id == CuteOp::convert_layout_acc_rowcol ||
                    Info.Id == CuteOp::convert_layout_acc_Aregs ||
                    Info.Id == CuteOp::convert_layout_acc_Aregs_permuted;
  if (Tensor && !FragmentOf && R.isLayoutKind()) {
    H.K = Handle::Tensor;
    H.EltTy = Tensor->EltTy;
    H.EltFormat = Tensor->EltFormat;
    H.Iter = Tensor->Iter;
    if (PartitionOffset && PartitionOffset->is(0)) {
      // The offset is in the composed layout: the iterator stays.
    } else if (PartitionOffset) {
      IRBuilder<> B(&CI);
      H.Iter = advanceIter(H, emitIndex(CI, *PartitionOffset, B), B);
    } else if (Info.Id == CuteOp::slice) {
      auto Off = offsetOf(CI, Vals[1].tuple(), Tensor->V);
      if (!Off)
        return;
      IRBuilder<> B(&CI);
      H.Iter = advanceIter(H, emitIndex(CI, *Off, B), B);
    } else if (!Info.KeepsTensorIterator) {
      return error(CI, diag(DiagID::DoesNotApplyTensor, Op));
    }
    // A constant slice or tile out of the array the tensor views.
    if (H.Iter != Tensor->Iter && !checkInStorage(CI, H.Iter, R, H.EltTy))
      return;
  }
  define(CI, std::move(H));
}

} // namespace lowerlayout
} // namespace cute
