#!/usr/bin/env bash
#===- utils/compare-ptx.sh - Record the PTX of a build; compare two ------===#
#
# Part of CuTe-LLVM.
#
# A refactoring of the compiler must not change what it generates. This
# records the PTX (and the diagnostics) a build produces for every example
# and every test that compiles to PTX, into a directory; a second run after
# the change records into another, and `diff` compares the two.
#
#   utils/compare-ptx.sh record DIR     compile everything below into DIR
#   utils/compare-ptx.sh diff DIR1 DIR2 compare two records; exit 1 on any
#                                       difference
#
# What `record` compiles:
#   examples/<name>/*.cu   with `cute-clang++ -fcute-lowering -O3
#       --cuda-device-only -S --cuda-gpu-arch=sm_90a` (the arch of an
#       examples/<name>/gpu-arch file where there is one), into
#       DIR/examples/<name>.ptx. An example with an examples/<name>/build.sh
#       first runs it into DIR/examples/<name>.gen, as utils/run-gpu-tests.sh
#       does, and is compiled with -I that directory; the .ptx files the
#       script generates (gemm_llc's llc output) are recorded beside, as
#       DIR/examples/<name>.gen-<file>.ptx.
#   test/**/*.ll           with `llc -load-pass-plugin=<plugin>`, once per
#       distinct set of -mcpu/-mattr/-O options of the file's `llc %loadcute`
#       RUN lines (-mcpu=sm_90a when it has none), into
#       DIR/tests/<path>.<options>.ptx.
#   test/**/*.cu           with `cute-clang++ -fcute-lowering
#       --cuda-device-only -S`, once per distinct set of --cuda-gpu-arch, -O,
#       -g and -D options of the file's cute-clang++ RUN lines, into
#       DIR/tests/<path>.<options>.ptx.
# A compile that fails records its diagnostics and exit status in a .err
# file beside the (absent) .ptx, so that error paths are compared too.
# `diff` counts two PTX files that differ only in the order of module-scope
# .global/.const declarations as identical (and says how many): NVPTX's
# printer emits the globals an initializer refers to in an order that
# varies between runs of one compiler (a -O0 module whose constexpr atom
# keeps string globals shows it).
#
# Record both directories from the same checkout path: diagnostics name
# the source files by path.
#
# Environment: BUILD_DIR (default: <repo>/build; it must hold a built
# cute-clang++ and the plugin), CUDA_PATH (default: /usr/local/cuda),
# JOBS (parallel compiles, default: 2).
#
#===----------------------------------------------------------------------===#
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR=$PWD/$BUILD_DIR ;; esac
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
JOBS=${JOBS:-2}

die() { echo "compare-ptx.sh: error: $*" >&2; exit 2; }
usage() {
  echo "usage: $0 record DIR | diff DIR1 DIR2" >&2
  exit 2
}

