//===- Notation.cpp - Parse and print CuTe notation -----------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

#include <map>

using namespace llvm;

namespace cute {

char ParseError::ID = 0;

void ParseError::log(raw_ostream &OS) const {
  OS << "column " << Column << ": " << Msg;
}

std::error_code ParseError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

std::string Layout::str() const { return Shape.str() + ":" + Stride.str(); }

std::string Swizzle::str() const {
  return formatv("S<{0},{1},{2}>", Bits, Base, Shift).str();
}

int64_t Swizzle::apply(int64_t Offset) const {
  if (Bits == 0)
    return Offset;
  int64_t BitMsk = (int64_t(1) << Bits) - 1;
  int64_t YyyMsk = BitMsk << (Base + std::max(0, Shift));
  if (Shift >= 0)
    return Offset ^ ((Offset & YyyMsk) >> Shift);
  return Offset ^ ((Offset & YyyMsk) << -Shift);
}

Int Swizzle::apply(const Int &Offset) const {
  if (Offset.isStatic())
    return Int(apply(Offset.value()));
  if (Bits == 0)
    return Offset;
  int64_t BitMsk = (int64_t(1) << Bits) - 1;
  Int Yyy = andInt(Offset, Int(BitMsk << (Base + std::max(0, Shift))));
  // Offsets are non-negative, so shifts are exact divisions and products.
  Int Moved = Shift >= 0 ? divInt(Yyy, Int(int64_t(1) << Shift))
                         : Yyy * Int(int64_t(1) << -Shift);
  return xorInt(Offset, Moved);
}

std::string ComposedLayout::str() const {
  std::string In = InnerSwizzle ? InnerSwizzle->str() : InnerLayout.str();
  return In + " o " + Offset.str() + " o " + Outer.str();
}

std::string Tile::str(bool Brackets) const {
  return bracketStr([](const Layout &L) { return L.str(); },
                    Brackets ? "[" : "(", Brackets ? ";" : ",",
                    Brackets ? "]" : ")");
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {

/// The generic notation tree every string parses into before it is read as
/// an IntTuple, a Layout or a Tile.
struct Node {
  enum KindTy { Leaf, Underscore, Tuple, Pair } Kind = Leaf;
  IntTuple LeafVal;        // Leaf
  std::vector<Node> Elems; // Tuple; Pair holds {shape, stride}
  bool Bracketed = false;  // Tuple written [a;b]
  unsigned Column = 1;
};

class Parser {
public:
  explicit Parser(StringRef S) : Text(S) {}

  Expected<Node> parseTop() {
    auto N = parseElem();
    if (!N)
      return N.takeError();
    skipSpace();
    if (Pos != Text.size())
      return error("unexpected '" + Text.substr(Pos, 1).str() + "'");
    return N;
  }

  Error error(const Twine &Msg) const {
    return make_error<ParseError>(Msg.str(), Pos + 1);
  }
  Error errorAt(size_t At, const Twine &Msg) const {
    return make_error<ParseError>(Msg.str(), At + 1);
  }

  /// Tuples nest at most this deep: every algorithm of the algebra recurses
  /// over the nesting, so deeper input would exhaust the stack (CuTe's own
  /// layouts nest a handful of levels).
  static constexpr unsigned MaxDepth = 128;

private:
  StringRef Text;
  size_t Pos = 0;
  unsigned Depth = 0;

  void skipSpace() {
    while (Pos < Text.size() && Text[Pos] == ' ')
      ++Pos;
  }
  bool consume(char C) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }
  char peek() {
    skipSpace();
    return Pos < Text.size() ? Text[Pos] : '\0';
  }

  Expected<Node> parseElem() {
    auto A = parseAtom();
    if (!A)
      return A.takeError();
    if (peek() != ':')
      return A;
    ++Pos;
    auto B = parseAtom();
    if (!B)
      return B.takeError();
    Node N;
    N.Kind = Node::Pair;
    N.Column = A->Column;
    N.Elems.push_back(std::move(*A));
    N.Elems.push_back(std::move(*B));
    return N;
  }

  Expected<int64_t> parseNumber() {
    size_t Start = Pos;
    bool Neg = false;
    if (Pos < Text.size() && (Text[Pos] == '-' || Text[Pos] == '+')) {
      Neg = Text[Pos] == '-';
      ++Pos;
    }
    size_t DigStart = Pos;
    while (Pos < Text.size() && isDigit(Text[Pos]))
      ++Pos;
    if (Pos == DigStart)
      return errorAt(Start, diag(DiagID::NotationExpectedInteger));
    uint64_t V = 0;
    if (Text.substr(DigStart, Pos - DigStart).getAsInteger(10, V) ||
        V > uint64_t(std::numeric_limits<int64_t>::max()))
      return errorAt(DigStart, diag(DiagID::NotationIntegerOutOfRange));
    return Neg ? -int64_t(V) : int64_t(V);
  }

  /// `?`, `?{i64}`, `?{div=16}`, `?{i64,div=16}`.
  Expected<Int> parseDynamic() {
    ++Pos; // '?'
    unsigned Width = 32;
    int64_t Div = 1;
    if (Pos < Text.size() && Text[Pos] == '{') {
      ++Pos;
      while (true) {
        size_t At = Pos;
        if (Text.substr(Pos).starts_with("i64")) {
          Width = 64;
          Pos += 3;
        } else if (Text.substr(Pos).starts_with("i32")) {
          Width = 32;
          Pos += 3;
        } else if (Text.substr(Pos).starts_with("div=")) {
          Pos += 4;
          auto D = parseNumber();
          if (!D)
            return D.takeError();
          if (*D < 1)
            return errorAt(At, diag(DiagID::NotationDivisibilityNotPositive));
          Div = *D;
        } else {
          return error(diag(DiagID::NotationExpectedIntegerAttr));
        }
        if (Pos < Text.size() && Text[Pos] == ',') {
          ++Pos;
          continue;
        }
        if (Pos < Text.size() && Text[Pos] == '}') {
          ++Pos;
          break;
        }
        return error(diag(DiagID::NotationExpectedCommaOrBrace));
      }
    }
    return Int::dynamic(Width, Div);
  }

  Expected<Node> parseAtom() {
    skipSpace();
    Node N;
    N.Column = Pos + 1;
    if (Pos >= Text.size())
      return error(diag(DiagID::NotationUnexpectedEnd));
    char C = Text[Pos];
    if (C == '(' || C == '[') {
      char Close = C == '(' ? ')' : ']';
      char Sep = C == '(' ? ',' : ';';
      if (Depth == MaxDepth)
        return error(diag(DiagID::TuplesNestDeeperLevels, MaxDepth));
      ++Pos;
      ++Depth;
      scope_exit Done([&] { --Depth; });
      N.Kind = Node::Tuple;
      N.Bracketed = C == '[';
      if (peek() == Close) {
        ++Pos;
        return N;
      }
      while (true) {
        auto E = parseElem();
        if (!E)
          return E.takeError();
        N.Elems.push_back(std::move(*E));
        if (consume(Sep))
          continue;
        if (consume(Close))
          break;
        if (Pos >= Text.size())
          return error(
              diag(DiagID::NotationExpectedSeparatorAtEnd, Sep, Close));
        return error(diag(DiagID::NotationExpectedSeparator, Sep, Close));
      }
      return N;
    }
    Int V;
    if (C == '_' && !(Pos + 1 < Text.size() && isDigit(Text[Pos + 1]))) {
      ++Pos;
      N.Kind = Node::Underscore;
      return N;
    }
    if (C == '?') {
      auto D = parseDynamic();
      if (!D)
        return D.takeError();
      V = *D;
    } else if (C == '_' || C == '-' || C == '+' || isDigit(C)) {
      if (C == '_')
        ++Pos; // CuTe's static prefix: _8
      auto I = parseNumber();
      if (!I)
        return I.takeError();
      V = Int(*I);
    } else {
      return error(diag(DiagID::NotationExpectedElement));
    }
    SmallVector<unsigned, 2> Basis;
    while (Pos < Text.size() && Text[Pos] == '@') {
      ++Pos;
      size_t At = Pos;
      auto I = parseNumber();
      if (!I)
        return I.takeError();
      if (*I < 0 || *I > 64)
        return errorAt(At, diag(DiagID::NotationBasisIndexOutOfRange));
      Basis.push_back(unsigned(*I));
    }
    N.Kind = Node::Leaf;
    N.LeafVal = IntTuple::scaledBasis(V, Basis);
    return N;
  }
};

Expected<IntTuple> toIntTuple(const Node &N, const Parser &P) {
  switch (N.Kind) {
  case Node::Leaf:
    return N.LeafVal;
  case Node::Underscore:
    return IntTuple::underscore();
  case Node::Tuple: {
    if (N.Bracketed)
      return make_error<ParseError>("expected an integer tuple, but got a tile",
                                    N.Column);
    return IntTuple::tupleOf(
        N.Elems.size(), [&](size_t I) { return toIntTuple(N.Elems[I], P); });
  }
  case Node::Pair:
    return make_error<ParseError>("expected an integer tuple, but got a layout",
                                  N.Column);
  }
  return make_error<ParseError>("bad notation", N.Column);
}

/// The leaves of a notation tree, in order.
void leafNodes(const Node &N, SmallVectorImpl<const Node *> &Out) {
  if (N.Kind == Node::Tuple || N.Kind == Node::Pair) {
    for (const Node &E : N.Elems)
      leafNodes(E, Out);
    return;
  }
  Out.push_back(&N);
}

/// CuTe IR's stride rules, at the column of the first leaf that breaks
/// them: a stride's leaves are all integers or all scaled bases (a static 0
/// fits both), and its scaled bases name one codomain, where each mode is
/// either a leaf or a tuple (`(1@1@0,1@0)` uses mode 0 as both).
Error checkStrideNode(const Node &N) {
  SmallVector<const Node *, 8> Leaves;
  leafNodes(N, Leaves);
  const Node *FirstInt = nullptr, *FirstBasis = nullptr;
  // Each codomain path seen, top-level mode first: a leaf or a tuple.
  std::map<std::vector<unsigned>, const Node *> LeafAt, TupleAt;
  // Leaf \p L, a \p What, after \p First, a \p FirstWhat.
  auto Mixed = [](const Node *L, StringRef What, const Node *First,
                  StringRef FirstWhat) {
    return make_error<ParseError>(
        formatv("stride mixes integers and scaled bases: {0} {1} after {2} "
                "{3}",
                What, L->LeafVal.str(), FirstWhat, First->LeafVal.str()),
        L->Column);
  };
  for (const Node *L : Leaves) {
    if (L->Kind != Node::Leaf)
      continue;
    const IntTuple &V = L->LeafVal;
    if (V.isBasis()) {
      if (FirstInt)
        return Mixed(L, "scaled basis", FirstInt, "integer");
      if (!FirstBasis)
        FirstBasis = L;
      std::vector<unsigned> P(V.basis().rbegin(), V.basis().rend());
      for (size_t K = 1; K <= P.size(); ++K) {
        std::vector<unsigned> Pre(P.begin(), P.begin() + K);
        bool Leaf = K == P.size();
        auto &Same = Leaf ? LeafAt : TupleAt;
        auto &Other = Leaf ? TupleAt : LeafAt;
        auto It = Other.find(Pre);
        if (It != Other.end())
          return make_error<ParseError>(
              formatv("stride mixes scaled bases of different depths: {0} "
                      "uses a codomain mode that {1} uses as {2}",
                      V.str(), It->second->LeafVal.str(),
                      Leaf ? "a tuple" : "an integer"),
              L->Column);
        Same.try_emplace(Pre, L);
      }
      continue;
    }
    if (V.isInt() && V.value().is(0))
      continue;
    if (FirstBasis)
      return Mixed(L, "integer", FirstBasis, "scaled basis");
    if (!FirstInt)
      FirstInt = L;
  }
  return Error::success();
}

/// The first static extent of a shape node that is not positive.
const Node *nonPositiveExtent(const Node &Shape) {
  SmallVector<const Node *, 8> Leaves;
  leafNodes(Shape, Leaves);
  for (const Node *L : Leaves)
    if (L->Kind == Node::Leaf && L->LeafVal.isInt() &&
        L->LeafVal.value().isStatic() && L->LeafVal.value().value() <= 0)
      return L;
  return nullptr;
}

Expected<Layout> toLayout(const Node &N, const Parser &P) {
  if (N.Kind != Node::Pair)
    return make_error<ParseError>("expected a layout 'shape:stride'", N.Column);
  auto Shape = toIntTuple(N.Elems[0], P);
  if (!Shape)
    return Shape.takeError();
  auto Stride = toIntTuple(N.Elems[1], P);
  if (!Stride)
    return Stride.takeError();
  if (!congruent(*Shape, *Stride))
    return make_error<ParseError>(
        formatv("shape {0} and stride {1} are not congruent", Shape->str(),
                Stride->str()),
        N.Elems[1].Column);
  if (hasUnderscore(*Shape) || hasUnderscore(*Stride))
    return make_error<ParseError>("'_' is not allowed in a layout", N.Column);
  if (hasBasis(*Shape))
    return make_error<ParseError>("a shape cannot hold a scaled basis",
                                  N.Column);
  if (Error E = checkStrideNode(N.Elems[1]))
    return std::move(E);
  return Layout(std::move(*Shape), std::move(*Stride));
}

Expected<Tile> toTile(const Node &N, const Parser &P) {
  switch (N.Kind) {
  case Node::Pair: {
    auto L = toLayout(N, P);
    if (!L)
      return L.takeError();
    return Tile(std::move(*L));
  }
  case Node::Underscore:
    return Tile::underscore();
  case Node::Leaf:
    if (N.LeafVal.isBasis())
      return make_error<ParseError>("a tile cannot be a scaled basis",
                                    N.Column);
    return Tile::fromShape(N.LeafVal);
  case Node::Tuple:
    return Tile::tupleOf(N.Elems.size(),
                         [&](size_t I) { return toTile(N.Elems[I], P); });
  }
  return make_error<ParseError>("bad notation", N.Column);
}

/// Split a composed layout `A o off o B` at its top-level " o ".
SmallVector<std::pair<StringRef, size_t>, 3> splitComposed(StringRef S) {
  SmallVector<std::pair<StringRef, size_t>, 3> Parts;
  int DepthCount = 0;
  size_t Start = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '(' || C == '[' || C == '<')
      ++DepthCount;
    else if (C == ')' || C == ']' || C == '>')
      --DepthCount;
    else if (DepthCount == 0 && S.substr(I).starts_with(" o ")) {
      Parts.push_back({S.slice(Start, I), Start});
      I += 2;
      Start = I + 1;
    }
  }
  Parts.push_back({S.substr(Start), Start});
  return Parts;
}

