#!/usr/bin/env python3
#===- api-coverage.py - Every C++ API entry point is exercised -----------===#
#
# Part of CuTe-LLVM.
#
# Lists the public functions of the C++ API (include/cute/**/*.h and the
# generated op wrappers: the functions and function templates declared
# outside `namespace detail`) and the sources that the test suites compile
# (test/**: lit tests, the GPU tests and the generators of test inputs;
# examples/**: compiled to PTX by lit and run by the GPU suite; unittests/
# for the host-side functions), and prints each entry point no source
# calls. Exit status 1 when one is missing.
#
#   api-coverage.py SRC_ROOT GENERATED_WRAPPERS
#   api-coverage.py SRC_ROOT GENERATED_WRAPPERS --errors ALLOWLIST [EXTRA...]
#
# With --errors, the sources are the misuse tests only (files under test/
# whose name has "-errors" or "misuse", and the EXTRA files, e.g. the calls
# a test generates), and an entry point none of them calls must be listed
# in ALLOWLIST ("name: reason" lines) with the reason it has no misuse to
# report; a listed name that a misuse test calls is reported as stale.
#
#===----------------------------------------------------------------------===#
import glob
import os
import re
import sys

DECL = re.compile(
    r"^\s*(?:template\s*<[^;{]*?>\s*)?"
    r"(?:(?:CUTE_\w+_INLINE|constexpr|inline|static|__device__|__host__|"
    r"__forceinline__)\s+)+[\w:<>,\s\*&]*?\b([a-z][a-z0-9_]*)\s*\(",
    re.M)


def public_functions(path):
    """Function names declared in \\p path outside namespace detail."""
    text = open(path).read()
    names = set()
    # Blank out namespace detail { ... } blocks (brace matching).
    out, i = [], 0
    for m in re.finditer(r"namespace\s+detail\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    public = "".join(out)
    # Drop comments and macro bodies (#define lines and continuations).
    public = re.sub(r"//[^\n]*", "", public)
    public = re.sub(r"#define(?:[^\n]*\\\n)*[^\n]*", "", public)
    for m in DECL.finditer(public):
        names.add(m.group(1))
    return names


def corpus(root, patterns, suffixes):
    texts = []
    for pattern in patterns:
        for f in glob.glob(os.path.join(root, pattern), recursive=True):
            rel = os.path.relpath(f, root)
            if os.path.isfile(f) and "/Output/" not in rel and \
                    f.endswith(suffixes):
                texts.append(open(f, errors="ignore").read())
    return "\n".join(texts)


def misuse_corpus(root, extra):
    texts = [open(f, errors="ignore").read() for f in extra]
    for f in glob.glob(os.path.join(root, "test/**/*"), recursive=True):
        rel = os.path.relpath(f, root)
        name = os.path.basename(f)
        if os.path.isfile(f) and "/Output/" not in rel and \
                ("-errors" in name or "misuse" in name):
            texts.append(open(f, errors="ignore").read())
    return "\n".join(texts)


def allowlist(path):
    listed = {}
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, reason = line.partition(":")
        if not reason.strip():
            print("api-coverage: '%s' is listed without a reason" % name)
            reason = ""
        listed[name.strip()] = reason.strip()
    return listed


def main():
    root, wrappers = sys.argv[1], sys.argv[2]
    errors = len(sys.argv) > 3 and sys.argv[3] == "--errors"
    headers = glob.glob(os.path.join(root, "include/cute/**/*.h"),
                        recursive=True)
    api, host = set(), set()
    for h in headers + [wrappers]:
        names = public_functions(h)
        api |= names
        # <cute/numeric.h> is host code too: its unit tests count.
        if h.endswith("numeric.h"):
            host |= names
    # Keywords the pattern mistakes for functions, and types (whose
    # constructors match it) are no entry points.
    api -= {"operator", "decltype", "sizeof", "alignof"} | \
        {n for n in api if n.endswith("_t")}
    # CUDA sources only: the layout library's C++ functions share names.
    cuda = corpus(root, ("test/**/*", "examples/**/*"),
                  (".cu", ".cuh", ".h", ".test", ".py"))
    unit = corpus(root, ("unittests/**/*",), (".cpp",))

    def called(n, text):
        return re.search(r"\b" + n + r"\s*[<(]", text)

    if errors:
        listed = allowlist(sys.argv[4])
        misuse = misuse_corpus(root, sys.argv[5:])
        bad = 0
        for n in sorted(api):
            if called(n, misuse):
                if n in listed:
                    print("api-coverage: '%s' has a misuse test: drop it "
                          "from the list" % n)
                    bad += 1
            elif n not in listed or not listed[n]:
                print("api-coverage: no misuse test calls '%s'" % n)
                bad += 1
        for n in sorted(set(listed) - api):
            print("api-coverage: '%s' is listed but is no entry point" % n)
            bad += 1
        print("api-coverage: %d entry points, %d with a misuse test, %d "
              "listed, %d wrong" % (len(api), len(api) - len(
                  set(listed) & api), len(set(listed) & api), bad))
        return 1 if bad else 0

    missing = sorted(n for n in api if not called(n, cuda) and
                     not (n in host and called(n, unit)))
    for n in missing:
        print("api-coverage: no test or example calls '%s'" % n)
    print("api-coverage: %d entry points, %d not exercised"
          % (len(api), len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
