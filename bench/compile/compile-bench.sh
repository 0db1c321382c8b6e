#!/usr/bin/env bash
#===- bench/compile/compile-bench.sh - Device compile time of the GEMMs --===#
#
# Part of CuTe-LLVM.
#
# For each GEMM kernel source, measures the device compile to PTX and prints
# a table: wall time, CPU time (user + system) and peak RSS, each the best of
# $REPEAT runs (least wall, least CPU, least RSS: the machine is shared);
# the split that -ftime-report gives (clang's front end, the optimizer with
# the cute passes in it, code generation) and the cute passes' own time;
# ptxas on the PTX; the kernels (.entry) in the PTX and the CPU time per
# kernel. A .cu is compiled by cute-clang++ as a user runs it, four ways:
# without precompiled headers (CUTE_PCH=0); cold, with no PCH anywhere (it
# builds the CUDA headers' PCH and the preamble's, then compiles); cold
# preamble, with the CUDA headers' PCH that the build made (the first
# compile of a file); warm (both PCHs cached: every later compile); the PTX
# of each must be the same. Beside them, the same compile by plain
# clang++-22 without the plugin where the source allows it (a source that
# calls llvm.cute.* does not: its intrinsics reach code generation
# unlowered). After the table: what loading the plugin costs beside an
# empty plugin (plugin-load.py), and how the lowering scales with the
# number of cute calls (scaling.py), unless NO_PLUGIN_BENCH=1.
#
#   .cu  cute-clang++ -fcute-lowering -O3 --cuda-device-only -S
#        --cuda-gpu-arch=$ARCH
#   .ll  llc -load-pass-plugin=CuteLLVM.so -O3 -mcpu=$ARCH (-time-passes)
#   .py  a generator of LLVM IR (examples/gemm_llc/gen_gemm_sm90.py, a DSL
#        front end's stand-in): its run (python3 FILE -o OUT.ll), then the
#        .ll row of its output, then their sum with ptxas
#
#   bench/compile/compile-bench.sh [FILE...]
#
# Without files: every examples/gemm_*/*.cu, *.ll and *.py; while there are
# none, test/GPU/mma_atoms/mma_atoms.cu stands in.
#
# Environment: BUILD_DIR (default: <repo>/build), CUDA_PATH (default:
# /usr/local/cuda), CUTE_GPU_ARCH (default: sm_90a), REPEAT (default: 3),
# KEEP (a directory to keep the PTX and the timing reports in), PLAIN=0 (no
# plain clang++-22 rows), NO_PLUGIN_BENCH=1, LOAD_RUNS, SCALING_SIZES,
# FUNCTION_SIZES, SCALING_RUNS (see the end).
#
#===----------------------------------------------------------------------===#
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
ARCH=${CUTE_GPU_ARCH:-sm_90a}
REPEAT=${REPEAT:-3}
LLVM_BIN=/usr/lib/llvm-22/bin
CXX=$BUILD_DIR/bin/cute-clang++
PLUGIN=$BUILD_DIR/lib/CuteLLVM.so
PTXAS=$CUDA_PATH/bin/ptxas
TIME=/usr/bin/time

die() { echo "compile-bench.sh: error: $*" >&2; exit 2; }
[ -x "$CXX" ] || die "$CXX not found: build first (utils/setup.sh build)"
[ -f "$PLUGIN" ] || die "$PLUGIN not found: build first"
[ -x "$PTXAS" ] || die "no ptxas at $PTXAS"
[ -x "$TIME" ] || die "$TIME (GNU time) is needed"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [ -n "${KEEP:-}" ]; then
  mkdir -p "$KEEP" || die "cannot create $KEEP"
  WORK_KEEP=$(cd "$KEEP" && pwd)
fi

# measure OUTFILE CMD...: runs CMD $REPEAT times; prints
# "wall cpu rss_mb" (least of each) or "fail" when a run failed; CMD's
# stderr of the last run is in $WORK/stderr.
measure() {
  local i best_w= best_c= best_r= w c r
  for ((i = 0; i < REPEAT; i++)); do
    if ! "$TIME" -f '%e %U %S %M' -o "$WORK/time" "$@" \
         > /dev/null 2> "$WORK/stderr"; then
      echo fail
      return 1
    fi
    read -r w u s r < "$WORK/time"
    c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    r=$((r / 1024))
    best_w=$(awk -v a="$w" -v b="${best_w:-1e30}" 'BEGIN { print (a < b ? a : b) }')
    best_c=$(awk -v a="$c" -v b="${best_c:-1e30}" 'BEGIN { print (a < b ? a : b) }')
    if [ -z "$best_r" ] || [ "$r" -lt "$best_r" ]; then best_r=$r; fi
  done
  printf '%.2f %.2f %d\n' "$best_w" "$best_c" "$best_r"
}