/// Re-anchor a parse error found in a substring at \p Offset.
Error shiftError(Error E, size_t Offset) {
  return handleErrors(std::move(E), [&](const ParseError &PE) -> Error {
    return make_error<ParseError>(PE.message(), PE.column() + Offset);
  });
}

} // namespace

bool looksLikeComposed(StringRef S) { return splitComposed(S).size() > 1; }

bool looksLikeSwizzle(StringRef S) {
  S = S.trim();
  return S.starts_with("S<") || S.starts_with("Sw<");
}

bool looksLikeLayout(StringRef S) {
  int DepthCount = 0;
  for (char C : S) {
    if (C == '(' || C == '[')
      ++DepthCount;
    else if (C == ')' || C == ']')
      --DepthCount;
    else if (C == ':' && DepthCount == 0)
      return true;
  }
  return false;
}

/// Parses \p S and converts its tree with \p Convert.
template <class T>
static Expected<T>
parseAs(StringRef S, Expected<T> (*Convert)(const Node &, const Parser &)) {
  Parser P(S);
  auto N = P.parseTop();
  if (!N)
    return N.takeError();
  return Convert(*N, P);
}

Expected<IntTuple> parseIntTuple(StringRef S) {
  return parseAs<IntTuple>(S, toIntTuple);
}

