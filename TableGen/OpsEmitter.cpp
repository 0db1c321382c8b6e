//===- OpsEmitter.cpp - The llvm.cute.* op table, header and docs -*- C++ -*-=//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The backends of td/Ops.td, the records of the target-neutral
/// `llvm.cute.<op>` intrinsics:
///
///   -gen-op-table         CuteOps.inc: the stage, group and op enums, the
///                         op table (sorted by name, indexed by the enum),
///                         the attribute tables and the layout library's
///                         evaluator dispatch
///   -gen-op-header-decls  the asm-label declarations of <cute/llvm.h>
///   -gen-op-docs          the op reference of docs/ir-contract.md
///
/// The records are checked once (OpRecords) so every backend rejects the
/// same bad input.
///
//===----------------------------------------------------------------------===//

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;

namespace {

/// The op records, checked and sorted by name.
class OpRecords {
public:
  explicit OpRecords(const RecordKeeper &RK);

  ArrayRef<const Record *> ops() const { return Ops; }
  ArrayRef<const Record *> stages() const { return Stages; }
  ArrayRef<const Record *> groups() const { return Groups; }
  /// The ops the layout library evaluates, sorted by library mnemonic.
  ArrayRef<const Record *> libraryOps() const { return LibOps; }
  /// The op's index in ops() (its enumerator's value).
  unsigned indexOf(const Record *R) const { return Index.lookup(R); }