# split REPORT: from clang's -ftime-report (or llc's -time-passes), prints
# "frontend optimizer codegen cute" in seconds of user + system time; a
# figure the report lacks is "-". cute sums the passes named cute::*.
split() {
  awk '
    # A report line without its percentages: user [system] user+system wall
    # name. Sets UserSys and Name.
    function row(line,   f, n, i) {
      gsub(/\( *[0-9.]+%\)/, "", line)
      n = split(line, f, " ")
      for (i = 1; i <= n && f[i] ~ /^[0-9.]+$/; i++) ;
      UserSys = f[i - 2]
      Name = f[i]
      for (i++; i <= n; i++) Name = Name " " f[i]
    }
    { row($0) }
    Name == "Front end" { fe = UserSys }
    Name == "Optimizer" { opt = UserSys }
    Name == "Machine code generation" { cg = UserSys }
    /Pass execution timing report/ { inpass = 1 }
    inpass && Name ~ /^cute::|^Cute/ {
      cute += UserSys; seen = 1
      if (PASSES) printf "    %-66s %7.4f s\n", Name, UserSys
    }
    inpass && Name == "Total" { inpass = 0; if (pt == "") pt = UserSys }
    END {
      # llc: the pass execution total is its code generation.
      if (cg == "" && fe == "" && pt != "") cg = pt
      if (PASSES) exit
      printf "%s %s %s %s\n", (fe == "" ? "-" : sprintf("%.3f", fe)),
        (opt == "" ? "-" : sprintf("%.3f", opt)),
        (cg == "" ? "-" : sprintf("%.3f", cg)),
        (seen ? sprintf("%.4f", cute) : "-")
    }' PASSES="${2:-}" "$1"
}

# The cute passes of a timing report, one line each: name, user + system.
cute_passes() { split "$1" 1; }

# llc_row LABEL FILE.ll BASE: the row of stock llc with the plugin (the
# path of a DSL that emits LLVM IR) on FILE.ll; sets LLC_M (wall cpu rss)
# and LLC_P (ptxas's); fails when llc does.
llc_row() {
  local label=$1 ll=$2 base=$3 m s cg p
  m=$(measure "$LLVM_BIN/llc" -load-pass-plugin="$PLUGIN" -O3 \
        -mcpu="$ARCH" "$ll" -o "$base.ptx")
  if [ "$m" = fail ]; then
    printf "$fmt" "$label" llc fail - - - - - - - - -
    sed 's/^/    /' "$WORK/stderr" | head -20
    return 1
  fi
  # llc runs the cute passes in a pipeline of its own, which -time-passes
  # does not see: time them with opt (-passes=cute-lower, what llc's plugin
  # runs), and code generation with llc on the result.
  "$LLVM_BIN/opt" -load-pass-plugin="$PLUGIN" -passes=cute-lower \
    "$ll" -o "$base.low.bc" -time-passes 2> "$base.report"
  "$LLVM_BIN/llc" -O3 -mcpu="$ARCH" "$base.low.bc" -o "$base.rep.ptx" \
    -time-passes 2> "$base.cg.report"
  s=$(split "$base.report")
  cg=$(split "$base.cg.report")
  s="${s%% *} - $(echo "$cg" | cut -d' ' -f3) ${s##* }"
  p=$(measure "$PTXAS" -arch="$ARCH" -O3 "$base.ptx" -o "$base.cubin")
  # shellcheck disable=SC2086,SC2046
  printf "$fmt" "$label" llc $m $s $p $(kernels "$base.ptx" "$(echo $m | cut -d' ' -f2)")
  details+=("$(basename "$ll") (llc):" "$(cute_passes "$base.report")")
  LLC_M=$m
  LLC_P=$p
}

sources=("$@")
if [ ${#sources[@]} = 0 ]; then
  shopt -s nullglob
  sources=()
  # A .cu beside a generator of IR (gen_*.py) is the host side of the
  # generator's kernel, which its .py row compiles.
  for f in "$ROOT"/examples/gemm_*/*.cu; do
    gens=("$(dirname "$f")"/gen_*.py)
    [ ${#gens[@]} -gt 0 ] || sources+=("$f")
  done
  sources+=("$ROOT"/examples/gemm_*/*.ll "$ROOT"/examples/gemm_*/*.py)
  shopt -u nullglob
  if [ ${#sources[@]} = 0 ]; then
    echo "(no examples/gemm_*/*.cu or *.ll yet: mma_atoms stands in)"
    sources=("$ROOT/test/GPU/mma_atoms/mma_atoms.cu")
  fi
  # The fixed cost of a CUDA device compile: one empty kernel (clang's CUDA
  # wrapper headers are most of it).
  printf '__global__ void empty() {}\n' > "$WORK/empty_kernel.cu"
  sources=("$WORK/empty_kernel.cu" "${sources[@]}")
fi

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg);" \
  "$("$LLVM_BIN/clang++" --version | head -1);" \
  "$("$PTXAS" --version | tail -1); best of $REPEAT"
