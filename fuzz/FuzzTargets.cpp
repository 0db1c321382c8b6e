//===- FuzzTargets.cpp - Fuzz target bodies -------------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "FuzzTargets.h"

#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Layout/Operations.h"
#include "../tools/cute-layout/Batch.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace llvm;

namespace cute {
namespace fuzz {

namespace {

[[noreturn]] void trapHandler(const std::string &What) {
  fprintf(stderr, "cute-fuzz: invariant does not hold: %s\n", What.c_str());
  fflush(stderr);
  __builtin_trap();
}

FailureHandler Handler = nullptr;

/// Each call site of CUTE_FUZZ_FAIL instantiates its own copy (keyed by its
/// line), so that libFuzzer's fork mode, which keeps one crash per stack, keeps
/// one input per broken invariant rather than one in all.
template <int Site> [[gnu::noinline]] void failAt(const std::string &What) {
  if (Handler)
    Handler(What);
  else
    trapHandler(What);
}
#define CUTE_FUZZ_FAIL(What) failAt<__LINE__>(What)

/// Inputs longer than this are cut. Long enough for the nesting limit
/// (128 levels) and for long operands.
constexpr size_t MaxNotationBytes = 1 << 16;
/// Sizes of the layouts the algebra fuzzer draws and evaluates.
constexpr int64_t MaxLayoutSize = 1 << 16;
constexpr int64_t MaxEvalSize = 1 << 12;
constexpr int64_t MaxLeaf = 1 << 20;

//===----------------------------------------------------------------------===//
// Notation
//===----------------------------------------------------------------------===//

/// A parse error must point inside the input (or just past its end).
void checkError(Error E, StringRef Input, const char *Parser) {
  handleAllErrors(
      std::move(E),
      [&](const ParseError &PE) {
        if (PE.column() < 1 || PE.column() > Input.size() + 1)
          CUTE_FUZZ_FAIL(std::string(Parser) + ": column " +
                         std::to_string(PE.column()) + " outside input '" +
                         Input.str() + "' (" + std::to_string(Input.size()) +
                         " bytes)");
      },
      [](const ErrorInfoBase &) {});
}

/// parse(print(x)) == x and print(parse(print(x))) == print(x).
template <typename T, typename ParseFn>
void roundTrip(StringRef Input, const char *Parser, ParseFn Parse) {
  Expected<T> V = Parse(Input);
  if (!V) {
    checkError(V.takeError(), Input, Parser);
    return;
  }
  std::string Printed = V->str();
  Expected<T> Again = Parse(Printed);
  if (!Again) {
    CUTE_FUZZ_FAIL(std::string(Parser) + ": '" + Input.str() + "' prints as '" +
                   Printed +
                   "', which does not parse: " + toString(Again.takeError()));
    return;
  }
  if (!(*Again == *V) || Again->str() != Printed)
    CUTE_FUZZ_FAIL(std::string(Parser) + ": '" + Input.str() + "' prints as '" +
                   Printed + "', which reparses as '" + Again->str() + "'");
}

/// Tiles and typed values have no operator==: compare what they print.
template <typename T, typename ParseFn, typename PrintFn>
void roundTripPrinted(StringRef Input, const std::string &Parser, ParseFn Parse,
                      PrintFn Print) {
  Expected<T> V = Parse(Input);
  if (!V) {
    checkError(V.takeError(), Input, Parser.c_str());
    return;
  }
  std::string Printed = Print(*V);
  Expected<T> Again = Parse(Printed);
  if (!Again) {
    CUTE_FUZZ_FAIL(Parser + ": '" + Input.str() + "' prints as '" + Printed +
                   "', which does not parse: " + toString(Again.takeError()));
    return;
  }
  if (Print(*Again) != Printed)
    CUTE_FUZZ_FAIL(Parser + ": '" + Input.str() + "' prints as '" + Printed +
                   "', which reparses as '" + Print(*Again) + "'");
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

/// Draws numbers from the fuzzer's bytes; zeros once they run out.
class Bytes {
public:
  Bytes(const uint8_t *Data, size_t Size) : P(Data), N(Size) {}
  bool empty() const { return N == 0; }
  uint32_t next() {
    uint32_t V = 0;
    for (int I = 0; I < 2 && N; ++I, ++P, --N)
      V = (V << 8) | *P;
    return V;
  }
  int64_t range(int64_t Lo, int64_t Hi) {
    if (Hi <= Lo)
      return Lo;
    return Lo + int64_t(next() % uint64_t(Hi - Lo + 1));
  }
  bool flag(unsigned OneIn = 2) { return range(0, OneIn - 1) == 0; }

private:
  const uint8_t *P;
  size_t N;
};

/// A random layout, shape, stride, coordinate, tiler, swizzle or composed
/// layout, written in CuTe notation.
class Generator {
public:
  explicit Generator(Bytes &B) : B(B) {}

  /// Now and then a value near the 64-bit limit, so that the overflow
  /// checks are reached.
  int64_t huge() { return int64_t(1) << B.range(20, 62); }

  IntTuple extent() {
    if (B.flag(32))
      return IntTuple(huge());
    if (B.flag(16))
      return IntTuple(Int::dynamic(B.flag(4) ? 64 : 32,
                                   B.flag() ? 1 : int64_t(1) << B.range(0, 4)));
    return IntTuple(B.flag(4) ? B.range(1, 64) : B.range(1, 8));
  }
  IntTuple stride() {
    if (B.flag(32))
      return IntTuple(huge());
    if (B.flag(16))
      return IntTuple(Int::dynamic(B.flag(4) ? 64 : 32,
                                   B.flag() ? 1 : int64_t(1) << B.range(0, 4)));
    return IntTuple(B.range(0, 64));
  }

  /// A tuple tree of rank 0 (a leaf) to 4 and depth up to 2.
  template <typename LeafFn>
  IntTuple tree(unsigned Depth, LeafFn Leaf, unsigned &Leaves) {
    unsigned Rank = B.range(0, 4);
    if (Depth == 0 || Rank == 0 || Leaves >= 8) {
      ++Leaves;
      return Leaf();
    }
    std::vector<IntTuple> Modes;
    for (unsigned I = 0; I < Rank; ++I)
      Modes.push_back(tree(Depth - 1, Leaf, Leaves));
    return IntTuple(std::move(Modes));
  }

  IntTuple shape() {
    unsigned Leaves = 0;
    IntTuple S = tree(
        2, [&] { return extent(); }, Leaves);
    // Mostly small; sometimes as large as drawn (overflow is an error).
    return B.flag(8) ? S : clampSize(S);
  }

  /// The same tree with other leaves.
  template <typename LeafFn> IntTuple like(const IntTuple &S, LeafFn Leaf) {
    if (!S.isTuple())
      return Leaf();
    std::vector<IntTuple> Out;
    for (const IntTuple &E : S.elems())
      Out.push_back(like(E, Leaf));
    return IntTuple(std::move(Out));
  }

  Layout layout() {
    IntTuple S = shape();
    if (B.flag(4))
      return Layout(S, compactColMajor(S));
    return Layout(S, like(S, [&] { return stride(); }));
  }

  std::string coord(const IntTuple &S) {
    if (B.flag(4))
      return std::to_string(B.range(0, 64));
    return like(S,
                [&]() -> IntTuple {
                  if (B.flag(4))
                    return IntTuple::underscore();
                  return IntTuple(B.range(0, 8));
                })
        .str();
  }

  std::string tile(unsigned Depth = 1) {
    switch (B.range(0, 4)) {
    case 0:
      return std::to_string(B.range(1, 16));
    case 1:
      return "_";
    case 2:
      if (Depth > 0) {
        unsigned N = B.range(1, 3);
        bool Brackets = B.flag(4);
        std::string S = Brackets ? "[" : "(";
        for (unsigned I = 0; I < N; ++I) {
          if (I)
            S += Brackets ? ";" : ",";
          S += Brackets ? layout().str() : tile(Depth - 1);
        }
        return S + (Brackets ? "]" : ")");
      }
      [[fallthrough]];
    default:
      return layout().str();
    }
  }

  std::string swizzle() {
    return "S<" + std::to_string(B.range(0, 4)) + "," +
           std::to_string(B.range(0, 4)) + "," +
           std::to_string(B.range(-4, 4)) + ">";
  }

  std::string composed() {
    std::string Inner = B.flag() ? swizzle() : layout().str();
    return Inner + " o " + std::to_string(B.range(0, 64)) + " o " +
           layout().str();
  }

  OpArg arg() {
    OpArg A;
    switch (B.range(0, 9)) {
    case 0:
    case 1:
    case 2:
    case 3:
      A.Text = layout().str();
      if (B.flag(4))
        A.Kind = ValueKind::Layout;
      break;
    case 4:
      A.Text = shape().str();
      A.Kind = B.flag() ? ValueKind::Shape : ValueKind::Auto;
      break;
    case 5:
      A.Text = coord(shape());
      A.Kind = B.flag() ? ValueKind::Coord : ValueKind::Auto;
      break;
    case 6:
      A.Text = tile();
      A.Kind = B.flag() ? ValueKind::Tile : ValueKind::Auto;
      break;
    case 7:
      A.Text = std::to_string(B.range(0, 64));
      A.Kind = B.flag() ? ValueKind::Int : ValueKind::Auto;
      break;
    case 8:
      A.Text = swizzle();
      break;
    default:
      A.Text = composed();
      break;
    }
    return A;
  }

private:
  /// Keeps static sizes small: halves leaves until the product fits.
  IntTuple clampSize(IntTuple S) {
    while (true) {
      Int P = product(S);
      if (!P.isStatic() || P.value() <= MaxLayoutSize)
        return S;
      shrinkFirst(S);
    }
  }
  static bool shrinkFirst(IntTuple &S) {
    if (S.isLeaf()) {
      if (S.value().isStatic() && S.value().value() > 1) {
        S = IntTuple(S.value().value() / 2);
        return true;
      }
      return false;
    }
    for (IntTuple &E : S.elems())
      if (shrinkFirst(E))
        return true;
    return false;
  }

  Bytes &B;
};

bool isSmallStatic(const Layout &L) {
  if (!isStatic(L.Shape) || !isStatic(L.Stride) || hasBasis(L.Stride))
    return false;
  SmallVector<IntTuple, 8> S, D;
  leaves(L.Shape, S);
  leaves(L.Stride, D);
  if (S.size() != D.size())
    return false;
  int64_t Size = 1;
  for (size_t I = 0; I < S.size(); ++I) {
    int64_t E = S[I].value().value(), St = D[I].value().value();
    if (E < 1 || E > MaxLeaf || St < -MaxLeaf || St > MaxLeaf)
      return false;
    Size *= E;
    if (Size > MaxEvalSize)
      return false;
  }
  return true;
}

int64_t staticSize(const Layout &L) { return product(L.Shape).value(); }

/// Evaluates a small static layout at every index (colex over the leaves,
/// the last leaf taking any overflow).
std::vector<int64_t> values(const Layout &L, int64_t Count) {
  SmallVector<IntTuple, 8> S, D;
  leaves(L.Shape, S);
  leaves(L.Stride, D);
  std::vector<int64_t> Out;
  for (int64_t I = 0; I < Count; ++I) {
    int64_t R = 0, X = I;
    for (size_t K = 0; K < S.size(); ++K) {
      bool Last = K + 1 == S.size();
      int64_t E = S[K].value().value();
      R += (Last ? X : X % E) * D[K].value().value();
      X = Last ? 0 : X / E;
    }
    Out.push_back(R);
  }
  return Out;
}

/// `op('arg', 'arg'[, strict])`, for messages.
std::string describeCall(StringRef Op, ArrayRef<OpArg> Args,
                         const OpAttrs &Attrs) {
  std::string Call = Op.str() + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    Call += (I ? ", '" : "'") + Args[I].Text + "'";
  return Call + (Attrs.Strict ? ", strict)" : ")");
}

/// Cheap invariants of the results of one operation.
void checkOp(StringRef Op, ArrayRef<OpArg> Args, const OpAttrs &Attrs,
             const std::vector<Value> &Results) {
  std::string Call = describeCall(Op, Args, Attrs);

  // Every result prints in notation that parses back to itself.
  for (const Value &V : Results) {
    if (V.kind() == ValueKind::Bool || V.kind() == ValueKind::LayoutTuple)
      continue;
    std::string Printed = V.str();
    auto Again = parseValue(Printed, V.kind());
    if (!Again) {
      CUTE_FUZZ_FAIL(Call + " = '" + Printed + "', which does not parse as " +
                     valueKindName(V.kind()).str() + ": " +
                     toString(Again.takeError()));
      return;
    }
    if (Again->str() != Printed)
      CUTE_FUZZ_FAIL(Call + " = '" + Printed + "', which reparses as '" +
                     Again->str() + "'");
  }
  if (Results.size() != 1 || Results[0].kind() != ValueKind::Layout)
    return;
  const Layout &R = Results[0].layout();
  auto ArgLayout = [&](size_t I) -> std::optional<Layout> {
    if (I >= Args.size())
      return std::nullopt;
    auto L = parseLayout(Args[I].Text);
    if (!L) {
      consumeError(L.takeError());
      return std::nullopt;
    }
    return *L;
  };

  if (Op == "coalesce" && Args.size() == 1) {
    auto L = ArgLayout(0);
    if (!L || !isSmallStatic(*L))
      return;
    if (!isSmallStatic(R) || staticSize(R) != staticSize(*L)) {
      CUTE_FUZZ_FAIL(Call + " = " + R.str() + ": size changed");
      return;
    }
    if (values(R, staticSize(R)) != values(*L, staticSize(*L)))
      CUTE_FUZZ_FAIL(Call + " = " + R.str() + ": function changed");
    return;
  }
  if (Op == "composition" && Args.size() == 2) {
    auto A = ArgLayout(0), B = ArgLayout(1);
    if (!A || !B || !isSmallStatic(*A) || !isSmallStatic(*B))
      return;
    if (!isStatic(R.Shape) || product(R.Shape).value() != staticSize(*B))
      CUTE_FUZZ_FAIL(Call + " = " + R.str() + ": size is not the size of " +
                     B->str());
    return;
  }
  if ((Op == "logical_divide" || Op == "zipped_divide" ||
       Op == "tiled_divide" || Op == "flat_divide") &&
      Attrs.Strict && Args.size() == 2) {
    // A dynamic tiler gives a dynamic size that cannot be compared.
    auto A = ArgLayout(0);
    if (!A || !isSmallStatic(*A) || StringRef(Args[1].Text).contains('?'))
      return;
    if (!isStatic(R.Shape) || product(R.Shape).value() != staticSize(*A))
      CUTE_FUZZ_FAIL(Call + " = " + R.str() + ": size is not the size of " +
                     A->str());
    return;
  }
  if ((Op == "logical_product" || Op == "blocked_product" ||
       Op == "raked_product") &&
      Args.size() == 2) {
    auto A = ArgLayout(0), B = ArgLayout(1);
    if (!A || !B || !isSmallStatic(*A) || !isSmallStatic(*B))
      return;
    if (!isStatic(R.Shape) ||
        product(R.Shape).value() != staticSize(*A) * staticSize(*B))
      CUTE_FUZZ_FAIL(Call + " = " + R.str() +
                     ": size is not size(A) * size(B)");
  }
}


//===----------------------------------------------------------------------===//
// Batch mode (JSON Lines)
//===----------------------------------------------------------------------===//

/// One batch-mode line drawn from the bytes: a well-formed case (a known or
/// made-up op, drawn operands, arg types, attributes and an expectation),
/// now and then cut short or with a byte changed, or raw bytes.
std::string jsonlLine(Bytes &B, Generator &G, ArrayRef<StringRef> Ops,
                      const uint8_t *Raw, size_t RawSize) {
  if (B.flag(6) && RawSize) {
    size_t At = B.range(0, RawSize - 1);
    size_t Len = std::min<size_t>(B.range(0, 256), RawSize - At);
    std::string L(reinterpret_cast<const char *>(Raw + At), Len);
    std::replace(L.begin(), L.end(), '\n', ' ');
    return L;
  }
  json::Object O;
  if (!B.flag(16))
    O["op"] = B.flag(10) ? std::string("no_such_op")
                         : Ops[B.range(0, Ops.size() - 1)].str();
  json::Array Args, Types;
  static const char *const KindNames[] = {
      "layout", "shape", "stride", "coord", "int_tuple",
      "tile",   "composed_layout", "swizzle", "int", "no_such_kind"};
  for (unsigned I = 0, N = B.range(0, 3); I < N; ++I) {
    OpArg A = G.arg();
    Args.push_back(B.flag(20) ? json::Value(int64_t(B.range(0, 9)))
                              : json::Value(A.Text));
    Types.push_back(KindNames[B.range(0, 9)]);
  }
  if (!B.flag(16))
    O["args"] = std::move(Args);
  if (B.flag(3))
    O["arg_types"] = std::move(Types);
  if (B.flag(3)) {
    static const char *const AttrNames[] = {"mode", "begin", "end", "rank",
                                            "result", "old_type_bits",
                                            "new_type_bits", "mdoe"};
    json::Object At;
    for (unsigned I = 0, N = B.range(1, 2); I < N; ++I) {
      const char *Name = AttrNames[B.range(0, 7)];
      switch (B.range(0, 3)) {
      case 0:
        At[Name] = B.range(-2, 8);
        break;
      case 1:
        At[Name] = json::Array{B.range(0, 3), B.range(0, 3)};
        break;
      case 2:
        At[Name] = "x";
        break;
      default:
        At[Name] = G.huge();
      }
    }
    O["attrs"] = std::move(At);
  }
  switch (B.range(0, 4)) {
  case 0:
    O["result"] = G.layout().str();
    break;
  case 1:
    O["results"] = json::Array{"1", "2"};
    break;
  case 2:
    O["error"] = true;
    break;
  case 3:
    O["result"] = int64_t(3); // the wrong kind of value
    break;
  default:
    break;
  }
  std::string L = formatv("{0}", json::Value(std::move(O))).str();
  if (B.flag(8) && !L.empty())
    L.resize(B.range(0, L.size() - 1));
  if (B.flag(8) && !L.empty())
    L[B.range(0, L.size() - 1)] = char(B.range(32, 126));
  return L;
}

} // namespace

void setFailureHandler(FailureHandler H) { Handler = H; }

void runNotation(const uint8_t *Data, size_t Size) {
  std::string S(reinterpret_cast<const char *>(Data),
                std::min(Size, MaxNotationBytes));
  StringRef In(S);
  roundTrip<IntTuple>(In, "parseIntTuple",
                      [](StringRef X) { return parseIntTuple(X); });
  roundTrip<Layout>(In, "parseLayout",
                    [](StringRef X) { return parseLayout(X); });
  roundTrip<Swizzle>(In, "parseSwizzle",
                     [](StringRef X) { return parseSwizzle(X); });
  roundTrip<ComposedLayout>(In, "parseComposedLayout",
                            [](StringRef X) { return parseComposedLayout(X); });
  roundTripPrinted<Tile>(
      In, "parseTile", [](StringRef X) { return parseTile(X); },
      [](const Tile &T) { return T.str(); });
  for (ValueKind K :
       {ValueKind::Auto, ValueKind::IntTuple, ValueKind::Shape,
        ValueKind::Stride, ValueKind::Coord, ValueKind::Int, ValueKind::Layout,
        ValueKind::ComposedLayout, ValueKind::Swizzle, ValueKind::Tile}) {
    roundTripPrinted<Value>(
        In, "parseValue(" + valueKindName(K).str() + ")",
        [K](StringRef X) { return parseValue(X, K); },
        [](const Value &V) { return V.str(); });
  }
  (void)looksLikeLayout(In);
  (void)looksLikeComposed(In);
  (void)looksLikeSwizzle(In);
}

void runAlgebra(const uint8_t *Data, size_t Size) {
  // CUTE_FUZZ_TRACE=1 prints every operation and its result (for triage).
  static const bool Trace = getenv("CUTE_FUZZ_TRACE") != nullptr;
  Bytes B(Data, Size);
  Generator G(B);
  static const std::vector<StringRef> Ops = knownOps();
  // Operands: a few drawn values, then results that stay small.
  std::vector<OpArg> Pool;
  for (int I = 0; I < 3; ++I)
    Pool.push_back(G.arg());
  unsigned Steps = B.range(1, 4);
  for (unsigned Step = 0; Step < Steps; ++Step) {
    StringRef Op = Ops[B.range(0, Ops.size() - 1)];
    unsigned Arity = B.range(0, 3);
    std::vector<OpArg> Args;
    for (unsigned I = 0; I < Arity; ++I)
      Args.push_back(B.flag() ? Pool[B.range(0, Pool.size() - 1)] : G.arg());
    OpAttrs Attrs;
    Attrs.Strict = B.flag();
    if (B.flag(4)) {
      std::vector<int64_t> Mode{B.range(0, 4)};
      if (B.flag(4))
        Mode.push_back(B.range(0, 4));
      Attrs.Ints["mode"] = Mode;
    }
    if (B.flag(4)) {
      Attrs.Ints["begin"] = {B.range(0, 4)};
      Attrs.Ints["end"] = {B.range(0, 5)};
    }
    if (B.flag(4))
      Attrs.Ints["rank"] = {B.range(0, 6)};
    if (B.flag(4)) {
      static const int64_t Bits[] = {1, 2, 4, 8, 16, 32, 64, 3};
      Attrs.Ints["old_type_bits"] = {Bits[B.range(0, 7)]};
      Attrs.Ints["new_type_bits"] = {Bits[B.range(0, 7)]};
    }
    if (Trace) {
      errs() << "cute-fuzz: " << describeCall(Op, Args, Attrs);
      for (const auto &[Name, Ints] : Attrs.Ints) {
        errs() << " --" << Name << "=";
        for (size_t I = 0; I < Ints.size(); ++I)
          errs() << (I ? "," : "") << Ints[I];
      }
      errs() << "\n";
    }
    auto R = evaluateOp(Op, Args, Attrs);
    if (!R) {
      if (Trace)
        errs() << "cute-fuzz:   error: " << toString(R.takeError()) << "\n";
      else
        consumeError(R.takeError());
      continue;
    }
    if (Trace)
      for (const Value &V : *R)
        errs() << "cute-fuzz:   = " << V.str() << "\n";
    checkOp(Op, Args, Attrs, *R);
    for (const Value &V : *R) {
      if (V.kind() != ValueKind::Layout || !isSmallStatic(V.layout()))
        continue;
      OpArg A;
      A.Text = V.str();
      Pool.push_back(A);
    }
  }
}

void runJsonl(const uint8_t *Data, size_t Size) {
  Bytes B(Data, Size);
  Generator G(B);
  static const std::vector<StringRef> Ops = knownOps();
  std::string Text;
  unsigned Lines = 0;
  for (unsigned I = 0, N = B.range(1, 6); I < N; ++I) {
    std::string L = jsonlLine(B, G, Ops, Data, std::min(Size, MaxNotationBytes));
    if (!StringRef(L).trim().empty())
      ++Lines;
    Text += L + (B.flag(8) ? "\r\n" : "\n");
  }
  static const bool Trace = getenv("CUTE_FUZZ_TRACE") != nullptr;
  if (Trace)
    fprintf(stderr, "cute-fuzz: batch input:\n%s---\n", Text.c_str());
  // Every non-empty line gets exactly one JSON object back: a result, the
  // results or an error; no line stops the others.
  std::string Out, Err;
  raw_string_ostream OS(Out), ES(Err);
  std::map<unsigned, std::string> NoXFail;
  runBatchText("fuzz.jsonl", Text, /*Check=*/false, /*Quiet=*/false, NoXFail,
               "", OS, ES);
  SmallVector<StringRef, 8> Got;
  StringRef(Out).split(Got, '\n', -1, /*KeepEmpty=*/false);
  if (Got.size() != Lines)
    CUTE_FUZZ_FAIL("batch mode answered " + std::to_string(Got.size()) +
                   " lines for " + std::to_string(Lines) + ":\n" + Text +
                   "---\n" + Out);
  for (StringRef R : Got) {
    auto J = json::parse(R);
    const json::Object *O = J ? J->getAsObject() : nullptr;
    if (!O || (O->get("result") != nullptr) + (O->get("results") != nullptr) +
                      (O->get("error") != nullptr) !=
                  1) {
      if (!J)
        consumeError(J.takeError());
      CUTE_FUZZ_FAIL("batch mode wrote a line that is not one answer: " +
                     R.str());
    }
  }
  // The checking mode reads the same lines.
  Out.clear();
  Err.clear();
  runBatchText("fuzz.jsonl", Text, /*Check=*/true, /*Quiet=*/false, NoXFail,
               "", OS, ES);
}

} // namespace fuzz
} // namespace cute
