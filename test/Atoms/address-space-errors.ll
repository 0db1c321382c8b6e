; An atom operand that must be in shared memory is never a provably other
; address cast to the shared window: ldmatrix from a kernel's pointer
; parameter (host memory: global) and from a stack array is one error each.
; Nor is a generic pointer that nothing proves shared: a device function's
; parameter, a pointer loaded from memory, an integer cast to a pointer, a
; call's result, or a select with one such arm; each is one error that
; names where the pointer comes from. A generic pointer derived from a
; __shared__ variable, also through the alignment idiom's integers, is
; proven (test/Atoms/sync.ll).
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(ptr, ptr, ptr)

; CHECK: error: in function 'from_param': variant 'SM75_U32x4_LDSM_N': operand 'src' points to global memory (address space 1), but the instruction accesses shared memory (address space 3)
define ptx_kernel void @from_param(ptr %src, ptr %out) #0 {
  %r = alloca [4 x i32]
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr %src)
  %v = load i32, ptr %r
  store i32 %v, ptr %out
  ret void
}

; CHECK: error: in function 'from_stack': variant 'SM75_U32x4_LDSM_N': operand 'src' points to local memory (address space 5), but the instruction accesses shared memory (address space 3)
define void @from_stack(ptr %out) #0 {
  %buf = alloca [64 x i32]
  %r = alloca [4 x i32]
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr %buf)
  %v = load i32, ptr %r
  store i32 %v, ptr %out
  ret void
}

; CHECK: error: in function 'from_device_param': variant 'SM75_U32x4_LDSM_N': operand 'src' must point to shared memory, but nothing proves that it does: it derives from parameter #0 of the device function 'from_device_param' (derive it from a __shared__ variable, or pass a pointer in address space 3)
define void @from_device_param(ptr %src, ptr %out) #0 {
  %r = alloca [4 x i32]
  %p = getelementptr i8, ptr %src, i64 64
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr %p)
  %v = load i32, ptr %r
  store i32 %v, ptr %out
  ret void
}

; CHECK: error: in function 'from_load': variant 'SM75_U32x4_LDSM_N': operand 'src' must point to shared memory, but nothing proves that it does: it derives from a pointer loaded from memory
define void @from_load(ptr addrspace(1) %table, ptr %out) #0 {
  %r = alloca [4 x i32]
  %src = load ptr, ptr addrspace(1) %table
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr %src)
  %v = load i32, ptr %r
  store i32 %v, ptr %out
  ret void
}

; CHECK: error: in function 'unproven_select': variant 'SM75_U32x4_LDSM_N': operand 'src' must point to shared memory, but nothing proves that it does: it derives from parameter #1 of the device function 'unproven_select'
define void @unproven_select(i1 %c, ptr %other, ptr %out) #0 {
  %r = alloca [4 x i32]
  %g = addrspacecast ptr addrspace(3) @tile to ptr
  %src = select i1 %c, ptr %g, ptr %other
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr %src)
  %v = load i32, ptr %r
  store i32 %v, ptr %out
  ret void
}

; CHECK: error: in function 'bar_from_integer': variant 'SM80_MBARRIER_INIT': operand 'bar' must point to shared memory, but nothing proves that it does: it derives from an integer cast to a pointer
define void @bar_from_integer(i64 %addr) #0 {
  %bar = inttoptr i64 %addr to ptr
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr %bar, i32 1)
  ret void
}

; CHECK: error: in function 'bar_from_call': variant 'SM80_MBARRIER_INIT': operand 'bar' must point to shared memory, but nothing proves that it does: it derives from the result of a call to 'some_barrier'
define void @bar_from_call() #0 {
  %bar = call ptr @some_barrier()
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr %bar, i32 1)
  ret void
}

@tile = internal addrspace(3) global [256 x i32] undef
@init = private constant [19 x i8] c"SM80_MBARRIER_INIT\00"
declare void @llvm.cute.nvgpu.mbarrier_init(ptr, ptr, i32)
declare ptr @some_barrier()

attributes #0 = { "target-cpu"="sm_90a" }

; A null pointer is no operand, whichever space: one error.
; CHECK: error: in function 'from_null': variant 'SM75_U32x4_LDSM_N': operand 'src' is a null pointer
define void @from_null(ptr %out) #0 {
  %r = alloca [4 x i32]
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %r, ptr addrspacecast (ptr addrspace(3) null to ptr))
  %v = load i32, ptr %r
  store i32 %v, ptr %out
  ret void
}

; A pointer that one path makes a kernel parameter (global) and another a
; shared object is not shared: one error, no cast.
; CHECK: error: in function 'from_select': variant 'SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>': operand 'dst' points to global memory (address space 1), but the instruction accesses shared memory (address space 3)
define ptx_kernel void @from_select(ptr %g, ptr %d, i1 %c) #0 {
  %p = select i1 %c, ptr %d, ptr addrspacecast (ptr addrspace(3) @sm.sel to ptr)
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasync.sel, ptr %p, ptr %g)
  ret void
}

@cpasync.sel = private constant [37 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>\00"
@sm.sel = internal addrspace(3) global [512 x i8] undef, align 16
declare void @llvm.cute.nvgpu.simt_async_copy(ptr, ptr, ptr)
