#!/usr/bin/env bash
#===- bench/gemm/llc-vs-sm90.sh - Where gemm_llc's time goes -------------===#
#
# Part of CuTe-LLVM.
#
# Builds bench/gemm/llc_vs_sm90.cu and three images for gemm_llc, so that
# one GPU call tells apart the causes of gemm_llc's gap to gemm_sm90:
#   plain  the generator's IR through llc -load-pass-plugin (build.sh)
#   opt    the same IR through opt -O3 (with the plugin) first, then llc
#   swap   gemm_sm90's own PTX (cute-clang++), its entries renamed
#          gemm_llc_f16/_bf16, assembled by ptxas and loaded as gemm_llc's
#          cubin: the kernel of the C++ build on gemm_llc's loading path
#   desc64 the generator's --desc-offsets=i64: WGMMA descriptors stepped by
#          64-bit multiplies and adds, as it wrote them before session 11
#
#   bench/gemm/llc-vs-sm90.sh --build-only DIR    (here: LLVM, the build)
#   bench/gemm/llc-vs-sm90.sh --run-only DIR [CUBIN...]   (where the GPU is)
#
# The binary embeds the plain image and loads the others at run time, with
# any further CUBIN named (e.g. a hand-edited gemm_llc.ptx through ptxas).
#
# Environment: BUILD_DIR (default <repo>/build), CUDA_PATH.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
die() { echo "llc-vs-sm90.sh: error: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: $0 --build-only DIR | --run-only DIR [CUBIN...]"
MODE=$1; OUT=$2
shift 2

if [ "$MODE" = --run-only ]; then
  exec "$OUT/llc_vs_sm90" "$OUT/opt.gen/gemm_llc.cubin" \
    "$OUT/swap.gen/gemm_llc.cubin" "$OUT/desc64.gen/gemm_llc.cubin" "$@"
fi
[ $# = 0 ] || die "--build-only takes no cubins"
[ "$MODE" = --build-only ] || die "unknown mode $MODE"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
CXX=$BUILD_DIR/bin/cute-clang++
PLUGIN=$BUILD_DIR/lib/CuteLLVM.so
LLVM_BIN=$(sed -n 's/^LLVM_BIN="\(.*\)"$/\1/p' "$CXX" 2> /dev/null || true)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}

# plain: build.sh's own output.
BUILD_DIR=$BUILD_DIR CUDA_PATH=$CUDA_PATH "$ROOT/examples/gemm_llc/build.sh" \
  "$OUT/plain.gen" > /dev/null

# opt: opt -O3 before llc.
mkdir -p "$OUT/opt.gen"
"$LLVM_BIN/opt" -load-pass-plugin="$PLUGIN" -passes='default<O3>' \
  "$OUT/plain.gen/gemm_llc.ll" -o "$OUT/opt.gen/gemm_llc.bc"
"$LLVM_BIN/llc" -load-pass-plugin="$PLUGIN" -O3 -mcpu=sm_90a \
  "$OUT/opt.gen/gemm_llc.bc" -o "$OUT/opt.gen/gemm_llc.ptx"
"$CUDA_PATH/bin/ptxas" -arch=sm_90a -O3 "$OUT/opt.gen/gemm_llc.ptx" \
  -o "$OUT/opt.gen/gemm_llc.cubin"

# desc64: the descriptor arithmetic of 64-bit offsets.
mkdir -p "$OUT/desc64.gen"
python3 "$ROOT/examples/gemm_llc/gen_gemm_sm90.py" --desc-offsets=i64 \
  -o "$OUT/desc64.gen/gemm_llc.ll"
"$LLVM_BIN/llc" -load-pass-plugin="$PLUGIN" -O3 -mcpu=sm_90a \
  "$OUT/desc64.gen/gemm_llc.ll" -o "$OUT/desc64.gen/gemm_llc.ptx"
"$CUDA_PATH/bin/ptxas" -arch=sm_90a -O3 "$OUT/desc64.gen/gemm_llc.ptx" \
  -o "$OUT/desc64.gen/gemm_llc.cubin"

# swap: gemm_sm90's PTX under gemm_llc's names.
mkdir -p "$OUT/swap.gen"
"$CXX" -fcute-lowering -O3 --cuda-gpu-arch=sm_90a --cuda-device-only -S \
  --cuda-path="$CUDA_PATH" -Wno-unknown-cuda-version -x cuda \
  "$ROOT/examples/gemm_sm90/gemm_sm90.cu" -o "$OUT/swap.gen/sm90.ptx"
F16=_ZN9gemm_sm9010gemmKernelIDF16_DF16_Li1ELb0ELb0ELb0EEEv14CUtensorMap_stS1_S1_PT0_iiiNS_6TuningE
BF16=_ZN9gemm_sm9010gemmKernelIDF16bDF16bLi1ELb0ELb0ELb0EEEv14CUtensorMap_stS1_S1_PT0_iiiNS_6TuningE
grep -q "$F16" "$OUT/swap.gen/sm90.ptx" || die "no $F16 in gemm_sm90's PTX"
sed "s/$F16/gemm_llc_f16/g; s/$BF16/gemm_llc_bf16/g" "$OUT/swap.gen/sm90.ptx" \
  > "$OUT/swap.gen/gemm_llc.ptx"
"$CUDA_PATH/bin/ptxas" -arch=sm_90a -O3 "$OUT/swap.gen/gemm_llc.ptx" \
  -o "$OUT/swap.gen/gemm_llc.cubin"

"$CXX" -fcute-lowering -O3 --cuda-gpu-arch=sm_90a --cuda-path="$CUDA_PATH" \
  -Wno-unknown-cuda-version -I"$OUT/plain.gen" -x cuda \
  "$ROOT/bench/gemm/llc_vs_sm90.cu" -o "$OUT/llc_vs_sm90" \
  -L"$CUDA_PATH/lib64" -lcudart_static -ldl -lrt -lpthread
echo "built $OUT/llc_vs_sm90"
