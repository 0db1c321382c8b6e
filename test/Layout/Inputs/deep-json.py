"""deep-json.py DEPTH: prints one --jsonl line whose attribute nests DEPTH
JSON arrays deep."""
import sys

depth = int(sys.argv[1])
print('{"op": "size", "args": ["4"], "attrs": {"x": %s%s}}' %
      ("[" * depth, "]" * depth))
