#!/usr/bin/env python3
#===- differential.py - Differential test of the layout lowering ----------===#
#
# Part of CuTe-LLVM.
#
#===-----------------------------------------------------------------------===#
#
# Checks the lowering of `llvm.cute.*` layout calls against the layout
# library, on several hundred layouts taken from the oracle test vectors
# (test/Layout/Inputs/*.jsonl):
#
#   static   For every layout, IR computes size, cosize, crd2idx of every
#            index, the leaves of idx2crd of every index, and, for pairs of
#            layouts, composition(A,B) evaluated at every index. One function
#            per layout and query returns its results as an array. After
#            `cute-opt -passes=cute-lower`, no call may remain and every
#            function must be `ret <constant>`; the constants must equal what
#            `cute-layout` computes.
#
#   dynamic  The same layouts with a random subset of leaves written `?` and
#            passed as function arguments. The lowered IR gets a host `main`
#            that passes the real leaf values and prints the results; `lli`
#            runs it and the numbers must equal the static results. Where the
#            lowering rejects a dynamic case with a diagnostic, the case is
#            counted (and compared with what `cute-layout` says of the same
#            dynamic operands), never failed: only a wrong number fails.
#
#   plugin   A subset of both, lowered by stock `opt` with the pass plugin;
#            the results must be identical to those of cute-opt.
#
# Everything is deterministic (fixed seed). The expected values come from
# `cute-layout --jsonl` (one process for a whole batch of queries). Exit
# status 1 on any mismatch, any crash, any leftover call or non-constant
# static result; the last line is the summary, e.g.
#   static: 300 layouts, 40000 values, 0 mismatches
#
# Tool options avoid the tools' names (lit would substitute inside them).
#
#===-----------------------------------------------------------------------===#

import argparse
import json
import os
import random
import re
import shlex
import subprocess
import sys

# Index-space cap: a layout of more elements is not used.
MAX_SIZE = 256
# Results must fit in i32 (the lowered code computes in i32).
MAX_COSIZE = 2**31 - 1


#===-----------------------------------------------------------------------===#
# CuTe notation for plain integer layouts
#===-----------------------------------------------------------------------===#

PLAIN_LAYOUT_RE = re.compile(r"^[-0-9(),]+:[-0-9(),]+$")


def is_plain_layout(text):
    """Whether `text` is a plain `Shape:Stride` layout of integers (not a
    tiler of layouts, a composed layout, a swizzle...)."""
    if not PLAIN_LAYOUT_RE.match(text):
        return False
    try:
        Layout(text)
    except (AssertionError, IndexError):
        return False
    return True


def parse_tuple(text):
    """Parses an integer tuple `(a,(b,c))` or `a` into nested lists/ints."""
    pos = 0

    def parse():
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            items = [parse()]
            while text[pos] == ",":
                pos += 1
                items.append(parse())
            assert text[pos] == ")", text
            pos += 1
            return items
        m = re.match(r"-?[0-9]+", text[pos:])
        assert m, text
        pos += m.end()
        return int(m.group(0))

    result = parse()
    assert pos == len(text), text
    return result


def leaves(t):
    """The leaves of a nested tuple, in print order."""
    if isinstance(t, list):
        return [x for item in t for x in leaves(item)]
    return [t]


def show(t, values):
    """Prints the profile of `t` with its leaves taken, in order, from
    the iterator `values` (integers or '?')."""
    if isinstance(t, list):
        return "(" + ",".join(show(item, values) for item in t) + ")"
    return str(next(values))


