#!/usr/bin/env python3
"""Every CuteDiagnostic record of td/Diagnostics.td is emitted by the code
(named as DiagID::<Record> in lib/, tools/ or TableGen/, or bound by an
OperandCheck record in td/, which the atom lowering evaluates); a record of the
atom verifier's contract (inside `let Contract = 1 in { ... }`) is also
matched by a test
(the record's text, up to its first placeholder, in a FileCheck line under
test/): a record that nothing emits is deleted, not kept as a promise."""
import pathlib
import re
import sys

src = pathlib.Path(sys.argv[1])
td = (src / "td" / "Diagnostics.td").read_text()
RECORD = r'^def (\w+)\s*:\s*CuteDiagnostic<"((?:[^"\\]|\\.)*)"'
block = re.search(r"^let Contract = 1 in \{$(.*?)^\} // let Contract = 1$",
                  td, re.M | re.S)
contract = set(re.findall(RECORD, block.group(1), re.M)) if block else set()
records = re.findall(RECORD, td, re.M)
code = "".join(p.read_text(errors="replace")
               for d in ("lib", "tools", "TableGen")
               for p in (src / d).rglob("*")
               if p.suffix in (".cpp", ".h"))
checks = "\n".join(line for p in (src / "test").rglob("*")
                   if p.is_file() and "Inputs" not in p.parts
                   for line in p.read_text(errors="replace").splitlines()
                   if re.match(r"^\W*[A-Z][A-Z0-9_-]*:", line))
# A diagnostic an OperandCheck record binds (td/, not Diagnostics.td) is
# emitted by the atom lowering's evaluation of the check.
bound = "".join(p.read_text(errors="replace")
                for p in (src / "td").rglob("*.td")
                if p.name != "Diagnostics.td")
failures = 0
for name, text in records:
    used = (re.search(r"DiagID::%s\b" % name, code) is not None or
            re.search(r"Check\s*<[^;]*\b%s\s*>" % name, bound) is not None)
    prefix = text.split("{")[0]
    tested = name not in {n for n, _ in contract} or (
        bool(prefix) and prefix in checks)
    if not used or not tested:
        failures += 1
    print("%s: %s%s" % ("ok" if used and tested else "FAIL", name,
                        "" if used else " (never emitted by lib/, tools/ or TableGen/)")
          + ("" if tested else " (no FileCheck line matches its text)"))
print("%d record(s), %d of the contract, %d failure(s)" %
      (len(records), len(contract), failures))
