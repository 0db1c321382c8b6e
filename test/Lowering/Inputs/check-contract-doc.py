#!/usr/bin/env python3
"""Keep docs/ir-contract.md exact.

Usage: check-contract-doc.py DOC CUTE_OPT [--update]

1. The intrinsic table between the GENERATED markers must equal what
   `cute-opt --list-intrinsics` prints (the lowering's own table), so an
   intrinsic added or removed in the code without the doc fails here.
   --update rewrites the table in place.
2. Every ```llvm block of the doc is a complete module: it must lower with
   `cute-opt -passes=cute-lower` and leave no llvm.cute call behind.
Prints "N intrinsics, M examples lowered" on success.
"""
import re
import subprocess
import sys
import tempfile

BEGIN = "<!-- BEGIN GENERATED: intrinsics (cute-opt --list-intrinsics) -->"
END = "<!-- END GENERATED -->"


def table(cute_opt):
    out = subprocess.run([cute_opt, "--list-intrinsics"], check=True,
                         capture_output=True, text=True).stdout
    rows = ["| intrinsic | stage | group | what it does |",
            "|---|---|---|---|"]
    n = 0
    for line in out.splitlines():
        name, stage, group, summary = line.split("\t")
        rows.append("| `%s` | %s | %s | %s |" %
                    (name, stage, group, summary.replace("|", "\\|")))
        n += 1
    return "\n".join(rows), n


def main():
    doc_path, cute_opt = sys.argv[1], sys.argv[2]
    doc = open(doc_path).read()
    if BEGIN not in doc or END not in doc:
        sys.exit("error: %s has no generated intrinsic table" % doc_path)
    want, n = table(cute_opt)
    head, rest = doc.split(BEGIN, 1)
    have, tail = rest.split(END, 1)
    if "--update" in sys.argv:
        open(doc_path, "w").write(head + BEGIN + "\n" + want + "\n" + END +
                                  tail)
    elif have.strip() != want.strip():
        sys.exit("error: the intrinsic table of %s is stale; run "
                 "%s %s %s --update" % (doc_path, sys.argv[0], doc_path,
                                        cute_opt))
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
