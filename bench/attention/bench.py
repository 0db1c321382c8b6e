#!/usr/bin/env python3
# ===- bench/attention/bench.py - Attention forward: checks and timings ---=== #
#
# Part of CuTe-LLVM.
#
# ===----------------------------------------------------------------------=== #
"""Checks our attention forward kernel against an fp32 reference, then times it
beside PyTorch SDPA's cuDNN and FlashAttention-2 backends and Triton's
fused-attention tutorial, on the FlashAttention-3 paper's grid.

The kernel is a shared library (bench/attention/run.sh --build-only DIR) with
the C ABI

    int cute_attention_sm90_fwd(const void *q, const void *k, const void *v,
                                void *o, float *lse, int batch, int seqlen_q,
                                int seqlen_k, int heads_q, int heads_kv,
                                int head_dim, const int *cu_seqlens_q,
                                const int *cu_seqlens_k, float softmax_scale,
                                int causal, int dtype, void *stream);

q is [total_q][heads_q][head_dim], k and v [total_k][heads_kv][head_dim], o like
q, lse float [heads_q][total_q] (natural log, of the scaled scores; may be
null); dtype 0 = fp16, 1 = bf16. FP8 (q, k, v in e4m3, o in bf16) takes

    int cute_attention_sm90_fwd_fp8(<the same, up to causal>,
                                    const float *q_descale,
                                    const float *k_descale,
                                    const float *v_descale, void *stream);

with per-tensor descale factors in device memory (FlashAttention-3's). Each
returns 0 or a
cudaError_t; cudaErrorNotSupported (801) marks a shape it does not take (SKIP
here, `n/a` in the table). Varlen batches pass int32 cu_seqlens (batch + 1
offsets) and the maximal lengths. Causal masks are bottom-right aligned:
query i of a sequence sees keys j <= i + seqlen_k - seqlen_q. A query row that
sees no key (causal with seqlen_q > seqlen_k, or seqlen_k = 0) has o = 0 and
lse = -inf.

Run `bench.py --help`; bench/attention/README.md says how to build and run it
and why the error bounds are what they are.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import dataclasses
import datetime
import hashlib
import importlib.util
import inspect
import io
import math
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
import types
import warnings
from typing import Callable, Iterator, Optional, Sequence

import torch
import torch.nn.functional as F

# ===----------------------------------------------------------------------=== #
# Element types
# ===----------------------------------------------------------------------=== #


@dataclasses.dataclass(frozen=True)
class DType:
    name: str
    abi: int  # the C ABI's `dtype` argument
    torch: torch.dtype
    # Unit roundoff of round-to-nearest: |round(x) - x| <= u * |x| (normal
    # range). fp16 has 11 significand bits, bf16 8.
    unit_roundoff: float
    # Half the spacing of the subnormals: the absolute rounding error of a
    # value below the normal range (fp16's P entries below 2^-14). bf16 has
    # fp32's exponent range, so its P entries never get there.
    subnormal_half_spacing: float
    # The output's type where it is not the input's (FP8: bf16).
    output: Optional[torch.dtype] = None

    @property
    def out(self) -> torch.dtype:
        return self.output or self.torch

    @property
    def fp8(self) -> bool:
        return self.abi == FP8_E4M3_ABI


# FP8: e4m3 inputs quantised per tensor (x / descale, descale = amax / 448),
# bf16 output, through cute_attention_sm90_fwd_fp8. The reference starts from
# the dequantised inputs (x8.float() * descale), so the input quantisation is
# no error of the kernel's; P is rounded to e4m3 in the kernel (unit roundoff
# 2^-4). The bound leaves out e4m3's subnormal P entries (below 2^-6, absolute
# error up to 2^-10 each), whose worst case would make it vacuous on long
# rows: for FP8 it is a check that can fail on a correct kernel, not a proof
# (bench/attention/README.md).
FP8_E4M3_ABI = 2
FP8_MAX = 448.0

DTYPES: dict[str, DType] = {
    "fp16": DType("fp16", 0, torch.float16, 2.0**-11, 2.0**-25),
    "bf16": DType("bf16", 1, torch.bfloat16, 2.0**-8, 0.0),
    "e4m3": DType("e4m3", FP8_E4M3_ABI, torch.float8_e4m3fn, 2.0**-4, 0.0,
                  torch.bfloat16),
}

CUDA_ERROR_NOT_SUPPORTED = 801  # cudaErrorNotSupported

# Where the checks' tensors live; the reference and bound code also runs on
# the CPU (as bench/attention's emulation test does: see the README).
DEVICE = "cuda"


def sync() -> None:
    if DEVICE == "cuda":
        torch.cuda.synchronize()


class Unsupported(Exception):
    """The implementation does not take this shape or type (n/a, SKIP)."""


# ===----------------------------------------------------------------------=== #
# Our kernel, through ctypes
# ===----------------------------------------------------------------------=== #


class CuteAttention:
    """cute_attention_sm90_fwd from the shared library at `path`."""

    SYMBOL = "cute_attention_sm90_fwd"

    def __init__(self, path: str) -> None:
        self.path = os.path.abspath(path)
        try:
            self.lib = ctypes.CDLL(self.path)
        except OSError as e:
            sys.exit(f"bench.py: error: cannot load {self.path}: {e}")
        fn = getattr(self.lib, self.SYMBOL, None)
        if fn is None:
            sys.exit(f"bench.py: error: {self.path} has no {self.SYMBOL}")
        P, I = ctypes.c_void_p, ctypes.c_int
        fn.argtypes = [P, P, P, P, P, I, I, I, I, I, I, P, P,
                       ctypes.c_float, I, I, P]
        fn.restype = I
        self.fn = fn
        # The FP8 entry point, where the library has one.
        self.fn_fp8 = getattr(self.lib, self.SYMBOL + "_fp8", None)
        if self.fn_fp8 is not None:
            self.fn_fp8.argtypes = [P, P, P, P, P, I, I, I, I, I, I, P, P,
                                    ctypes.c_float, I, P, P, P, P]
            self.fn_fp8.restype = I

    def __call__(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                 o: torch.Tensor, lse: Optional[torch.Tensor], batch: int,
                 seqlen_q: int, seqlen_k: int,
                 cu_q: Optional[torch.Tensor], cu_k: Optional[torch.Tensor],
                 scale: float, causal: bool, dtype: DType) -> int:
        """Checks the layouts the ABI assumes, calls the kernel on the current
        stream and returns its status."""
        for name, t in (("q", q), ("k", k), ("v", v), ("o", o)):
            assert t.is_cuda and t.is_contiguous() and t.dtype == dtype.torch, name
        assert lse is None or (lse.is_contiguous() and lse.dtype == torch.float32)
        assert (cu_q is None) == (cu_k is None)
        return self.fn(*self.args(q, k, v, o, lse, batch, seqlen_q, seqlen_k,
                                  cu_q, cu_k, scale, causal, dtype))

    @staticmethod
    def args(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
             o: torch.Tensor, lse: Optional[torch.Tensor], batch: int,
             seqlen_q: int, seqlen_k: int,
             cu_q: Optional[torch.Tensor], cu_k: Optional[torch.Tensor],
             scale: float, causal: bool, dtype: DType) -> tuple:
        def ptr(t: Optional[torch.Tensor]) -> Optional[int]:
            return None if t is None else t.data_ptr()
        return (ptr(q), ptr(k), ptr(v), ptr(o), ptr(lse), batch, seqlen_q,
                seqlen_k, q.shape[1], k.shape[1], q.shape[2], ptr(cu_q),
                ptr(cu_k), scale, int(causal), dtype.abi,
                torch.cuda.current_stream().cuda_stream)


def status_text(rc: int) -> str:
    names = {1: "cudaErrorInvalidValue", 2: "cudaErrorMemoryAllocation",
             35: "cudaErrorInsufficientDriver", 100: "cudaErrorNoDevice",
             98: "cudaErrorInvalidDeviceFunction",
             209: "cudaErrorNoKernelImageForDevice",
             700: "cudaErrorIllegalAddress", 719: "cudaErrorLaunchFailure",
             801: "cudaErrorNotSupported"}
    return f"{rc} ({names.get(rc, 'cudaError_t')})"


# ===----------------------------------------------------------------------=== #
# The fp32 reference and the error bound
# ===----------------------------------------------------------------------=== #


def float32(x: float) -> float:
    """x rounded to fp32, as the kernel receives softmax_scale."""
    return ctypes.c_float(x).value


def visible_keys(rows: torch.Tensor, len_q: int, len_k: int,
                 causal: bool) -> torch.Tensor:
    """The number of keys each query row of a sequence sees (bottom-right
    causal alignment: row i sees keys j <= i + len_k - len_q)."""
    if not causal:
        return torch.full_like(rows, len_k)
    return (rows + (len_k - len_q) + 1).clamp(0, len_k)


def attend_fp32(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                rows: torch.Tensor, len_q: int, scale: float, causal: bool,
                budget_bytes: int = 1 << 30
                ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """softmax(Q K^T * scale + mask) V in fp32 for some query rows of one
    sequence, from the same fp16/bf16 values upcast.

    q: [r, heads_q, d], the rows `rows` (int64 [r], indices within the
    sequence of length len_q); k, v: [len_k, heads_kv, d], len_k > 0.
    Returns (o [r, heads_q, d], lse [heads_q, r], P|V| [r, heads_q, d]), where
    P|V| is sum_j p_ij |v_j|, which the error bound needs. A row that sees no
    key gets o = 0, P|V| = 0 and lse = -inf.
    """
    r, heads_q, d = q.shape
    len_k, heads_kv = k.shape[0], k.shape[1]
    group = heads_q // heads_kv
    qf = q.float().transpose(0, 1)  # [hq, r, d]
    kf = k.float().transpose(0, 1)  # [hkv, lk, d]
    vf = v.float().transpose(0, 1)
    keep = None
    if causal:
        j = torch.arange(len_k, device=q.device)
        keep = j[None, :] <= (rows[:, None] + (len_k - len_q))  # [r, lk]
    o = torch.empty(heads_q, r, d, device=q.device)
    pv = torch.empty_like(o)
    lse = torch.empty(heads_q, r, device=q.device)
    # Heads at a time, a few [h, r, lk] fp32 temporaries within the budget.
    chunk = max(1, min(heads_q, budget_bytes // max(1, 4 * 4 * r * len_k)))
    for h0 in range(0, heads_q, chunk):
        h = torch.arange(h0, min(heads_q, h0 + chunk), device=q.device)
        kh, vh = kf[h // group], vf[h // group]
        s = torch.matmul(qf[h], kh.transpose(1, 2)) * scale
        if keep is not None:
            s.masked_fill_(~keep, -math.inf)
        m = torch.logsumexp(s, dim=-1)  # -inf where no key is visible
        p = torch.exp(s - m[..., None]).nan_to_num_(nan=0.0)  # -inf - -inf
        o[h] = torch.matmul(p, vh)
        pv[h] = torch.matmul(p, vh.abs())
        lse[h] = m
    return o.transpose(0, 1), lse, pv.transpose(0, 1)


def o_bound(o_ref: torch.Tensor, pv: torch.Tensor, visible: torch.Tensor,
            v_max: float, dtype: DType, tol_scale: float) -> torch.Tensor:
    """The largest |O - O_ref| accepted, elementwise.

    A FlashAttention kernel computes p~_j = exp(s_j - m) <= 1 in fp32, rounds
    it to the input type for the P V product (fp32 accumulation), divides the
    sum by l = sum_j p~_j (fp32, from the unrounded p~) and rounds O to the
    input type. With u the type's unit roundoff:
      - rounding P moves O by at most u * sum_j p_j |v_j| = u * (P|V|);
      - rounding O moves it by at most u * |O|;
      - fp16 P entries below 2^-14 are subnormal: absolute error up to 2^-25
        each, so at most n * 2^-25 * max|V| over the n keys a row sees (l >= 1);
      - the fp32 parts (QK^T of exact products, exp2, the sums) are O(2^-24)
        relative, far below u for the bf16 and fp16 rounding above.
    So |O - O_ref| <= u (|O_ref| + P|V|) + n 2^-25 max|V| + O(2^-24), and the
    bound is twice the first-order terms (for the fp32 terms, and a kernel
    that rounds P against a running maximum rather than the final one), plus
    n 2^-24 max|V| for fp32 sums of n terms.

    Why not a flat atol of ~u max|V|: |O| is a convex combination of the
    rows of V, and over n random keys it shrinks like max|V| / sqrt(n); a
    flat 2^-7 max|V| would pass an all-zero output at seqlen 1000 in bf16.
    A row that sees no key has bound 0: its output must be exactly 0.
    """
    u = dtype.unit_roundoff
    n = visible.to(torch.float32)[:, None, None]
    fp32_sums = n * (2.0**-24 + 2 * dtype.subnormal_half_spacing) * v_max
    return tol_scale * (2 * u * (o_ref.abs() + pv) + fp32_sums)


# The largest |LSE - LSE_ref| accepted (natural log). A kernel's LSE is
# m * scale + log(l): m is an exact-product fp32 score, l an fp32 sum of
# exp2 values (ex2.approx: ~2^-22 relative), so its error is ~1e-6 for the
# scores here (|s| < ~100); 1e-3 leaves a wide margin and still catches a
# log2/ln mix-up, a missing scale, or a wrong maximum (errors of order 0.1-10).
# A row that sees no key must have lse = -inf exactly.
LSE_ATOL = 1e-3

# ===----------------------------------------------------------------------=== #
# Correctness mode
# ===----------------------------------------------------------------------=== #


@dataclasses.dataclass(frozen=True)
class Case:
    """One shape of the check list: per-sequence lengths (fixed-length batches
    have equal lengths and pass no cu_seqlens)."""
    lens_q: tuple[int, ...]
    lens_k: tuple[int, ...]
    heads_q: int
    heads_kv: int
    head_dim: int
    varlen: bool = False
    qk_std: float = 1.0  # q and k are randn * qk_std; v is randn
    what: str = ""

    @property
    def name(self) -> str:
        heads = f"hq={self.heads_q} hkv={self.heads_kv} d={self.head_dim}"
        if self.varlen:
            lens = (f"q={list(self.lens_q)} k={list(self.lens_k)}"
                    .replace(" ", "").replace("k=", " k="))
            text = f"varlen {lens} {heads}"
        else:
            text = (f"b={len(self.lens_q)} sq={self.lens_q[0]} "
                    f"sk={self.lens_k[0]} {heads}")
        if self.qk_std != 1.0:
            text += f" qk*{self.qk_std:g}"
        return text


def fixed(batch: int, sq: int, sk: int, hq: int, hkv: int, d: int,
          what: str, qk_std: float = 1.0) -> Case:
    return Case((sq,) * batch, (sk,) * batch, hq, hkv, d, False, qk_std, what)


def varlen(lens_q: Sequence[int], lens_k: Sequence[int], hq: int, hkv: int,
           d: int, what: str) -> Case:
    return Case(tuple(lens_q), tuple(lens_k), hq, hkv, d, True, 1.0, what)


LSE_NULL_CASE = "partial last tiles"  # also run with lse = NULL


def check_cases() -> list[Case]:
    return [
        fixed(3, 1, 1, 4, 4, 128, "seqlen 1"),
        fixed(2, 17, 17, 4, 4, 64, "shorter than a tile"),
        fixed(2, 1000, 1000, 4, 4, 128, LSE_NULL_CASE),
        fixed(1, 4097, 4097, 2, 2, 128, "one past a power of two"),
        fixed(2, 128, 1000, 4, 4, 128, "sq < sk (causal: a band)"),
        fixed(2, 1000, 128, 4, 4, 128, "sq > sk (causal: rows 0-871 see nothing)"),
        fixed(4, 1, 1000, 4, 4, 64, "decode: one query row"),
        fixed(2, 257, 257, 16, 2, 128, "GQA 8"),
        fixed(2, 300, 517, 8, 1, 64, "MQA, sq < sk"),
        fixed(2, 333, 333, 2, 2, 256, "head_dim 256"),
        fixed(1, 1000, 700, 4, 2, 256, "head_dim 256, GQA, sq > sk"),
        fixed(2, 256, 256, 4, 4, 64, "sharp softmax (running max moves)", 4.0),
        varlen([0, 1, 17, 128, 1000, 3], [0, 1, 17, 128, 1000, 3], 4, 4, 128,
               "empty and length-1 sequences"),
        varlen([5, 0, 200, 1, 64, 1000], [100, 7, 0, 1, 300, 128], 8, 2, 128,
               "sq != sk per sequence, sk = 0 under sq > 0"),
        varlen([1, 129, 0, 77], [1, 129, 0, 77], 16, 2, 64, "GQA 8"),
        varlen([65, 0, 1, 300], [65, 3, 1, 300], 4, 1, 256, "MQA, head_dim 256"),
    ]


GUARD_ROWS = 4
GUARD_VALUE = -7.0  # exact in fp16, bf16 and fp32


def guarded(shape: tuple[int, ...], dtype: torch.dtype, inner: float,
            outer: float) -> tuple[torch.Tensor, torch.Tensor]:
    """A tensor of `shape` (filled with `inner`) inside a buffer with
    GUARD_ROWS rows of `outer` before and after it; returns (buffer, tensor)."""
    rows = shape[0] + 2 * GUARD_ROWS
    buf = torch.full((rows, *shape[1:]), outer, dtype=dtype, device=DEVICE)
    t = buf[GUARD_ROWS:GUARD_ROWS + shape[0]]
    t.fill_(inner)
    return buf, t


def guards_intact(buf: torch.Tensor, n: int) -> bool:
    g = torch.cat([buf[:GUARD_ROWS], buf[GUARD_ROWS + n:]]).float()
    return bool((g == GUARD_VALUE).all())


@dataclasses.dataclass
class Inputs:
    q: torch.Tensor
    k: torch.Tensor
    v: torch.Tensor
    cu_q: Optional[torch.Tensor]
    cu_k: Optional[torch.Tensor]
    offsets_q: list[int]
    offsets_k: list[int]


def make_inputs(case: Case, dtype: DType, gen: torch.Generator) -> Inputs:
    """Seeded random q, k, v inside NaN guard rows (a kernel that reads past
    its tensors pulls NaN into its output)."""
    total_q, total_k = sum(case.lens_q), sum(case.lens_k)

    def rand(total: int, heads: int, std: float) -> torch.Tensor:
        x = torch.randn((total, heads, case.head_dim), generator=gen,
                        device=DEVICE) * std
        _, t = guarded(tuple(x.shape), dtype.torch, 0.0, math.nan)
        t.copy_(x)
        return t

    q = rand(total_q, case.heads_q, case.qk_std)
    k = rand(total_k, case.heads_kv, case.qk_std)
    v = rand(total_k, case.heads_kv, 1.0)
    offsets_q = [0]
    offsets_k = [0]
    for lq, lk in zip(case.lens_q, case.lens_k):
        offsets_q.append(offsets_q[-1] + lq)
        offsets_k.append(offsets_k[-1] + lk)
    cu_q = cu_k = None
    if case.varlen:
        cu_q = torch.tensor(offsets_q, dtype=torch.int32, device=DEVICE)
        cu_k = torch.tensor(offsets_k, dtype=torch.int32, device=DEVICE)
    return Inputs(q, k, v, cu_q, cu_k, offsets_q, offsets_k)


class Candidate:
    """Something with the ABI's semantics that the checks can test."""
    name = "?"
    has_lse = True

    def run(self, case: Case, x: Inputs, o: torch.Tensor,
            lse: Optional[torch.Tensor], scale: float, causal: bool,
            dtype: DType) -> None:
        raise NotImplementedError


