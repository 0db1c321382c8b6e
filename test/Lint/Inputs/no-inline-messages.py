#!/usr/bin/env python3
#===- no-inline-messages.py - Every message is a diagnostic record -------===#
#
# Part of CuTe-LLVM.
#
# A user-facing message is a CuteDiagnostic record of td/Diagnostics.td,
# used as `diag(DiagID::Name, args...)` (CuteLLVM/Support/Diagnostics.h):
# its text is written once, where the tests, the docs and a reviewer find
# it. This lists every message still written inline, and every use of a
# record whose arguments do not match the record's.
#
# Usage: no-inline-messages.py ROOT [PATH...]
#
# Scans the .cpp and .h files under each PATH (relative to ROOT; by default
# lib/, tools/ and TableGen/), except the sources of cute-min-tblgen
# (BOOTSTRAP below): it generates the table of records, so its own few
# errors cannot come from it (as llvm-min-tblgen bootstraps llvm-tblgen). Prints `path:line: inline message: "..."` for each
# message, `path:line: Name takes N argument(s), given M` for each
# mismatched use, then a summary. Exits 1 when it printed either, 2 when a
# PATH is missing or the records cannot be read.
#
# What a message is. The scan reads the text, not an AST: comments are
# blanked first (a message quoted in a comment is not one), then it finds
# the calls and statements that carry user-facing text:
#   - the argument list of a call to a reporting function: one of SINKS
#     below (the library's error constructors and reporters, the tools'
#     `fail`, LLVM's createStringError, report_fatal_error and TableGen's
#     PrintFatalError / PrintError / PrintWarning / PrintNote, whatever
#     object or scope they are called on);
#   - a statement that writes to errs() or through WithColor (up to its
#     `;`).
# In those, a string literal is a message when it holds two or more words
# that contain a letter ("is not a layout", "'llvm.cute.pack' expects
# one"). A literal of one word or of punctuation only is a name or a
# separator, not a message: an operand or a keyword picked by a condition
# ("null", "smem"), a tool's name ("cute-atoms"), ": " or ", ". So is a
# literal inside a diag() call's arguments when it is such a name.
# Text that is neither (an assert's or llvm_unreachable's explanation, a
# debug print, generated PTX or C++) is not user-facing and not scanned;
# a message assembled in a variable first and reported later escapes this
# scan, which is why the reporting functions take a diag() result.
#
#===----------------------------------------------------------------------===#
import os
import re
import sys

DEFAULT_PATHS = ["lib", "tools", "TableGen"]
BOOTSTRAP = {"TableGen/CuteTableGen.cpp", "TableGen/DiagnosticsEmitter.cpp",
             "TableGen/PooledTable.cpp"}
SUFFIXES = (".cpp", ".h")
SKIP_DIRS = {"__pycache__", ".git"}

SINKS = {
    # lib/: Error values and reported diagnostics.
    "makeError", "attrError", "error", "errorAt", "reportCuteError",
    "reportVariantError", "fail", "Fail", "refuse", "report",
    "checkNotNull", "checkPointerOperand", "asI16",
    # LLVM and TableGen.
    "createStringError", "report_fatal_error", "PrintFatalError",
    "PrintError", "PrintWarning", "PrintNote", "PrintFatalNote",
}
CALL = re.compile(r"\b(\w+)\s*\(")
STREAM = re.compile(r"\b(?:errs\s*\(\s*\)\s*<<|WithColor\b)")
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
DIAG = re.compile(r"\bdiag\s*\(\s*DiagID::(\w+)")
RECORD = re.compile(r'^def (\w+)\s*:\s*CuteDiagnostic<"(?:[^"\\]|\\.)*"'
                    r'(?:\s*,\s*\[([^\]]*)\])?', re.M)


