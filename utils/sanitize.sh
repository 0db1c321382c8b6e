#!/usr/bin/env bash
#===- utils/sanitize.sh - The whole suite under ASan + UBSan -------------===#
#
# Part of CuTe-LLVM.
#
# Configures and builds a second build tree with -DCUTE_SANITIZE=ON (clang-22,
# -fsanitize=address,undefined -fno-sanitize-recover=undefined: every
# library, tool, unit test and the pass plugin) and runs the whole lit and
# unit suite in it through utils/run-tests.sh. Stock opt, llc, lli and clang
# load the instrumented plugin with the ASan runtime preloaded (lit and
# cute-clang do this; see test/sanitizers.py). Every sanitizer report aborts
# its process, so a test that expects an error still fails on a report.
# Ends with run-tests.sh's `N passed, M failed` line and the time it took.
#
# Environment: SANITIZE_BUILD_DIR (default: <repo>/build-asan), JOBS,
# CMAKE_ARGS (extra configure arguments, e.g. a ccache launcher), LIT_ARGS.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
START=$SECONDS
export BUILD_DIR=${SANITIZE_BUILD_DIR:-$ROOT/build-asan}
export CMAKE_ARGS="${CMAKE_ARGS:-} -DCUTE_SANITIZE=ON"
# The g++ build is the ordinary suite's business.
export GCC_CHECK=0

status=0
"$ROOT/utils/run-tests.sh" || status=$?
echo "sanitize.sh: ASan+UBSan build and suite took $((SECONDS - START)) s"
exit $status