echo "(times in s, RSS in MB; front/opt/codegen/cute: CPU s from the timing"
echo " reports, see below; ptxas: -O3 on the PTX of the row)"
fmt='%-24s %-13s %6s %6s %6s | %6s %6s %7s %6s | %7s %7s %8s | %4s %7s\n'
printf "$fmt" source compile wall cpu rss front opt codegen cute \
  ptxas_w ptxas_c ptxas_mb kern cpu/kern

CXXFLAGS=(-fcute-lowering -O3 --cuda-device-only -S --cuda-gpu-arch="$ARCH")

# kernels PTX CPU: "N cpu/N" (the .entry count and the CPU time per entry).
kernels() {
  local n
  n=$(grep -c '^\.visible \.entry\|^\.entry' "$1")
  awk -v n="$n" -v c="$2" 'BEGIN { printf "%d %.2f\n", n, (n ? c / n : 0) }'
}

details=()
for src in "${sources[@]}"; do
  [ -f "$src" ] || die "no such file: $src"
  # By its absolute path, as build systems give it (cute-clang++ precompiles
  # the preamble of a source named so).
  src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
  name=$(basename "$src")
  base=$WORK/${name%.*}
  case "$src" in
    *.cu)
      # cute-clang++, the path of a CUDA C++ user: without PCHs, then cold
      # (a fresh cache for every run, with and without the build's PCHs),
      # then warm.
      local_ok=1
      for mode in nopch cold coldpre warm; do
        case $mode in
          nopch) envs=(CUTE_PCH=0) label=cute-clang++ ;;
          cold) envs=(CUTE_PCH_CACHE="$WORK/cold" CUTE_PCH_PREBUILT=) label="  cold" ;;
          coldpre) envs=(CUTE_PCH_CACHE="$WORK/cold") label="  cold-pre" ;;
          warm) envs=(CUTE_PCH_CACHE="$WORK/warm") label="  warm" ;;
        esac
        [ "$mode" != warm ] ||
          env "${envs[@]}" "$CXX" "${CXXFLAGS[@]}" "$src" -o "$base.w0.ptx" 2> /dev/null
        m=$(measure env "${envs[@]}" bash -c \
              'case "$1" in cold*) rm -rf "$CUTE_PCH_CACHE" ;; esac; shift; exec "$@"' \
              _ "$mode" "$CXX" "${CXXFLAGS[@]}" "$src" -o "$base.$mode.ptx")
        if [ "$m" = fail ]; then
          printf "$fmt" "$name" "$label" fail - - - - - - - - - - -
          sed 's/^/    /' "$WORK/stderr" | head -20
          local_ok=0
          break
        fi
        [ "$mode" = cold ] || [ "$mode" = coldpre ] ||
          env "${envs[@]}" "$CXX" "${CXXFLAGS[@]}" "$src" -o "$base.rep.ptx" \
            -ftime-report 2> "$base.$mode.report" > /dev/null
        if [ "$mode" = nopch ] || [ "$mode" = warm ]; then
          s=$(split "$base.$mode.report")
        else
          s="- - - -"
        fi
        if [ "$mode" = nopch ]; then
          p=$(measure "$PTXAS" -arch="$ARCH" -O3 "$base.$mode.ptx" -o "$base.cubin")
        elif cmp -s "$base.nopch.ptx" "$base.$mode.ptx"; then
          p="ptx same -"
        else
          p="ptx DIFFERS -"
        fi
        # shellcheck disable=SC2086,SC2046
        printf "$fmt" "$([ $mode = nopch ] && echo "$name")" "$label" $m $s $p \
          $(kernels "$base.$mode.ptx" "$(echo $m | cut -d' ' -f2)")
      done
      [ "$local_ok" = 1 ] || continue
      details+=("$name (cute-clang++, warm):" "$(cute_passes "$base.warm.report")")
      # Plain clang++-22 without the plugin, where the source allows.
      [ "${PLAIN:-1}" = 1 ] || continue
      m=$(measure "$LLVM_BIN/clang++" -O3 --cuda-device-only -S \
            --cuda-gpu-arch="$ARCH" --cuda-path="$CUDA_PATH" \
            -Wno-unknown-cuda-version -I"$ROOT/include" -I"$BUILD_DIR/td" \
            "$src" -o "$base.plain.ptx")
      if [ "$m" = fail ]; then
        printf "$fmt" "" "clang++-22" "n/a" - - - - - - - - -
        details+=("$name (plain clang++-22): fails without the lowering:" \
          "    $(grep -m1 -i error "$WORK/stderr" | cut -c1-150)")
      else
        "$LLVM_BIN/clang++" -O3 --cuda-device-only -S --cuda-gpu-arch="$ARCH" \
          --cuda-path="$CUDA_PATH" -Wno-unknown-cuda-version \
          -I"$ROOT/include" -I"$BUILD_DIR/td" "$src" -o "$base.plrep.ptx" \
          -ftime-report 2> "$base.plain.report" > /dev/null
        s=$(split "$base.plain.report")
        p=$(measure "$PTXAS" -arch="$ARCH" -O3 "$base.plain.ptx" \
              -o "$base.plain.cubin")
        # shellcheck disable=SC2086
        printf "$fmt" "" clang++-22 $m $s $p
        n=$(grep -c 'llvm\.cute\.' "$base.plain.ptx")
        [ "$n" = 0 ] || details+=("$name (plain clang++-22): its PTX keeps" \
          "    $n lines naming llvm.cute.* (no lowering): ptxas rejects it")
      fi
      ;;
    *.ll)
      llc_row "$name" "$src" "$base" || continue
      ;;
    *.py)
      # The generator, then llc on what it wrote.
      g=$(measure "${PYTHON:-python3}" "$src" -o "$base.ll")
      if [ "$g" = fail ]; then
        printf "$fmt" "$name" generator fail - - - - - - - - -
        sed 's/^/    /' "$WORK/stderr" | head -20
        continue
      fi
      # shellcheck disable=SC2086
      printf "$fmt" "$name" generator $g - - - - - - -
      llc_row "" "$base.ll" "$base" || continue
      # Generator + llc + ptxas, the whole device compile of the DSL path.
      # shellcheck disable=SC2086
      set -- $g $LLC_M $LLC_P
      sum='BEGIN { printf "%.2f", a + b + c }'
      printf "$fmt" "" "  total" \
        "$(awk -v a="$1" -v b="$4" -v c="$7" "$sum")" \
        "$(awk -v a="$2" -v b="$5" -v c="$8" "$sum")" \
        "$(( $3 > $6 ? ($3 > $9 ? $3 : $9) : ($6 > $9 ? $6 : $9) ))" \
        - - - - "(gen+llc" "+ptxas)" ""
      ;;
    *) die "$src: neither .cu, .ll nor .py" ;;
  esac
  if [ -n "${WORK_KEEP:-}" ]; then
    cp "$base".*ptx "$base".*report "$WORK_KEEP"/ 2> /dev/null
  fi
