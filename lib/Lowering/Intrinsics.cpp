//===- Intrinsics.cpp - The llvm.cute.* intrinsic contract ----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Layout/Operations.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace cute {

namespace {
/// The intrinsics that are not ops of the layout library's table: notation
/// literals, tensors, descriptor iterators, materialisation and sugar.
/// The layout-algebra ops (cute::knownOps()) join them as primitives.
const CuteIntrinsicInfo ExtraIntrinsics[] = {
    // Constructors from CuTe notation (and the tuple builder).
    {"make_int_tuple", CuteStage::Layout, CuteGroup::Constructor,
     "an int tuple from notation; each `?` leaf takes the next integer"},
    {"make_shape", CuteStage::Layout, CuteGroup::Constructor,
     "a shape from notation; leaves must be positive"},
    {"make_stride", CuteStage::Layout, CuteGroup::Constructor,
     "a stride from notation (integers or scaled bases)"},
    {"make_coord", CuteStage::Layout, CuteGroup::Constructor,
     "a coordinate from notation; `_` leaves slice"},
    {"make_tile", CuteStage::Layout, CuteGroup::Constructor,
     "a tiler from notation: `(2:1,4)` or `[2:1;4:1]`"},
    {"make_swizzle", CuteStage::Layout, CuteGroup::Constructor,
     "a swizzle `S<B,M,S>`"},
    {"make_tuple", CuteStage::Layout, CuteGroup::Constructor,
     "a tuple whose modes are the operands (cute values or integers)"},
    {"partition_coord", CuteStage::Layout,
     CuteGroup::TilingPartitioningProducts,
     "the slicing coordinate of inner (mode=1: local_tile) or outer "
     "(mode=0: local_partition) partitioning of a zipped_divide result"},
    // Accessors of leaves.
    {"get_leaf", CuteStage::Layout, CuteGroup::Accessors,
     "the K-th leaf (left to right) of a tuple or layout, as an integer"},
    // Materialisation (seed 000's struct packing).
    {"pack", CuteStage::Layout, CuteGroup::Accessors,
     "a layout or tuple as an LLVM struct: per mode (shape, stride) pairs, "
     "nested modes as nested structs"},
    {"unpack", CuteStage::Layout, CuteGroup::Constructor,
     "a cute value of the given profile from its packed struct"},
    // Tensors.
    {"make_view", CuteStage::Layout, CuteGroup::Tensor,
     "a tensor: an iterator (pointer), a layout and an element type"},
    {"get_iter", CuteStage::Layout, CuteGroup::Iterator,
     "the iterator of a tensor; with (ptr, extent, tile, stride) operands, "
     "a descriptor iterator"},
    {"get_layout", CuteStage::Layout, CuteGroup::Tensor,
     "the layout of a tensor"},
    {"add_offset", CuteStage::Layout, CuteGroup::Iterator,
     "advance (or, with a negative constant, rewind) a descriptor iterator "
     "or a tensor's iterator"},
    {"deref_desc_iter", CuteStage::Layout, CuteGroup::Iterator,
     "the address a descriptor iterator points at: base + index * stride"},
    {"make_gmma_desc", CuteStage::Layout, CuteGroup::Tensor,
     "the i64 GMMA descriptor of a shared-memory tensor (\"major=K\" or "
     "\"major=MN\"), as CuTe's make_gmma_desc"},
    {"make_umma_desc", CuteStage::Layout, CuteGroup::Tensor,
     "the i64 SM100 UMMA shared-memory descriptor of a shared-memory tensor "
     "(\"major=K\" or \"major=MN\"), as CuTe's make_umma_desc"},
    {"memref_load", CuteStage::Layout, CuteGroup::Tensor,
     "load the element of a tensor at a coordinate"},
    {"memref_store", CuteStage::Layout, CuteGroup::Tensor,
     "store to the element of a tensor at a coordinate"},
    // Printing (what llvm.cute.print desugars into).
    {"print_format", CuteStage::Layout, CuteGroup::Debug,
     "the vprintf format of a cute value: its notation, %d or %lld for "
     "each dynamic leaf, and a newline"},
    {"print_args", CuteStage::Layout, CuteGroup::Debug,
     "a buffer of the dynamic leaves of a cute value, as vprintf reads "
     "its arguments"},
    // Sugar.
    {"local_tile", CuteStage::Desugar, CuteGroup::TilingPartitioningProducts,
     "the tile at a coordinate: zipped_divide then slice (_, coord)"},
    {"local_partition", CuteStage::Desugar,
     CuteGroup::TilingPartitioningProducts,
     "the elements a thread owns: zipped_divide by the thread layout's "
     "shape, then slice (coord of the thread, _)"},
    {"print", CuteStage::Desugar, CuteGroup::Debug,
     "print a cute value (its notation, dynamic leaves at run time)"},
};
} // namespace