class Layout:
    """A plain layout `Shape:Stride` and its dynamic-leaf mask."""

    def __init__(self, text):
        self.text = text
        shape, stride = text.split(":")
        self.shape = parse_tuple(shape)
        self.stride = parse_tuple(stride)
        self.shape_leaves = leaves(self.shape)
        self.stride_leaves = leaves(self.stride)
        # Which leaves are dynamic (all static by default).
        self.dyn = [False] * (len(self.shape_leaves) + len(self.stride_leaves))

    def with_dynamic(self, mask):
        copy = Layout(self.text)
        copy.dyn = list(mask)
        return copy

    def all_leaves(self):
        return self.shape_leaves + self.stride_leaves

    def profile(self):
        """The notation with dynamic leaves written `?`."""
        vals = [("?" if d else v) for v, d in zip(self.all_leaves(), self.dyn)]
        it = iter(vals)
        shape = show(self.shape, it)
        stride = show(self.stride, it)
        return shape + ":" + stride

    def shape_profile(self):
        n = len(self.shape_leaves)
        vals = [("?" if d else v)
                for v, d in zip(self.shape_leaves, self.dyn[:n])]
        return show(self.shape, iter(vals))

    def dynamic_values(self):
        """The real values of the dynamic leaves, in operand order."""
        return [v for v, d in zip(self.all_leaves(), self.dyn) if d]

    def dynamic_shape_values(self):
        n = len(self.shape_leaves)
        return [v for v, d in zip(self.shape_leaves, self.dyn[:n]) if d]


#===-----------------------------------------------------------------------===#
# The layout library, through `cute-layout --jsonl`
#===-----------------------------------------------------------------------===#

class Calculator:
    def __init__(self, tool, workdir):
        self.tool = tool
        self.workdir = workdir
        self.batches = 0

    def run(self, queries):
        """Evaluates a list of (op, args) queries in one process; returns
        for each the result string, or None where the library reports an
        error."""
        if not queries:
            return []
        path = os.path.join(self.workdir, "queries-%d.jsonl" % self.batches)
        self.batches += 1
        with open(path, "w") as f:
            for op, args in queries:
                f.write(json.dumps({"op": op, "args": args}) + "\n")
        # Exit status 1 only says that some query did not parse (the
        # corpus holds bad inputs on purpose); each still has its line.
        proc = subprocess.run([self.tool, "--jsonl", path],
                              capture_output=True, text=True)
        assert proc.returncode in (0, 1), proc.stderr
        out = proc.stdout
        lines = out.splitlines()
        assert len(lines) == len(queries), "cute-layout: one line per query"
        results = []
        for line in lines:
            obj = json.loads(line)
            results.append(obj.get("result"))
        return results


def ints_of(text):
    """The integers of a result tuple, in print order."""
    return [int(x) for x in re.findall(r"-?[0-9]+", text)]


#===-----------------------------------------------------------------------===#
# Choosing the layouts
#===-----------------------------------------------------------------------===#

def oracle_records(inputs):
    for name in ("layout_algebra.jsonl", "cute_ir_cases.jsonl"):
        with open(os.path.join(inputs, name)) as f:
            for line in f:
                line = line.strip()
                if line:
                    yield json.loads(line)


def collect(inputs, calc, rng, count, pair_count):
    """Returns (layouts, pairs, expected): `count` distinct layouts of the
    oracle with size <= MAX_SIZE, and `pair_count` (A, B) pairs whose
    composition the library accepts (those of the oracle first, then
    random ones)."""
    texts = set()
    oracle_pairs = []
    for rec in oracle_records(inputs):
        args = [a for a in rec.get("args", []) if isinstance(a, str)]
        for a in args:
            if is_plain_layout(a):
                texts.add(a)
        if (rec.get("op") == "composition" and "result" in rec
                and len(args) == 2 and all(is_plain_layout(a) for a in args)
                and rec.get("arg_types", ["layout", "layout"]) ==
                ["layout", "layout"]):
            oracle_pairs.append(tuple(args))
    texts = sorted(texts)

    # Keep those the library accepts with a small index space.
    res = calc.run([(op, [t]) for t in texts for op in ("size", "cosize")])
    usable = []
    for i, t in enumerate(texts):
        size, cosize = res[2 * i], res[2 * i + 1]
        if size is None or cosize is None:
            continue
        if int(size) <= MAX_SIZE and abs(int(cosize)) <= MAX_COSIZE:
            usable.append(t)
    rng.shuffle(usable)
    chosen = sorted(usable[:count], key=lambda t: (len(t), t))
    layouts = [Layout(t) for t in chosen]

    # Composition pairs: the oracle's, then random ones, all accepted by the
    # library and of small result size.
    candidates = sorted(set(oracle_pairs))
    rng.shuffle(candidates)
    pool = sorted(usable)
    for _ in range(4 * pair_count):
        candidates.append((rng.choice(pool), rng.choice(pool)))
    comp = calc.run([("composition", list(p)) for p in candidates])
    sizes = calc.run([("size", [r]) if r else ("size", ["1:0"]) for r in comp])
    pairs, seen = [], set()
    for p, r, s in zip(candidates, comp, sizes):
        if r is None or p in seen or not is_plain_layout(r):
            continue
        if int(s) > MAX_SIZE:
            continue
        seen.add(p)
        pairs.append((Layout(p[0]), Layout(p[1]), r))
        if len(pairs) == pair_count:
            break
    return layouts, pairs