Expected<Layout> parseLayout(StringRef S) {
  return parseAs<Layout>(S, toLayout);
}

Expected<IntTuple> parseStride(StringRef S) {
  return parseAs<IntTuple>(
      S, [](const Node &N, const Parser &P) -> Expected<IntTuple> {
        auto T = toIntTuple(N, P);
        if (!T)
          return T.takeError();
        if (Error E = checkStrideNode(N))
          return std::move(E);
        return T;
      });
}

Expected<Tile> parseTile(StringRef S) { return parseAs<Tile>(S, toTile); }

Expected<Swizzle> parseSwizzle(StringRef S) {
  size_t Lead = S.size() - S.ltrim().size();
  StringRef T = S.trim();
  size_t Open = T.starts_with("Sw<") ? 3 : T.starts_with("S<") ? 2 : 0;
  if (!Open)
    return make_error<ParseError>("expected a swizzle 'S<B,M,S>'", Lead + 1);
  if (!T.ends_with(">"))
    return make_error<ParseError>("expected '>' to close the swizzle",
                                  Lead + T.size() + 1);
  StringRef Body = T.slice(Open, T.size() - 1);
  SmallVector<StringRef, 3> Fields;
  Body.split(Fields, ',');
  if (Fields.size() != 3)
    return make_error<ParseError>(
        "a swizzle has exactly three fields 'S<B,M,S>'", Lead + Open + 1);
  int Vals[3];
  size_t Col = Lead + Open;
  for (int I = 0; I < 3; ++I) {
    StringRef F = Fields[I].trim();
    if (F.getAsInteger(10, Vals[I]))
      return make_error<ParseError>("expected an integer swizzle field",
                                    Col + 1);
    Col += Fields[I].size() + 1;
  }
  Swizzle Sw{Vals[0], Vals[1], Vals[2]};
  if (Sw.Bits < 0 || Sw.Base < 0 || Sw.Bits > 30 || Sw.Base > 30 ||
      std::abs(Sw.Shift) > 30)
    return make_error<ParseError>("swizzle fields out of range", Lead + 1);
  if (Sw.Bits + Sw.Base + std::abs(Sw.Shift) > 32)
    return make_error<ParseError>(
        formatv("swizzle {0} reaches past bit 31", Sw.str()), Lead + 1);
  if (std::abs(Sw.Shift) < Sw.Bits)
    return make_error<ParseError>(
        formatv("swizzle {0} expects |shift| >= bits", Sw.str()), Lead + 1);
  return Sw;
}

