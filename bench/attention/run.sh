#!/usr/bin/env bash
#===- bench/attention/run.sh - Build the attention library, run the bench -===#
#
# Part of CuTe-LLVM.
#
# Builds examples/attention_sm90/attention_sm90.cu, which defines the C ABI
# `cute_attention_sm90_fwd` (bench/attention/README.md), into a shared
# library with `cute-clang++ -fcute-lowering -O3` (host code -fPIC, device
# code for sm_90a, the static CUDA runtime linked in), and runs
# bench/attention/bench.py on it where a GPU and PyTorch are.
# The machine with the GPU needs the driver and PyTorch (with Triton for the
# Triton column), not LLVM or the CUDA toolkit: the library carries its own
# CUDA runtime.
#
#   bench/attention/run.sh [ARGS]                 build into $BUILD_DIR/attention-bench, run
#   bench/attention/run.sh --build-only DIR       build DIR/libcute_attention.so
#   bench/attention/run.sh --run-only DIR [ARGS]  run bench.py --lib DIR/libcute_attention.so ARGS
#
# ARGS go to bench.py (--check-only, --no-check, --quick, --dims 128,
# --seqlens 4096, --causal 0,1, --dtypes bf16, --triton PATH, ...;
# `bench.py --help`). With --run-only and no DIR/libcute_attention.so, the
# bench runs the baselines alone (its --lib is left out). A copy of Triton's
# python/tutorials/06-fused-attention.py put in DIR (the wheel has no
# tutorials) is passed as --triton unless ARGS name one.
#
# Environment: BUILD_DIR (default: <repo>/build), CUDA_PATH (default:
# /usr/local/cuda), CUTE_GPU_ARCH (default: sm_90a), CUTE_ATTENTION_SRC
# (default: <repo>/examples/attention_sm90/attention_sm90.cu), PYTHON
# (default: /opt/torch/.venv/bin/python, else python3).
#
#===----------------------------------------------------------------------===#
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
ARCH=${CUTE_GPU_ARCH:-sm_90a}
SRC=${CUTE_ATTENTION_SRC:-$ROOT/examples/attention_sm90/attention_sm90.cu}
LIB=libcute_attention.so
SYMBOL=cute_attention_sm90_fwd
TRITON_TUTORIAL=06-fused-attention.py

die() { echo "run.sh: error: $*" >&2; exit 2; }

mode=all
OUT=$BUILD_DIR/attention-bench
case "${1:-}" in
  --build-only) [ $# -ge 2 ] || die "--build-only needs a directory"
    mode=build; OUT=$2; shift 2
    [ $# = 0 ] || die "--build-only takes no further arguments" ;;
  --run-only) [ $# -ge 2 ] || die "--run-only needs a directory"
    mode=run; OUT=$2; shift 2 ;;
esac
mkdir -p "$OUT" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)

build() {
  local cxx=$BUILD_DIR/bin/cute-clang++
  [ -x "$cxx" ] || die "$cxx not found: build first (utils/setup.sh build)"
  [ -d "$CUDA_PATH/lib64" ] || die "no CUDA installation at $CUDA_PATH"
  [ -f "$SRC" ] || die "no $SRC"
  echo "building $LIB ($ARCH) from ${SRC#"$ROOT"/} into $OUT"
  # The static runtime (its archive is position-independent) keeps the
  # library free of libcudart.so.13, whichever runtime PyTorch brings; both
  # use the driver's primary context, so PyTorch's device pointers and
  # stream are valid here. libcuda (from the stubs at link time) only when
  # the kernel calls the driver API directly; -z defs makes a symbol left
  # undefined a link error rather than a dlopen error on the other machine.
  local cmd=("$cxx" -fcute-lowering -O3 --cuda-gpu-arch="$ARCH"
    --cuda-path="$CUDA_PATH" -Wno-unknown-cuda-version -fPIC -shared
    -x cuda "$SRC" -o "$OUT/$LIB"
    -L"$CUDA_PATH/lib64" -L"$CUDA_PATH/lib64/stubs"
    -Wl,--as-needed -lcuda -Wl,--no-as-needed
    -lcudart_static -ldl -lrt -lpthread -Wl,-z,defs)
  "${cmd[@]}" || die "build failed"
  nm -D --defined-only "$OUT/$LIB" | grep -qw "$SYMBOL" ||
    die "$OUT/$LIB does not export $SYMBOL (is it declared extern \"C\"?)"
  # What was built, printed by bench.py beside its results.
  {
    echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
    echo "source: ${SRC#"$ROOT"/}"
    if git -C "$ROOT" rev-parse --git-dir > /dev/null 2>&1; then
      local paths=(include lib)
      case "$SRC" in "$ROOT"/*) paths+=("${SRC#"$ROOT"/}") ;; esac
      echo "commit: $(git -C "$ROOT" rev-parse --short=12 HEAD)$(
        git -C "$ROOT" diff --quiet HEAD -- "${paths[@]}" ||
        echo " (uncommitted changes under ${paths[*]})")"
    fi
    echo "compiler: $("$cxx" --version | head -1)"
    echo "command: ${cmd[*]#"$ROOT"/}"
  } > "$OUT/build-info.txt"
  echo "exports $SYMBOL: $OUT/$LIB"
  return 0
}

run() {
  local py=${PYTHON:-/opt/torch/.venv/bin/python}
  [ -x "$py" ] || py=$(command -v python3) || die "no Python"
  local extra=() arg
  if [ -f "$OUT/$LIB" ]; then
    extra=(--lib "$OUT/$LIB")
  else
    echo "run.sh: no $OUT/$LIB: timing the baselines alone" >&2
  fi
  # A copy of Triton's tutorial carried in DIR is used unless --triton is given.
  if [ -f "$OUT/$TRITON_TUTORIAL" ]; then
    for arg in "$@"; do [ "$arg" = --triton ] && break; done
    [ "${arg:-}" = --triton ] || extra+=(--triton "$OUT/$TRITON_TUTORIAL")
  fi
  "$py" "$ROOT/bench/attention/bench.py" "${extra[@]}" "$@"
}

case $mode in
  build) build ;;
  run) run "$@" ;;
  all) build && run "$@" ;;
esac