def expected_values(calc, layouts, pairs):
    """The library's results: for each layout {size, cosize, crd2idx,
    idx2crd}, for each pair the composition evaluated at every index."""
    queries = []
    for l in layouts:
        queries += [("size", [l.text]), ("cosize", [l.text]), ("eval", [l.text])]
    for a, b, r in pairs:
        queries.append(("eval", [r]))
    res = calc.run(queries)
    exp = []
    for k, l in enumerate(layouts):
        size, cosize, ev = res[3 * k:3 * k + 3]
        exp.append({"size": int(size), "cosize": int(cosize),
                    "crd2idx": ints_of(ev)})
    comp = [ints_of(ev) for ev in res[3 * len(layouts):]]

    # idx2crd of every index, against the shape.
    queries = []
    for k, l in enumerate(layouts):
        shape = show(l.shape, iter(l.shape_leaves))
        queries += [("idx2crd", [str(i), shape]) for i in range(exp[k]["size"])]
    res = iter(calc.run(queries))
    for k, l in enumerate(layouts):
        crds = []
        for i in range(exp[k]["size"]):
            c = ints_of(next(res))
            assert len(c) == len(l.shape_leaves)
            crds += c
        exp[k]["idx2crd"] = crds
    return exp, comp


#===-----------------------------------------------------------------------===#
# IR generation
#===-----------------------------------------------------------------------===#

class Module:
    """Builds one IR module of many functions, each recorded with the name
    and expected values of its results."""

    DECLS = """\
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare i32 @llvm.cute.size(ptr)
declare i32 @llvm.cute.cosize(ptr)
declare i32 @llvm.cute.crd2idx(i32, ptr)
declare i64 @llvm.cute.crd2idx.i64(i32, ptr)
declare ptr @llvm.cute.idx2crd(i32, ptr)
declare i32 @llvm.cute.get_leaf(ptr, i32)
declare ptr @llvm.cute.composition(ptr, ptr)
"""

    def __init__(self, dynamic):
        self.dynamic = dynamic
        self.strings = {}
        # name -> (body text, element type, expected values, real arguments,
        #          description)
        self.functions = {}

    def string(self, text):
        if text not in self.strings:
            self.strings[text] = "@s%d" % len(self.strings)
        return self.strings[text]

    def make(self, ctor, profile, args, tmp):
        ops = "".join(", i32 %s" % a for a in args)
        return "  %%%s = call ptr (ptr, ...) @llvm.cute.%s(ptr %s%s)\n" % (
            tmp, ctor, self.string(profile), ops)

    def add(self, name, elt, setup, per_index, count, params, real_args,
            expected, what):
        """A function `name` computing `count` groups of results:
        `per_index(i, tag)` gives the lines that compute the results for
        index `i` (an integer, or the loop counter `%i`) and the names of
        their values, made unique by `tag`.

        Static: the indices are unrolled and the function returns all the
        values as an array. Dynamic: a loop over the index (a dynamic
        coordinate) stores them through the first argument."""
        sig = ", ".join(["i32 %%%s" % p for p in params])
        n = len(expected)
        if self.dynamic:
            head = "define void @%s(ptr %%out%s) {\nentry:\n" % (
                name, (", " + sig) if sig else "")
            lines = [setup, "  br label %loop\nloop:\n",
                     "  %i = phi i32 [ 0, %entry ], [ %inext, %loop ]\n"]
            body, vals = per_index("%i", "")
            lines += body
            k = len(vals)
            lines.append("  %%base = mul i32 %%i, %d\n" % k)
            for j, v in enumerate(vals):
                lines.append("  %%o%d = add i32 %%base, %d\n"
                             "  %%p%d = getelementptr %s, ptr %%out, i32 %%o%d\n"
                             "  store %s %s, ptr %%p%d\n" %
                             (j, j, j, elt, j, elt, v, j))
            lines.append("  %%inext = add i32 %%i, 1\n"
                         "  %%more = icmp slt i32 %%inext, %d\n"
                         "  br i1 %%more, label %%loop, label %%done\n"
                         "done:\n  ret void\n" % count)
        else:
            head = "define [%d x %s] @%s(%s) {\n" % (n, elt, name, sig)
            lines = [setup]
            vals = []
            for i in range(count):
                body, v = per_index(str(i), str(i))
                lines += body
                vals += v
            assert len(vals) == n
            prev = "poison"
            for i, v in enumerate(vals):
                lines.append("  %%r%d = insertvalue [%d x %s] %s, %s %s, %d\n"
                             % (i, n, elt, prev, elt, v, i))
                prev = "%%r%d" % i
            lines.append("  ret [%d x %s] %s\n" % (n, elt, prev))
        self.functions[name] = (head + "".join(lines) + "}\n", elt, expected,
                                real_args, what)

    def text(self, names=None):
        out = ["; Generated by differential.py\n"]
        for s, g in self.strings.items():
            out.append('%s = private constant [%d x i8] c"%s\\00"\n' %
                       (g, len(s) + 1, s))
        out.append(self.DECLS)
        for name, f in self.functions.items():
            if names is None or name in names:
                out.append("\n" + f[0])
        return "".join(out)


