//===- TiledObject.h - TiledMMA and TiledCopy objects -----------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The TiledMMA and TiledCopy objects of the tiled ops: what a tiled
/// constructor (make_tiled_mma, make_tiled_copy, make_tiled_copy_A/B/C,
/// make_tmem_copy) builds from the user's notation, checked once by
/// buildTiledObject (the one validator of that notation), then handed as
/// it is to every op that takes the object: the lowering keeps one per IR
/// value (shared, never printed and parsed again), and the tiled ops read
/// it from OpAttrs::MmaObjects / OpAttrs::CopyObject in place of the
/// attributes that would spell it out.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_TILEDOBJECT_H
#define CUTELLVM_LAYOUT_TILEDOBJECT_H

#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Layout/Tiled.h"
#include "CuteLLVM/Layout/Value.h"

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace cute {

/// A TiledMMA and what its atom is beyond its layouts.
struct TiledMmaObject {
  TiledMMA Mma;
  /// The registry name of the atom (mma_atom=NAME); empty for an atom
  /// spelled out as layouts.
  std::string AtomName;
  /// The element widths of the atom's A, B and C operands (0: unknown):
  /// the default value width of make_tiled_copy_A/B/C's named copy atom.
  unsigned Bits[3] = {0, 0, 0};

  bool operator==(const TiledMmaObject &O) const;
};

/// A TiledCopy (its atom's layouts in elements) and what its atom is.
struct TiledCopyObject {
  TiledCopy Copy;
  /// The registry name of the atom (copy_atom=NAME); empty for the
  /// universal copy or an atom spelled out as layouts.
  std::string AtomName;
  /// The width of the elements the atom's bit layouts were recast to.
  int64_t ValueBits = 1;

  bool operator==(const TiledCopyObject &O) const;
};

/// A TiledMMA or a TiledCopy object with the results of the constructor
/// that built it: make_tiled_mma's (thr_layout_vmnk, tile_size_mnk,
/// get_layoutA_TV, get_layoutB_TV, get_layoutC_TV); make_tiled_copy*'s
/// (TV layout, tiler, get_layoutS_TV, get_layoutD_TV).
class TiledObject {
public:
  TiledObject(TiledMmaObject M, std::vector<Value> R)
      : Obj(std::move(M)), Results(std::move(R)) {}
  TiledObject(TiledCopyObject C, std::vector<Value> R)
      : Obj(std::move(C)), Results(std::move(R)) {}

  bool isMma() const { return std::holds_alternative<TiledMmaObject>(Obj); }
  bool isCopy() const { return !isMma(); }
  const TiledMmaObject &mma() const { return std::get<TiledMmaObject>(Obj); }
  const TiledCopyObject &copy() const { return std::get<TiledCopyObject>(Obj); }
  /// The constructor's results, computed (and checked) when it was built.
  const std::vector<Value> &results() const { return Results; }

  /// The same TiledMMA or TiledCopy (atoms, layouts and atom identity).
  bool operator==(const TiledObject &O) const { return Obj == O.Obj; }
  bool operator!=(const TiledObject &O) const { return !(*this == O); }

private:
  std::variant<TiledMmaObject, TiledCopyObject> Obj;
  std::vector<Value> Results;
};

using TiledObjectRef = std::shared_ptr<const TiledObject>;

/// True when \p Op (a library mnemonic) is a tiled constructor:
/// make_tiled_mma, make_tiled_copy, make_tiled_copy_A/B/C, make_tmem_copy.
bool isTiledConstructor(llvm::StringRef Op);

/// The object tiled constructor \p Op builds from its operands \p Args
/// (make_tiled_copy's TV layout and tiler) and its attributes \p Attrs:
/// the atom by registry name or spelled out as layouts, the atom layout
/// and permutation of a TiledMMA, the thread and value layouts (or TV
/// layout and tiler) of a TiledCopy; given as notation (Attrs.Strings) or
/// as values (Attrs.Values). make_tiled_copy_A/B/C take their TiledMMA
/// from Attrs.MmaObjects when it holds one. A constructor given an object
/// of the kind it builds (Attrs.MmaObjects / Attrs.CopyObject) and nothing
/// that spells one out returns that object. Checks the operand counts,
/// the layouts and the results as evaluateOp does, with its diagnostics.
llvm::Expected<TiledObjectRef> buildTiledObject(llvm::StringRef Op,
                                                llvm::ArrayRef<Value> Args,
                                                const OpAttrs &Attrs);

} // namespace cute

#endif // CUTELLVM_LAYOUT_TILEDOBJECT_H
