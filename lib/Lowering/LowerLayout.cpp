//===- LowerLayout.cpp - cute-lower-layout --------------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Stage 2 of the lowering (seed 000): primitive `llvm.cute.*` calls become
/// LLVM values. A cute value (the `ptr` a call returns) is followed through
/// the function as its profile, a cute::Value whose dynamic leaves are
/// symbolic expressions over the integers the program supplied. Every op is
/// evaluated by the layout library at compile time; what it cannot know is
/// emitted as integer arithmetic from those expressions. Static layouts
/// therefore fold completely, and the calls and the cute values vanish.
///
/// Values that merge (phi, select) keep one profile: leaves on which the
/// incoming values agree stay static, the others become phis or selects of
/// integers.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Descriptors/GmmaDescriptor.h"
#include "CuteLLVM/Descriptors/UmmaDescriptor.h"
#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Registry/TiledAtoms.h"
#include "CuteValues.h"
#include "Diagnostics.h"
#include "NotationCache.h"
#include "VerifyMma.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>
#include <memory>

using namespace llvm;

namespace cute {

namespace {

/// What a cute value is at run time.
struct Handle {
  enum Kind { Algebra, Tensor, DescIter } K = Algebra;
  /// The value, or the layout of a tensor.
  Value V;
  /// Tensor: its iterator and element type.
  llvm::Value *Iter = nullptr;
  Type *EltTy = nullptr;
  /// Descriptor iterator: the {ptr, i32, i32} struct.
  llvm::Value *Desc = nullptr;
  /// A TiledMMA or TiledCopy object (make_tiled_* without `result=K`): the
  /// attributes that rebuild it, which an op taking the object as an
  /// operand receives. V is its first result. Shared: a handle is copied
  /// wherever values merge, and the attributes never change.
  std::shared_ptr<const OpAttrs> Tiled;
};

/// The tiled constructors, which take the positional form
/// (atom name, ...) and return a TiledMMA / TiledCopy object.
bool isTiledConstructor(StringRef Op) {
  return Op == "make_tiled_mma" || Op == "make_tiled_copy" ||
         Op == "make_tiled_copy_A" || Op == "make_tiled_copy_B" ||
         Op == "make_tiled_copy_C";
}

/// The attributes of a tiled object that rebuild it: its atom, and for a
/// TiledMMA its atom layout and permutation.
OpAttrs tiledObjectAttrs(const OpAttrs &At, bool Mma) {
  static const char *const MmaKeys[] = {
      "mma_atom", "mma_shape", "mma_thr_id",  "mma_a_tv",
      "mma_b_tv", "mma_c_tv",  "atom_layout", "permutation"};
  static const char *const CopyKeys[] = {
      "copy_atom", "value_bits", "value_type", "copy_thr_id",
      "copy_src",  "copy_dst",   "copy_ref"};
  OpAttrs R;
  R.Strict = At.Strict;
  auto Keep = [&](const char *K) {
    if (auto It = At.Ints.find(K); It != At.Ints.end())
      R.Ints[K] = It->second;
    if (auto It = At.Strings.find(K); It != At.Strings.end())
      R.Strings[K] = It->second;
  };
  if (Mma)
    for (const char *K : MmaKeys)
      Keep(K);
  else
    for (const char *K : CopyKeys)
      Keep(K);
  return R;
}

bool sameAttrs(const std::shared_ptr<const OpAttrs> &A,
               const std::shared_ptr<const OpAttrs> &B) {
  if (!A || !B)
    return !A && !B;
  return A->Ints == B->Ints && A->Strings == B->Strings;
}

/// Element types a tensor may name.
Type *parseElementType(StringRef Name, LLVMContext &Ctx) {
  if (Name == "f16" || Name == "half")
    return Type::getHalfTy(Ctx);
  if (Name == "bf16" || Name == "bfloat")
    return Type::getBFloatTy(Ctx);
  if (Name == "f32" || Name == "float" || Name == "tf32")
    return Type::getFloatTy(Ctx);
  if (Name == "f64" || Name == "double")
    return Type::getDoubleTy(Ctx);
  if (Name == "ptr")
    return PointerType::get(Ctx, 0);
  unsigned Bits;
  if ((Name.consume_front("i") || Name.consume_front("u") ||
       Name.consume_front("b")) &&
      !Name.getAsInteger(10, Bits) && Bits >= 1 && Bits <= 128)
    return IntegerType::get(Ctx, Bits);
  return nullptr;
}

/// A tree of the integers of a value in the order seed 000 packs them: a
/// layout packs (shape, stride) per mode, nested modes as nested structs;
/// a tuple packs its leaves, nested tuples as nested structs.
struct PackNode {
  const Int *Leaf = nullptr;
  std::vector<PackNode> Kids;
};

PackNode packTuple(const IntTuple &T) {
  PackNode N;
  if (T.isLeaf()) {
    N.Leaf = &T.value();
    return N;
  }
  for (const IntTuple &E : T.elems())
    N.Kids.push_back(packTuple(E));
  return N;
}

void packLayoutModes(const IntTuple &S, const IntTuple &D,
                     std::vector<PackNode> &Out) {
  if (S.isLeaf()) {
    Out.push_back(packTuple(S));
    Out.push_back(packTuple(D));
    return;
  }
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I].isLeaf()) {
      packLayoutModes(S[I], D[I], Out);
      continue;
    }
    PackNode Sub;
    packLayoutModes(S[I], D[I], Sub.Kids);
    Out.push_back(std::move(Sub));
  }
}

Expected<PackNode> packValue(const Value &V) {
  PackNode Root;
  switch (V.kind()) {
  case ValueKind::Layout:
    packLayoutModes(V.layout().Shape, V.layout().Stride, Root.Kids);
    return Root;
  case ValueKind::IntTuple:
  case ValueKind::Shape:
  case ValueKind::Stride:
  case ValueKind::Coord:
  case ValueKind::Int:
    if (V.tuple().isLeaf()) {
      Root.Kids.push_back(packTuple(V.tuple()));
      return Root;
    }
    return packTuple(V.tuple());
  default:
    return makeError(formatv("cannot pack a {0} ('{1}'); pack layouts and "
                             "tuples",
                             valueKindName(V.kind()), V.str()));
  }
}

Type *packType(const PackNode &N, LLVMContext &Ctx) {
  if (N.Leaf)
    return IntegerType::get(Ctx, N.Leaf->isDynamic() ? N.Leaf->width() : 32);
  SmallVector<Type *, 8> Fields;
  for (const PackNode &K : N.Kids)
    Fields.push_back(packType(K, Ctx));
  return StructType::get(Ctx, Fields);
}

/// Lowers the cute calls of one function.
class FunctionLowering {
public:
  FunctionLowering(Function &F, NotationCache &Notation)
      : F(F), Ctx(F.getContext()), Notation(Notation) {}

  /// Returns true when the function changed.
  bool run();
  bool hadError() const { return HadError; }

private:
  // Dispatch.
  void lowerCall(CallInst &CI, StringRef Op);
  void lowerPhi(PHINode &PN);
  void lowerSelect(SelectInst &SI);

  // Ops.
  void lowerLiteral(CallInst &CI, StringRef Op);
  void lowerMakeTuple(CallInst &CI);
  void lowerGetLeaf(CallInst &CI);
  void lowerPartitionCoord(CallInst &CI);
  void lowerPack(CallInst &CI);
  void lowerUnpack(CallInst &CI);
  void lowerMakeView(CallInst &CI);
  void lowerGetIter(CallInst &CI);
  void lowerGetLayout(CallInst &CI);
  void lowerAddOffset(CallInst &CI);
  void lowerDerefDescIter(CallInst &CI);
  void lowerMemref(CallInst &CI, bool IsStore);
  void lowerMakeGmmaDesc(CallInst &CI, bool Umma = false);
  void lowerAlgebra(CallInst &CI, const CuteOpInfo &Info);
  /// The positional operands of a tiled constructor as attributes.
  bool positionalTiledAttrs(CallInst &CI, StringRef Op, unsigned &NumOps,
                            OpAttrs &Attrs);
  void lowerPrint(CallInst &CI, bool Args);

