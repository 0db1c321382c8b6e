#!/usr/bin/env python3
"""Keep docs/ir-contract.md exact.

Usage: check-contract-doc.py DOC OPS_MD CUTE_OPT [--update]

1. The op reference between the GENERATED markers must equal OPS_MD, what
   `cute-tblgen -gen-op-docs td/Ops.td` generates from the records, so an
   op, attribute or operand changed in the records without the doc fails
   here. --update rewrites the table in place.
   The ops, stages, groups and summaries of the table must also be what
   `cute-opt --list-intrinsics` prints (the lowering's own table).
2. Every ```llvm block of the doc is a complete module: it must lower with
   `cute-opt -passes=cute-lower` and leave no llvm.cute call behind.
Prints "N intrinsics, M examples lowered" on success.
"""
import re
import subprocess
import sys
import tempfile

BEGIN = "<!-- BEGIN GENERATED: cute-tblgen -gen-op-docs td/Ops.td -->"
END = "<!-- END GENERATED -->"


def listed(cute_opt):
    out = subprocess.run([cute_opt, "--list-intrinsics"], check=True,
                         capture_output=True, text=True).stdout
    return [tuple(line.split("\t")) for line in out.splitlines()]


def unescape(cell):
    return cell.strip().replace("\\|", "|")


def main():
    doc_path, ops_md, cute_opt = sys.argv[1], sys.argv[2], sys.argv[3]
    doc = open(doc_path).read()
    if BEGIN not in doc or END not in doc:
        sys.exit("error: %s has no generated intrinsic table" % doc_path)
    want = open(ops_md).read()
    head, rest = doc.split(BEGIN, 1)
    have, tail = rest.split(END, 1)
    if "--update" in sys.argv:
        open(doc_path, "w").write(head + BEGIN + "\n" + want + "\n" + END +
                                  tail)
    elif have.strip() != want.strip():
        sys.exit("error: the op reference of %s is stale; run "
                 "%s %s %s %s --update" % (doc_path, sys.argv[0], doc_path,
                                           ops_md, cute_opt))
    # | `llvm.cute.op` | stage | group | operands | results | attrs | what |
    rows = []
    for line in want.splitlines()[2:]:
        cells = re.split(r"(?<!\\)\|", line)[1:-1]
        rows.append((cells[0].strip().strip("`"), unescape(cells[1]),
                     unescape(cells[2]), unescape(cells[6])))
    if rows != listed(cute_opt):
        sys.exit("error: the records' op reference and `cute-opt "
                 "--list-intrinsics` differ")
    n = len(rows)
    examples = re.findall(r"```llvm\n(.*?)```", doc, re.S)
    for i, ex in enumerate(examples):
        with tempfile.NamedTemporaryFile("w", suffix=".ll") as f:
            f.write(ex)
            f.flush()
            r = subprocess.run([cute_opt, "-passes=cute-lower", f.name],
                               capture_output=True, text=True)
            if r.returncode != 0 or "llvm.cute." in r.stdout:
                sys.exit("error: example %d of %s does not lower:\n%s\n%s" %
                         (i + 1, doc_path, ex, r.stderr))
    print("%d intrinsics, %d examples lowered" % (n, len(examples)))


main()
