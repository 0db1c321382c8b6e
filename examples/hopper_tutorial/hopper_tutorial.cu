//===- hopper_tutorial.cu - The Hopper GEMM tutorial's program ------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The program of docs/hopper-gemm-tutorial.md, as build.sh extracts it
/// from the document (its ```cpp blocks in order): a warp-specialised
/// Hopper GEMM in CuTe's idiom that checks itself against the host and
/// exits 1 on a mismatch.
///
//===----------------------------------------------------------------------===//

#include "hopper_tutorial_program.cu"
