#!/usr/bin/env python3
"""Cross-checks of the variant records against the generated registry.

  check_variants.py probes REGISTRY.json DIR [--ptxas=PTXAS] TIER...
      The ptxas probe modules cute-tblgen wrote for each TIER (split by
      split-file into DIR/TIER-ptxNN.ptx) list every variant the tier may
      use (the registry's gating, recomputed here from `cute-atoms --json`)
      and that issues an instruction exactly once, before the entry (probe) that issues the variant's PTX
      instruction, in the module of exactly its own PTX ISA (the tier's
      minimum raised to the variant's min_ptx), and no variant the tier may
      not use. Variants with identical entries share one probe; the summary
      counts the variants and the distinct statements that cover them. With
      --ptxas, every module is assembled for its tier (in parallel), and
      each ptxas error is a failure.

  check_variants.py layouts REGISTRY.json
      Every MMA and copy variant carries its three TV layouts, or says why
      CuTe defines none (no_layout_reason); never both, never neither.

  check_variants.py oracle REGISTRY.json TABLE
      Every variant TABLE names (lines "NAME THR_ID L1 L2 L3": CuTe's ThrID
      and Src/Dst/Ref layouts of a copy atom, or A/B/C layouts of an MMA
      atom, literal from its traits) exists with exactly these layouts.

Prints one "FAIL: ..." line per problem and a summary line.
"""
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def ancestors(tiers, name):
    by_name = {t["name"]: t for t in tiers}
    out = []
    while name:
        out.append(name)
        name = by_name[name]["parent"]
    return out


def ptx_version(text):
    """The PTX ISA version "8.6" as 86."""
    major, minor = text.split(".")
    return int(major) * 10 + int(minor)


def available(reg, tier_name):
    """Variant name -> (atom mnemonic, ptx, PTX ISA) for every variant TIER
    may use; the PTX ISA is the tier's minimum raised to the variant's."""
    tier = next(t for t in reg["tiers"] if t["name"] == tier_name)
    feats = set(tier["features"])
    chain = ancestors(reg["tiers"], tier_name)
    out = {}
    for atom in reg["atoms"]:
        if atom["min_tier"] != "all" and atom["min_tier"] not in chain:
            continue
        if not set(atom["features"]) <= feats:
            continue
        for v in atom.get("variants", []):
            # A variant that issues no instruction has no probe.
            if not v.get("ptx"):
                continue
            if set(v.get("features", [])) <= feats:
                version = max(ptx_version(tier["ptx"]),
                              ptx_version(v.get("min_ptx", "0.0")))
                out[v["name"]] = (atom["mnemonic"], v["ptx"], version)
    return out


def run_ptxas(ptxas, tier, path):
    proc = subprocess.run([ptxas, "-arch=" + tier, path, "-o", os.devnull],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)
    errors = [l for l in proc.stdout.splitlines() if "error" in l]
    if proc.returncode != 0 and not errors:
        errors = ["ptxas exited with %d" % proc.returncode]
    return errors


