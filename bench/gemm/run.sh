#!/usr/bin/env bash
#===- bench/gemm/run.sh - Build gemm_bench here, run it on the GPU there -===#
#
# Part of CuTe-LLVM.
#
# Builds bench/gemm/gemm_bench.cu (and fp8_bench.cu: the FP8 GEMM beside
# cuBLASLt, run as DIR/fp8_bench) with `cute-clang++ -fcute-lowering -O3`
# (with every examples/gemm_<x>/gemm_<x>.cuh that exists, see GemmKernels.h;
# an example with a build.sh, gemm_llc, first generates its device image
# with it into DIR/gemm_<x>.gen, passed as -I), linked to cuBLAS and the
# static CUDA runtime, and runs it where a GPU is.
# The machine with the GPU needs the driver and cuBLAS 13 (libcublas.so.13,
# libcublasLt.so.13: from /usr/local/cuda/lib64, or from the nvidia-cublas
# Python wheel), not LLVM.
#
#   bench/gemm/run.sh [ARGS]                   build into $BUILD_DIR/gemm-bench, run
#   bench/gemm/run.sh --build-only DIR         build the binary into DIR
#   bench/gemm/run.sh --run-only DIR [ARGS]    run DIR/gemm_bench ARGS
#
# ARGS go to gemm_bench (sizes MxNxK, --only, --dtype, --filter, --iters ...;
# `gemm_bench --help`). When a directory of CuTe C++ tutorial binaries is
# given with --baselines DIR (or CUTE_BASELINES=DIR; default: .baselines in
# the repository root, when it exists), each of its executables named
# sgemm_sm80 or wgmma_tma_sm90 is passed as `--baseline NAME=PATH`, so the
# tutorials run in the same process tree on the same GPU.
#
# Environment: BUILD_DIR (default: <repo>/build), CUDA_PATH (default:
# /usr/local/cuda), CUTE_GPU_ARCH (default: sm_90a).
#
#===----------------------------------------------------------------------===#
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
ARCH=${CUTE_GPU_ARCH:-sm_90a}
BASELINES=${CUTE_BASELINES:-$ROOT/.baselines}

die() { echo "run.sh: error: $*" >&2; exit 2; }

mode=all
OUT=$BUILD_DIR/gemm-bench
case "${1:-}" in
  --build-only) [ $# -ge 2 ] || die "--build-only needs a directory"
    mode=build; OUT=$2; shift 2 ;;
  --run-only) [ $# -ge 2 ] || die "--run-only needs a directory"
    mode=run; OUT=$2; shift 2 ;;
esac
if [ "${1:-}" = --baselines ]; then
  [ $# -ge 2 ] || die "--baselines needs a directory"
  BASELINES=$2; shift 2
fi
mkdir -p "$OUT" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)

build() {
  local cxx=$BUILD_DIR/bin/cute-clang++
  [ -x "$cxx" ] || die "$cxx not found: build first (utils/setup.sh build)"
  [ -d "$CUDA_PATH/lib64" ] || die "no CUDA installation at $CUDA_PATH"
  # Examples whose device code a build.sh generates (gemm_llc: through llc).
  local gen=() script name
  for script in "$ROOT"/examples/gemm_*/build.sh; do
    [ -x "$script" ] || continue
    name=$(basename "$(dirname "$script")")
    echo "generating $name (build.sh)"
    BUILD_DIR=$BUILD_DIR CUDA_PATH=$CUDA_PATH "$script" "$OUT/$name.gen" ||
      die "$script failed"
    gen+=(-I"$OUT/$name.gen")
  done
  echo "building gemm_bench ($ARCH) into $OUT"
  # libcuda (the driver, from the stubs at link time) only when a kernel
  # calls the driver API. The rpaths name where cuBLAS 13 is on a machine with the toolkit and
  # where the nvidia-cublas wheel of PyTorch's environment puts it.
  "$cxx" -fcute-lowering -O3 --cuda-gpu-arch="$ARCH" \
    --cuda-path="$CUDA_PATH" -Wno-unknown-cuda-version "${gen[@]}" -x cuda \
    "$ROOT/bench/gemm/gemm_bench.cu" -o "$OUT/gemm_bench" \
    -L"$CUDA_PATH/lib64" -L"$CUDA_PATH/lib64/stubs" -lcublas -Wl,--as-needed -lcuda -Wl,--no-as-needed \
    -lcudart_static -ldl -lrt -lpthread \
    -Wl,-rpath,"$CUDA_PATH/lib64" \
    -Wl,-rpath,/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib \
    -Wl,-rpath,/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cublas/lib ||
    die "build failed"
  echo "building fp8_bench ($ARCH) into $OUT"
  "$cxx" -fcute-lowering -O3 --cuda-gpu-arch="$ARCH" \
    --cuda-path="$CUDA_PATH" -Wno-unknown-cuda-version -x cuda \
    "$ROOT/bench/gemm/fp8_bench.cu" -o "$OUT/fp8_bench" \
    -L"$CUDA_PATH/lib64" -lcublasLt -lcudart_static -ldl -lrt -lpthread \
    -Wl,-rpath,"$CUDA_PATH/lib64" \
    -Wl,-rpath,/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib \
    -Wl,-rpath,/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cublas/lib ||
    die "fp8_bench build failed"
  # Lists the kernels (where libcuda.so.1 can be loaded).
  "$OUT/gemm_bench" --list 2> /dev/null | sed 's/^/registered: /'
  return 0
}

run() {
  local bin=$OUT/gemm_bench
  [ -x "$bin" ] || die "no $bin: build first"
  # Find cuBLAS when the rpaths do not: any libcublas.so.13 on the machine.
  if ldd "$bin" | grep -q 'not found'; then
    local lib
    lib=$(find / -xdev -name 'libcublasLt.so.13*' -print -quit 2>/dev/null)
    [ -n "$lib" ] && export LD_LIBRARY_PATH=$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    ldd "$bin" | grep 'not found' && die "cuBLAS 13 not found on this machine"
  fi
  local base=() name
  if [ -d "$BASELINES" ]; then
    for name in sgemm_sm80 wgmma_tma_sm90; do
      [ -x "$BASELINES/$name" ] &&
        base+=(--baseline "cute-cxx-$name=$(cd "$BASELINES" && pwd)/$name")
    done
  fi
  command -v nvidia-smi > /dev/null &&
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit \
      --format=csv,noheader
  echo "command: gemm_bench ${base[*]} $*"
  "$bin" "${base[@]}" "$@"
}

case $mode in
  build) build ;;
  run) run "$@" ;;
  all) build && run "$@" ;;
esac