class OursCandidate(Candidate):
    def __init__(self, lib: CuteAttention) -> None:
        self.lib = lib
        self.name = "ours"

    def run(self, case: Case, x: Inputs, o: torch.Tensor,
            lse: Optional[torch.Tensor], scale: float, causal: bool,
            dtype: DType) -> None:
        rc = self.lib(x.q, x.k, x.v, o, lse, len(case.lens_q),
                      max(case.lens_q), max(case.lens_k), x.cu_q, x.cu_k,
                      scale, causal, dtype)
        if rc == CUDA_ERROR_NOT_SUPPORTED:
            raise Unsupported("the kernel returned cudaErrorNotSupported")
        if rc != 0:
            raise RuntimeError(f"cute_attention_sm90_fwd returned {status_text(rc)}")


class SdpaCandidate(Candidate):
    """PyTorch SDPA, one call per sequence, as a stand-in for our kernel: it
    tests the harness (reference, bounds) before the kernel exists. No LSE;
    causal only where a sequence's lengths are equal (SDPA aligns causal masks
    top-left); rows that see no key are set to 0 here."""
    has_lse = False

    def __init__(self, name: str, backend) -> None:
        self.name = name
        self.backend = backend

    def run(self, case: Case, x: Inputs, o: torch.Tensor,
            lse: Optional[torch.Tensor], scale: float, causal: bool,
            dtype: DType) -> None:
        from torch.nn.attention import sdpa_kernel
        group = case.heads_q // case.heads_kv
        for i, (lq, lk) in enumerate(zip(case.lens_q, case.lens_k)):
            if causal and lq != lk and lq and lk:
                raise Unsupported("SDPA's causal mask is top-left aligned")
            q0, k0 = x.offsets_q[i], x.offsets_k[i]
            if lq == 0:
                continue
            if lk == 0:
                o[q0:q0 + lq].zero_()
                continue
            q = x.q[q0:q0 + lq].transpose(0, 1)[None].contiguous()
            k, v = (t[k0:k0 + lk].repeat_interleave(group, 1).transpose(0, 1)[None]
                    .contiguous() for t in (x.k, x.v))
            with sdpa_kernel(self.backend):
                try:
                    out = F.scaled_dot_product_attention(
                        q, k, v, is_causal=causal, scale=scale)
                except RuntimeError as e:
                    raise Unsupported(first_line(e))
            o[q0:q0 + lq] = out[0].transpose(0, 1)


