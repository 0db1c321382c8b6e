#!/usr/bin/env bash
#===- bench/compile/plugin-load.sh - What loading the plugin costs -------===#
#
# Part of CuTe-LLVM. Builds the plugin and the empty baseline plugin, then
# runs plugin-load.py (see there):
#   bench/compile/plugin-load.sh [--runs N] [--compare LABEL=OTHER/CuteLLVM.so]
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
cmake --build "$BUILD_DIR" --target CuteLLVMPlugin CuteEmptyPlugin -- -j"${JOBS:-2}" >/dev/null
exec python3 "$ROOT/bench/compile/plugin-load.py" --build "$BUILD_DIR" "$@"
