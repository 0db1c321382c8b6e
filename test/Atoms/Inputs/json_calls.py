#!/usr/bin/env python3
"""A DSL front end that writes atom calls from `cute-atoms --json` alone.

  json_calls.py gen REGISTRY.json TIER OUT.ll
      Writes a module with one function per variant TIER may use, each one
      call of the variant's atom written from the variant's call signature
      (the atom's `signatures`) and nothing else: each argument as its
      `pass` says (registers in a local buffer of their bytes, a memory
      object of its size and alignment created in its state space, a value,
      an immediate in its legal values, null or 0 when unused), the trailing
      operand groups (run-time values of their IR types), the result
      stored. Which variants TIER may use comes from the tiers' `ancestors`
      and `features`, the PTX ISA from the tiers' and the variants' `ptx` /
      `min_ptx`. Prints the PTX ISA version (times ten) the module needs,
      for llc's -mattr=+ptxNN. It knows no atom, lowering kind or variant
      by name; a field it needs that the JSON lacks fails it ("missing
      field").

  json_calls.py count REGISTRY.json TIER OUT.ll OUT.ptx
      Counts the atom calls OUT.ll makes and the functions of OUT.ptx that
      made them, and compares both with the number of variants the JSON
      says TIER may use (the tier's `num_variants`, the registry's own
      gating): "TIER: N call(s), F function(s) of M usable variant(s)", and
      a FAIL line for each variant without a function.
"""

import json
import re
import sys


class Missing(Exception):
    pass


def need(obj, key, where):
    """obj[key], or a failure naming the field the JSON lacks."""
    if key not in obj:
        raise Missing("missing field '%s' in %s" % (key, where))
    return obj[key]


def ptx_version(text):
    major, minor = text.split(".")
    return int(major) * 10 + int(minor)


def usable(reg, tier_name):
    """(atom, variant) pairs TIER may use, by the JSON's gating fields."""
    tiers = {need(t, "name", "a tier"): t for t in need(reg, "tiers", "the registry")}
    tier = tiers[tier_name]
    anc = set(need(tier, "ancestors", "tier " + tier_name))
    feats = set(need(tier, "features", "tier " + tier_name))
    for atom in need(reg, "atoms", "the registry"):
        where = "atom " + need(atom, "mnemonic", "an atom")
        mt = need(atom, "min_tier", where)
        if mt != "all" and mt not in anc:
            continue
        if not set(need(atom, "features", where)) <= feats:
            continue
        for v in need(atom, "variants", where):
            if set(v.get("features", [])) <= feats:
                yield atom, v


def least_legal(arg, where):
    """The least constant an argument allows (0 where any value is legal)."""
    if "values" in arg:
        return arg["values"][0]
    if "range" in arg:
        r = arg["range"]
        lo = need(r, "min", where)
        # The least member of a power-of-two range, else its minimum (a
        # multiple of its step from it).
        if r.get("power_of_two"):
            p = 1
            while p < lo:
                p *= 2
            return p
        return lo
    return 0


class Module:
    """The module being written: objects, declarations, functions."""

    def __init__(self):
        self.globals = {}
        self.decls = {}
        self.names = []
        self.functions = []

    def object(self, space, nbytes, align, slot):
        """A module-level object of NBYTES in SPACE (one per argument slot,
        so that the arguments of one call never alias)."""
        asp = {"shared": 3, "global": 1}[space]
        key = (asp, nbytes, align, slot)
        if key not in self.globals:
            self.globals[key] = "@obj.%s.%d.a%d.%d" % (space, nbytes, align, slot)
        return self.globals[key], asp

    def text(self, tier, ptx):
        out = ['target triple = "nvptx64-nvidia-cuda"', ""]
        out += self.names
        for (asp, nbytes, align, _), name in sorted(self.globals.items()):
            init = "undef" if asp == 3 else "zeroinitializer"
            out.append("%s = internal addrspace(%d) global [%d x i8] %s, "
                       "align %d" % (name, asp, nbytes, init, align))
        out += ["", "declare void @llvm.memcpy.p1.p0.i64(ptr addrspace(1), "
                "ptr, i64, i1)",
                "declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)"]
        out += sorted(self.decls.values()) + [""]
        out += self.functions
        out.append('attributes #0 = { "target-cpu"="%s" "target-features"='
                   '"+ptx%d" }' % (tier, ptx))
        return "\n".join(out) + "\n"


