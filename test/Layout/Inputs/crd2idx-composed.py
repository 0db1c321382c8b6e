#!/usr/bin/env python3
"""crd2idx of a composed (swizzled) layout, differentially: random swizzles
S<B,M,S>, offsets and inner layouts, random natural coordinates; the expected
index is computed here from CuTe's definitions (the colexicographic inner
layout, plus the offset, through Swizzle<B,M,S>: x ^ ((x & (((1 << B) - 1)
<< (M + S))) >> S)), and written as cute-layout --jsonl test vectors."""
import json
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
for _ in range(300):
    b, m = rng.randint(0, 3), rng.randint(0, 4)
    s = rng.randint(b, b + 3) if b else rng.randint(0, 3)
    rows, cols = rng.choice([4, 8, 16, 64]), rng.choice([4, 8, 16, 64])
    if rng.random() < 0.5:
        strides = (cols, 1)
    else:
        strides = (1, rows)
    off = rng.choice([0, 0, 8, 64, 512])
    r, c = rng.randrange(rows), rng.randrange(cols)
    x = off + r * strides[0] + c * strides[1]
    mask = ((1 << b) - 1) << (m + s)
    want = x ^ ((x & mask) >> s)
    layout = f"S<{b},{m},{s}> o {off} o ({rows},{cols}):({strides[0]},{strides[1]})"
    print(json.dumps({"op": "crd2idx", "args": [f"({r},{c})", layout],
                      "arg_types": ["coord", "composed_layout"],
                      "result": str(want)}))