def params_for(prefix, l, shape_only=False):
    vals = l.dynamic_shape_values() if shape_only else l.dynamic_values()
    return ["%s%d" % (prefix, i) for i in range(len(vals))], vals


def build(layouts, pairs, exp, comp, dynamic, wide_every=4):
    m = Module(dynamic)
    for k, l in enumerate(layouts):
        e = exp[k]
        prof = l.profile()
        params, real = params_for("d", l)
        lay = m.make("make_layout", prof, ["%" + p for p in params], "l")
        what = "layout %s (profile %s)" % (l.text, prof)

        # size and cosize.
        def sc(i, tag):
            return (["  %size = call i32 @llvm.cute.size(ptr %l)\n",
                     "  %cosize = call i32 @llvm.cute.cosize(ptr %l)\n"],
                    ["%size", "%cosize"])
        m.add("sc%d" % k, "i32", lay, sc, 1, params, real,
              [e["size"], e["cosize"]], "size/cosize of " + what)

        # crd2idx of every index; every few layouts with an i64 result.
        wide = k % wide_every == wide_every - 1
        elt, fn = ("i64", "crd2idx.i64") if wide else ("i32", "crd2idx")

        def c2i(i, tag, elt=elt, fn=fn):
            return (["  %%v%s = call %s @llvm.cute.%s(i32 %s, ptr %%l)\n" %
                     (tag, elt, fn, i)], ["%%v%s" % tag])
        m.add("crd2idx%d" % k, elt, lay, c2i, e["size"], params, real,
              e["crd2idx"], "crd2idx of " + what)

        # idx2crd of every index, all leaves of each coordinate.
        sparams, sreal = params_for("d", l, shape_only=True)
        shp = m.make("make_shape", l.shape_profile(),
                     ["%" + p for p in sparams], "s")
        nleaves = len(l.shape_leaves)

        def i2c(i, tag, nleaves=nleaves):
            lines = ["  %%c%s = call ptr @llvm.cute.idx2crd(i32 %s, ptr %%s)\n"
                     % (tag, i)]
            vals = []
            for j in range(nleaves):
                lines.append("  %%v%s_%d = call i32 @llvm.cute.get_leaf("
                             "ptr %%c%s, i32 %d)\n" % (tag, j, tag, j))
                vals.append("%%v%s_%d" % (tag, j))
            return lines, vals
        m.add("idx2crd%d" % k, "i32", shp, i2c, e["size"], sparams, sreal,
              e["idx2crd"], "idx2crd of shape %s" % l.shape_profile())

    for j, (a, b, r) in enumerate(pairs):
        pa, ra = params_for("a", a)
        pb, rb = params_for("b", b)
        setup = (m.make("make_layout", a.profile(), ["%" + p for p in pa], "a")
                 + m.make("make_layout", b.profile(), ["%" + p for p in pb], "b")
                 + "  %l = call ptr @llvm.cute.composition(ptr %a, ptr %b)\n")

        def ev(i, tag):
            return (["  %%v%s = call i32 @llvm.cute.crd2idx(i32 %s, ptr %%l)\n"
                     % (tag, i)], ["%%v%s" % tag])
        m.add("comp%d" % j, "i32", setup, ev, len(comp[j]), pa + pb, ra + rb,
              comp[j], "composition(%s, %s) = %s" % (a.profile(), b.profile(), r))
    return m


