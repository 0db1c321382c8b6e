#!/usr/bin/env python3
#===- atom_coverage.py - The registry's coverage of CuTe's atom list -----===#
#
# Part of CuTe-LLVM.
#
#===----------------------------------------------------------------------===#
"""Prints how many of CuTe C++'s atom names the registry has.

  atom_coverage.py NAMES.txt ATOMS.json [--list-missing]

A CuTe name is present when a registry variant carries it, alone or with
template arguments (`SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`).
"""

import json
import sys


def variant_names(node, out):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "name" and isinstance(v, str):
                out.add(v.split("<")[0])
            variant_names(v, out)
    elif isinstance(node, list):
        for v in node:
            variant_names(v, out)


def main():
    names = [l.strip() for l in open(sys.argv[1])
             if l.strip() and not l.startswith("#")]
    have = set()
    with open(sys.argv[2]) as f:
        variant_names(json.load(f), have)
    missing = [n for n in names if n not in have]
    present = len(names) - len(missing)
    print("coverage: %d of %d CuTe atoms (%.1f %%)" %
          (present, len(names), 100.0 * present / len(names)))
    if "--list-missing" in sys.argv:
        for n in missing:
            print("missing: " + n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
