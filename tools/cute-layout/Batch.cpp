//===- Batch.cpp - JSON Lines batch mode of cute-layout -------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Reads `{"op", "args", "arg_types"?, "attrs"?, "result" | "results" |
/// "error"}` lines. A vector file may hold the same input twice with
/// contradicting expectations (one expecting a result, one an error); such
/// error vectors are reported apart, never counted as passes.
///
/// Without --check every line gets one JSON line: its result(s) or an
/// `"error"`. A line whose input cannot be used (malformed JSON, an unknown
/// arg type, an unknown operation, an operand that does not parse) also
/// carries its `"line"` number and fails the run: the other lines still run,
/// and the exit status is 1 at the end. An operand that parses but breaks a
/// rule of the algebra (a non-positive extent) is answered with the
/// operation's error, like any other error of the operation, and does not
/// fail the run.
///
//===----------------------------------------------------------------------===//

#include "Batch.h"
#include "CuteLLVM/Support/BoundedText.h"
#include "CuteLLVM/Support/ToolInput.h"

#include "CuteLLVM/Layout/Notation.h"
#include "CuteLLVM/Layout/Operations.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/StringMap.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace llvm;

namespace cute {

namespace {
struct Case {
  unsigned Line = 0;
  std::string Op;
  std::vector<OpArg> Args;
  OpAttrs Attrs;
  std::string Key;
  enum {
    ExpectResult,
    ExpectResults,
    ExpectError,
    ExpectNothing
  } Expect = ExpectNothing;
  std::vector<std::string> Expected;
  /// Why the line could not be read (then nothing else is set).
  std::string ReadError;
};

/// Arrays and objects nest at most this deep in a line: LLVM's JSON parser
/// recurses without a bound, so deeper lines are rejected before parsing.
constexpr unsigned MaxJsonDepth = 64;

/// The deepest nesting of arrays and objects in \p Text (brackets inside
/// strings do not count).
unsigned jsonDepth(StringRef Text) {
  unsigned Depth = 0, Max = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == '[' || C == '{')
      Max = std::max(Max, ++Depth);
    else if ((C == ']' || C == '}') && Depth)
      --Depth;
  }
  return Max;
}

Expected<Case> readCase(StringRef Text, unsigned Line) {
  auto Fail = [&](const Twine &Msg) -> Error {
    return createStringError(inconvertibleErrorCode(),
                             "line " + Twine(Line) + ": " + Msg);
  };
  if (jsonDepth(Text) > MaxJsonDepth)
    return Fail(diag(DiagID::InvalidJSONArraysObjects, MaxJsonDepth));
  auto J = json::parse(Text);
  if (!J)
    return Fail(diag(DiagID::BatchInvalidJson, toString(J.takeError())));
  const json::Object *O = J->getAsObject();
  if (!O)
    return Fail(diag(DiagID::ExpectedJSONObject));
  // A key present with the wrong kind of value is an error, never a key
  // silently absent (a number as "result" would expect nothing, and pass).
  static const struct {
    const char *Key;
    json::Value::Kind Kind;
    const char *What;
  } Kinds[] = {{"op", json::Value::String, "a string"},
               {"args", json::Value::Array, "an array of strings"},
               {"arg_types", json::Value::Array, "an array of strings"},
               {"attrs", json::Value::Object, "an object"},
               {"result", json::Value::String, "a string"},
               {"results", json::Value::Array, "an array of strings"}};
  for (const auto &K : Kinds)
    if (const json::Value *V = O->get(K.Key); V && V->kind() != K.Kind)
      return Fail(diag(DiagID::BatchKeyWrongKind, K.Key, K.What));
  Case C;
  C.Line = Line;
  auto Op = O->getString("op");
  if (!Op)
    return Fail(diag(DiagID::MissingOp));
  C.Op = Op->str();
  const json::Array *Args = O->getArray("args");
  if (!Args)
    return Fail(diag(DiagID::MissingArgs));
  const json::Array *Types = O->getArray("arg_types");
  for (size_t I = 0; I < Args->size(); ++I) {
    auto S = (*Args)[I].getAsString();
    if (!S)
      return Fail(diag(DiagID::ArgsMustHoldStrings));
    OpArg A;
    A.Text = S->str();
    if (Types && I < Types->size()) {
      auto TS = (*Types)[I].getAsString();
      if (!TS)
        return Fail(diag(DiagID::ArgTypesMustHold));
      auto K = parseValueKind(*TS);
      if (!K)
        return Fail(diag(DiagID::UnknownArgType, *TS));
      A.Kind = *K;
    }
    C.Args.push_back(std::move(A));
  }
  if (const json::Object *At = O->getObject("attrs")) {
    for (const auto &KV : *At) {
      std::string Name = KV.first.str();
      if (auto I = KV.second.getAsInteger()) {
        C.Attrs.Ints[Name] = {*I};
      } else if (const json::Array *L = KV.second.getAsArray()) {
        std::vector<int64_t> V;
        for (const json::Value &E : *L) {
          auto I = E.getAsInteger();
          if (!I)
            return Fail(diag(DiagID::AttributeMustHoldIntegers, Name));
          V.push_back(*I);
        }
        C.Attrs.Ints[Name] = std::move(V);
      } else if (auto S = KV.second.getAsString()) {
        C.Attrs.Strings[Name] = S->str();
      } else {
        return Fail(diag(DiagID::AttributeUnsupportedValue, Name));
      }
    }
  }
  // The key identifies the input, for the contradiction check.
  json::Object KeyObj;
  KeyObj["op"] = C.Op;
  KeyObj["args"] = json::Array(*Args);
  if (Types)
    KeyObj["arg_types"] = json::Array(*Types);
  if (const json::Value *At = O->get("attrs"))
    KeyObj["attrs"] = json::Value(*At);
  C.Key = formatv("{0}", json::Value(std::move(KeyObj))).str();

  C.Expect = Case::ExpectNothing;
  if (auto R = O->getString("result")) {
    C.Expect = Case::ExpectResult;
    C.Expected.push_back(R->str());
  } else if (const json::Array *Rs = O->getArray("results")) {
    C.Expect = Case::ExpectResults;
    for (const json::Value &E : *Rs) {
      auto S = E.getAsString();
      if (!S)
        return Fail(diag(DiagID::ResultsMustHoldStrings));
      C.Expected.push_back(S->str());
    }
  } else if (const json::Value *E = O->get("error")) {
    if (E->getAsBoolean().value_or(true) || E->getAsString())
      C.Expect = Case::ExpectError;
  }
  return C;
}

