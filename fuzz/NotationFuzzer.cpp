//===- NotationFuzzer.cpp - libFuzzer target for the notation parsers -----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "FuzzTargets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  cute::fuzz::runNotation(Data, Size);
  return 0;
}
