#!/usr/bin/env python3
#===- function-length.py - No function in the library runs too long ------===#
#
# Part of CuTe-LLVM.
#
# A function longer than a screenful hides its structure: split it into
# named helpers. This lists every C++ function body in the scanned files
# that spans more than MAX lines, from the first line of its declaration
# (its template header included) to its closing brace.
#
# Usage: function-length.py [--max N] [--all] ROOT [PATH...]
#
# Scans the .cpp and .h files under each PATH (relative to ROOT; by default
# lib/) and prints one line per function over the limit,
# `path:line: name: N lines`, then a summary. --all prints every function
# with its length instead, longest first (for finding the candidates).
# Exits 1 when a function is over the limit, 2 when a PATH is missing.
#
# The scan reads the text, not an AST: comments, string and character
# literals and preprocessor lines are blanked first, then braces are
# matched. A brace at namespace or class scope opens a function body when
# what precedes it is a declarator (it has a parameter list and is not a
# class, enum, namespace or an initializer); lambdas and nested blocks count
# as part of the function they are in.
#
#===----------------------------------------------------------------------===#
import os
import re
import sys

DEFAULT_MAX = 100
DEFAULT_PATHS = ["lib"]
SUFFIXES = (".cpp", ".h", ".inc")
SKIP_DIRS = {"__pycache__", ".git"}

SCOPE_KEYWORDS = re.compile(r"^(?:typedef\s+)?(namespace|class|struct|union|enum|extern)\b")
RAW_STRING = re.compile(r'R"([^()\\ ]{0,16})\(')


def blank(text):
    """Returns text with comments, literals and preprocessor lines replaced
    by spaces; newlines are kept, so that offsets map to the same lines."""
    out = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c == "#":
            # A preprocessor line with its continuations.
            j = i
            while j < n and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 1
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        if c == "\n":
            out.append(c)
            at_line_start = True
            i += 1
            continue
        if not c.isspace():
            at_line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        raw = RAW_STRING.match(text, i)
        if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = text.find(")" + raw.group(1) + '"', raw.end())
            j = n if end < 0 else end + len(raw.group(1)) + 2
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:j]))
            i = j
            continue
        if c in "\"'":
            # A digit separator (1'000) is not a character literal.
            if c == "'" and i > 0 and text[i - 1].isalnum() and \
                    i + 1 < n and text[i + 1].isalnum():
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else c)
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out)


def strip_template_header(header):
    """Drops leading `template <...>` parameter lists."""
    while True:
        m = re.match(r"\s*template\s*<", header)
        if not m:
            return header
        depth, i = 1, m.end()
        while i < len(header) and depth:
            depth += {"<": 1, ">": -1}.get(header[i], 0)
            i += 1
        header = header[i:]


def classify(header):
    """What a brace at namespace or class scope opens, from the text before
    it: 'scope' (namespace, class, extern "C"), 'function' or 'data'."""
    h = " ".join(strip_template_header(header).split())
    h = re.sub(r"^(?:\[\[[^\]]*\]\]\s*)+", "", h)
    h = re.sub(r"^(?:public|private|protected)\s*:\s*", "", h)
    if SCOPE_KEYWORDS.match(h) and not re.search(r"\)\s*[\w\s]*$", h):
        return "enum" if h.startswith(("enum", "typedef enum")) else "scope"
    if "(" not in h:
        return "data"
    if re.search(r"\boperator\b", h):
        return "function"
    # An initializer: `=` outside any parentheses or brackets.
    depth = 0
    for c in h:
        if c in "([<":
            depth += 1
        elif c in ")]>":
            depth -= 1
        elif c == "=" and depth <= 0:
            return "data"
    return "function"


def function_name(header):
    """The declarator's name, for the report: what precedes the first
    parameter list that is not part of a template argument."""
    h = " ".join(strip_template_header(header).split())
    m = re.search(r"((?:[\w~]+(?:<[^()]*>)?::)*(?:operator\s*\S+?|~?\w+))\s*\(", h)
    return m.group(1) if m else h[:40]


def functions(text):
    """Yields (name, first line, last line) of every function body."""
    code = blank(text)
    line_of = [0] * (len(code) + 1)
    line = 1
    for i, c in enumerate(code):
        line_of[i] = line
        if c == "\n":
            line += 1
    line_of[len(code)] = line

    stack = []  # kinds of the open braces
    header_start = 0  # where the text before the next brace begins
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c in ";}" or (c == ":" and stack and stack[-1] == "scope" and
                          re.search(r"\b(public|private|protected)\s*$",
                                    code[header_start:i])):
            if c == "}":
                if stack:
                    stack.pop()
            header_start = i + 1
            i += 1
            continue
        if c != "{":
            i += 1
            continue
        if stack and stack[-1] not in ("scope",):
            stack.append("block")
            i += 1
            continue
        header = code[header_start:i]
        kind = classify(header)
        if kind != "function":
            stack.append(kind if kind != "data" else "block")
            header_start = i + 1
            i += 1
            continue
        # A constructor's member initializer with braces (`: A(x), B{y} {`)
        # is not the body: the body's brace follows `)` or `}`.
        before = code[header_start:i].rstrip()
        if re.search(r"\)\s*(?:const|noexcept|override|final|\s)*:", header) and \
                before and (before[-1].isalnum() or before[-1] in "_>"):
            j = match_brace(code, i)
            i = j + 1
            continue
        end = match_brace(code, i)
        start = header_start + (len(header) - len(header.lstrip()))
        yield function_name(header), line_of[start], line_of[end]
        header_start = end + 1
        i = end + 1


def match_brace(code, i):
    depth = 0
    for j in range(i, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def files_under(root, rel):
    path = os.path.join(root, rel)
    if os.path.isfile(path):
        yield rel
        return
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for name in sorted(filenames):
            if name.endswith(SUFFIXES):
                yield os.path.relpath(os.path.join(dirpath, name), root)


def main(argv):
    limit = DEFAULT_MAX
    show_all = False
    args = []
    it = iter(argv[1:])
    for a in it:
        if a == "--max":
            limit = int(next(it))
        elif a == "--all":
            show_all = True
        else:
            args.append(a)
    if not args:
        print("usage: function-length.py [--max N] [--all] ROOT [PATH...]",
              file=sys.stderr)
        return 2
    root, paths = args[0], args[1:] or DEFAULT_PATHS
    for rel in paths:
        if not os.path.exists(os.path.join(root, rel)):
            print("error: not in %s: %s" % (root, rel))
            return 2
    found = []
    files = 0
    count = 0
    for rel in paths:
        for path in files_under(root, rel):
            files += 1
            with open(os.path.join(root, path), encoding="utf-8") as f:
                text = f.read()
            for name, first, last in functions(text):
                count += 1
                found.append((last - first + 1, path, first, name))
    if show_all:
        for length, path, first, name in sorted(found, key=lambda f: -f[0]):
            print("%s:%d: %s: %d lines" % (path, first, name, length))
    over = sorted(f for f in found if f[0] > limit)
    if not show_all:
        for length, path, first, name in sorted(over, key=lambda f: (f[1], f[2])):
            print("%s:%d: %s: %d lines" % (path, first, name, length))
    print("function-length: %d file(s), %d function(s), %d over %d lines" %
          (files, count, len(over), limit))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