  // Helpers.
  void error(Instruction &I, const Twine &Msg);
  void error(Instruction &I, Error E);
  const Handle *getHandle(llvm::Value *V);
  /// The algebra value of operand \p I of \p CI: a cute value (a tensor's
  /// layout), or an integer (static when constant).
  std::optional<Value> operandValue(CallInst &CI, unsigned I);
  /// Record \p H as the value of \p CI.
  void define(CallInst &CI, Handle H);
  /// Replace the integer result of \p CI with \p I.
  void defineInt(CallInst &CI, const Int &I);
  llvm::Value *emitInt(Instruction &At, const Int &I, Type *Ty,
                       IRBuilderBase &B);
  /// \p I as a GEP index: in its own width (GEP sign-extends it), so
  /// 32-bit index arithmetic stays 32-bit.
  llvm::Value *emitIndex(Instruction &At, const Int &I, IRBuilderBase &B) {
    return emitInt(At, I, B.getIntNTy(I.isDynamic() ? I.width() : 64), B);
  }
  /// The offset of coordinate \p Crd (its `_` read as 0) in \p L.
  std::optional<Int> offsetOf(CallInst &CI, const IntTuple &Crd,
                              const Value &L);
  /// Merge the profiles of the cute values reaching a phi or select.
  std::optional<Handle> join(Instruction &I, ArrayRef<const Handle *> Ins);
  /// Bind the dynamic leaves of \p Joined to new merges of the incoming
  /// leaves.
  void finishPendingPhis();

  Function &F;
  LLVMContext &Ctx;
  /// The module's parsed profiles, shared with desugar.
  NotationCache &Notation;
  SymbolTable Syms;
  /// The handle of each cute value: an index into HandleStore, so that the
  /// map stays small as it grows and handles never move.
  DenseMap<llvm::Value *, unsigned> Handles;
  std::deque<Handle> HandleStore;
  void setHandle(llvm::Value *V, Handle H);
  /// Instructions to delete once every use is rewritten, in program order.
  SmallVector<Instruction *, 32> Dead;
  struct PendingPhi {
    PHINode *PN;
    Handle Joined;
    /// One integer phi per dynamic leaf of the joined profile.
    SmallVector<PHINode *, 4> LeafPhis;
    PHINode *IterPhi = nullptr;
    PHINode *DescPhi = nullptr;
  };
  SmallVector<PendingPhi, 4> Phis;
  /// Instructions already diagnosed: what depends on them is not reported
  /// again.
  SmallPtrSet<llvm::Value *, 8> Failed;
  bool HadError = false;
};

void FunctionLowering::error(Instruction &I, const Twine &Msg) {
  HadError = true;
  Failed.insert(&I);
  reportCuteError(I, Msg);
}

void FunctionLowering::error(Instruction &I, Error E) {
  std::string Msg = toString(std::move(E));
  std::string Name = "cute value";
  if (auto *CI = dyn_cast<CallInst>(&I))
    if (Function *Callee = getCallee(*CI))
      Name = Callee->getName().str();
  error(I, "'" + Name + "': " + Msg);
}

const Handle *FunctionLowering::getHandle(llvm::Value *V) {
  auto It = Handles.find(V);
  return It == Handles.end() ? nullptr : &HandleStore[It->second];
}

std::optional<Value> FunctionLowering::operandValue(CallInst &CI, unsigned I) {
  llvm::Value *Op = CI.getArgOperand(I);
  // The result of a failed call, or of a call already diagnosed (a helper
  // that could not be inlined): no second error.
  auto *OpI = dyn_cast<Instruction>(Op);
  if (Failed.count(Op) || (OpI && OpI->hasMetadata(DiagnosedMDName))) {
    Failed.insert(&CI);
    return std::nullopt;
  }
  if (const Handle *H = getHandle(Op)) {
    if (H->K == Handle::DescIter) {
      error(CI, formatv("operand #{0} is a descriptor iterator, not a layout "
                        "or tuple",
                        I));
      return std::nullopt;
    }
    return H->V;
  }
  if (auto *C = dyn_cast<ConstantInt>(Op)) {
    return Value::fromTuple(IntTuple(Int(C->getSExtValue())), ValueKind::Int);
  }
  if (Op->getType()->isIntegerTy()) {
    unsigned W = Op->getType()->getIntegerBitWidth() > 32 ? 64 : 32;
    return Value::fromTuple(IntTuple(Syms.bind(Op, W)), ValueKind::Int);
  }
  std::string Why = "it is not a cute value";
  if (isa<Argument>(Op))
    Why = "it is a function argument: a cute value escaping into a call "
          "that was not inlined has no known profile";
  else if (isa<LoadInst>(Op))
    Why = "it is loaded from memory: a cute value stored to memory has no "
          "known profile (run cute-desugar first to promote stack slots)";
  else if (getConstantString(Op))
    Why = "a string operand is only allowed as the last (attribute) operand";
  error(CI, formatv("'{0}': operand #{1} has no known profile: {2}",
                    getCallee(CI)->getName(), I, Why));
  return std::nullopt;
}

void FunctionLowering::setHandle(llvm::Value *V, Handle H) {
  auto [It, New] = Handles.try_emplace(V, HandleStore.size());
  if (New)
    HandleStore.push_back(std::move(H));
  else
    HandleStore[It->second] = std::move(H);
}

void FunctionLowering::define(CallInst &CI, Handle H) {
  setHandle(&CI, std::move(H));
  Dead.push_back(&CI);
}

llvm::Value *FunctionLowering::emitInt(Instruction &At, const Int &I, Type *Ty,
                                       IRBuilderBase &B) {
  auto V = Syms.emit(I, Ty, B);
  if (!V) {
    error(At, V.takeError());
    return PoisonValue::get(Ty);
  }
  return *V;
}

void FunctionLowering::defineInt(CallInst &CI, const Int &I) {
  IRBuilder<> B(&CI);
  llvm::Value *V = emitInt(CI, I, CI.getType(), B);
  CI.replaceAllUsesWith(V);
  Dead.push_back(&CI);
}

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

void FunctionLowering::lowerLiteral(CallInst &CI, StringRef Op) {
  std::optional<StringRef> Text =
      CI.arg_size() ? getConstantString(CI.getArgOperand(0)) : std::nullopt;
  if (!Text)
    return error(CI, formatv("'llvm.cute.{0}' expects a constant string with "
                             "a profile in CuTe notation as operand #0",
                             Op));
  // make_layout of a shape alone: CuTe's compact column-major layout.
  bool ShapeOnly =
      Op == "make_layout" && literalKind(Op, *Text) == ValueKind::Shape;
  auto Parsed = Notation.parse(*Text, *literalKind(Op, *Text));
  if (!Parsed)
    return error(CI, formatv("'llvm.cute.{0}': profile '{1}': {2}", Op, *Text,
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
    I = Syms.bind(Op, I.width(), I.divisibility());
  });
  if (!Bad.empty())
    return error(CI, formatv("'llvm.cute.{0}': {1}", Op, Bad));
  if (NextOp != CI.arg_size())
    return error(CI, formatv("'llvm.cute.{0}': profile '{1}' has {2} dynamic "
                             "leaves, but the call passes {3} integer(s)",
                             Op, *Text, NextOp - 1, CI.arg_size() - 1));
  Handle H;
  H.V = std::move(V);
  if (ShapeOnly)
    H.V = Value::fromLayout(makeLayout(H.V.tuple()));
  define(CI, std::move(H));
}