Expected<ComposedLayout> parseComposedLayout(StringRef S) {
  auto Parts = splitComposed(S);
  if (Parts.size() != 3)
    return make_error<ParseError>(
        "expected a composed layout 'inner o offset o outer'", 1);
  ComposedLayout C;
  StringRef In = Parts[0].first;
  // Each layout of a composed layout has positive extents: the column of
  // the first that does not.
  auto CheckExtents = [](StringRef Part, size_t Offset) -> Error {
    Parser P(Part);
    auto N = P.parseTop();
    if (!N || N->Kind != Node::Pair) {
      if (!N)
        consumeError(N.takeError());
      return Error::success();
    }
    if (const Node *Bad = nonPositiveExtent(N->Elems[0]))
      return make_error<ParseError>(
          formatv("a layout of a composed layout has a non-positive extent "
                  "{0}",
                  Bad->LeafVal.str()),
          Bad->Column + Offset);
    return Error::success();
  };
  if (looksLikeSwizzle(In)) {
    auto Sw = parseSwizzle(In);
    if (!Sw)
      return shiftError(Sw.takeError(), Parts[0].second);
    C.InnerSwizzle = *Sw;
  } else {
    auto L = parseLayout(In);
    if (!L)
      return shiftError(L.takeError(), Parts[0].second);
    if (Error E = CheckExtents(In, Parts[0].second))
      return std::move(E);
    C.InnerLayout = std::move(*L);
  }
  auto Off = parseIntTuple(Parts[1].first);
  if (!Off)
    return shiftError(Off.takeError(), Parts[1].second);
  if (hasUnderscore(*Off))
    return make_error<ParseError>("'_' is not allowed in an offset",
                                  Parts[1].second + 1);
  C.Offset = std::move(*Off);
  auto Out = parseLayout(Parts[2].first);
  if (!Out)
    return shiftError(Out.takeError(), Parts[2].second);
  if (Error E = CheckExtents(Parts[2].first, Parts[2].second))
    return std::move(E);
  C.Outer = std::move(*Out);
  // The offset is a point of the inner function's domain: an index, or a
  // coordinate of the inner layout's shape (a swizzle takes indices only).
  size_t OffCol = Parts[1].second + 1 +
                  (Parts[1].first.size() - Parts[1].first.ltrim().size());
  SmallVector<IntTuple, 4> OffLeaves;
  leaves(C.Offset, OffLeaves);
  for (const IntTuple &X : OffLeaves)
    if (X.isLeaf() && X.value().isStatic() && X.value().value() < 0)
      return make_error<ParseError>(
          formatv("composed layout offset {0} is negative", C.Offset.str()),
          OffCol);
  if (C.Offset.isTuple()) {
    if (C.InnerSwizzle)
      return make_error<ParseError>(
          formatv("composed layout offset {0} is a coordinate, but the inner "
                  "swizzle {1} takes an integer offset",
                  C.Offset.str(), C.InnerSwizzle->str()),
          OffCol);
    const IntTuple &Shape = C.InnerLayout.Shape;
    unsigned R = Shape.isTuple() ? Shape.size() : 1;
    if (C.Offset.size() != R)
      return make_error<ParseError>(
          formatv("composed layout offset {0} does not fit the inner layout "
                  "{1}: a coordinate offset has the rank of its shape ({2})",
                  C.Offset.str(), C.InnerLayout.str(), R),
          OffCol);
    for (unsigned I = 0; I < R && Shape.isTuple(); ++I) {
      const IntTuple &O = C.Offset[I], &S = Shape[I];
      if (O.isInt() && S.isInt() && O.value().isStatic() &&
          S.value().isStatic() && O.value().value() >= S.value().value())
        return make_error<ParseError>(
            formatv("composed layout offset {0} does not fit the inner "
                    "layout {1}: coordinate {2} of mode {3} is past its "
                    "extent {4}",
                    C.Offset.str(), C.InnerLayout.str(), O.str(), I, S.str()),
            OffCol);
    }
  }
  return C;
}

} // namespace cute
