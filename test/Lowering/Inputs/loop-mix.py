#!/usr/bin/env python3
"""Count the instructions of each loop of a PTX kernel, by mnemonic.

Usage: loop-mix.py FILE.ptx KERNEL_PREFIX

KERNEL_PREFIX is the start of the kernel's (possibly mangled) name. A block
belongs to the loop its label comment names (llc prints `// =>This Inner
Loop Header: Depth=N` on a header and `//   in Loop: Header=BB0_7 Depth=N`
on the other blocks; a block of a nested loop counts for the outermost).
Prints, for each depth-1 loop in order, `loop N:` and then one
`MNEMONIC COUNT` line per mnemonic (the first word of an instruction,
predicate dropped, alphabetical), and the same for the code outside loops
under `outside:`.
"""
import collections
import re
import sys

from ptxkernel import kernel_body


def body(ptx, prefix):
    return kernel_body(ptx, prefix, "loop-mix.py")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ptx = open(sys.argv[1]).read()
    loops = collections.OrderedDict()
    outside = collections.Counter()
    # Header block of the depth-1 loop each block belongs to, if any.
    current = None
    headers = {}  # block name -> depth-1 header it belongs to
    for line in body(ptx, sys.argv[2]).splitlines():
        label = re.match(r"^\$L__(BB\d+_\d+):(.*)$", line)
        if label or line.startswith("// %bb."):
            name = label.group(1) if label else None
            comment = label.group(2) if label else line
            m = re.search(r"Header=(BB\d+_\d+) Depth=(\d+)", comment)
            if "=>This Inner Loop Header: Depth=1" in comment:
                current = name
            elif m and m.group(2) == "1":
                current = m.group(1)
            elif m or "Loop Header" in comment:
                # A nested loop's block: the depth-1 loop it sits in.
                current = headers.get(m.group(1) if m else name, current)
            else:
                current = None
            if name:
                headers[name] = current
            if current and current not in loops:
                loops[current] = collections.Counter()
            continue
        words = line.split("//")[0].split()
        if not words or words[0].startswith((".", "{", "}")) or \
                words[0].endswith(":"):
            continue
        if words[0].startswith("@"):
            words = words[1:]
        op = words[0].rstrip(";")
        (loops[current] if current else outside)[op] += 1
    for i, counts in enumerate(loops.values()):
        print("loop %d:" % i)
        for op in sorted(counts):
            print("  %s %d" % (op, counts[op]))
    print("outside:")
    for op in sorted(outside):
        print("  %s %d" % (op, outside[op]))


if __name__ == "__main__":
    main()