#===-----------------------------------------------------------------------===#
# Lowering and checking
#===-----------------------------------------------------------------------===#

DIAG_FN = re.compile(r"error: in function '([^']+)'")


class Failure:
    def __init__(self):
        self.messages = []

    def __call__(self, msg):
        self.messages.append(msg)
        print("error: " + msg)


def lower(cmd, module, path, fail):
    """Lowers `module` with `cmd` (input path appended); functions that the
    lowering rejects with a diagnostic are dropped and the rest lowered
    again. Returns (lowered text, {function: diagnostic})."""
    names = set(module.functions)
    diags = {}
    while True:
        with open(path, "w") as f:
            f.write(module.text(names))
        proc = subprocess.run(cmd + [path], capture_output=True, text=True)
        if proc.returncode == 0:
            return proc.stdout, diags
        culprits = {}
        for line in proc.stderr.splitlines():
            m = DIAG_FN.search(line)
            if m and m.group(1) in names:
                culprits.setdefault(m.group(1), line.strip())
        if not culprits or proc.returncode < 0:
            # A crash, or a failure naming no function: isolate it.
            fail("lowering failed without a diagnostic naming a function "
                 "(exit %d): %s" % (proc.returncode, proc.stderr.strip()[-2000:]))
            return None, diags
        diags.update(culprits)
        names -= set(culprits)


FUNC_RE = re.compile(r"^define [^@]*@(\w+)\([^)]*\)[^{]*\{\n(.*?)^\}",
                     re.M | re.S)
RET_ARRAY = re.compile(r"^\s*ret \[(\d+) x (i32|i64)\] (.*)$")


def parse_static(text, module, fail):
    """Checks that every function of the lowered module is one `ret` of a
    constant and compares it to the expected values. Returns the results
    {name: [ints]} and the number of mismatching functions."""
    if re.search(r"call\b[^\n]*@llvm\.cute\.", text):
        fail("a call to llvm.cute.* remains after lowering")
    results = {}
    for m in FUNC_RE.finditer(text):
        name, body = m.group(1), m.group(2).strip()
        lines = [l for l in body.splitlines() if l.strip()]
        r = RET_ARRAY.match(lines[-1]) if lines else None
        if len(lines) != 1 or not r:
            fail("@%s is not lowered to a constant:\n%s" % (name, body))
            continue
        n, elt, const = int(r.group(1)), r.group(2), r.group(3).strip()
        if const == "zeroinitializer":
            vals = [0] * n
        elif re.fullmatch(r"\[(\s*%s -?[0-9]+,?)*\s*\]" % elt, const):
            vals = [int(x) for x in re.findall(r"i(?:32|64) (-?[0-9]+)", const)]
        else:
            fail("@%s returns a non-integer constant: %s" % (name, const))
            continue
        results[name] = vals
    return results


def case_key(module, name):
    """A case as the xfail file names it: what it computes and the real
    values of its dynamic leaves."""
    body, elt, expected, real, what = module.functions[name]
    return "%s args %s" % (what, real)


