#!/usr/bin/env python3
"""make_tmem_copy's partitions against what tcgen05.ld.32x32b does.

Usage: tmem-copy.py CUTE_LAYOUT

For each SM100_TMEM_LOAD_32dp32b<N>x atom and TMEM tensors of 128 lanes by
C columns (the accumulator's (128,C):(65536,1), and the same as a rank-3
((128,C),1,1) make_fragment_C tensor), the TiledCopy that make_tmem_copy
returns is partitioned for every thread t of the 128:

(Threads at every warp's edges and inside it.)

- partition_S of the TMEM tensor: call k (the rest index) must read, as one
  warp-uniform address, the slab of warp t/32: lanes 32(t/32) .. +31 and
  the N columns kN .. kN+N-1, whose first element is the call's address.
- partition_D of a row-major (128,C):(C,1) tensor of the same shape: value
  v of call k must be element (t, kN + v): tcgen05.ld.32x32b gives thread
  t%32 of the warp its lane's N consecutive columns.

The truth comes from the PTX definition of the instruction, not from CuTe's
layouts. Prints "N passed, M failed".
"""
import re
import subprocess
import sys

tool = sys.argv[1]
LANE = 65536
# The threads at each warp's edges and inside it.
THREADS = [0, 1, 17, 31, 32, 33, 63, 64, 90, 95, 96, 126, 127]


def parse_tuple(s, i=0):
    """A nested tuple of ints from notation; returns (value, next index)."""
    if s[i] == '(':
        items, i = [], i + 1
        while True:
            v, i = parse_tuple(s, i)
            items.append(v)
            if s[i] == ',':
                i += 1
                continue
            assert s[i] == ')', s
            return items, i + 1
    m = re.match(r'-?\d+', s[i:])
    return int(m.group(0)), i + len(m.group(0))


def flat(t):
    return [x for e in t for x in flat(e)] if isinstance(t, list) else [t]


def parse_layout(text):
    shape_s, stride_s = text.split(':')
    shape, _ = parse_tuple(shape_s)
    stride, _ = parse_tuple(stride_s)
    return shape, stride


def size(t):
    n = 1
    for x in flat(t):
        n *= x
    return n


def mode_sizes(shape):
    return [size(m) for m in shape] if isinstance(shape, list) else [shape]


def evaluate(shape, stride, i):
    x = 0
    for n, d in zip(flat(shape), flat(stride)):
        x += (i % n) * d
        i //= n
    return x


def run(*args):
    r = subprocess.run([tool, *args], capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"cute-layout {' '.join(args)}: {r.stderr}")
    return r.stdout.split('\n')


passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 10:
            print("FAIL:", what)


for n in [1, 2, 8, 32, 128]:
    atom = f"SM100_TMEM_LOAD_32dp32b{n}x"
    cols = max(256, n)
    for tmem in [f"(128,{cols}):(65536,1)", f"((128,{cols}),1,1):((65536,1),0,0)"]:
        out = run("make_tmem_copy", f"--copy-atom={atom}",
                  "--attr=value_type=f32", f"--attr=tmem_layout={tmem}")
        tv, tiler = out[0], out[1]
        rank3 = tmem.startswith("((")
        gmem = (f"((128,{cols}),1,1):(({cols},1),0,0)" if rank3
                else f"(128,{cols}):({cols},1)")
        calls = cols // n
        for t in THREADS:
            common = [f"--copy-atom={atom}", "--attr=value_type=f32", tv, tiler]
            s_out = run("tiled.copy.partition_S", *common, tmem, str(t))
            d_out = run("tiled.copy.partition_D", *common, gmem, str(t))
            s_shape, s_stride = parse_layout(s_out[0])
            d_shape, d_stride = parse_layout(d_out[0])
            s_off, d_off = int(s_out[1]), int(d_out[1])
            s_vals = mode_sizes(s_shape)[0]
            d_vals = mode_sizes(d_shape)[0]
            what = f"{atom} {tmem} thread {t}"
            check(size(s_shape) == calls * 32 * n and s_vals * calls ==
                  size(s_shape) and d_vals == n and size(d_shape) == calls * n,
                  f"{what}: partitions {s_out[0]} and {d_out[0]}")
            warp = t // 32
            for k in range(calls):
                slab = sorted(s_off + evaluate(s_shape, s_stride, k * s_vals + v)
                              for v in range(s_vals))
                want = sorted((32 * warp + l) * LANE + k * n + c
                              for l in range(32) for c in range(n))
                check(slab == want and s_off + evaluate(
                    s_shape, s_stride, k * s_vals) == want[0],
                    f"{what} call {k}: TMEM slab")
                got = [d_off + evaluate(d_shape, d_stride, k * n + v)
                       for v in range(n)]
                check(got == [t * cols + k * n + v for v in range(n)],
                      f"{what} call {k}: registers {got[:4]}...")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