std::string joinResults(ArrayRef<std::string> R) {
  std::string S = "[";
  for (size_t I = 0; I < R.size(); ++I)
    S += (I ? ", " : "") + R[I];
  return S + "]";
}
/// Whether \p C cannot be evaluated at all: an unknown operation, or an
/// operand whose notation does not parse (a ParseError, with its column).
/// An operand that parses but breaks a rule of the algebra (a non-positive
/// extent, say) is a question the operation answers with an error.
bool isInputError(const Case &C) {
  if (!isKnownOp(C.Op))
    return true;
  for (const OpArg &A : C.Args) {
    auto V = parseValue(A.Text, A.Kind);
    if (V)
      continue;
    bool Syntax = false;
    handleAllErrors(
        V.takeError(), [&](const ParseError &) { Syntax = true; },
        [](const ErrorInfoBase &) {});
    if (Syntax)
      return true;
  }
  return false;
}
} // namespace

int runBatchText(StringRef Path, StringRef Text, bool Check, bool Quiet,
                 const std::map<unsigned, std::string> &XFail,
                 StringRef XFailPath, raw_ostream &OS, raw_ostream &ErrOS) {
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');

  // A malformed line is an error of its own, in its place; the other lines
  // still run.
  std::vector<Case> Cases;
  unsigned Malformed = 0;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I].trim();
    if (L.empty())
      continue;
    auto C = readCase(L, I + 1);
    if (!C) {
      Case Bad;
      Bad.Line = I + 1;
      Bad.ReadError = boundedText(toString(C.takeError()));
      WithColor::error(ErrOS, "cute-layout")
          << Path << ":" << Bad.ReadError << "\n";
      ++Malformed;
      Cases.push_back(std::move(Bad));
      continue;
    }
    Cases.push_back(std::move(*C));
  }

  // Inputs that some line expects to succeed.
  StringMap<unsigned> SuccessLine;
  for (const Case &C : Cases)
    if (C.Expect == Case::ExpectResult || C.Expect == Case::ExpectResults)
      SuccessLine.try_emplace(C.Key, C.Line);

  unsigned Passed = 0, Failed = 0, Contradicted = 0, XFailed = 0;
  for (const Case &C : Cases) {
    if (!C.ReadError.empty()) {
      if (!Check) {
        json::Object Out;
        Out["error"] = C.ReadError;
        Out["line"] = int64_t(C.Line);
        OS << formatv("{0}", json::Value(std::move(Out))) << "\n";
      }
      continue; // reported while reading; counted as failed below
    }
    auto R = evaluateOp(C.Op, C.Args, C.Attrs);
    std::vector<std::string> Got;
    std::string Err;
    if (R) {
      for (const Value &V : *R)
        Got.push_back(V.str());
    } else {
      Err = boundedText(toString(R.takeError()));
    }
    if (!Check) {
      json::Object Out;
      if (!Err.empty() && isInputError(C)) {
        Out["line"] = int64_t(C.Line);
        ++Malformed;
        WithColor::error(ErrOS, "cute-layout")
            << Path << ":line " << C.Line << ": " << Err << "\n";
      }
      if (!Err.empty())
        Out["error"] = Err;
      else if (isMultiResultOp(C.Op))
        Out["results"] = json::Array(Got);
      else
        Out["result"] = Got.empty() ? "" : Got.front();
      OS << formatv("{0}", json::Value(std::move(Out))) << "\n";
      continue;
    }
    bool Ok = false;
    std::string Want;
    switch (C.Expect) {
    case Case::ExpectNothing:
      // No expectation: the line must at least evaluate (an unknown
      // operation or a malformed operand is no pass).
      Want = "a result";
      Ok = Err.empty();
      break;
    case Case::ExpectResult:
      Want = C.Expected.front();
      Ok = Err.empty() && Got.size() == 1 && Got.front() == Want;
      break;
    case Case::ExpectResults:
      Want = joinResults(C.Expected);
      Ok = Err.empty() && Got == C.Expected;
      break;
    case Case::ExpectError:
      Want = "an error";
      Ok = !Err.empty();
      if (!Ok && SuccessLine.count(C.Key)) {
        ++Contradicted;
        if (!Quiet)
          OS << Path << ":" << C.Line << ": contradicted: line "
                 << SuccessLine.lookup(C.Key)
                 << " expects a result for the same input\n";
        continue;
      }
      break;
    }
    auto XIt = XFail.find(C.Line);
    if (XIt != XFail.end()) {
      if (Ok) {
        ++Failed;
        OS << Path << ":" << C.Line
               << ": unexpectedly passed (listed as a known deviation: "
               << XIt->second << ")\n";
      } else {
        ++XFailed;
      }
      continue;
    }
    if (Ok) {
      ++Passed;
      continue;
    }
    ++Failed;
    if (!Quiet) {
      // The line echoes the case: bounded, however long its input.
      std::string Line = C.Op + "(";
      for (size_t I = 0; I < C.Args.size(); ++I)
        Line += (I ? ", " : "") + C.Args[I].Text;
      Line += "): expected " + Want + ", got " +
              (Err.empty() ? joinResults(Got) : "error: " + Err);
      OS << Path << ":" << C.Line << ": " << boundedText(Line) << "\n";
    }
  }
  if (!Check)
    return Malformed ? 1 : 0;
  if (Contradicted)
    OS << Contradicted
           << " expected errors contradicted by a success vector for the same "
              "input (counted neither passed nor failed)\n";
  if (XFailed)
    OS << XFailed << " known deviations (listed in " << XFailPath
           << ", counted neither passed nor failed)\n";
  Failed += Malformed;
  OS << Passed << " passed, " << Failed << " failed\n";
  return Failed ? 1 : 0;
}