  static StringRef name(const Record *R) {
    return R->getValueAsString("Name");
  }
  static bool hasEval(const Record *R) {
    return !R->getValueAsString("Eval").empty();
  }

private:
  std::vector<const Record *> Ops, Stages, Groups, LibOps;
  DenseMap<const Record *, unsigned> Index;
};

/// Records of \p Class in definition order (RecordKeeper sorts by name).
std::vector<const Record *> inDefOrder(const RecordKeeper &RK,
                                       StringRef Class) {
  ArrayRef<const Record *> Rs = RK.getAllDerivedDefinitions(Class);
  std::vector<const Record *> Out(Rs.begin(), Rs.end());
  llvm::sort(Out, [](const Record *A, const Record *B) {
    return A->getID() < B->getID();
  });
  return Out;
}

OpRecords::OpRecords(const RecordKeeper &RK) {
  Stages = inDefOrder(RK, "OpStage");
  Groups = inDefOrder(RK, "OpGroup");
  Ops = inDefOrder(RK, "CuteOp");
  llvm::sort(Ops, [](const Record *A, const Record *B) {
    return name(A) < name(B);
  });
  StringSet<> LibNames;
  for (unsigned I = 0; I < Ops.size(); ++I) {
    const Record *R = Ops[I];
    Index[R] = I;
    StringRef N = name(R);
    if (I && name(Ops[I - 1]) == N)
      PrintFatalError(R->getLoc(), "op '" + N + "' is defined twice");
    if (N.empty() || N.contains('.') || N.starts_with("nvgpu"))
      PrintFatalError(R->getLoc(), "op name '" + N +
                                       "' must be a non-empty mnemonic "
                                       "without dots (nvgpu.* are atoms)");
    bool Evaluated = hasEval(R);
    bool HasUnit = !R->getValueAsDef("Unit")->getValueAsString("Name").empty();
    if (Evaluated != HasUnit)
      PrintFatalError(R->getLoc(), "op '" + N +
                                       "': an evaluator needs its unit and a "
                                       "unit its evaluator");
    if (Evaluated) {
      if (!LibNames.insert(R->getValueAsString("LibName")).second)
        PrintFatalError(R->getLoc(), "op '" + N + "': library mnemonic '" +
                                         R->getValueAsString("LibName") +
                                         "' is taken");
      LibOps.push_back(R);
    }
    std::vector<const Record *> Opds = R->getValueAsListOfDefs("Operands");
    for (unsigned J = 0; J + 1 < Opds.size(); ++J)
      if (Opds[J]->getValueAsBit("Variadic"))
        PrintFatalError(R->getLoc(), "op '" + N +
                                         "': only the last operand may be "
                                         "variadic");
    if (R->getValueAsInt("MinArgs") > R->getValueAsInt("MaxArgs"))
      PrintFatalError(R->getLoc(), "op '" + N + "': MinArgs > MaxArgs");
    StringSet<> Keys;
    for (const Record *A : R->getValueAsListOfDefs("Attrs"))
      if (!Keys.insert(A->getValueAsString("Key")).second)
        PrintFatalError(R->getLoc(), "op '" + N + "': attribute '" +
                                         A->getValueAsString("Key") +
                                         "' is listed twice");
    if (R->getValueAsBit("KeepsTensorIterator") &&
        R->getValueAsDef("Stage")->getName() != "Layout")
      PrintFatalError(R->getLoc(), "op '" + N +
                                       "': only primitives keep a tensor's "
                                       "iterator");
  }
  LibOps.shrink_to_fit();
  llvm::sort(LibOps, [](const Record *A, const Record *B) {
    return A->getValueAsString("LibName") < B->getValueAsString("LibName");
  });
}

/// \p S as a C++ string literal.
std::string quote(StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

/// The C++ enumerator of an attribute type.
StringRef attrKind(const Record *Type) {
  StringRef N = Type->getName();
  if (N == "IntAttr")
    return "Int";
  if (N == "IntListAttr")
    return "IntList";
  if (N == "StringAttr")
    return "String";
  if (N == "LayoutStringAttr")
    return "LayoutString";
  if (N == "TileStringAttr")
    return "TileString";
  if (N == "FlagAttr")
    return "Flag";
  if (Type->isSubClassOf("EnumAttr"))
    return "Enum";
  PrintFatalError(Type->getLoc(), "unknown attribute type '" + N + "'");
}

//===----------------------------------------------------------------------===//
// -gen-op-table
//===----------------------------------------------------------------------===//

void emitOpTable(const RecordKeeper &RK, raw_ostream &OS) {
  OpRecords Recs(RK);
  emitSourceFileHeader("The llvm.cute.* op table (td/Ops.td)", OS);

  OS << "#ifdef GET_OP_STAGE_ENUM\n#undef GET_OP_STAGE_ENUM\n";
  for (const Record *S : Recs.stages())
    OS << "  " << S->getName() << ",\n";
  OS << "#endif // GET_OP_STAGE_ENUM\n\n";

  OS << "#ifdef GET_OP_GROUP_ENUM\n#undef GET_OP_GROUP_ENUM\n";
  for (const Record *G : Recs.groups())
    OS << "  " << G->getName() << ",\n";
  OS << "#endif // GET_OP_GROUP_ENUM\n\n";

  OS << "#ifdef GET_OP_ENUM\n#undef GET_OP_ENUM\n";
  for (const Record *R : Recs.ops())
    OS << "  " << OpRecords::name(R) << ",\n";
  OS << "#endif // GET_OP_ENUM\n\n";

  OS << "#ifdef GET_OP_TABLE\n#undef GET_OP_TABLE\n";
  OS << "static constexpr llvm::StringLiteral StageNames[] = {\n";
  for (const Record *S : Recs.stages())
    OS << "  " << quote(S->getValueAsString("Name")) << ",\n";
  OS << "};\nstatic constexpr llvm::StringLiteral StagePasses[] = {\n";
  for (const Record *S : Recs.stages())
    OS << "  " << quote(S->getValueAsString("Pass")) << ",\n";
  OS << "};\nstatic constexpr llvm::StringLiteral GroupNames[] = {\n";
  for (const Record *G : Recs.groups())
    OS << "  " << quote(G->getName()) << ",\n";
  OS << "};\n\n";

  // The values of each enum type, and the attributes of each op.
  std::map<const Record *, std::string> EnumValues;
  for (const Record *R : Recs.ops())
    for (const Record *A : R->getValueAsListOfDefs("Attrs")) {
      const Record *T = A->getValueAsDef("Type");
      if (attrKind(T) != "Enum" || EnumValues.count(T))
        continue;
      std::string Name = formatv("EnumValues{0}", EnumValues.size());
      EnumValues[T] = Name;
      OS << "static constexpr llvm::StringLiteral " << Name << "[] = {";
      for (StringRef V : T->getValueAsListOfStrings("Values"))
        OS << quote(V) << ", ";
      OS << "};\n";
    }
  for (const Record *R : Recs.ops()) {
    std::vector<const Record *> Attrs = R->getValueAsListOfDefs("Attrs");
    if (Attrs.empty())
      continue;
    OS << "static constexpr OpAttrInfo Attrs_" << OpRecords::name(R)
       << "[] = {\n";
    for (const Record *A : Attrs) {
      const Record *T = A->getValueAsDef("Type");
      OS << "  {" << quote(A->getValueAsString("Key")) << ", OpAttrKind::"
         << attrKind(T) << ", " << quote(T->getValueAsString("Name")) << ", ";
      if (EnumValues.count(T))
        OS << EnumValues[T];
      else
        OS << "{}";
      OS << "},\n";
    }
    OS << "};\n";
  }
  OS << "\nstatic constexpr CuteOpInfo OpTable[] = {\n";
  for (const Record *R : Recs.ops()) {
    StringRef N = OpRecords::name(R);
    StringRef Lit = R->getValueAsString("LiteralKind");
    OS << "  {CuteOp::" << N << ", " << quote(N) << ", "
       << quote(OpRecords::hasEval(R) ? R->getValueAsString("LibName") : "")
       << ", CuteStage::" << R->getValueAsDef("Stage")->getName()
       << ", CuteGroup::" << R->getValueAsDef("Group")->getName() << ", "
       << R->getValueAsInt("MinArgs") << ", " << R->getValueAsInt("MaxArgs")
       << ", " << (R->getValueAsBit("MultiResult") ? "true" : "false") << ", "
       << (R->getValueAsBit("KeepsTensorIterator") ? "true" : "false") << ", "
       << (Lit.empty() ? "false" : "true") << ", "
       << (R->getValueAsBit("ProfileOperand") ? "true" : "false")
       << ", ValueKind::"
       << (Lit.empty() ? "Auto" : Lit) << ", ";
    if (R->getValueAsListOfDefs("Attrs").empty())
      OS << "{}";
    else
      OS << "Attrs_" << N;
    OS << ",\n   " << quote(R->getValueAsString("Summary")) << "},\n";
  }
  OS << "};\n\n";
  OS << "/// The ops the layout library evaluates, by library mnemonic.\n";
  OS << "static constexpr CuteOp LibraryOps[] = {\n";
  for (const Record *R : Recs.libraryOps())
    OS << "  CuteOp::" << OpRecords::name(R) << ", // "
       << R->getValueAsString("LibName") << "\n";
  OS << "};\n#endif // GET_OP_TABLE\n\n";

  for (StringRef Unit : {"Algebra", "Tiled"}) {
    std::string Guard = "GET_" + Unit.upper() + "_OP_EVALUATORS";
    OS << "#ifdef " << Guard << "\n#undef " << Guard << "\n";
    for (const Record *R : Recs.ops())
      if (R->getValueAsDef("Unit")->getValueAsString("Name") == Unit)
        OS << "case CuteOp::" << OpRecords::name(R) << ":\n  return "
           << R->getValueAsString("Eval") << ";\n";
    OS << "#endif // " << Guard << "\n\n";
  }
}

//===----------------------------------------------------------------------===//
// -gen-op-header-decls
//===----------------------------------------------------------------------===//

void emitHeaderDecls(const RecordKeeper &RK, raw_ostream &OS) {
  OpRecords Recs(RK);
  // Plain text: the block of <cute/llvm.h> between its GENERATED markers
  // must equal it (test/Lowering/cuda-header-decls.test).
  std::vector<std::string> Lines;
  for (const Record *R : Recs.ops())
    for (const Record *D : R->getValueAsListOfDefs("Decls")) {
      StringRef N = OpRecords::name(R), C = D->getValueAsString("CName");
      if (C.empty())
        Lines.push_back(formatv("CUTE_LLVM_INTRINSIC({0}, {1}, {2})",
                                D->getValueAsString("Ret"), N,
                                D->getValueAsString("Params")));
      else
        Lines.push_back(formatv("CUTE_LLVM_INTRINSIC_AS({0}, {1}, {2}, {3})",
                                D->getValueAsString("Ret"), C, N,
                                D->getValueAsString("Params")));
    }
  for (const std::string &L : Lines)
    OS << L << "\n";
}

//===----------------------------------------------------------------------===//
// -gen-op-docs
//===----------------------------------------------------------------------===//

/// \p S with the `|` of a markdown table cell escaped.
std::string cell(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '|')
      Out += '\\';
    Out += C;
  }
  return Out;
}