def first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


@dataclasses.dataclass
class CheckResult:
    status: str  # PASS, FAIL, SKIP
    text: str


def check_case(cand: Candidate, case: Case, dtype: DType, causal: bool,
               gen: torch.Generator, tol_scale: float,
               pass_lse: bool = True) -> CheckResult:
    """Runs `cand` on one case (with lse = NULL unless pass_lse) and compares
    it with attend_fp32; output and LSE sit between guard rows."""
    x = make_inputs(case, dtype, gen)
    total_q, hq, d = sum(case.lens_q), case.heads_q, case.head_dim
    scale = float32(1.0 / math.sqrt(d))
    o_buf, o = guarded((total_q, hq, d), dtype.torch, math.nan, GUARD_VALUE)
    lse_buf, lse_flat = guarded((hq * total_q,), torch.float32, math.nan,
                                GUARD_VALUE)
    lse = lse_flat.view(hq, total_q)
    use_lse = cand.has_lse and pass_lse
    try:
        cand.run(case, x, o, lse if use_lse else None, scale, causal,
                 dtype)
        sync()
    except Unsupported as e:
        return CheckResult("SKIP", str(e))
    except Exception as e:  # an error status, or a CUDA error at the sync
        return CheckResult("FAIL", f"{type(e).__name__}: {first_line(e)}")

    v_max = float(x.v.float().abs().max()) if x.v.numel() else 0.0
    problems: list[str] = []
    o_err = o_ratio = lse_err = 0.0
    nan_rows = empty_rows = 0
    for i, (lq, lk) in enumerate(zip(case.lens_q, case.lens_k)):
        if lq == 0:
            continue
        q0, k0 = x.offsets_q[i], x.offsets_k[i]
        rows = torch.arange(lq, device=DEVICE)
        vis = visible_keys(rows, lq, lk, causal)
        if lk > 0:
            o_ref, lse_ref, pv = attend_fp32(
                x.q[q0:q0 + lq], x.k[k0:k0 + lk], x.v[k0:k0 + lk], rows, lq,
                scale, causal)
        else:
            o_ref = torch.zeros(lq, hq, d, device=DEVICE)
            pv = torch.zeros_like(o_ref)
            lse_ref = torch.full((hq, lq), -math.inf, device=DEVICE)
        out = o[q0:q0 + lq].float()
        nan_rows += int(out.isnan().any(dim=2).sum())
        err = (out - o_ref).abs().nan_to_num(nan=math.inf)
        bound = o_bound(o_ref, pv, vis, v_max, dtype, tol_scale)
        o_err = max(o_err, float(err.max()))
        over = err > bound
        if bool(over.any()):
            idx = over.nonzero()[0].tolist()
            problems.append(
                f"O[{q0 + idx[0]},{idx[1]},{idx[2]}] = {float(out[tuple(idx)]):.6g}, "
                f"reference {float(o_ref[tuple(idx)]):.6g}, bound "
                f"{float(bound[tuple(idx)]):.3g}")
        pos = bound > 0
        if bool(pos.any()):
            o_ratio = max(o_ratio, float((err[pos] / bound[pos]).max()))
        empty = vis == 0
        empty_rows += int(empty.sum())
        if use_lse:
            got = lse[:, q0:q0 + lq]
            full = ~empty
            if bool(full.any()):
                e = (got[:, full] - lse_ref[:, full]).abs().nan_to_num(nan=math.inf)
                lse_err = max(lse_err, float(e.max()))
                if float(e.max()) > LSE_ATOL * tol_scale:
                    h, r = (e > LSE_ATOL * tol_scale).nonzero()[0].tolist()
                    row = int(full.nonzero()[r])
                    problems.append(
                        f"LSE[{h},{q0 + row}] = {float(got[h, row]):.6g}, "
                        f"reference {float(lse_ref[h, row]):.6g}")
            if bool(empty.any()) and not bool((got[:, empty] == -math.inf).all()):
                bad = got[:, empty][got[:, empty] != -math.inf][0]
                problems.append(f"a row with no visible key has LSE {float(bad):.6g}, "
                                "not -inf")
    if nan_rows:
        problems.insert(0, f"{nan_rows} (row, head) pairs with NaN in O")
    if not guards_intact(o_buf, total_q):
        problems.append("writes outside O")
    if use_lse and not guards_intact(lse_buf, hq * total_q):
        problems.append("writes outside LSE")

    lse_text = f"{lse_err:.2e}" if use_lse else "n/a"
    text = (f"max|dO| {o_err:.2e} ({o_ratio:.2f} of bound)  "
            f"max|dLSE| {lse_text}")
    if empty_rows:
        text += f"  {empty_rows} rows see no key"
    if problems:
        return CheckResult("FAIL", text + "\n      " + "\n      ".join(problems))
    return CheckResult("PASS", text)


