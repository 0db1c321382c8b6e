//===- Diagnostics.cpp - Diagnostics of the CuTe lowering -----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"
#include "CuteLLVM/Support/BoundedText.h"

#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Support/Diagnostics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace cute {

namespace {
/// The source location of \p I: its debug location, or none where that
/// names no line (line 0: code that optimisation merged or hoisted), so
/// that the report names the function and the instruction instead of
/// `file:0:0`.
DebugLoc sourceLocation(const Instruction &I) {
  const DebugLoc &DL = I.getDebugLoc();
  return DL && DL.getLine() ? DL : DebugLoc();
}

/// An error of the CuTe lowering about one instruction.
class DiagnosticInfoCute : public DiagnosticInfoWithLocationBase {
public:
  DiagnosticInfoCute(const Instruction &I, const Twine &Msg)
      : DiagnosticInfoWithLocationBase(static_cast<DiagnosticKind>(getKindID()),
                                       DS_Error, *I.getFunction(),
                                       sourceLocation(I)),
        Inst(I), Msg(Msg.str()) {}

  void print(DiagnosticPrinter &DP) const override {
    if (isLocationAvailable()) {
      DP << getLocationStr() << ": " << Msg;
      return;
    }
    std::string Text;
    raw_string_ostream OS(Text);
    Inst.print(OS);
    StringRef Trimmed = StringRef(Text).trim();
    DP << "in function '" << getFunction().getName() << "': " << Msg
       << "\n  at: " << Trimmed;
  }

  static int getKindID() {
    static const int ID = getNextAvailablePluginDiagnosticKind();
    return ID;
  }
  static bool classof(const DiagnosticInfo *DI) {
    return DI->getKind() == getKindID();
  }

  /// What makes two reports the same mistake: the user's location, not the
  /// instruction (optimisation rewrites it) nor the function (each
  /// instantiation of a C++ template is a function of its own, the mistake
  /// on its line one) nor the message (the stages that check one call, the
  /// layout lowering's checks of a gemm's operands and the atom lowering's
  /// of its descriptors, say the first of what is wrong there); without a
  /// location, the function and the message.
  std::string key() const {
    if (isLocationAvailable())
      return getLocationStr();
    return (getFunction().getName() + "\n\n" + Msg).str();
  }

private:
  const Instruction &Inst;
  std::string Msg;
};

/// Forwards every diagnostic to the tool's handler; prints the errors that
/// handler leaves to the context (which would exit at the first) and counts
/// them.
class AllErrorsHandler : public DiagnosticHandler {
public:
  AllErrorsHandler(std::unique_ptr<DiagnosticHandler> Tool, StringSet<> &Seen)
      : Tool(std::move(Tool)), Seen(Seen) {
    HasErrors = this->Tool->HasErrors;
    DiagHandlerCallback = this->Tool->DiagHandlerCallback;
    DiagnosticContext = this->Tool->DiagnosticContext;
  }

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Error) {
      Tool->HasErrors = true;
      // One mistake, one error: stages that meet the same broken call
      // (desugaring, then layout lowering) say the same thing once.
      std::string Text;
      if (const auto *C = dyn_cast<DiagnosticInfoCute>(&DI)) {
        Text = C->key();
      } else {
        raw_string_ostream OS(Text);
        DiagnosticPrinterRawOStream DP(OS);
        DI.print(DP);
      }
      if (!Seen.insert(Text).second)
        return true;
    }
    if (Tool->handleDiagnostics(DI))
      return true;
    if (DI.getSeverity() != DS_Error)
      return false;
    // What LLVMContext::diagnose prints, without its exit.
    raw_ostream &OS = errs();
    OS << "error: ";
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    OS << "\n";
    ++Unhandled;
    return true;
  }

  // Remarks, optimisation diagnostics: as the tool decides.
  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return Tool->isAnalysisRemarkEnabled(PassName);
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return Tool->isMissedOptRemarkEnabled(PassName);
  }
  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return Tool->isPassedOptRemarkEnabled(PassName);
  }
  bool isAnyRemarkEnabled() const override {
    return Tool->isAnyRemarkEnabled();
  }

  std::unique_ptr<DiagnosticHandler> Tool;
  unsigned Unhandled = 0;
  StringSet<> &Seen;
};
} // namespace

void runReportingAllErrors(Module &M, function_ref<void()> Body) {
  LLVMContext &Ctx = M.getContext();
  // The errors already reported in this context, across the passes (the
  // early and the late extension points meet the same broken calls). A
  // context without errors starts afresh.
  static DenseMap<const LLVMContext *, StringSet<>> SeenIn;
  StringSet<> &Seen = SeenIn[&Ctx];
  if (!Ctx.getDiagHandlerPtr()->HasErrors)
    Seen.clear();
  auto *Handler = new AllErrorsHandler(Ctx.getDiagnosticHandler(), Seen);
  Ctx.setDiagnosticHandler(std::unique_ptr<DiagnosticHandler>(Handler));
  Body();
  // The context owns Handler until the tool's handler goes back.
  std::unique_ptr<DiagnosticHandler> Mine = Ctx.getDiagnosticHandler();
  unsigned Unhandled = Handler->Unhandled;
  Ctx.setDiagnosticHandler(std::move(Handler->Tool));
  if (Unhandled == 0)
    return;
  // The tool would have exited at the first of them.
  removeCuteToolOutputs();
  exit(1);
}

std::string sourcePlace(const Instruction &I) {
  if (DebugLoc DL = sourceLocation(I))
    return (DL->getFilename() + ":" + Twine(DL.getLine()) + ":" +
            Twine(DL.getCol()))
        .str();
  return diag(DiagID::InFunctionPlace, I.getFunction()->getName());
}

void removeCuteToolOutputs() { sys::RunInterruptHandlers(); }

void reportCuteError(const Instruction &I, const Twine &Msg) {
  // Once an error is reported, the values of the failed call are poison: a
  // cute call that takes one is part of that mistake, not another one.
  LLVMContext &Ctx = I.getContext();
  if (Ctx.getDiagHandlerPtr()->HasErrors &&
      any_of(I.operands(), [](const Use &U) { return isa<PoisonValue>(U); }))
    return;
  // Bounded: a message echoes the user's text (a variant name, a layout),
  // which may be megabytes long. Its head and its tail stay (the tail
  // often says what is wrong: "column 129: tuples nest deeper ...").
  Ctx.diagnose(DiagnosticInfoCute(I, boundedText(Msg.str())));
}

bool reportVariantError(const Instruction &I, StringRef Variant,
                        const Twine &Msg) {
  reportCuteError(I, "variant '" + Variant + "': " + Msg);
  return false;
}

} // namespace cute
