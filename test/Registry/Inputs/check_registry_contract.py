#!/usr/bin/env python3
"""Checks `cute-atoms --json` (or `--diagnostics`) against the registry tables.

  check_registry_contract.py registry TABLES JSON   every mnemonic, min tier, interface
                                          set, residency contract and copy
                                          contract column
  check_registry_contract.py diagnostics LIST JSON  every diagnostic string, verbatim

Prints one line per checked item and "FAIL: ..." for each mismatch; exits 1
on any mismatch.
"""
import json
import re
import sys

failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)


def read_tables(path):
    tables, name = {}, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("@table "):
            name = line.split()[1]
            tables[name] = {"header": None, "rows": []}
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if tables[name]["header"] is None:
            tables[name]["header"] = cells
        else:
            tables[name]["rows"].append(dict(zip(tables[name]["header"], cells)))
    return tables


def tier_name(seed):
    return "all" if seed == "all" else "sm_" + seed[2:].lower()


def residency_words(seed):
    word = seed.split()[0]
    return {"any": {"rmem", "smem", "gmem"}}.get(word, {word})


def check_registry(tables, reg):
    atoms = {a["mnemonic"]: a for a in reg["atoms"]}
    for row in tables["registry"]["rows"]:
        mnemonic = re.sub(r" \(.*\)$", "", row["Atom mnemonic"])
        if mnemonic.endswith("*"):
            matches = [a for m, a in atoms.items() if m.startswith(mnemonic[:-1])]
        else:
            matches = [atoms[mnemonic]] if mnemonic in atoms else []
        check(bool(matches), "registered: " + mnemonic)
        ifaces = {re.sub(r" \(.*\)$", "", i.strip())
                  for i in row["Interfaces implemented"].split(",")}
        for atom in matches:
            m = atom["mnemonic"]
            check(atom["min_tier"] == tier_name(row["Min tier"]),
                  "%s min tier %s (got %s)" % (m, row["Min tier"], atom["min_tier"]))
            check(set(atom["interfaces"]) == ifaces,
                  "%s interfaces %s (got %s)" % (m, sorted(ifaces), atom["interfaces"]))
            check(atom["residency"]["contract"] == row["Residency contract"],
                  "%s residency contract '%s' (got '%s')" %
                  (m, row["Residency contract"], atom["residency"]["contract"]))
            if "(non-exec)" in row["Interfaces implemented"]:
                check(atom.get("non_exec") is True, m + " is non-executing")

    # The copy operand-layout contracts, per tier table.
    columns = {"Natural shape": "natural_shape", "Element width": "element_width",
               "Per-thread fragment": "fragment", "Lowering target": "lowering_target",
               "Descriptor kind": "descriptor_kind"}
    for name, table in tables.items():
        if not name.startswith("copy-"):
            continue
        for row in table["rows"]:
            spelled = re.sub(r" \(SM\d+\)$", "", row["Atom"])
            mnemonic, _, param = spelled.partition("<")
            param = param.rstrip(">")
            atom = atoms.get(mnemonic)
            check(atom is not None, "%s: copy atom %s registered" % (name, mnemonic))
            if atom is None:
                continue
            check(residency_words(row["Source"]) <= set(atom["residency"]["src"]),
                  "%s source %s (got %s)" % (spelled, row["Source"], atom["residency"]["src"]))
            check(residency_words(row["Destination"]) <= set(atom["residency"]["dst"]),
                  "%s destination %s (got %s)" %
                  (spelled, row["Destination"], atom["residency"]["dst"]))
            # A concrete parameter names one variant; `op`, `*` and no
            # parameter name the atom itself.
            target = atom
            if param and param not in ("op",) and "*" not in param:
                found = [v for v in atom["variants"] if v.get("param") == param]
                check(len(found) == 1, "%s: one variant with param %s" % (spelled, param))
                if not found:
                    continue
                target = found[0]
            for column, key in columns.items():
                if column not in row or row[column].startswith("inherited"):
                    continue
                if row[column].endswith(".*"):  # "ldmatrix.sync.aligned.*"
                    ok = all(v["ptx"].startswith(row[column][:-1]) for v in atom["variants"])
                    check(ok, "%s %s every variant matches %s" % (spelled, column, row[column]))
                    continue
                got = target.get(key, atom.get(key))
                check(got == row[column], "%s %s '%s' (got '%s')" % (spelled, column, row[column], got))


def check_diagnostics(path, diags):
    texts = [d["text"] for d in diags]
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        seed = json.loads(line)  # one JSON string a line: keeps trailing blanks
        check(texts.count(seed) == 1, "diagnostic %s" % json.dumps(seed))


def main():
    mode, expected, actual = sys.argv[1:4]
    data = json.load(open(actual, encoding="utf-8"))
    if mode == "registry":
        check_registry(read_tables(expected), data)
    else:
        check_diagnostics(expected, data)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
