#!/usr/bin/env python3
"""Print the program a tutorial in docs/ is made of: its ```cpp code blocks,
in order, joined (each block is a piece of one translation unit).

Usage: docs-tutorial.py DOC.md > program.cu
"""
import sys


def blocks(text):
    out, inside = [], False
    for line in text.splitlines():
        if not inside and line.strip() == "```cpp":
            inside = True
            out.append([])
        elif inside and line.strip() == "```":
            inside = False
        elif inside:
            out[-1].append(line)
    if inside:
        sys.exit("error: a ```cpp block is not closed")
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip())
    with open(sys.argv[1], encoding="utf-8") as f:
        found = blocks(f.read())
    if not found:
        sys.exit(f"error: {sys.argv[1]} has no ```cpp block")
    print(f"// Extracted from {sys.argv[1]} by utils/docs-tutorial.py: "
          f"{len(found)} blocks.")
    for b in found:
        print("\n".join(b))
        print()


if __name__ == "__main__":
    main()
