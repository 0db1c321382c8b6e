//===- Diagnostics.cpp - Diagnostics of the CuTe lowering -----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"

#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cute {

namespace {
/// An error of the CuTe lowering about one instruction.
class DiagnosticInfoCute : public DiagnosticInfoWithLocationBase {
public:
  DiagnosticInfoCute(const Instruction &I, const Twine &Msg)
      : DiagnosticInfoWithLocationBase(static_cast<DiagnosticKind>(getKindID()),
                                       DS_Error, *I.getFunction(),
                                       I.getDebugLoc()),
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

private:
  const Instruction &Inst;
  std::string Msg;
};
} // namespace

void reportCuteError(const Instruction &I, const Twine &Msg) {
  I.getContext().diagnose(DiagnosticInfoCute(I, Msg));
}

} // namespace cute
