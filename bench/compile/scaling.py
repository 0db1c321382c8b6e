#!/usr/bin/env python3
#===- bench/compile/scaling.py - Lowering cost by number of cute calls ---===#
#
# Part of CuTe-LLVM.
#
# How the lowering's time and memory grow with the number of cute calls in
# a module. For each N, a function of N calls: chains of 100 dependent
# tuple_add calls on a dynamic leaf (t(k+1) = t(k) + t(0)), each chain's
# leaf read back (get_leaf) and summed, so that nothing is dead. Runs
#
#   opt -passes=verify -disable-output            (the floor: parse + verify)
#   opt -load-pass-plugin=CuteLLVM.so -passes=cute-lower -disable-output
#
# and prints CPU time (user + system), peak RSS, their ratios to the floor,
# the lowering's CPU per call and the slope of log(time) against log(N)
# from the size before (1.0: linear). With --functions, N is the number of
# functions instead, each a chain of FN_CALLS tuple_add calls (what a module
# of many small kernels or helpers costs: per-function state that is not
# freed shows here).
#
#   bench/compile/scaling.py [--build build] [--sizes 1000,10000,...]
#                            [--runs 3] [--functions]
#
#===----------------------------------------------------------------------===#
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

CHAIN = 100


def write_module(path, n):
    """A function of n tuple_add calls in chains of CHAIN."""
    with open(path, "w") as f:
        f.write('target triple = "nvptx64-nvidia-cuda"\n'
                '@q = private constant [2 x i8] c"?\\00"\n'
                'declare ptr @llvm.cute.make_int_tuple(ptr, ...)\n'
                'declare ptr @llvm.cute.tuple_add(ptr, ptr)\n'
                'declare i32 @llvm.cute.get_leaf(ptr, i32)\n'
                'define i32 @calls(i32 %n) {\n'
                '  %t0 = call ptr (ptr, ...) @llvm.cute.make_int_tuple('
                'ptr @q, i32 %n)\n'
                '  %s0 = add i32 0, 0\n')
        chains = 0
        for k in range(n):
            prev = "%t0" if k % CHAIN == 0 else "%%t%d" % k
            f.write("  %%t%d = call ptr @llvm.cute.tuple_add(ptr %s, ptr %%t0)\n"
                    % (k + 1, prev))
            if (k + 1) % CHAIN == 0 or k + 1 == n:
                f.write("  %%l%d = call i32 @llvm.cute.get_leaf(ptr %%t%d, i32 0)\n"
                        % (chains, k + 1))
                f.write("  %%s%d = add i32 %%s%d, %%l%d\n"
                        % (chains + 1, chains, chains))
                chains += 1
        f.write("  ret i32 %%s%d\n}\n" % chains)


FN_CALLS = 4


def write_functions(path, n):
    """n functions, each a chain of FN_CALLS tuple_add calls."""
    with open(path, "w") as f:
        f.write('target triple = "nvptx64-nvidia-cuda"\n'
                '@q = private constant [2 x i8] c"?\\00"\n'
                'declare ptr @llvm.cute.make_int_tuple(ptr, ...)\n'
                'declare ptr @llvm.cute.tuple_add(ptr, ptr)\n'
                'declare i32 @llvm.cute.get_leaf(ptr, i32)\n')
        for i in range(n):
            f.write("define i32 @f%d(i32 %%n) {\n"
                    "  %%t0 = call ptr (ptr, ...) @llvm.cute.make_int_tuple("
                    "ptr @q, i32 %%n)\n" % i)
            for k in range(FN_CALLS):
                f.write("  %%t%d = call ptr @llvm.cute.tuple_add(ptr %%t%d, "
                        "ptr %%t0)\n" % (k + 1, k))
            f.write("  %%l = call i32 @llvm.cute.get_leaf(ptr %%t%d, i32 0)\n"
                    "  ret i32 %%l\n}\n" % FN_CALLS)


def run_once(cmd):
    """(CPU s, peak RSS MiB) of one run of cmd; exits on failure."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("scaling.py: %s failed:\n%s" % (" ".join(cmd), err[:2000]))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def best(cmd, runs):
    """The least CPU time and the least peak RSS of runs runs."""
    results = [run_once(cmd) for _ in range(runs)]
    return min(r[0] for r in results), min(r[1] for r in results)


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default=os.path.join(root, "build"))
    ap.add_argument("--opt", default="/usr/lib/llvm-22/bin/opt")
    ap.add_argument("--sizes", default="1000,10000,100000,1000000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--functions", action="store_true",
                    help="N functions of %d calls each" % FN_CALLS)
    args = ap.parse_args()
    plugin = os.path.join(args.build, "lib", "CuteLLVM.so")
    if not os.path.exists(plugin):
        sys.exit("scaling.py: %s not found: build first" % plugin)
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.functions:
        print("N functions of %d tuple_add calls each, best of %d runs;"
              % (FN_CALLS, args.runs))
    else:
        print("one function of N tuple_add calls (chains of %d), best of %d "
              "runs;" % (CHAIN, args.runs))
    print("floor: opt -passes=verify; cute: opt -passes=cute-lower (plugin)")
    fmt = "%9s | %8s %8s | %8s %8s | %6s %6s | %8s %6s"
    print(fmt % ("functions" if args.functions else "calls", "floor s", "floor MB", "cute s", "cute MB",
                 "t/flr", "m/flr", "us/fn" if args.functions else "us/call",
                 "slope"))
    prev = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            ll = os.path.join(tmp, "calls-%d.ll" % n)
            (write_functions if args.functions else write_module)(ll, n)
            floor = best([args.opt, "-passes=verify", "-disable-output", ll],
                         args.runs)
            cute = best([args.opt, "-load-pass-plugin=" + plugin,
                         "-passes=cute-lower", "-disable-output", ll],
                        args.runs)
            slope = "-"
            if prev and cute[0] > 0 and prev[1] > 0:
                slope = "%.2f" % (math.log(cute[0] / prev[1]) /
                                  math.log(n / prev[0]))
            print(fmt % (n, "%.3f" % floor[0], "%.0f" % floor[1],
                         "%.3f" % cute[0], "%.0f" % cute[1],
                         "%.2f" % (cute[0] / max(floor[0], 1e-3)),
                         "%.2f" % (cute[1] / floor[1]),
                         "%.2f" % (cute[0] / n * 1e6), slope))
            sys.stdout.flush()
            prev = (n, cute[0])
            os.remove(ll)


if __name__ == "__main__":
    main()
