//===- LowerLayoutPack.cpp - cute-lower-layout: pack, unpack, print -------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Values crossing into plain LLVM in cute-lower-layout: `pack` builds a
/// struct of a value's integers, `unpack` rebuilds a value from one, and
/// `print_format` / `print_args` give a value's notation as a printf format
/// (a conversion per dynamic leaf) and a buffer of those leaves, vprintf's
/// arguments.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/Diagnostics.h"
#include "LowerLayoutImpl.h"

#include "Diagnostics.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cute {
namespace lowerlayout {

namespace {

/// A tree of the integers of a value in the order `pack` lays them out: a
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
    return makeError(
        diag(DiagID::CannotPackPackLayouts, valueKindName(V.kind()), V.str()));
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

} // namespace

void FunctionLowering::lowerPack(CallInst &CI) {
  if (CI.arg_size() != 1)
    return error(CI, diag(DiagID::PackExpectsValue));
  auto V = operandValue(CI, 0);
  if (!V)
    return;
  auto Tree = packValue(*V);
  if (!Tree)
    return error(CI, Tree.takeError());
  Type *Ty = packType(*Tree, Ctx);
  if (Ty != CI.getType())
    return error(
        CI, diag(DiagID::PackGivesCallReturns, V->str(), *Ty, *CI.getType()));
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
    return error(CI, diag(DiagID::UnpackExpectsConstant));
  auto Parsed = Notation.parse(*Text, ValueKind::Auto);
  if (!Parsed)
    return error(CI, diag(DiagID::UnpackProfile, *Text,
                          describeError(Parsed.takeError())));
  Value V = **Parsed;
  auto Tree = packValue(V);
  if (!Tree)
    return error(CI, Tree.takeError());
  llvm::Value *Agg = CI.getArgOperand(1);
  Type *Ty = packType(*Tree, Ctx);
  if (Ty != Agg->getType())
    return error(CI,
                 diag(DiagID::UnpackProfilePacks, *Text, *Ty, *Agg->getType()));
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
      I = Syms.bind(F, I.width(), I.divisibility())
              .withKnownDivisor(I.knownDivisor());
  });
  Handle H;
  H.V = std::move(V);
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

} // namespace lowerlayout
} // namespace cute
