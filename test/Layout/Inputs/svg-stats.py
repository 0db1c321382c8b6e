#!/usr/bin/env python3
"""Parses an SVG file with Python's XML parser (so it must be well formed)
and prints what the tests check: the root element, its size, the number of
cells (<rect>), of distinct fills, of empty (white) cells, and of cells that
name a thread and value ("T<t> V<v>")."""
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
rects = root.findall(NS + "rect")
texts = [t.text or "" for t in root.findall(NS + "text")]
tv = [t for t in texts if re.fullmatch(r"T\d+ V\d+", t)]
print("root: %s" % root.tag.replace(NS, "svg:"))
print("size: %sx%s" % (root.get("width"), root.get("height")))
print("rects: %d" % len(rects))
print("fills: %d" % len({r.get("fill") for r in rects}))
print("white: %d" % sum(1 for r in rects if r.get("fill") == "white"))
print("tv cells: %d" % len(tv))
print("threads: %d" % len({t.split()[0] for t in tv}))
print("title: %s" % (texts[0] if texts else ""))
