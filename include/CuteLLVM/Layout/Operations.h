//===- Operations.h - CuTe IR operations by mnemonic ------------*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Evaluates a layout-algebra operation named by its CuTe IR mnemonic
/// (`composition`, `logical_divide`, `get_leaves`, ...) on operands written
/// in CuTe notation. This is the single entry point that `cute-layout`
/// and the static folding of `llvm.cute.*` calls share.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_LAYOUT_OPERATIONS_H
#define CUTELLVM_LAYOUT_OPERATIONS_H

#include "CuteLLVM/Layout/Value.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>

namespace cute {

class AtomSource;
class TiledObject;

/// The kind the notation \p Text implies on its own: a composed layout, a
/// swizzle, a layout, a tile (`:`, `[` or `_` elsewhere), else an int tuple.
ValueKind impliedValueKind(llvm::StringRef Text);

/// Parse \p Text as a value of kind \p Kind (impliedValueKind for Auto).
llvm::Expected<Value> parseValue(llvm::StringRef Text, ValueKind Kind);

/// Operation attributes: integers or integer lists (`mode`, `begin`, `end`,
/// `rank`, `old_type_bits`, `new_type_bits`) and strings (`type`); and, for
/// the tiled ops, what stands in place of attributes: values already built
/// and the TiledMMA / TiledCopy objects the op takes.
struct OpAttrs {
  std::map<std::string, std::vector<int64_t>> Ints;
  std::map<std::string, std::string> Strings;
  /// Layout and tiler attributes given as values, read as the notation of
  /// the same key in Strings would be (a cute-value operand of a tiled
  /// constructor: atom_layout, permutation, thr_layout, val_layout,
  /// tmem_layout).
  std::map<std::string, Value> Values;
  /// The TiledMMA objects the op takes, by the attribute prefix whose
  /// attributes they stand for: "" for the first, the prefix the op
  /// declares for a second (`a_` of convert_layout_acc_Aregs).
  std::map<std::string, std::shared_ptr<const TiledObject>> MmaObjects;
  /// The TiledCopy object the op takes, in place of the copy atom and
  /// layout attributes; null: none.
  std::shared_ptr<const TiledObject> CopyObject;
  /// Reject what CuTe accepts but cannot be sound: non-dividing tilers and
  /// complements of layouts whose strides do not nest.
  bool Strict = false;
  /// The atoms `mma_atom=` and `copy_atom=` name (the atom registry); null:
  /// atoms must be spelled out as layouts.
  const AtomSource *Atoms = nullptr;
  std::optional<int64_t> getInt(llvm::StringRef Name) const;
  const std::vector<int64_t> *getList(llvm::StringRef Name) const;
};

/// One operand: its notation and its kind.
struct OpArg {
  std::string Text;
  ValueKind Kind = ValueKind::Auto;
};

/// Evaluate \p Op. A single-result op returns one value; get_leaves and
/// get_layouts_from_tile return several.
llvm::Expected<std::vector<Value>> evaluateOp(llvm::StringRef Op,
                                              llvm::ArrayRef<OpArg> Args,
                                              const OpAttrs &Attrs);

/// Evaluate \p Op on operands already parsed (and possibly carrying
/// symbolic dynamic leaves, see SymExpr).
llvm::Expected<std::vector<Value>> evaluateOp(llvm::StringRef Op,
                                              llvm::ArrayRef<Value> Args,
                                              const OpAttrs &Attrs);
/// The least and most operands \p Op takes ({0, 0} if unknown).
std::pair<unsigned, unsigned> opArity(llvm::StringRef Op);

/// True when \p Op names an operation evaluateOp knows, and the ops that
/// return several results.
bool isKnownOp(llvm::StringRef Op);
bool isMultiResultOp(llvm::StringRef Op);
/// Every mnemonic, sorted. The ops, their arity and attributes are the
/// records of td/Ops.td (CuteLLVM/Layout/OpTable.h).
std::vector<llvm::StringRef> knownOps();

} // namespace cute

#endif // CUTELLVM_LAYOUT_OPERATIONS_H
