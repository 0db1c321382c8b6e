//===- TiledOperations.cpp - Tiled copy and MMA ops by mnemonic -----------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The TilingPartitioningProducts ops on tiled copies and MMAs. Operands are
/// the layouts the op works on (a TV layout and tiler, a tensor, a thread
/// index); the atoms and the tiled MMA come as attributes:
///
///   copy atom   copy_thr_id, copy_src, copy_dst, copy_ref (bit layouts, as
///               CuTe's Copy_Traits write them), value_bits (the element
///               width they are recast to; default 1, i.e. the layouts are
///               in elements). No copy_* attribute: the universal copy of
///               one value.
///   MMA atom    mma_shape (M,N,K), mma_thr_id, mma_a_tv, mma_b_tv, mma_c_tv.
///   TiledMMA    atom_layout (default 1:0), permutation (a tiler of up to
///               three modes, `_` for none).
///
/// The attributes are read, and the atom, TiledMMA or TiledCopy they spell
/// checked, in one place: the builders of TiledMmaObject and
/// TiledCopyObject below, which the tiled constructors (buildTiledObject)
/// and the ops given attributes share. An op given the object instead
/// (OpAttrs::MmaObjects, OpAttrs::CopyObject: what the lowering keeps for
/// a make_tiled_* value) takes it as built, and an attribute that would
/// spell it out again is an error.
///
/// A tensor operand may be a composed (swizzled) layout: the tiled op then
/// applies to its outer layout, and a partition's offset moves into the
/// composed layout's offset (as CuTe slices a composed layout).
///
//===----------------------------------------------------------------------===//

#include "TiledOperations.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "OpsCommon.h"

