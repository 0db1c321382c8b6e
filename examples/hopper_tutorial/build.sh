#!/usr/bin/env bash
#===- examples/hopper_tutorial/build.sh - The tutorial's program ---------===#
#
# Part of CuTe-LLVM.
#
# docs/hopper-gemm-tutorial.md is one program, its ```cpp blocks in order:
# this writes it to OUTDIR/hopper_tutorial_program.cu, which
# hopper_tutorial.cu includes (utils/run-gpu-tests.sh runs this script and
# passes -IOUTDIR), so that the GPU suite runs exactly what the tutorial
# says.
#
#   examples/hopper_tutorial/build.sh OUTDIR
#
# Environment: PYTHON (default: python3).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
mkdir -p "$1"
"${PYTHON:-python3}" "$ROOT/utils/docs-tutorial.py" \
  "$ROOT/docs/hopper-gemm-tutorial.md" > "$1/hopper_tutorial_program.cu"
