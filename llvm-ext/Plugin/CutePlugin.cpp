//===- CutePlugin.cpp - The CuTe-LLVM pass plugin -------------------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The plugin that brings the CuTe lowering into stock LLVM 22 tools:
///   opt   -load-pass-plugin=CuteLLVM.so -passes=cute-desugar,...
///   llc   -load-pass-plugin=CuteLLVM.so -mcpu=sm_90a in.ll
///         (through the PreCodeGenCallback, with the cleanup llc lacks)
///   clang -fpass-plugin=CuteLLVM.so (the default pipelines' extension
///         points)
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Lowering/Passes.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

using namespace llvm;

namespace {

void registerCallbacks(PassBuilder &PB) {
  cute::registerCutePasses(PB, /*WithExtensionPoints=*/true);
}

/// llc: lower before code generation. Returning true stops llc from
/// generating code, which is what an error must do.
/// llc then exits without removing its -o file; so the callback removes it.
bool preCodeGen(Module &M, TargetMachine &TM, CodeGenFileType,
                raw_pwrite_stream &) {
  if (cute::runCuteLowering(M, &TM))
    return false;
  cute::removeCuteToolOutputs();
  return true;
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  PassPluginLibraryInfo Info;
  Info.APIVersion = LLVM_PLUGIN_API_VERSION;
  Info.PluginName = "CuteLLVM";
  Info.PluginVersion = "0.1";
  Info.RegisterPassBuilderCallbacks = registerCallbacks;
  Info.PreCodeGenCallback = preCodeGen;
  return Info;
}
