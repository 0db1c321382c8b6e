#!/usr/bin/env python3
#===- utils/sass-loops.py - Loops of a cubin's kernels, without nvdisasm -===#
#
# Part of CuTe-LLVM.
#
# Usage: utils/sass-loops.py FILE.cubin [NAME-SUBSTRING]
# For each kernel (.text.NAME section) of an sm_90 cubin (ptxas -arch=sm_90a
# -o FILE.cubin), prints its instruction count (ptxas -v gives its
# registers), and for each
# loop (a backward branch) that holds HMMA, its size and its HMMA, LDSM,
# LDGSTS, BAR and other instructions: the instructions per k-tile of a GEMM
# main loop. Opcodes are bits 0-11 of each 128-bit instruction; a BRA's
# offset, in 4-byte units from the next instruction, is bits 16-23 (low)
# and 34 up (high, signed). Both were calibrated on ptxas 13 output (a loop
# of known size); nvdisasm/cuobjdump are not in the CUDA install here.
#===----------------------------------------------------------------------===#
"""Loops of a cubin's kernels (see the header)."""
import struct, sys, collections
OPS = {0x23c: 'HMMA', 0x83b: 'LDSM', 0xfae: 'LDGSTS', 0xb1d: 'BAR', 0x947: 'BRA', 0x9af: 'LDGDEPBAR', 0x91a: 'DEPBAR'}
def sections(data):
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    secs = [struct.unpack_from('<IIQQQQ', data, shoff + i*shentsize) for i in range(shnum)]
    stroff = secs[shstrndx][4]
    def nm(o):
        return data[stroff+o:data.index(b'\0', stroff+o)].decode()
    return [(nm(s[0]), s[4], s[5]) for s in secs]
def analyse(data, filt):
    for name, off, size in sections(data):
        if not name.startswith('.text.') or filt not in name: continue
        words = [int.from_bytes(data[off+i:off+i+16], 'little') for i in range(0, size, 16)]
        ops = [w & 0xfff for w in words]
        # Trailing self-loop and NOP padding are not code.
        n = len(ops)
        while n and ops[n-1] == 0x918: n -= 1
        print('%s: %d instructions' % (name[6:], n))
        for i in range(n):
            if ops[i] != 0x947: continue
            w = words[i]
            hi = (w >> 34) & ((1 << 48) - 1)
            if hi >> 47: hi -= 1 << 48
            off4 = (hi << 8) | ((w >> 16) & 0xff)
            t = i + 1 + off4 // 4
            if t >= i or t == i: continue
            c = collections.Counter(OPS.get(o, 'other') for o in ops[t:i+1])
            if not c['HMMA']: continue
            print('  loop [%#x, %#x]: %d instructions: %s' % (t*16, i*16, i - t + 1,
                  ', '.join('%s %d' % (k, c[k]) for k in ['HMMA', 'LDSM', 'LDGSTS', 'BAR', 'LDGDEPBAR', 'DEPBAR', 'BRA', 'other'] if c[k])))
if len(sys.argv) < 2:
    sys.exit('usage: sass-loops.py FILE.cubin [NAME-SUBSTRING]')
analyse(open(sys.argv[1], 'rb').read(), sys.argv[2] if len(sys.argv) > 2 else '')