/// The most a batch file may hold: a device or pipe without end
/// (/dev/zero) is an error, not an allocation until memory runs out.
static constexpr size_t MaxBatchBytes = size_t(256) << 20;

int runBatch(StringRef Path, bool Check, bool Quiet, StringRef XFailPath) {
  std::map<unsigned, std::string> XFail;
  if (!XFailPath.empty()) {
    auto XB = MemoryBuffer::getFile(XFailPath);
    if (!XB) {
      WithColor::error(errs(), "cute-layout")
          << diag(DiagID::CannotReadFile, XFailPath, XB.getError().message())
          << "\n";
      return 1;
    }
    SmallVector<StringRef, 0> XLines;
    (*XB)->getBuffer().split(XLines, '\n');
    for (StringRef L : XLines) {
      L = L.trim();
      if (L.empty() || L.starts_with("#"))
        continue;
      auto [Num, Reason] = L.split(' ');
      unsigned N;
      if (Num.getAsInteger(10, N)) {
        WithColor::error(errs(), "cute-layout")
            << diag(DiagID::XFailLineMalformed, XFailPath, L) << "\n";
        return 1;
      }
      XFail[N] = Reason.trim().str();
    }
  }
  auto Text = readBoundedFile(Path, MaxBatchBytes);
  if (!Text) {
    WithColor::error(errs(), "cute-layout")
        << diag(DiagID::CannotReadFile, Path, toString(Text.takeError()))
        << "\n";
    return 1;
  }
  return runBatchText(Path, *Text, Check, Quiet, XFail, XFailPath, outs(),
                      errs());
}

} // namespace cute
