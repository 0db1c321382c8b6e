#!/usr/bin/env python3
"""The C++ wrappers cute-tblgen generates (-gen-op-cxx-wrappers), against
the layout library: each case calls a generated wrapper in a kernel on
values built from notation, and the kernel stores what the result is
(an integer; a tuple's leaves; a layout's size and its index at every
coordinate up to 16); cute-layout evaluates the same op on the same
operands, then the same size and indices of its result. Both must agree.

Usage: wrappers-differential.py CUTE_CLANG CUTE_LAYOUT WORKDIR
"""
import re
import subprocess
import sys

clang, layout, work = sys.argv[1:4]

# (C++ call, cute-layout op, operands, operand kinds, attributes, result kind)
CASES = [
    ('group_modes(make_layout("(2,3,4):(1,2,6)"), "begin=0 end=2")',
     "group_modes", ["(2,3,4):(1,2,6)"], ["layout"], ["begin=0", "end=2"], "layout"),
    ('group_modes(make_layout("(2,3,4,5):(1,2,6,24)"), "begin=1 end=3")',
     "group_modes", ["(2,3,4,5):(1,2,6,24)"], ["layout"], ["begin=1", "end=3"], "layout"),
    ('blocked_product(make_layout("(2,2):(1,2)"), make_layout("(3,4):(1,3)"))',
     "blocked_product", ["(2,2):(1,2)", "(3,4):(1,3)"], ["layout", "layout"], [], "layout"),
    ('raked_product(make_layout("(2,2):(1,2)"), make_layout("(3,4):(1,3)"))',
     "raked_product", ["(2,2):(1,2)", "(3,4):(1,3)"], ["layout", "layout"], [], "layout"),
    ('right_inverse(make_layout("(4,8):(8,1)"))',
     "right_inverse", ["(4,8):(8,1)"], ["layout"], [], "layout"),
    ('left_inverse(make_layout("(4,(2,4)):(2,(1,8))"))',
     "left_inverse", ["(4,(2,4)):(2,(1,8))"], ["layout"], [], "layout"),
    ('recast_layout(make_layout("(4,8):(8,1)"), "old_type_bits=16 new_type_bits=32")',
     "recast_layout", ["(4,8):(8,1)"], ["layout"], ["old_type_bits=16", "new_type_bits=32"], "layout"),
    ('flatten(make_layout("((2,3),(4,5)):((1,2),(6,24))"))',
     "flatten", ["((2,3),(4,5)):((1,2),(6,24))"], ["layout"], [], "layout"),
    ('select(make_layout("(2,3,4):(1,2,6)"), "mode=2,0")',
     "select", ["(2,3,4):(1,2,6)"], ["layout"], ["mode=2,0"], "layout"),
    ('filter(make_layout("(2,1,4,3):(1,0,2,0)"))',
     "filter", ["(2,1,4,3):(1,0,2,0)"], ["layout"], [], "layout"),
    ('filter_zeros(make_layout("(2,3,4):(1,0,2)"))',
     "filter_zeros", ["(2,3,4):(1,0,2)"], ["layout"], [], "layout"),
    ('zipped_product(make_layout("(2,2):(1,2)"), make_tile("(3,2)"))',
     "zipped_product", ["(2,2):(1,2)", "(3,2)"], ["layout", "tile"], [], "layout"),
    ('tiled_product(make_layout("(2,2):(1,2)"), make_tile("(3,2)"))',
     "tiled_product", ["(2,2):(1,2)", "(3,2)"], ["layout", "tile"], [], "layout"),
    ('flat_product(make_layout("(2,2):(1,2)"), make_tile("(3,2)"))',
     "flat_product", ["(2,2):(1,2)", "(3,2)"], ["layout", "tile"], [], "layout"),
    ('flat_divide(make_layout("(8,12):(12,1)"), make_tile("(4,3)"))',
     "flat_divide", ["(8,12):(12,1)", "(4,3)"], ["layout", "tile"], [], "layout"),
    ('dice(make_layout("(16,16):(1,16)"), make_coord("(_,1)"))',
     "dice", ["(16,16):(1,16)", "(_,1)"], ["layout", "coord"], [], "layout"),
    ('append_to_rank(make_layout("(4,8):(1,4)"), make_layout("1:0"), "rank=4")',
     "append_to_rank", ["(4,8):(1,4)", "1:0"], ["layout", "layout"], ["rank=4"], "layout"),
    ('prepend_to_rank(make_layout("(4,8):(1,4)"), make_layout("1:0"), "rank=3")',
     "prepend_to_rank", ["(4,8):(1,4)", "1:0"], ["layout", "layout"], ["rank=3"], "layout"),
    ('rank(make_layout("(2,(3,4),5):(1,(2,6),24)"))',
     "rank", ["(2,(3,4),5):(1,(2,6),24)"], ["layout"], [], "int"),
    ('depth(make_layout("(2,(3,(4,1)),5):(1,(2,(6,0)),24)"))',
     "depth", ["(2,(3,(4,1)),5):(1,(2,(6,0)),24)"], ["layout"], [], "int"),
    ('elem_less(make_int_tuple("(1,2)"), make_int_tuple("(2,3)"))',
     "elem_less", ["(1,2)", "(2,3)"], ["int_tuple", "int_tuple"], [], "int"),
    ('elem_less(make_int_tuple("(1,3)"), make_int_tuple("(2,3)"))',
     "elem_less", ["(1,3)", "(2,3)"], ["int_tuple", "int_tuple"], [], "int"),
    ('tuple_product(make_int_tuple("(3,(4,5))"))',
     "tuple_product", ["(3,(4,5))"], ["int_tuple"], [], "int"),
    ('swizzle(make_swizzle("S<3,4,3>"), 1000)',
     "swizzle", ["S<3,4,3>", "1000"], ["swizzle", "int"], [], "int"),
    ('shape_div(make_int_tuple("(12,8,6)"), make_int_tuple("(4,2,3)"))',
     "shape_div", ["(12,8,6)", "(4,2,3)"], ["int_tuple", "int_tuple"], [], "tuple"),
    ('ceil_div(make_int_tuple("(13,8,7)"), make_int_tuple("(4,3,2)"))',
     "ceil_div", ["(13,8,7)", "(4,3,2)"], ["int_tuple", "int_tuple"], [], "tuple"),
    ('prefix_product(make_int_tuple("(2,3,4)"))',
     "prefix_product", ["(2,3,4)"], ["int_tuple"], [], "tuple"),
    ('tuple_add(make_int_tuple("(1,2,3)"), make_int_tuple("(10,20,30)"))',
     "tuple_add", ["(1,2,3)", "(10,20,30)"], ["int_tuple", "int_tuple"], [], "tuple"),
    ('tuple_sub(make_int_tuple("(10,20,30)"), make_int_tuple("(1,2,3)"))',
     "tuple_sub", ["(10,20,30)", "(1,2,3)"], ["int_tuple", "int_tuple"], [], "tuple"),
    ('increment_coord(make_coord("(1,2)"), make_shape("(2,4)"))',
     "increment_coord", ["(1,2)", "(2,4)"], ["coord", "shape"], [], "tuple"),
]

