#!/usr/bin/env python3
"""Prints the registry's variant families (cute-atoms --json on stdin):
one line per family, `NAME ATOM MEMBER:TRAILING ...`, in registry order."""

import json
import sys

reg = json.load(sys.stdin)
for f in reg["families"]:
    members = " ".join("%s:%d" % (m["variant"], m["trailing_operands"])
                       for m in f["members"])
    print("%s %s %s" % (f["name"], f["atom"], members))
