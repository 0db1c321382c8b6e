#!/usr/bin/env python3
#===- atom-traits-asserts.py - The C++ atom traits against the registry --===#
#
# Part of CuTe-LLVM.
#
# Reads `cute-atoms --json` on stdin and writes a CUDA translation unit of
# static_asserts: for every MMA and copy variant with TV layouts, what
# <cute/llvm.h>'s mma_atom / copy_atom give for its name (M, N, K, the
# majors, the threads of one atom and the per-thread sizes of its TV
# layouts) equals what the registry states, computed here from the layouts'
# text; and for names near the real ones (one character changed, dropped
# or added, an N one past the lattice point) that are no variant, that the
# lookup finds nothing. The sizes are recomputed from the JSON, not copied
# from the generated header, so a wrong row, key or hash fails.
#
#===----------------------------------------------------------------------===#
import json
import sys


def shape_size(text):
    """The size of the shape of layout notation `(s0,(s1,s2)):(d...)`; 0
    where a leaf is dynamic (`?`: the traits give a dynamic size as 0)."""
    shape = text.split(":")[0]
    size = 1
    for tok in shape.replace("(", ",").replace(")", ",").split(","):
        if tok:
            size *= 0 if tok == "?" else int(tok)
    return size


def thr_size(text):
    """The size of mode 0 (the thread mode) of a TV layout."""
    shape = text.split(":")[0]
    assert shape.startswith("("), text
    depth, start = 0, 1
    for i, c in enumerate(shape):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 1:
            return shape_size(shape[start:i])
    raise ValueError(text)


def cstr(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    registry = json.load(sys.stdin)
    names = set()
    out = ["#include <cute/llvm.h>", "using namespace cute;",
           "constexpr bool same(const char *A, const char *B) {",
           "  return atom_traits::equal(A, B);", "}"]
    count = {"mma": 0, "copy": 0, "absent": 0}
    for atom in registry["atoms"]:
        for v in atom["variants"]:
            names.add(v["name"])
    for atom in registry["atoms"]:
        for v in atom["variants"]:
            name = v["name"]
            if "shape_mnk" in v and v.get("layout_c_tv"):
                tv = [v["layout_a_tv"], v["layout_b_tv"], v["layout_c_tv"]]
                thr = thr_size(tv[0])
                per = [shape_size(l) // thr_size(l) if thr_size(l) else 0 for l in tv]
                m, n, k = v["shape_mnk"]
                out.append(
                    f"constexpr MmaAtom M{count['mma']} = "
                    f"mma_atom({cstr(name)});")
                a = f"M{count['mma']}"
                out.append(
                    f"static_assert({a}.M == {m} && {a}.N == {n} && "
                    f"{a}.K == {k} && {a}.Threads == {thr} && "
                    f"{a}.ValuesA == {per[0]} && {a}.ValuesB == {per[1]} && "
                    f"{a}.ValuesC == {per[2]} && "
                    f"same({a}.MajorA, {cstr(v.get('major_a', ''))}) && "
                    f"same({a}.MajorB, {cstr(v.get('major_b', ''))}), "
                    f"{cstr(name)});")
                count["mma"] += 1
            elif v.get("src_layout"):
                tv = [v["src_layout"], v["dst_layout"]]
                thr = thr_size(tv[0])
                per = [shape_size(l) // thr_size(l) if thr_size(l) else 0 for l in tv]
                a = f"C{count['copy']}"
                out.append(f"constexpr CopyAtom {a} = "
                           f"copy_atom({cstr(name)});")
                out.append(
                    f"static_assert({a}.Threads == {thr} && "
                    f"{a}.SrcBits == {per[0]} && {a}.DstBits == {per[1]}, "
                    f"{cstr(name)});")
                count["copy"] += 1
            else:
                continue
            # A near miss (one of five kinds, in turn) must not resolve.
            nears = (name[:-1], name + "X", "X" + name[1:],
                     name.replace("x", "y", 1), name.lower())
            near = nears[(count["mma"] + count["copy"]) % len(nears)]
            if near and near not in names:
                out.append(f"static_assert(!detail::isAtomName("
                           f"{cstr(near)}), {cstr(near)});")
                count["absent"] += 1
    out.append(f"// {count['mma']} MMA variants, {count['copy']} copy "
               f"variants, {count['absent']} names that are none")
    print("\n".join(out))
    print(f"atom-traits-asserts: {count['mma']} mma, {count['copy']} copy, "
          f"{count['absent']} absent", file=sys.stderr)


if __name__ == "__main__":
    main()
