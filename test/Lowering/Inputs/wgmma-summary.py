#===- wgmma-summary.py - The WGMMA and softmax mix of each PTX kernel ---===#
#
# Part of CuTe-LLVM.
#
#===----------------------------------------------------------------------===#
"""Usage: wgmma-summary.py FILE.ptx PREFIX

For each `.entry` whose (mangled) name starts with PREFIX, prints one line:

  NAME: SS SHAPExN ... RS SHAPExN ... ex2=ftz|none|slow cvt=packed|scalar
        setmaxnreg=INC/DEC named-barriers=N

SS/RS: how many wgmma.mma_async of each shape take A from shared memory (a
descriptor, %rd) or from registers ({%r...}); ex2: whether every ex2 is the
flush-to-zero form; cvt: whether every f32 -> 16-bit conversion is packed
(cvt.rn.bf16x2.f32 / f16x2) or some are one value at a time.
"""
import collections
import re
import sys

from ptxkernel import kernel_body


def main():
    ptx = open(sys.argv[1]).read()
    prefix = sys.argv[2]
    names = re.findall(r"\.entry\s+(%s\S*)\s*\(" % re.escape(prefix), ptx)
    if not names:
        sys.exit("wgmma-summary.py: no kernel '%s...'" % prefix)
    for name in names:
        body = kernel_body(ptx, name, "wgmma-summary.py")
        mix = collections.Counter()
        for shape, a in re.findall(
                r"wgmma\.mma_async\.sync\.aligned\.(\S+)\s+\{[^}]*\},\s*"
                r"(\{|%rd)", body):
            mix["%s %s" % ("RS" if a == "{" else "SS", shape)] += 1
        ex2 = re.findall(r"ex2\.approx(\.ftz)?\.f32", body)
        ex2s = ("none" if not ex2 else
                "ftz" if all(e for e in ex2) else "slow")
        packed = len(re.findall(r"cvt\.rn\.(bf16x2|f16x2)\.f32", body))
        scalar = len(re.findall(r"cvt\.rn\.(bf16|f16)\.f32", body))
        cvt = "scalar" if scalar else "packed" if packed else "none"
        regs = "/".join(re.findall(r"setmaxnreg\.(?:inc|dec)\.sync\.aligned"
                                   r"\.u32\s+(\d+)", body))
        named = len(re.findall(r"\bbar\.(?:sync|arrive)\s+[^;]*,", body))
        print("%s: %s ex2=%s cvt=%s setmaxnreg=%s named-barriers=%d" % (
            name, " ".join("%sx%d" % (k, v) for k, v in sorted(mix.items())),
            ex2s, cvt, regs, named))


if __name__ == "__main__":
    main()