def read_xfail(path):
    """Known deviations, one `case-key  # reason` a line."""
    known = {}
    if path:
        with open(path) as f:
            for line in f:
                key, _, reason = line.partition("#")
                if key.strip():
                    known[key.strip()] = reason.strip()
    return known


def compare(results, module, fail, label, known=None, seen_known=None):
    """Compares {name: values} to the expectation; returns the number of
    values compared and of mismatching values. Mismatches of the cases in
    `known` (the xfail file) are reported as notes, recorded in
    `seen_known` and not counted."""
    values = mismatches = 0
    for name, (body, elt, expected, real, what) in module.functions.items():
        if name not in results:
            continue
        got = results[name]
        values += len(expected)
        if got != expected and known and case_key(module, name) in known:
            seen_known.add(case_key(module, name))
            print("note: known deviation: @%s (%s) args %s: %s" % (
                name, what, real, known[case_key(module, name)]))
            continue
        if got != expected:
            bad = [i for i in range(max(len(got), len(expected)))
                   if i >= len(got) or i >= len(expected) or got[i] != expected[i]]
            mismatches += len(bad)
            i = bad[0]
            fail("%s: @%s (%s) args %s: value %d: expected %s, got %s "
                 "(%d wrong of %d)" % (
                     label, name, what, real, i,
                     expected[i] if i < len(expected) else "-",
                     got[i] if i < len(got) else "-", len(bad), len(expected)))
    return values, mismatches


# One printer per element type: `ID: v0 v1 ...` for the first n elements of
# @__buf.
PRINT_FN = r"""
define void @__print_{ty}(i32 %id, i32 %n) {{
entry:
  call i32 (ptr, ...) @printf(ptr @__fmt_id, i32 %id)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = getelementptr {ty}, ptr @__buf, i32 %i
  %v = load {ty}, ptr %q
  call i32 (ptr, ...) @printf(ptr @__fmt_v{bits}, {ty} %v)
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  call i32 (ptr, ...) @printf(ptr @__fmt_nl)
  call i32 @fflush(ptr null)
  ret void
}}
"""

PRINTER = r"""
; Host driver, appended by differential.py.
@__fmt_id = private constant [4 x i8] c"%d:\00"
@__fmt_v32 = private constant [4 x i8] c" %d\00"
@__fmt_v64 = private constant [6 x i8] c" %lld\00"
@__fmt_nl = private constant [2 x i8] c"\0A\00"
@__buf = global [4096 x i64] zeroinitializer
declare i32 @printf(ptr, ...)
declare i32 @fflush(ptr)
""" + "".join(PRINT_FN.format(ty="i%d" % b, bits=b) for b in (32, 64))


def run_dynamic(lowered, module, names, path, jit, fail):
    """Appends a `main` that calls every lowered function with its real
    leaf values, runs it with lli, and returns {name: [ints]}."""
    if re.search(r"call\b[^\n]*@llvm\.cute\.", lowered):
        fail("a call to llvm.cute.* remains after lowering")
    order = [n for n in module.functions if n in names]
    main = ["define i32 @main() {\n"]
    for i, name in enumerate(order):
        body, elt, expected, real, what = module.functions[name]
        args = "".join(", i32 %d" % v for v in real)
        main.append("  call void @%s(ptr @__buf%s)\n" % (name, args))
        main.append("  call void @__print_%s(i32 %d, i32 %d)\n" %
                    (elt, i, len(expected)))
    main.append("  ret i32 0\n}\n")
    with open(path, "w") as f:
        f.write(lowered + PRINTER + "".join(main))
    proc = subprocess.run([*shlex.split(jit), path], capture_output=True, text=True)
    results = {}
    for line in proc.stdout.splitlines():
        idx, _, vals = line.partition(":")
        results[order[int(idx)]] = [int(v) for v in vals.split()]
    if proc.returncode != 0:
        # The printer flushes after every function: the one after the last
        # line printed is the one that crashed. Report it, run the others.
        culprit = order[len(results)] if len(results) < len(order) else None
        if culprit is None:
            fail("lli failed (exit %d): %s" % (proc.returncode,
                                              proc.stderr[-2000:]))
            return results
        body, elt, expected, real, what = module.functions[culprit]
        fail("lowered @%s (%s) crashed at run time with args %s (exit %d)" %
             (culprit, what, real, proc.returncode))
        rest = run_dynamic(lowered, module, set(order[len(results) + 1:]),
                           path, jit, fail)
        results.update(rest)
    return results


