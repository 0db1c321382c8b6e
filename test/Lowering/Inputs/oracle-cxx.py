#!/usr/bin/env python3
#===- oracle-cxx.py - The C++ API against the layout-algebra oracle ------===#
#
# Part of CuTe-LLVM.
#
# Reads the layout-algebra reference cases (test/Layout/Inputs/
# cute_ir_cases.jsonl: CuTe IR's own results) and writes, for every
# static, successful case of an op that <cute/llvm.h> has a C++ function
# for, a device function that calls that function on the case's arguments
# (built from their notation) and returns equal(result, expected): after
# the lowering folds it, `ret i32 1`. Also writes the FileCheck file that
# expects exactly that of each function, and on stderr how many cases of
# each op it wrote.
#
# With --errors, the static cases the oracle rejects instead: one device
# function per case, the call on a line of its own, and OUT.check lists
# those lines. `oracle-cxx.py check OUT.check STDERR` then reads the
# compiler's diagnostics and requires exactly one error at each listed
# line (file:line:col of OUT.cu: a misuse of the C++ function is one
# located error, no cascade) and none elsewhere.
#
# A case that C++ itself rejects (an argument of a type the function does
# not take) is clang's one located error; `prune` blanks those functions
# (from clang's diagnostics of a -fsyntax-only run) so that the lowering
# sees a translation unit that compiles, and `check` counts both runs.
#
#   oracle-cxx.py CASES.jsonl OUT.cu OUT.check
#   oracle-cxx.py --errors CASES.jsonl XFAIL OUT.cu OUT.check
#   oracle-cxx.py prune OUT.cu SYNTAX-STDERR PRUNED.cu
#   oracle-cxx.py check OUT.check STDERR...
#
#===----------------------------------------------------------------------===#
import collections
import json
import re
import sys

# How each argument type is built from its notation.
MAKE = {
    "layout": "make_layout",
    "composed_layout": "make_layout",
    "shape": "make_shape",
    "int_tuple": "make_int_tuple",
    "coord": "make_coord",
    "tile": "make_tile",
}

# The C++ call of each op (`{0}`, `{1}`: the arguments; `{attrs}`: the
# case's attributes as `key=value ...`), and the constructor of its
# result. Ops whose C++ function takes attributes have them in the string.
CALLS = {
    "append_to_rank": ("append_to_rank({0}, {1}, {attrs})", None),
    "blocked_product": ("blocked_product({0}, {1})", "layout"),
    "ceil_div": ("ceil_div({0}, {1})", None),
    "coalesce": ("coalesce({0})", None),
    "coalesce/2": ("coalesce({0}, {1})", None),
    "complement": None,
    "composition": ("composition({0}, {1})", None),
    "dice": ("dice({0}, {1})", None),
    "elem_less": ("elem_less({0}, {1})", "bool"),
    "flat_divide": ("flat_divide({0}, {1})", "layout"),
    "flat_product": ("flat_product({0}, {1})", "layout"),
    "group_modes": ("group_modes({0}, {attrs})", None),
    "increment_coord": ("increment_coord({0}, {1})", None),
    "left_inverse": ("left_inverse({0})", "layout"),
    "logical_divide": ("logical_divide({0}, {1})", None),
    "logical_product": ("logical_product({0}, {1})", "layout"),
    "prepend_to_rank": ("prepend_to_rank({0}, {1}, {attrs})", None),
    "raked_product": ("raked_product({0}, {1})", "layout"),
    "recast_layout": ("recast_layout({0}, {attrs})", "layout"),
    "right_inverse": ("right_inverse({0})", "layout"),
    "select": ("select({0}, {attrs})", None),
    "shape_div": ("shape_div({0}, {1})", None),
    "tiled_divide": ("tiled_divide({0}, {1})", "layout"),
    "tiled_product": ("tiled_product({0}, {1})", "layout"),
    "tuple_add": ("tuple_add({0}, {1})", None),
    "tuple_product_each": ("tuple_product_each({0})", None),
    "tuple_sub": ("tuple_sub({0}, {1})", None),
    "zipped_divide": ("zipped_divide({0}, {1})", "layout"),
    "zipped_product": ("zipped_product({0}, {1})", "layout"),
}


