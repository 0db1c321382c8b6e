#===- ptxkernel.py - The body of one kernel of a PTX file ---------------===#
#
# Part of CuTe-LLVM.
#
#===----------------------------------------------------------------------===#
"""Shared by the PTX instruction counters (loop-mix.py, ptx-mix.py)."""
import re
import sys


def kernel_body(ptx, prefix, tool):
    """The text between the braces of the first `.entry` whose (possibly
    mangled) name starts with prefix; exits naming tool when none does."""
    m = re.search(r"\.entry\s+(%s\S*)\s*\(" % re.escape(prefix), ptx)
    if not m:
        sys.exit("%s: no kernel '%s...'" % (tool, prefix))
    start = ptx.index("{", m.end())
    depth, i = 0, start
    while True:
        depth += {"{": 1, "}": -1}.get(ptx[i], 0)
        if depth == 0:
            return ptx[start + 1:i]
        i += 1
