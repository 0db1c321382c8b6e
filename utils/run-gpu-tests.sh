#!/usr/bin/env bash
#===- utils/run-gpu-tests.sh - Build and run the CUDA examples on a GPU --===#
#
# Part of CuTe-LLVM.
#
# Builds every example (examples/<name>/<name>.cu) and every GPU test of the
# atoms (test/GPU/<name>/<name>.cu: each atom against a host model of its
# instruction, below the CuTe idiom the examples are written in) with
# `cute-clang++ -fcute-lowering -O3` and a static CUDA runtime (an example
# with an examples/<name>/build.sh first runs it as `build.sh DIR/<name>.gen`
# and is compiled with -IDIR/<name>.gen: gemm_llc generates its device code
# there, through llc), then runs
# each one when a GPU is present (nvidia-smi sees one). An example checks
# its results against a host reference and exits non-zero on a mismatch.
# An example with an examples/<name>/gpu-arch file (one line: the
# --cuda-gpu-arch it needs, e.g. sm_100a) is built for that target and run
# only on a GPU of that compute capability (`SKIP: <name> (...)` elsewhere).
# Prints `PASS: <name>`, `FAIL: <name>` or `SKIP: <name>` per example and
# ends with `N passed, M failed, K skipped`; the exit status is non-zero
# when one failed.
#
# The machine with the GPU need not have LLVM: build on one machine, run on
# the other.
#   utils/run-gpu-tests.sh                  build into $BUILD_DIR/gpu-examples, run
#   utils/run-gpu-tests.sh --build-only DIR build the binaries into DIR
#   utils/run-gpu-tests.sh --run-only DIR   run the binaries in DIR
#
# Environment: BUILD_DIR (default: <repo>/build; it must hold a built
# cute-clang++ and the plugin), CUDA_PATH (default: /usr/local/cuda),
# CUTE_GPU_ARCH (default: sm_90a; an example's gpu-arch file overrides it).
#
#===----------------------------------------------------------------------===#
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
ARCH=${CUTE_GPU_ARCH:-sm_90a}

die() { echo "run-gpu-tests.sh: error: $*" >&2; exit 2; }
usage() {
  echo "usage: $0 [--build-only DIR | --run-only DIR]" >&2
  exit 2
}

mode=all
OUT=$BUILD_DIR/gpu-examples
case "${1:-}" in
  "") ;;
  --build-only) [ $# = 2 ] || usage; mode=build; OUT=$2 ;;
  --run-only) [ $# = 2 ] || usage; mode=run; OUT=$2 ;;
  -h|--help) usage ;;
  *) usage ;;
esac
mkdir -p "$OUT" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)

passed=0
failed=0
skipped=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1${2:+ ($2)}"; failed=$((failed + 1)); }
skip() { echo "SKIP: $1 ($2)"; skipped=$((skipped + 1)); }
summary() { echo "$passed passed, $failed failed, $skipped skipped"; }

# Build: one binary per example, and the list of what was built.
build() {
  local cxx=$BUILD_DIR/bin/cute-clang++
  [ -x "$cxx" ] || die "$cxx not found: build first (utils/setup.sh build)"
  [ -d "$CUDA_PATH/lib64" ] || die "no CUDA installation at $CUDA_PATH"
  : > "$OUT/examples.txt"
  local src name gen arch
  for src in "$ROOT"/examples/*/*.cu "$ROOT"/test/GPU/*/*.cu; do
    name=$(basename "$src" .cu)
    gen=()
    arch=$ARCH
    rm -f "$OUT/$name.arch"
    if [ -f "$(dirname "$src")/gpu-arch" ]; then
      arch=$(tr -d ' \n' < "$(dirname "$src")/gpu-arch")
      echo "$arch" > "$OUT/$name.arch"
    fi
    if [ -x "$(dirname "$src")/build.sh" ]; then
      echo "generating $name (build.sh)"
      if ! BUILD_DIR=$BUILD_DIR CUDA_PATH=$CUDA_PATH \
           "$(dirname "$src")/build.sh" "$OUT/$name.gen" \
           > "$OUT/$name.gen.log" 2>&1; then
        cat "$OUT/$name.gen.log"
        fail "$name" "build.sh"
        continue
      fi
      gen=(-I"$OUT/$name.gen")
    fi
    echo "building $name ($arch)"
    if "$cxx" -fcute-lowering -O3 --cuda-gpu-arch="$arch" \
         --cuda-path="$CUDA_PATH" "${gen[@]}" -x cuda "$src" -o "$OUT/$name" \
         -L"$CUDA_PATH/lib64" -lcudart_static -ldl -lrt -lpthread \
         > "$OUT/$name.build.log" 2>&1; then
      echo "$name" >> "$OUT/examples.txt"
    else
      cat "$OUT/$name.build.log"
      fail "$name" "build"
    fi
  done
}

have_gpu() {
  command -v nvidia-smi > /dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU
}

# The compute capability an --cuda-gpu-arch needs ("sm_100a" -> "10.0").
arch_cc() {
  local n=${1#sm_}
  n=${n%%[af]}
  echo "${n:0:${#n}-1}.${n: -1}"
}

# Run: each binary built; its own check decides.
run() {
  [ -f "$OUT/examples.txt" ] || die "no examples.txt in $OUT: build first"
  if ! have_gpu; then
    echo "run-gpu-tests.sh: no GPU (nvidia-smi sees none): not running" >&2
    return 1
  fi
  nvidia-smi -L
  local name need have
  have=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null |
         head -1 | tr -d ' ')
  while read -r name; do
    [ -n "$name" ] || continue
    echo "=== $name"
    if [ -f "$OUT/$name.arch" ]; then
      need=$(arch_cc "$(cat "$OUT/$name.arch")")
      if [ "$have" != "$need" ]; then
        skip "$name" "built for $(cat "$OUT/$name.arch"): needs a GPU of compute capability $need, this one is ${have:-unknown}"
        continue
      fi
    fi
    if [ ! -x "$OUT/$name" ]; then
      fail "$name" "missing binary"
    elif "$OUT/$name"; then
      pass "$name"
    else
      fail "$name" "exit status $?"
    fi
  done < "$OUT/examples.txt"
}

case $mode in
  build) build ;;
  run) run || exit 2 ;;
  all)
    build
    if ! have_gpu; then
      echo "run-gpu-tests.sh: no GPU here: built into $OUT; run there with" \
           "--run-only" >&2
      summary
      [ "$failed" = 0 ]
      exit
    fi
    run ;;
esac
summary
[ "$failed" = 0 ]