def attr_text(attrs):
    parts = []
    for k, v in sorted(attrs.items()):
        if isinstance(v, list):
            v = ",".join(str(x) for x in v)
        parts.append("%s=%s" % (k, v))
    return '"' + " ".join(parts) + '"'


def is_value(text):
    """Whether notation \p text is one value (a tuple, a layout whose
    shape:stride is at the top level, or a composition of those), not a
    tuple of layouts."""
    if ":" not in text:
        return True
    depth, last = 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1, "<": 1, ">": -1}.get(ch, 0)
        if depth == 0 and text.startswith(" o ", i):
            last = i + 3
    depth = 0
    for ch in text[last:]:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == ":" and depth == 0:
            return True
    return False


def buildable(c, call):
    """The case's arguments as C++ constructor calls, or None."""
    if not call or c.get("dynamic"):
        return None
    if call[0].count("{") - call[0].count("{attrs}") != len(c["args"]):
        return None
    types = c.get("arg_types", [])
    if any(t not in MAKE for t in types) or "?" in str(c["args"]) or \
            "?" in str(c.get("result", "")):
        return None
    if not all(is_value(a) for a in c["args"]):
        return None
    if any(v == [] for v in c.get("attrs", {}).values()):
        return None
    if "{attrs}" not in call[0] and c.get("attrs"):
        return None
    return ['%s("%s")' % (MAKE[t], a) for t, a in zip(types, c["args"])]


def input_key(c):
    return (c["op"], tuple(c["args"]), json.dumps(c.get("attrs", {}),
                                                  sort_keys=True))


def generate(cases, out_cu, out_check, errors, xfail=None):
    fns, checks = [], []
    count = collections.Counter()
    # An error vector is a misuse only where cute-layout --check holds it
    # to be one: not a known deviation (the xfail file: CuTe IR rejected a
    # declared result type), not contradicted by a success vector for the
    # same input.
    skip = set()
    if xfail:
        for line in open(xfail):
            if line.strip() and not line.startswith("#"):
                skip.add(int(line.split()[0]))
    succeeds = {input_key(json.loads(line)) for line in open(cases)
                if "result" in json.loads(line)}
    # Line numbers of OUT.cu: two lines of preamble and a blank one, then
    # per function its comment line and its definition line.
    for number, line in enumerate(open(cases), 1):
        c = json.loads(line)
        if errors and (number in skip or input_key(c) in succeeds):
            continue
        call = CALLS.get(c["op"] + "/%d" % len(c["args"]),
                         CALLS.get(c["op"]))
        if bool(c.get("error")) != errors or \
                (not errors and "result" not in c):
            continue
        args = buildable(c, call)
        if args is None:
            continue
        if not errors and not is_value(c["result"]):
            continue
        attrs = attr_text(c.get("attrs", {}))
        expr = call[0].format(*args, attrs=attrs)
        name = "case%d" % len(fns)
        if errors:
            why = c["error"] if isinstance(c["error"], str) else "rejected"
            value = expr if call[1] == "bool" else "depth(%s)" % expr
            fns.append("// %s%s: %s\n__device__ int %s() { return %s; }" %
                       (c["op"], tuple(c["args"]),
                        why.splitlines()[0][:100], name, value))
            checks.append("%d %s" % (3 + 2 * len(fns), c["op"]))
            count[c["op"]] += 1
            continue
        types = c.get("arg_types", [])
        rtype = call[1] or types[0]
        if rtype == "bool":
            want = "1" if c["result"] == "true" else "0"
            body = "return %s == %s;" % (expr, want)
        else:
            body = 'return equal(%s, %s("%s"));' % (expr, MAKE[rtype],
                                                   c["result"])
        fns.append("// %s%s = %s\n__device__ int %s() { %s }"
                   % (c["op"], tuple(c["args"]), c["result"], name, body))
        checks.append("CHECK-LABEL: define {{.*}}@_Z%d%sv(\nCHECK-NEXT: "
                      "ret i32 1" % (len(name), name))
        count[c["op"]] += 1
    with open(out_cu, "w") as f:
        f.write("#include <cute/llvm.h>\nusing namespace cute;\n\n")
        f.write("\n".join(fns) + "\n")
    with open(out_check, "w") as f:
        if errors:
            f.write("\n".join(checks) + "\n")
        else:
            f.write("CHECK-NOT: llvm.cute\n" + "\n".join(checks) + "\n")
    for op, n in sorted(count.items()):
        print("oracle-cxx: %s %d" % (op, n), file=sys.stderr)
    print("oracle-cxx: %d %s, %d ops" % (len(fns), "error cases" if errors
                                         else "cases", len(count)),
          file=sys.stderr)