void FunctionLowering::lowerMakeTuple(CallInst &CI) {
  ValueKind Kind = ValueKind::IntTuple;
  std::vector<IntTuple> Modes;
  for (unsigned I = 0; I < CI.arg_size(); ++I) {
    auto V = operandValue(CI, I);
    if (!V)
      return;
    if (!V->isTupleKind())
      return error(CI, formatv("'llvm.cute.make_tuple': operand #{0} is a "
                               "{1}, not a tuple or an integer",
                               I, valueKindName(V->kind())));
    if (I == 0)
      Kind = V->kind() == ValueKind::Int ? ValueKind::IntTuple : V->kind();
    Modes.push_back(V->tuple());
  }
  Handle H;
  H.V = Value::fromTuple(IntTuple(std::move(Modes)), Kind);
  define(CI, std::move(H));
}

//===----------------------------------------------------------------------===//
// Accessors and materialisation
//===----------------------------------------------------------------------===//

void FunctionLowering::lowerGetLeaf(CallInst &CI) {
  auto *K =
      CI.arg_size() == 2 ? dyn_cast<ConstantInt>(CI.getArgOperand(1)) : nullptr;
  if (!K || !CI.getType()->isIntegerTy())
    return error(CI, "'llvm.cute.get_leaf' expects (cute value, constant "
                     "integer K) and returns an integer");
  auto V = operandValue(CI, 0);
  if (!V)
    return;
  std::vector<Int> Leaves;
  forEachInt(*V, [&](const Int &I) { Leaves.push_back(I); });
  uint64_t Idx = K->getZExtValue();
  if (Idx >= Leaves.size())
    return error(CI, formatv("'llvm.cute.get_leaf': leaf {0} of '{1}' does "
                             "not exist (it has {2})",
                             Idx, V->str(), Leaves.size()));
  defineInt(CI, Leaves[Idx]);
}