# The jobs, one a line: `OUT<TAB>TOOL<TAB>SOURCE<TAB>OPTIONS...`. TOOL is
# llc or cxx; OUT is relative to the record directory.
list_jobs() {
  python3 - "$ROOT" << 'EOF'
import os, re, sys
root = sys.argv[1]

def run_lines(path):
    """The file's RUN commands, continuation lines joined."""
    cmds, cur = [], None
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.search(r"RUN:\s?(.*)$", line)
        if not m:
            if cur is not None:
                cmds.append(cur)
                cur = None
            continue
        text = m.group(1).rstrip()
        cur = text if cur is None else cur + " " + text
        if cur.endswith("\\"):
            cur = cur[:-1]
        else:
            cmds.append(cur)
            cur = None
    if cur is not None:
        cmds.append(cur)
    return cmds

def variants(path, tool, pattern, default):
    """Distinct option sets of the file's RUN commands that run TOOL."""
    seen = []
    for cmd in run_lines(path):
        # The part of a pipeline that runs the tool.
        for part in cmd.split("|"):
            if not re.search(tool, part):
                continue
            opts = tuple(re.findall(pattern, part))
            if opts not in seen:
                seen.append(opts)
    return seen or ([default] if default is not None else [])

def name(opts):
    return ".".join(o.lstrip("-").replace("=", "-").replace("+", "")
                    for o in opts) or "default"

for dirpath, dirnames, filenames in os.walk(os.path.join(root, "test")):
    dirnames[:] = sorted(d for d in dirnames if d != "Inputs")
    for f in sorted(filenames):
        path = os.path.join(dirpath, f)
        rel = os.path.relpath(path, root)
        if f.endswith(".ll"):
            for opts in variants(path, r"\bllc\s+%loadcute\b",
                                 r"-mcpu=\S+|-mattr=\+ptx\d+|-O[0-3]\b",
                                 ("-mcpu=sm_90a",)):
                print("\t".join(["tests/%s.%s.ptx" % (rel, name(opts)),
                                 "llc", rel] + list(opts)))
        elif f.endswith(".cu"):
            for opts in variants(path, r"%cute-clang\+\+",
                                 r"--cuda-gpu-arch=\S+|-O[0-3s]\b|-g\S*|-D\S+",
                                 None):
                print("\t".join(["tests/%s.%s.ptx" % (rel, name(opts)),
                                 "cxx", rel] + list(opts)))
EOF
}

# One compile: its PTX, or its diagnostics and status in OUT.err.
compile_one() {
  local out=$1 tool=$2 src=$3
  shift 3
  mkdir -p "$RECORD/$(dirname "$out")"
  # The record's own directory (build.sh outputs), named in jobs.txt so
  # that two records' job lists compare equal.
  set -- "${@//@RECORD@/$RECORD}"
  local status
  if [ "$tool" = llc ]; then
    "$LLVM_BIN/llc" -load-pass-plugin="$BUILD_DIR/lib/CuteLLVM.so" "$@" \
      "$ROOT/$src" -o "$RECORD/$out" 2> "$RECORD/$out.err"
    status=$?
  else
    "$BUILD_DIR/bin/cute-clang++" -fcute-lowering --cuda-device-only -S \
      --cuda-path="$CUDA_PATH" "$@" -x cuda "$ROOT/$src" -o "$RECORD/$out" \
      2> "$RECORD/$out.err"
    status=$?
  fi
  # clang's CUDA version warning says nothing about the compiler.
  sed -i '/CUDA version is newer than the latest/d' "$RECORD/$out.err"
  [ $status = 0 ] || echo "exit status $status" >> "$RECORD/$out.err"
  [ -s "$RECORD/$out.err" ] || rm -f "$RECORD/$out.err"
  [ $status = 0 ] || rm -f "$RECORD/$out"
  echo "$out"
}

