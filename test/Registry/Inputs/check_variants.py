#!/usr/bin/env python3
"""Cross-checks of the variant records against the generated registry.

  check_variants.py probes REGISTRY.json TIER MODULE.ptx
      The ptxas probe module cute-tblgen wrote for TIER has one entry per
      variant the tier may use (the registry's gating, recomputed here from
      `cute-atoms --json`), each issuing the variant's PTX instruction, and
      no entry for a variant the tier may not use.

  check_variants.py layouts REGISTRY.json
      Every MMA and copy variant carries its three TV layouts, or says why
      CuTe defines none (no_layout_reason); never both, never neither.

Prints one "FAIL: ..." line per problem and a summary line.
"""
import json
import re
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


def available(reg, tier_name):
    """Variant name -> (atom mnemonic, ptx) for every variant TIER may use."""
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
            if set(v.get("features", [])) <= feats:
                out[v["name"]] = (atom["mnemonic"], v["ptx"])
    return out


def probes(reg_path, tier, module_path):
    reg = load(reg_path)
    expected = available(reg, tier)
    with open(module_path) as f:
        text = f.read()
    failures = []
    # Entries: "// variant: NAME (mnemonic)" then the .entry up to "ret;".
    entries = {}
    for m in re.finditer(r"^// variant: ([^\n]*) \((\S+)\)\n(.*?)^  ret;$", text,
                         re.S | re.M):
        entries[m.group(1)] = (m.group(2), m.group(3))
    for name, (mnemonic, ptx) in sorted(expected.items()):
        if name not in entries:
            failures.append("no entry for %s (%s)" % (name, mnemonic))
            continue
        body = entries[name][1]
        if not re.search(r"^  " + re.escape(ptx) + r"[ ;]", body, re.M):
            failures.append("entry of %s does not issue '%s'" % (name, ptx))
    for name in sorted(set(entries) - set(expected)):
        failures.append("entry for %s, which %s may not use" % (name, tier))
    if not re.search(r"^\.target %s$" % re.escape(tier), text, re.M):
        failures.append("module does not target %s" % tier)
    for f in failures:
        print("FAIL: " + f)
    print("%s: %d of %d variant(s) probed, %d failure(s)" %
          (tier, len(set(entries) & set(expected)), len(expected),
           len(failures)))
    return 1 if failures else 0


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


if __name__ == "__main__":
    if sys.argv[1] == "probes":
        sys.exit(probes(*sys.argv[2:5]))
    sys.exit(layouts(sys.argv[2]))
