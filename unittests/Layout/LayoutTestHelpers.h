//===- LayoutTestHelpers.h - Helpers of the layout unit tests --*- C++ -*-===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What several layout unit tests need: a value out of an Expected (a test
/// failure, not an abort, when it is an error) and a layout's integer value
/// at a coordinate.
///
//===----------------------------------------------------------------------===//

#ifndef CUTELLVM_UNITTESTS_LAYOUT_LAYOUTTESTHELPERS_H
#define CUTELLVM_UNITTESTS_LAYOUT_LAYOUTTESTHELPERS_H

#include "CuteLLVM/Layout/Layout.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <string>

namespace cute {
namespace test {

/// The value of \p E, or (with a test failure naming \p What) a default one.
template <typename T> T check(llvm::Expected<T> E, const std::string &What) {
  if (!E) {
    ADD_FAILURE() << What << ": " << llvm::toString(E.takeError());
    return T();
  }
  return std::move(*E);
}

/// \p Lay at \p Crd, an integer; -1 with a test failure otherwise.
inline int64_t at(const Layout &Lay, const IntTuple &Crd) {
  auto R = evalLayout(Lay, Crd);
  if (!R || !R->isInt()) {
    ADD_FAILURE() << Lay.str() << " at " << Crd.str();
    return -1;
  }
  return R->value().value();
}

} // namespace test
} // namespace cute

#endif // CUTELLVM_UNITTESTS_LAYOUT_LAYOUTTESTHELPERS_H
