#!/usr/bin/env python3
#===- no-document-names.py - Comments name concepts, not documents -------===#
#
# Part of CuTe-LLVM.
#
# The project was specified from numbered internal design documents. Its
# comments, docs and examples name the concept meant (the atom registry, the
# retrieve_tmem_ptr operation, CuTe's sgemm_sm80 tutorial), never the
# document: a reader of the tree does not have the documents.
#
# Usage: no-document-names.py ROOT [PATH...]
#
# Scans every text file under each PATH (relative to ROOT; by default the
# source tree below, which every checkout has) and prints one line per
# reference to such a document, `path:line:column: text`, then a summary.
# A reference is a numbered document (`<name> 003`, `<name>-000's`,
# `<name>004`), their folder, or the document spoken of as `the <name>` or
# `<name>'s`, where <name> is the word the documents go by. A fuzzing
# corpus of that name, random-number seeds and `--seed N` are not
# references. Exits 1 on any reference or stale exemption, 2 when a PATH
# is missing (a renamed directory must not drop out of the scan silently).
#
#===----------------------------------------------------------------------===#
import os
import re
import sys

# The default scan: every directory of the source tree and the top-level
# files.
DEFAULT_PATHS = [
    "lib", "include", "td", "TableGen", "tools", "llvm-ext", "examples",
    "utils", "bench", "docs", "fuzz", "unittests", "test", ".ci", "README.md",
    "CMakeLists.txt",
]

NAME = "se" + "ed"  # kept apart so that this file never matches itself
PATTERN = re.compile(
    "|".join([
        NAME + r"[ _-]?0?0[0-9]",           # a numbered document
        NAME + r"s?/",                      # their folder
        r"\b" + NAME + r"'s\b",             # the document's ...
        r"\bthe " + NAME + r"s?\b(?! corpus)",  # the document(s)
        r"\b" + NAME + r"[ -]doc",          # a ... document
    ]),
    re.IGNORECASE)

# Lines another change is about to rewrite: (path, exact line). An
# exemption that no longer matches is an error, so that it is deleted.
EXEMPT = set()

SKIP_DIRS = {"__pycache__", ".git"}


def files_under(root, rel):
    path = os.path.join(root, rel)
    if os.path.isfile(path):
        yield rel
        return
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for name in sorted(filenames):
            yield os.path.relpath(os.path.join(dirpath, name), root)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: no-document-names.py ROOT [PATH...]")
    root = sys.argv[1]
    paths = sys.argv[2:] or DEFAULT_PATHS
    missing = [p for p in paths if not os.path.exists(os.path.join(root, p))]
    if missing:
        print("error: not in %s: %s" % (root, ", ".join(missing)))
        return 2
    files = hits = 0
    used = set()
    for rel in (f for p in paths for f in files_under(root, p)):
        with open(os.path.join(root, rel), "rb") as f:
            data = f.read()
        if b"\0" in data:
            continue  # binary
        files += 1
        text = data.decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            match = PATTERN.search(line)
            if not match:
                continue
            key = (rel.replace(os.sep, "/"), line.strip())
            if key in EXEMPT:
                used.add(key)
                continue
            hits += 1
            print("%s:%d:%d: %s" % (key[0], number, match.start() + 1,
                                    line.strip()))
    stale = sorted(EXEMPT - used) if not sys.argv[2:] else []
    for path, line in stale:
        print("error: stale exemption, delete it from %s: %s: %s" %
              (os.path.basename(__file__), path, line))
    print("no-document-names: %d file(s), %d reference(s), %d stale "
          "exemption(s)" % (files, hits, len(stale)))
    return 1 if hits or stale else 0


if __name__ == "__main__":
    sys.exit(main())