/// The slicing coordinate of CuTe's inner_partition (`mode=1`: the tile at
/// a coordinate, `(repeat<R0>(_), append<R1>(coord, _))`) and
/// outer_partition (`mode=0`: an element of every tile,
/// `(append<R0>(coord, _), repeat<R1>(_))`) of a zipped-divided value.
void FunctionLowering::lowerPartitionCoord(CallInst &CI) {
  std::optional<StringRef> Text = CI.arg_size() == 3
                                      ? getConstantString(CI.getArgOperand(2))
                                      : std::nullopt;
  auto Attrs = Text ? parseOpAttrs(opInfo(CuteOp::partition_coord), *Text)
                    : Expected<OpAttrs>(OpAttrs());
  if (!Attrs)
    return error(CI, toString(Attrs.takeError()));
  std::optional<int64_t> Mode = Attrs->getInt("mode");
  if (!Text || !Mode || (*Mode != 0 && *Mode != 1))
    return error(CI, "'llvm.cute.partition_coord' expects (zipped value, "
                     "coordinate, \"mode=0\" or \"mode=1\")");
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
    return error(CI, "'llvm.cute.partition_coord' expects a zipped "
                     "((tile),(rest)) layout and a coordinate");
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

void FunctionLowering::lowerPack(CallInst &CI) {
  if (CI.arg_size() != 1)
    return error(CI, "'llvm.cute.pack' expects one cute value");
  auto V = operandValue(CI, 0);
  if (!V)
    return;
  auto Tree = packValue(*V);
  if (!Tree)
    return error(CI, Tree.takeError());
  Type *Ty = packType(*Tree, Ctx);
  if (Ty != CI.getType())
    return error(CI, formatv("'llvm.cute.pack' of '{0}' gives {1}, but the "
                             "call returns {2}",
                             V->str(), *Ty, *CI.getType()));
  IRBuilder<> B(&CI);
  std::function<llvm::Value *(const PackNode &, Type *)> Build =
      [&](const PackNode &N, Type *T) -> llvm::Value * {
    if (N.Leaf)
      return emitInt(CI, *N.Leaf, T, B);
    llvm::Value *Agg = PoisonValue::get(T);
    for (unsigned I = 0; I < N.Kids.size(); ++I)
      Agg = B.CreateInsertValue(
          Agg, Build(N.Kids[I], cast<StructType>(T)->getElementType(I)), I);
    return Agg;
  };
  CI.replaceAllUsesWith(Build(*Tree, Ty));
  Dead.push_back(&CI);
}

void FunctionLowering::lowerUnpack(CallInst &CI) {
  std::optional<StringRef> Text = CI.arg_size() == 2
                                      ? getConstantString(CI.getArgOperand(0))
                                      : std::nullopt;
  if (!Text)
    return error(CI, "'llvm.cute.unpack' expects (constant profile string, "
                     "packed struct)");
  auto Parsed = Notation.parse(*Text, ValueKind::Auto);
  if (!Parsed)
    return error(CI, formatv("'llvm.cute.unpack': profile '{0}': {1}", *Text,
                             describeError(Parsed.takeError())));
  Value V = **Parsed;
  auto Tree = packValue(V);
  if (!Tree)
    return error(CI, Tree.takeError());
  llvm::Value *Agg = CI.getArgOperand(1);
  Type *Ty = packType(*Tree, Ctx);
  if (Ty != Agg->getType())
    return error(CI, formatv("'llvm.cute.unpack': profile '{0}' packs as {1}, "
                             "but the operand is {2}",
                             *Text, *Ty, *Agg->getType()));
  // Bind each dynamic leaf to its field. The tree points into V.
  IRBuilder<> B(&CI);
  DenseMap<const Int *, llvm::Value *> Fields;
  SmallVector<unsigned, 4> Path;
  std::function<void(const PackNode &)> Walk = [&](const PackNode &N) {
    if (N.Leaf) {
      if (N.Leaf->isDynamic())
        Fields[N.Leaf] = B.CreateExtractValue(Agg, Path);
      return;
    }
    for (unsigned I = 0; I < N.Kids.size(); ++I) {
      Path.push_back(I);
      Walk(N.Kids[I]);
      Path.pop_back();
    }
  };
  Walk(*Tree);
  forEachInt(V, [&](Int &I) {
    if (llvm::Value *F = Fields.lookup(&I))
      I = Syms.bind(F, I.width(), I.divisibility());
  });
  Handle H;
  H.V = std::move(V);
  define(CI, std::move(H));
}

//===----------------------------------------------------------------------===//
// Tensors and iterators
//===----------------------------------------------------------------------===//

void FunctionLowering::lowerMakeView(CallInst &CI) {
  std::optional<StringRef> Elt = CI.arg_size() == 3
                                     ? getConstantString(CI.getArgOperand(2))
                                     : std::nullopt;
  if (!Elt || !CI.getArgOperand(0)->getType()->isPointerTy())
    return error(CI, "'llvm.cute.make_view' expects (pointer, layout, "
                     "constant element type string such as \"f32\")");
  Type *EltTy = parseElementType(*Elt, Ctx);
  if (!EltTy)
    return error(CI, formatv("'llvm.cute.make_view': unknown element type "
                             "'{0}' (f16, bf16, f32, f64, i<N>, ptr)",
                             *Elt));
  auto L = operandValue(CI, 1);
  if (!L)
    return;
  if (L->kind() != ValueKind::Layout && L->kind() != ValueKind::ComposedLayout)
    return error(CI, formatv("'llvm.cute.make_view': operand #1 is a {0}, "
                             "not a layout",
                             valueKindName(L->kind())));
  Handle H;
  H.K = Handle::Tensor;
  H.V = std::move(*L);
  H.Iter = CI.getArgOperand(0);
  H.EltTy = EltTy;
  define(CI, std::move(H));
}

void FunctionLowering::lowerGetIter(CallInst &CI) {
  if (CI.arg_size() == 4) {
    // The descriptor iterator of seed 000: count = ceil_div(extent, tile);
    // a stack slot of {ptr, i32, i32} = {base, 0, stride}.
    llvm::Value *Base = CI.getArgOperand(0), *Extent = CI.getArgOperand(1),
                *Tile = CI.getArgOperand(2), *Stride = CI.getArgOperand(3);
    if (!Base->getType()->isPointerTy() ||
        !Extent->getType()->isIntegerTy(32) ||
        !Tile->getType()->isIntegerTy(32) ||
        !Stride->getType()->isIntegerTy(32))
      return error(CI, "'llvm.cute.get_iter' expects (tensor) or (ptr base, "
                       "i32 extent, i32 tile, i32 stride)");
    Type *I32 = Type::getInt32Ty(Ctx);
    StructType *IterTy = StructType::get(Ctx, {Base->getType(), I32, I32});
    IRBuilder<> EntryB(&*F.getEntryBlock().getFirstInsertionPt());
    AllocaInst *Slot = EntryB.CreateAlloca(IterTy, nullptr, "cute.iter");
    IRBuilder<> B(&CI);
    // The iteration count (an ceil_div of the extent by the tile).
    B.CreateSDiv(B.CreateSub(B.CreateAdd(Extent, Tile), B.getInt32(1)), Tile,
                 "cute.iter.count");
    llvm::Value *It = PoisonValue::get(IterTy);
    It = B.CreateInsertValue(It, Base, 0);
    It = B.CreateInsertValue(It, B.getInt32(0), 1);
    It = B.CreateInsertValue(It, Stride, 2);
    B.CreateStore(It, Slot);
    Handle H;
    H.K = Handle::DescIter;
    H.Desc = It;
    define(CI, std::move(H));
    return;
  }
  const Handle *H =
      CI.arg_size() == 1 ? getHandle(CI.getArgOperand(0)) : nullptr;
  if (!H || H->K != Handle::Tensor)
    return error(CI, "'llvm.cute.get_iter' expects a tensor (from "
                     "llvm.cute.make_view)");
  if (!CI.getType()->isPointerTy())
    return error(CI, "'llvm.cute.get_iter' of a tensor returns a pointer");
  noteAtomOperandTensor(CI, TensorUse::Iterator, H->Iter, H->EltTy,
                        H->V.str());
  IRBuilder<> B(&CI);
  CI.replaceAllUsesWith(
      B.CreatePointerBitCastOrAddrSpaceCast(H->Iter, CI.getType()));
  Dead.push_back(&CI);
}

void FunctionLowering::lowerGetLayout(CallInst &CI) {
  const Handle *H =
      CI.arg_size() == 1 ? getHandle(CI.getArgOperand(0)) : nullptr;
  if (!H || H->K != Handle::Tensor)
    return error(CI, "'llvm.cute.get_layout' expects a tensor");
  Handle L;
  L.V = H->V;
  define(CI, std::move(L));
}

void FunctionLowering::lowerAddOffset(CallInst &CI) {
  const Handle *H =
      CI.arg_size() == 2 ? getHandle(CI.getArgOperand(0)) : nullptr;
  if (!H || H->K == Handle::Algebra)
    return error(CI, "'llvm.cute.add_offset' expects (descriptor iterator or "
                     "tensor, offset)");
  IRBuilder<> B(&CI);
  if (H->K == Handle::DescIter) {
    llvm::Value *N = CI.getArgOperand(1);
    if (!N->getType()->isIntegerTy())
      return error(CI, "'llvm.cute.add_offset' of a descriptor iterator "
                       "takes an integer offset");
    N = B.CreateSExtOrTrunc(N, B.getInt32Ty());
    llvm::Value *Idx = B.CreateExtractValue(H->Desc, 1);
    // The rewind arm: a negative constant is subtracted.
    auto *C = dyn_cast<ConstantInt>(N);
    llvm::Value *NewIdx = C && C->isNegative()
                              ? B.CreateSub(Idx, ConstantExpr::getNeg(C))
                              : B.CreateAdd(Idx, N);
    Handle R = *H;
    R.Desc = B.CreateInsertValue(H->Desc, NewIdx, 1);
    define(CI, std::move(R));
    return;
  }
  auto Off = operandValue(CI, 1);
  if (!Off)
    return;
  if (Off->kind() != ValueKind::Int &&
      !(Off->isTupleKind() && Off->tuple().isInt()))
    return error(CI, formatv("'llvm.cute.add_offset': the offset '{0}' is not "
                             "an integer",
                             Off->str()));
  Handle R = *H;
  R.Iter =
      B.CreateGEP(H->EltTy, H->Iter, emitIndex(CI, Off->tuple().value(), B));
  define(CI, std::move(R));
}

void FunctionLowering::lowerDerefDescIter(CallInst &CI) {
  const Handle *H =
      CI.arg_size() == 1 ? getHandle(CI.getArgOperand(0)) : nullptr;
  if (!H || H->K != Handle::DescIter || !CI.getType()->isPointerTy())
    return error(CI, "'llvm.cute.deref_desc_iter' expects a descriptor "
                     "iterator and returns a pointer");
  IRBuilder<> B(&CI);
  llvm::Value *Base = B.CreateExtractValue(H->Desc, 0);
  llvm::Value *Idx = B.CreateExtractValue(H->Desc, 1);
  llvm::Value *Stride = B.CreateExtractValue(H->Desc, 2);
  llvm::Value *Off = B.CreateSExt(B.CreateMul(Idx, Stride), B.getInt64Ty());
  llvm::Value *P = B.CreateGEP(B.getInt8Ty(), Base, Off);
  CI.replaceAllUsesWith(B.CreatePointerBitCastOrAddrSpaceCast(P, CI.getType()));
  Dead.push_back(&CI);
}

std::optional<Int> FunctionLowering::offsetOf(CallInst &CI, const IntTuple &Crd,
                                              const Value &L) {
  if (L.kind() == ValueKind::ComposedLayout) {
    // CuTe's slice_and_offset; a whole coordinate is the composed function.
    auto Idx = [&]() -> Expected<IntTuple> {
      if (!hasUnderscore(Crd))
        return evalComposed(L.composed(), Crd);
      auto R = sliceAndOffset(Crd, L.composed());
      if (!R)
        return R.takeError();
      return R->Offset;
    }();
    if (!Idx) {
      error(CI, Idx.takeError());
      return std::nullopt;
    }
    if (!Idx->isInt()) {
      error(CI, formatv("the offset of '{0}' in '{1}' is '{2}', not an "
                        "integer",
                        Crd.str(), L.str(), Idx->str()));
      return std::nullopt;
    }
    return Idx->value();
  }
  if (L.kind() != ValueKind::Layout) {
    error(CI, formatv("indexing a tensor whose layout is a {0} is not "
                      "supported: '{1}'",
                      valueKindName(L.kind()), L.str()));
    return std::nullopt;
  }
  auto Idx = crd2idx(zeroUnderscores(Crd), L.layout().Shape, L.layout().Stride);
  if (!Idx) {
    error(CI, Idx.takeError());
    return std::nullopt;
  }
  if (!Idx->isInt()) {
    error(CI, formatv("the offset of '{0}' in '{1}' is '{2}', not an integer",
                      Crd.str(), L.str(), Idx->str()));
    return std::nullopt;
  }
  return Idx->value();
}

void FunctionLowering::lowerMemref(CallInst &CI, bool IsStore) {
  StringRef Name = IsStore ? "memref_store" : "memref_load";
  const Handle *H = CI.arg_size() == (IsStore ? 3u : 2u)
                        ? getHandle(CI.getArgOperand(0))
                        : nullptr;
  if (!H || H->K != Handle::Tensor)
    return error(CI, formatv("'llvm.cute.{0}' expects (tensor, coordinate{1})",
                             Name, IsStore ? ", value" : ""));
  auto Crd = operandValue(CI, 1);
  if (!Crd)
    return;
  if (!Crd->isTupleKind())
    return error(CI, formatv("'llvm.cute.{0}': the coordinate is a {1}", Name,
                             valueKindName(Crd->kind())));
  auto Off = offsetOf(CI, Crd->tuple(), H->V);
  if (!Off)
    return;
  IRBuilder<> B(&CI);
  llvm::Value *P = B.CreateGEP(H->EltTy, H->Iter, emitIndex(CI, *Off, B));
  if (IsStore) {
    llvm::Value *V = CI.getArgOperand(2);
    if (V->getType() != H->EltTy)
      return error(CI, formatv("'llvm.cute.memref_store' stores {0} to a "
                               "tensor of {1}",
                               *V->getType(), *H->EltTy));
    B.CreateStore(V, P);
  } else {
    if (CI.getType() != H->EltTy)
      return error(CI, formatv("'llvm.cute.memref_load' returns {0} from a "
                               "tensor of {1}",
                               *CI.getType(), *H->EltTy));
    CI.replaceAllUsesWith(B.CreateLoad(H->EltTy, P));
  }
  Dead.push_back(&CI);
}

void FunctionLowering::lowerMakeGmmaDesc(CallInst &CI, bool Umma) {
  // make_umma_desc: the same recognition, the SM100 word (UmmaDescriptor.h).
  StringRef Op = Umma ? "make_umma_desc" : "make_gmma_desc";
  const Handle *H =
      CI.arg_size() == 2 ? getHandle(CI.getArgOperand(0)) : nullptr;
  std::optional<StringRef> Text = CI.arg_size() == 2
                                      ? getConstantString(CI.getArgOperand(1))
                                      : std::nullopt;
  if (!H || H->K != Handle::Tensor || !Text || !CI.getType()->isIntegerTy(64))
    return error(CI, formatv("'llvm.cute.{0}' expects (shared-memory "
                             "tensor, \"major=K\" or \"major=MN\") and "
                             "returns i64",
                             Op));
  auto Attrs = parseOpAttrs(
      opInfo(Umma ? CuteOp::make_umma_desc : CuteOp::make_gmma_desc), *Text);
  if (!Attrs)
    return error(CI, toString(Attrs.takeError()));
  auto MajorIt = Attrs->Strings.find("major");
  std::optional<GmmaMajor> Major;
  if (MajorIt != Attrs->Strings.end())
    Major = parseGmmaMajor(MajorIt->second);
  if (!Major || Attrs->Strings.size() != 1 || !Attrs->Ints.empty())
    return error(CI, formatv("'llvm.cute.{1}': the attributes "
                             "'{0}' are not \"major=K\" or \"major=MN\"",
                             *Text, Op));
  unsigned AS = H->Iter->getType()->getPointerAddressSpace();
  if (AS != 0 && AS != 3)
    return error(CI, formatv("'llvm.cute.{1}' expects a "
                             "shared-memory tensor, but its iterator is in "
                             "address space {0}",
                             AS, Op));
  Type *EltTy = H->EltTy;
  unsigned Bits = EltTy->isPointerTy() ? 0 : EltTy->getPrimitiveSizeInBits();
  if (!Bits)
    return error(CI, formatv("'llvm.cute.{1}': the element type {0} "
                             "of the tensor has no known width",
                             *EltTy, Op));
  if (H->V.kind() != ValueKind::ComposedLayout &&
      H->V.kind() != ValueKind::Layout)
    return error(CI, formatv("'llvm.cute.{1}': the tensor's layout "
                             "is a {0}",
                             valueKindName(H->V.kind()), Op));
  bool Composed = H->V.kind() == ValueKind::ComposedLayout;
  if (Composed && !H->V.composed().Offset.isInt())
    return error(CI, formatv("'llvm.cute.{1}': the offset of '{0}' "
                             "is not an integer",
                             H->V.str(), Op));
  Expected<uint64_t> Desc = [&]() -> Expected<uint64_t> {
    if (Umma) {
      auto D = Composed ? makeUmmaDesc(H->V.composed(), Bits, *Major)
                        : makeUmmaDesc(H->V.layout(), Bits, *Major);
      if (!D)
        return D.takeError();
      return D->word();
    }
    auto D = Composed ? makeGmmaDesc(H->V.composed(), Bits, *Major)
                      : makeGmmaDesc(H->V.layout(), Bits, *Major);
    if (!D)
      return D.takeError();
    return D->word();
  }();
  std::optional<Int> Offset;
  if (Composed)
    Offset = H->V.composed().Offset.value();
  if (!Desc)
    return error(CI, Desc.takeError());
  // CuTe's start address: the 128-bit aligned shared-memory address of the
  // tile's first element (the composed offset included), bits [4,18).
  IRBuilder<> B(&CI);
  llvm::Value *Start = H->Iter;
  if (Offset && !Offset->is(0)) {
    if (Offset->isStatic() && (Offset->value() * Bits) % 128 != 0)
      return error(CI, formatv("'llvm.cute.{2}': the tile starts "
                               "{0} elements into '{1}', not on a 16-byte "
                               "boundary",
                               Offset->value(), H->V.str(), Op));
    Start = B.CreateGEP(EltTy, Start, emitIndex(CI, *Offset, B));
  }
  Type *SmemPtrTy = PointerType::get(Ctx, 3);
  if (AS == 0)
    Start = B.CreateAddrSpaceCast(Start, SmemPtrTy);
  llvm::Value *Addr = B.CreatePtrToInt(Start, B.getInt32Ty());
  Addr = B.CreateLShr(B.CreateAnd(Addr, GmmaDescriptor::AddressMask), 4);
  Addr = B.CreateZExt(Addr, B.getInt64Ty());
  llvm::Value *Word =
      B.CreateOr(Addr, B.getInt64(*Desc),
                                       Umma ? "cute.umma.desc" : "cute.gmma.desc");
  noteAtomOperandTensor(CI, TensorUse::SmemDescriptor, H->Iter, EltTy,
                        H->V.str());
  CI.replaceAllUsesWith(Word);
  Dead.push_back(&CI);
}

//===----------------------------------------------------------------------===//
// Layout algebra
//===----------------------------------------------------------------------===//

bool FunctionLowering::positionalTiledAttrs(CallInst &CI, StringRef Op,
                                            unsigned &NumOps, OpAttrs &Attrs) {
  // (name, atom_layout, permutation) for make_tiled_mma; (name, value
  // type, thr_layout, val_layout) for make_tiled_copy; (name, value type,
  // tiled MMA) for make_tiled_copy_A/B/C. A string is notation; a cute
  // value stands for its notation; a tiled object joins the attributes.
  static const char *const MmaKeys[] = {"mma_atom", "atom_layout",
                                        "permutation"};
  static const char *const CopyKeys[] = {"copy_atom", "value_type",
                                         "thr_layout", "val_layout"};
  static const char *const CopyMmaKeys[] = {"copy_atom", "value_type"};
  ArrayRef<const char *> Keys = Op == "make_tiled_mma" ? ArrayRef(MmaKeys)
                                : Op == "make_tiled_copy"
                                    ? ArrayRef(CopyKeys)
                                    : ArrayRef(CopyMmaKeys);
  unsigned Pos = 0;
  for (unsigned I = 0; I < NumOps; ++I) {
    llvm::Value *Arg = CI.getArgOperand(I);
    const Handle *H = getHandle(Arg);
    if (H && H->Tiled)
      continue; // joins the attributes below
    std::string Text;
    if (auto Str = getConstantString(Arg))
      Text = Str->str();
    else if (H && H->K == Handle::Algebra)
      Text = H->V.str();
    else {
      error(CI, formatv("'llvm.cute.{0}': operand #{1} is not a constant "
                        "string or a cute value",
                        Op, I));
      return false;
    }
    if (Pos >= Keys.size()) {
      error(CI, formatv("'llvm.cute.{0}' takes at most {1} positional "
                        "operand(s) ({2})",
                        Op, Keys.size(), llvm::join(Keys, ", ")));
      return false;
    }
    if (Text.find('?') != std::string::npos) {
      error(CI, formatv("'llvm.cute.{0}': {1} '{2}' must be static", Op,
                        Keys[Pos], Text));
      return false;
    }
    Attrs.Strings[Keys[Pos++]] = Text;
  }
  return true;
}

void FunctionLowering::lowerAlgebra(CallInst &CI, const CuteOpInfo &Info) {
  StringRef Op = Info.Name;
  unsigned NumOps = CI.arg_size();
  OpAttrs Attrs;
  if (NumOps)
    if (auto Text = getConstantString(CI.getArgOperand(NumOps - 1))) {
      // A tiled constructor's lone atom name is positional, not attributes.
      bool Positional = isTiledConstructor(Op) && !Text->contains('=');
      if (!Positional) {
        auto A = parseOpAttrs(Info, *Text);
        if (!A)
          return error(CI, toString(A.takeError()));
        Attrs = std::move(*A);
        --NumOps;
      }
    }
  // Tiled objects among the operands give their attributes (those of the
  // call win).
  for (unsigned I = 0; I < NumOps; ++I)
    if (const Handle *H = getHandle(CI.getArgOperand(I)); H && H->Tiled) {
      for (const auto &[K, V] : H->Tiled->Ints)
        if (!Attrs.Ints.count(K) && !Attrs.Strings.count(K))
          Attrs.Ints[K] = V;
      for (const auto &[K, V] : H->Tiled->Strings)
        if (!Attrs.Ints.count(K) && !Attrs.Strings.count(K))
          Attrs.Strings[K] = V;
    }
  if (isTiledConstructor(Op) && NumOps) {
    if (getConstantString(CI.getArgOperand(0))) {
      if (!positionalTiledAttrs(CI, Op, NumOps, Attrs))
        return;
    } else if (llvm::any_of(llvm::seq(0u, NumOps), [&](unsigned I) {
                 const Handle *H = getHandle(CI.getArgOperand(I));
                 return !H || !H->Tiled;
               })) {
      return error(
          CI, formatv("'llvm.cute.{0}' takes its atom by name: "
                      "(\"NAME\", ...) or the attribute {1}=NAME",
                      Op, Op == "make_tiled_mma" ? "mma_atom" : "copy_atom"));
    }
    NumOps = 0;
  }
  std::vector<Value> Vals;
  const Handle *Tensor = nullptr;
  for (unsigned I = 0; I < NumOps; ++I) {
    if (const Handle *H = getHandle(CI.getArgOperand(I)); H && H->Tiled)
      continue;
    if (const Handle *H = getHandle(CI.getArgOperand(I)))
      if (H->K == Handle::Tensor) {
        if (I != 0)
          return error(CI, formatv("'llvm.cute.{0}': only operand #0 may be "
                                   "a tensor",
                                   Op));
        Tensor = H;
      }
    auto V = operandValue(CI, I);
    if (!V)
      return;
    Vals.push_back(std::move(*V));
  }
  StringRef LibOp = Info.LibName;
  if (LibOp.empty())
    return error(CI, formatv("'llvm.cute.{0}' is not an operation of the "
                             "layout library",
                             Op));
  // Tiled copies take the tensor last: (tv, tiler, tensor[, thread]).
  // With its layout in the attributes a tiled copy takes (tensor[, thread]).
  if (StringRef(LibOp).starts_with("tiled.copy.") && Vals.size() >= 3)
    std::rotate(Vals.begin(), Vals.begin() + 1,
                Vals.begin() + std::min<size_t>(3, Vals.size()));
  std::optional<int64_t> Pick = Attrs.getInt("result");
  Attrs.Ints.erase("result");
  // mma_atom= and copy_atom= name atoms of the registry.
  Attrs.Atoms = &registry::atomSource();
  auto Results = evaluateOp(LibOp, Vals, Attrs);
  if (!Results)
    return error(CI, Results.takeError());
  // A partition of a tensor: the per-thread layout and the thread's offset
  // (of a tensor over a composed layout: the composed layout, whose offset
  // holds the thread's, and 0).
  std::optional<Int> PartitionOffset;
  if (!Pick && Results->size() == 2 && Tensor &&
      ((*Results)[0].kind() == ValueKind::Layout ||
       (*Results)[0].kind() == ValueKind::ComposedLayout) &&
      (*Results)[1].isTupleKind() && (*Results)[1].tuple().isInt()) {
    PartitionOffset = (*Results)[1].tuple().value();
    Results->pop_back();
  }
  if (Pick) {
    if (*Pick < 0 || *Pick >= (int64_t)Results->size())
      return error(CI, formatv("'llvm.cute.{0}': result={1} does not exist "
                               "(it has {2})",
                               Op, *Pick, Results->size()));
    Value Chosen = (*Results)[*Pick];
    Results->assign(1, std::move(Chosen));
  }
  // A tiled constructor without result=K: the TiledMMA / TiledCopy object.
  if (!Pick && isTiledConstructor(Op) && CI.getType()->isPointerTy()) {
    bool Mma = Op == "make_tiled_mma";
    Handle H;
    H.V = Results->front();
    OpAttrs Tiled = tiledObjectAttrs(Attrs, Mma);
    if (!Mma) {
      Tiled.Strings["layout_tv"] = (*Results)[0].str();
      Tiled.Strings["tiler_mn"] = (*Results)[1].str();
      // A named copy atom of make_tiled_copy_A/B/C copies the MMA operand's
      // type unless told: record the width.
      auto AtomIt = Attrs.Strings.find("mma_atom");
      if (Op != "make_tiled_copy" && Tiled.Strings.count("copy_atom") &&
          !Tiled.Ints.count("value_bits") &&
          !Tiled.Strings.count("value_type") && AtomIt != Attrs.Strings.end()) {
        auto M = Attrs.Atoms->mmaAtom(AtomIt->second);
        if (!M)
          return error(CI, M.takeError());
        unsigned Bits = Op.back() == 'A'   ? M->BitsA
                        : Op.back() == 'B' ? M->BitsB
                                           : M->BitsC;
        Tiled.Ints["value_bits"] = {Bits};
      }
    }
    H.Tiled = std::make_shared<const OpAttrs>(std::move(Tiled));
    define(CI, std::move(H));
    return;
  }
  if (Results->size() != 1)
    return error(CI, formatv("'llvm.cute.{0}' has {1} results; pick one with "
                             "the attribute \"result=K\"",
                             Op, Results->size()));
  Value &R = Results->front();

  if (CI.getType()->isIntegerTy()) {
    if (R.kind() == ValueKind::Bool) {
      defineInt(CI, Int(R.flag() ? 1 : 0));
      return;
    }
    if (!R.isTupleKind() || !R.tuple().isInt())
      return error(CI, formatv("'llvm.cute.{0}' gives '{1}', not an integer: "
                               "declare the call to return ptr",
                               Op, R.str()));
    defineInt(CI, R.tuple().value());
    return;
  }
  if (!CI.getType()->isPointerTy())
    return error(CI, formatv("'llvm.cute.{0}' returns a cute value (ptr) or "
                             "an integer, not {1}",
                             Op, *CI.getType()));
  Handle H;
  H.V = R;
  // partition_fragment_A/B/C of a tensor is the register layout of the
  // partition of its layout (CuTe's make_fragment_like of it): a layout.
  bool FragmentOf = Info.Id == CuteOp::partition_fragment_A ||
                    Info.Id == CuteOp::partition_fragment_B ||
                    Info.Id == CuteOp::partition_fragment_C;
  if (Tensor && !FragmentOf &&
      (R.kind() == ValueKind::Layout ||
       R.kind() == ValueKind::ComposedLayout)) {
    H.K = Handle::Tensor;
    H.EltTy = Tensor->EltTy;
    H.Iter = Tensor->Iter;
    if (PartitionOffset && PartitionOffset->is(0)) {
      // The offset is in the composed layout: the iterator stays.
    } else if (PartitionOffset) {
      IRBuilder<> B(&CI);
      H.Iter = B.CreateGEP(H.EltTy, H.Iter, emitIndex(CI, *PartitionOffset, B));
    } else if (Info.Id == CuteOp::slice) {
      auto Off = offsetOf(CI, Vals[1].tuple(), Tensor->V);
      if (!Off)
        return;
      IRBuilder<> B(&CI);
      H.Iter = B.CreateGEP(H.EltTy, H.Iter, emitIndex(CI, *Off, B));
    } else if (!Info.KeepsTensorIterator) {
      return error(CI, formatv("'llvm.cute.{0}' does not apply to a tensor; "
                               "apply it to the tensor's layout",
                               Op));
    }
  }
  define(CI, std::move(H));
}

void FunctionLowering::lowerPrint(CallInst &CI, bool Args) {
  auto V = CI.arg_size() == 1 ? operandValue(CI, 0) : std::nullopt;
  if (!V)
    return;
  IRBuilder<> B(&CI);
  if (!Args) {
    // The notation, with the `?` of each dynamic leaf as a conversion.
    Value Fmt = *V;
    std::string Text = Fmt.str();
    std::string Out;
    std::vector<bool> Wide;
    forEachInt(*V, [&](const Int &I) {
      if (I.isDynamic())
        Wide.push_back(I.width() == 64);
    });
    unsigned K = 0;
    for (size_t I = 0; I < Text.size(); ++I) {
      if (Text[I] == '%') {
        Out += "%%";
        continue;
      }
      if (Text[I] != '?') {
        Out += Text[I];
        continue;
      }
      Out += K < Wide.size() && Wide[K] ? "%lld" : "%d";
      ++K;
      if (I + 1 < Text.size() && Text[I + 1] == '{')
        I = Text.find('}', I);
    }
    CI.replaceAllUsesWith(
        B.CreateGlobalString(Out + "\n", ".cute.fmt", 0, CI.getModule()));
    Dead.push_back(&CI);
    return;
  }
  SmallVector<Type *, 8> Fields;
  SmallVector<const Int *, 8> Leaves;
  forEachInt(*V, [&](const Int &I) {
    if (I.isDynamic()) {
      Leaves.push_back(&I);
      Fields.push_back(B.getIntNTy(I.width()));
    }
  });
  if (Leaves.empty()) {
    CI.replaceAllUsesWith(ConstantPointerNull::get(B.getPtrTy()));
    Dead.push_back(&CI);
    return;
  }
  StructType *BufTy = StructType::get(Ctx, Fields);
  IRBuilder<> EntryB(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Buf = EntryB.CreateAlloca(BufTy, nullptr, "cute.print.args");
  for (unsigned I = 0; I < Leaves.size(); ++I)
    B.CreateStore(emitInt(CI, *Leaves[I], Fields[I], B),
                  B.CreateStructGEP(BufTy, Buf, I));
  CI.replaceAllUsesWith(
      B.CreatePointerBitCastOrAddrSpaceCast(Buf, CI.getType()));
  Dead.push_back(&CI);
}

//===----------------------------------------------------------------------===//
// Merges
//===----------------------------------------------------------------------===//

std::optional<Handle> FunctionLowering::join(Instruction &I,
                                             ArrayRef<const Handle *> Ins) {
  Handle J = *Ins.front();
  std::string Skel = skeleton(J.V);
  for (const Handle *H : Ins.drop_front()) {
    if (H->K != J.K || skeleton(H->V) != Skel ||
        !sameAttrs(H->Tiled, J.Tiled) ||
        (H->K == Handle::Tensor && H->EltTy != J.EltTy)) {
      error(I, formatv("cute values of different profiles meet here: '{0}' "
                       "and '{1}'",
                       J.V.str(), H->V.str()));
      return std::nullopt;
    }
    std::vector<const Int *> Other;
    forEachInt(H->V, [&](const Int &X) { Other.push_back(&X); });
    unsigned K = 0;
    forEachInt(J.V, [&](Int &X) {
      const Int &Y = *Other[K++];
      if (X.isStatic() && Y.isStatic() && X.value() == Y.value())
        return;
      X = Int::dynamic(std::max(X.isDynamic() ? X.width() : 32u,
                                Y.isDynamic() ? Y.width() : 32u));
    });
  }
  return J;
}

void FunctionLowering::lowerSelect(SelectInst &SI) {
  const Handle *T = getHandle(SI.getTrueValue());
  const Handle *E = getHandle(SI.getFalseValue());
  if (!T && !E)
    return;
  if (!T || !E)
    return error(SI, "a select between a cute value and something else");
  auto J = join(SI, {T, E});
  if (!J)
    return;
  IRBuilder<> B(&SI);
  std::vector<Int> TL, EL;
  forEachInt(T->V, [&](const Int &X) { TL.push_back(X); });
  forEachInt(E->V, [&](const Int &X) { EL.push_back(X); });
  unsigned K = 0;
  forEachInt(J->V, [&](Int &X) {
    unsigned Idx = K++;
    if (X.isStatic())
      return;
    Type *Ty = B.getIntNTy(X.width());
    llvm::Value *Sel =
        B.CreateSelect(SI.getCondition(), emitInt(SI, TL[Idx], Ty, B),
                       emitInt(SI, EL[Idx], Ty, B));
    X = Syms.bind(Sel, X.width());
  });
  if (J->K == Handle::Tensor)
    J->Iter = B.CreateSelect(SI.getCondition(), T->Iter, E->Iter);
  if (J->K == Handle::DescIter)
    J->Desc = B.CreateSelect(SI.getCondition(), T->Desc, E->Desc);
  setHandle(&SI, std::move(*J));
  Dead.push_back(&SI);
}

void FunctionLowering::lowerPhi(PHINode &PN) {
  SmallVector<const Handle *, 4> Known;
  for (llvm::Value *In : PN.incoming_values())
    if (const Handle *H = getHandle(In))
      Known.push_back(H);
  if (Known.empty())
    return;
  auto J = join(PN, Known);
  if (!J)
    return;
  PendingPhi P;
  P.PN = &PN;
  IRBuilder<> B(&PN);
  forEachInt(J->V, [&](Int &X) {
    if (X.isStatic())
      return;
    PHINode *LP =
        B.CreatePHI(B.getIntNTy(X.width()), PN.getNumIncomingValues());
    P.LeafPhis.push_back(LP);
    X = Syms.bind(LP, X.width());
  });
  if (J->K == Handle::Tensor) {
    P.IterPhi = B.CreatePHI(J->Iter->getType(), PN.getNumIncomingValues());
    J->Iter = P.IterPhi;
  }
  if (J->K == Handle::DescIter) {
    P.DescPhi = B.CreatePHI(J->Desc->getType(), PN.getNumIncomingValues());
    J->Desc = P.DescPhi;
  }
  P.Joined = *J;
  setHandle(&PN, std::move(*J));
  Dead.push_back(&PN);
  Phis.push_back(std::move(P));
}

void FunctionLowering::finishPendingPhis() {
  for (PendingPhi &P : Phis) {
    PHINode &PN = *P.PN;
    std::vector<const Int *> JL;
    forEachInt(P.Joined.V, [&](const Int &X) { JL.push_back(&X); });
    for (unsigned In = 0; In < PN.getNumIncomingValues(); ++In) {
      BasicBlock *From = PN.getIncomingBlock(In);
      const Handle *H = getHandle(PN.getIncomingValue(In));
      if (!H || H->K != P.Joined.K || skeleton(H->V) != skeleton(P.Joined.V)) {
        error(PN, formatv("the cute value entering from '{0}' does not have "
                          "the profile '{1}' of the others",
                          From->getName(), P.Joined.V.str()));
        continue;
      }
      IRBuilder<> B(From->getTerminator());
      std::vector<const Int *> HL;
      forEachInt(H->V, [&](const Int &X) { HL.push_back(&X); });
      unsigned Leaf = 0;
      for (unsigned K = 0; K < JL.size(); ++K) {
        if (JL[K]->isStatic()) {
          if (!HL[K]->isStatic() || HL[K]->value() != JL[K]->value())
            error(PN, formatv("the cute value entering from '{0}' ('{1}') "
                              "changes a static leaf of '{2}' around a loop; "
                              "make that leaf dynamic before the loop",
                              From->getName(), H->V.str(), P.Joined.V.str()));
          continue;
        }
        PHINode *LP = P.LeafPhis[Leaf++];
        LP->addIncoming(emitInt(PN, *HL[K], LP->getType(), B), From);
      }
      if (P.IterPhi)
        P.IterPhi->addIncoming(H->Iter, From);
      if (P.DescPhi)
        P.DescPhi->addIncoming(H->Desc, From);
    }
  }
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

void FunctionLowering::lowerCall(CallInst &CI, StringRef Op) {
  const CuteIntrinsicInfo *Info = lookupCuteIntrinsic(Op);
  if (!Info)
    return error(CI, formatv("unknown cute intrinsic 'llvm.cute.{0}'", Op));
  if (Info->Stage == CuteStage::Desugar)
    return error(CI, formatv("'llvm.cute.{0}' is sugar: run cute-desugar "
                             "before cute-lower-layout",
                             Op));
  if (Info->IsLiteral) {
    bool FromString =
        CI.arg_size() && getConstantString(CI.getArgOperand(0)).has_value();
    if (FromString || Info->LibName.empty())
      return lowerLiteral(CI, Op);
  }
  switch (Info->Id) {
  case CuteOp::make_tuple:
    return lowerMakeTuple(CI);
  case CuteOp::get_leaf:
    return lowerGetLeaf(CI);
  case CuteOp::partition_coord:
    return lowerPartitionCoord(CI);
  case CuteOp::pack:
    return lowerPack(CI);
  case CuteOp::unpack:
    return lowerUnpack(CI);
  case CuteOp::make_view:
    return lowerMakeView(CI);
  case CuteOp::get_iter:
    return lowerGetIter(CI);
  case CuteOp::get_layout:
    return lowerGetLayout(CI);
  case CuteOp::add_offset:
    return lowerAddOffset(CI);
  case CuteOp::deref_desc_iter:
    return lowerDerefDescIter(CI);
  case CuteOp::print_format:
    return lowerPrint(CI, /*Args=*/false);
  case CuteOp::print_args:
    return lowerPrint(CI, /*Args=*/true);
  case CuteOp::make_gmma_desc:
    return lowerMakeGmmaDesc(CI);
  case CuteOp::make_umma_desc:
    return lowerMakeGmmaDesc(CI, /*Umma=*/true);
  case CuteOp::memref_load:
    return lowerMemref(CI, /*IsStore=*/false);
  case CuteOp::memref_store:
    return lowerMemref(CI, /*IsStore=*/true);
  default:
    return lowerAlgebra(CI, *Info);
  }
}

bool FunctionLowering::run() {
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT) {
    for (Instruction &I : make_early_inc_range(*BB)) {
      if (auto *PN = dyn_cast<PHINode>(&I)) {
        if (PN->getType()->isPointerTy())
          lowerPhi(*PN);
        continue;
      }
      if (auto *SI = dyn_cast<SelectInst>(&I)) {
        if (SI->getType()->isPointerTy())
          lowerSelect(*SI);
        continue;
      }
      auto *CI = dyn_cast<CallInst>(&I);
      Function *Callee = CI ? getCallee(*CI) : nullptr;
      if (!Callee)
        continue;
      if (auto Op = getCuteOpName(*Callee)) {
        // Static arithmetic that overflowed anywhere in the call's lowering
        // made its result meaningless.
        OverflowScope Scope;
        lowerCall(*CI, *Op);
        if (Error E = Scope.takeError()) {
          if (Failed.count(CI))
            consumeError(std::move(E));
          else
            error(*CI, std::move(E));
        }
      }
    }
  }
  finishPendingPhis();

  // Every use of a cute value must be one that was lowered.
  SmallPtrSet<Instruction *, 32> Lowered(Dead.begin(), Dead.end());
  for (auto &[V, Idx] : Handles) {
    const Handle &H = HandleStore[Idx];
    for (User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      // Users already diagnosed (a cute call that failed) are not escapes.
      if (!UI || Lowered.count(UI) || Failed.count(UI) ||
          UI->hasMetadata(DiagnosedMDName))
        continue;
      std::string What = "an instruction that is not a cute operation";
      if (isa<StoreInst>(UI))
        What = "memory (a store)";
      else if (isa<ReturnInst>(UI))
        What = "the caller (a return)";
      else if (auto *CB = dyn_cast<CallBase>(UI))
        What = getCallee(*CB) ? ("a call of '" + getCallee(*CB)->getName() +
                                 "' that was not inlined")
                                    .str()
                              : "an indirect call";
      error(*UI, formatv("a cute value ('{0}') escapes to {1}; its profile "
                         "cannot be followed there",
                         H.V.str(), What));
    }
  }

  bool Changed = !Dead.empty();
  for (Instruction *I : reverse(Dead)) {
    if (!I->use_empty())
      I->replaceAllUsesWith(PoisonValue::get(I->getType()));
    I->eraseFromParent();
  }
  return Changed;
}

bool hasCuteCalls(Function &F) {
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = getCallee(*CI))
        if (getCuteOpName(*Callee))
          return true;
  return false;
}

} // namespace

