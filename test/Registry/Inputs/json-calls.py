#!/usr/bin/env python3
"""A front end that writes calls from the registry's JSON alone.

Usage: json-calls.py CUTE_ATOMS CUTE_OPT LLC PTXAS WORKDIR

For every atom that has variants, one call of its first variant, written as
LLVM IR from `cute-atoms --json` and nothing else: the intrinsic's name,
each parameter's C type and the PTX operand it binds to (a shared-memory
object, a global pointer, registers passed by address, a value in its legal
range or the value the variant fixes), the trailing operands the variant
counts, the result's type, the target tier and PTX ISA. Each module is
lowered by cute-opt, compiled by llc for the tier and assembled by ptxas.
Prints one line per failure and "N passed, M failed"; exits 1 unless every
atom passed.
"""
import json
import os
import subprocess
import sys

cute_atoms, cute_opt, llc, ptxas, work = sys.argv[1:6]
d = json.loads(subprocess.run([cute_atoms, "--json"], capture_output=True,
                              text=True, check=True).stdout)
tiers = {t["name"]: t for t in d["tiers"]}

def arch_for(atom):
    mt = atom["min_tier"]
    if mt in ("all",):
        return "sm_90a"
    a = tiers[mt]["arch"]
    if a >= 120: return "sm_120a"
    if a >= 100: return "sm_100a"
    return "sm_90a"

CTY = {"unsigned": "i32", "int": "i32", "bool": "i1", "unsigned short": "i16",
       "unsigned long long": "i64"}
RTY = {"void": "void", "unsigned": "i32", "bool": "i1", "int": "i32"}

def value_for(op, ctype):
    if op is None:
        return "0"
    if op.get("kind") == "imm" and op.get("value") is not None:
        v = op["value"]
        return str(int(v, 0))
    if "min" in op:
        return str(op["min"])
    return "0"

ok = fail = 0
failures = []
for atom in d["atoms"]:
    if not atom["variants"]:
        continue
    v = atom["variants"][0]
    ops = {o["param"]: o for o in v.get("operands", []) if "param" in o}
    lines, body, params_ir, decl = [], [], [], []
    n = len(v["name"]) + 1
    esc = v["name"]
    lines.append('target triple = "nvptx64-nvidia-cuda"')
    lines.append(f'@name = private constant [{n} x i8] c"{esc}\\00"')
    lines.append('@smem = internal addrspace(3) global [65536 x i8] undef, align 1024')
    args = ["ptr @name"]
    decl_tys = ["ptr"]
    outs = []
    for i, p in enumerate(atom["params"]):
        op = ops.get(p["name"])
        ct = p["ctype"]
        if ct.endswith("*"):
            kind = op["kind"] if op else "regs"
            if kind == "shared":
                body.append(f"  %p{i} = addrspacecast ptr addrspace(3) @smem to ptr")
            elif kind in ("global", "tensor"):
                body.append(f"  %p{i} = addrspacecast ptr addrspace(1) %g to ptr")
            else:
                cnt = (op or {}).get("count", 1) or 1
                width = 8 if (op or {}).get("type") in ("b64", "f64") else 4
                body.append(f"  %p{i} = alloca [{cnt * width} x i8], align 16")
                body.append(f"  call void @llvm.memset.p0.i64(ptr %p{i}, i8 0, i64 {cnt * width}, i1 false)")
                if ct == "void *":
                    outs.append((f"%p{i}", cnt * width))
            args.append(f"ptr %p{i}")
            decl_tys.append("ptr")
        else:
            ty = CTY[ct]
            args.append(f"{ty} {value_for(op, ct)}")
            decl_tys.append(ty)
    if atom["variadic"]:
        for _ in range(v.get("trailing_operands", 0)):
            args.append("i32 0")
    ret = RTY[atom["result"]]
    callee = atom["intrinsic"]
    dl = ", ".join(decl_tys) + (", ..." if atom["variadic"] else "")
    lines.append(f"declare {ret} @{callee}({dl})")
    lines.append("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)")
    # The PTX ISA the variant needs, when above its tier's (min_ptx).
    # The PTX ISA: the variant's minimum, at least the target tier's; in the
    # function's features (what cute-opt reads) and llc's -mattr.
    need = max(float(v.get("min_ptx", "0")), float(tiers[arch_for(atom)]["ptx"]))
    ptx = "+ptx%d" % round(need * 10)
    feats = f' "target-features"="{ptx}"'
    lines.append(f'define ptx_kernel void @k(ptr addrspace(1) %g) "target-cpu"="{arch_for(atom)}"{feats} {{')
    lines += body
    call = f"call {ret} @{callee}({', '.join(args)})"
    if ret == "void":
        lines.append("  " + call)
    else:
        lines.append(f"  %r = {call}")
        lines.append(f"  store {ret} %r, ptr addrspace(1) %g")
    for o, sz in outs:
        lines.append(f"  %o{o[2:]} = load i32, ptr {o}")
        lines.append(f"  store volatile i32 %o{o[2:]}, ptr addrspace(1) %g")
    lines.append("  ret void")
    lines.append("}")
    base = os.path.join(work, atom["mnemonic"].replace(".", "_"))
    open(base + ".ll", "w").write("\n".join(lines) + "\n")
    arch = arch_for(atom)
    r = subprocess.run([cute_opt, base + ".ll", "-o", base + ".low.ll"], capture_output=True, text=True)
    if r.returncode:
        fail += 1; failures.append((atom["mnemonic"], v["name"], "cute-opt: " + r.stderr.strip().splitlines()[0][:200])); continue
    mattr = ["-mattr=" + ptx]
    r = subprocess.run([llc, "-mtriple=nvptx64-nvidia-cuda", "-mcpu=" + arch, *mattr, base + ".low.ll", "-o", base + ".ptx"], capture_output=True, text=True)
    if r.returncode:
        fail += 1; failures.append((atom["mnemonic"], v["name"], "llc: " + r.stderr.strip().splitlines()[0][:200])); continue
    r = subprocess.run([ptxas, "-arch=" + arch, base + ".ptx", "-o", "/dev/null"], capture_output=True, text=True)
    if r.returncode:
        fail += 1; failures.append((atom["mnemonic"], v["name"], "ptxas: " + (r.stderr.strip().splitlines() or [""])[0][:200])); continue
    ok += 1
for f in failures:
    print("FAIL", *f)
atoms = sum(1 for a in d["atoms"] if a["variants"])
print(f"{ok} passed, {fail} failed, of {atoms} atoms")
sys.exit(0 if ok == atoms and not fail else 1)
