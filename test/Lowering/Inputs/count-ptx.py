#!/usr/bin/env python3
"""Count the PTX instructions of each function in a PTX file and compare.

Usage: count-ptx.py FILE.ptx FUNC_A FUNC_B

Prints "FUNC: N instructions" for both and exits non-zero when the counts
differ. An instruction is a statement inside a function body that ends with
';' and is not a declaration (.reg, .local, .shared, .param).
"""
import re
import sys


def count(ptx, func):
    m = re.search(r"\.entry\s+%s\s*\(|\.func\s+(?:\([^)]*\)\s*)?%s\s*\(" %
                  (re.escape(func), re.escape(func)), ptx)
    if not m:
        sys.exit("count-ptx.py: no function '%s'" % func)
    body_start = ptx.index("{", m.end())
    depth, i = 0, body_start
    while True:
        if ptx[i] == "{":
            depth += 1
        elif ptx[i] == "}":
            depth -= 1
            if depth == 0:
                break
        i += 1
    n = 0
    for line in ptx[body_start + 1:i].splitlines():
        line = line.split("//")[0].strip()
        if not line.endswith(";") or line.startswith("."):
            continue
        n += 1
    return n


ptx = open(sys.argv[1]).read()
a, b = sys.argv[2], sys.argv[3]
na, nb = count(ptx, a), count(ptx, b)
print("%s: %d instructions" % (a, na))
print("%s: %d instructions" % (b, nb))
if na != nb or na == 0:
    sys.exit("count-ptx.py: %s and %s differ" % (a, b))