record_examples() {
  local src name arch gen
  for src in "$ROOT"/examples/*/*.cu "$ROOT"/test/GPU/*/*.cu; do
    name=$(basename "$src" .cu)
    arch=sm_90a
    [ -f "$(dirname "$src")/gpu-arch" ] &&
      arch=$(tr -d ' \n' < "$(dirname "$src")/gpu-arch")
    gen=()
    if [ -x "$(dirname "$src")/build.sh" ]; then
      BUILD_DIR=$BUILD_DIR CUDA_PATH=$CUDA_PATH \
        "$(dirname "$src")/build.sh" "$RECORD/examples/$name.gen" \
        > "$RECORD/examples/$name.gen.log" 2>&1 ||
        die "$name: build.sh failed (see $RECORD/examples/$name.gen.log)"
      rm "$RECORD/examples/$name.gen.log"
      # What the script compiled to PTX (gemm_llc's llc output) is recorded
      # as examples/<name>.gen-<file>.ptx.
      local p
      for p in "$RECORD/examples/$name.gen"/*.ptx; do
        [ -f "$p" ] && cp "$p" "$RECORD/examples/$name.gen-$(basename "$p")"
      done
      gen=(-I"@RECORD@/examples/$name.gen")
    fi
    printf 'examples/%s.ptx\tcxx\t%s\t-O3\t--cuda-gpu-arch=%s' \
      "$name" "${src#"$ROOT"/}" "$arch"
    [ ${#gen[@]} = 0 ] || printf '\t%s' "${gen[@]}"
    printf '\n'
  done
}

record() {
  RECORD=$1
  [ -x "$BUILD_DIR/bin/cute-clang++" ] || die "no cute-clang++ in $BUILD_DIR/bin: build first"
  [ -f "$BUILD_DIR/lib/CuteLLVM.so" ] || die "no plugin in $BUILD_DIR/lib: build first"
  LLVM_BIN=$(sed -n 's/^LLVM_BIN="\(.*\)"$/\1/p' "$BUILD_DIR/bin/cute-clang++")
  LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
  [ -e "$RECORD" ] && die "$RECORD exists: record into a new directory"
  mkdir -p "$RECORD/examples" || die "cannot create $RECORD"
  RECORD=$(cd "$RECORD" && pwd)
  export ROOT BUILD_DIR CUDA_PATH RECORD LLVM_BIN
  export -f compile_one
  { record_examples; list_jobs; } > "$RECORD/jobs.txt" || exit 2
  tr '\n' '\0' < "$RECORD/jobs.txt" |
    xargs -0 -P "$JOBS" -I{} bash -c 'IFS=$'"'"'\t'"'"' read -r -a J <<< "$1"; compile_one "${J[@]}"' _ {} |
    awk '{ n++ } END { print n " compiles" }'
  local ptx err
  ptx=$(find "$RECORD" -name '*.ptx' -not -path '*.gen/*' | wc -l)
  err=$(find "$RECORD" -name '*.err' | wc -l)
  echo "recorded $ptx PTX files and $err diagnostics files in $RECORD"
}

# A PTX file with each run of consecutive module-scope .global/.const
# declarations sorted: NVPTX's printer emits the globals another global's
# initializer refers to in an order that varies from run to run (it walks a
# set of pointers), so two compiles of one module may differ there only.
canonical() {
  python3 -c '
import sys
out, run = [], []
for line in open(sys.argv[1]):
    if line.startswith((".global ", ".const ")):
        run.append(line)
        continue
    out += sorted(run) + [line]
    run = []
sys.stdout.write("".join(out + sorted(run)))' "$1"
}

compare() {
  local a=$1 b=$2
  [ -f "$a/jobs.txt" ] || die "$a is no record (no jobs.txt)"
  [ -f "$b/jobs.txt" ] || die "$b is no record (no jobs.txt)"
  # The .gen directories hold the build.sh outputs: their .ptx files are
  # compared as copied; the cubins and images follow from them. A PTX file
  # that differs is compared again with its globals in canonical order.
  local f differ=0 reordered=0
  while read -r f; do
    case $f in
      *.ptx)
        if [ -f "$a/$f" ] && [ -f "$b/$f" ] &&
           cmp -s <(canonical "$a/$f") <(canonical "$b/$f"); then
          reordered=$((reordered + 1))
          continue
        fi ;;
    esac
    echo "differs: $f"
    differ=1
  done < <(diff -r -q -x '*.gen' "$a" "$b" |
           sed -n -e "s|^Files $a/\(.*\) and $b/.* differ\$|\1|p" \
                  -e "s|^Only in \(.*\): \(.*\)\$|only in \1: \2|p")
  if [ "$differ" = 0 ]; then
    local n
    n=$(find "$a" -name '*.ptx' -not -path '*.gen/*' | wc -l)
    echo "identical: $n PTX files ($reordered up to the order of their" \
         "globals), $(find "$a" -name '*.err' | wc -l) diagnostics files"
  else
    echo "compare-ptx.sh: the records differ" >&2
    return 1
  fi
}

case "${1:-}" in
  record) [ $# = 2 ] || usage; record "$2" ;;
  diff) [ $# = 3 ] || usage; compare "$2" "$3" ;;
  *) usage ;;
esac
