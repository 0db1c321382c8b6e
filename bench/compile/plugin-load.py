#!/usr/bin/env python3
#===- bench/compile/plugin-load.py - What loading the plugin costs -------===#
#
# Part of CuTe-LLVM.
#
# Measures what every opt/llc/clang process pays for loading CuteLLVM.so when
# the module has no cute call at all:
#
#   opt -load-pass-plugin=PLUGIN -passes=verify -disable-output empty.ll
#
# for no plugin (the floor), the empty plugin of bench/EmptyPlugin.cpp (the
# cost of loading any plugin) and CuteLLVM.so, interleaved, and prints the
# median wall time, CPU time (user + sys) and peak RSS of each, then the
# plugin's relocations and the sizes of the sections that hold its tables.
#
#   bench/compile/plugin-load.py [--build build] [--runs 30]
#                                [--compare LABEL=OTHER-BUILD/lib/CuteLLVM.so]
#
#===----------------------------------------------------------------------===#
import argparse
import collections
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(cmd):
    """(wall ms, CPU ms, peak RSS KiB) of one run of cmd."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1e3
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if proc.returncode != 0:
        sys.exit(f"plugin-load: {' '.join(cmd)} failed:\n{err}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1e3, usage.ru_maxrss


def section_sizes(path):
    """Section name -> size in bytes (readelf -S -W)."""
    out = subprocess.run(["readelf", "-S", "-W", path], check=True,
                         capture_output=True, text=True).stdout
    sizes = {}
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+"
                     r"([0-9a-f]+)", line)
        if m:
            sizes[m.group(1)] = int(m.group(2), 16)
    return sizes


def relocations(path):
    """Relocation type -> count over every relocation section (readelf -r)."""
    out = subprocess.run(["readelf", "-r", "-W", path], check=True,
                         capture_output=True, text=True).stdout
    counts = collections.Counter()
    for line in out.splitlines():
        m = re.match(r"[0-9a-f]+\s+[0-9a-f]+\s+(R_\S+)", line)
        if m:
            counts[m.group(1)] += 1
    return counts


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default=os.path.join(root, "build"))
    ap.add_argument("--opt", default="/usr/lib/llvm-22/bin/opt")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--compare", metavar="LABEL=PLUGIN", action="append",
                    default=[],
                    help="also load another build of the plugin (another "
                    "commit's), interleaved with the others")
    args = ap.parse_args()

    plugin = os.path.join(args.build, "lib", "CuteLLVM.so")
    empty = os.path.join(args.build, "lib", "EmptyPlugin.so")
    for path in (plugin, empty):
        if not os.path.exists(path):
            sys.exit(f"plugin-load: {path} is missing (build the tree first)")

    tmp = tempfile.mkdtemp()
    module = os.path.join(tmp, "empty.ll")
    with open(module, "w") as f:
        f.write("; an empty module\n")
    base = [args.opt, "-passes=verify", "-disable-output", module]
    configs = collections.OrderedDict([
        ("no plugin", base),
        ("empty plugin", [base[0], f"-load-pass-plugin={empty}"] + base[1:]),
        ("CuteLLVM.so", [base[0], f"-load-pass-plugin={plugin}"] + base[1:]),
    ])
    for spec in args.compare:
        label, _, path = spec.partition("=")
        if not os.path.exists(path):
            sys.exit(f"plugin-load: {path} is missing")
        configs[label] = [base[0], f"-load-pass-plugin={path}"] + base[1:]
    samples = {name: [] for name in configs}
    try:
        for name, cmd in configs.items():  # warm the page cache
            run_once(cmd)
        for _ in range(args.runs):
            for name, cmd in configs.items():
                samples[name].append(run_once(cmd))
    finally:
        os.unlink(module)
        os.rmdir(tmp)

    print("$ " + " ".join(configs["CuteLLVM.so"]).replace(module, "empty.ll"))
    print(f"median of {args.runs} interleaved runs (empty module, "
          f"-passes=verify)")
    width = max(14, *(len(name) for name in configs))
    print(f"{'':{width}} {'wall ms':>9} {'cpu ms':>9} {'peak RSS KiB':>13}")
    med = {}
    for name, runs in samples.items():
        med[name] = [statistics.median(col) for col in zip(*runs)]
        wall, cpu, rss = med[name]
        print(f"{name:{width}} {wall:9.2f} {cpu:9.2f} {rss:13.0f}")
    for name in list(configs)[2:]:
        wall, cpu, rss = (a - b for a, b in zip(med[name],
                                                 med["empty plugin"]))
        print(f"{name} - empty plugin: {wall:+.2f} ms wall, "
              f"{cpu:+.2f} ms cpu, {rss / 1024:+.2f} MiB peak RSS")

    for name, cmd in list(configs.items())[2:]:
        path = cmd[1].partition("=")[2]
        print(f"\n{name} ({path}): {os.path.getsize(path)} bytes")
        sizes = section_sizes(path)
        for sec in (".text", ".rodata", ".data.rel.ro", ".data", ".rela.dyn",
                    ".rela.plt"):
            print(f"  {sec:14} {sizes.get(sec, 0):10d} bytes")
        relocs = relocations(path)
        print(f"  relocations    {sum(relocs.values()):10d} (" + ", ".join(
            f"{n} {t}" for t, n in relocs.most_common()) + ")")


if __name__ == "__main__":
    main()