#===-----------------------------------------------------------------------===#
# Driver
#===-----------------------------------------------------------------------===#

def random_mask(rng, l, rate=0.5, keep_zero_strides=False):
    """A random set of dynamic leaves, at least one. With
    `keep_zero_strides`, stride leaves of value 0 stay static: composition
    divides by the strides of its right operand, and a dynamic stride that
    is 0 at run time traps in the lowered code (as `shape_div` does in
    CuTe's C++), see the report of the differential test."""
    n = len(l.all_leaves())
    mask = [rng.random() < rate for _ in range(n)]
    if not any(mask):
        mask[rng.randrange(n)] = True
    if keep_zero_strides:
        ns = len(l.shape_leaves)
        for j, v in enumerate(l.stride_leaves):
            mask[ns + j] = mask[ns + j] and v != 0
    return mask


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=["static", "dynamic"])
    ap.add_argument("--calculator", required=True, help="cute-layout")
    ap.add_argument("--lowerer", required=True, help="cute-opt")
    ap.add_argument("--jit", help="lli (dynamic)")
    ap.add_argument("--stock", help="stock opt, to check the plugin path too")
    ap.add_argument("--plugin", help="the pass plugin, for --stock")
    ap.add_argument("--plugin-subset", type=int, default=5,
                    help="every N-th layout and pair is lowered through the "
                         "plugin too")
    ap.add_argument("--inputs", required=True, help="the oracle's jsonl files")
    ap.add_argument("--work", required=True, help="scratch directory")
    ap.add_argument("--seed", type=int, default=20250604)
    ap.add_argument("--layouts", type=int, default=300)
    ap.add_argument("--pairs", type=int, default=150)
    ap.add_argument("--dynamic-zero-strides", action="store_true",
                    help="let zero strides of composition's right operand "
                         "be dynamic (they trap, see random_mask)")
    ap.add_argument("--xfail", help="known deviations of the dynamic test")
    ap.add_argument("--perturb", action="store_true",
                    help="corrupt one expected value (proves the test fails)")
    opts = ap.parse_args()
    os.makedirs(opts.work, exist_ok=True)
    fail = Failure()

    rng = random.Random(opts.seed)
    calc = Calculator(opts.calculator, opts.work)
    layouts, pairs = collect(opts.inputs, calc, rng, opts.layouts, opts.pairs)
    exp, comp = expected_values(calc, layouts, pairs)
    if opts.perturb:
        exp[len(exp) // 2]["crd2idx"][-1] += 1

    if opts.mode == "static":
        module = build(layouts, pairs, exp, comp, dynamic=False)
        lowered, diags = lower([opts.lowerer, "-passes=cute-lower"], module,
                               os.path.join(opts.work, "static.ll"), fail)
        for name, d in sorted(diags.items()):
            fail("static @%s was rejected: %s" % (name, d))
        results = {}
        if lowered is not None:
            with open(os.path.join(opts.work, "static.lowered.ll"), "w") as f:
                f.write(lowered)
            results = parse_static(lowered, module, fail)
        values, bad = compare(results, module, fail, "static")
        if opts.stock:
            sub = subset_names(module, opts.plugin_subset)
            pm = Module(False)
            pm.strings = module.strings
            pm.functions = {n: module.functions[n] for n in sub}
            plow, _ = lower([*shlex.split(opts.stock), "-load-pass-plugin=" + opts.plugin,
                             "-passes=cute-lower", "-S"], pm,
                            os.path.join(opts.work, "plugin.ll"), fail)
            pres = parse_static(plow, pm, fail) if plow else {}
            same = sum(1 for n in sub if pres.get(n) == results.get(n))
            pvals, pbad = compare(pres, pm, fail, "plugin")
            print("plugin: %d functions, %d values, %d identical to cute-opt, "
                  "%d mismatches" % (len(sub), pvals, same, pbad))
            if same != len(sub):
                fail("the plugin's results differ from cute-opt's")
            bad += pbad + (len(sub) - same)
        print("static: %d layouts, %d composition pairs, %d functions, "
              "%d values, %d mismatches" % (len(layouts), len(pairs),
                                            len(results), values, bad))
    else:
        # The same layouts with random dynamic leaves.
        dl = [l.with_dynamic(random_mask(rng, l)) for l in layouts]
        dp = [(a.with_dynamic(random_mask(rng, a, 0.3)),
               b.with_dynamic(random_mask(rng, b, 0.3, keep_zero_strides=
                                          not opts.dynamic_zero_strides)), r)
              for a, b, r in pairs]
        module = build(dl, dp, exp, comp, dynamic=True)
        lowered, diags = lower([opts.lowerer, "-passes=cute-lower"], module,
                               os.path.join(opts.work, "dynamic.ll"), fail)
        results = {}
        if lowered is not None:
            with open(os.path.join(opts.work, "dynamic.lowered.ll"), "w") as f:
                f.write(lowered)
            names = set(module.functions) - set(diags)
            results = run_dynamic(lowered, module, names,
                                  os.path.join(opts.work, "dynamic.run.ll"),
                                  opts.jit, fail)
        known = read_xfail(opts.xfail)
        seen_known = set()
        values, bad = compare(results, module, fail, "dynamic", known,
                              seen_known)
        for key in sorted(set(known) - seen_known):
            fail("known deviation no longer seen (remove it from %s): %s" %
                 (os.path.basename(opts.xfail), key))

        # Diagnostics: does the library also reject those dynamic operands?
        lib = calc.run([("composition", [a.profile(), b.profile()])
                        for a, b, r in dp])
        lib_rejects = {"comp%d" % j for j, r in enumerate(lib) if r is None}
        agreed = sorted(set(diags) & lib_rejects)
        extra = sorted(set(diags) - lib_rejects)
        for name in sorted(diags):
            print("note: diagnosed: @%s (%s): %s" % (
                name, module.functions[name][4], diags[name]))
        for name in extra:
            print("note: @%s (%s) rejected although the library accepts it: %s"
                  % (name, module.functions[name][4], diags[name]))
        for name in sorted(lib_rejects - set(diags)):
            print("note: @%s (%s) lowered although the library rejects the "
                  "dynamic operands" % (name, module.functions[name][4]))
        if opts.stock:
            sub = subset_names(module, opts.plugin_subset) - set(diags)
            pm = Module(True)
            pm.strings = module.strings
            pm.functions = {n: module.functions[n] for n in sub}
            plow, pdiags = lower([*shlex.split(opts.stock), "-load-pass-plugin=" + opts.plugin,
                                  "-passes=cute-lower", "-S"], pm,
                                 os.path.join(opts.work, "plugin.ll"), fail)
            pres = run_dynamic(plow, pm, sub - set(pdiags),
                               os.path.join(opts.work, "plugin.run.ll"),
                               opts.jit, fail) if plow else {}
            same = sum(1 for n in sub if pres.get(n) == results.get(n))
            pvals, pbad = compare(pres, pm, fail, "plugin", known, set())
            print("plugin: %d functions, %d values, %d identical to cute-opt, "
                  "%d mismatches" % (len(sub), pvals, same, pbad))
            if same != len(sub):
                fail("the plugin's results differ from cute-opt's")
            bad += pbad + (len(sub) - same)
        print("dynamic: %d layouts, %d composition pairs, %d functions, "
              "%d values, %d diagnosed (%d also rejected by the library), "
              "%d known deviations, %d mismatches" % (
                  len(layouts), len(pairs), len(results), values, len(diags),
                  len(agreed), len(seen_known), bad))
    return 1 if fail.messages else 0


def subset_names(module, every):
    """The functions of every `every`-th layout and pair."""
    keep = set()
    for name in module.functions:
        m = re.search(r"(\d+)$", name)
        if m and int(m.group(1)) % every == 0:
            keep.add(name)
    return keep


if __name__ == "__main__":
    sys.exit(main())