def blank_comments(text):
    """The text with comments blanked (newlines kept), strings kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "'" and not (i and text[i - 1].isalnum())):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def skip_literal(text, i):
    """Index after the string or character literal at i."""
    q = text[i]
    j = i + 1
    while j < len(text) and text[j] != q and text[j] != "\n":
        j += 2 if text[j] == "\\" else 1
    return j + 1


def closing(text, i):
    """Index of the parenthesis closing the one at i (or the end)."""
    depth = 0
    j = i
    while j < len(text):
        c = text[j]
        if c == '"' or (c == "'" and not text[j - 1].isalnum()):
            j = skip_literal(text, j)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return len(text)


def statement_end(text, i):
    j = i
    while j < len(text) and text[j] != ";":
        if text[j] == '"' or (text[j] == "'" and not text[j - 1].isalnum()):
            j = skip_literal(text, j)
            continue
        j += 1
    return j


def is_message(body):
    return sum(1 for w in body.split() if re.search(r"[A-Za-z]", w)) >= 2


def spans(text):
    """(start, end) of every region that carries user-facing text."""
    for m in CALL.finditer(text):
        if m.group(1) in SINKS:
            yield m.end() - 1, closing(text, m.end() - 1)
    for m in STREAM.finditer(text):
        yield m.start(), statement_end(text, m.start())


def read_records(root):
    path = os.path.join(root, "td", "Diagnostics.td")
    with open(path, encoding="utf-8") as f:
        td = f.read()
    return {name: len(re.findall(r'"(?:[^"\\]|\\.)*"', args or ""))
            for name, args in RECORD.findall(td)}


def count_args(text, open_paren):
    """Top-level arguments of the call whose '(' is at open_paren."""
    end = closing(text, open_paren)
    depth, count, j = 0, 1, open_paren + 1
    while j < end:
        c = text[j]
        if c == '"' or (c == "'" and not text[j - 1].isalnum()):
            j = skip_literal(text, j)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            count += 1
        j += 1
    return count - 1


def scan_file(path, rel, arity, findings):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = blank_comments(f.read())
    seen = set()
    for start, end in spans(text):
        for m in LITERAL.finditer(text, start, end):
            if m.start() in seen or not is_message(m.group(1)):
                continue
            seen.add(m.start())
            line = text.count("\n", 0, m.start()) + 1
            findings.append("%s:%d: inline message: \"%s\"" %
                            (rel, line, m.group(1)))
    for m in DIAG.finditer(text):
        name = m.group(1)
        line = text.count("\n", 0, m.start()) + 1
        if name not in arity:
            findings.append("%s:%d: %s is no diagnostic record" %
                            (rel, line, name))
            continue
        given = count_args(text, text.index("(", m.start()))
        if given != arity[name]:
            findings.append("%s:%d: %s takes %d argument(s), given %d" %
                            (rel, line, name, arity[name], given))


def main(argv):
    args = argv[1:]
    if not args:
        print("usage: no-inline-messages.py ROOT [PATH...]", file=sys.stderr)
        return 2
    root, paths = args[0], args[1:] or DEFAULT_PATHS
    try:
        arity = read_records(root)
    except OSError as e:
        print("error: %s" % e)
        return 2
    files = []
    for p in paths:
        full = os.path.join(root, p)
        if not os.path.exists(full):
            print("error: not in %s: %s" % (root, p))
            return 2
        if os.path.isfile(full):
            files.append(full)
            continue
        for dirpath, dirnames, filenames in os.walk(full):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            files += [os.path.join(dirpath, f) for f in sorted(filenames)
                      if f.endswith(SUFFIXES)]
    findings = []
    files = [f for f in files
             if os.path.relpath(f, root).replace(os.sep, "/") not in BOOTSTRAP]
    for f in files:
        scan_file(f, os.path.relpath(f, root), arity, findings)
    for line in findings:
        print(line)
    print("no-inline-messages: %d file(s), %d record(s), %d finding(s)" %
          (len(files), len(arity), len(findings)))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
