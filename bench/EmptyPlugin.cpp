//===- EmptyPlugin.cpp - A pass plugin that registers nothing -------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The baseline of bench/compile/plugin-load.py: the cost of loading any
/// pass plugin, against which CuteLLVM.so's own load cost is measured.
///
//===----------------------------------------------------------------------===//

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "CuteEmptyPlugin", "0.1",
          [](llvm::PassBuilder &) {}};
}
