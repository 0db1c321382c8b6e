//===- VerifyMma.cpp - The MMA atom operand verifier ----------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The MMA atom operand verifier over `llvm.cute.nvgpu.*` calls. Every text
/// comes from td/Diagnostics.td by record name; the residencies each operand
/// accepts come from the atom's records (AResidency, BResidency,
/// DResidency), narrowed by the variant's mode (SS: A is a descriptor).
///
/// At the IR level an operand is
/// - a tensor, when cute-lower-layout recorded one for it
///   (`!cute.operand.tensors`): its element type, layout and residency (the
///   address space or underlying object of its iterator; a descriptor made
///   from it is `smem_desc_view`);
/// - otherwise a pointer (residency from its address space or underlying
///   object: an alloca is rmem; element type the floating-point type its
///   storage is declared with, if any: integer storage holds registers of
///   any type), or an integer (a 64-bit one may be an SMEM descriptor or a
///   TMEM address, a narrower one a TMEM address).
///
//===----------------------------------------------------------------------===//

#include "VerifyMma.h"
#include "AtomLowering.h"
#include "CuteLLVM/Descriptors/GmmaDescriptor.h"
#include "CuteLLVM/Layout/Layout.h"
#include "CuteLLVM/Layout/LayoutCode.h"
#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;
using namespace cute::registry;

