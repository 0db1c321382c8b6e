//===- JsonlFuzzer.cpp - libFuzzer target for cute-layout's batch mode ----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "FuzzTargets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  cute::fuzz::runJsonl(Data, Size);
  return 0;
}
