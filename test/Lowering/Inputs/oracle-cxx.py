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
#   oracle-cxx.py CASES.jsonl OUT.cu OUT.check
#
#===----------------------------------------------------------------------===#
import collections
import json
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


def main():
    cases, out_cu, out_check = sys.argv[1], sys.argv[2], sys.argv[3]
    fns, checks = [], []
    count = collections.Counter()
    for line in open(cases):
        c = json.loads(line)
        call = CALLS.get(c["op"] + "/%d" % len(c["args"]),
                         CALLS.get(c["op"]))
        if call and call[0].count("{") - call[0].count("{attrs}") != \
                len(c["args"]):
            continue
        if not call or c.get("error") or c.get("dynamic") or \
                "result" not in c:
            continue
        types = c.get("arg_types", [])
        if any(t not in MAKE for t in types) or "?" in str(c["args"]) or \
                "?" in str(c["result"]):
            continue
        if not all(is_value(a) for a in c["args"] + [c["result"]]):
            continue
        if any(v == [] for v in c.get("attrs", {}).values()):
            continue
        args = ['%s("%s")' % (MAKE[t], a) for t, a in zip(types, c["args"])]
        attrs = attr_text(c.get("attrs", {}))
        if "{attrs}" not in call[0] and c.get("attrs"):
            continue
        expr = call[0].format(*args, attrs=attrs)
        rtype = call[1] or types[0]
        name = "case%d" % len(fns)
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
        f.write("CHECK-NOT: llvm.cute\n" + "\n".join(checks) + "\n")
    for op, n in sorted(count.items()):
        print("oracle-cxx: %s %d" % (op, n), file=sys.stderr)
    print("oracle-cxx: %d cases, %d ops" % (len(fns), len(count)),
          file=sys.stderr)


if __name__ == "__main__":
    main()
