#!/usr/bin/env python3
"""cute-layout --jsonl vectors for make_gmma_layout_atom: CuTe's
GMMA::Layout_<Major>_<Type>_Atom<T> for 8-, 16- and 32-bit elements, written
from CuTe's definitions on bits: Layout_K_<Type>_Atom_Bits is
Swizzle<B,4,3> o (8, W*128):(W*128, 1) bits (MN: the transpose), W = 1, 2,
4, 8 for INTER, SW32, SW64, SW128 and B = log2 W; upcast to elements of
`bits` bits, a row of W*128 bits holds W*128/bits elements and the
byte-address Swizzle<B,4,3> (16-byte units) becomes S<B, log2(128/bits), 3>
on element indices."""
import json

for bits in (8, 16, 32):
    for name, w, b in (("INTER", 1, 0), ("SW32", 2, 1), ("SW64", 4, 2),
                       ("SW128", 8, 3)):
        row_bits = w * 128
        elems = row_bits // bits
        base = (128 // bits).bit_length() - 1
        for major in ("K", "MN"):
            if major == "K":
                outer = f"(8,{elems}):({elems},1)"
            else:
                outer = f"({elems},8):(1,{elems})"
            print(json.dumps({"op": "make_gmma_layout_atom",
                              "args": [str(bits)], "arg_types": ["int"],
                              "attrs": {"major": major, "swizzle": name},
                              "result": f"S<{b},{base},3> o 0 o {outer}"}))
# Widths that do not divide 128 bits, and an unknown layout type.
print(json.dumps({"op": "make_gmma_layout_atom", "args": ["12"],
                  "arg_types": ["int"],
                  "attrs": {"major": "K", "swizzle": "SW32"},
                  "error": "a GMMA layout atom's element width divides 128 "
                           "bits, not 12"}))