namespace cute {

namespace {

constexpr StringLiteral TensorsMD = "cute.operand.tensors";

/// NVPTX address spaces.
enum : unsigned { GenericAS, GlobalAS, SharedAS = 3, ConstAS, LocalAS, TmemAS };

uint32_t bit(ResidencyID R) { return uint32_t(1) << unsigned(R); }

StringRef residencyName(ResidencyID R) {
  return residencies()[unsigned(R)].Name;
}

/// Where the memory \p P points to is, when it can be told.
std::optional<ResidencyID> memoryResidency(const llvm::Value *P) {
  const llvm::Value *U = getUnderlyingObject(P);
  if (isa<AllocaInst>(U))
    return ResidencyID::rmem;
  unsigned AS = P->getType()->getPointerAddressSpace();
  if (AS == GenericAS && U->getType()->isPointerTy())
    AS = U->getType()->getPointerAddressSpace();
  switch (AS) {
  case GlobalAS:
  case ConstAS:
    return ResidencyID::gmem;
  case SharedAS:
    return ResidencyID::smem;
  case LocalAS:
    return ResidencyID::rmem;
  case TmemAS:
    return ResidencyID::tmem;
  default:
    if (isa<GlobalVariable>(U))
      return ResidencyID::gmem;
    return std::nullopt;
  }
}

/// The scalar type the memory \p P points into is declared with (an
/// alloca's or a global's), or null.
Type *storageElement(const llvm::Value *P) {
  const llvm::Value *U = getUnderlyingObject(P);
  Type *T = nullptr;
  if (auto *AI = dyn_cast<AllocaInst>(U))
    T = AI->getAllocatedType();
  else if (auto *GV = dyn_cast<GlobalVariable>(U))
    T = GV->getValueType();
  while (T) {
    if (auto *AT = dyn_cast<ArrayType>(T))
      T = AT->getElementType();
    else if (auto *VT = dyn_cast<VectorType>(T))
      T = VT->getElementType();
    else if (auto *ST = dyn_cast<StructType>(T))
      T = ST->getNumElements() ? ST->getElementType(0) : nullptr;
    else
      break;
  }
  return T;
}

/// A type in the registry's words: f16, bf16, f32, f64, iN, or the registry
/// type \p Format a tensor names (e4m3).
std::string typeName(Type *T, int Format = -1) {
  if (Format >= 0)
    return std::string(elementTypes()[Format].Ptx);
  if (T->isHalfTy())
    return "f16";
  if (T->isBFloatTy())
    return "bf16";
  if (T->isFloatTy())
    return "f32";
  if (T->isDoubleTy())
    return "f64";
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

/// What cute-lower-layout recorded about an operand.
struct OperandTensor {
  bool Desc = false;
  /// A descriptor that reaches the call in a stack slot passed by address.
  bool ByAddress = false;
  std::optional<ResidencyID> Res;
  Type *Elt = nullptr;
  /// The registry element type the tensor names (e4m3), or -1.
  int Format = -1;
  /// Its layout or composed layout, as the layout lowering handed it on.
  std::optional<cute::Value> Layout;

  std::string layoutStr() const { return Layout ? Layout->str() : "?"; }
};

/// One MMA operand of the call.
struct Operand {
  char Name = 0;
  llvm::Value *V = nullptr;
  /// The atom parameter is a pointer (`void *`, `const void *`).
  bool PtrParam = false;
  std::optional<OperandTensor> T;

  explicit operator bool() const { return V; }
  /// A register fragment: a tensor in rmem.
  bool isFragment() const {
    return T && !T->Desc && T->Res == ResidencyID::rmem;
  }
  std::string layout() const { return T ? T->layoutStr() : "-"; }
};

/// A layout or composed layout as metadata: an `[N x i64]` constant of its
/// words (CuteLLVM/Layout/LayoutCode.h), the first saying which it is.
/// Anything else is an empty array.
enum : uint64_t { LayoutWords = 0, ComposedWords = 1 };

Metadata *layoutMetadata(LLVMContext &Ctx, const cute::Value &V) {
  SmallVector<int64_t, 32> Words;
  if (V.kind() == ValueKind::Layout) {
    Words.push_back(LayoutWords);
    encodeLayout(V.layout(), Words);
  } else if (V.kind() == ValueKind::ComposedLayout) {
    Words.push_back(ComposedWords);
    encodeComposedLayout(V.composed(), Words);
  }
  SmallVector<uint64_t, 32> Bits(Words.begin(), Words.end());
  return ConstantAsMetadata::get(ConstantDataArray::get(Ctx, Bits));
}

/// The layout metadata \p MD holds; nothing for no layout.
std::optional<cute::Value> layoutFromMetadata(const Metadata *MD) {
  auto *A = dyn_cast_or_null<ConstantDataArray>(
      mdconst::dyn_extract_or_null<Constant>(MD));
  if (!A || !A->getElementType()->isIntegerTy(64) || !A->getNumElements())
    return std::nullopt;
  SmallVector<int64_t, 32> Words;
  for (unsigned I = 0, E = A->getNumElements(); I != E; ++I)
    Words.push_back(int64_t(A->getElementAsInteger(I)));
  ArrayRef<int64_t> Rest = ArrayRef(Words).drop_front();
  if (Words.front() == LayoutWords) {
    if (auto L = decodeLayout(Rest))
      return cute::Value::fromLayout(std::move(*L));
    else
      consumeError(L.takeError());
  } else if (Words.front() == ComposedWords) {
    if (auto C = decodeComposedLayout(Rest))
      return cute::Value::fromComposed(std::move(*C));
    else
      consumeError(C.takeError());
  }
  return std::nullopt;
}

/// The tensors recorded for argument \p ArgNo of \p CI.
std::optional<OperandTensor> recordedTensor(const CallInst &CI,
                                            unsigned ArgNo) {
  auto *N = CI.getMetadata(TensorsMD);
  if (!N)
    return std::nullopt;
  for (const MDOperand &Op : N->operands()) {
    auto *R = dyn_cast<MDTuple>(Op.get());
    if (!R || R->getNumOperands() != 6)
      continue;
    auto *Arg = mdconst::dyn_extract<ConstantInt>(R->getOperand(0));
    if (!Arg || Arg->getZExtValue() != ArgNo)
      continue;
    OperandTensor T;
    // 0: a tensor; 1: its descriptor; 2: its descriptor, by address.
    uint64_t Use =
        mdconst::extract<ConstantInt>(R->getOperand(1))->getZExtValue();
    T.Desc = Use != 0;
    T.ByAddress = Use == 2;
    StringRef Res = cast<MDString>(R->getOperand(2))->getString();
    for (auto [I, Info] : enumerate(residencies()))
      if (Info.Name == Res)
        T.Res = ResidencyID(I);
    T.Elt = cast<ValueAsMetadata>(R->getOperand(3))->getValue()->getType();
    T.Layout = layoutFromMetadata(R->getOperand(4));
    StringRef Format = cast<MDString>(R->getOperand(5))->getString();
    for (auto [I, E] : enumerate(elementTypes()))
      if (!Format.empty() && StringRef(E.Ptx) == Format &&
          namedType(CI.getContext(), E.LLVMType) == T.Elt)
        T.Format = int(I);
    return T;
  }
  return std::nullopt;
}

const Layout &plainOf(const cute::Value &V) {
  return V.kind() == ValueKind::ComposedLayout ? V.composed().Outer
                                               : V.layout();
}

bool isStaticLayout(const Layout &L) {
  return isStatic(L.Shape) && isStatic(L.Stride) && !hasBasis(L.Stride);
}

/// The static size of mode \p I of \p L, if it has one.
std::optional<int64_t> modeSize(const Layout &L, unsigned I) {
  if (!L.Shape.isTuple() || I >= L.Shape.size())
    return std::nullopt;
  Int S = size(Layout(L.Shape[I], L.Stride[I]));
  if (!S.isStatic())
    return std::nullopt;
  return S.value();
}

/// Does element type \p Actual match registry type \p ID? Floating-point
/// types are stored as themselves (tf32 as f32); the others in integers.
/// A tensor names its element type (\p Strict); raw storage in integers
/// holds registers of any type. A tensor that names a registry type its IR
/// type does not tell (\p Format: e4m3 in i8) matches that type only.
bool elementMatches(Type *Actual, int ID, bool Strict, int Format = -1) {
  const ElementTypeInfo &E = elementTypes()[ID];
  if (Format >= 0)
    return StringRef(elementTypes()[Format].Ptx) == StringRef(E.Ptx);
  LLVMContext &Ctx = Actual->getContext();
  bool TF32 = StringRef(E.Ptx) == "tf32";
  Type *Named = namedType(Ctx, E.LLVMType);
  Type *Float = TF32 ? Type::getFloatTy(Ctx)
                     : (Named && Named->isFloatingPointTy() ? Named : nullptr);
  if (Actual->isFloatingPointTy())
    return Actual == Float;
  if (Actual->isIntegerTy())
    return !Strict || ((!Float || TF32) && Actual == Named);
  return false;
}

class MmaVerifier {
public:
  MmaVerifier(CallInst &CI, const AtomInfo &A, const VariantInfo &V)
      : CI(CI), A(A), V(V) {
    for (auto [I, P] : enumerate(paramsOf(A))) {
      StringRef Name(P.Name);
      Operand *O = StringSwitch<Operand *>(Name)
                       .Case("d", &D)
                       .Case("a", &OpA)
                       .Case("b", &OpB)
                       .Case("c", &C)
                       .Default(nullptr);
      if (!O || 1 + I >= CI.arg_size())
        continue;
      O->Name = Name.front();
      O->V = CI.getArgOperand(1 + I);
      O->PtrParam = StringRef(P.CType).ends_with("*");
      O->T = recordedTensor(CI, 1 + I);
    }
  }

  bool run() {
    if (!builderChecks())
      return false;
    if (A.AResidency & bit(ResidencyID::smem_desc_view))
      return descriptorLadder();
    return registerLadder();
  }

private:
  bool fail(const Twine &Msg) {
    reportCuteError(CI, Msg);
    return false;
  }

  /// The element type of an operand: its IR type, whether it was named
  /// (a tensor's), and the registry type the tensor names (or -1).
  struct Element {
    Type *Ty;
    bool Named;
    int Format;
  };
  std::optional<Element> elementOf(const Operand &O) const {
    if (O.T)
      return Element{O.T->Elt, true, O.T->Format};
    if (O.PtrParam && O.V->getType()->isPointerTy())
      if (Type *T = storageElement(O.V))
        return Element{T, false, -1};
    return std::nullopt;
  }

  /// The registry type operand \p O should have.
  int expectedType(const Operand &O) const {
    switch (O.Name) {
    case 'a':
      return V.TypeA;
    case 'b':
      return V.TypeB;
    case 'c':
      return V.TypeC;
    default:
      return V.TypeD;
    }
  }

  /// "expected, actual" when \p O's element type is not its variant's.
  std::optional<std::pair<std::string, std::string>>
  typeMismatch(const Operand &O, int ID) const {
    if (!O || ID < 0)
      return std::nullopt;
    auto E = elementOf(O);
    if (!E || elementMatches(E->Ty, ID, E->Named, E->Format))
      return std::nullopt;
    return std::make_pair(std::string(elementTypes()[ID].Ptx),
                          typeName(E->Ty, E->Format));
  }

  /// The residencies \p O may have.
  uint32_t possible(const Operand &O) const {
    uint32_t All = (uint32_t(1) << NumResidencyIDs) - 1;
    Type *Ty = O.V->getType();
    if (O.T) {
      if (O.T->Desc)
        return O.PtrParam == O.T->ByAddress ? bit(ResidencyID::smem_desc_view)
                                            : 0;
      return O.T->Res ? bit(*O.T->Res) : All;
    }
    if (Ty->isPointerTy()) {
      std::optional<ResidencyID> R = memoryResidency(O.V);
      if (!O.PtrParam)
        return bit(R.value_or(ResidencyID::rmem));
      if (R && R != ResidencyID::rmem)
        return bit(*R);
      // Registers; a descriptor unless they are declared floating-point.
      Type *S = storageElement(O.V);
      return bit(ResidencyID::rmem) |
             (S && S->isFloatingPointTy() ? 0
                                          : bit(ResidencyID::smem_desc_view));
    }
    if (O.PtrParam || !Ty->isIntegerTy())
      return 0;
    return bit(ResidencyID::tmem) |
           (Ty->getIntegerBitWidth() >= 64 ? bit(ResidencyID::smem_desc_view)
                                           : 0);
  }

  /// The residencies the records allow for \p O.
  uint32_t allowed(const Operand &O) const {
    uint32_t Mask = O.Name == 'a'   ? A.AResidency
                    : O.Name == 'b' ? A.BResidency
                                    : A.DResidency;
    uint32_t Desc = bit(ResidencyID::smem_desc_view);
    if (O.Name == 'a' && (Mask & Desc) && (Mask & ~Desc))
      Mask = StringRef(V.Mode) == "SS" ? Desc : Mask & ~Desc;
    return Mask;
  }

  bool resides(const Operand &O) const {
    return !O || (possible(O) & allowed(O));
  }

  std::string describe(const Operand &O) const {
    if (!O)
      return "-";
    std::string S;
    raw_string_ostream OS(S);
    if (O.T) {
      if (O.T->Desc)
        OS << "smem_desc_view of ";
      OS << (O.T->Res ? residencyName(*O.T->Res) : StringRef("?")) << " tensor<"
         << typeName(O.T->Elt, O.T->Format) << ", " << O.T->layoutStr() << ">";
      return S;
    }
    O.V->getType()->print(OS);
    if (O.V->getType()->isPointerTy())
      if (std::optional<ResidencyID> R = memoryResidency(O.V))
        OS << " (" << residencyName(*R) << ")";
    return S;
  }

  /// The tiled-builder checks on the register fragments: no
  /// composed layout, then CuTe's gemm ranks.
  bool builderChecks() {
    std::optional<cute::Value> L[4];
    Operand *Ops[4] = {&OpA, &OpB, &C, &D};
    bool Composed = false;
    for (unsigned I = 0; I != 4; ++I)
      if (Ops[I]->isFragment())
        if ((L[I] = Ops[I]->T->Layout))
          Composed |= L[I]->kind() == ValueKind::ComposedLayout;
    if (Composed)
      return fail(getDiagnosticText(DiagID::ComposedLayoutUnsupported) +
                  diag(DiagID::ComposedLayoutOperands, OpA.layout(),
                       OpB.layout(), D.layout()));
    auto Rank = [&](unsigned I) { return rank(plainOf(*L[I])); };
    if (L[0] && L[1] && Rank(0) != Rank(1))
      return fail(getDiagnosticText(DiagID::RankMismatchAB) + OpA.layout() +
                  ", B: " + OpB.layout());
    if (L[2] && L[3] && Rank(2) != Rank(3))
      return fail(getDiagnosticText(DiagID::RankMismatchCD) + C.layout() +
                  ", D: " + D.layout());
    // C's rank by A's (CuTe's gemm dispatch): (V)x(V)=>(V), (M)x(N)=>(M,N);
    // (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N); (V,M,K)x(V,N,K)=>(V,M,N).
    unsigned AccI = L[2] ? 2 : 3;
    if (!L[0] || !L[AccI])
      return true;
    const Operand &Acc = *Ops[AccI];
    unsigned RA = Rank(0), RC = Rank(AccI);
    if (RA == 1 && RC != 1 && RC != 2)
      return fail(getDiagnosticText(DiagID::RankCOneOrTwo) + Acc.layout());
    if (RA == 2 && RC != 2 && RC != 3)
      return fail(getDiagnosticText(DiagID::RankCTwoOrThree) + Acc.layout());
    if (RA >= 3 && RC != 3)
      return fail(getDiagnosticText(DiagID::RankCThree) + Acc.layout());
    return true;
  }

  /// The layout-shape check of a register fragment: static, and the
  /// variant's values for one thread in consecutive registers.
  bool fragmentLayout(const Operand &O) {
    if (!O.isFragment())
      return true;
    const std::optional<cute::Value> &L = O.T->Layout;
    if (!L || L->kind() != ValueKind::Layout)
      return true;
    if (!isStaticLayout(L->layout()))
      return fail(getDiagnosticText(DiagID::MmaLayoutNotStatic) + " " +
                  O.T->layoutStr());
    unsigned Which = O.Name == 'a' ? 0 : O.Name == 'b' ? 1 : 2;
    if (V.Layouts[Which].empty())
      return true;
    std::optional<int64_t> Vals = modeSize(layoutOf(V.Layouts[Which]), 1);
    if (!Vals)
      return true;
    Layout Want(IntTuple(Int(*Vals)), IntTuple(Int(1)));
    Layout Got = coalesce(L->layout());
    if (Got == Want || (*Vals == 1 && size(Got).is(1)))
      return true;
    return fail(diag(DiagID::MmaLayoutMismatchOperand,
                     getDiagnosticText(DiagID::MmaLayoutMismatch), Want.str(),
                     V.Name, Twine(O.Name), O.T->layoutStr()));
  }

  /// UMMA: A, B and D tiles (rank 2, static) that form one (M, N, K).
  bool composability() {
    const Operand *Tiles[3] = {&OpA, &OpB, &D};
    auto IsTile = [](const Operand &O) {
      return O && O.T && (O.T->Desc || O.T->Res == ResidencyID::tmem);
    };
    if (count_if(Tiles, [&](const Operand *O) { return IsTile(*O); }) < 2)
      return true;
    int64_t Ext[3][2] = {};
    bool Have[3] = {};
    for (unsigned I = 0; I != 3; ++I) {
      if (!IsTile(*Tiles[I]))
        continue;
      const std::optional<cute::Value> &L = Tiles[I]->T->Layout;
      std::optional<int64_t> E0, E1;
      if (L && rank(plainOf(*L)) == 2) {
        E0 = modeSize(plainOf(*L), 0);
        E1 = modeSize(plainOf(*L), 1);
      }
      if (!E0 || !E1)
        return fail(diag(DiagID::UmmaInvalidLayout, OpA.layout(), OpB.layout(),
                         D.layout()));
      Ext[I][0] = *E0;
      Ext[I][1] = *E1;
      Have[I] = true;
    }
    // A (M,K), B (N,K) per CTA, D (M,N): a sparse A holds half of K, and
    // each CTA of a pair holds half of B's N.
    bool Gemm = true;
    if (Have[0] && Have[1])
      Gemm &= Ext[0][1] * (V.Sparse ? 2 : 1) == Ext[1][1];
    if (Have[0] && Have[2])
      Gemm &= Ext[0][0] == Ext[2][0];
    if (Have[1] && Have[2])
      Gemm &= Ext[1][0] * std::max<int64_t>(V.Ctas, 1) == Ext[2][1];
    if (!Gemm)
      return fail(
          diag(DiagID::UmmaNotAGemm, OpA.layout(), OpB.layout(), D.layout()));
    return true;
  }

  /// B's element type, then C's and D's (each against C's expected type).
  bool elementTypesBCD() {
    if (auto M = typeMismatch(OpB, V.TypeB))
      return fail(diag(DiagID::MmaElementTypeB, M->first, M->second));
    for (const Operand *O : {&C, &D})
      if (auto M = typeMismatch(*O, expectedType(*O)))
        return fail(diag(DiagID::MmaElementTypeC, M->first, M->second));
    return true;
  }

  /// WGMMA and UMMA: element types (A, B, then C for C and D), residencies
  /// (A, B, D), fragment layouts, composability.
  bool descriptorLadder() {
    if (auto M = typeMismatch(OpA, V.TypeA))
      return fail(diag(DiagID::MmaElementTypeA, M->first, M->second));
    if (!elementTypesBCD())
      return false;
    if (!resides(OpA))
      return fail(diag(DiagID::UmmaResidencyA, describe(OpA)));
    if (!resides(OpB))
      return fail(diag(DiagID::UmmaResidencyB, describe(OpB)));
    if (!resides(D))
      return fail(diag(DiagID::UmmaResidencyD, describe(D)));
    for (const Operand *O : {&OpA, &D})
      if (!fragmentLayout(*O))
        return false;
    for (const Operand *O : {&OpA, &OpB})
      if (!descriptorTile(*O))
        return false;
    return composability();
  }

  /// The major the variant reads operand \p O's tile in (its record's
  /// MajorA or MajorB), if it names one.
  std::optional<GmmaMajor> majorOf(const Operand &O) const {
    return parseGmmaMajor(O.Name == 'a' ? StringRef(V.MajorA)
                                        : StringRef(V.MajorB));
  }

  /// A descriptor operand: the tile it describes is the variant's A (M, K;
  /// half of K when sparse) or B (N, K) tile of one CTA, and for WGMMA its
  /// layout is canonical in the major the variant issues.
  bool descriptorTile(const Operand &O) {
    if (!O || !O.T || !O.T->Desc)
      return true;
    const std::optional<cute::Value> &L = O.T->Layout;
    if (!L || rank(plainOf(*L)) != 2)
      return true;
    std::optional<int64_t> E0 = modeSize(plainOf(*L), 0),
                           E1 = modeSize(plainOf(*L), 1);
    bool IsA = O.Name == 'a';
    int64_t WantK = IsA && V.Sparse ? V.K / 2 : V.K;
    int64_t WantMN = IsA ? V.M : V.N;
    // A CTA pair splits A's M and B's N (checked by composability).
    bool Check = V.Ctas <= 1 && E0 && E1;
    if (Check && (*E0 != WantMN || *E1 != WantK))
      return fail(
          diag(DiagID::MmaDescriptorExtent, std::string(StringRef(V.Name)),
               "(" + std::to_string(WantMN) + "," + std::to_string(WantK) + ")",
               std::string(1, O.Name), O.T->layoutStr()));
    std::optional<GmmaMajor> Major = majorOf(O);
    if (!Major || !O.T->Elt->isSized())
      return true;
    unsigned Bits = O.T->Elt->getPrimitiveSizeInBits().getFixedValue();
    auto Desc = L->kind() == ValueKind::ComposedLayout
                    ? makeGmmaDesc(L->composed(), Bits, *Major)
                    : makeGmmaDesc(L->layout(), Bits, *Major);
    if (Desc)
      return true;
    return fail(diag(DiagID::MmaDescriptorMajor, std::string(StringRef(V.Name)),
                     std::string(1, O.Name), gmmaMajorName(*Major).str(),
                     O.T->layoutStr(), toString(Desc.takeError())));
  }

  /// SM70-SM89 and SM120 register MMAs: one element type where the
  /// variant has one, inputs in rmem, A's type, B's, C's and D's, layouts.
  bool registerLadder() {
    bool OneType = V.TypeA >= 0 && V.TypeA == V.TypeB && V.TypeA == V.TypeC &&
                   V.TypeA == V.TypeD;
    if (OneType)
      for (const Operand *O : {&D, &OpA, &OpB, &C})
        if (auto M = typeMismatch(*O, V.TypeA))
          return fail(diag(DiagID::MmaElementTypesDiffer,
                           getDiagnosticText(DiagID::MmaSameElementType),
                           M->first, Twine(O->Name), M->second));
    if (!resides(OpA) || !resides(OpB))
      return fail(getDiagnosticText(DiagID::MmaRmemInputs) + describe(OpA) +
                  ", B: " + describe(OpB) + ", D: " + describe(D));
    if (!resides(D) || !resides(C))
      return fail(diag(DiagID::UmmaResidencyD, describe(resides(D) ? C : D)));
    if (auto M = typeMismatch(OpA, V.TypeA))
      return fail(diag(DiagID::MmaOperandATypeMismatch,
                       getDiagnosticText(DiagID::MmaOperandAType), M->first,
                       M->second));
    if (!elementTypesBCD())
      return false;
    for (const Operand *O : {&OpA, &OpB, &C, &D})
      if (!fragmentLayout(*O))
        return false;
    return true;
  }

  CallInst &CI;
  const AtomInfo &A;
  const VariantInfo &V;
  Operand D, OpA, OpB, C;
};

} // namespace

namespace {
/// \p Slot is stored to by \p Store alone, and every other use reads it
/// (a load) or passes it to a call.
bool onlyStoredFrom(const AllocaInst &Slot, const StoreInst &Store) {
  for (const User *U : Slot.users()) {
    if (U == &Store || isa<LoadInst>(U) || isa<CallInst>(U) ||
        isa<LifetimeIntrinsic>(U))
      continue;
    return false;
  }
  return true;
}
} // namespace

void noteAtomOperandTensor(Instruction &Result, TensorUse How,
                           llvm::Value *Iter, Type *EltTy, int EltFormat,
                           const cute::Value &Layout) {
  LLVMContext &Ctx = Result.getContext();
  StringRef Res = How == TensorUse::SmemDescriptor
                      ? residencyName(ResidencyID::smem_desc_view)
                      : (std::optional<ResidencyID>(memoryResidency(Iter))
                             ? residencyName(*memoryResidency(Iter))
                             : StringRef("?"));
  // The atom calls the value reaches through casts, or through a stack
  // slot it is stored to and that is passed by address (the documented
  // WGMMA call form: `uint64_t D = make_gmma_desc(...); mma(..., &D, ...)`).
  // Each value with whether it holds the result's address.
  SmallVector<std::pair<llvm::Value *, bool>, 4> Work = {{&Result, false}};
  SmallPtrSet<llvm::Value *, 8> Seen;
  while (!Work.empty()) {
    auto [X, ByAddress] = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    for (Use &U : X->uses()) {
      if (isa<CastInst>(U.getUser())) {
        Work.push_back({U.getUser(), ByAddress});
        continue;
      }
      if (auto *SI = dyn_cast<StoreInst>(U.getUser())) {
        // A descriptor's slot that this store alone writes.
        auto *Slot =
            dyn_cast<AllocaInst>(getUnderlyingObject(SI->getPointerOperand()));
        if (How == TensorUse::SmemDescriptor && !ByAddress &&
            SI->getValueOperand() == X && Slot &&
            SI->getPointerOperand() == Slot && onlyStoredFrom(*Slot, *SI))
          Work.push_back({Slot, true});
        continue;
      }
      auto *CI = dyn_cast<CallInst>(U.getUser());
      Function *Callee = CI ? CI->getCalledFunction() : nullptr;
      if (!Callee || !Callee->getName().starts_with("llvm.cute.nvgpu.") ||
          !CI->isArgOperand(&U))
        continue;
      Type *I32 = Type::getInt32Ty(Ctx);
      unsigned Kind = How != TensorUse::SmemDescriptor ? 0 : ByAddress ? 2 : 1;
      Metadata *Record[] = {
          ConstantAsMetadata::get(ConstantInt::get(I32, U.getOperandNo())),
          ConstantAsMetadata::get(ConstantInt::get(I32, Kind)),
          MDString::get(Ctx, Res),
          ValueAsMetadata::get(PoisonValue::get(EltTy)),
          layoutMetadata(Ctx, Layout),
          MDString::get(Ctx, EltFormat < 0
                                 ? StringRef()
                                 : StringRef(elementTypes()[EltFormat].Ptx))};
      SmallVector<Metadata *, 4> All;
      if (MDNode *Old = CI->getMetadata(TensorsMD))
        append_range(All, Old->operands());
      All.push_back(MDTuple::get(Ctx, Record));
      CI->setMetadata(TensorsMD, MDTuple::get(Ctx, All));
    }
  }
}

bool verifyMmaCall(CallInst &CI, const AtomInfo &A, const VariantInfo &V) {
  return MmaVerifier(CI, A, V).run();
}

bool verifyCopyCall(CallInst &CI, const AtomInfo &A, const VariantInfo &V) {
  std::optional<OperandTensor> Src, Dst;
  for (auto [I, P] : enumerate(paramsOf(A))) {
    if (StringRef(P.Name) == "src")
      Src = recordedTensor(CI, 1 + I);
    if (StringRef(P.Name) == "dst")
      Dst = recordedTensor(CI, 1 + I);
  }
  std::optional<cute::Value> LS, LD;
  if (Src && !Src->Desc)
    LS = Src->Layout;
  if (Dst && !Dst->Desc)
    LD = Dst->Layout;
  const OperandTensor *Any = LS ? &*Src : LD ? &*Dst : nullptr;
  unsigned Bits = Any && Any->Elt->isSized()
                      ? Any->Elt->getPrimitiveSizeInBits().getFixedValue()
                      : 0;
  if (!Any || !Bits || V.ValueBits % Bits)
    return true;
  std::string Elems = std::to_string(V.ValueBits / Bits);
  std::string Name(StringRef(V.Name));
  auto Plain =
      [](const std::optional<cute::Value> &L) -> std::optional<Layout> {
    if (!L || L->kind() != ValueKind::Layout)
      return std::nullopt;
    return coalesce(L->layout());
  };
  std::optional<Layout> PS = Plain(LS), PD = Plain(LD);
  if (PS && PD &&
      (!isStaticLayout(*PS) || !isStaticLayout(*PD) ||
       PS->Stride != PD->Stride)) {
    reportCuteError(CI, diag(DiagID::CopyVectorizeStrideMatch, Name, Elems) +
                            ": " + Src->layoutStr() + " and " +
                            Dst->layoutStr());
    return false;
  }
  // Contiguous: N elements at stride 1 (coalesced: a single mode), or one
  // element, whose stride is anything (coalesce writes it 1:0).
  int64_t N = V.ValueBits / Bits;
  auto Contiguous = [&](const Layout &P) {
    if (!isStaticLayout(P) || P.Shape.isTuple() || !P.Shape.value().is(N))
      return false;
    return N == 1 || P.Stride.value().is(1);
  };
  for (const std::optional<Layout> &P : {PS, PD}) {
    if (!P)
      continue;
    if (!Contiguous(*P)) {
      reportCuteError(CI, diag(DiagID::CopyVectorizeStrideOne, Name, Elems) +
                              ": " + P->str());
      return false;
    }
  }
  return true;
}

} // namespace cute
