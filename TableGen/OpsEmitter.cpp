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

#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/CodeGenHelpers.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using cute::diag;
using cute::DiagID;

namespace {

/// The op records, checked and sorted by name.
class OpRecords {
public:
  explicit OpRecords(const RecordKeeper &RK);

  ArrayRef<const Record *> ops() const { return Ops; }
  ArrayRef<const Record *> stages() const { return Stages; }
  ArrayRef<const Record *> passes() const { return Passes; }
  ArrayRef<const Record *> groups() const { return Groups; }
  /// The ops the layout library evaluates, sorted by library mnemonic.
  ArrayRef<const Record *> libraryOps() const { return LibOps; }
  /// The op's index in ops() (its enumerator's value).
  unsigned indexOf(const Record *R) const { return Index.lookup(R); }

  static StringRef name(const Record *R) { return R->getValueAsString("Name"); }
  static bool hasEval(const Record *R) {
    return !R->getValueAsString("Eval").empty();
  }

private:
  std::vector<const Record *> Ops, Stages, Passes, Groups, LibOps;
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
  Passes = inDefOrder(RK, "LoweringPass");
  Groups = inDefOrder(RK, "OpGroup");
  Ops = inDefOrder(RK, "CuteOp");
  llvm::sort(
      Ops, [](const Record *A, const Record *B) { return name(A) < name(B); });
  StringSet<> LibNames;
  for (unsigned I = 0; I < Ops.size(); ++I) {
    const Record *R = Ops[I];
    Index[R] = I;
    StringRef N = name(R);
    if (I && name(Ops[I - 1]) == N)
      PrintFatalError(R->getLoc(), diag(DiagID::OpDefinedTwice, N));
    if (N.empty() || N.contains('.') || N.starts_with("nvgpu"))
      PrintFatalError(R->getLoc(), diag(DiagID::OpNameMustNon, N));
    bool Evaluated = hasEval(R);
    bool HasUnit = !R->getValueAsDef("Unit")->getValueAsString("Name").empty();
    if (Evaluated != HasUnit)
      PrintFatalError(R->getLoc(), diag(DiagID::OpEvaluatorNeedsUnit, N));
    if (Evaluated) {
      if (!LibNames.insert(R->getValueAsString("LibName")).second)
        PrintFatalError(R->getLoc(), diag(DiagID::OpLibraryMnemonicTaken, N,
                                          R->getValueAsString("LibName")));
      LibOps.push_back(R);
    }
    std::vector<const Record *> Opds = R->getValueAsListOfDefs("Operands");
    for (unsigned J = 0; J + 1 < Opds.size(); ++J)
      if (Opds[J]->getValueAsBit("Variadic"))
        PrintFatalError(R->getLoc(), diag(DiagID::OpLastOperandMay, N));
    if (R->getValueAsInt("MinArgs") > R->getValueAsInt("MaxArgs"))
      PrintFatalError(R->getLoc(), diag(DiagID::OpMinArgsMaxArgs, N));
    StringSet<> Keys;
    for (const Record *A : R->getValueAsListOfDefs("Attrs"))
      if (!Keys.insert(A->getValueAsString("Key")).second)
        PrintFatalError(R->getLoc(), diag(DiagID::OpAttributeListedTwice, N,
                                          A->getValueAsString("Key")));
    if (R->getValueAsBit("KeepsTensorIterator") &&
        R->getValueAsDef("Stage")->getName() != "Layout")
      PrintFatalError(R->getLoc(), diag(DiagID::OpPrimitivesKeepTensor, N));
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

/// The C++ enumerator (OpAttrKind) of an attribute type: the name of its
/// record without "Attr", or Enum for an EnumAttr.
StringRef attrKind(const Record *Type) {
  StringRef N = Type->getName();
  if (is_contained({"IntAttr", "IntListAttr", "StringAttr", "LayoutStringAttr",
                    "TileStringAttr", "FlagAttr"},
                   N))
    return N.drop_back(StringRef("Attr").size());
  if (Type->isSubClassOf("EnumAttr"))
    return "Enum";
  PrintFatalError(Type->getLoc(), diag(DiagID::UnknownAttributeType, N));
}

//===----------------------------------------------------------------------===//
// -gen-op-table
//===----------------------------------------------------------------------===//

void emitOpTable(const RecordKeeper &RK, raw_ostream &OS) {
  OpRecords Recs(RK);
  emitSourceFileHeader("The llvm.cute.* op table (td/Ops.td)", OS);

  {
    IfDefEmitter Guard(OS, "GET_OP_STAGE_ENUM");
    for (const Record *S : Recs.stages())
      OS << "  " << S->getName() << ",\n";
  }
  {
    IfDefEmitter Guard(OS, "GET_PASS_ENUM");
    for (const Record *P : Recs.passes())
      OS << "  " << P->getName() << ",\n";
  }
  {
    IfDefEmitter Guard(OS, "GET_OP_GROUP_ENUM");
    for (const Record *G : Recs.groups())
      OS << "  " << G->getName() << ",\n";
  }
  {
    IfDefEmitter Guard(OS, "GET_OP_ENUM");
    for (const Record *R : Recs.ops())
      OS << "  " << OpRecords::name(R) << ",\n";
  }

  {
    IfDefEmitter TableGuard(OS, "GET_OP_TABLE");
    OS << "static constexpr llvm::StringLiteral StageNames[] = {\n";
    for (const Record *S : Recs.stages())
      OS << "  " << quote(S->getValueAsString("Name")) << ",\n";
    OS << "};\nstatic constexpr llvm::StringLiteral StagePasses[] = {\n";
    for (const Record *S : Recs.stages())
      OS << "  " << quote(S->getValueAsString("Pass")) << ",\n";
    OS << "};\nstatic constexpr llvm::StringLiteral PassNames[] = {\n";
    for (const Record *P : Recs.passes())
      OS << "  " << quote(P->getValueAsString("Pass")) << ",\n";
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
        OS << "  {" << quote(A->getValueAsString("Key"))
           << ", OpAttrKind::" << attrKind(T) << ", "
           << quote(T->getValueAsString("Name")) << ", ";
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
         << ", ValueKind::" << (Lit.empty() ? "Auto" : Lit) << ", ";
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
    OS << "};\n";
  }

  for (StringRef Unit : {"Algebra", "Tiled"}) {
    IfDefEmitter Guard(OS, "GET_" + Unit.upper() + "_OP_EVALUATORS");
    for (const Record *R : Recs.ops())
      if (R->getValueAsDef("Unit")->getValueAsString("Name") == Unit)
        OS << "case CuteOp::" << OpRecords::name(R) << ":\n  return "
           << R->getValueAsString("Eval") << ";\n";
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
                       : Kind == "Flag"
                           ? ""
                           : join(T->getValueAsListOfStrings("Values"), "\\|");
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

//===----------------------------------------------------------------------===//
// -gen-op-cxx-wrappers
//===----------------------------------------------------------------------===//

/// How a wrapper spells one operand or result kind: the C++ type, and
/// whether it is the wrapper's template parameter (any cute value, passed
/// as the handle it is).
struct CxxKind {
  std::string Type;
  bool Generic = false;
  bool IsInt = false;
};

/// The C++ spelling of kind \p K, or nullopt where a wrapper cannot name it
/// (profiles, pointers, elements, descriptor words: the hand-written API).
std::optional<CxxKind> cxxKind(const Record *K) {
  StringRef N = K->getName();
  if (N == "AnyValue" || N == "SameValue" || N == "TensorValue")
    return CxxKind{"V", true, false};
  if (N == "LayoutValue")
    return CxxKind{"Layout", false, false};
  if (N == "TupleValue" || N == "ShapeValue" || N == "CoordValue")
    return CxxKind{"IntTuple", false, false};
  // A tiler is a layout, a tile of layouts or a shape, as in CuTe.
  if (N == "TilerValue")
    return CxxKind{"T", true, false};
  if (N == "IntValue" || N == "BoolValue")
    return CxxKind{"int", false, true};
  return std::nullopt;
}

void emitCxxWrappers(const RecordKeeper &RK, raw_ostream &OS) {
  OpRecords Recs(RK);
  emitSourceFileHeader("C++ wrappers of the llvm.cute.* ops (CxxWrapper)", OS,
                       RK);
  OS << "// Included by <cute/llvm.h> inside namespace cute, after the "
        "handle types.\n\n";
  for (const Record *R : Recs.ops()) {
    if (!R->getValueAsBit("CxxWrapper"))
      continue;
    StringRef Name = OpRecords::name(R);
    std::vector<const Record *> Ops = R->getValueAsListOfDefs("Operands");
    std::vector<const Record *> Res = R->getValueAsListOfDefs("Results");
    if (Res.size() != 1 || R->getValueAsBit("VariadicResults"))
      PrintFatalError(R->getLoc(), diag(DiagID::CxxWrapperOpDoesNot, Name));
    auto Ret = cxxKind(Res[0]);
    if (!Ret || (Res[0]->getName() == "AnyValue"))
      PrintFatalError(R->getLoc(), diag(DiagID::CxxWrapperResultOp, Name));
    bool Same = Res[0]->getName() == "SameValue";
    // The operand list, then each prefix that drops trailing optionals.
    struct Param {
      CxxKind K;
      std::string Name;
      bool Optional;
    };
    std::vector<Param> Params;
    bool AnyGeneric = false;
    for (const Record *O : Ops) {
      if (O->getValueAsBit("Variadic"))
        PrintFatalError(R->getLoc(), diag(DiagID::CxxWrapperOpVariadic, Name));
      auto K = cxxKind(O->getValueAsDef("Kind"));
      if (!K)
        PrintFatalError(R->getLoc(), diag(DiagID::CxxWrapperOperandOp, Name));
      std::string PN = O->getValueAsString("Name").str();
      PN[0] = toUpper(PN[0]);
      // Not the name of a handle type of the header.
      if (is_contained({"Layout", "Shape", "Stride", "Coord", "Tile", "Swizzle",
                        "IntTuple", "Tensor"},
                       PN))
        PN += "Arg";
      if (K->Generic) {
        if (AnyGeneric)
          K->Type = "W" + std::to_string(Params.size());
        AnyGeneric = true;
      }
      Params.push_back({*K, PN, bool(O->getValueAsBit("Optional"))});
    }
    if (Same && (Params.empty() || !Params[0].K.Generic))
      PrintFatalError(R->getLoc(), diag(DiagID::CxxWrapperOpReturns, Name));
    bool HasAttrs = !R->getValueAsListOfDefs("Attrs").empty();
    std::string RetType = Same ? "V" : Ret->Type;
    std::string Summary = R->getValueAsString("Summary").str();
    // The declaration of the intrinsic, under a name of its own.
    OS << "extern \"C\" CUTE_LLVM_DEVICE " << (Ret->IsInt ? "int" : "void *")
       << " __cute_wrapped_" << Name << "(...) __asm__(\"llvm.cute." << Name
       << "\");\n";
    size_t Required = 0;
    while (Required < Params.size() && !Params[Required].Optional)
      ++Required;
    for (size_t N = Required; N <= Params.size(); ++N)
      for (bool WithAttrs : {false, true}) {
        if (WithAttrs && !HasAttrs)
          continue;
        std::vector<std::string> Tmpl, Decl, Args;
        for (size_t I = 0; I < N; ++I) {
          const Param &P = Params[I];
          if (P.K.Generic)
            Tmpl.push_back("class " + P.K.Type);
          Decl.push_back(P.K.Type + " " + P.Name);
          Args.push_back(P.K.IsInt ? P.Name : "(void *)" + P.Name);
        }
        if (Same && N == 0)
          continue;
        if (WithAttrs) {
          Decl.push_back("const char *Attrs");
          Args.push_back("Attrs");
        }
        OS << "/// `llvm.cute." << Name << "`: " << Summary
           << (WithAttrs ? " (with its attributes, `key=value ...`)" : "")
           << ".\n";
        if (!Tmpl.empty())
          OS << "template <" << join(Tmpl, ", ") << ">\n";
        OS << "CUTE_LLVM_INLINE " << RetType << " " << Name << "("
           << join(Decl, ", ") << ") {\n  return ";
        if (!Ret->IsInt)
          OS << "(" << RetType << ")";
        OS << "__cute_wrapped_" << Name << "(" << join(Args, ", ") << ");\n}\n";
      }
    OS << "\n";
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
static TableGen::Emitter::Opt
    W("gen-op-cxx-wrappers", emitCxxWrappers,
      "Generate the C++ wrappers of the llvm.cute.* ops marked CxxWrapper");
