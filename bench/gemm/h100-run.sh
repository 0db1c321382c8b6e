#!/usr/bin/env bash
#===- bench/gemm/h100-run.sh - One GPU session's runs, in one call -------===#
#
# Part of CuTe-LLVM.
#
# The sequence behind bench/results/*-h100-gemm-bench-*.txt, for the machine
# with the GPU (run from the repository root, after
# `utils/run-gpu-tests.sh --build-only build/gpu-examples` and
# `bench/gemm/run.sh --build-only build/gemm-bench` on the build machine):
# every example; the edge shapes checked against cuBLAS; the whole
# gemm_bench with the CuTe C++ baselines twice at the sustained clock
# (gemm_bench's default warm-up of 1 s) and once at the boost clock
# (--warmup-ms 0); nvidia-smi sampling the SM clock every 200 ms meanwhile.
#
#   bench/gemm/h100-run.sh OUTDIR [--baselines DIR]
#
# Writes OUTDIR/examples.txt, gemm-edges.txt, gemm-bench-1.txt,
# gemm-bench-2.txt, gemm-bench-boost.txt, smi.csv; prints the 4096^3 rows.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR [--baselines DIR]" >&2; exit 2; }
OUT=$1; shift
mkdir -p "$OUT"
cd "$ROOT"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv
utils/run-gpu-tests.sh --run-only build/gpu-examples > "$OUT/examples.txt" 2>&1
echo "examples rc=$?"
grep -E "^(PASS|FAIL|SKIP):|passed" "$OUT/examples.txt"
bench/gemm/run.sh --run-only build/gemm-bench --only --check-only --naive \
  1x1x1 127x255x65 1000x1000x1000 4096x4096x4100 8192x2048x4104 \
  > "$OUT/gemm-edges.txt" 2>&1
echo "edges rc=$?"
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu \
  --format=csv,noheader -lms 200 > "$OUT/smi.csv" &
SMI=$!
rows() { grep -E "^(cublas|gemm|sgemm|cute-cxx)" "$1" | grep -E " 4096 +4096 +4096"; }
for R in 1 2; do
  bench/gemm/run.sh --run-only build/gemm-bench "$@" > "$OUT/gemm-bench-$R.txt" 2>&1
  echo "bench $R (sustained clock) rc=$?"
  rows "$OUT/gemm-bench-$R.txt"
done
bench/gemm/run.sh --run-only build/gemm-bench "$@" --warmup-ms 0 \
  > "$OUT/gemm-bench-boost.txt" 2>&1
echo "bench (boost clock) rc=$?"
rows "$OUT/gemm-bench-boost.txt"
kill $SMI
echo "SM clock samples (count, MHz):"
awk -F, '{print $2}' "$OUT/smi.csv" | sort | uniq -c | sort -rn | head -8