#include "CuteLLVM/Layout/Tiled.h"
#include "CuteLLVM/Layout/TiledObject.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace cute {
namespace {

using ops::Args;
using ops::layoutValue;
using ops::Results;
using ops::tupleValue;

/// Operand \p I as a layout; a shape stands for its compact layout.
Expected<Layout> argLayout(StringRef Op, Args A, unsigned I) {
  const Value &V = A[I];
  if (V.kind() == ValueKind::Layout)
    return V.layout();
  if (V.isTupleKind() && !hasUnderscore(V.tuple()) && !hasBasis(V.tuple()))
    return makeLayout(V.tuple());
  return makeError(diag(DiagID::ExpectsOperandLayout, Op, I,
                        valueKindName(V.kind()), V.str()));
}

/// A tiler written as a tile (make_tile): each mode a shape n or its
/// layout n:1 (size-1 modes any stride), as CuTe's Tiler_MN reads it.
std::optional<IntTuple> tileAsShape(const Tile &T) {
  if (T.isUnderscore())
    return std::nullopt;
  if (T.isLayout()) {
    const Layout &L = T.layout();
    if (!L.Shape.isLeaf() || !L.Shape.value().isStatic())
      return std::nullopt;
    if (L.Shape.value().value() != 1 &&
        !(L.Stride.isLeaf() && L.Stride.value().is(1)))
      return std::nullopt;
    return L.Shape;
  }
  std::vector<IntTuple> Modes;
  for (const Tile &E : T.elems()) {
    auto M = tileAsShape(E);
    if (!M)
      return std::nullopt;
    Modes.push_back(std::move(*M));
  }
  return IntTuple(std::move(Modes));
}

Expected<IntTuple> argShape(StringRef Op, Args A, unsigned I) {
  const Value &V = A[I];
  if (V.isTupleKind() && !hasUnderscore(V.tuple()) && !hasBasis(V.tuple()))
    return V.tuple();
  if (V.kind() == ValueKind::Tile)
    if (auto S = tileAsShape(V.tile()))
      return *S;
  return makeError(diag(DiagID::ExpectsOperandShapeTile, Op, I,
                        valueKindName(V.kind()), V.str()));
}

/// Operand \p I as a thread index: an integer or `?`.
Expected<Int> argThread(StringRef Op, Args A, unsigned I) {
  const Value &V = A[I];
  if (V.isTupleKind() && V.tuple().isInt())
    return V.tuple().value();
  return makeError(diag(DiagID::ExpectsOperandThread, Op, I, V.str()));
}

/// An attribute holding a layout: a value (OpAttrs::Values) or notation.
Expected<std::optional<Layout>> attrLayout(StringRef Op, const OpAttrs &At,
                                           StringRef Name) {
  // A layout, or a shape standing for its compact layout.
  auto Coerce = [](const Value &V) -> std::optional<Layout> {
    if (V.kind() == ValueKind::Layout)
      return V.layout();
    if (V.isTupleKind() && !hasUnderscore(V.tuple()) && !hasBasis(V.tuple()))
      return makeLayout(V.tuple());
    return std::nullopt;
  };
  if (auto VIt = At.Values.find(Name.str()); VIt != At.Values.end()) {
    if (auto L = Coerce(VIt->second))
      return std::optional<Layout>(std::move(*L));
    return makeError(
        diag(DiagID::ExpectsAttributeLayout, Op, Name, VIt->second.str()));
  }
  auto It = At.Strings.find(Name.str());
  if (It == At.Strings.end())
    return std::optional<Layout>();
  auto V = parseValue(It->second, ValueKind::Auto);
  if (!V)
    return makeError(formatv("'{0}': attribute {1} '{2}': {3}", Op, Name,
                             It->second, toString(V.takeError())));
  if (auto L = Coerce(*V))
    return std::optional<Layout>(std::move(*L));
  return makeError(diag(DiagID::ExpectsAttributeLayout, Op, Name, It->second));
}

/// A tiler attribute given as a value, as the notation of that value
/// would parse as a tile: a layout, a tile, or a tuple read by mode (n as
/// make_layout(n), `_` kept).
Expected<Tile> valueAsTile(StringRef Op, StringRef Name, const Value &V) {
  if (V.kind() == ValueKind::Layout)
    return Tile(V.layout());
  std::optional<Tile> T;
  if (V.kind() == ValueKind::Tile)
    T = V.tile();
  else if (V.isTupleKind()) {
    if (hasBasis(V.tuple()))
      return makeError(diag(DiagID::AttributeTileCannot, Op, Name, V.str()));
    T = Tile::fromShape(V.tuple());
  }
  if (!T)
    return makeError(diag(DiagID::ExpectsAttributeTiler, Op, Name, V.str()));
  std::optional<int64_t> Bad;
  anyLeaf(*T, [&](const Tile &X) {
    if (X.isLayout())
      Bad = ops::nonPositiveLeaf(X.layout().Shape);
    return Bad.has_value();
  });
  if (Bad)
    return makeError(diag(DiagID::AttributeTileNonPositive, Op, Name, V.str(),
                          T->str(), *Bad));
  return std::move(*T);
}

Expected<Layout> requireLayout(StringRef Op, const OpAttrs &At, StringRef Name,
                               StringRef What) {
  auto L = attrLayout(Op, At, Name);
  if (!L)
    return L.takeError();
  if (!*L)
    return makeError(diag(DiagID::NeedsAttribute, Op, What, Name));
  return **L;
}

/// The copy atom attributes that spell an atom out as layouts.
const char *const CopyLayoutAttrs[] = {"copy_thr_id", "copy_src", "copy_dst",
                                       "copy_ref"};
/// The MMA atom attributes that spell an atom out.
const char *const MmaLayoutAttrs[] = {"mma_thr_id", "mma_a_tv", "mma_b_tv",
                                      "mma_c_tv"};

bool hasAttr(const OpAttrs &At, StringRef Name) {
  return At.Strings.count(Name.str()) || At.Ints.count(Name.str()) ||
         At.Values.count(Name.str());
}

/// The atom registry, for an atom named by attribute \p Key.
Expected<const AtomSource *> atomSource(StringRef Op, const OpAttrs &At,
                                        StringRef Key, StringRef Name) {
  if (!At.Atoms)
    return makeError(diag(DiagID::AtomRegistryUnavailable, Op, Key, Name));
  return At.Atoms;
}

/// The element width of the values a named copy atom copies: value_bits=N
/// or value_type=T, else \p DefaultBits (the MMA operand's width), else an
/// error: Copy_Atom<Op, T> needs T.
Expected<int64_t> copyValueBits(StringRef Op, const OpAttrs &At, StringRef Name,
                                unsigned DefaultBits) {
  std::optional<int64_t> Bits = At.getInt("value_bits");
  auto TIt = At.Strings.find("value_type");
  if (TIt != At.Strings.end()) {
    if (Bits)
      return makeError(diag(DiagID::GiveValueTypeValue, Op));
    auto B = At.Atoms->elementBits(TIt->second);
    if (!B)
      return makeError(formatv("'{0}': value_type={1}: {2}", Op, TIt->second,
                               toString(B.takeError())));
    Bits = *B;
  }
  if (!Bits && DefaultBits)
    Bits = DefaultBits;
  if (!Bits)
    return makeError(diag(DiagID::CopyAtomNeedsType, Op, Name));
  return *Bits;
}

/// A copy atom of the attributes, and what it is beyond its layouts.
struct CopyAtomOfAttrs {
  CopyAtom Atom;
  /// The registry name (copy_atom=NAME), or empty.
  std::string Name;
  /// The width of the elements its bit layouts were recast to.
  int64_t Bits = 1;
};

/// The copy atom of the attributes: copy_atom=NAME (from the registry),
/// the layouts copy_thr_id, copy_src, copy_dst, copy_ref, or none (the
/// universal copy of one value). \p DefaultBits is the value width of a
/// named atom without value_type/value_bits (0: none).
Expected<CopyAtomOfAttrs> copyAtomFromAttrs(StringRef Op, const OpAttrs &At,
                                            unsigned DefaultBits = 0) {
  bool Any = false;
  for (const char *N : CopyLayoutAttrs)
    Any |= At.Strings.count(N) != 0;
  auto NIt = At.Strings.find("copy_atom");
  if (NIt != At.Strings.end()) {
    if (Any)
      return makeError(diag(DiagID::CopyAtomNamesCopy, Op, NIt->second));
    auto Src = atomSource(Op, At, "copy_atom", NIt->second);
    if (!Src)
      return Src.takeError();
    auto Named = (*Src)->copyAtom(NIt->second);
    if (!Named)
      return makeError(formatv("'{0}': copy_atom={1}: {2}", Op, NIt->second,
                               toString(Named.takeError())));
    auto Bits = copyValueBits(Op, At, NIt->second, DefaultBits);
    if (!Bits)
      return Bits.takeError();
    auto A = makeCopyAtom(Named->ThrID, Named->BitSrc, Named->BitDst,
                          Named->BitRef, *Bits);
    if (!A)
      return makeError(diag(DiagID::CopyAtomBitValues, Op, NIt->second, *Bits,
                            toString(A.takeError())));
    return CopyAtomOfAttrs{std::move(*A), NIt->second, *Bits};
  }
  if (hasAttr(At, "value_type"))
    return makeError(diag(DiagID::ValueTypeAppliesCopy, Op));
  int64_t Bits = At.getInt("value_bits").value_or(1);
  if (!Any)
    return CopyAtomOfAttrs{universalCopyAtom(), "", Bits};
  Layout Ls[4];
  for (unsigned I = 0; I < 4; ++I) {
    auto L = requireLayout(Op, At, CopyLayoutAttrs[I], "copy atom layout");
    if (!L)
      return L.takeError();
    Ls[I] = std::move(*L);
  }
  auto A = makeCopyAtom(Ls[0], Ls[1], Ls[2], Ls[3], Bits);
  if (!A)
    return A.takeError();
  return CopyAtomOfAttrs{std::move(*A), "", Bits};
}

/// The MMA atom of the attributes: mma_atom=NAME (from the registry) or
/// mma_shape, mma_thr_id, mma_a_tv, mma_b_tv, mma_c_tv.
Expected<NamedMmaAtom> mmaAtomFromAttrs(StringRef Op, const OpAttrs &At) {
  bool Any = hasAttr(At, "mma_shape");
  for (const char *N : MmaLayoutAttrs)
    Any |= hasAttr(At, N);
  auto NIt = At.Strings.find("mma_atom");
  if (NIt != At.Strings.end()) {
    if (Any)
      return makeError(diag(DiagID::MmaAtomNamesMMA, Op, NIt->second));
    auto Src = atomSource(Op, At, "mma_atom", NIt->second);
    if (!Src)
      return Src.takeError();
    auto Named = (*Src)->mmaAtom(NIt->second);
    if (!Named)
      return makeError(formatv("'{0}': mma_atom={1}: {2}", Op, NIt->second,
                               toString(Named.takeError())));
    return Named;
  }
  if (At.Ints.count("mma_atom"))
    return makeError(diag(DiagID::MmaAtomExpectsName, Op));
  const std::vector<int64_t> *Shp = At.getList("mma_shape");
  if (!Shp)
    return makeError(diag(DiagID::NeedsMMAAtomMma, Op));
  if (Shp->size() != 3)
    return makeError(diag(DiagID::ExpectsMmaShapeM, Op, Shp->size()));
  for (int64_t X : *Shp)
    if (X <= 0)
      return makeError(diag(DiagID::ExpectsPositiveMma, Op, X));
  Layout Ls[4];
  for (unsigned I = 0; I < 4; ++I) {
    auto L = requireLayout(Op, At, MmaLayoutAttrs[I], "MMA atom layout");
    if (!L)
      return L.takeError();
    Ls[I] = std::move(*L);
  }
  auto Atom = makeMmaAtom(IntTuple{(*Shp)[0], (*Shp)[1], (*Shp)[2]}, Ls[0],
                          Ls[1], Ls[2], Ls[3]);
  if (!Atom)
    return Atom.takeError();
  NamedMmaAtom N;
  N.Atom = std::move(*Atom);
  return N;
}

/// The permutation attribute: a tiler of up to three modes (none: no
/// permutation).
Expected<std::vector<Tile>> attrPermutation(StringRef Op, const OpAttrs &At) {
  std::optional<Tile> T;
  if (auto VIt = At.Values.find("permutation"); VIt != At.Values.end()) {
    auto P = valueAsTile(Op, "permutation", VIt->second);
    if (!P)
      return P.takeError();
    T = std::move(*P);
  } else if (auto PIt = At.Strings.find("permutation");
             PIt != At.Strings.end()) {
    auto P = parseValue(PIt->second, ValueKind::Tile);
    if (!P)
      return makeError(diag(DiagID::AttributePermutation, Op, PIt->second,
                            toString(P.takeError())));
    T = P->tile();
  }
  std::vector<Tile> Perm;
  if (T && T->isTuple())
    Perm = T->elems();
  else if (T)
    Perm.push_back(std::move(*T));
  return Perm;
}

/// The TiledMMA the attributes \p At spell out (its atom, atom_layout and
/// permutation), checked by makeTiledMMA: the one builder of a TiledMMA
/// from notation.
Expected<TiledMmaObject> mmaObjectFromAttrs(StringRef Op, const OpAttrs &At) {
  auto Atom = mmaAtomFromAttrs(Op, At);
  if (!Atom)
    return Atom.takeError();
  auto AL = attrLayout(Op, At, "atom_layout");
  if (!AL)
    return AL.takeError();
  Layout AtomLayout = *AL ? **AL : Layout(IntTuple(1), IntTuple(0));
  auto Perm = attrPermutation(Op, At);
  if (!Perm)
    return Perm.takeError();
  auto M = makeTiledMMA(Atom->Atom, AtomLayout, *Perm);
  if (!M)
    return M.takeError();
  TiledMmaObject R;
  R.Mma = std::move(*M);
  if (auto NIt = At.Strings.find("mma_atom"); NIt != At.Strings.end())
    R.AtomName = NIt->second;
  R.Bits[0] = Atom->BitsA;
  R.Bits[1] = Atom->BitsB;
  R.Bits[2] = Atom->BitsC;
  return R;
}

/// The attributes under \p Prefix, without it: those of a second TiledMMA
/// of an op (`a_mma_atom=`, `a_atom_layout=`, ...), as mmaObjectFromAttrs
/// reads them.
OpAttrs attrsUnder(const OpAttrs &At, StringRef Prefix) {
  OpAttrs R;
  R.Strict = At.Strict;
  R.Atoms = At.Atoms;
  for (const auto &[K, V] : At.Ints)
    if (StringRef(K).starts_with(Prefix))
      R.Ints[K.substr(Prefix.size())] = V;
  for (const auto &[K, V] : At.Strings)
    if (StringRef(K).starts_with(Prefix))
      R.Strings[K.substr(Prefix.size())] = V;
  for (const auto &[K, V] : At.Values)
    if (StringRef(K).starts_with(Prefix))
      R.Values[K.substr(Prefix.size())] = V;
  return R;
}

/// The attributes that spell a TiledMMA out (under a prefix), and those
/// that spell a TiledCopy out.
const char *const MmaObjectAttrs[] = {"mma_atom",    "mma_shape",  "mma_thr_id",
                                      "mma_a_tv",    "mma_b_tv",   "mma_c_tv",
                                      "atom_layout", "permutation"};
const char *const CopyObjectAttrs[] = {
    "copy_atom",  "copy_thr_id", "copy_src",   "copy_dst",
    "copy_ref",   "value_bits",  "value_type", "thr_layout",
    "val_layout", "layout_tv",   "tiler_mn",   "tmem_layout"};

/// An op given a tiled object takes it as built: an attribute among
/// \p Keys (under \p Prefix) that would spell it out again is an error.
Error checkNotRespelt(StringRef Op, const OpAttrs &At,
                      ArrayRef<const char *> Keys, StringRef Prefix,
                      StringRef What) {
  for (const char *K : Keys)
    if (hasAttr(At, (Prefix + K).str()))
      return makeError(diag(DiagID::TakesObjectOperand, Op, What, Prefix, K));
  return Error::success();
}

using MmaRef = std::shared_ptr<const TiledMmaObject>;
using CopyRef = std::shared_ptr<const TiledCopyObject>;

/// The TiledMMA object an op was given under \p Prefix, or null.
const TiledObjectRef *mmaObjectOperand(const OpAttrs &At, StringRef Prefix) {
  auto It = At.MmaObjects.find(Prefix.str());
  if (It == At.MmaObjects.end() || !It->second)
    return nullptr;
  assert(It->second->isMma() && "a TiledCopy object among the TiledMMAs");
  return &It->second;
}

/// The TiledMMA of an op, under attribute prefix \p Prefix: the object it
/// was given, or the one its attributes spell out.
Expected<MmaRef> tiledMmaOf(StringRef Op, const OpAttrs &At,
                            StringRef Prefix = "") {
  if (const TiledObjectRef *Obj = mmaObjectOperand(At, Prefix)) {
    if (Error E = checkNotRespelt(Op, At, MmaObjectAttrs, Prefix, "TiledMMA"))
      return std::move(E);
    return MmaRef(*Obj, &(*Obj)->mma());
  }
  auto M = Prefix.empty() ? mmaObjectFromAttrs(Op, At)
                          : mmaObjectFromAttrs(Op, attrsUnder(At, Prefix));
  if (!M)
    return M.takeError();
  return std::make_shared<const TiledMmaObject>(std::move(*M));
}

/// True when the attributes give the TiledCopy's layout (layout_tv= and
/// tiler_mn=, or thr_layout= and val_layout=) instead of the operands.
bool copyLayoutInAttrs(const OpAttrs &At) {
  return hasAttr(At, "layout_tv") || hasAttr(At, "tiler_mn") ||
         hasAttr(At, "thr_layout") || hasAttr(At, "val_layout");
}

/// The TiledCopy that an op's attributes and operands spell out: its atom
/// from the attributes, its layout from operands #0 (TV) and #1 (tiler) or
/// from the attributes (layout_tv= and tiler_mn=, or thr_layout= and
/// val_layout= as CuTe's make_tiled_copy(atom, thr_layout, val_layout)),
/// checked by makeTiledCopy: the one builder of a TiledCopy from notation.
/// \p Used is the number of operands it took.
Expected<TiledCopyObject>
copyObjectFromArgs(StringRef Op, Args A, const OpAttrs &At, unsigned *Used) {
  auto Atom = copyAtomFromAttrs(Op, At);
  if (!Atom)
    return Atom.takeError();
  auto Made = [&](Expected<TiledCopy> TC) -> Expected<TiledCopyObject> {
    if (!TC)
      return TC.takeError();
    return TiledCopyObject{std::move(*TC), Atom->Name, Atom->Bits};
  };
  if (!copyLayoutInAttrs(At)) {
    *Used = 2;
    if (A.size() < 2)
      return makeError(diag(DiagID::NeedsTiledCopyLayout, Op));
    auto TV = argLayout(Op, A, 0);
    if (!TV)
      return TV.takeError();
    auto Tiler = argShape(Op, A, 1);
    if (!Tiler)
      return Tiler.takeError();
    return Made(makeTiledCopy(Atom->Atom, *TV, *Tiler));
  }
  *Used = 0;
  bool ByTV = hasAttr(At, "layout_tv") || hasAttr(At, "tiler_mn");
  bool ByThr = hasAttr(At, "thr_layout") || hasAttr(At, "val_layout");
  if (ByTV && ByThr)
    return makeError(diag(DiagID::GiveThrLayoutVal, Op));
  if (ByTV) {
    auto TV = requireLayout(Op, At, "layout_tv", "TV layout");
    if (!TV)
      return TV.takeError();
    auto It = At.Strings.find("tiler_mn");
    std::optional<IntTuple> Tiler;
    if (It != At.Strings.end()) {
      auto V = parseValue(It->second, ValueKind::Shape);
      if (V && V->isTupleKind())
        Tiler = V->tuple();
      else if (!V)
        consumeError(V.takeError());
    }
    if (!Tiler)
      return makeError(diag(DiagID::NeedsTilerLayoutTv, Op));
    return Made(makeTiledCopy(Atom->Atom, *TV, *Tiler));
  }
  auto Thr = requireLayout(Op, At, "thr_layout", "thread layout");
  if (!Thr)
    return Thr.takeError();
  auto Val = attrLayout(Op, At, "val_layout");
  if (!Val)
    return Val.takeError();
  // CuTe's default value layout: one value per thread.
  Layout V1 = *Val ? **Val : makeLayout(IntTuple(1));
  auto TC = makeTiledCopy(Atom->Atom, *Thr, V1);
  if (!TC)
    return makeError(formatv("'{0}': {1}", Op, toString(TC.takeError())));
  return Made(std::move(TC));
}

/// The TiledCopy of an op: the object it was given (taking no operand), or
/// the one its attributes and operands spell out. \p Used is the number of
/// operands it took.
Expected<CopyRef> tiledCopyOf(StringRef Op, Args A, const OpAttrs &At,
                              unsigned *Used) {
  if (const TiledObjectRef &Obj = At.CopyObject) {
    assert(Obj->isCopy() && "a TiledMMA object as the TiledCopy");
    if (Error E = checkNotRespelt(Op, At, CopyObjectAttrs, "", "TiledCopy"))
      return std::move(E);
    *Used = 0;
    return CopyRef(Obj, &Obj->copy());
  }
  auto C = copyObjectFromArgs(Op, A, At, Used);
  if (!C)
    return C.takeError();
  return std::make_shared<const TiledCopyObject>(std::move(*C));
}

/// Applies \p F to a tensor operand: a layout, or the outer layout of a
/// composed layout (whose inner function and offset are kept).
template <typename FnT>
Expected<Results> onTensor(StringRef Op, Args A, unsigned I, FnT F) {
  const Value &V = A[I];
  if (V.kind() == ValueKind::ComposedLayout) {
    auto R = F(V.composed().Outer);
    if (!R)
      return R.takeError();
    Value Out = V;
    Out.composed().Outer = std::move(*R);
    return Results{Out};
  }
  auto L = argLayout(Op, A, I);
  if (!L)
    return L.takeError();
  auto R = F(*L);
  if (!R)
    return R.takeError();
  return Results{layoutValue(std::move(*R))};
}

/// A partition of a tensor operand: (layout, offset). For a composed
/// layout the offset joins the composed offset and the result offset is 0.
template <typename FnT>
Expected<Results> partitionTensor(StringRef Op, Args A, unsigned I, FnT F) {
  const Value &V = A[I];
  if (V.kind() == ValueKind::ComposedLayout) {
    auto P = F(V.composed().Outer);
    if (!P)
      return P.takeError();
    Value Out = V;
    Out.composed().Outer = std::move(P->L);
    auto Off = addIndex(V.composed().Offset, P->Offset);
    if (!Off)
      return Off.takeError();
    Out.composed().Offset = std::move(*Off);
    return Results{Out, tupleValue(IntTuple(0), ValueKind::IntTuple)};
  }
  auto L = argLayout(Op, A, I);
  if (!L)
    return L.takeError();
  auto P = F(*L);
  if (!P)
    return P.takeError();
  return Results{layoutValue(std::move(P->L)),
                 tupleValue(std::move(P->Offset), ValueKind::IntTuple)};
}

//===--- Constructors -----------------------------------------------------===//

/// make_tiled_copy*'s results: the TV layout, the tiler, get_layoutS_TV
/// and get_layoutD_TV.
Expected<Results> tiledCopyResults(const TiledCopy &TC) {
  auto S = getLayoutSTV(TC);
  if (!S)
    return S.takeError();
  auto D = getLayoutDTV(TC);
  if (!D)
    return D.takeError();
  return Results{layoutValue(TC.TiledLayoutTV),
                 tupleValue(TC.TilerMN, ValueKind::Shape),
                 layoutValue(std::move(*S)), layoutValue(std::move(*D))};
}

/// make_tiled_mma's results: thr_layout_vmnk, tile_size_mnk and
/// get_layoutA/B/C_TV.
Expected<Results> tiledMmaResults(const TiledMMA &M) {
  auto LA = getLayoutATV(M);
  if (!LA)
    return LA.takeError();
  auto LB = getLayoutBTV(M);
  if (!LB)
    return LB.takeError();
  auto LC = getLayoutCTV(M);
  if (!LC)
    return LC.takeError();
  IntTuple TileSize{IntTuple(M.tileSize(0)), IntTuple(M.tileSize(1)),
                    IntTuple(M.tileSize(2))};
  return Results{layoutValue(M.ThrLayoutVMNK),
                 tupleValue(TileSize, ValueKind::Shape),
                 layoutValue(std::move(*LA)), layoutValue(std::move(*LB)),
                 layoutValue(std::move(*LC))};
}

/// The object of a TiledCopy just built, with its results.
Expected<TiledObjectRef> copyObject(Expected<TiledCopyObject> C) {
  if (!C)
    return C.takeError();
  auto R = tiledCopyResults(C->Copy);
  if (!R)
    return R.takeError();
  return std::make_shared<const TiledObject>(std::move(*C), std::move(*R));
}

/// A copy constructor given a TiledCopy object: that object, with no
/// operand (\p NoOperands: the error otherwise) and no attribute that
/// spells one out.
Expected<TiledObjectRef>
givenCopyObject(StringRef Op, Args A, const OpAttrs &At, StringRef NoOperands) {
  if (!A.empty())
    return makeError(formatv("'{0}' {1}", Op, NoOperands));
  if (Error E = checkNotRespelt(Op, At, CopyObjectAttrs, "", "TiledCopy"))
    return std::move(E);
  return At.CopyObject;
}

const char *const CopyLayoutTwice = "takes its layout from the operands (TV "
                                    "layout, tiler) or from the attributes, "
                                    "not both";

Expected<TiledObjectRef> buildTiledCopy(StringRef Op, Args A,
                                        const OpAttrs &At) {
  if (At.CopyObject)
    return givenCopyObject(Op, A, At, CopyLayoutTwice);
  unsigned Used = 0;
  auto TC = copyObjectFromArgs(Op, A, At, &Used);
  if (TC && A.size() != Used)
    return makeError(formatv("'{0}' {1}", Op, CopyLayoutTwice));
  return copyObject(std::move(TC));
}

template <Expected<TiledCopy> (*F)(const CopyAtom &, const TiledMMA &),
          unsigned Operand>
Expected<TiledObjectRef> buildTiledCopyMma(StringRef Op, Args,
                                           const OpAttrs &At) {
  auto M = tiledMmaOf(Op, At);
  if (!M)
    return M.takeError();
  // A named copy atom copies values of the MMA operand's type unless told.
  auto Atom = copyAtomFromAttrs(Op, At, (*M)->Bits[Operand]);
  if (!Atom)
    return Atom.takeError();
  auto TC = F(Atom->Atom, (*M)->Mma);
  if (!TC)
    return TC.takeError();
  return copyObject(TiledCopyObject{std::move(*TC), Atom->Name, Atom->Bits});
}

const char *const TmemCopyOperands = "takes its atom, value type and TMEM "
                                     "layout as attributes (or positionally)";

Expected<TiledObjectRef> buildTmemCopy(StringRef Op, Args A,
                                       const OpAttrs &At) {
  if (At.CopyObject)
    return givenCopyObject(Op, A, At, TmemCopyOperands);
  if (!A.empty())
    return makeError(formatv("'{0}' {1}", Op, TmemCopyOperands));
  auto NIt = At.Strings.find("copy_atom");
  if (NIt == At.Strings.end())
    return makeError(diag(DiagID::NeedsTcgen05LdSt, Op));
  auto Tmem = requireLayout(Op, At, "tmem_layout", "TMEM layout");
  if (!Tmem)
    return Tmem.takeError();
  auto Src = atomSource(Op, At, "copy_atom", NIt->second);
  if (!Src)
    return Src.takeError();
  auto Named = (*Src)->copyAtom(NIt->second);
  if (!Named)
    return makeError(formatv("'{0}': copy_atom={1}: {2}", Op, NIt->second,
                             toString(Named.takeError())));
  if (!Named->BitValID)
    return makeError(diag(DiagID::NotTensorMemoryCopy, Op, NIt->second));
  auto Atom = copyAtomFromAttrs(Op, At);
  if (!Atom)
    return Atom.takeError();
  auto TC = makeTmemCopy(Atom->Atom, *Named->BitValID, Atom->Bits, *Tmem);
  if (!TC)
    return TC.takeError();
  return copyObject(TiledCopyObject{std::move(*TC), Atom->Name, Atom->Bits});
}

Expected<TiledObjectRef> buildTiledMma(StringRef Op, Args, const OpAttrs &At) {
  if (const TiledObjectRef *Obj = mmaObjectOperand(At, "")) {
    if (Error E = checkNotRespelt(Op, At, MmaObjectAttrs, "", "TiledMMA"))
      return std::move(E);
    return *Obj;
  }
  auto M = mmaObjectFromAttrs(Op, At);
  if (!M)
    return M.takeError();
  auto R = tiledMmaResults(M->Mma);
  if (!R)
    return R.takeError();
  return std::make_shared<const TiledObject>(std::move(*M), std::move(*R));
}

/// The results of the constructor that built \p Obj.
Expected<Results> resultsOf(Expected<TiledObjectRef> Obj) {
  if (!Obj)
    return Obj.takeError();
  return (*Obj)->results();
}

Expected<Results> evalMakeLayoutTV(StringRef Op, Args A, const OpAttrs &) {
  auto Thr = argLayout(Op, A, 0);
  if (!Thr)
    return Thr.takeError();
  auto Val = argLayout(Op, A, 1);
  if (!Val)
    return Val.takeError();
  auto R = makeLayoutTV(*Thr, *Val);
  if (!R)
    return R.takeError();
  return Results{tupleValue(R->TilerMN, ValueKind::Shape), layoutValue(R->TV)};
}

Expected<Results> evalMakeTiledCopy(StringRef Op, Args A, const OpAttrs &At) {
  return resultsOf(buildTiledCopy(Op, A, At));
}

template <Expected<TiledCopy> (*F)(const CopyAtom &, const TiledMMA &),
          unsigned Operand>
Expected<Results> evalMakeTiledCopyMma(StringRef Op, Args A,
                                       const OpAttrs &At) {
  return resultsOf(buildTiledCopyMma<F, Operand>(Op, A, At));
}

Expected<Results> evalMakeTmemCopy(StringRef Op, Args A, const OpAttrs &At) {
  return resultsOf(buildTmemCopy(Op, A, At));
}

Expected<Results> evalMakeTiledMma(StringRef Op, Args A, const OpAttrs &At) {
  return resultsOf(buildTiledMma(Op, A, At));
}

//===--- tiled.copy.* -----------------------------------------------------===//

template <Expected<Layout> (*F)(const TiledCopy &, const Layout &)>
Expected<Results> evalCopyTensorOp(StringRef Op, Args A, const OpAttrs &At) {
  unsigned Used = 0;
  auto TC = tiledCopyOf(Op, A, At, &Used);
  if (!TC)
    return TC.takeError();
  if (A.size() != Used + 1)
    return makeError(diag(DiagID::ExpectsOperandTiledCopy, Op, Used + 1,
                          Used ? diag(DiagID::TiledCopyLayoutAsOperands)
                               : diag(DiagID::TiledCopyLayoutInAttributes),
                          A.size()));
  return onTensor(Op, A, Used,
                  [&](const Layout &L) { return F((*TC)->Copy, L); });
}

template <Expected<Partition> (*F)(const ThrCopy &, const Layout &)>
Expected<Results> evalCopyPartition(StringRef Op, Args A, const OpAttrs &At) {
  unsigned Used = 0;
  auto TC = tiledCopyOf(Op, A, At, &Used);
  if (!TC)
    return TC.takeError();
  if (A.size() != Used + 2)
    return makeError(diag(DiagID::ExpectsOperandsTiledCopy, Op, Used + 2,
                          Used ? diag(DiagID::TiledCopyLayoutAsOperands)
                               : diag(DiagID::TiledCopyLayoutInAttributes),
                          A.size()));
  auto Thr = argThread(Op, A, Used + 1);
  if (!Thr)
    return Thr.takeError();
  auto Slice = getSlice((*TC)->Copy, *Thr);
  if (!Slice)
    return Slice.takeError();
  return partitionTensor(Op, A, Used,
                         [&](const Layout &L) { return F(*Slice, L); });
}

//===--- tiled.mma.* ------------------------------------------------------===//

template <Expected<Layout> (*F)(const TiledMMA &, const Layout &)>
Expected<Results> evalMmaTensorOp(StringRef Op, Args A, const OpAttrs &At) {
  auto M = tiledMmaOf(Op, At);
  if (!M)
    return M.takeError();
  return onTensor(Op, A, 0, [&](const Layout &L) { return F((*M)->Mma, L); });
}

Expected<ThrMMA> mmaSlice(StringRef Op, Args A, const OpAttrs &At,
                          unsigned ThrArg) {
  auto M = tiledMmaOf(Op, At);
  if (!M)
    return M.takeError();
  Int Thr = 0;
  if (A.size() > ThrArg) {
    auto T = argThread(Op, A, ThrArg);
    if (!T)
      return T.takeError();
    Thr = *T;
  }
  return getSlice((*M)->Mma, Thr);
}

Expected<Results> evalMmaGetSlice(StringRef Op, Args A, const OpAttrs &At) {
  auto S = mmaSlice(Op, A, At, 0);
  if (!S)
    return S.takeError();
  return Results{tupleValue(S->ThrVMNK, ValueKind::Coord)};
}

template <Expected<Partition> (*F)(const ThrMMA &, const Layout &)>
Expected<Results> evalMmaPartition(StringRef Op, Args A, const OpAttrs &At) {
  auto S = mmaSlice(Op, A, At, 1);
  if (!S)
    return S.takeError();
  return partitionTensor(Op, A, 0, [&](const Layout &L) { return F(*S, L); });
}

template <Expected<Layout> (*F)(const ThrMMA &, const Layout &)>
Expected<Results> evalMmaFragment(StringRef Op, Args A, const OpAttrs &At) {
  auto S = mmaSlice(Op, A, At, 1);
  if (!S)
    return S.takeError();
  const Value &T = A[0];
  auto L = T.kind() == ValueKind::ComposedLayout
               ? Expected<Layout>(T.composed().Outer)
               : argLayout(Op, A, 0);
  if (!L)
    return L.takeError();
  auto R = F(*S, *L);
  if (!R)
    return R.takeError();
  return Results{layoutValue(std::move(*R))};
}

//===--- Accumulator views ------------------------------------------------===//

/// The (M,N) tile of operand \p I: a shape, or the shape of a layout or a
/// tensor's layout.
Expected<IntTuple> argTileShape(StringRef Op, Args A, unsigned I) {
  const Value &V = A[I];
  if (V.kind() == ValueKind::Layout)
    return V.layout().Shape;
  if (V.kind() == ValueKind::ComposedLayout)
    return V.composed().Outer.Shape;
  return argShape(Op, A, I);
}

/// How the errors name TiledMMA \p M: its atom.
std::string mmaName(const TiledMmaObject &M, StringRef Default) {
  return M.AtomName.empty() ? Default.str() : M.AtomName;
}

Expected<Results> evalAccRowCol(StringRef Op, Args A, const OpAttrs &At) {
  auto M = tiledMmaOf(Op, At);
  if (!M)
    return M.takeError();
  auto Tile = argTileShape(Op, A, 0);
  if (!Tile)
    return Tile.takeError();
  auto L = accRowColLayout((*M)->Mma, *Tile);
  if (!L)
    return L.takeError();
  // The row group is computed (and its errors given) only when asked for:
  // the (rows, cols) view exists where a row's threads are no xor group.
  if (At.getInt("result") == 0)
    return Results{layoutValue(std::move(*L))};
  auto G = accRowThreads((*M)->Mma, *Tile);
  if (!G)
    return G.takeError();
  return Results{layoutValue(std::move(*L)), ops::intValue(Int(*G))};
}

/// The operands of the accumulator-as-A views: the accumulator's TiledMMA
/// (the object, or the unprefixed attributes), the A operand's (the second
/// object, or the a_ attributes), the tile, and how the errors name the two
/// TiledMMAs.
struct AccToOperandAArgs {
  MmaRef MC, MA;
  IntTuple Tile;
  std::string NameC, NameA;
};

Expected<AccToOperandAArgs> accToOperandAArgs(StringRef Op, Args A,
                                              const OpAttrs &At) {
  auto MC = tiledMmaOf(Op, At);
  if (!MC)
    return MC.takeError();
  OpAttrs AtA = attrsUnder(At, "a_");
  if (!mmaObjectOperand(At, "a_") && AtA.Ints.empty() && AtA.Strings.empty() &&
      AtA.Values.empty())
    return makeError(diag(DiagID::NeedsTiledMMAReads, Op));
  auto MA = tiledMmaOf(Op, At, "a_");
  if (!MA)
    return MA.takeError();
  auto Tile = argTileShape(Op, A, 0);
  if (!Tile)
    return Tile.takeError();
  return AccToOperandAArgs{*MC, *MA, std::move(*Tile), mmaName(**MC, "MmaC"),
                           mmaName(**MA, "MmaA")};
}

Expected<Results> evalAccToOperandA(StringRef Op, Args A, const OpAttrs &At) {
  auto X = accToOperandAArgs(Op, A, At);
  if (!X)
    return X.takeError();
  auto L = accToOperandALayout(X->MC->Mma, X->MA->Mma, X->Tile, X->NameC,
                               X->NameA);
  if (!L)
    return L.takeError();
  return Results{layoutValue(std::move(*L))};
}

Expected<Results> evalAccToOperandAPermuted(StringRef Op, Args A,
                                            const OpAttrs &At) {
  auto X = accToOperandAArgs(Op, A, At);
  if (!X)
    return X.takeError();
  auto P = accToOperandAPermuted(X->MC->Mma, X->MA->Mma, X->Tile, X->NameC,
                                 X->NameA);
  if (!P)
    return P.takeError();
  return Results{layoutValue(std::move(P->View)),
                 layoutValue(std::move(P->PermK))};
}

} // namespace