def run_checks(cand: Candidate, args: argparse.Namespace) -> bool:
    """Every case for every selected type and mask; True when none failed."""
    torch.backends.cuda.matmul.allow_tf32 = False  # the reference is fp32
    torch.set_float32_matmul_precision("highest")
    print(f"== correctness: {cand.name} against an fp32 reference "
          f"(bounds: bench/attention/README.md; tolerance scale {args.tol_scale:g})")
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    cases = [c for c in check_cases()
             if c.head_dim in args.dims_check
             and (args.check_filter in c.name or args.check_filter in c.what)]
    for dtype in args.dtypes:
        if dtype.fp8:
            print(f"SKIP: {dtype.name}: the edge cases of FP8 are checked by "
                  f"examples/attention_sm90 (the GPU suite); the timing rows "
                  f"check sampled rows")
            counts["SKIP"] += 1
    for n, case in enumerate(cases):
        for dtype in (d for d in args.dtypes if not d.fp8):
            for causal in args.causal:
                gen = torch.Generator(device=DEVICE)
                # lse = NULL (allowed by the ABI) on one case, O checked.
                variants = ([True, False] if case.what == LSE_NULL_CASE
                            and cand.has_lse else [True])
                for pass_lse in variants:
                    gen.manual_seed(args.seed * 1000003 + n)
                    r = check_case(cand, case, dtype, causal, gen,
                                   args.tol_scale, pass_lse)
                    counts[r.status] += 1
                    what = case.what + ("" if pass_lse else ", lse = NULL")
                    print(f"{r.status}: {dtype.name} causal={int(causal)} "
                          f"{case.name} ({what}): {r.text}", flush=True)
    print(f"{counts['PASS']} passed, {counts['FAIL']} failed, "
          f"{counts['SKIP']} skipped\n", flush=True)
    return counts["FAIL"] == 0