/// True when \p F takes a cute value from its caller: its lowering must
/// wait until it is inlined.
bool takesCuteValues(Function &F) {
  for (Argument &A : F.args()) {
    if (!A.getType()->isPointerTy())
      continue;
    for (Use &U : A.uses())
      if (auto *CI = dyn_cast<CallInst>(U.getUser()))
        if (Function *Callee = getCallee(*CI))
          if (auto Op = getCuteOpName(*Callee)) {
            // The data pointer of a view or of a descriptor iterator is no
            // cute value: a kernel's own tensors are lowered early.
            const CuteOpInfo *Info = lookupOp(*Op);
            if (Info &&
                (Info->Id == CuteOp::make_view ||
                 Info->Id == CuteOp::get_iter) &&
                U.getOperandNo() == 0)
              continue;
            return true;
          }
  }
  return false;
}

PreservedAnalyses CuteLowerLayoutPass::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  NotationCache &Notation = getNotationCache(M, MAM);
  bool Changed = false;
  // The notation strings the calls read: dead once the calls are gone.
  SmallPtrSet<GlobalVariable *, 16> Strings;
  for (Function &F : M)
    if (getCuteOpName(F))
      for (User *U : F.users())
        if (auto *CB = dyn_cast<CallBase>(U))
          for (llvm::Value *Op : CB->args())
            if (auto *GV = dyn_cast<GlobalVariable>(Op->stripPointerCasts()))
              if (GV->hasLocalLinkage() && getConstantString(GV))
                Strings.insert(GV);
  for (Function &F : M) {
    if (F.isDeclaration() || !hasCuteCalls(F))
      continue;
    if (DeferUnknown && takesCuteValues(F))
      continue;
    FunctionLowering FL(F, Notation);
    Changed |= FL.run();
  }
  // Declarations of lowered intrinsics are dead now.
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && getCuteOpName(F) && F.use_empty()) {
      F.eraseFromParent();
      Changed = true;
    }
  for (GlobalVariable *GV : Strings) {
    GV->removeDeadConstantUsers();
    if (GV->use_empty())
      GV->eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cute
