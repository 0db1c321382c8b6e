//===- FuzzTargets.h - Fuzz target bodies shared with the replay test -----===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The bodies of the libFuzzer targets, callable without libFuzzer so that
/// the unit tests replay every kept crash input (fuzz/regressions/) and the
/// seed corpus through the library on every test run.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_FUZZ_FUZZTARGETS_H
#define CUTELLVM_FUZZ_FUZZTARGETS_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace cute {
namespace fuzz {

/// Called when an invariant does not hold. The default handler prints
/// \p What and traps, so that libFuzzer records the input.
using FailureHandler = void (*)(const std::string &What);
void setFailureHandler(FailureHandler H);

/// Bytes -> every parser; whatever parses must print and reparse to itself,
/// and every parse error must point at a column inside the input.
void runNotation(const uint8_t *Data, size_t Size);

/// Bytes -> a few random layouts and a short random sequence of operations
/// through evaluateOp; results must satisfy cheap invariants (coalesce keeps
/// size and function, composition has the size of its right operand, every
/// result reparses to itself).
void runAlgebra(const uint8_t *Data, size_t Size);

/// Bytes -> a few lines of cute-layout's batch mode (drawn cases, some cut
/// or changed, and raw bytes); every non-empty line must get exactly one
/// JSON answer, and the checking mode must read the same lines.
void runJsonl(const uint8_t *Data, size_t Size);

} // namespace fuzz
} // namespace cute

#endif // CUTELLVM_FUZZ_FUZZTARGETS_H
