#!/usr/bin/env python3
"""Every CuteDiagnostic record of td/Diagnostics.td is emitted by the code
(named as DiagID::<Record> in lib/ or tools/) and matched by a test (the
record's text, up to its first placeholder, in a FileCheck line under
test/):
a record that nothing emits is deleted, not kept as a promise."""
import pathlib
import re
import sys

src = pathlib.Path(sys.argv[1])
td = (src / "td" / "Diagnostics.td").read_text()
records = re.findall(r'^def (\w+)\s*:\s*CuteDiagnostic<"((?:[^"\\]|\\.)*)">',
                     td, re.M)
code = "".join(p.read_text(errors="replace")
               for d in ("lib", "tools")
               for p in (src / d).rglob("*.cpp"))
checks = "\n".join(line for p in (src / "test").rglob("*")
                   if p.is_file() and "Inputs" not in p.parts
                   for line in p.read_text(errors="replace").splitlines()
                   if re.match(r"^\W*[A-Z][A-Z0-9_-]*:", line))
failures = 0
for name, text in records:
    used = "DiagID::" + name in code
    prefix = text.split("{")[0]
    tested = bool(prefix) and prefix in checks
    if not used or not tested:
        failures += 1
    print("%s: %s%s" % ("ok" if used and tested else "FAIL", name,
                        "" if used else " (never emitted by lib/ or tools/)")
          + ("" if tested else " (no FileCheck line matches its text)"))
print("%d record(s), %d failure(s)" % (len(records), failures))
