//===- LowerLayoutImpl.h - cute-lower-layout internals -------- -*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The state cute-lower-layout keeps while it lowers one function: the
/// handle each cute value has at run time and the FunctionLowering that
/// holds them. Private to the pass, whose parts live in LowerLayout.cpp
/// (the driver and the merges at phis and selects), LowerLayoutAlgebra.cpp
/// (constructors, accessors and layout algebra), LowerLayoutTensors.cpp
/// (tensors, iterators and descriptors) and LowerLayoutPack.cpp (pack,
/// unpack and print).
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LIB_LOWERING_LOWERLAYOUTIMPL_H
#define CUTELLVM_LIB_LOWERING_LOWERLAYOUTIMPL_H

#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Layout/TiledObject.h"
#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteValues.h"
#include "NotationCache.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

namespace cute {
namespace lowerlayout {

/// What a cute value is at run time.
struct Handle {
  enum Kind { Algebra, Tensor, DescIter } K = Algebra;
  /// The value, or the layout of a tensor.
  Value V;
  /// Tensor: its iterator and element type.
  llvm::Value *Iter = nullptr;
  llvm::Type *EltTy = nullptr;
  /// The registry element type the tensor names where its IR type does not
  /// tell it (e4m3 and e5m2 are both i8), or -1.
  int EltFormat = -1;
  /// Descriptor iterator: the {ptr, i32, i32} struct.
  llvm::Value *Desc = nullptr;
  /// A TiledMMA or TiledCopy object (make_tiled_* without `result=K`), as
  /// buildTiledObject built it at the constructor; an op taking the object
  /// as an operand receives it as it is (OpAttrs::MmaObjects / CopyObject).
  /// V is its first result. Shared: a handle is copied wherever values
  /// merge, and the object never changes.
  TiledObjectRef Tiled;
};

/// The NVPTX address space of tensor memory: a tensor there has an
/// iterator in it, advanced in TMEM address units.
constexpr unsigned TmemAddressSpace = 6;

/// Whether tensor \p H lies in tensor memory.
inline bool isTmemIter(const Handle &H) {
  return H.Iter && H.Iter->getType()->isPointerTy() &&
         H.Iter->getType()->getPointerAddressSpace() == TmemAddressSpace;
}

/// The iterator of tensor \p H moved by \p Index elements (TMEM: address
/// units, 32-bit columns and lanes of 2^16).
inline llvm::Value *advanceIter(const Handle &H, llvm::Value *Index,
                                llvm::IRBuilder<> &B) {
  return B.CreateGEP(isTmemIter(H) ? B.getInt8Ty() : H.EltTy, H.Iter, Index);
}

/// Lowers the cute calls of one function.
class FunctionLowering {
public:
  FunctionLowering(llvm::Function &F, NotationCache &Notation)
      : F(F), Ctx(F.getContext()), Notation(Notation) {}

  /// Returns true when the function changed.
  bool run();
  bool hadError() const { return HadError; }

private:
  // The driver and the merges (LowerLayout.cpp).
  void lowerCall(llvm::CallInst &CI, llvm::StringRef Op);
  void lowerPhi(llvm::PHINode &PN);
  void lowerSelect(llvm::SelectInst &SI);

  // Constructors, accessors and layout algebra (LowerLayoutAlgebra.cpp).
  void lowerLiteral(llvm::CallInst &CI, llvm::StringRef Op);
  void lowerMakeTuple(llvm::CallInst &CI);
  void lowerGetLeaf(llvm::CallInst &CI);
  void lowerExpectSize(llvm::CallInst &CI);
  void lowerExpectContiguous(llvm::CallInst &CI);
  void lowerPartitionCoord(llvm::CallInst &CI);
  void lowerAlgebra(llvm::CallInst &CI, const CuteOpInfo &Info);
  /// The attributes of an algebra call: its attribute string and the tiled
  /// objects among its operands (a tiled constructor's positional operands
  /// too); \p NumOps becomes the number of its value operands.
  /// False where it reported an error or finished the call (size of a
  /// tiled object).
  bool algebraAttrs(llvm::CallInst &CI, const CuteOpInfo &Info,
                    unsigned &NumOps, OpAttrs &Attrs);
  /// An op that takes both a TiledCopy and the TiledMMA it follows
  /// (make_tiled_copy_A/B/C) given a TiledCopy where its TiledMMA goes: one
  /// error, false.
  bool copyWhereMmaGoes(llvm::CallInst &CI, llvm::StringRef Op, unsigned NumOps,
                        const OpAttrs &Attrs);
  /// CuTe's size(TiledMMA) / size(TiledCopy): its number of threads.
  void sizeOfTiled(llvm::CallInst &CI, const TiledObject &Tiled);
  /// The values of the first \p NumOps operands of an algebra call (tiled
  /// objects left out), and its operand #0 when that is a tensor.
  bool algebraOperands(llvm::CallInst &CI, llvm::StringRef Op, unsigned NumOps,
                       std::vector<Value> &Vals, const Handle *&Tensor);
  /// Defines \p CI as \p R, the result of its algebra op on \p Vals: an
  /// integer, a cute value, or a tensor over operand \p Tensor's iterator
  /// (moved by \p PartitionOffset, a partition's thread offset).
  void defineAlgebraResult(llvm::CallInst &CI, const CuteOpInfo &Info,
                           const Value &R, const Handle *Tensor,
                           std::optional<Int> PartitionOffset,
                           llvm::ArrayRef<Value> Vals);
  /// The positional operands of a tiled constructor as attributes: names
  /// and notation as strings, cute values as values.
  bool positionalTiledAttrs(llvm::CallInst &CI, llvm::StringRef Op,
                            unsigned &NumOps, OpAttrs &Attrs);

