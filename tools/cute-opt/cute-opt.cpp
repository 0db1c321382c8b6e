//===- cute-opt.cpp - opt with the CuTe passes built in -------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Reads LLVM IR, runs a new-pass-manager pipeline in which the CuTe
/// passes are known (`cute-desugar`, `cute-lower-layout`, `cute-verify`,
/// `cute-lower`) beside every stock pass, and prints the result. The
/// default pipeline is `cute-lower`. `--list-intrinsics` prints the
/// intrinsic contract (op, stage, group, summary), one per line.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Lowering/Intrinsics.h"
#include "CuteLLVM/Lowering/Passes.h"
#include "CuteLLVM/Support/BoundedText.h"
#include "CuteLLVM/Support/Diagnostics.h"
#include "CuteLLVM/Support/ToolInput.h"
#include "CuteLLVM/Support/ToolOutput.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

static cl::OptionCategory CuteOptCat("cute-opt options");

static cl::opt<std::string> InputFilename(cl::Positional,
                                          cl::desc("<input .ll/.bc>"),
                                          cl::init("-"), cl::cat(CuteOptCat));
static cl::opt<std::string> OutputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("filename"),
                                           cl::init("-"), cl::cat(CuteOptCat));
static cl::opt<std::string>
    Passes("passes", cl::desc("The pass pipeline (default: cute-lower)"),
           cl::init(cute::passName(cute::CutePass::Lower).str()),
           cl::cat(CuteOptCat));
static cl::opt<bool> EmitBitcode("emit-bitcode",
                                 cl::desc("Write bitcode instead of text"),
                                 cl::cat(CuteOptCat));
static cl::opt<bool> OutputAssembly("S",
                                    cl::desc("Write LLVM assembly (the "
                                             "default, as opt -S)"),
                                    cl::cat(CuteOptCat));
static cl::opt<bool>
    ListIntrinsics("list-intrinsics",
                   cl::desc("Print the llvm.cute.* intrinsic contract"),
                   cl::cat(CuteOptCat));
static cl::opt<std::string> MCPU("mcpu",
                                 cl::desc("Target CPU (e.g. sm_90a) for the "
                                          "target machine"),
                                 cl::init(""), cl::cat(CuteOptCat));
static cl::opt<bool> DisableVerify("disable-verify",
                                   cl::desc("Skip the IR verifier"),
                                   cl::cat(CuteOptCat));

namespace {
/// Print every diagnostic and go on, as clang does, so that one run shows
/// all the errors of a module.
struct PrintingHandler : DiagnosticHandler {
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Remark)
      return true;
    DiagnosticPrinterRawOStream DP(errs());
    errs() << LLVMContext::getDiagnosticMessagePrefix(DI.getSeverity()) << ": ";
    DI.print(DP);
    errs() << "\n";
    return true;
  }
};
} // namespace

/// The tool; main() checks that its output was written.
static int toolMain(int argc, char **argv) {
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmParsers();
  cl::HideUnrelatedOptions(CuteOptCat);
  cl::ParseCommandLineOptions(argc, argv, "CuTe-LLVM optimizer\n");

  if (ListIntrinsics) {
    for (const cute::CuteIntrinsicInfo &I : cute::allCuteIntrinsics())
      outs() << "llvm.cute." << I.Name << "\t" << cute::stageName(I.Stage) << "\t"
             << cute::groupName(I.Group) << "\t" << I.Summary << "\n";
    return 0;
  }

  LLVMContext Ctx;
  Ctx.setDiagnosticHandler(std::make_unique<PrintingHandler>());
  SMDiagnostic Err;
  // Read bounded: an input without end is one error, not an allocation
  // until memory runs out.
  constexpr size_t MaxInputBytes = size_t(512) << 20;
  Expected<std::string> Input = cute::readBoundedFile(InputFilename,
                                                      MaxInputBytes);
  if (!Input) {
    WithColor::error(errs(), "cute-opt")
        << cute::diag(cute::DiagID::CannotReadFile, InputFilename,
                      toString(Input.takeError()))
        << "\n";
    return 1;
  }
  std::unique_ptr<Module> M = parseIR(
      MemoryBufferRef(*Input, InputFilename), Err, Ctx);
  if (!M) {
    Err.print(argv[0], errs());
    return 1;
  }

  // The input's own fault first: a definition of an llvm.cute.* name (the
  // lowering's operations have no body). (The module as a whole is verified
  // after the passes only: before them, the verifier takes the llvm.cute.*
  // calls for malformed LLVM intrinsic calls.)
  for (const Function &F : *M)
    if (F.getName().starts_with("llvm.cute.") && !F.isDeclaration()) {
      WithColor::error(errs(), argv[0])
          << cute::diag(cute::DiagID::CuteNameDefined, InputFilename,
                        cute::boundedText(F.getName(), 256))
          << "\n";
      return 1;
    }

  // A target machine when the module names a target we have.
  std::unique_ptr<TargetMachine> TM;
  std::string LookupError;
  Triple TT(M->getTargetTriple());
  if (!TT.str().empty())
    if (const Target *T = TargetRegistry::lookupTarget(TT, LookupError))
      TM.reset(
          T->createTargetMachine(TT, MCPU, "", TargetOptions(), std::nullopt));

  if (Error E = cute::runModulePipeline(
          *M, TM.get(), [&](PassBuilder &PB, ModulePassManager &MPM) {
            return PB.parsePassPipeline(MPM, Passes);
          })) {
    WithColor::error(errs(), argv[0]) << toString(std::move(E)) << "\n";
    return 1;
  }
  if (Ctx.getDiagHandlerPtr()->HasErrors)
    return 1;
  if (!DisableVerify && verifyModule(*M, &errs())) {
    WithColor::error(errs(), argv[0])
        << cute::diag(cute::DiagID::LoweredModuleBroken) << "\n";
    return 1;
  }

  std::error_code EC;
  ToolOutputFile Out(OutputFilename, EC, sys::fs::OF_None);
  if (EC) {
    WithColor::error(errs(), argv[0]) << EC.message() << "\n";
    return 1;
  }
  if (EmitBitcode)
    WriteBitcodeToFile(*M, Out.os());
  else
    M->print(Out.os(), nullptr);
  // A file that could not be written is removed (not kept half written).
  if (cute::outputFailed(Out.os(), "cute-opt", "'" + OutputFilename + "'"))
    return 1;
  Out.keep();
  return 0;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  return cute::exitStatus(toolMain(argc, argv), "cute-opt");
}