def write_call(mod, i, atom, v):
    """One function calling variant V of ATOM as its signature says."""
    where = "variant " + need(v, "name", "a variant")
    sigs = need(atom, "signatures", "atom " + atom["mnemonic"])
    sig = sigs[need(v, "signature", where)]
    args = need(sig, "args", where + "'s signature")
    result = need(need(sig, "result", where + "'s signature"), "ir_type",
                  where + "'s result")
    name = v["name"]
    mod.names.append('@s%d = private constant [%d x i8] c"%s\\00"' %
                     (i, len(name.encode()) + 1, name))
    params = ["ptr addrspace(1) %out"]
    body, operands, types = [], ["ptr @s%d" % i], ["ptr"]
    # Immediates and ranged values first: a register list's count is one.
    chosen = {}
    for a in args:
        if need(a, "pass", where) in ("value", "immediate"):
            chosen[need(a, "name", where)] = least_legal(a, where)
    outs = []
    for k, a in enumerate(args):
        aw = "%s, argument '%s'" % (where, need(a, "name", where))
        ty = need(a, "ir_type", aw)
        how = need(a, "pass", aw)
        types.append(ty)
        if how == "unused":
            operands.append("%s %s" % (ty, "null" if ty == "ptr" else "0"))
        elif how == "registers":
            count = need(a, "count", aw)
            if "count_arg" in a:
                if a["count_arg"] not in chosen:
                    raise Missing("%s: its count '%s' is no value of the call"
                                  % (aw, a["count_arg"]))
                count = chosen[a["count_arg"]]
            nbytes = count * need(a, "reg_bytes", aw)
            body.append("  %%r%d = alloca [%d x i8], align %d" %
                        (k, nbytes, a["reg_bytes"]))
            body.append("  call void @llvm.memset.p0.i64(ptr %%r%d, i8 0, "
                        "i64 %d, i1 false)" % (k, nbytes))
            if need(a, "access", aw) == "write":
                outs.append((k, nbytes))
            operands.append("ptr %%r%d" % k)
        elif how == "memory":
            space = need(a, "space", aw)
            need(a, "object", aw)
            align = need(a, "align", aw)
            if "bytes" in a and space in ("shared", "global"):
                # An object of the instruction's size: created here.
                obj, asp = mod.object(space, a["bytes"], align, k)
                body.append("  %%m%d = addrspacecast ptr addrspace(%d) %s "
                            "to ptr" % (k, asp, obj))
            elif space in ("global", "generic"):
                # Memory of the call's size: the caller's (global) buffer.
                params.append("ptr addrspace(1) align %d %%g%d" % (align, k))
                body.append("  %%m%d = addrspacecast ptr addrspace(1) %%g%d "
                            "to ptr" % (k, k))
            else:
                raise Missing("%s: no size for a %s object" % (aw, space))
            operands.append("ptr %%m%d" % k)
        elif how == "immediate" or (how == "value" and
                                    ("range" in a or "values" in a)):
            operands.append("%s %d" % (ty, chosen[a["name"]]))
        elif how == "value":
            # Any value: a run-time one, the function's parameter.
            params.append("%s %%x%d" % (ty, k))
            operands.append("%s %%x%d" % (ty, k))
        else:
            raise Missing("%s: unknown pass '%s'" % (aw, how))
    # The trailing operands (coordinates, offsets): run-time values.
    for g, t in enumerate(need(sig, "trailing", where + "'s signature")):
        tw = "%s, trailing '%s'" % (where, need(t, "name", where))
        ty = need(t, "ir_type", tw)
        for n in range(need(t, "count", tw)):
            params.append("%s %%t%d.%d" % (ty, g, n))
            operands.append("%s %%t%d.%d" % (ty, g, n))
    variadic = need(atom, "variadic", "atom " + atom["mnemonic"])
    fty = "%s (%s)" % (result, ", ".join(types + (["..."] if variadic else [])))
    callee = need(atom, "intrinsic", "atom " + atom["mnemonic"])
    mod.decls[callee] = "declare %s @%s(%s)" % (
        result, callee, ", ".join(types + (["..."] if variadic else [])))
    call = "call %s @%s(%s)" % (fty, callee, ", ".join(operands))
    if result == "void":
        body.append("  " + call)
    else:
        body.append("  %res = " + call)
        body.append("  store volatile %s %%res, ptr addrspace(1) %%out" %
                    result)
    # What the call writes is read back, so that no call is dead.
    for k, nbytes in outs:
        body.append("  call void @llvm.memcpy.p1.p0.i64(ptr addrspace(1) "
                    "%%out, ptr %%r%d, i64 %d, i1 true)" % (k, nbytes))
    mod.functions += ["; %s" % name,
                    "define void @call%d(%s) #0 {" %
                    (i, ", ".join(params))]
    mod.functions += body + ["  ret void", "}", ""]


def gen(reg_path, tier, out):
    reg = json.load(open(reg_path))
    tiers = {t["name"]: t for t in reg["tiers"]}
    need_ptx = ptx_version(need(tiers[tier], "ptx", "tier " + tier))
    mod = Module()
    for i, (atom, v) in enumerate(usable(reg, tier)):
        if "min_ptx" in v:
            need_ptx = max(need_ptx, ptx_version(v["min_ptx"]))
        write_call(mod, i, atom, v)
    with open(out, "w") as f:
        f.write(mod.text(tier, need_ptx))
    sys.stdout.write(str(need_ptx))
    return 0


def count(reg_path, tier, ll, ptx):
    reg = json.load(open(reg_path))
    tiers = {t["name"]: t for t in reg["tiers"]}
    want = need(tiers[tier], "num_variants", "tier " + tier)
    calls = len(re.findall(r"call .*@llvm\.cute\.nvgpu\.", open(ll).read()))
    funcs = set(re.findall(r"\.func (call\d+)\(", open(ptx).read()))
    names = [v["name"] for _, v in usable(reg, tier)]
    for i, name in enumerate(names):
        if "call%d" % i not in funcs:
            print("FAIL: %s has no function" % name)
    print("%s: %d call(s), %d function(s) of %d usable variant(s)" %
          (tier, calls, len(funcs), want))
    return 0 if calls == len(funcs) == want == len(names) else 1


if __name__ == "__main__":
    try:
        if sys.argv[1] == "gen":
            sys.exit(gen(*sys.argv[2:5]))
        sys.exit(count(*sys.argv[2:6]))
    except Missing as e:
        print("FAIL: " + str(e))
        sys.exit(1)
