#!/usr/bin/env python3
"""contiguous(layout, index, count), differentially against brute force.

Usage: contiguous.py SEED CUTE_LAYOUT

Random layouts (compact ones with permuted modes, strided and broadcast
ones), plain or composed with a swizzle S<B,M,S> and an offset, random
indices and counts. The truth is computed here from CuTe's definitions: the
index decomposed colexicographically over the flat shape, dotted with the
strides, plus the offset, through Swizzle<B,M,S>: x ^ ((x & (((1 << B) - 1)
<< (M + S))) >> S). Cases:

- static: every operand static; the answer must be exact (1 or 0).
- dynamic offset `?{div=D}` and/or dynamic index `?{div=V}`: the answer is
  checked against every offset (and index) that the divisibility allows, in
  a window of them: 1 must hold for all, 0 for none; -1 claims nothing.

Prints "N passed, M failed, P proven" (P: dynamic cases answered 1 or 0,
which must not be zero: the analysis has to prove something).
"""
import json
import random
import subprocess
import sys

rng = random.Random(int(sys.argv[1]))
tool = sys.argv[2]


def flat_index(i, shape, stride):
    x = 0
    for n, d in zip(shape, stride):
        x += (i % n) * d
        i //= n
    return x


def swizzle(x, sw):
    if sw is None:
        return x
    b, m, s = sw
    mask = ((1 << b) - 1) << (m + s)
    return x ^ ((x & mask) >> s)


def contiguous(shape, stride, sw, off, i0, count):
    first = swizzle(off + flat_index(i0, shape, stride), sw)
    return all(swizzle(off + flat_index(i0 + e, shape, stride), sw) == first + e
               for e in range(count))


def random_layout():
    rank = rng.randint(1, 3)
    shape = [rng.choice([1, 2, 4, 8, 16]) for _ in range(rank)]
    kind = rng.random()
    if kind < 0.6:
        # Compact, modes in a random order.
        order = list(range(rank))
        rng.shuffle(order)
        stride, acc = [0] * rank, 1
        for m in order:
            stride[m] = acc
            acc *= shape[m]
    elif kind < 0.8:
        stride = [rng.choice([0, 1, 2, 4, 8, 64]) for _ in range(rank)]
    else:
        # Unit first mode, the rest strided past it.
        stride = [1] + [shape[0] * rng.choice([1, 2, 8]) for _ in range(rank - 1)]
    return shape, stride


def text(shape, stride):
    return "({}):({})".format(",".join(map(str, shape)),
                              ",".join(map(str, stride)))


cases = []
for _ in range(400):
    shape, stride = random_layout()
    size = 1
    for n in shape:
        size *= n
    sw = None
    if rng.random() < 0.6:
        b, m = rng.randint(1, 3), rng.randint(0, 4)
        sw = (b, m, rng.randint(b, b + 2))
    count = rng.choice([1, 2, 4, 8])
    if count > size:
        count = size
    blocks = size // count
    dyn_off = sw is not None and rng.random() < 0.5
    dyn_idx = rng.random() < 0.4 and size % count == 0
    off_div = rng.choice([1, 2, 8, 16, 64, 128])
    off = rng.choice([0, 8, 64, 512]) if sw else 0
    i0 = rng.randrange(blocks) * count if rng.random() < 0.7 else \
        rng.randrange(size - count + 1)
    lay = text(shape, stride)
    if sw:
        lay = "S<{},{},{}> o {} o {}".format(*sw, f"?{{div={off_div}}}" if dyn_off
                                            else off, lay)
    idx = f"?{{div={count}}}" if dyn_idx else str(i0)
    # The offsets and indices the operands allow, in a window.
    offs = [k * off_div for k in range(64)] if dyn_off else [off]
    idxs = [k * count for k in range(blocks)] if dyn_idx else [i0]
    truth = [contiguous(shape, stride, sw, o, i, count) for o in offs
             for i in idxs]
    cases.append((dyn_off or dyn_idx, all(truth), not any(truth),
                  {"op": "contiguous", "args": [lay, idx, str(count)],
                   "arg_types": ["composed_layout" if sw else "layout", "int",
                                 "int"]}))

inp = "\n".join(json.dumps(c[3]) for c in cases) + "\n"
out = subprocess.run([tool, "--jsonl", "/dev/stdin"], input=inp, text=True,
                     capture_output=True)
lines = out.stdout.splitlines()
if out.returncode or len(lines) != len(cases):
    sys.exit(f"error: {tool} --jsonl failed ({out.returncode}): {out.stderr}")
passed = failed = proven = 0
for (dynamic, always, never, case), line in zip(cases, lines):
    got = json.loads(line).get("result")
    if dynamic:
        ok = got == "-1" or (got == "1" and always) or (got == "0" and never)
        proven += got in ("0", "1")
    else:
        ok = got == ("1" if always else "0")
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: contiguous{tuple(case['args'])}: got {got}, "
              f"truth: {'always' if always else 'never' if never else 'mixed'}")
print(f"{passed} passed, {failed} failed, {proven} proven")
sys.exit(1 if failed else 0)
