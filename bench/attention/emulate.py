#!/usr/bin/env python3
# ===- bench/attention/emulate.py - bench.py's checks on an emulated kernel -=== #
#
# Part of CuTe-LLVM.
#
# ===----------------------------------------------------------------------=== #
"""Runs bench.py's correctness checks, on the CPU, against an emulation of a
FlashAttention forward: key blocks of 128, an online softmax in fp32, P rounded
to the input type before the P V product, O rounded at the end. The faithful
emulation must pass every case, within its bound; each planted bug must fail
at least one. This tests the reference, the bounds and the check list, on any
machine with PyTorch (any version from 1.13; no GPU):

    python3 bench/attention/emulate.py                  # faithful + every bug
    python3 bench/attention/emulate.py --bugs none --dtypes bf16
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("bench", os.path.join(HERE, "bench.py"))
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench"] = bench
_spec.loader.exec_module(bench)
bench.DEVICE = "cpu"

BUGS = {
    "none": "the faithful emulation",
    "off_by_one": "causal diagonal one key too far",
    "top_left": "causal mask top-left aligned",
    "no_rescale": "accumulator not rescaled when the maximum moves",
    "drop_tail": "last partial key block skipped",
    "no_scale": "softmax_scale not applied",
    "lse_log2": "LSE in base 2",
    "empty_nan": "rows that see no key left 0/0",
}


class Emulation(bench.Candidate):
    def __init__(self, bug: str, block_n: int = 128) -> None:
        self.bug = bug
        self.block_n = block_n
        self.name = f"emulation ({BUGS[bug]})"

    def run(self, case, x, o, lse, scale, causal, dtype) -> None:
        group = case.heads_q // case.heads_kv
        heads = torch.arange(case.heads_q) // group
        for i, (lq, lk) in enumerate(zip(case.lens_q, case.lens_k)):
            if lq == 0:
                continue
            q0, k0 = x.offsets_q[i], x.offsets_k[i]
            q = x.q[q0:q0 + lq].float().transpose(0, 1)
            k = x.k[k0:k0 + lk].float().transpose(0, 1)[heads]
            v = x.v[k0:k0 + lk].float().transpose(0, 1)[heads]
            m = torch.full((case.heads_q, lq), -math.inf)
            l = torch.zeros(case.heads_q, lq)
            acc = torch.zeros(case.heads_q, lq, case.head_dim)
            rows = torch.arange(lq)
            end = lk
            if self.bug == "drop_tail" and lk > self.block_n:
                end = lk - lk % self.block_n
            for j0 in range(0, end, self.block_n):
                kb, vb = k[:, j0:j0 + self.block_n], v[:, j0:j0 + self.block_n]
                s = torch.matmul(q, kb.transpose(1, 2))
                if self.bug != "no_scale":
                    s = s * scale
                if causal:
                    shift = lk - lq
                    if self.bug == "top_left":
                        shift = 0
                    if self.bug == "off_by_one":
                        shift += 1
                    j = torch.arange(j0, j0 + kb.shape[1])
                    s = s.masked_fill(~(j[None, :] <= rows[:, None] + shift), -math.inf)
                m_new = torch.maximum(m, s.max(-1).values)
                alpha = torch.exp(m - m_new).nan_to_num(nan=0.0)
                if self.bug == "no_rescale":
                    alpha = torch.ones_like(alpha)
                p = torch.exp(s - m_new[..., None]).nan_to_num(nan=0.0)
                l = l * alpha + p.sum(-1)
                acc = acc * alpha[..., None] + torch.matmul(p.to(dtype.torch).float(), vb)
                m = m_new
            if self.bug == "empty_nan":
                out = acc / l[..., None]
            else:
                out = torch.where(l[..., None] > 0, acc / l.clamp_min(1e-30)[..., None],
                                  torch.zeros(()))
            o[q0:q0 + lq] = out.transpose(0, 1).to(dtype.torch)
            if lse is not None:
                val = m + torch.log(l)
                if self.bug == "lse_log2":
                    val = val / math.log(2)
                lse[:, q0:q0 + lq] = torch.where(l > 0, val, torch.full((), -math.inf))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bugs", default="all",
                    help=f"comma-separated from {','.join(BUGS)} (default all)")
    ap.add_argument("--dtypes", default="bf16,fp16")
    ap.add_argument("--filter", default="", help="only cases whose name contains this")
    args = ap.parse_args()
    bugs = list(BUGS) if args.bugs == "all" else args.bugs.split(",")
    dtypes = [bench.DTYPES[d] for d in args.dtypes.split(",")]
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    bad = 0
    for bug in bugs:
        t0 = time.time()
        cand = Emulation(bug)
        caught = None
        worst = 0.0
        for n, case in enumerate(bench.check_cases()):
            if args.filter not in case.name or caught:
                continue
            for dtype in dtypes:
                for causal in (False, True):
                    if caught:
                        continue
                    gen = torch.Generator()
                    gen.manual_seed(n)
                    r = bench.check_case(cand, case, dtype, causal, gen, 1.0)
                    line = (f"{dtype.name} causal={int(causal)} {case.name}: "
                            f"{r.text.splitlines()[0]}")
                    if bug == "none":
                        print(f"  {r.status}: {line}", flush=True)
                        if r.status == "FAIL":
                            bad += 1
                            print("    " + "\n    ".join(r.text.splitlines()[1:]))
                        worst = max(worst, float(r.text.split("(")[1].split(" ")[0]))
                    elif r.status == "FAIL":
                        caught = line
        took = f"{time.time() - t0:.0f} s"
        if bug == "none":
            print(f"none ({BUGS[bug]}): {'all passed' if not bad else f'{bad} FAILED'}, "
                  f"at most {worst:.2f} of the bound ({took})", flush=True)
        elif caught:
            print(f"{bug} ({BUGS[bug]}): caught by {caught} ({took})", flush=True)
        else:
            bad += 1
            print(f"{bug} ({BUGS[bug]}): NOT CAUGHT ({took})", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
