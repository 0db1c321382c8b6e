; Static layouts fold completely: a kernel that indexes through static
; layouts (a zipped_divide of the tensor by the block tile, a slice by block
; index, crd2idx of (thread, value) in a TV layout) compiles to the same
; number of PTX instructions as the same kernel with the indices written by
; hand. Both go through the same pipeline: opt -O3 with the plugin (which
; lowers the cute calls in the default pipeline), then llc.
;
; RUN: opt %loadcute -O3 -S %s -o %t.ll
; RUN: llc -mcpu=sm_90a %t.ll -o %t.ptx
; RUN: %python %S/Inputs/count-ptx.py %t.ptx with_cute by_hand | FileCheck %s
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
; CHECK: with_cute: [[N:[0-9]+]] instructions
; CHECK: by_hand: [[N]] instructions
; PTX-NOT: llvm.cute
; PTX-NOT: call

target triple = "nvptx64-nvidia-cuda"

@mat = private constant [18 x i8] c"(128,128):(128,1)\00"
@tile = private constant [8 x i8] c"(32,32)\00"
@blk = private constant [10 x i8] c"((_,_),?)\00"
@tv = private constant [24 x i8] c"(32,(4,8)):(1,(32,128))\00"
@tvcrd = private constant [6 x i8] c"(?,?)\00"
@f32 = private constant [4 x i8] c"f32\00"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_shape(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.make_view.p1(ptr addrspace(1), ptr, ptr)
declare ptr @llvm.cute.zipped_divide(ptr, ptr)
declare ptr @llvm.cute.slice(ptr, ptr)
declare i32 @llvm.cute.crd2idx(ptr, ptr)
declare float @llvm.cute.memref_load(ptr, i32)
declare void @llvm.cute.memref_store(ptr, i32, float)

; out[tile b][tv(t, v)] = 2 * in[tile b][tv(t, v)] for v = 0, 1, 2.
define ptx_kernel void @with_cute(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @mat)
  %mi = call ptr @llvm.cute.make_view.p1(ptr addrspace(1) %in, ptr %l, ptr @f32)
  %mo = call ptr @llvm.cute.make_view.p1(ptr addrspace(1) %out, ptr %l, ptr @f32)
  %tile = call ptr (ptr, ...) @llvm.cute.make_shape(ptr @tile)
  %gi = call ptr @llvm.cute.zipped_divide(ptr %mi, ptr %tile)
  %go = call ptr @llvm.cute.zipped_divide(ptr %mo, ptr %tile)
  %bc = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @blk, i32 %b)
  %ti = call ptr @llvm.cute.slice(ptr %gi, ptr %bc)
  %to = call ptr @llvm.cute.slice(ptr %go, ptr %bc)
  %tv = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @tv)
  %c0 = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @tvcrd, i32 %t, i32 0)
  %c1 = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @tvcrd, i32 %t, i32 1)
  %c2 = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @tvcrd, i32 %t, i32 2)
  %i0 = call i32 @llvm.cute.crd2idx(ptr %c0, ptr %tv)
  %i1 = call i32 @llvm.cute.crd2idx(ptr %c1, ptr %tv)
  %i2 = call i32 @llvm.cute.crd2idx(ptr %c2, ptr %tv)
  %v0 = call float @llvm.cute.memref_load(ptr %ti, i32 %i0)
  %v1 = call float @llvm.cute.memref_load(ptr %ti, i32 %i1)
  %v2 = call float @llvm.cute.memref_load(ptr %ti, i32 %i2)
  %w0 = fmul float %v0, 2.0
  %w1 = fmul float %v1, 2.0
  %w2 = fmul float %v2, 2.0
  call void @llvm.cute.memref_store(ptr %to, i32 %i0, float %w0)
  call void @llvm.cute.memref_store(ptr %to, i32 %i1, float %w1)
  call void @llvm.cute.memref_store(ptr %to, i32 %i2, float %w2)
  ret void
}

; The same by hand. Tile b of the 4x4 tiles of 32x32 (column-major tile
; order) starts at (b % 4) * 32 * 128 + (b / 4) * 32. Index k of the tile
; (a 32x32 column-major coordinate: row k % 32, column k / 32) is at
; row * 128 + column. tv(t, v) = t + 32 * v for v < 4. The tile's base
; pointers are formed once, as one writes it by hand.
define ptx_kernel void @by_hand(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bm = urem i32 %b, 4
  %bn = udiv i32 %b, 4
  %bmo = mul i32 %bm, 4096
  %bno = mul i32 %bn, 32
  %base = add i32 %bmo, %bno
  %k0 = add i32 %t, 0
  %k1 = add i32 %t, 32
  %k2 = add i32 %t, 64
  %r0 = urem i32 %k0, 32
  %r1 = urem i32 %k1, 32
  %r2 = urem i32 %k2, 32
  %q0 = udiv i32 %k0, 32
  %q1 = udiv i32 %k1, 32
  %q2 = udiv i32 %k2, 32
  %o0a = mul i32 %r0, 128
  %o1a = mul i32 %r1, 128
  %o2a = mul i32 %r2, 128
  %o0b = add i32 %o0a, %q0
  %o1b = add i32 %o1a, %q1
  %o2b = add i32 %o2a, %q2
  %ti = getelementptr float, ptr addrspace(1) %in, i32 %base
  %to = getelementptr float, ptr addrspace(1) %out, i32 %base
  %p0 = getelementptr float, ptr addrspace(1) %ti, i32 %o0b
  %p1 = getelementptr float, ptr addrspace(1) %ti, i32 %o1b
  %p2 = getelementptr float, ptr addrspace(1) %ti, i32 %o2b
  %v0 = load float, ptr addrspace(1) %p0
  %v1 = load float, ptr addrspace(1) %p1
  %v2 = load float, ptr addrspace(1) %p2
  %w0 = fmul float %v0, 2.0
  %w1 = fmul float %v1, 2.0
  %w2 = fmul float %v2, 2.0
  %s0 = getelementptr float, ptr addrspace(1) %to, i32 %o0b
  %s1 = getelementptr float, ptr addrspace(1) %to, i32 %o1b
  %s2 = getelementptr float, ptr addrspace(1) %to, i32 %o2b
  store float %w0, ptr addrspace(1) %s0
  store float %w1, ptr addrspace(1) %s1
  store float %w2, ptr addrspace(1) %s2
  ret void
}