ERROR = (re.compile(r"error: (?P<file>\S+?):(?P<line>\d+):\d+: "),
         re.compile(r"(?P<file>\S+?):(?P<line>\d+):\d+: error: "))


def located_errors(paths):
    """Per line, the errors located there (the lowering's `error:
    FILE:L:C:` and clang's `FILE:L:C: error:`), and the unlocated ones."""
    got, stray = collections.Counter(), []
    for path in paths:
        for line in open(path, errors="replace"):
            m = ERROR[0].match(line) or ERROR[1].match(line)
            if m:
                got[int(m.group("line"))] += 1
            elif re.match(r"(\S+: )?error: ", line) and \
                    "error(s) generated" not in line and \
                    not re.search(r"\d+ errors? generated", line):
                stray.append(line.rstrip())
    return got, stray


def prune(cu_path, stderr_path, out_path):
    """OUT.cu without the functions that C++ itself rejects (their lines
    blanked, so that the others keep theirs): the lowering runs only on a
    translation unit that compiles."""
    got, _ = located_errors([stderr_path])
    lines = open(cu_path).read().split("\n")
    for n in got:
        if 1 <= n <= len(lines) and lines[n - 1].startswith("__device__"):
            lines[n - 1] = "// (rejected by C++)"
    open(out_path, "w").write("\n".join(lines))
    return 0


def check(lines_path, stderr_paths):
    """Exactly one error at each listed line of the generated file, none
    elsewhere; prints each mismatch and a summary, returns 1 on any."""
    want = {}
    for line in open(lines_path):
        n, op = line.split()
        want[int(n)] = op
    got, stray = located_errors(stderr_paths)
    bad = 0
    for n, op in sorted(want.items()):
        if got[n] != 1:
            print("oracle-cxx: line %d (%s): %d error(s), want 1" %
                  (n, op, got[n]))
            bad += 1
    for n in sorted(set(got) - set(want)):
        print("oracle-cxx: line %d: an error where no case is" % n)
        bad += 1
    for line in stray:
        print("oracle-cxx: an error without a location: %s" % line[:200])
        bad += 1
    print("oracle-cxx: %d error cases, %d located once, %d mismatch(es)" %
          (len(want), sum(1 for n in want if got[n] == 1), bad))
    return 1 if bad else 0


def main():
    if sys.argv[1] == "check":
        return check(sys.argv[2], sys.argv[3:])
    if sys.argv[1] == "prune":
        return prune(sys.argv[2], sys.argv[3], sys.argv[4])
    if sys.argv[1] == "--errors":
        generate(sys.argv[2], sys.argv[4], sys.argv[5], True, sys.argv[3])
    else:
        generate(sys.argv[1], sys.argv[2], sys.argv[3], False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