StringRef stageName(CuteStage S) {
  switch (S) {
  case CuteStage::Desugar:
    return "sugar";
  case CuteStage::Layout:
    return "primitive";
  case CuteStage::Atom:
    return "atom";
  }
  return "";
}

StringRef stagePass(CuteStage S) {
  switch (S) {
  case CuteStage::Desugar:
    return "cute-desugar";
  case CuteStage::Layout:
    return "cute-lower-layout";
  case CuteStage::Atom:
    return "cute-lower-atoms";
  }
  return "";
}

StringRef groupName(CuteGroup G) {
  switch (G) {
  case CuteGroup::Constructor:
    return "Constructor";
  case CuteGroup::Accessors:
    return "Accessors";
  case CuteGroup::LayoutAlgebra:
    return "LayoutAlgebra";
  case CuteGroup::SizeIndex:
    return "SizeIndex";
  case CuteGroup::Arithmetic:
    return "Arithmetic";
  case CuteGroup::TilingPartitioningProducts:
    return "TilingPartitioningProducts";
  case CuteGroup::Tensor:
    return "Tensor";
  case CuteGroup::Iterator:
    return "Iterator";
  case CuteGroup::Debug:
    return "Debug";
  }
  return "";
}

Function *getCallee(const CallBase &CB) {
  return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
}

std::optional<StringRef> getCuteOp(const CallBase &CB) {
  if (Function *F = getCallee(CB))
    return getCuteOpName(*F);
  return std::nullopt;
}

bool isCuteFunction(const Function &F) {
  return F.getName().starts_with("llvm.cute.");
}

std::optional<StringRef> getCuteOpName(const Function &F) {
  StringRef Name = F.getName();
  if (!Name.consume_front("llvm.cute.") || Name.starts_with("nvgpu."))
    return std::nullopt;
  // Ops have no dots; what follows one is a type suffix (`.i64`, `.p1`).
  return Name.take_until([](char C) { return C == '.'; });
}

namespace {
CuteGroup groupOfAlgebraOp(StringRef Op) {
  return StringSwitch<CuteGroup>(opGroup(Op))
      .Cases({"Constructor", "Constructors"}, CuteGroup::Constructor)
      .Case("Accessors", CuteGroup::Accessors)
      .Case("SizeIndex", CuteGroup::SizeIndex)
      .Case("Arithmetic", CuteGroup::Arithmetic)
      .Case("TilingPartitioningProducts", CuteGroup::TilingPartitioningProducts)
      .Default(CuteGroup::LayoutAlgebra);
}

const std::vector<CuteIntrinsicInfo> &intrinsicTable() {
  static const std::vector<CuteIntrinsicInfo> Table = [] {
    std::vector<CuteIntrinsicInfo> T(std::begin(ExtraIntrinsics),
                                     std::end(ExtraIntrinsics));
    for (StringRef Op : knownOps()) {
      // `tiled.copy.partition_S` is `llvm.cute.partition_S`.
      StringRef IRName =
          Op.rsplit('.').second.empty() ? Op : Op.rsplit('.').second;
      if (llvm::any_of(T, [&](const auto &E) { return E.Op == IRName; }))
        continue;
      T.push_back({IRName, CuteStage::Layout, groupOfAlgebraOp(Op),
                   isMultiResultOp(Op)
                       ? "the layout-algebra operation of the same mnemonic; "
                         "`result=K` picks one of its results"
                       : "the layout-algebra operation of the same "
                         "mnemonic"});
    }
    llvm::sort(T, [](const auto &A, const auto &B) { return A.Op < B.Op; });
    return T;
  }();
  return Table;
}
} // namespace

const CuteIntrinsicInfo *lookupCuteIntrinsic(StringRef Op) {
  const auto &T = intrinsicTable();
  auto It = llvm::lower_bound(
      T, Op, [](const CuteIntrinsicInfo &E, StringRef O) { return E.Op < O; });
  return It != T.end() && It->Op == Op ? &*It : nullptr;
}

std::vector<CuteIntrinsicInfo> allCuteIntrinsics() { return intrinsicTable(); }

std::string libraryOpName(StringRef Op) {
  if (isKnownOp(Op))
    return Op.str();
  for (StringRef Prefix : {"tiled.copy.", "tiled.mma."})
    if (isKnownOp((Prefix + Op).str()))
      return (Prefix + Op).str();
  return "";
}

} // namespace cute