MAX = 16


def cute_layout(*args):
    out = subprocess.run([layout, *args], capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"error: cute-layout {' '.join(args)}: {out.stderr.strip()}")
    return out.stdout.strip()


def leaves(text):
    return [int(x) for x in re.findall(r"-?\d+", text.split(":")[0])]


def expected(case):
    _, op, args, kinds, attrs, res = case
    out = cute_layout(op, *args, "--arg-types=" + ",".join(kinds),
                      *["--attr=" + a for a in attrs])
    if res == "int":
        return [{"true": 1, "false": 0}.get(out, None) if out in ("true", "false")
                else int(out)]
    if res == "tuple":
        return leaves(out)
    size = int(cute_layout("size", out))
    vals = [size]
    for i in range(min(size, MAX)):
        vals.append(int(cute_layout("crd2idx", str(i), out,
                                    "--arg-types=int,layout")))
    return vals


wants = [expected(c) for c in CASES]
src = ["#include <cute/llvm.h>", "using namespace cute;"]
for n, (call, _, _, _, _, res) in enumerate(CASES):
    # Volatile: each value stays one store (no merged vector stores).
    src.append(f"__global__ void case{n}(volatile int *Out) {{")
    if res == "int":
        src.append(f"  Out[0] = {call};")
    elif res == "tuple":
        src.append(f"  IntTuple R = {call};")
        for k in range(len(wants[n])):
            src.append(f"  Out[{k}] = get_leaf<{k}>(R);")
    else:
        src.append(f"  Layout R = {call};")
        src.append("  Out[0] = size(R);")
        src.append("#pragma unroll")
        src.append(f"  for (int I = 0; I < {MAX}; ++I)")
        src.append("    if (I < size(R)) Out[1 + I] = crd2idx(I, R);")
    src.append("}")
cu = f"{work}/wrappers.cu"
with open(cu, "w") as f:
    f.write("\n".join(src) + "\n")
ir = subprocess.run([clang, "-fcute-lowering", "--cuda-device-only",
                     "--cuda-gpu-arch=sm_90a", "-S", "-O3", "-emit-llvm", cu,
                     "-o", "-"], capture_output=True, text=True)
if ir.returncode:
    sys.exit(f"error: compiling {cu}:\n{ir.stderr}")
# Each kernel's stores, in order: `store volatile i32 V, ptr ...`.
got = {}
for m in re.finditer(r"define [^@]*@_Z\d+case(\d+)PVi\((.*?)\n}", ir.stdout,
                     re.S):
    got[int(m.group(1))] = [
        int(v) for v in re.findall(r"store volatile i32 (-?\d+), ptr",
                                   m.group(2))]
failed = 0
for n, case in enumerate(CASES):
    if got.get(n) != wants[n]:
        failed += 1
        print(f"FAIL: {case[0]}: wrapper {got.get(n)}, library {wants[n]}")
print(f"{len(CASES) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