done
echo
echo "front/opt/codegen: clang's -ftime-report (user + system s; the cute"
echo "passes run inside opt, or, for llc, before code generation); cute: the"
echo "sum of the cute passes of the pass timing report, one by one below."
for d in "${details[@]}"; do
  echo "$d"
done
echo "cold: no PCH anywhere (builds the CUDA headers' and the preamble's);"
echo "cold-pre: the build's CUDA headers PCH, the preamble's built; warm: both"
echo "cached; ptx same: the PTX is the one of the compile without PCHs."

if [ "${NO_PLUGIN_BENCH:-0}" != 1 ]; then
  echo
  echo "== Loading the plugin (bench/compile/plugin-load.py) =="
  python3 "$ROOT/bench/compile/plugin-load.py" --build "$BUILD_DIR" \
    --runs "${LOAD_RUNS:-20}"
  echo
  echo "== Lowering time and memory by number of cute calls (bench/compile/scaling.py) =="
  python3 "$ROOT/bench/compile/scaling.py" --build "$BUILD_DIR" \
    --runs "${SCALING_RUNS:-2}" ${SCALING_SIZES:+--sizes "$SCALING_SIZES"}
  echo
  echo "== Lowering time and memory by number of functions (scaling.py --functions) =="
  python3 "$ROOT/bench/compile/scaling.py" --build "$BUILD_DIR" --functions \
    --runs "${SCALING_RUNS:-2}" --sizes "${FUNCTION_SIZES:-1000,10000,100000}"
fi
