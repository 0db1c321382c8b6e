; Swizzled layouts at dynamic coordinates, run on the host by lli. Each
; @check_* returns the number of coordinates where the lowered code and a
; hand-written reference differ; @main returns their sum.
;
; - swizzle(S<3,4,3>, x) is x ^ ((x & 0x380) >> 3).
; - Tensors over S<3,2,4> o 0 o (16,(4,8)):(4,(1,64)): memref_load at a
;   dynamic (c, i), and slice at (c, _). The slice decays to a plain layout
;   whose strides on the swizzled bits depend on c (CuTe's
;   slice_and_offset; CuTe IR's vector for this layout is
;   ((1,(4,(2,2,2)))):((0,(1,(?,?,?))))); the sliced tensor's iterator
;   plus its layout at i must be the original at (c, i).
; - S<3,4,3> o 0 o (128,64):(64,1) sliced at (_, c): the kept mode reaches
;   both bits of each swizzled pair, so the swizzle stays, with c's
;   swizzled bits in its offset and the other bits in the iterator.
;
; RUN: cute-opt -passes=cute-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: lli %t.ll
;
; The library's answers for the same slices:
; RUN: cute-layout slice 'S<3,2,4> o 0 o (16,(4,8)):(4,(1,64))' '(?,_)' \
; RUN:   --arg-types composed_layout,coord | FileCheck %s --check-prefix=LIB1
; LIB1: ((4,(2,2,2))):((1,(?,?,?)))
; RUN: cute-layout slice 'S<3,4,3> o 0 o (128,64):(64,1)' '(_,?)' \
; RUN:   --arg-types composed_layout,coord | FileCheck %s --check-prefix=LIB2
; LIB2: S<3,4,3> o ? o (128):(64)

@sw = private constant [9 x i8] c"S<3,4,3>\00"
@l1 = private constant [37 x i8] c"S<3,2,4> o 0 o (16,(4,8)):(4,(1,64))\00"
@l2 = private constant [31 x i8] c"S<3,4,3> o 0 o (128,64):(64,1)\00"
@c_ = private constant [6 x i8] c"(?,_)\00"
@_c = private constant [6 x i8] c"(_,?)\00"
@cc = private constant [6 x i8] c"(?,?)\00"
@q = private constant [2 x i8] c"?\00"
@i32 = private constant [4 x i8] c"i32\00"
@buf = global [1024 x i32] zeroinitializer