//===----------------------------------------------------------------------===//
// Tiled objects
//===----------------------------------------------------------------------===//

bool TiledMmaObject::operator==(const TiledMmaObject &O) const {
  const MmaAtom &X = Mma.Atom, &Y = O.Mma.Atom;
  return X.ShapeMNK == Y.ShapeMNK && X.ThrID == Y.ThrID &&
         X.LayoutATV == Y.LayoutATV && X.LayoutBTV == Y.LayoutBTV &&
         X.LayoutCTV == Y.LayoutCTV &&
         Mma.AtomLayoutMNK == O.Mma.AtomLayoutMNK &&
         Mma.PermutationMNK == O.Mma.PermutationMNK && AtomName == O.AtomName &&
         std::equal(Bits, Bits + 3, O.Bits);
}

bool TiledCopyObject::operator==(const TiledCopyObject &O) const {
  const CopyAtom &X = Copy.Atom, &Y = O.Copy.Atom;
  return X.ThrID == Y.ThrID && X.ValLayoutSrc == Y.ValLayoutSrc &&
         X.ValLayoutDst == Y.ValLayoutDst && X.ValLayoutRef == Y.ValLayoutRef &&
         Copy.TiledLayoutTV == O.Copy.TiledLayoutTV &&
         Copy.TilerMN == O.Copy.TilerMN && AtomName == O.AtomName &&
         ValueBits == O.ValueBits;
}

