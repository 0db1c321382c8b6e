#!/usr/bin/env bash
#===- utils/run-tests.sh - Build and run the whole test suite ------------===#
#
# Part of CuTe-LLVM.
#
# Configures and builds every target (incrementally; a fresh clone gets a
# fresh build tree), then runs lit over the regression tests and the
# GoogleTest unit tests. Ends with the line `N passed, M failed`; the exit
# status is non-zero when a test failed or the build did not succeed.
#
# It also builds cute-tblgen and the layout library it links with g++ (the
# compiler a plain `cmake` picks on Debian) and checks that the g++-built
# cute-tblgen generates the same files as the clang-built one: code that
# only clang compiles correctly (a temporary whose lifetime clang happens to
# extend) fails here. This counts as one test.
#
# Environment: BUILD_DIR (default: <repo>/build), JOBS (default: nproc),
# LIT_ARGS (extra lit arguments, e.g. --filter=Layout), GCC_BUILD_DIR
# (default: $BUILD_DIR-gcc), GCC_CHECK=0 skips the g++ build.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export BUILD_DIR=${BUILD_DIR:-$ROOT/build}
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
LIT=${LIT:-/usr/lib/llvm-22/bin/lit}

die() { echo "run-tests.sh: error: $*" >&2; exit 2; }

"$ROOT/utils/setup.sh" build || die "the build failed"

[ -x "$LIT" ] || die "lit not found at $LIT; run 'utils/setup.sh install'"
[ -f "$BUILD_DIR/test/lit.site.cfg.py" ] || die "no lit configuration in $BUILD_DIR/test"

# The regression suite; the unit-test suite unless the regression suite
# already reaches it.
INPUTS=("$BUILD_DIR/test")
if [ -f "$BUILD_DIR/test/Unit/lit.site.cfg.py" ] &&
   ! "$LIT" --show-suites "$BUILD_DIR/test" 2>/dev/null | grep -q 'CuTe-LLVM-Unit'; then
  INPUTS+=("$BUILD_DIR/test/Unit")
fi

XML=$BUILD_DIR/test/results.xml
rm -f "$XML"
set +e
# shellcheck disable=SC2086
"$LIT" -sv --xunit-xml-output="$XML" ${LIT_ARGS:-} "${INPUTS[@]}"
LIT_STATUS=$?
set -e
[ -f "$XML" ] || die "lit wrote no results (status $LIT_STATUS)"

# Count from lit's xUnit report: a <failure> is a failure (FAIL, XPASS,
# UNRESOLVED, TIMEOUT), a <skipped> is UNSUPPORTED (or filtered out), the
# rest passed (PASS, XFAIL).
read -r PASSED FAILED SKIPPED < <(python3 - "$XML" <<'PY'
import sys
import xml.etree.ElementTree as ET
passed = failed = skipped = 0
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
    elif case.find("skipped") is not None:
        skipped += 1
    else:
        passed += 1
print(passed, failed, skipped)
PY
)
# The g++ build of cute-tblgen (and the layout library), and its outputs
# against the clang build's.
gcc_check() {
  local dir=${GCC_BUILD_DIR:-$BUILD_DIR-gcc} start=$SECONDS gen
  local log=$dir/gcc-check.log
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  cmake -G Ninja -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ ${CMAKE_ARGS:-} \
    > "$log" 2>&1 &&
    ninja -C "$dir" -j "${JOBS:-$(nproc)}" cute-tblgen cute-min-tblgen \
      >> "$log" 2>&1 || {
    tail -n 30 "$log" >&2
    echo "g++ build: FAIL (log: $log)" >&2
    return 1
  }
  # Each generator's output from both builds: both must succeed and print
  # something (a generator a tool does not have is a failure, not two
  # empty outputs), byte for byte the same.
  same() {
    local tool=$1 gen=$2
    shift 2
    local a=$dir/clang.out b=$dir/gcc.out
    if ! "$BUILD_DIR/bin/$tool" "-gen-$gen" "$@" > "$a" ||
       ! "$dir/bin/$tool" "-gen-$gen" "$@" > "$b" || [ ! -s "$a" ]; then
      echo "g++ build: FAIL: $tool -gen-$gen failed or printed nothing" >&2
      return 1
    fi
    if ! cmp -s "$a" "$b"; then
      echo "g++ build: FAIL: $tool -gen-$gen differs between clang and g++" >&2
      return 1
    fi
  }
  local td=(-I "$ROOT/include/CuteLLVM/Registry" -I "$ROOT/td"
            -I /usr/lib/llvm-22/include -I "$ROOT/include" "$ROOT/td/Cute.td")
  for gen in atom-registry atom-selectors atom-traits cuda-header atom-docs \
             descriptors; do
    same cute-tblgen "$gen" "${td[@]}" || return 1
  done
  same cute-min-tblgen atom-diagnostics "${td[@]}" || return 1
  for gen in op-table op-header-decls op-docs op-cxx-wrappers; do
    same cute-tblgen "$gen" "$ROOT/td/Ops.td" || return 1
  done
  echo "g++ build: PASS (cute-tblgen and libCuteLayout, same outputs as clang; $((SECONDS - start)) s)"
}
if [ "${GCC_CHECK:-1}" != 0 ] && command -v g++ > /dev/null 2>&1; then
  if gcc_check; then PASSED=$((PASSED + 1)); else FAILED=$((FAILED + 1)); fi
fi

if [ "$FAILED" -eq 0 ] && [ "$LIT_STATUS" -ne 0 ]; then
  echo "lit exited with status $LIT_STATUS" >&2
  FAILED=1
fi
echo "$SKIPPED unsupported"
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
