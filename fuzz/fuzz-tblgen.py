#!/usr/bin/env python3
#===- fuzz/fuzz-tblgen.py - Mutation fuzzer of cute-tblgen's input ------===#
#
# Part of CuTe-LLVM.
#
#===----------------------------------------------------------------------===#
"""Runs cute-tblgen on mutated copies of td/ and checks that it never crashes.

TableGen's errors end the process (PrintFatalError calls exit), so the
target cannot run inside libFuzzer's process: this harness runs the tool,
one process per mutant. Each mutant changes one to three places of one
.td file of a private copy of td/ (a token replaced by another of the same
file, a number changed to an edge value, a string cut or emptied, a line
deleted or duplicated, brackets dropped), then runs every -gen action on it.

A run passes when cute-tblgen exits 0, or exits 1 with an `error:` line
that names a file and line; it fails on a signal, a sanitizer report, a
stack dump, `LLVM ERROR`, an assertion, a hang (timeout), or exit 1 with no
located error. Failing mutants are kept under OUT/ with the command.

  fuzz/fuzz-tblgen.py --tblgen build/bin/cute-tblgen \\
      --min-tblgen build/bin/cute-min-tblgen --td td \\
      --llvm-include /usr/lib/llvm-22/include --seconds 900 --out DIR
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

# cute-tblgen's actions.
ACTIONS = ["-gen-atom-registry", "-gen-atom-selectors", "-gen-cuda-header",
           "-gen-atom-docs", "-gen-atom-traits", "-gen-op-table",
           "-gen-op-header-decls", "-gen-op-docs", "-gen-op-cxx-wrappers",
           "-gen-descriptors"]
# cute-min-tblgen's (the diagnostics table, --min-tblgen).
MIN_ACTIONS = ["-gen-atom-diagnostics"]
EDGE_NUMBERS = ["0", "-1", "1", "63", "64", "65", "127", "128", "255", "256",
                "65535", "65536", "2147483647", "2147483648",
                "9223372036854775807", "20000000"]
TOKEN = re.compile(r'"[^"\n]*"|[A-Za-z_][A-Za-z_0-9]*|-?\d+|[\[\](){}<>,;:=]')
CRASH = re.compile(r"Stack dump|LLVM ERROR|Assertion|AddressSanitizer|"
                   r"UndefinedBehaviorSanitizer|runtime error:|"
                   r"Segmentation fault|terminate called")
LOCATED = re.compile(r"\.td:\d+:\d+: error:|^error:.*\.td", re.M)


def mutate(text, rng):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(7)
        i = rng.randrange(len(lines))
        line = lines[i]
        toks = list(TOKEN.finditer(line))
        if kind == 0 and len(lines) > 1:
            del lines[i]
        elif kind == 1:
            lines.insert(i, line)
        elif kind == 2 and toks:
            # A token replaced by a token from elsewhere in the file.
            t = rng.choice(toks)
            other = rng.choice(lines)
            otoks = list(TOKEN.finditer(other)) or toks
            o = rng.choice(otoks).group(0)
            lines[i] = line[:t.start()] + o + line[t.end():]
        elif kind == 3:
            nums = [m for m in toks if re.fullmatch(r"-?\d+", m.group(0))]
            if nums:
                t = rng.choice(nums)
                lines[i] = (line[:t.start()] + rng.choice(EDGE_NUMBERS) +
                            line[t.end():])
        elif kind == 4:
            strs = [m for m in toks if m.group(0).startswith('"')]
            if strs:
                t = rng.choice(strs)
                s = t.group(0)[1:-1]
                s = rng.choice(["", s[:rng.randint(0, len(s))],
                                s + s, s.replace("$", "$$"),
                                "((((1", s + "," + s])
                lines[i] = line[:t.start()] + '"' + s + '"' + line[t.end():]
        elif kind == 5:
            br = [m for m in toks if m.group(0) in "[](){}<>"]
            if br:
                t = rng.choice(br)
                lines[i] = line[:t.start()] + line[t.end():]
        else:
            lines[i] = line[:rng.randint(0, len(line))]
    return "\n".join(lines)


def classify(proc):
    out = proc.stdout + proc.stderr
    if proc.returncode < 0:
        return "signal %d" % -proc.returncode
    if CRASH.search(out):
        return "crash report"
    if proc.returncode == 0:
        return None
    if proc.returncode == 1 and LOCATED.search(proc.stderr):
        return None
    return "exit %d without a located error" % proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tblgen", required=True)
    ap.add_argument("--min-tblgen", default=None,
                    help="cute-min-tblgen, for the diagnostics table")
    ap.add_argument("--td", required=True)
    ap.add_argument("--llvm-include", required=True)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--runs", type=int, default=0,
                    help="stop after this many mutants (0: by time)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=float, default=30)
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else int(time.time())
    rng = random.Random(seed)
    os.makedirs(a.out, exist_ok=True)
    files = sorted(os.path.relpath(os.path.join(d, f), a.td)
                   for d, _, fs in os.walk(a.td) for f in fs
                   if f.endswith(".td"))
    work = tempfile.mkdtemp(prefix="fuzz-tblgen-")
    start, runs, failures, accepted = time.time(), 0, 0, 0
    try:
        while True:
            if a.runs and runs >= a.runs:
                break
            if not a.runs and time.time() - start >= a.seconds:
                break
            tree = os.path.join(work, "td")
            shutil.rmtree(tree, ignore_errors=True)
            shutil.copytree(a.td, tree)
            victim = rng.choice(files)
            path = os.path.join(tree, victim)
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(mutate(text, rng))
            actions = ACTIONS + (MIN_ACTIONS if a.min_tblgen else [])
            action = rng.choice(actions)
            tool = a.min_tblgen if action in MIN_ACTIONS else a.tblgen
            # The op actions read the op records, the others the registry.
            root = "Ops.td" if action.startswith("-gen-op-") else "Cute.td"
            cmd = [tool, action, "-I", tree, "-I", a.llvm_include,
                   os.path.join(tree, root), "-o", os.devnull]
            runs += 1
            try:
                p = subprocess.run(cmd, capture_output=True, text=True,
                                   errors="replace", timeout=a.timeout)
                why = classify(p)
            except subprocess.TimeoutExpired:
                why, p = "timeout", None
            if why is None:
                accepted += p.returncode == 0
                continue
            failures += 1
            keep = os.path.join(a.out, "failure-%d" % failures)
            shutil.copytree(tree, os.path.join(keep, "td"))
            with open(os.path.join(keep, "README"), "w") as f:
                f.write("%s\nmutated: %s\naction: %s\n%s\n" %
                        (why, victim, action,
                         (p.stderr[-4000:] if p else "")))
            print("FAIL %s (%s, %s) kept in %s" % (why, victim, action, keep),
                  flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("fuzz-tblgen: seed %d, %d mutants in %.0f s, %d accepted, "
          "%d rejected with a located error, %d failures" %
          (seed, runs, time.time() - start, accepted,
           runs - accepted - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
