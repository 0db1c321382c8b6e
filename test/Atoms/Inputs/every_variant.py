#!/usr/bin/env python3
"""Every variant of the lowering kinds atom lowering implements, on a tier.

  every_variant.py gen REGISTRY.json TIER OUT.ll HEADER.h
      Writes a module with one function per variant TIER may use whose
      atom's lowering kind is in KINDS: a call of the atom's intrinsic with
      the variant's name, pointer operands as function arguments (null for
      a pointer no operand of a TMA variant uses), for scalar ones the
      immediate the variant's probe issues, or else the least legal value
      its call signature states (0 where it states none), then (TMA) as
      many i32 coordinates and i16 im2col offsets as the variant's operands
      count.
      A call whose atom returns a value (HEADER.h, <cute_nvgpu_atoms.h>,
      says which) stores it, so that it is not dead. Prints the PTX ISA
      version (times ten) the module needs, for llc's -mattr=+ptxNN.

  every_variant.py check REGISTRY.json TIER OUT.ll OUT.ptx
      Every function of OUT.ll appears in OUT.ptx and issues the instruction
      the registry records for its variant ("ptx"). Prints a count line and
      one FAIL line per mismatch.
"""

import json
import re
import sys

KINDS = {"UniversalFmaLowering", "UniversalCopyLowering", "MmaSyncLowering",
         "MatrixLoadLowering", "MatrixStoreLowering", "CpAsyncLowering",
         "TmaLowering", "SyncLowering", "MbarrierWaitLowering",
         "WgmmaLowering", "WgmmaSyncLowering", "UmmaLowering",
         "TmemCopyLowering", "TmemAllocLowering", "InlinePtxLowering"}

# WGMMA is issued between wgmma.fence and commit_group + wait_group, each an
# atom of its own (a C7510 "wgmma serialized" warning from ptxas fails the
# test).
SYNC_NAMES = [
    '@wgfence = private constant [17 x i8] c"SM90_WGMMA_FENCE\\00"',
    '@wgcommit = private constant [24 x i8] c"SM90_WGMMA_COMMIT_GROUP\\00"',
    '@wgwait = private constant [22 x i8] c"SM90_WGMMA_WAIT_GROUP\\00"']
SYNC_DECLS = {
    "llvm.cute.nvgpu.sm90.wgmma_fence":
        "declare void @llvm.cute.nvgpu.sm90.wgmma_fence(ptr)",
    "llvm.cute.nvgpu.sm90.wgmma_commit":
        "declare void @llvm.cute.nvgpu.sm90.wgmma_commit(ptr)",
    "llvm.cute.nvgpu.sm90.wgmma_wait":
        "declare void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr, i32)"}
PIPELINED = {"WgmmaLowering": (
    "  call void @llvm.cute.nvgpu.sm90.wgmma_fence(ptr @wgfence)",
    ["  call void @llvm.cute.nvgpu.sm90.wgmma_commit(ptr @wgcommit)",
     "  call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wgwait, i32 0)"])}

# One 128-bit load, as four b32 or two b64 (LLVM picks per target).
SAME_INSTRUCTION = {"ld.v4.b32": ["ld.v4.b32", "ld.v2.b64"]}

LLVM_TYPES = {"void *": "ptr", "const void *": "ptr", "unsigned": "i32",
              "unsigned long long": "i64", "bool": "i1", "int": "i32",
              "unsigned short": "i16", "void": "void"}


def results(header):
    """The LLVM result type of each atom intrinsic the header declares."""
    out = {}
    text = open(header).read()
    for m in re.finditer(r"CUTE_DEVICE (.+?) ?(cute_nvgpu_\w+)\(.*?\n\s*"
                         r"__asm__\(\"([\w.]+)\"\)", text):
        out[m.group(3)] = LLVM_TYPES[m.group(1).strip()]
    return out


def load(path):
    with open(path) as f:
        return json.load(f)


def ancestors(reg, name):
    tiers = {t["name"]: t for t in reg["tiers"]}
    out = []
    while name:
        out.append(name)
        name = tiers[name].get("parent")
    return out


def available(reg, tier_name):
    """(atom, variant) pairs TIER may use, per the registry's own gating."""
    tiers = {t["name"]: t for t in reg["tiers"]}
    tier = tiers[tier_name]
    feats = set(tier["features"])
    anc = set(ancestors(reg, tier_name))
    for atom in reg["atoms"]:
        if atom.get("lowering") not in KINDS:
            continue
        mt = atom.get("min_tier", "all")
        if mt != "all" and mt not in anc:
            continue
        if not set(atom.get("features", [])) <= feats:
            continue
        for v in atom.get("variants", []):
            if set(v.get("features", [])) <= feats:
                yield atom, v


def ptx_version(text):
    major, minor = text.split(".")
    return int(major) * 10 + int(minor)


def symbol(i):
    return "v%d" % i


def least_legal(arg):
    """The least value the call signature's argument allows, or 0."""
    if "values" in arg:
        return arg["values"][0]
    return arg.get("range", {}).get("min", 0)


