#!/usr/bin/env python3
"""Every op's attributes, from its records, against the lowering.

Usage: check-op-attrs.py RECORDS_JSON CUTE_OPT

RECORDS_JSON is `llvm-tblgen --dump-json td/Ops.td`. For every op the
layout library evaluates (not the literal constructors, whose string
operand is notation), one function calls it with only an attribute string:

  - an unknown key must be the error that lists exactly the op's keys from
    its records (or says it takes none);
  - each key of the records with a well-typed value must not be reported
    as unknown or mistyped (the op may still fail for its missing
    operands);
  - each integer key with a non-integer value, and each flag with a value,
    must be reported as mistyped.

Prints "N ops, M attribute cases checked" on success.
"""
import json
import re
import subprocess
import sys
import tempfile

GOOD = {"IntAttr": "1", "IntListAttr": "0,1", "StringAttr": "x",
        "LayoutStringAttr": "1:0", "TileStringAttr": "_"}


def main():
    records = json.load(open(sys.argv[1]))
    cute_opt = sys.argv[2]
    cases = []  # (function, op, attribute string, expectation)
    ops = 0
    for name in records["!instanceof"]["CuteOp"]:
        r = records[name]
        if not r["Eval"] or r["LiteralKind"]:
            continue
        ops += 1
        op = r["Name"]
        attrs = [records[a["def"]] for a in r["Attrs"]]
        keys = [a["Key"] for a in attrs]
        if keys:
            want = ("unknown attribute 'zz_unknown' of 'llvm.cute.%s'; "
                    "expected one of: %s" % (op, ", ".join(keys)))
        else:
            want = ("unknown attribute 'zz_unknown' of 'llvm.cute.%s', "
                    "which takes no attributes" % op)
        cases.append((op, "zz_unknown=1", ("is", want)))
        for a in attrs:
            t = a["Type"]["def"]
            key = a["Key"]
            if t == "FlagAttr":
                cases.append((op, key, ("not", "attribute '%s'" % key)))
                cases.append((op, key + "=1", (
                    "is", "attribute '%s' of 'llvm.cute.%s' is a flag and "
                    "takes no value, but got '%s=1'" % (key, op, key))))
            elif t in GOOD:
                cases.append((op, "%s=%s" % (key, GOOD[t]),
                              ("not", "attribute '%s'" % key)))
                if t in ("IntAttr", "IntListAttr"):
                    cases.append((op, key + "=q", (
                        "is", "attribute '%s' of 'llvm.cute.%s' expects %s, "
                        "but got 'q'" % (key, op, records[t]["Name"]))))
            else:
                values = records[t]["Values"]
                cases.append((op, "%s=%s" % (key, values[0]),
                              ("not", "attribute '%s'" % key)))
    lines = ['target triple = "nvptx64-nvidia-cuda"']
    declared = set()
    for i, (op, text, _) in enumerate(cases):
        lines.append('@s%d = private constant [%d x i8] c"%s\\00"' %
                     (i, len(text) + 1, text))
    for i, (op, text, _) in enumerate(cases):
        if op not in declared:
            lines.append("declare ptr @llvm.cute.%s(ptr)" % op)
            declared.add(op)
        lines.append("define ptr @f%d() {\n  %%r = call ptr @llvm.cute.%s("
                     "ptr @s%d)\n  ret ptr %%r\n}" % (i, op, i))
    with tempfile.NamedTemporaryFile("w", suffix=".ll") as f:
        f.write("\n".join(lines) + "\n")
        f.flush()
        r = subprocess.run([cute_opt, "-passes=cute-lower", f.name,
                            "-o", "/dev/null"], capture_output=True, text=True)
    errors = {}
    for m in re.finditer(r"^error: in function 'f(\d+)': (.*)$", r.stderr,
                         re.M):
        errors.setdefault(int(m.group(1)), []).append(m.group(2))
    bad = 0
    for i, (op, text, (how, msg)) in enumerate(cases):
        got = errors.get(i, [])
        if how == "is" and msg not in got:
            print("error: llvm.cute.%s with '%s': expected '%s', got %s" %
                  (op, text, msg, got))
            bad += 1
        if how == "not" and any(msg in g for g in got):
            print("error: llvm.cute.%s with '%s': the records accept it, "
                  "but the lowering says %s" % (op, text, got))
            bad += 1
    if bad:
        sys.exit(1)
    print("%d ops, %d attribute cases checked" % (ops, len(cases)))


main()