void emitOpDocs(const RecordKeeper &RK, raw_ostream &OS) {
  OpRecords Recs(RK);
  OS << "| intrinsic | stage | group | operands | results | attributes | "
        "what it does |\n";
  OS << "|---|---|---|---|---|---|---|\n";
  for (const Record *R : Recs.ops()) {
    std::vector<std::string> Opds;
    for (const Record *O : R->getValueAsListOfDefs("Operands")) {
      std::string S = (O->getValueAsString("Name") + ": " +
                       O->getValueAsDef("Kind")->getValueAsString("Name"))
                          .str();
      if (O->getValueAsBit("Variadic"))
        S += "...";
      if (O->getValueAsBit("Optional"))
        S = "[" + S + "]";
      Opds.push_back(S);
    }
    std::vector<std::string> Results;
    for (const Record *K : R->getValueAsListOfDefs("Results"))
      Results.push_back(K->getValueAsString("Name").str());
    std::string Res = join(Results, ", ");
    if (R->getValueAsBit("VariadicResults"))
      Res += ", ...";
    std::vector<std::string> Attrs;
    for (const Record *A : R->getValueAsListOfDefs("Attrs")) {
      const Record *T = A->getValueAsDef("Type");
      StringRef Kind = attrKind(T);
      std::string Ty = Kind == "Int"            ? "int"
                       : Kind == "IntList"      ? "int,..."
                       : Kind == "String"       ? "string"
                       : Kind == "LayoutString" ? "layout"
                       : Kind == "TileString"   ? "tile"
                       : Kind == "Flag"         ? ""
                                                : join(T->getValueAsListOfStrings(
                                                           "Values"),
                                                       "\\|");
      Attrs.push_back("`" + A->getValueAsString("Key").str() +
                      (Ty.empty() ? "" : "=" + Ty) + "`");
    }
    OS << "| `llvm.cute." << OpRecords::name(R) << "` | "
       << R->getValueAsDef("Stage")->getValueAsString("Name") << " | "
       << R->getValueAsDef("Group")->getName() << " | "
       << cell(join(Opds, ", ")) << " | " << cell(Res) << " | "
       << join(Attrs, " ") << " | " << cell(R->getValueAsString("Summary"))
       << " |\n";
  }
}

} // namespace

static TableGen::Emitter::Opt
    X("gen-op-table", emitOpTable,
      "Generate the llvm.cute.* op table (enums, attributes, dispatch)");
static TableGen::Emitter::Opt
    Y("gen-op-header-decls", emitHeaderDecls,
      "Generate the llvm.cute.* declarations of <cute/llvm.h>");
static TableGen::Emitter::Opt Z("gen-op-docs", emitOpDocs,
                                "Generate the llvm.cute.* op reference");
