#!/usr/bin/env bash
#===- utils/setup.sh - Install, build and run the bundled example --------===#
#
# Part of CuTe-LLVM.
#
# For a fresh Debian 12 machine (run as root, or as a user with sudo):
#
#   utils/setup.sh            install what is missing, build, run the example
#   utils/setup.sh install    only install the missing packages
#   utils/setup.sh build      only configure and build (incremental)
#   utils/setup.sh example    only run the bundled example
#
# Environment: BUILD_DIR (default: <repo>/build), JOBS (default: nproc),
# CMAKE_ARGS (extra configure arguments).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
JOBS=${JOBS:-$(nproc)}
LLVM_VERSION=22

# Everything the build, the tests and the fuzzers need.
PACKAGES=(
  llvm-$LLVM_VERSION-dev llvm-$LLVM_VERSION-tools clang-$LLVM_VERSION clang-tools-$LLVM_VERSION
  libclang-$LLVM_VERSION-dev libclang-rt-$LLVM_VERSION-dev
  libzstd-dev libgtest-dev cmake ninja-build g++ python3
)

log() { echo "==> $*" >&2; }
die() { echo "setup.sh: error: $*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "need root (or sudo) to run: $*"
  fi
}

is_installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

has_candidate() {
  local c
  c=$(apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ {print $2}')
  [ -n "$c" ] && [ "$c" != "(none)" ]
}

# Debian 12 itself ships LLVM 14-16; LLVM 22 comes from apt.llvm.org when the
# configured sources do not already provide it.
add_llvm_apt_repo() {
  log "llvm-$LLVM_VERSION-dev is not in the configured apt sources; adding apt.llvm.org"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    ca-certificates curl
  local codename
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
  as_root install -d -m 0755 /etc/apt/keyrings
  curl -fsSL https://apt.llvm.org/llvm-snapshot.gpg.key |
    as_root tee /etc/apt/keyrings/apt.llvm.org.asc >/dev/null
  echo "deb [signed-by=/etc/apt/keyrings/apt.llvm.org.asc] http://apt.llvm.org/$codename/ llvm-toolchain-$codename-$LLVM_VERSION main" |
    as_root tee /etc/apt/sources.list.d/llvm-$LLVM_VERSION.list >/dev/null
  as_root apt-get update
}

do_install() {
  command -v dpkg-query >/dev/null 2>&1 || die "this script expects a Debian-based system"
  local missing=() p
  for p in "${PACKAGES[@]}"; do
    is_installed "$p" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    log "all packages already installed"
    return 0
  fi
  log "installing: ${missing[*]}"
  as_root apt-get update
  if ! has_candidate "llvm-$LLVM_VERSION-dev"; then
    add_llvm_apt_repo
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

do_build() {
  command -v cmake >/dev/null 2>&1 || die "cmake not found; run 'utils/setup.sh install' first"
  command -v ninja >/dev/null 2>&1 || die "ninja not found; run 'utils/setup.sh install' first"
  command -v clang++-$LLVM_VERSION >/dev/null 2>&1 ||
    die "clang++-$LLVM_VERSION not found; run 'utils/setup.sh install' first"
  log "configuring $BUILD_DIR"
  # shellcheck disable=SC2086
  cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-$LLVM_VERSION \
    -DCMAKE_CXX_COMPILER=clang++-$LLVM_VERSION \
    ${CMAKE_ARGS:-}
  log "building with $JOBS jobs"
  ninja -C "$BUILD_DIR" -j "$JOBS"
}

do_example() {
  local tool=$BUILD_DIR/bin/cute-layout
  [ -x "$tool" ] || die "$tool not found; run 'utils/setup.sh build' first"
  run() {
    printf '$ cute-layout %s' "$1"; printf " '%s'" "${@:2}"; echo
    "$tool" "$@"
  }
  log "bundled example: layouts of the CuTe tutorial and of sgemm_sm80"
  # print_layout of the layout tutorial's s2xh4.
  run print '(2,(2,2)):(4,(2,1))'
  # sgemm_sm80's swizzled shared-memory atom, an 8x8 block of it.
  run composition 'S<3,3,3> o 0 o (8,(8,8)):(8,(1,64))' '(8,8):(1,8)'

  # CUDA C++ with <cute/llvm.h>, lowered to PTX for sm_90a (the device
  # compile needs the CUDA headers; ptxas checks the PTX when installed).
  local cuda=${CUDA_PATH:-/usr/local/cuda}
  local src=$ROOT/examples/elementwise_add/elementwise_add.cu
  local ptx=$BUILD_DIR/elementwise_add.sm_90a.ptx
  if [ ! -f "$cuda/include/cuda_runtime.h" ]; then
    log "no CUDA installation at $cuda: skipping the CUDA example"
    return
  fi
  log "bundled example: $src to PTX for sm_90a"
  echo "\$ cute-clang++ -fcute-lowering -O3 --cuda-device-only --cuda-gpu-arch=sm_90a -S elementwise_add.cu -o $ptx"
  "$BUILD_DIR/bin/cute-clang++" -fcute-lowering -O3 --cuda-device-only \
    --cuda-gpu-arch=sm_90a --cuda-path="$cuda" -Wno-unknown-cuda-version \
    -S "$src" -o "$ptx" ||
    die "lowering the CUDA example failed"
  grep -q 'llvm\.cute' "$ptx" && die "a cute call survived in $ptx"
  echo "$(grep -c 'ld.global' "$ptx") global loads, $(grep -c 'st.global' "$ptx") global stores, no cute calls left"
  local ptxas=$cuda/bin/ptxas
  if [ -x "$ptxas" ]; then
    echo "\$ ptxas -arch=sm_90a $ptx"
    "$ptxas" -arch=sm_90a "$ptx" -o "${ptx%.ptx}.cubin" ||
      die "ptxas rejected $ptx"
    echo "ptxas: ok"
  else
    log "no ptxas at $ptxas: the PTX is not assembled"
  fi
}

case "${1:-all}" in
  all) do_install; do_build; do_example ;;
  install) do_install ;;
  build) do_build ;;
  example) do_example ;;
  *) die "unknown step '$1' (expected: all, install, build, example)" ;;
esac
