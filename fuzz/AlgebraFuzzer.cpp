//===- AlgebraFuzzer.cpp - libFuzzer target for operation sequences -------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//

#include "FuzzTargets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  cute::fuzz::runAlgebra(Data, Size);
  return 0;
}