def probes(reg_path, directory, tiers, ptxas=None):
    reg = load(reg_path)
    modules = {tier: sorted(glob.glob(os.path.join(directory,
                                                   tier + "-ptx*.ptx")))
               for tier in tiers}
    ptxas_errors = {}
    if ptxas:
        jobs = [(tier, path) for tier in tiers for path in modules[tier]]
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
            results = pool.map(lambda job: run_ptxas(ptxas, *job), jobs)
            ptxas_errors = dict(zip(jobs, results))
    status = 0
    probes_seen = {}
    for tier in tiers:
        expected = available(reg, tier)
        failures = []
        # Probes: "// variant: NAME (mnemonic)" for each variant the probe
        # stands for (variants whose entries would be identical share one),
        # then the .entry up to "ret;", each in the module of one PTX ISA
        # version.
        entries = {}
        for path in modules[tier]:
            with open(path) as f:
                text = f.read()
            version = re.search(r"^\.version (\d+\.\d)$", text, re.M)
            if not version:
                failures.append("%s has no .version" % os.path.basename(path))
                continue
            if not re.search(r"^\.target %s$" % re.escape(tier), text, re.M):
                failures.append("%s does not target %s" %
                                (os.path.basename(path), tier))
            for m in re.finditer(r"((?:^// variant: [^\n]* \(\S+\)\n)+)"
                                 r"(.*?)^  ret;$", text, re.S | re.M):
                probes_seen[tier] = probes_seen.get(tier, 0) + 1
                body = m.group(2)
                for v in re.finditer(r"^// variant: ([^\n]*) \((\S+)\)$",
                                     m.group(1), re.M):
                    if v.group(1) in entries:
                        failures.append("two entries for %s" % v.group(1))
                    entries[v.group(1)] = (v.group(2), body,
                                           ptx_version(version.group(1)))
            for error in ptxas_errors.get((tier, path), []):
                failures.append("ptxas: %s" % error)
        for name, (mnemonic, ptx, version) in sorted(expected.items()):
            if name not in entries:
                failures.append("no entry for %s (%s)" % (name, mnemonic))
                continue
            body, module_version = entries[name][1], entries[name][2]
            if not re.search(r"^  " + re.escape(ptx) + r"[ ;]", body, re.M):
                failures.append("entry of %s does not issue '%s'" % (name, ptx))
            if module_version != version:
                failures.append("%s is assembled under PTX ISA %d.%d, not its "
                                "own %d.%d" % (name, module_version // 10,
                                               module_version % 10,
                                               version // 10, version % 10))
        for name in sorted(set(entries) - set(expected)):
            failures.append("entry for %s, which %s may not use" % (name, tier))
        for f in failures:
            print("FAIL: %s: %s" % (tier, f))
        print("%s: %d of %d variant(s) probed in %d distinct statement(s) in "
              "%d module(s), %d failure(s)" %
              (tier, len(set(entries) & set(expected)), len(expected),
               probes_seen.get(tier, 0), len(modules[tier]), len(failures)))
        status |= 1 if failures else 0
    return status


def layouts(reg_path):
    reg = load(reg_path)
    keys = {"mma": ("layout_a_tv", "layout_b_tv", "layout_c_tv"),
            "copy": ("src_layout", "dst_layout", "ref_layout")}
    failures, with_layouts, with_reason = [], 0, 0
    for atom in reg["atoms"]:
        if atom["class"] not in keys:
            continue
        for v in atom.get("variants", []):
            present = [k for k in keys[atom["class"]] if v.get(k)]
            reason = v.get("no_layout_reason", "")
            if reason and present:
                failures.append("%s has layouts and a reason" % v["name"])
            elif not reason and len(present) != 3:
                failures.append("%s has %d of 3 layouts and no reason" %
                                (v["name"], len(present)))
            elif reason:
                with_reason += 1
            else:
                with_layouts += 1
    for f in failures:
        print("FAIL: " + f)
    print("%d variant(s) with TV layouts, %d with a reason for none, "
          "%d failure(s)" % (with_layouts, with_reason, len(failures)))
    return 1 if failures else 0


def oracle(reg_path, table_path):
    reg = load(reg_path)
    keys = {"mma": ("layout_a_tv", "layout_b_tv", "layout_c_tv"),
            "copy": ("src_layout", "dst_layout", "ref_layout")}
    variants = {}
    for atom in reg["atoms"]:
        for v in atom.get("variants", []):
            if atom["class"] in keys:
                variants[v["name"]] = [v.get("thr_id")] + [
                    v.get(k) for k in keys[atom["class"]]]
    failures, checked = [], 0
    with open(table_path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            name, *expected = line.split()
            checked += 1
            if name not in variants:
                failures.append("no variant %s" % name)
            elif variants[name] != expected:
                failures.append("%s: %s, CuTe: %s" %
                                (name, " ".join(map(str, variants[name])),
                                 " ".join(expected)))
    for f in failures:
        print("FAIL: " + f)
    print("%d variant(s) checked against CuTe's layouts, %d failure(s)" %
          (checked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1] == "probes":
        args = sys.argv[4:]
        ptxas = None
        if args and args[0].startswith("--ptxas="):
            ptxas = args.pop(0)[len("--ptxas="):]
        sys.exit(probes(sys.argv[2], sys.argv[3], args, ptxas))
    if sys.argv[1] == "oracle":
        sys.exit(oracle(sys.argv[2], sys.argv[3]))
    sys.exit(layouts(sys.argv[2]))
