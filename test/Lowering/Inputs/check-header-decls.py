#!/usr/bin/env python3
"""Keep the declarations of <cute/llvm.h> those of the records.

Usage: check-header-decls.py HEADER DECLS CUTE_OPT [--update]

1. The block of HEADER between its GENERATED markers must equal DECLS
   (`cute-tblgen -gen-op-header-decls td/Ops.td`); --update rewrites it.
   The header stays self-contained (nothing generated to install beside
   it), and the records stay the one list of what it declares.
2. Every `llvm.cute.<op>` asm label anywhere in HEADER (the per-element
   memref_load/store declarations too) names an op of the contract
   (`cute-opt --list-intrinsics`, the records' table).
Prints "N declarations, M asm labels checked" on success.
"""
import re
import subprocess
import sys

BEGIN = "// BEGIN GENERATED: cute-tblgen -gen-op-header-decls td/Ops.td\n"
END = "// END GENERATED\n"


def main():
    header_path, decls_path, cute_opt = sys.argv[1:4]
    header = open(header_path).read()
    want = open(decls_path).read()
    if BEGIN not in header or END not in header:
        sys.exit("error: %s has no generated declaration block" % header_path)
    head, rest = header.split(BEGIN, 1)
    have, tail = rest.split(END, 1)
    if "--update" in sys.argv:
        open(header_path, "w").write(head + BEGIN + want + END + tail)
    elif have != want:
        sys.exit("error: the declarations of %s differ from the records; "
                 "run %s %s %s %s --update" %
                 (header_path, sys.argv[0], header_path, decls_path,
                  cute_opt))
    out = subprocess.run([cute_opt, "--list-intrinsics"], check=True,
                         capture_output=True, text=True).stdout
    ops = {line.split("\t")[0][len("llvm.cute."):]
           for line in out.splitlines()}
    # Not the macros' own definitions.
    body = re.sub(r"#define [^\n]*\\\n[^\n]*\n", "", header)
    labels = re.findall(r'"llvm\.cute\.([A-Za-z0-9_]+)', body)
    labels += re.findall(r'CUTE_LLVM_INTRINSIC\([^,]+, (\w+),', body)
    labels += re.findall(r'CUTE_LLVM_INTRINSIC_AS\([^,]+, \w+, (\w+),',
                         body)
    for op in labels:
        if op not in ops and op != "nvgpu":
            sys.exit("error: %s declares llvm.cute.%s, which no record "
                     "names" % (header_path, op))
    print("%d declarations, %d asm labels checked" %
          (len(want.splitlines()), len(labels)))


main()