# ===----------------------------------------------------------------------=== #
# Timing mode
# ===----------------------------------------------------------------------=== #


@dataclasses.dataclass(frozen=True)
class Config:
    dtype: DType
    causal: bool
    head_dim: int
    seqlen: int
    batch: int
    heads: int

    @property
    def tokens(self) -> int:
        return self.batch * self.seqlen

    def flops(self) -> float:
        """4 b h s^2 d (QK^T and PV), halved for causal (FA3's convention)."""
        f = 4.0 * self.batch * self.heads * self.seqlen * self.seqlen * self.head_dim
        return f / 2 if self.causal else f


@dataclasses.dataclass
class Prepared:
    run: Callable[[], object]
    output: Callable[[], torch.Tensor]  # the last run's O, as [b*s, h, d]


@dataclasses.dataclass
class Fp8Inputs:
    """FP8 rows: the per-tensor descale factors (device floats) and the
    dequantised inputs (fp32), which the reference and the 16-bit anchors
    take."""
    descale: tuple[torch.Tensor, torch.Tensor, torch.Tensor]
    dequantised: tuple[torch.Tensor, torch.Tensor, torch.Tensor]


def quantise_e4m3(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor,
                                            torch.Tensor]:
    """x in e4m3 scaled to its range, the descale factor, and the values it
    stands for."""
    descale = (x.float().abs().amax() / FP8_MAX).clamp_min(1e-12).reshape(1)
    x8 = (x.float() / descale).to(torch.float8_e4m3fn)
    return x8, descale, x8.float() * descale


class Impl:
    label = "?"

    def prepare(self, cfg: Config, q: torch.Tensor, k: torch.Tensor,
                v: torch.Tensor, scale: float,
                fp8: Optional[Fp8Inputs] = None) -> Prepared:
        raise NotImplementedError


class OursImpl(Impl):
    label = "ours"

    def __init__(self, lib: CuteAttention, with_lse: bool) -> None:
        self.lib = lib
        self.with_lse = with_lse

    def prepare(self, cfg: Config, q: torch.Tensor, k: torch.Tensor,
                v: torch.Tensor, scale: float,
                fp8: Optional[Fp8Inputs] = None) -> Prepared:
        o = torch.empty(q.shape, dtype=cfg.dtype.out, device=q.device)
        lse = (torch.empty(cfg.heads, cfg.tokens, device=DEVICE)
               if self.with_lse else None)
        args = CuteAttention.args(q, k, v, o, lse, cfg.batch, cfg.seqlen,
                                  cfg.seqlen, None, None, scale, cfg.causal,
                                  cfg.dtype)
        fn = self.lib.fn
        if fp8 is not None:
            if self.lib.fn_fp8 is None:
                raise Unsupported(f"{self.lib.path} has no "
                                  f"{CuteAttention.SYMBOL}_fp8")
            fn = self.lib.fn_fp8
            # The 16-bit ABI's dtype argument gives way to the descales.
            args = args[:-2] + tuple(t.data_ptr() for t in fp8.descale) + \
                args[-1:]

        def run() -> None:
            rc = fn(*args)
            if rc == CUDA_ERROR_NOT_SUPPORTED:
                raise Unsupported("cudaErrorNotSupported")
            if rc != 0:
                raise RuntimeError(f"cute_attention_sm90_fwd returned {status_text(rc)}")

        return Prepared(run, lambda: o)


class SdpaImpl(Impl):
    """F.scaled_dot_product_attention with one backend. Its layout is
    (b, h, s, d); it gets q.view(b, s, h, d).transpose(1, 2) views of the
    same storage as ours, as FlashAttention's own interface takes them, or,
    where the backend refuses those, contiguous copies (made here, outside the
    timed region); `layouts` records which, for the header."""

    def __init__(self, label: str, backend) -> None:
        self.label = label
        self.backend = backend
        self.layouts: dict[str, str] = {}

    def prepare(self, cfg: Config, q: torch.Tensor, k: torch.Tensor,
                v: torch.Tensor, scale: float,
                fp8: Optional[Fp8Inputs] = None) -> Prepared:
        from torch.nn.attention import sdpa_kernel
        b, s, h, d = cfg.batch, cfg.seqlen, cfg.heads, cfg.head_dim
        if fp8 is not None:
            # PyTorch's SDPA takes no FP8 (asked first): the anchor is then the
            # backend in bf16 on the dequantised inputs, said in the header.
            try:
                return self.prepare_views(cfg, q, k, v, scale, "")
            except Unsupported as e:
                q, k, v = (t.to(torch.bfloat16) for t in fp8.dequantised)
                return self.prepare_views(
                    cfg, q, k, v, scale,
                    f"bf16 on the dequantised inputs (float8_e4m3fn refused: "
                    f"{e}), ")
        return self.prepare_views(cfg, q, k, v, scale, "")

    def prepare_views(self, cfg: Config, q: torch.Tensor, k: torch.Tensor,
                      v: torch.Tensor, scale: float, what: str) -> Prepared:
        from torch.nn.attention import sdpa_kernel
        b, s, h, d = cfg.batch, cfg.seqlen, cfg.heads, cfg.head_dim
        views = [t.view(b, s, h, d).transpose(1, 2) for t in (q, k, v)]
        last: list[torch.Tensor] = []

        def call(q4: torch.Tensor, k4: torch.Tensor, v4: torch.Tensor) -> None:
            with sdpa_kernel(self.backend):
                out = F.scaled_dot_product_attention(
                    q4, k4, v4, is_causal=cfg.causal, scale=scale)
            last[:] = [out]

        def attempt(q4: torch.Tensor, k4: torch.Tensor,
                    v4: torch.Tensor) -> Optional[str]:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    call(q4, k4, v4)
                    torch.cuda.synchronize()
                    return None
                except RuntimeError as e:
                    why = [first_line(w.message) for w in caught]  # type: ignore[arg-type]
                    return "; ".join(why[-2:] + [first_line(e)])

        why = attempt(*views)
        if why is None:
            layout, ins = "(b,s,h,d) storage, transposed views", views
        else:
            ins = [t.contiguous() for t in views]
            why2 = attempt(*ins)
            if why2 is not None:
                raise Unsupported(why2)
            layout = f"contiguous (b,h,s,d) copies (views refused: {why})"
        self.layouts.setdefault(what + layout, str(cfg_key(cfg)))
        return Prepared(lambda: call(*ins),
                        lambda: last[0].transpose(1, 2).reshape(b * s, h, d))


