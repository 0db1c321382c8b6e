//===- LowerLayoutTensors.cpp - cute-lower-layout: tensors ----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Tensors, iterators and descriptors in cute-lower-layout: views over a
/// pointer, their iterators and layouts, offsets, loads and stores through
/// a layout, and the GMMA / UMMA shared-memory descriptors and their
/// iterators.
///
//===----------------------------------------------------------------------===//

#include "LowerLayoutImpl.h"

#include "AtomLowering.h"
#include "CuteLLVM/Descriptors/GmmaDescriptor.h"
#include "CuteLLVM/Descriptors/UmmaDescriptor.h"
#include "CuteLLVM/Registry/AtomRegistry.h"
#include "CuteLLVM/Support/BoundedText.h"
#include "Diagnostics.h"
#include "VerifyMma.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/NVPTXAddrSpace.h"

using namespace llvm;

namespace cute {
namespace lowerlayout {

namespace {

/// An element type a tensor may name: an IR type, and the registry's
/// element type where the name says more than the IR type (-1 otherwise).
struct ElementType {
  Type *Ty = nullptr;
  int Format = -1;
};

/// The element types a tensor may name: the IR's (f16, bf16, f32, f64,
/// i<N>, ptr) and every registry element type that fills its storage type
/// (e4m3, e5m2, ue8m0, ... in i8; the sub-byte ones have no address).
ElementType parseElementType(StringRef Name, LLVMContext &Ctx) {
  if (Name == "f16" || Name == "half")
    return {Type::getHalfTy(Ctx)};
  if (Name == "bf16" || Name == "bfloat")
    return {Type::getBFloatTy(Ctx)};
  if (Name == "f32" || Name == "float" || Name == "tf32")
    return {Type::getFloatTy(Ctx)};
  if (Name == "f64" || Name == "double")
    return {Type::getDoubleTy(Ctx)};
  if (Name == "ptr")
    return {PointerType::get(Ctx, 0)};
  unsigned Bits;
  StringRef Int = Name;
  if ((Int.consume_front("i") || Int.consume_front("u") ||
       Int.consume_front("b")) &&
      !Int.getAsInteger(10, Bits) && Bits >= 1 && Bits <= 128)
    return {IntegerType::get(Ctx, Bits)};
  for (auto [ID, E] : enumerate(registry::elementTypes())) {
    if (StringRef(E.Ptx) != Name)
      continue;
    Type *Storage = namedType(Ctx, E.LLVMType);
    if (Storage && Storage->isIntegerTy(E.Bits))
      return {Storage, int(ID)};
  }
  return {};
}

} // namespace

//===----------------------------------------------------------------------===//
// Tensors and iterators
//===----------------------------------------------------------------------===//

bool FunctionLowering::checkInStorage(CallInst &CI, llvm::Value *Iter,
                                      const Value &L, Type *EltTy) {
  // A static layout of non-negative strides spans cosize elements from the
  // iterator; other layouts are not checked, nor is a view nothing uses (a
  // placeholder of code that `if constexpr` left out).
  if (L.kind() != ValueKind::Layout || CI.use_empty())
    return true;
  const Layout &Lay = L.layout();
  bool Plain = isStatic(Lay.Shape);
  forEachLeaf(Lay.Stride, [&](const IntTuple &X) {
    Plain &= X.isInt() && X.value().isStatic() && X.value().value() >= 0;
  });
  const DataLayout &DL = CI.getDataLayout();
  std::optional<ObjectOffset> O = Plain ? objectOffset(Iter, DL) : std::nullopt;
  if (!O)
    return true;
  Expected<Int> Span = cosize(Lay);
  if (!Span) {
    consumeError(Span.takeError());
    return true;
  }
  if (!Span->isStatic())
    return true;
  uint64_t Bytes = uint64_t(Span->value()) * DL.getTypeAllocSize(EltTy);
  if (O->Offset >= 0 && uint64_t(O->Offset) + Bytes <= O->Size)
    return true;
  // The same call's other check (make_fragment's size) reported it.
  if (!firstFailedCheckAt(CI)) {
    Failed.insert(&CI);
    CI.setMetadata(DiagnosedMDName, MDNode::get(CI.getContext(), {}));
    return false;
  }
  Function *Callee = getCallee(CI);
  bool View = Callee && getCuteOpName(*Callee) == "make_view";
  error(CI, diag(DiagID::SpansElementsBytes,
                 View ? diag(DiagID::SpanOfMakeView)
                      : diag(DiagID::SpanOfSliceOrTile),
                 Lay.str(), Span->value(), Bytes, O->Offset, objectName(*O),
                 O->Offset < 0 || uint64_t(O->Offset) >= O->Size
                     ? diag(DiagID::SpanStartsOutside)
                     : diag(DiagID::SpanPastEnd)));
  return false;
}

void FunctionLowering::lowerMakeView(CallInst &CI) {
  std::optional<StringRef> Elt = CI.arg_size() == 3
                                     ? getConstantString(CI.getArgOperand(2))
                                     : std::nullopt;
  llvm::Value *Base = CI.arg_size() == 3 ? CI.getArgOperand(0) : nullptr;
  bool InTmem = Base && Base->getType()->isIntegerTy(32);
  if (!Elt || !Base || (!Base->getType()->isPointerTy() && !InTmem))
    return error(CI, diag(DiagID::MakeViewExpectsPointer));
  ElementType Parsed = parseElementType(*Elt, Ctx);
  if (!Parsed.Ty)
    return error(CI, diag(DiagID::MakeViewUnknownElement, boundedText(*Elt)));
  auto L = operandValue(CI, 1);
  if (!L)
    return;
  if (!L->isLayoutKind())
    return error(
        CI, diag(DiagID::MakeViewOperandNotLayout, valueKindName(L->kind())));
  // A tensor in tensor memory: its iterator is the TMEM address as a
  // pointer of the TMEM address space, advanced in address units (a 32-bit
  // column; a lane is 2^16): elements of 32 bits, one per column.
  if (InTmem && !Parsed.Ty->isIntegerTy(32) && !Parsed.Ty->isFloatTy())
    return error(CI, diag(DiagID::MakeViewTMEMAddress, *Elt));
  if (!InTmem && !checkInStorage(CI, Base, *L, Parsed.Ty))
    return;
  Handle H;
  H.K = Handle::Tensor;
  H.V = std::move(*L);
  if (InTmem) {
    IRBuilder<> B(&CI);
    H.Iter = B.CreateIntToPtr(Base, PointerType::get(Ctx, TmemAddressSpace),
                              "cute.tmem");
  } else {
    H.Iter = Base;
  }
  H.EltTy = Parsed.Ty;
  H.EltFormat = Parsed.Format;
  define(CI, std::move(H));
}

void FunctionLowering::lowerGetIter(CallInst &CI) {
  if (CI.arg_size() == 4) {
    // A descriptor iterator: count = ceil_div(extent, tile);
    // a stack slot of {ptr, i32, i32} = {base, 0, stride}.
    llvm::Value *Base = CI.getArgOperand(0), *Extent = CI.getArgOperand(1),
                *Tile = CI.getArgOperand(2), *Stride = CI.getArgOperand(3);
    if (!Base->getType()->isPointerTy() ||
        !Extent->getType()->isIntegerTy(32) ||
        !Tile->getType()->isIntegerTy(32) ||
        !Stride->getType()->isIntegerTy(32))
      return error(CI, diag(DiagID::IterExpectsTensorPtr));
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
    return error(CI, diag(DiagID::IterExpectsTensorMake));
  bool InTmem = isTmemIter(*H);
  if (InTmem && !CI.getType()->isIntegerTy(32) &&
      CI.getType() != H->Iter->getType())
    return error(CI, diag(DiagID::IterTensorTensorMemory));
  if (!InTmem && CI.getType()->isIntegerTy())
    return error(CI, diag(DiagID::IterI32ResultTMEM));
  if (!InTmem && !CI.getType()->isPointerTy())
    return error(CI, diag(DiagID::IterTensorReturnsPointer));
  noteAtomOperandTensor(CI, TensorUse::Iterator, H->Iter, H->EltTy,
                        H->EltFormat, H->V);
  IRBuilder<> B(&CI);
  CI.replaceAllUsesWith(
      InTmem && CI.getType()->isIntegerTy()
          ? B.CreatePtrToInt(H->Iter, CI.getType())
          : B.CreatePointerBitCastOrAddrSpaceCast(H->Iter, CI.getType()));
  Dead.push_back(&CI);
}

namespace {
/// True when every object \p P may point into is a local array (a stack
/// slot, what a register fragment is before SROA) or \p P is a pointer of
/// the local address space.
bool pointsIntoRegisters(const llvm::Value *P) {
  if (P->getType()->getPointerAddressSpace() == NVPTXAS::ADDRESS_SPACE_LOCAL)
    return true;
  SmallVector<const llvm::Value *, 4> Objects;
  getUnderlyingObjects(P, Objects);
  return !Objects.empty() && all_of(Objects, [](const llvm::Value *O) {
    return isa<AllocaInst>(O);
  });
}
} // namespace

void FunctionLowering::lowerIsRmem(CallInst &CI) {
  const Handle *H =
      CI.arg_size() == 1 ? getHandle(CI.getArgOperand(0)) : nullptr;
  if (!H || H->K != Handle::Tensor)
    return error(CI, diag(DiagID::RmemExpectsTensorMake));
  if (!CI.getType()->isIntegerTy())
    return error(CI, diag(DiagID::RmemReturnsInteger));
  bool InRegisters = !isTmemIter(*H) && pointsIntoRegisters(H->Iter);
  CI.replaceAllUsesWith(ConstantInt::get(CI.getType(), InRegisters));
  Dead.push_back(&CI);
}

void FunctionLowering::lowerGetLayout(CallInst &CI) {
  const Handle *H =
      CI.arg_size() == 1 ? getHandle(CI.getArgOperand(0)) : nullptr;
  if (!H || H->K != Handle::Tensor)
    return error(CI, diag(DiagID::LayoutExpectsTensor));
  Handle L;
  L.V = H->V;
  define(CI, std::move(L));
}

void FunctionLowering::lowerAddOffset(CallInst &CI) {
  const Handle *H =
      CI.arg_size() == 2 ? getHandle(CI.getArgOperand(0)) : nullptr;
  if (!H || H->K == Handle::Algebra)
    return error(CI, diag(DiagID::AddOffsetExpectsDescriptor));
  IRBuilder<> B(&CI);
  if (H->K == Handle::DescIter) {
    llvm::Value *N = CI.getArgOperand(1);
    if (!N->getType()->isIntegerTy())
      return error(CI, diag(DiagID::AddOffsetDescriptor));
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
    return error(CI, diag(DiagID::AddOffsetNotInteger, Off->str()));
  Handle R = *H;
  R.Iter = advanceIter(*H, emitIndex(CI, Off->tuple().value(), B), B);
  define(CI, std::move(R));
}

void FunctionLowering::lowerDerefDescIter(CallInst &CI) {
  const Handle *H =
      CI.arg_size() == 1 ? getHandle(CI.getArgOperand(0)) : nullptr;
  if (!H || H->K != Handle::DescIter || !CI.getType()->isPointerTy())
    return error(CI, diag(DiagID::DerefDescIterExpects));
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
      error(CI, diag(DiagID::OffsetNotInteger, Crd.str(), L.str(), Idx->str()));
      return std::nullopt;
    }
    return Idx->value();
  }
  if (L.kind() != ValueKind::Layout) {
    error(CI,
          diag(DiagID::IndexingTensorWhose, valueKindName(L.kind()), L.str()));
    return std::nullopt;
  }
  auto Idx = crd2idx(zeroUnderscores(Crd), L.layout().Shape, L.layout().Stride);
  if (!Idx) {
    error(CI, Idx.takeError());
    return std::nullopt;
  }
  if (!Idx->isInt()) {
    error(CI, diag(DiagID::OffsetNotInteger, Crd.str(), L.str(), Idx->str()));
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
    return error(CI, diag(DiagID::ExpectsTensorCoordinate, Name,
                          IsStore ? ", value" : ""));
  auto Crd = operandValue(CI, 1);
  if (!Crd)
    return;
  if (!Crd->isTupleKind())
    return error(CI, diag(DiagID::TensorAccessCoordinateKind, Name,
                          valueKindName(Crd->kind())));
  auto Off = offsetOf(CI, Crd->tuple(), H->V);
  if (!Off)
    return;
  if (isTmemIter(*H))
    return error(CI, diag(DiagID::TensorTensorMemory, Name));
  IRBuilder<> B(&CI);
  llvm::Value *P = advanceIter(*H, emitIndex(CI, *Off, B), B);
  if (IsStore) {
    llvm::Value *V = CI.getArgOperand(2);
    if (V->getType() != H->EltTy)
      return error(
          CI, diag(DiagID::MemrefStoreStoresTensor, *V->getType(), *H->EltTy));
    B.CreateStore(V, P);
  } else {
    if (CI.getType() != H->EltTy)
      return error(
          CI, diag(DiagID::MemrefLoadReturnsTensor, *CI.getType(), *H->EltTy));
    CI.replaceAllUsesWith(B.CreateLoad(H->EltTy, P));
  }
  Dead.push_back(&CI);
}

namespace {
/// \p L with rank-1 wrappers around its tile removed: the (MMA) mode of a
/// partition_A/B, `((64,16))`, is the (M, K) tile `(64,16)` it wraps.
Layout unwrapTile(Layout L) {
  while (L.Shape.isTuple() && L.Shape.size() == 1 && L.Shape[0].isTuple()) {
    Expected<Layout> M = getMode(L, 0);
    if (!M) {
      consumeError(M.takeError());
      break;
    }
    L = std::move(*M);
  }
  return L;
}

/// The major make_{gmma,umma}_desc's attributes \p Text name ("major=K" or
/// "major=MN"); the error is the diagnostic.
Expected<GmmaMajor> descriptorMajor(StringRef Text, bool Umma) {
  auto Attrs = parseOpAttrs(
      opInfo(Umma ? CuteOp::make_umma_desc : CuteOp::make_gmma_desc), Text);
  if (!Attrs)
    return Attrs.takeError();
  auto MajorIt = Attrs->Strings.find("major");
  std::optional<GmmaMajor> Major;
  if (MajorIt != Attrs->Strings.end())
    Major = parseGmmaMajor(MajorIt->second);
  if (!Major || Attrs->Strings.size() != 1 || !Attrs->Ints.empty())
    return makeError(diag(DiagID::AttributesNotMajor, Text,
                          Umma ? "make_umma_desc" : "make_gmma_desc"));
  return *Major;
}

/// The tile a descriptor describes: the tensor's layout \p V (or the outer
/// layout of a composed one) without rank-1 wrappers.
cute::Value descriptorTile(const cute::Value &V) {
  if (V.kind() != ValueKind::ComposedLayout)
    return cute::Value::fromLayout(unwrapTile(V.layout()));
  ComposedLayout CL = V.composed();
  CL.Outer = unwrapTile(CL.Outer);
  return cute::Value::fromComposed(std::move(CL));
}

/// The static word of the descriptor of \p Tile, a layout or a composed
/// layout of \p Bits-bit elements: make_gmma_desc's, or make_umma_desc's.
Expected<uint64_t> descriptorWord(const cute::Value &Tile, unsigned Bits,
                                  GmmaMajor Major, bool Umma) {
  bool Composed = Tile.kind() == ValueKind::ComposedLayout;
  if (Umma) {
    auto D = Composed ? makeUmmaDesc(Tile.composed(), Bits, Major)
                      : makeUmmaDesc(Tile.layout(), Bits, Major);
    if (!D)
      return D.takeError();
    return D->word();
  }
  auto D = Composed ? makeGmmaDesc(Tile.composed(), Bits, Major)
                    : makeGmmaDesc(Tile.layout(), Bits, Major);
  if (!D)
    return D.takeError();
  return D->word();
}
} // namespace

void FunctionLowering::lowerMakeGmmaDesc(CallInst &CI, bool Umma) {
  // make_umma_desc: the same recognition, the SM100 word (UmmaDescriptor.h).
  StringRef Op = Umma ? "make_umma_desc" : "make_gmma_desc";
  const Handle *H =
      CI.arg_size() == 2 ? getHandle(CI.getArgOperand(0)) : nullptr;
  std::optional<StringRef> Text = CI.arg_size() == 2
                                      ? getConstantString(CI.getArgOperand(1))
                                      : std::nullopt;
  if (!H || H->K != Handle::Tensor || !Text || !CI.getType()->isIntegerTy(64))
    return error(CI, diag(DiagID::ExpectsSharedMemory, Op));
  Expected<GmmaMajor> Major = descriptorMajor(*Text, Umma);
  if (!Major)
    return error(CI, toString(Major.takeError()));
  unsigned AS = H->Iter->getType()->getPointerAddressSpace();
  // The iterator is shared, or generic and not provably elsewhere (the
  // stack, a global variable, a kernel's parameter): casting it to shared
  // would make a descriptor of an unrelated shared-memory address.
  if (std::optional<unsigned> Bad = provenAddressSpaceOutside(
          H->Iter, [](unsigned S) { return S == 0 || S == 3; }))
    return error(CI, diag(DiagID::ExpectsSharedMemoryTensor, *Bad, Op,
                          addressSpaceName(*Bad)));
  if (const llvm::Value *Unknown = unprovenObject(H->Iter))
    return error(CI, diag(DiagID::UnprovenShared,
                          diag(DiagID::DescTensorIterator, Op),
                          unprovenObjectName(Unknown)));
  Type *EltTy = H->EltTy;
  unsigned Bits = EltTy->isPointerTy() ? 0 : EltTy->getPrimitiveSizeInBits();
  if (!Bits)
    return error(CI, diag(DiagID::DescElementTypeNoWidth, *EltTy, Op));
  if (!H->V.isLayoutKind())
    return error(
        CI, diag(DiagID::DescTensorLayoutKind, valueKindName(H->V.kind()), Op));
  bool Composed = H->V.kind() == ValueKind::ComposedLayout;
  cute::Value Tile = descriptorTile(H->V);
  if (Composed && !H->V.composed().Offset.isInt())
    return error(CI, diag(DiagID::DescOffsetNotInteger, H->V.str(), Op));
  Expected<uint64_t> Desc = descriptorWord(Tile, Bits, *Major, Umma);
  std::optional<Int> Offset;
  if (Composed)
    Offset = H->V.composed().Offset.value();
  if (!Desc)
    return error(CI, Desc.takeError());
  // CuTe's start address: the 128-bit aligned shared-memory address of the
  // tile's first element (the composed offset included), bits [4,18). It is
  // the descriptor of the tensor's iterator, which does not change from one
  // k-block or stage to the next (so it hoists out of loops), plus the
  // offset in 16-byte units as a 32-bit value: a shared-memory address is
  // below 2^18, so the field does not carry. (The same word as masking the
  // sum, in the form ptxas compiles to the faster WGMMA main loop:
  // bench/results/2026-11-28-h100-gemm-llc-session11.txt.)
  IRBuilder<> B(&CI);
  if (Offset && !Offset->is(0) && Offset->isStatic() &&
      (Offset->value() * Bits) % 128 != 0)
    return error(
        CI, diag(DiagID::TileStartsElements, Offset->value(), H->V.str(), Op));
  Type *SmemPtrTy = PointerType::get(Ctx, 3);
  llvm::Value *Start = H->Iter;
  if (AS == 0)
    Start = B.CreateAddrSpaceCast(Start, SmemPtrTy);
  llvm::Value *Addr = B.CreatePtrToInt(Start, B.getInt32Ty());
  Addr = B.CreateLShr(B.CreateAnd(Addr, GmmaDescriptor::AddressMask), 4);
  if (Offset && !Offset->is(0)) {
    // Elements to 16-byte units: * Bits / 128.
    llvm::Value *Units = emitIndex(CI, *Offset, B);
    Units = B.CreateSExtOrTrunc(Units, B.getInt32Ty());
    if (128 % Bits == 0)
      Units = B.CreateAShr(Units, Log2_32(128 / Bits));
    else
      Units = B.CreateAShr(B.CreateMul(Units, B.getInt32(Bits)), 7);
    Addr = B.CreateAdd(Addr, Units);
  }
  Addr = B.CreateZExt(Addr, B.getInt64Ty());
  llvm::Value *Word = B.CreateOr(Addr, B.getInt64(*Desc),
                                 Umma ? "cute.umma.desc" : "cute.gmma.desc");
  noteAtomOperandTensor(CI, TensorUse::SmemDescriptor, H->Iter, EltTy,
                        H->EltFormat, Tile);
  CI.replaceAllUsesWith(Word);
  Dead.push_back(&CI);
}

} // namespace lowerlayout
} // namespace cute