declare ptr @llvm.cute.make_swizzle(ptr, ...)
declare i32 @llvm.cute.swizzle(ptr, i32)
declare ptr @llvm.cute.make_composed_layout(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.slice(ptr, ptr)
declare ptr @llvm.cute.get_iter(ptr)
declare ptr @llvm.cute.get_layout(ptr)
declare i32 @llvm.cute.layout_eval(ptr, ptr)
declare i32 @llvm.cute.memref_load(ptr, ptr)

; CHECK-LABEL: define i32 @swizzle(
; CHECK-NOT:     call
; CHECK:         xor i32 %x,
; CHECK-NEXT:    ret i32
define i32 @swizzle(i32 %x, i32 %unused) {
  %sw = call ptr (ptr, ...) @llvm.cute.make_swizzle(ptr @sw)
  %r = call i32 @llvm.cute.swizzle(ptr %sw, i32 %x)
  ret i32 %r
}

define i32 @swizzle.ref(i32 %x, i32 %unused) {
  %y = and i32 %x, 896
  %z = lshr i32 %y, 3
  %r = xor i32 %x, %z
  ret i32 %r
}

; The first layout: S<3,2,4>(4*c + (i%4) + 64*(i/4)).
define i32 @l1.ref(i32 %c, i32 %i) {
  %c4 = mul i32 %c, 4
  %lo = urem i32 %i, 4
  %hi = udiv i32 %i, 4
  %hi64 = mul i32 %hi, 64
  %a = add i32 %c4, %lo
  %x = add i32 %a, %hi64
  %y = and i32 %x, 448
  %z = lshr i32 %y, 4
  %r = xor i32 %x, %z
  ret i32 %r
}

; The element at (c, i) of a tensor over @buf, whose words hold their index.
; CHECK-LABEL: define i32 @l1.load(
; CHECK-NOT:     call
; CHECK:         load i32
define i32 @l1.load(i32 %c, i32 %i) {
  %l = call ptr (ptr, ...) @llvm.cute.make_composed_layout(ptr @l1)
  %t = call ptr @llvm.cute.make_view(ptr @buf, ptr %l, ptr @i32)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @cc, i32 %c, i32 %i)
  %v = call i32 @llvm.cute.memref_load(ptr %t, ptr %crd)
  ret i32 %v
}

; The sliced tensor's iterator (in words) plus its layout at i.
; CHECK-LABEL: define i32 @l1.slice(
; CHECK-NOT:     call
; CHECK:         ret i32
define i32 @l1.slice(i32 %c, i32 %i) {
  %l = call ptr (ptr, ...) @llvm.cute.make_composed_layout(ptr @l1)
  %t = call ptr @llvm.cute.make_view(ptr null, ptr %l, ptr @i32)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @c_, i32 %c)
  %s = call ptr @llvm.cute.slice(ptr %t, ptr %crd)
  %p = call ptr @llvm.cute.get_iter(ptr %s)
  %sl = call ptr @llvm.cute.get_layout(ptr %s)
  %ic = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @q, i32 %i)
  %e = call i32 @llvm.cute.layout_eval(ptr %ic, ptr %sl)
  %bytes = ptrtoint ptr %p to i32
  %base = sdiv i32 %bytes, 4
  %r = add i32 %base, %e
  ret i32 %r
}

; The second layout: S<3,4,3>(64*i + c) for the kept mode i and fixed c.
define i32 @l2.ref(i32 %c, i32 %i) {
  %i64 = mul i32 %i, 64
  %x = add i32 %i64, %c
  %r = call i32 @swizzle.ref(i32 %x, i32 0)
  ret i32 %r
}

; CHECK-LABEL: define i32 @l2.slice(
; CHECK-NOT:     call
; CHECK:         ret i32
define i32 @l2.slice(i32 %c, i32 %i) {
  %l = call ptr (ptr, ...) @llvm.cute.make_composed_layout(ptr @l2)
  %t = call ptr @llvm.cute.make_view(ptr null, ptr %l, ptr @i32)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @_c, i32 %c)
  %s = call ptr @llvm.cute.slice(ptr %t, ptr %crd)
  %p = call ptr @llvm.cute.get_iter(ptr %s)
  %sl = call ptr @llvm.cute.get_layout(ptr %s)
  %ic = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @q, i32 %i)
  %e = call i32 @llvm.cute.layout_eval(ptr %ic, ptr %sl)
  %bytes = ptrtoint ptr %p to i32
  %base = sdiv i32 %bytes, 4
  %r = add i32 %base, %e
  ret i32 %r
}

; The number of (c, i) in [0,NC) x [0,NI) where f and g differ.
define i32 @check(ptr %f, ptr %g, i32 %nc, i32 %ni) {
entry:
  br label %outer
outer:
  %c = phi i32 [ 0, %entry ], [ %c.next, %latch ]
  %bad = phi i32 [ 0, %entry ], [ %b.next, %latch ]
  br label %inner
inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %b = phi i32 [ %bad, %outer ], [ %b.next, %inner ]
  %x = call i32 %f(i32 %c, i32 %i)
  %y = call i32 %g(i32 %c, i32 %i)
  %ne = icmp ne i32 %x, %y
  %inc = zext i1 %ne to i32
  %b.next = add i32 %b, %inc
  %i.next = add i32 %i, 1
  %i.done = icmp eq i32 %i.next, %ni
  br i1 %i.done, label %latch, label %inner
latch:
  %c.next = add i32 %c, 1
  %c.done = icmp eq i32 %c.next, %nc
  br i1 %c.done, label %exit, label %outer
exit:
  ret i32 %b.next
}

define i32 @main() {
entry:
  br label %fill
fill:
  %k = phi i32 [ 0, %entry ], [ %k.next, %fill ]
  %slot = getelementptr [1024 x i32], ptr @buf, i32 0, i32 %k
  store i32 %k, ptr %slot
  %k.next = add i32 %k, 1
  %filled = icmp eq i32 %k.next, 1024
  br i1 %filled, label %run, label %fill
run:
  %e0 = call i32 @check(ptr @swizzle, ptr @swizzle.ref, i32 4096, i32 1)
  %e1 = call i32 @check(ptr @l1.load, ptr @l1.ref, i32 16, i32 32)
  %e2 = call i32 @check(ptr @l1.slice, ptr @l1.ref, i32 16, i32 32)
  %e3 = call i32 @check(ptr @l2.slice, ptr @l2.ref, i32 64, i32 128)
  %s1 = add i32 %e0, %e1
  %s2 = add i32 %s1, %e2
  %s3 = add i32 %s2, %e3
  ret i32 %s3
}
