; llvm.cute.make_gmma_desc on what is no canonical GMMA layout: the atom
; registry's verbatim diagnostics, located at the call, never a wrong
; descriptor.
;
; RUN: not cute-opt -passes=cute-lower %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@pitch = private constant [31 x i8] c"S<3,3,3> o 0 o (64,16):(128,1)\00"
@sw8 = private constant [30 x i8] c"S<3,4,3> o 0 o (64,16):(64,1)\00"
@k24 = private constant [30 x i8] c"S<3,3,3> o 0 o (64,24):(64,1)\00"
@dyn = private constant [14 x i8] c"(64,16):(?,1)\00"
@plain = private constant [15 x i8] c"(64,16):(16,1)\00"
@f16 = private constant [4 x i8] c"f16\00"
@ptrty = private constant [4 x i8] c"ptr\00"
@k = private constant [8 x i8] c"major=K\00"
@bad = private constant [8 x i8] c"major=M\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view.p3(ptr addrspace(3), ptr, ptr)
declare ptr @llvm.cute.make_view.p1(ptr addrspace(1), ptr, ptr)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare i64 @llvm.cute.make_gmma_desc(ptr, ptr)

; Rows 256 bytes apart: not the 128-byte rows of the SW128 atom.
; CHECK: error: in function 'row_pitch': 'llvm.cute.make_gmma_desc': expects Mma atom layout of S<3,3,3> o 0 o (8,64):(64,1) (the K-major SW128 atom of 16-bit elements), but got S<3,3,3> o 0 o (64,16):(128,1): divided by the core matrix (8:1,2:1) it is {{.*}}, whose row stride is 16 x 128 bits, not 8
; CHECK-NEXT: at: %d = call i64 @llvm.cute.make_gmma_desc(
define i64 @row_pitch(ptr addrspace(3) %s) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @pitch)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; The 128-byte swizzle of 8-bit elements on 16-bit ones.
; CHECK: error: in function 'wrong_swizzle': 'llvm.cute.make_gmma_desc': expects Mma atom layout of S<3,3,3> o 0 o (8,64):(64,1) {{.*}}, but got S<3,4,3> o 0 o (64,16):(64,1): the swizzle of 16-bit elements is S<3,3,3>
define i64 @wrong_swizzle(ptr addrspace(3) %s) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sw8)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; A K extent of 48 bytes is no k-block.
; CHECK: error: in function 'k_extent': 'llvm.cute.make_gmma_desc': expects Mma atom layout of {{.*}}: the K extent is 3 x 128 bits, not 2 (dense) or 4 (sparse)
define i64 @k_extent(ptr addrspace(3) %s) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @k24)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; A run-time stride cannot be packed.
; CHECK: error: in function 'dynamic': 'llvm.cute.make_gmma_desc': expects static and no scaled basis layout for (64,16):(?,1)
define i64 @dynamic(ptr addrspace(3) %s, i32 %ld) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @dyn, i32 %ld)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; CHECK: error: in function 'no_width': 'llvm.cute.make_gmma_desc': the element type ptr of the tensor has no known width
define i64 @no_width(ptr addrspace(3) %s) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @plain)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %l, ptr @ptrty)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; CHECK: error: in function 'bad_major': 'llvm.cute.make_gmma_desc': the attributes 'major=M' are not "major=K" or "major=MN"
define i64 @bad_major(ptr addrspace(3) %s) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @plain)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @bad)
  ret i64 %d
}

; CHECK: error: in function 'global': 'llvm.cute.make_gmma_desc' expects a shared-memory tensor, but its iterator points to global memory (address space 1)
define i64 @global(ptr addrspace(1) %g) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @plain)
  %t = call ptr @llvm.cute.make_view.p1(ptr addrspace(1) %g, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; A generic pointer that is provably not shared memory is not cast to it:
; a stack array, and a kernel's parameter (host memory: global).
; CHECK: error: in function 'stack': 'llvm.cute.make_gmma_desc' expects a shared-memory tensor, but its iterator points to local memory (address space 5)
define i64 @stack() {
  %buf = alloca [1024 x half]
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @plain)
  %t = call ptr @llvm.cute.make_view(ptr %buf, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; CHECK: error: in function 'kernel_param': 'llvm.cute.make_gmma_desc' expects a shared-memory tensor, but its iterator points to global memory (address space 1)
define ptx_kernel void @kernel_param(ptr %p, ptr %out) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @plain)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  store i64 %d, ptr %out
  ret void
}

; Nor is a generic pointer that nothing proves shared (a device function's
; parameter): the descriptor would hold an unrelated shared address.
; CHECK: error: in function 'device_param': the iterator of the tensor of 'llvm.cute.make_gmma_desc' must point to shared memory, but nothing proves that it does: it derives from parameter #0 of the device function 'device_param'
define i64 @device_param(ptr %p) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @plain)
  %t = call ptr @llvm.cute.make_view(ptr %p, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}