def call_of(atom, v, result):
    """(parameters, declaration type, call) of the variant's function."""
    params = [LLVM_TYPES[p["ctype"]] for p in atom["params"]]
    ops = v.get("operands", [])
    bound = {op["param"]: op for op in ops if "param" in op}
    sig = atom["signatures"][v["signature"]]["args"]
    tma = atom["lowering"] == "TmaLowering"
    args, call, casts = [], [], []
    for k, (p, t) in enumerate(zip(atom["params"], params)):
        op = bound.get(p["name"])
        if t == "ptr" and tma and op is None:
            call.append("ptr null")
        elif t == "ptr" and op is not None and op["kind"] == "shared":
            # Shared memory a generic pointer is known to point to, as a
            # kernel derives it from a __shared__ variable.
            args.append("ptr addrspace(3) %%p%d.s" % k)
            casts.append("  %%p%d = addrspacecast ptr addrspace(3) %%p%d.s "
                         "to ptr" % (k, k))
            call.append("ptr %%p%d" % k)
        elif t == "ptr":
            args.append("ptr %%p%d" % k)
            call.append("ptr %%p%d" % k)
        elif op is not None and op["kind"] == "imm" and op.get("type") == "arg":
            call.append("%s %s" % (t, op["value"]))
        else:
            call.append("%s %s" % (t, least_legal(sig[k])))
    # The trailing operands of a TMA call: coordinates, im2col offsets.
    trailing = []
    for op in ops:
        if op["kind"] == "tensor":
            trailing += ["i32"] * op["count"]
        elif op["kind"] == "regs" and tma:
            trailing += ["i16"] * op["count"]
    for k, t in enumerate(trailing):
        args.append("%s %%c%d" % (t, k))
        call.append("%s %%c%d" % (t, k))
    fixed = ", ".join(["ptr"] + params + (["..."] if tma else []))
    if result != "void":
        args.append("ptr %out")
    return args, "%s (%s)" % (result, fixed), call, casts


def gen(reg_path, tier, out, header):
    reg = load(reg_path)
    result_of = results(header)
    tiers = {t["name"]: t for t in reg["tiers"]}
    need = ptx_version(tiers[tier]["ptx"])
    lines = ['target triple = "nvptx64-nvidia-cuda"', ""]
    decls, bodies = {}, []
    syncs = False
    for i, (atom, v) in enumerate(available(reg, tier)):
        if "min_ptx" in v:
            need = max(need, ptx_version(v["min_ptx"]))
        name = v["name"].encode()
        lines.append("@s%d = private constant [%d x i8] c\"%s\\00\"" %
                     (i, len(name) + 1, v["name"]))
        result = result_of[atom["intrinsic"]]
        args, fty, call, casts = call_of(atom, v, result)
        res, fixed = fty.split(" ", 1)
        decls[atom["intrinsic"]] = "declare %s @%s%s" % (
            res, atom["intrinsic"], fixed)
        text = "call %s @%s(%s)" % (fty, atom["intrinsic"],
                                    ", ".join(["ptr @s%d" % i] + call))
        body = ["  " + text] if result == "void" else [
            "  %r = " + text, "  store %s %%r, ptr %%out" % result]
        if atom["lowering"] in PIPELINED:
            # As a kernel issues it: fence, the MMA, commit, wait.
            before, after = PIPELINED[atom["lowering"]]
            body = [before] + body + after
            decls.update(SYNC_DECLS)
            syncs = True
        bodies += ["; %s" % v["name"],
                   "define void @%s(%s) #0 {" % (symbol(i), ", ".join(args))]
        bodies += casts + body + ["  ret void", "}", ""]
    if syncs:
        lines += SYNC_NAMES
    lines += [""] + sorted(decls.values()) + [""] + bodies
    lines.append('attributes #0 = { "target-cpu"="%s" "target-features"='
                 '"+ptx%d" }' % (tier, need))
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    sys.stdout.write(str(need))
    return 0


def check(reg_path, tier, ll, ptx):
    reg = load(reg_path)
    expect = {symbol(i): v for i, (a, v) in enumerate(available(reg, tier))}
    text = open(ptx).read()
    funcs = {}
    for m in re.finditer(r"\.func (\w+)\(.*?\n\}", text, re.S):
        funcs[m.group(1)] = m.group(0)
    failures = []
    for sym, v in expect.items():
        body = funcs.get(sym)
        if body is None:
            failures.append("%s (%s): no function in the PTX" % (sym, v["name"]))
            continue
        # The registry's instruction; LLVM may print operands differently,
        # so the opcode with all its modifiers is what must match.
        spellings = SAME_INSTRUCTION.get(v["ptx"], [v["ptx"]])
        # NVPTX spells tcgen05.mma's A collector usage (discard, the default).
        if v["ptx"].startswith("tcgen05.mma"):
            spellings = [p + ".collector::a::discard" for p in spellings]
        # A statement starts a line, or follows another in an asm scope.
        if not any(re.search(r"(^\s*|[{;]\s*)" + re.escape(p) + r"[\s;]",
                             body, re.M)
                   for p in spellings):
            failures.append("%s: expected '%s'" % (v["name"], v["ptx"]))
    for f in failures:
        print("FAIL: " + f)
    print("%s: %d variant(s) lowered, %d failure(s)" %
          (tier, len(expect), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        sys.exit(gen(*sys.argv[2:6]))
    sys.exit(check(*sys.argv[2:6]))
