#!/usr/bin/env python3
#===- run-bad-inputs.py - Every bad input is a clean, located error ------===#
#
# Part of CuTe-LLVM.
#
# Runs each input under Inputs/ through its entry point and checks that the
# tool fails cleanly: a non-zero exit status (not a signal), every expected
# diagnostic (`ERROR:` lines) on stderr or stdout, no crash, assertion,
# stack dump, sanitizer report, `Cannot select` or `LLVM ERROR`, no hang
# (a time limit per run), and no output file left behind.
#
# The entry point follows the input's extension; directive lines, in the
# input's own comment syntax (`#`, `//` or `;`), say what to expect:
#   ERROR: text    a diagnostic that must appear (all of them must);
#                  %s stands for the input's path
#   ARGS: words    extra arguments (shell words) for the tool
#   .layout  cute-layout ARGS (the input holds only directives)
#   .jsonl   cute-layout --jsonl FILE ARGS (directive lines are dropped;
#            the copy that runs is named <input> in the output)
#   .td      cute-tblgen -gen-atom-registry ARGS FILE, with td/ included
#            (ARGS that name a -gen-* action run it instead)
#   .ll      opt -passes=cute-lower and llc (-mcpu=sm_90a unless ARGS names
#            one; ARGS go to llc), both with the plugin
#   .cu      cute-clang++ -fcute-lowering --cuda-device-only -S, or with
#            `ARGS: -c` host and device to an object (skipped without CUDA)
# Prints one line per failure and a summary; the exit status is 1 if any
# input failed.
#
#===----------------------------------------------------------------------===#
import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile

DIRECTIVE = re.compile(r"^\s*(?:#|//|;)\s*(ERROR|ARGS):\s?(.*?)\s*$")
FORBIDDEN = [
    "Stack dump", "PLEASE submit a bug report", "Cannot select",
    "LLVM ERROR", "Assertion", "UNREACHABLE", "AddressSanitizer",
    "LeakSanitizer", "runtime error:", "Segmentation fault",
    "the lowered module is broken",
]
TIMEOUT = 60


def directives(path):
    errors, args, body = [], [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = DIRECTIVE.match(line)
            if not m:
                body.append(line)
            elif m.group(1) == "ERROR":
                errors.append(m.group(2).replace("%s", path))
            else:
                args += shlex.split(m.group(2))
    return errors, args, body


def commands(opts, path, args, body, tmp):
    """The runs of one input: (command, output file) pairs."""
    out = os.path.join(tmp, "out")
    ext = os.path.splitext(path)[1]
    if ext == ".layout":
        return [([opts.layout_tool] + args + ["-o", out], out)]
    if ext == ".jsonl":
        lines = os.path.join(tmp, "input.jsonl")
        with open(lines, "w", encoding="utf-8") as f:
            f.writelines(body)
        return [([opts.layout_tool, "--jsonl", lines] + args, None)]
    if ext == ".td":
        action = [] if any(a.startswith("-gen-") for a in args) else [
            "-gen-atom-registry"]
        return [([opts.tblgen_tool] + action + ["-I", opts.td,
                  "-I", opts.llvm_include] + args + [path, "-o", out], out)]
    if ext == ".ll":
        opt = shlex.split(opts.opt_cmd)
        llc = shlex.split(opts.llc_cmd)
        return [
            (opt + ["-load-pass-plugin=" + opts.plugin, "-passes=cute-lower",
                    path, "-S", "-o", out], out),
            (llc + ["-load-pass-plugin=" + opts.plugin] +
             ([] if any(a.startswith("-mcpu") for a in args)
              else ["-mcpu=sm_90a"]) +
             args + [path, "-o", out + ".s"], out + ".s"),
        ]
    if ext == ".cu":
        # `ARGS: -c` compiles host and device to an object instead.
        mode = [] if "-c" in args else ["--cuda-device-only", "-S"]
        return [([opts.clangxx_tool, "-fcute-lowering",
                  "--cuda-gpu-arch=sm_90a", "-O2"] + mode + args +
                 [path, "-o", out], out)]
    raise ValueError("unknown input kind: " + path)


def check(opts, path):
    """Returns a list of failure messages (empty when the input passed)."""
    errors, args, body = directives(path)
    name = os.path.relpath(path, opts.inputs)
    if not errors:
        return [name + ": no ERROR: line"]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for cmd, out in commands(opts, path, args, body, tmp):
            tool = next(os.path.basename(c) for c in cmd
                        if c != "env" and "=" not in c)
            try:
                p = subprocess.run(cmd, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, timeout=TIMEOUT,
                                   cwd=tmp)
            except subprocess.TimeoutExpired:
                problems.append("%s: %s: no result within %d s" %
                                (name, tool, TIMEOUT))
                continue
            text = (p.stderr + p.stdout).decode("utf-8", "replace")
            # A JSON Lines input is a copy: its path reads <input>.
            text = text.replace(os.path.join(tmp, "input.jsonl"), "<input>")
            if p.returncode == 0:
                problems.append("%s: %s: exit status 0" % (name, tool))
            elif p.returncode < 0 or p.returncode >= 128:
                problems.append("%s: %s: killed or crashed (status %d)" %
                                (name, tool, p.returncode))
            for bad in FORBIDDEN:
                if bad in text:
                    problems.append("%s: %s: printed '%s'" % (name, tool, bad))
            # Clang prints a debug location's path as its debug info splits
            # it (relative to a directory above the checkout, when the
            # checkout is under the compilation's parent): compare from the
            # corpus directory on.
            def corpus_rel(s):
                return re.sub(r"\S*test/BadInputs/Inputs/", "Inputs/", s)
            for e in errors:
                if corpus_rel(e) not in corpus_rel(text):
                    problems.append("%s: %s: no '%s' in:\n%s" %
                                    (name, tool, e, text.rstrip()))
            if out and os.path.exists(out):
                problems.append("%s: %s: left its output file behind" %
                                (name, tool))
            left = [f for f in os.listdir(tmp)
                    if f not in ("input.jsonl",)]
            if left:
                problems.append("%s: %s: left files behind: %s" %
                                (name, tool, ", ".join(sorted(left))))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs")
    ap.add_argument("--layout-tool", required=True)
    ap.add_argument("--tblgen-tool", required=True)
    ap.add_argument("--clangxx-tool", required=True)
    ap.add_argument("--opt-cmd", required=True)
    ap.add_argument("--llc-cmd", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--td", required=True)
    ap.add_argument("--llvm-include", required=True)
    ap.add_argument("--no-cuda", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    opts = ap.parse_args()
    paths = []
    for root, _, files in os.walk(opts.inputs):
        for f in files:
            if f.endswith(".cu") and opts.no_cuda:
                continue
            paths.append(os.path.abspath(os.path.join(root, f)))
    paths.sort()
    with concurrent.futures.ThreadPoolExecutor(opts.j) as pool:
        results = list(pool.map(lambda p: check(opts, p), paths))
    failed = 0
    for problems in results:
        if problems:
            failed += 1
            for p in problems:
                print("FAIL: " + p)
    kinds = {}
    for p in paths:
        ext = os.path.splitext(p)[1]
        kinds[ext] = kinds.get(ext, 0) + 1
    print("bad inputs: %d (%s), %d failed" %
          (len(paths), ", ".join("%s %d" % kv for kv in sorted(kinds.items())),
           failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