  // Tensors, iterators and descriptors (LowerLayoutTensors.cpp).
  void lowerMakeView(llvm::CallInst &CI);
  /// Reports a tensor of layout \p L over \p Iter (elements of \p EltTy)
  /// that reaches past the array it is in (a register fragment, a
  /// __shared__ buffer), where the layout is static and the array and the
  /// offset are known: a view larger than its storage, a constant slice or
  /// tile outside it. False after the error.
  bool checkInStorage(llvm::CallInst &CI, llvm::Value *Iter, const Value &L,
                      llvm::Type *EltTy);
  /// Records a failed compile-time check at \p I's source line: true for
  /// the first there (it is reported), false for the others of the same
  /// user's call (gemm's operands mode by mode, make_fragment's size and its
  /// view), which are the same mistake.
  bool firstFailedCheckAt(const llvm::Instruction &I);
  void lowerGetIter(llvm::CallInst &CI);
  void lowerGetLayout(llvm::CallInst &CI);
  void lowerIsRmem(llvm::CallInst &CI);
  void lowerAddOffset(llvm::CallInst &CI);
  void lowerDerefDescIter(llvm::CallInst &CI);
  void lowerMemref(llvm::CallInst &CI, bool IsStore);
  void lowerMakeGmmaDesc(llvm::CallInst &CI, bool Umma = false);

  // Pack, unpack and print (LowerLayoutPack.cpp).
  void lowerPack(llvm::CallInst &CI);
  void lowerUnpack(llvm::CallInst &CI);
  void lowerPrint(llvm::CallInst &CI, bool Args);

  // Helpers (LowerLayout.cpp).
  void error(llvm::Instruction &I, const llvm::Twine &Msg);
  void error(llvm::Instruction &I, llvm::Error E);
  /// True for what a failed call made, or a call diagnosed before (a
  /// helper that could not be inlined): its uses are the same mistake.
  bool isFailed(const llvm::Value *V) const;
  const Handle *getHandle(llvm::Value *V);
  /// The algebra value of operand \p I of \p CI: a cute value (a tensor's
  /// layout), or an integer (static when constant).
  std::optional<Value> operandValue(llvm::CallInst &CI, unsigned I);
  /// Record \p H as the value of \p CI.
  void define(llvm::CallInst &CI, Handle H);
  /// Replace the integer result of \p CI with \p I.
  void defineInt(llvm::CallInst &CI, const Int &I);
  llvm::Value *emitInt(llvm::Instruction &At, const Int &I, llvm::Type *Ty,
                       llvm::IRBuilderBase &B);
  /// \p I as a GEP index: in its own width (GEP sign-extends it), so
  /// 32-bit index arithmetic stays 32-bit.
  llvm::Value *emitIndex(llvm::Instruction &At, const Int &I,
                         llvm::IRBuilderBase &B) {
    return emitInt(At, I, B.getIntNTy(I.isDynamic() ? I.width() : 64), B);
  }
  /// The offset of coordinate \p Crd (its `_` read as 0) in \p L.
  std::optional<Int> offsetOf(llvm::CallInst &CI, const IntTuple &Crd,
                              const Value &L);
  /// Merge the profiles of the cute values reaching a phi or select.
  std::optional<Handle> join(llvm::Instruction &I,
                             llvm::ArrayRef<const Handle *> Ins);
  /// Bind the dynamic leaves of \p Joined to new merges of the incoming
  /// leaves.
  void finishPendingPhis();

  llvm::Function &F;
  llvm::LLVMContext &Ctx;
  /// The module's parsed profiles, shared with desugar.
  NotationCache &Notation;
  SymbolTable Syms;
  /// The handle of each cute value: an index into HandleStore, so that the
  /// map stays small as it grows and handles never move.
  llvm::DenseMap<llvm::Value *, unsigned> Handles;
  std::deque<Handle> HandleStore;
  void setHandle(llvm::Value *V, Handle H);
  /// Instructions to delete once every use is rewritten, in program order.
  llvm::SmallVector<llvm::Instruction *, 32> Dead;
  struct PendingPhi {
    llvm::PHINode *PN;
    Handle Joined;
    /// One integer phi per dynamic leaf of the joined profile.
    llvm::SmallVector<llvm::PHINode *, 4> LeafPhis;
    llvm::PHINode *IterPhi = nullptr;
    llvm::PHINode *DescPhi = nullptr;
  };
  llvm::SmallVector<PendingPhi, 4> Phis;
  /// Instructions already diagnosed: what depends on them is not reported
  /// again.
  llvm::SmallPtrSet<llvm::Value *, 8> Failed;
  /// The source lines (file, line, column) at which a compile-time check
  /// (expect_size) failed: the other checks of the same call (gemm's
  /// operands, mode by mode) are the same mistake.
  std::set<std::tuple<std::string, unsigned, unsigned>> ChecksFailedAt;
  bool HadError = false;
};

} // namespace lowerlayout
} // namespace cute

#endif // CUTELLVM_LIB_LOWERING_LOWERLAYOUTIMPL_H