class TritonTutorialImpl(Impl):
    """`attention(q, k, v, causal, sm_scale[, warp_specialize])` of a copy of
    Triton's python/tutorials/06-fused-attention.py, imported by path (its
    tests and benchmarks sit under pytest decorators and a __main__ guard, so
    importing runs neither). It takes contiguous (b, h, s, d) tensors (its TMA
    descriptors assume that layout: views would be read wrong, silently), fp16
    only (its kernel's element type is tl.float16, FP8 aside), head_dim in
    {16, 32, 64, 128, 256} and one sequence length for q and k (causal is
    top-left, the same as ours only when they are equal)."""
    label = "Triton"

    def __init__(self, path: str, ws: str) -> None:
        self.path = os.path.abspath(path)
        self.module, self.import_output = import_tutorial(self.path)
        if not hasattr(self.module, "attention"):
            sys.exit(f"bench.py: error: {self.path} defines no attention()")
        self.fn = self.module.attention
        fwd = getattr(getattr(self.module, "_attention", None), "forward", None)
        params = list(inspect.signature(fwd).parameters) if fwd else []
        self.signature = f"forward({', '.join(params)})" if params else "?"
        # warp_specialize (Triton >= 3.4's tutorial): its own tests and
        # benchmark use True on Blackwell only, False elsewhere (on Hopper,
        # True takes a device-side-descriptor path); `auto` does the same.
        self.extra: tuple = ()
        if "warp_specialize" in params:
            if ws == "auto":
                on = torch.cuda.get_device_capability()[0] == 10
            else:
                on = ws == "1"
            self.extra = (on,)
            self.signature += f"; warp_specialize={on}"

    def prepare(self, cfg: Config, q: torch.Tensor, k: torch.Tensor,
                v: torch.Tensor, scale: float,
                fp8: Optional[Fp8Inputs] = None) -> Prepared:
        if cfg.dtype.name != "fp16":
            raise Unsupported("fp16 only")
        if cfg.head_dim not in (16, 32, 64, 128, 256):
            raise Unsupported(f"head_dim {cfg.head_dim}")
        b, s, h, d = cfg.batch, cfg.seqlen, cfg.heads, cfg.head_dim
        # Batch folded into the heads, (1, b h, s, d): the same problem (the
        # heads of a fixed-length batch are independent), in the one batch
        # the tutorial's TMA kernel indexes right (its rows of batch z, head
        # h start at z + h * N_CTX, not at (z * H + h) * N_CTX, so every
        # batch but the first read the wrong rows: the bounds failures of
        # session 14).
        ins = [t.view(b, s, h, d).transpose(1, 2).reshape(1, b * h, s, d)
               .contiguous() for t in (q, k, v)]
        last: list[torch.Tensor] = []

        def run() -> None:
            last[:] = [self.fn(*ins, cfg.causal, scale, *self.extra)]

        return Prepared(
            run,
            lambda: last[0].view(b, h, s, d).transpose(1, 2).reshape(b * s, h, d))


def import_tutorial(path: str) -> tuple[types.ModuleType, str]:
    """Imports the tutorial file as a module (not as __main__), with a pytest
    stub when pytest is not installed (the file imports it for its tests'
    decorators), and returns what the import printed."""
    stub = None
    if importlib.util.find_spec("pytest") is None:
        stub = types.ModuleType("pytest")

        class Mark:
            def __getattr__(self, name: str):
                return lambda *a, **k: (lambda f: f)

        stub.mark = Mark()  # type: ignore[attr-defined]
        stub.skip = lambda *a, **k: None  # type: ignore[attr-defined]
        sys.modules["pytest"] = stub
    spec = importlib.util.spec_from_file_location("triton_fused_attention_tutorial", path)
    if spec is None or spec.loader is None:
        sys.exit(f"bench.py: error: cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as `import` would (dataclasses, jit need it)
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured):
            spec.loader.exec_module(module)
    finally:
        if stub is not None:
            del sys.modules["pytest"]
    return module, captured.getvalue().strip()


def cfg_key(cfg: Config) -> str:
    return (f"{cfg.dtype.name} causal={int(cfg.causal)} d={cfg.head_dim} "
            f"s={cfg.seqlen}")


