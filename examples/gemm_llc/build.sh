#!/usr/bin/env bash
#===- examples/gemm_llc/build.sh - The llc-compiled GEMM's device image --===#
#
# Part of CuTe-LLVM.
#
# The device side of examples/gemm_llc, the path of a DSL that emits LLVM
# IR:
#
#   gen_gemm_sm90.py          -> OUTDIR/gemm_llc.ll  (and the launch macros)
#   llc -load-pass-plugin     -> OUTDIR/gemm_llc.ptx
#   ptxas -arch=sm_90a -O3    -> OUTDIR/gemm_llc.cubin
#   embedded as a byte array  -> OUTDIR/gemm_llc_image.h
#
# gemm_llc.cuh includes gemm_llc_image.h when OUTDIR is on the include path
# (utils/run-gpu-tests.sh and bench/gemm/run.sh run this script for every
# example that has one and pass -IOUTDIR) and loads the cubin at run time
# with cudaLibraryLoadData.
#
#   examples/gemm_llc/build.sh OUTDIR
#
# Environment: BUILD_DIR (default: <repo>/build; its plugin and, through
# its cute-clang++ wrapper, its LLVM), LLVM_BIN (default: the wrapper's),
# CUDA_PATH (default: /usr/local/cuda), PYTHON (default: python3).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
PYTHON=${PYTHON:-python3}

die() { echo "gemm_llc/build.sh: error: $*" >&2; exit 2; }
[ $# = 1 ] || die "usage: $0 OUTDIR"
OUT=$1
PLUGIN=$BUILD_DIR/lib/CuteLLVM.so
[ -f "$PLUGIN" ] || die "$PLUGIN not found: build first (utils/setup.sh build)"
if [ -z "${LLVM_BIN:-}" ]; then
  LLVM_BIN=$(sed -n 's/^LLVM_BIN="\(.*\)"$/\1/p' "$BUILD_DIR/bin/cute-clang++" \
               2> /dev/null || true)
  LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
fi
[ -x "$LLVM_BIN/llc" ] || die "no llc in $LLVM_BIN"
[ -x "$CUDA_PATH/bin/ptxas" ] || die "no ptxas in $CUDA_PATH/bin"

mkdir -p "$OUT"
"$PYTHON" "$HERE/gen_gemm_sm90.py" -o "$OUT/gemm_llc.ll" \
  --header "$OUT/gemm_llc_config.h"
# A sanitizer build's plugin (CUTE_SANITIZE) needs the ASan runtime in llc.
PRELOAD=()
if grep -q CUTE_SANITIZE:BOOL=ON "$BUILD_DIR/CMakeCache.txt" 2> /dev/null; then
  PRELOAD=(env "LD_PRELOAD=$("$LLVM_BIN/clang" -print-file-name=libclang_rt.asan-x86_64.so)"
           ASAN_OPTIONS=detect_leaks=0)
fi
"${PRELOAD[@]}" "$LLVM_BIN/llc" -load-pass-plugin="$PLUGIN" -O3 -mcpu=sm_90a \
  "$OUT/gemm_llc.ll" -o "$OUT/gemm_llc.ptx"
"$CUDA_PATH/bin/ptxas" -arch=sm_90a -O3 "$OUT/gemm_llc.ptx" \
  -o "$OUT/gemm_llc.cubin"
"$PYTHON" - "$OUT" << 'EOF'
import sys
out = sys.argv[1]
image = open(out + "/gemm_llc.cubin", "rb").read()
config = open(out + "/gemm_llc_config.h").read()
rows = [", ".join("0x%02x" % b for b in image[i:i + 16])
        for i in range(0, len(image), 16)]
with open(out + "/gemm_llc_image.h", "w") as f:
    f.write(config)
    f.write("// The cubin of gemm_llc.ptx (ptxas -arch=sm_90a -O3).\n")
    f.write("alignas(64) static const unsigned char GemmLlcImage[] = {\n  ")
    f.write(",\n  ".join(rows))
    f.write("};\n")
EOF
echo "gemm_llc: $OUT/gemm_llc_image.h"
