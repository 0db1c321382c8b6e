//===- CuteTableGen.cpp - cute-tblgen driver --------------------*- C++ -*-===//
//
// Part of CuTe-LLVM, an out-of-tree extension of LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The TableGen driver for the CuTe atom registry. Each emitter registers its
/// own -gen-<thing> option (TableGen::Emitter::OptClass); this file only
/// parses the command line and runs the selected one.
///
//===----------------------------------------------------------------------===//

#include "CuteLLVM/Support/ToolOutput.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;

/// Runs the emitter selected with -gen-*; true on error, as TableGenMain
/// expects.
static bool cuteTableGenMain(TableGenOutputFiles &OutFiles,
                             const RecordKeeper &Records) {
  if (TableGen::Emitter::ApplyCallback(Records, OutFiles, ""))
    return false;
  errs() << "cute-tblgen: no -gen-* action given (see --help)\n";
  return true;
}

/// The tool; main() checks that its output was written.
static int toolMain(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "CuTe-LLVM atom registry TableGen\n");
  // TableGen's default action prints the records: without a -gen-* action
  // the tool would succeed with an output nobody asked for.
  bool HasAction = false;
  for (int I = 1; I < argc; ++I) {
    StringRef A = StringRef(argv[I]).ltrim('-');
    HasAction |= A.starts_with("gen-") || A == "print-records" ||
                 A == "dump-json" || A.starts_with("print-");
  }
  if (!HasAction) {
    WithColor::error(errs(), "cute-tblgen")
        << "no -gen-* action given (see --help)\n";
    return 1;
  }
  return TableGenMain(argv[0], &cuteTableGenMain);
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  return cute::exitStatus(toolMain(argc, argv), "cute-tblgen");
}