def sample_check(outs: dict[str, torch.Tensor], cfg: Config, q: torch.Tensor,
                 k: torch.Tensor, v: torch.Tensor, scale: float,
                 gen: torch.Generator, tol_scale: float) -> dict[str, str]:
    """Checks each output on 32 query rows of the first and the last batch
    (all heads) against attend_fp32, with o_bound; returns the failures."""
    s = cfg.seqlen
    n = min(s, 32)
    fixed_rows = {0, 1, s // 2, s - 1} if s > 1 else {0}
    rand = torch.randperm(s, generator=gen, device=DEVICE)[:n].tolist()
    rows = torch.tensor(sorted(set(rand[:n - len(fixed_rows)]) | fixed_rows),
                        device=DEVICE)
    v_max = float(v.float().abs().max())
    bad: dict[str, str] = {}
    for b in sorted({0, cfg.batch - 1}):
        base = b * s
        o_ref, _, pv = attend_fp32(q[base + rows], k[base:base + s],
                                   v[base:base + s], rows, s, scale, cfg.causal)
        bound = o_bound(o_ref, pv, visible_keys(rows, s, s, cfg.causal), v_max,
                        cfg.dtype, tol_scale)
        for label, out in outs.items():
            err = (out[base + rows].float() - o_ref).abs().nan_to_num(nan=math.inf)
            if bool((err > bound).any()):
                ratio = float((err / bound.clamp_min(1e-30)).max())
                bad[label] = (f"max|dO| {float(err.max()):.3g} on sampled rows, "
                              f"{ratio:.3g} x the bound")
    return bad


def time_round_robin(fns: dict[str, Callable[[], object]], rounds: int,
                     inner: int) -> dict[str, list[float]]:
    """Milliseconds per call of each function, `rounds` samples each.

    Each round times every function once (`inner` calls between two CUDA
    events), in an order rotated round by round, with no synchronisation
    inside a round: the stream stays full, so each pair of events measures
    GPU time only, and the implementations of a row see the same clocks.
    A spin kernel first gives the host a head start on each round."""
    names = list(fns)
    times: dict[str, list[float]] = {n: [] for n in names}
    sleep = getattr(torch.cuda, "_sleep", None)
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        if sleep is not None:
            sleep(2_000_000)  # ~1 ms
        marks = []
        for n in order:
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(inner):
                fns[n]()
            end.record()
            marks.append((n, start, end))
        torch.cuda.synchronize()
        for n, start, end in marks:
            times[n].append(start.elapsed_time(end) / inner)
    return times


def grid(args: argparse.Namespace) -> Iterator[Config]:
    """The FA3 paper's forward grid: batch * seqlen = 16k tokens, hidden 2048."""
    for dtype in args.dtypes:
        for causal in args.causal:
            for d in args.dims:
                for s in args.seqlens:
                    if args.tokens % s or args.hidden % d:
                        print(f"skipping seqlen {s} / head_dim {d}: not a divisor "
                              f"of {args.tokens} tokens / hidden {args.hidden}")
                        continue
                    yield Config(dtype, causal, d, s, args.tokens // s,
                                 args.hidden // d)


def run_timing(impls: list[Impl], args: argparse.Namespace) -> bool:
    """Prints one row per configuration; False when our output failed the
    sampled check somewhere."""
    torch.backends.cuda.matmul.allow_tf32 = False
    labels = ["ours", "cuDNN", "FA2", "Triton"]
    print(f"== timing: TFLOP/s (4 b h s^2 d / median time, halved for causal), "
          f"{args.reps} interleaved rounds of {args.inner} call(s) after "
          f"{args.warmup} warm-up calls; '!' = output outside the error bound "
          f"on sampled rows, n/a = not supported")
    head = (f"{'dtype':5} {'causal':>6} {'d':>4} {'seqlen':>6} {'batch':>5} "
            f"{'heads':>5} | " + " ".join(f"{x:>8}" for x in labels) +
            f" | {'ours/cuDNN':>10}")
    print(head)
    print("-" * len(head), flush=True)
    ok = True
    ratios: dict[str, dict[str, list[float]]] = {}
    notes: dict[str, set[str]] = {}
    for cfg in grid(args):
        t0 = time.time()
        gen = torch.Generator(device=DEVICE)
        gen.manual_seed(args.seed)
        shape = (cfg.tokens, cfg.heads, cfg.head_dim)
        fp8: Optional[Fp8Inputs] = None
        if cfg.dtype.fp8:
            (q, dq, q_ref), (k, dk, k_ref), (v, dv, v_ref) = (
                quantise_e4m3(torch.randn(shape, generator=gen, device=DEVICE))
                for _ in range(3))
            fp8 = Fp8Inputs((dq, dk, dv), (q_ref, k_ref, v_ref))
        else:
            q, k, v = (torch.randn(shape, generator=gen,
                                   device=DEVICE).to(cfg.dtype.torch)
                       for _ in range(3))
            q_ref, k_ref, v_ref = q, k, v
        scale = float32(1.0 / math.sqrt(cfg.head_dim))
        prepared: dict[str, Prepared] = {}
        cells: dict[str, str] = {}
        for impl in impls:
            try:
                p = impl.prepare(cfg, q, k, v, scale, fp8)
                for _ in range(max(1, args.warmup)):
                    p.run()
                sync()
                prepared[impl.label] = p
            except Unsupported as e:
                cells[impl.label] = "n/a"
                notes.setdefault(f"{impl.label}: {e}", set()).add(cfg_key(cfg))
            except Exception as e:
                if impl.label == "ours":
                    ok = False
                cells[impl.label] = "err"
                notes.setdefault(f"{impl.label}: {type(e).__name__}: {first_line(e)}",
                                 set()).add(cfg_key(cfg))
        bad = sample_check({n: p.output() for n, p in prepared.items()}, cfg,
                           q_ref, k_ref, v_ref, scale, gen, args.tol_scale)
        if args.warmup_ms > 0:
            end = time.time() + args.warmup_ms / 1000
            while time.time() < end:
                for p in prepared.values():
                    p.run()
                sync()
        # Nothing to time where every implementation asked declines the
        # configuration (ours alone, on a head dimension it lacks).
        times = (time_round_robin({n: p.run for n, p in prepared.items()},
                                  args.reps, args.inner) if prepared else {})
        tflops = {n: cfg.flops() / (statistics.median(t) * 1e-3) / 1e12
                  for n, t in times.items()}
        for n, t in tflops.items():
            cells[n] = f"{t:.1f}" + ("!" if n in bad else "")
        ratio = "-"
        if "ours" in tflops and "cuDNN" in tflops:
            ratio = f"{tflops['ours'] / tflops['cuDNN']:.3f}"
        for base in ("cuDNN", "FA2"):
            if "ours" in tflops and base in tflops:
                ratios.setdefault(cfg.dtype.name, {}).setdefault(base, []).append(
                    tflops["ours"] / tflops[base])
        print(f"{cfg.dtype.name:5} {int(cfg.causal):>6} {cfg.head_dim:>4} "
              f"{cfg.seqlen:>6} {cfg.batch:>5} {cfg.heads:>5} | " +
              " ".join(f"{cells.get(x, '-'):>8}" for x in labels) +
              f" | {ratio:>10}", flush=True)
        for n, why in bad.items():
            print(f"    ! {n}: {why}", flush=True)
            ok = ok and n != "ours"
        if args.verbose:
            for n, t in times.items():
                st = sorted(t)
                print(f"    {n}: median {statistics.median(t):.4f} ms, min "
                      f"{st[0]:.4f}, max {st[-1]:.4f} ({time.time() - t0:.1f} s "
                      "for the row)", flush=True)
        del prepared, q, k, v, q_ref, k_ref, v_ref, fp8
    for note, where in notes.items():
        print(f"note: {note} [{len(where)} configuration(s), e.g. {min(where)}]")
    for dtype, per in ratios.items():
        for base, r in per.items():
            g = math.exp(sum(math.log(x) for x in r) / len(r))
            print(f"geometric mean ours/{base} ({dtype}, {len(r)} rows): {g:.3f}")
    for impl in impls:
        for layout, first in getattr(impl, "layouts", {}).items():
            print(f"{impl.label} inputs: {layout} (first at {first})")
    return ok


# ===----------------------------------------------------------------------=== #
# The header: what ran where
# ===----------------------------------------------------------------------=== #


def sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


def nvidia_smi() -> Optional[str]:
    query = ("name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem,"
             "clocks.max.mem,power.draw,power.limit,temperature.gpu")
    try:
        r = subprocess.run(["nvidia-smi", f"--query-gpu={query}",
                            "--format=csv"], capture_output=True, text=True,
                           timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    return r.stdout.strip() if r.returncode == 0 else None


def print_header(args: argparse.Namespace, lib: Optional[CuteAttention],
                 triton_impl: Optional[TritonTutorialImpl]) -> None:
    now = datetime.datetime.now(datetime.timezone.utc)
    print("# CuTe-LLVM attention forward: bench/attention/bench.py")
    print(f"date: {now.isoformat(timespec='seconds')}")
    print(f"command: {shlex.join([os.path.basename(sys.executable)] + sys.argv)}")
    print(f"host: {platform.node()}, Python {platform.python_version()}")
    p = torch.cuda.get_device_properties(0)
    l2 = getattr(p, "L2_cache_size", 0)
    print(f"GPU: {p.name}, compute capability {p.major}.{p.minor}, "
          f"{p.multi_processor_count} SMs, {p.total_memory / 2**30:.1f} GiB"
          + (f", L2 {l2 / 2**20:.0f} MiB" if l2 else ""))
    smi = nvidia_smi()
    if smi:
        print("nvidia-smi:\n  " + smi.replace("\n", "\n  "))
    triton_version = "not installed"
    with contextlib.suppress(Exception):
        import triton  # type: ignore[import-not-found]
        triton_version = triton.__version__
    print(f"torch {torch.__version__} (CUDA {torch.version.cuda}), cuDNN "
          f"{torch.backends.cudnn.version()}, Triton {triton_version}")
    print("cuDNN, FA2: torch.nn.functional.scaled_dot_product_attention under "
          "sdpa_kernel(SDPBackend.CUDNN_ATTENTION / FLASH_ATTENTION)")
    if lib is not None:
        print(f"library: {lib.path} (sha256 {sha256(lib.path)})")
        info = os.path.join(os.path.dirname(lib.path), "build-info.txt")
        if os.path.exists(info):
            with open(info) as f:
                print("  " + f.read().strip().replace("\n", "\n  "))
    if triton_impl is not None:
        print(f"Triton tutorial: {triton_impl.path} (sha256 "
              f"{sha256(triton_impl.path)}), {triton_impl.signature}")
        if triton_impl.import_output:
            print("  its import printed: " +
                  triton_impl.import_output.replace("\n", "\n  "))
    print(flush=True)


# ===----------------------------------------------------------------------=== #
# Command line
# ===----------------------------------------------------------------------=== #


def int_list(text: str) -> list[int]:
    return [int(x.lower().replace("k", "")) * (1024 if x.lower().endswith("k") else 1)
            for x in text.split(",") if x]


def dtype_list(text: str) -> list[DType]:
    out = []
    for name in text.split(","):
        name = "e4m3" if name == "fp8" else name
        if name not in DTYPES:
            raise argparse.ArgumentTypeError(f"unknown dtype {name!r}")
        out.append(DTYPES[name])
    return out


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description="Checks cute_attention_sm90_fwd against an fp32 reference, "
        "then times it beside PyTorch SDPA (cuDNN, FlashAttention-2) and "
        "Triton's fused-attention tutorial. Both by default.")
    ap.add_argument("--lib", help="the shared library (run.sh --build-only DIR "
                    "makes DIR/libcute_attention.so); without it, only the "
                    "baselines are timed")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", "--check-only", dest="check_only",
                      action="store_true", help="correctness mode only")
    mode.add_argument("--time", "--no-check", dest="no_check",
                      action="store_true", help="timing mode only")
    ap.add_argument("--check-impl", default="ours",
                    choices=["ours", "sdpa-flash", "sdpa-cudnn"],
                    help="what the checks test: our kernel, or an SDPA backend "
                    "as a stand-in (a test of the harness; no LSE)")
    ap.add_argument("--check-filter", default="", metavar="TEXT",
                    help="only the check cases whose name contains TEXT")
    ap.add_argument("--keep-going", action="store_true",
                    help="time even when a check failed")
    ap.add_argument("--tol-scale", type=float, default=1.0,
                    help="multiplies every error bound (default 1)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dtypes", type=dtype_list, default=None,
                    help="comma-separated from fp16,bf16 (default both)")
    ap.add_argument("--causal", type=int_list, default=None,
                    help="comma-separated from 0,1 (default both)")
    ap.add_argument("--dims", type=int_list, default=None,
                    help="head dims (default 64,128,256; also filters the checks)")
    ap.add_argument("--seqlens", type=int_list, default=None,
                    help="sequence lengths (default 512,1k,2k,4k,8k,16k)")
    ap.add_argument("--quick", action="store_true",
                    help="time d=128, seqlen 1k and 8k only (still both masks "
                    "and types unless given)")
    ap.add_argument("--tokens", type=int, default=16384,
                    help="batch * seqlen of the timing grid (default 16384)")
    ap.add_argument("--hidden", type=int, default=2048,
                    help="heads * head_dim of the timing grid (default 2048)")
    ap.add_argument("--impls", default="ours,cudnn,fa2,triton",
                    help="which columns to time (default all available)")
    ap.add_argument("--triton", metavar="PATH",
                    help="a copy of Triton's python/tutorials/06-fused-attention.py")
    ap.add_argument("--triton-ws", default="auto", choices=["auto", "0", "1"],
                    help="the tutorial's warp_specialize (auto: on Blackwell only, "
                    "as its own benchmark)")
    ap.add_argument("--no-lse", action="store_true",
                    help="time our kernel with lse = NULL (default: it writes LSE)")
    ap.add_argument("--warmup", type=int, default=3,
                    help="untimed calls per implementation and row (default 3)")
    ap.add_argument("--warmup-ms", type=float, default=0,
                    help="then run all of a row's implementations for this long")
    ap.add_argument("--reps", type=int, default=30,
                    help="timed rounds per row; the median is reported (default 30)")
    ap.add_argument("--inner", type=int, default=1,
                    help="calls between the two events of a sample (default 1)")
    ap.add_argument("--verbose", action="store_true",
                    help="print each implementation's median/min/max per row")
    args = ap.parse_args(argv)

    args.dtypes = args.dtypes or [DTYPES["bf16"], DTYPES["fp16"]]
    causal = args.causal if args.causal is not None else [0, 1]
    if any(c not in (0, 1) for c in causal):
        ap.error("--causal takes 0 and/or 1")
    args.causal = [bool(c) for c in causal]
    args.dims_check = args.dims or [64, 128, 256]
    if args.quick:
        args.dims = args.dims or [128]
        args.seqlens = args.seqlens or [1024, 8192]
    args.dims = args.dims or [64, 128, 256]
    args.seqlens = args.seqlens or [512, 1024, 2048, 4096, 8192, 16384]
    args.impls = [x.strip().lower() for x in args.impls.split(",") if x.strip()]
    for x in args.impls:
        if x not in ("ours", "cudnn", "fa2", "triton"):
            ap.error(f"unknown implementation {x!r} in --impls")
    if args.check_impl == "ours" and not args.lib and args.check_only:
        ap.error("--check needs --lib (or --check-impl sdpa-flash|sdpa-cudnn)")
    return args


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    if not torch.cuda.is_available():
        print("bench.py: error: no CUDA device", file=sys.stderr)
        return 2
    from torch.nn.attention import SDPBackend

    lib = CuteAttention(args.lib) if args.lib else None
    triton_impl = None
    if args.triton and "triton" in args.impls and not args.check_only:
        triton_impl = TritonTutorialImpl(args.triton, args.triton_ws)
    print_header(args, lib, triton_impl)

    ok = True
    if not args.no_check:
        cand: Optional[Candidate] = None
        if args.check_impl == "ours":
            cand = OursCandidate(lib) if lib else None
        elif args.check_impl == "sdpa-flash":
            cand = SdpaCandidate("SDPA FLASH_ATTENTION", SDPBackend.FLASH_ATTENTION)
        else:
            cand = SdpaCandidate("SDPA CUDNN_ATTENTION", SDPBackend.CUDNN_ATTENTION)
        if cand is None:
            print("== correctness: skipped (no --lib)\n")
        else:
            with torch.no_grad():
                ok = run_checks(cand, args)
    if args.check_only:
        return 0 if ok else 1
    if not ok and not args.keep_going:
        print("timing skipped: a check failed (--keep-going times anyway)")
        return 1

    impls: list[Impl] = []
    if lib is not None and "ours" in args.impls:
        impls.append(OursImpl(lib, with_lse=not args.no_lse))
    if "cudnn" in args.impls:
        impls.append(SdpaImpl("cuDNN", SDPBackend.CUDNN_ATTENTION))
    if "fa2" in args.impls:
        impls.append(SdpaImpl("FA2", SDPBackend.FLASH_ATTENTION))
    if triton_impl is not None:
        impls.append(triton_impl)
    if not impls:
        print("bench.py: error: nothing to time", file=sys.stderr)
        return 2
    with torch.no_grad():
        timed_ok = run_timing(impls, args)
    smi = nvidia_smi()
    if smi:
        print("nvidia-smi after:\n  " + smi.replace("\n", "\n  "))
    return 0 if ok and timed_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
