#!/usr/bin/env python3
#===- dynamic-relocations.py - Count the dynamic relocations of an ELF ---===#
#
# Part of CuTe-LLVM.
#
# dynamic-relocations.py FILE LIMIT: prints "fewer than LIMIT" when the
# dynamic relocation sections (.rela.dyn, .rel.dyn) of the 64-bit
# little-endian ELF FILE hold fewer than LIMIT entries, else the count.
#
#===----------------------------------------------------------------------===#
import struct
import sys


def dynamic_relocations(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit(f"{path}: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def section(i):
        # sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size, ..., sh_entsize
        return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)

    names = section(shstrndx)[4]
    count = 0
    for i in range(shnum):
        name_off, _, _, _, _, size, _, _, _, entsize = section(i)
        end = data.index(b"\0", names + name_off)
        name = data[names + name_off:end].decode()
        if name in (".rela.dyn", ".rel.dyn") and entsize:
            count += size // entsize
    return count


count = dynamic_relocations(sys.argv[1])
limit = int(sys.argv[2])
print(f"fewer than {limit}" if count < limit else f"{count} dynamic relocations")
