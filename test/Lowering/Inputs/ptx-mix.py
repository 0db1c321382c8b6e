#!/usr/bin/env python3
"""Compare the asynchronous / tensor-core instruction mix of two PTX kernels.

Usage: ptx-mix.py A.ptx KERNEL_A B.ptx KERNEL_B

KERNEL_* is the start of the kernel's (possibly mangled) name. For each
kernel, counts its instructions whose mnemonic begins with wgmma.,
cp.async.bulk, stmatrix., mbarrier., setmaxnreg., fence., barrier. or bar.
(predicated or not), prints one "MNEMONIC: A B" line per mnemonic, and
exits non-zero when a count differs or a kernel has no WGMMA.
"""
import collections
import re
import sys

from ptxkernel import kernel_body

FAMILIES = ("wgmma.", "cp.async.bulk", "stmatrix.", "mbarrier.",
            "setmaxnreg.", "fence.", "barrier.", "bar.")


def body(ptx, prefix):
    return kernel_body(ptx, prefix, "ptx-mix.py")


def mix(path, prefix):
    counts = collections.Counter()
    for line in body(open(path).read(), prefix).splitlines():
        words = line.split("//")[0].split()
        if words and words[0].startswith("@"):
            words = words[1:]
        if words and words[0].startswith(FAMILIES):
            counts[words[0].rstrip(";")] += 1
    return counts


a = mix(sys.argv[1], sys.argv[2])
b = mix(sys.argv[3], sys.argv[4])
differ = False
for op in sorted(set(a) | set(b)):
    print("%s: %d %d" % (op, a[op], b[op]))
    differ |= a[op] != b[op]
if differ or not any(op.startswith("wgmma.mma_async") for op in a):
    sys.exit("ptx-mix.py: %s and %s differ" % (sys.argv[2], sys.argv[4]))
print("same mix")
