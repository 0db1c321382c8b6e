#!/usr/bin/env python3
#===- registry-tables.py - The generated registry, by name ---------------===#
#
# Part of CuTe-LLVM.
#
# Reads a registry cute-tblgen -gen-atom-registry wrote and prints what a
# test checks by name rather than by position, so that a new tier or atom
# elsewhere in the records moves nothing a test pins:
#   <Enum>::<name> = <index>          every entry of every enum class
#   tier <name>: parent <p>, family <f>  (none where there is none)
#   gating <tier> over <parent>: +<atom> ... -<atom> ...
#                                     the atoms the tier may use that its
#                                     parent may not (+) and the reverse (-)
# A FileCheck test captures an index with [[#NAME:]] from the first lines
# and uses it against the tables (the input is this output followed by the
# registry itself).
#
#===----------------------------------------------------------------------===#
import re
import sys


def main(path):
    text = open(path, encoding="utf-8").read()
    enums = {}
    for m in re.finditer(r"^enum class (\w+) : \w+ \{\n(.*?)^\};", text,
                         re.M | re.S):
        names = re.findall(r"^\s+(\w+),", m.group(2), re.M)
        enums[m.group(1)] = names
        for i, n in enumerate(names):
            print("%s::%s = %d" % (m.group(1), n, i))
    tiers = enums["TierID"]
    atoms = enums["AtomID"]
    table = re.search(r"^static const TierInfo TierTable\[\] = \{\n(.*?)^\};",
                      text, re.M | re.S).group(1)
    parents = {}
    for m in re.finditer(r'// \{"(\w+)", (-?\d+), (-?\d+),', table):
        name, parent, family = m.group(1), int(m.group(2)), int(m.group(3))
        parents[name] = tiers[parent] if parent >= 0 else None
        print("tier %s: parent %s, family %s" %
              (name, parents[name] or "none",
               tiers[family] if family >= 0 else "none"))
    gating = {}
    for m in re.finditer(r"^\s+/\* (\w+) \*/ ([\d, ]*)$", text, re.M):
        if m.group(1) in parents:
            gating[m.group(1)] = {atoms[int(i)] for i in
                                  re.findall(r"\d+", m.group(2))}
    for name in tiers:
        parent = parents.get(name)
        if parent is None or name not in gating:
            continue
        mine, theirs = gating[name], gating[parent]
        print("gating %s over %s:%s" % (name, parent, "".join(
            [" +" + a for a in atoms if a in mine - theirs] +
            [" -" + a for a in atoms if a in theirs - mine])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
