//===- FuzzRegressionTest.cpp - Replay kept fuzzer inputs -----------------===//
//
// Part of CuTe-LLVM.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Replays every input kept under fuzz/regressions/<fuzzer>/ through the
/// fuzz target bodies (fuzz/FuzzTargets.cpp), and the seed corpus
/// (fuzz/corpus/) through both, without libFuzzer or sanitizers: a crash
/// input that crashes again, or an invariant that fails again, fails here.
///
//===----------------------------------------------------------------------===//

#include "FuzzTargets.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace llvm;

namespace {

struct Input {
  std::string Fuzzer; ///< "notation" or "algebra"
  std::string Path;
};

void PrintTo(const Input &I, std::ostream *OS) {
  *OS << I.Fuzzer << " input " << I.Path;
}

std::vector<std::string> filesIn(const std::string &Dir) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC;
       I.increment(EC))
    if (sys::fs::is_regular_file(I->path()))
      Out.push_back(I->path());
  llvm::sort(Out);
  return Out;
}

std::vector<Input> allInputs() {
  std::string Root = CUTE_SOURCE_DIR "/fuzz";
  std::vector<Input> Out;
  for (const char *F : {"notation", "algebra", "jsonl"}) {
    for (const std::string &P :
         filesIn(Root + "/regressions/cute-" + F + "-fuzzer"))
      Out.push_back({F, P});
    for (const std::string &P : filesIn(Root + "/corpus"))
      Out.push_back({F, P});
  }
  return Out;
}

/// Runs one input in the child of a death test, so that an input that
/// crashes the library (as some kept crash inputs do until they are fixed)
/// fails its own test and no other. Broken invariants are printed and make
/// the child exit with status 1.
[[noreturn]] void replayAndExit(const Input &In, StringRef Bytes) {
  static bool Failed;
  Failed = false;
  cute::fuzz::setFailureHandler([](const std::string &What) {
    fprintf(stderr, "invariant does not hold: %s\n", What.c_str());
    Failed = true;
  });
  auto *Data = reinterpret_cast<const uint8_t *>(Bytes.data());
  if (In.Fuzzer == "notation")
    cute::fuzz::runNotation(Data, Bytes.size());
  else if (In.Fuzzer == "algebra")
    cute::fuzz::runAlgebra(Data, Bytes.size());
  else
    cute::fuzz::runJsonl(Data, Bytes.size());
  fflush(stderr);
  std::_Exit(Failed ? 1 : 0);
}

class FuzzRegressionTest : public ::testing::TestWithParam<Input> {};

TEST_P(FuzzRegressionTest, Replay) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const Input &In = GetParam();
  auto Buf = MemoryBuffer::getFile(In.Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  ASSERT_TRUE(bool(Buf)) << In.Path;
  StringRef Bytes = (*Buf)->getBuffer();
  EXPECT_EXIT(replayAndExit(In, Bytes), ::testing::ExitedWithCode(0), "")
      << "replaying " << In.Path << " through the " << In.Fuzzer
      << " fuzz target";
}

std::string testName(const ::testing::TestParamInfo<Input> &Info) {
  std::string Name =
      Info.param.Fuzzer + "_" +
      sys::path::filename(sys::path::parent_path(Info.param.Path)).str() + "_" +
      sys::path::filename(Info.param.Path).str();
  std::replace_if(
      Name.begin(), Name.end(), [](char C) { return !isAlnum(C); }, '_');
  return Name + "_" + std::to_string(Info.index);
}

INSTANTIATE_TEST_SUITE_P(Inputs, FuzzRegressionTest,
                         ::testing::ValuesIn(allInputs()), testName);

TEST(FuzzRegressionTest, SeedCorpusIsThere) {
  EXPECT_GE(filesIn(CUTE_SOURCE_DIR "/fuzz/corpus").size(), 24u);
}

} // namespace