bool isTiledConstructor(StringRef Op) {
  return Op == "make_tiled_mma" || Op == "make_tiled_copy" ||
         Op == "make_tiled_copy_A" || Op == "make_tiled_copy_B" ||
         Op == "make_tiled_copy_C" || Op == "make_tmem_copy";
}

Expected<TiledObjectRef> constructTiledObject(StringRef Op, ops::Args A,
                                              const OpAttrs &At) {
  if (Op == "make_tiled_mma")
    return buildTiledMma(Op, A, At);
  if (Op == "make_tiled_copy")
    return buildTiledCopy(Op, A, At);
  if (Op == "make_tiled_copy_A")
    return buildTiledCopyMma<makeTiledCopyA, 0>(Op, A, At);
  if (Op == "make_tiled_copy_B")
    return buildTiledCopyMma<makeTiledCopyB, 1>(Op, A, At);
  if (Op == "make_tiled_copy_C")
    return buildTiledCopyMma<makeTiledCopyC, 2>(Op, A, At);
  if (Op == "make_tmem_copy")
    return buildTmemCopy(Op, A, At);
  return makeError(diag(DiagID::NotTiledConstructor, Op));
}

ops::EvalFn tiledEvaluator(CuteOp Op) {
  switch (Op) {
#define GET_TILED_OP_EVALUATORS
#include "CuteLLVM/Layout/CuteOps.inc"
  default:
    return nullptr;
  }
}

} // namespace cute
