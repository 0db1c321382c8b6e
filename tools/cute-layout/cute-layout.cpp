//===- cute-layout.cpp - CuTe layout calculator and visualiser ------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Usage:
///   cute-layout <op> <operand>... [--mode=I,J] [--begin=B --end=E] ...
///   cute-layout print '<layout>'
///   cute-layout svg '<layout>' [-o out.svg]
///   cute-layout svg --tv '<tv layout>' --tile=M,N [-o out.svg]
///   cute-layout make_tiled_mma --mma-atom=NAME --atom-layout=L [...]
///   cute-layout tiled.copy.partition_S TV TILER TENSOR THR [--copy-atom=...]
///   cute-layout --jsonl FILE [--check]
///
//===----------------------------------------------------------------------===//

#include "Batch.h"
#include "Render.h"

#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Layout/OpTable.h"
#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Registry/TiledAtoms.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "CuteLLVM/Support/ToolOutput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cute;

namespace {
cl::OptionCategory Cat("cute-layout options");

cl::list<std::string> Positional(cl::Positional, cl::desc("<op> <operand>..."),
                                 cl::cat(Cat));
cl::opt<std::string> Jsonl("jsonl", cl::desc("Evaluate a JSON Lines file"),
                           cl::value_desc("file"), cl::cat(Cat));
cl::opt<bool> Check("check",
                    cl::desc("With --jsonl: compare with the expected results"),
                    cl::cat(Cat));
cl::opt<std::string> XFailFile(
    "xfail",
    cl::desc("With --check: a file of known deviations ('LINE reason')"),
    cl::value_desc("file"), cl::cat(Cat));
cl::opt<bool> Quiet("quiet", cl::desc("With --check: print only the summary"),
                    cl::cat(Cat));
cl::list<int64_t> Mode("mode", cl::CommaSeparated,
                       cl::desc("Mode index path (get, select, size, cosize)"),
                       cl::cat(Cat));
cl::opt<int64_t> Begin("begin", cl::desc("group_modes: first mode"),
                       cl::init(-1), cl::cat(Cat));
cl::opt<int64_t> End("end", cl::desc("group_modes: one past the last mode"),
                     cl::init(-1), cl::cat(Cat));
cl::opt<int64_t> RankAttr("rank",
                          cl::desc("append_to_rank/prepend_to_rank: rank"),
                          cl::init(-1), cl::cat(Cat));
cl::opt<int64_t> OldBits("old-type-bits",
                         cl::desc("recast_layout: old element width"),
                         cl::init(-1), cl::cat(Cat));
cl::opt<int64_t> NewBits("new-type-bits",
                         cl::desc("recast_layout: new element width"),
                         cl::init(-1), cl::cat(Cat));
cl::list<std::string> ArgTypes(
    "arg-types", cl::CommaSeparated,
    cl::desc("Operand kinds: layout, shape, stride, coord, int_tuple, tile, "
             "composed_layout, swizzle, int"),
    cl::cat(Cat));
cl::opt<bool> Strict(
    "strict",
    cl::desc("Reject what CuTe accepts without preserving size: tilers that "
             "do not divide, complements of non-nesting strides"),
    cl::cat(Cat));
// Tiled copies and MMAs: the atoms and the TiledMMA, as attributes.
cl::OptionCategory TiledCat("cute-layout tiled copy and MMA options");
cl::opt<std::string> CopyAtomName(
    "copy-atom",
    cl::desc("Copy atom by CuTe name (SM75_U32x4_LDSM_N), from the registry"),
    cl::value_desc("name"), cl::cat(TiledCat));
cl::opt<std::string> MmaAtomName(
    "mma-atom",
    cl::desc("MMA atom by CuTe name (SM80_16x8x16_F16F16F16F16_TN), from the "
             "registry"),
    cl::value_desc("name"), cl::cat(TiledCat));
cl::opt<std::string> CopyThrID("copy-thr-id", cl::desc("Copy atom: ThrID"),
                               cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string> CopySrc("copy-src",
                             cl::desc("Copy atom: (thr,val) -> bit, source"),
                             cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string>
    CopyDst("copy-dst", cl::desc("Copy atom: (thr,val) -> bit, destination"),
            cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string> CopyRef("copy-ref",
                             cl::desc("Copy atom: (thr,val) -> bit, reference"),
                             cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<int64_t> ValueBits(
    "value-bits",
    cl::desc("Copy atom: element width the bit layouts are recast to"),
    cl::init(-1), cl::cat(TiledCat));
cl::opt<std::string> ValueType(
    "value-type",
    cl::desc("Copy atom by name: the element type of the values it copies "
             "(f16, bf16, f32, ...)"),
    cl::value_desc("type"), cl::cat(TiledCat));
cl::list<int64_t> MmaShape("mma-shape", cl::CommaSeparated,
                           cl::desc("MMA atom: M,N,K"), cl::cat(TiledCat));
cl::opt<std::string> MmaThrID("mma-thr-id", cl::desc("MMA atom: ThrID"),
                              cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string> MmaA("mma-a-tv", cl::desc("MMA atom: LayoutA_TV"),
                          cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string> MmaB("mma-b-tv", cl::desc("MMA atom: LayoutB_TV"),
                          cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string> MmaC("mma-c-tv", cl::desc("MMA atom: LayoutC_TV"),
                          cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string>
    AtomLayout("atom-layout",
               cl::desc("TiledMMA: the layout of atoms (default 1:0)"),
               cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string>
    Permutation("permutation",
                cl::desc("TiledMMA: the M,N,K permutations, as a tiler"),
                cl::value_desc("tile"), cl::cat(TiledCat));
cl::opt<std::string>
    ThrLayout("thr-layout",
              cl::desc("TiledCopy: the thread layout (m,n) -> thr_idx"),
              cl::value_desc("layout"), cl::cat(TiledCat));
cl::opt<std::string>
    ValLayout("val-layout",
              cl::desc("TiledCopy: the value layout (m,n) -> val_idx"),
              cl::value_desc("layout"), cl::cat(TiledCat));
cl::list<std::string> ExtraAttrs(
    "attr",
    cl::desc("Any attribute the op accepts, as the IR's attribute string "
             "spells it (a_mma_atom=NAME, a_atom_layout=(2,1,1), result=0)"),
    cl::value_desc("key=value"), cl::cat(TiledCat));
cl::opt<bool> TV("tv", cl::desc("svg: draw a (thread,value) layout"),
                 cl::cat(Cat));
cl::list<int64_t> TileShape("tile", cl::CommaSeparated,
                            cl::desc("svg --tv: the M,N tile the TV layout "
                                     "maps into"),
                            cl::cat(Cat));
cl::opt<std::string> Output("o", cl::desc("Output file (default: stdout)"),
                            cl::value_desc("file"), cl::init("-"),
                            cl::cat(Cat));

int fail(const Twine &Msg) {
  WithColor::error(errs(), "cute-layout") << Msg << "\n";
  return 1;
}

/// The atom attributes of the tiled ops: atoms named by CuTe name are read
/// from the atom registry (mma_atom=, copy_atom=), the same path the
/// lowering takes; or spelled out by the layout options.
Error addTiledAttrs(OpAttrs &Attrs) {
  Attrs.Atoms = &registry::atomSource();
  if (!MmaAtomName.empty())
    Attrs.Strings["mma_atom"] = MmaAtomName;
  if (!CopyAtomName.empty())
    Attrs.Strings["copy_atom"] = CopyAtomName;
  if (!ValueType.empty())
    Attrs.Strings["value_type"] = ValueType;
  std::pair<cl::opt<std::string> *, const char *> Strs[] = {
      {&CopyThrID, "copy_thr_id"},  {&CopySrc, "copy_src"},
      {&CopyDst, "copy_dst"},       {&CopyRef, "copy_ref"},
      {&MmaThrID, "mma_thr_id"},    {&MmaA, "mma_a_tv"},
      {&MmaB, "mma_b_tv"},          {&MmaC, "mma_c_tv"},
      {&AtomLayout, "atom_layout"}, {&Permutation, "permutation"},
      {&ThrLayout, "thr_layout"},   {&ValLayout, "val_layout"}};
  for (auto &[Opt, Name] : Strs)
    if (!Opt->empty())
      Attrs.Strings[Name] = *Opt;
  if (!MmaShape.empty())
    Attrs.Ints["mma_shape"] =
        std::vector<int64_t>(MmaShape.begin(), MmaShape.end());
  if (ValueBits >= 0)
    Attrs.Ints["value_bits"] = {ValueBits};
  return Error::success();
}

int runOp(StringRef Op, ArrayRef<std::string> Operands) {
  if (!isKnownOp(Op))
    return fail(diag(DiagID::UnknownOperationKnown, Op,
                     std::to_string(knownOps().size())));
  std::vector<OpArg> Args;
  for (size_t I = 0; I < Operands.size(); ++I) {
    OpArg A;
    A.Text = Operands[I];
    if (I < ArgTypes.size()) {
      auto K = parseValueKind(ArgTypes[I]);
      if (!K)
        return fail(diag(DiagID::UnknownOperandKind, ArgTypes[I]));
      A.Kind = *K;
    }
    Args.push_back(std::move(A));
  }
  OpAttrs Attrs;
  Attrs.Strict = Strict;
  if (!Mode.empty())
    Attrs.Ints["mode"] = std::vector<int64_t>(Mode.begin(), Mode.end());
  if (Begin >= 0)
    Attrs.Ints["begin"] = {Begin};
  if (End >= 0)
    Attrs.Ints["end"] = {End};
  if (RankAttr >= 0)
    Attrs.Ints["rank"] = {RankAttr};
  if (OldBits >= 0)
    Attrs.Ints["old_type_bits"] = {OldBits};
  if (NewBits >= 0)
    Attrs.Ints["new_type_bits"] = {NewBits};
  if (Error E = addTiledAttrs(Attrs))
    return fail(toString(std::move(E)));
  if (!ExtraAttrs.empty()) {
    auto Extra = parseOpAttrs(*lookupLibraryOp(Op), join(ExtraAttrs, " "));
    if (!Extra)
      return fail(toString(Extra.takeError()));
    for (auto &[K, V] : Extra->Ints)
      Attrs.Ints[K] = V;
    for (auto &[K, V] : Extra->Strings)
      Attrs.Strings[K] = V;
    Attrs.Strict |= Extra->Strict;
  }
  auto R = evaluateOp(Op, Args, Attrs);
  if (!R)
    return fail(toString(R.takeError()));
  for (const Value &V : *R)
    outs() << V.str() << "\n";
  return 0;
}

/// Renders with \p F into memory and writes the output only when that
/// succeeded, so a failed print or svg leaves no file behind. An overflow of
/// static arithmetic while rendering is the error.
template <typename FnT> int withOutput(FnT F) {
  std::string Text;
  raw_string_ostream Buf(Text);
  Error E = Error::success();
  {
    OverflowScope Scope;
    E = F(Buf);
    if (Error O = Scope.takeError()) {
      consumeError(std::move(E));
      E = std::move(O);
    }
  }
  if (E)
    return fail(toString(std::move(E)));
  std::error_code EC;
  raw_fd_ostream OS(Output, EC);
  if (EC)
    return fail(diag(DiagID::CannotOpen, Output, EC.message()));
  OS << Text;
  return cute::outputFailed(OS, "cute-layout", "'" + Output + "'") ? 1 : 0;
}

Expected<Layout> parseLayoutArg(StringRef S) {
  auto V = parseValue(S, ValueKind::Layout);
  if (!V)
    return handleErrors(V.takeError(), [&](const ParseError &PE) -> Error {
      return makeError("'" + S + "': column " + Twine(PE.column()) + ": " +
                       PE.message());
    });
  return V->layout();
}
} // namespace

/// The tool; main() checks that its output was written.
static int toolMain(int argc, char **argv) {
  cl::HideUnrelatedOptions({&Cat, &TiledCat});
  cl::ParseCommandLineOptions(argc, argv,
                              "CuTe layout calculator and visualiser\n");
  if (!Jsonl.empty()) {
    if (!Positional.empty())
      return fail(diag(DiagID::JsonlTakesNoPositional));
    return runBatch(Jsonl, Check, Quiet, XFailFile);
  }
  if (Check)
    return fail(diag(DiagID::CheckNeedsJsonlFILE));
  if (Positional.empty())
    return fail(diag(DiagID::ExpectedOperationTry));
  std::vector<std::string> All(Positional.begin(), Positional.end());
  StringRef Op = All[0];
  ArrayRef<std::string> Operands = ArrayRef(All).drop_front();
  if (Op == "print" || Op == "svg") {
    if (Operands.size() != 1)
      return fail(diag(DiagID::ExpectsLayout, Op));
    auto L = parseLayoutArg(Operands[0]);
    if (!L)
      return fail(toString(L.takeError()));
    if (Op == "print")
      return withOutput([&](raw_ostream &OS) { return printLayout(OS, *L); });
    if (TV) {
      if (TileShape.size() != 2)
        return fail(diag(DiagID::SvgTvNeedsTile));
      return withOutput([&](raw_ostream &OS) {
        return writeTVLayoutSVG(OS, *L, TileShape[0], TileShape[1]);
      });
    }
    return withOutput([&](raw_ostream &OS) { return writeLayoutSVG(OS, *L); });
  }
  return runOp(Op, Operands);
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  return cute::exitStatus(toolMain(argc, argv), "cute-layout");
}
