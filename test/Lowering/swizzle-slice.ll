; slice of a swizzled composed layout at a dynamic coordinate decays to a
; plain layout whose strides on the swizzled bits depend on the coordinate
; (CuTe's slice_and_offset; CuTe IR's vector for this layout is
; ((1,(4,(2,2,2)))):((0,(1,(?,?,?))))). The lowered strides are bit tests of
; the coordinate. Run on the host, the sliced layout must give the original
; swizzled function on the kept mode up to a constant per coordinate.
;
; RUN: cute-opt -passes=cute-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: lli %t.ll
;
; The library's answer for the same slice:
; RUN: cute-layout slice 'S<3,2,4> o 0 o (16,(4,8)):(4,(1,64))' '(?,_)' \
; RUN:   --arg-types composed_layout,coord | FileCheck %s --check-prefix=LIB
; LIB: ((4,(2,2,2))):((1,(?,?,?)))

@l = private constant [37 x i8] c"S<3,2,4> o 0 o (16,(4,8)):(4,(1,64))\00"
@c = private constant [6 x i8] c"(?,_)\00"

declare ptr @llvm.cute.make_composed_layout(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.slice(ptr, ptr)
declare i32 @llvm.cute.crd2idx.i(i32, ptr)

; CHECK-LABEL: define i32 @sliced(
; CHECK:         and i32
; CHECK-NOT:     call {{.*}}@llvm.cute
; CHECK:         ret i32
define i32 @sliced(i32 %crd, i32 %i) {
  %l = call ptr (ptr, ...) @llvm.cute.make_composed_layout(ptr @l)
  %c = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @c, i32 %crd)
  %s = call ptr @llvm.cute.slice(ptr %l, ptr %c)
  %r = call i32 @llvm.cute.crd2idx.i(i32 %i, ptr %s)
  ret i32 %r
}

; The original: S<3,2,4>(4*crd + (i%4) + 64*(i/4)).
define i32 @original(i32 %crd, i32 %i) {
  %c4 = mul i32 %crd, 4
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

; Returns the number of (crd, i) where original - sliced differs from its
; value at i = 0.
define i32 @main() {
entry:
  br label %outer
outer:
  %crd = phi i32 [ 0, %entry ], [ %crd.next, %outer.latch ]
  %bad = phi i32 [ 0, %entry ], [ %bad.inner, %outer.latch ]
  %o0 = call i32 @original(i32 %crd, i32 0)
  %s0 = call i32 @sliced(i32 %crd, i32 0)
  %d0 = sub i32 %o0, %s0
  br label %inner
inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %b = phi i32 [ %bad, %outer ], [ %b.next, %inner ]
  %o = call i32 @original(i32 %crd, i32 %i)
  %s = call i32 @sliced(i32 %crd, i32 %i)
  %d = sub i32 %o, %s
  %ne = icmp ne i32 %d, %d0
  %inc = zext i1 %ne to i32
  %b.next = add i32 %b, %inc
  %i.next = add i32 %i, 1
  %i.done = icmp eq i32 %i.next, 32
  br i1 %i.done, label %outer.latch, label %inner
outer.latch:
  %bad.inner = phi i32 [ %b.next, %inner ]
  %crd.next = add i32 %crd, 1
  %crd.done = icmp eq i32 %crd.next, 16
  br i1 %crd.done, label %exit, label %outer
exit:
  ret i32 %bad.inner
}
