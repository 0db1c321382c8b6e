; Inputs the IR fuzzer (fuzz/IrFuzzer.cpp) found at the atom boundary, each
; one located error where the pipeline once crashed, narrowed a constant,
; cast a pointer into another address space or wrote past a fragment
; (docs/robustness.md, session 20). The fuzzer's inputs are kept in
; fuzz/regressions/cute-ir-fuzzer/.
;
; RUN: not cute-opt -passes=cute-lower -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@fma = private constant [30 x i8] c"UniversalFMA<F32,F32,F32,F32>\00"
@inval = private constant [20 x i8] c"SM80_MBARRIER_INVAL\00"
@ldsm = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"
@sh = internal addrspace(3) global [256 x i8] undef, align 128
@tile = internal addrspace(3) global [512 x i8] undef, align 128
@ts = private constant [41 x i8] c"SM100_MMA_F8F6F4_TS<E4M3,E2M1,F16,64,64>\00"

declare i64 @llvm.cute.nvgpu.universal_fma(...)
declare void @llvm.cute.nvgpu.universal_fma.void(...)
declare void @llvm.cute.nvgpu.mbarrier_inval(ptr, ptr)
declare void @llvm.cute.nvgpu.ldsm(ptr, ptr, ptr addrspace(3))
declare void @llvm.cute.nvgpu.sm100.mma(ptr, i32, i64, i64, i32, i1)

; An atom that returns nothing, declared to return a value: its uses would
; read the erased call (the pipeline crashed in its clean-up).
; CHECK: error: in function 'void_atom_value': atom 'atom.universal_fma' returns void, but the call is declared to return i64 (its uses would read no value)
define void @void_atom_value(ptr %out) #0 {
  %d = alloca [1 x i32], align 4
  %a = alloca [1 x i32], align 4
  %b = alloca [1 x i32], align 4
  %c = alloca [1 x i32], align 4
  %r = call i64 (...) @llvm.cute.nvgpu.universal_fma(ptr @fma, ptr %d, ptr %a, ptr %b, ptr %c)
  store i64 %r, ptr %out
  ret void
}

; The universal FMA checked none of its pointers: D, A, B and C each hold
; one element inside its object (D past a shared array was written).
; CHECK: error: in function 'fma_outside': variant 'UniversalFMA<F32,F32,F32,F32>': operand 'd' points 272 byte(s) from the start of 'sh' (256 byte(s)): outside it
define void @fma_outside(i1 %c, ptr %q) #0 {
  %g = addrspacecast ptr addrspace(3) @sh to ptr
  %past = getelementptr i8, ptr %g, i64 272
  %d = select i1 %c, ptr %past, ptr %q
  %a = alloca [2 x i32], align 4
  call void (...) @llvm.cute.nvgpu.universal_fma.void(ptr @fma, ptr %d, ptr %a, ptr %a, ptr %a)
  ret void
}

; CHECK: error: in function 'fma_null': variant 'UniversalFMA<F32,F32,F32,F32>': operand 'a' is a null pointer
define void @fma_null(ptr %d) #0 {
  call void (...) @llvm.cute.nvgpu.universal_fma.void(ptr @fma, ptr %d, ptr null, ptr %d, ptr %d)
  ret void
}

; CHECK: error: in function 'fma_small': variant 'UniversalFMA<F32,F32,F32,F32>': operand 'c' points to 2 byte(s), but the variant accesses 4 there
define void @fma_small(ptr %d) #0 {
  %c = alloca [2 x i8], align 4
  call void (...) @llvm.cute.nvgpu.universal_fma.void(ptr @fma, ptr %d, ptr %d, ptr %d, ptr %c)
  ret void
}

; A parameter passed by value is the function's own copy, a kernel's in the
; parameter space, a device function's on its stack: not shared memory (it
; was cast to shared memory as if it were).
; CHECK: error: in function 'byval_kernel_param': variant 'SM80_MBARRIER_INVAL': operand 'bar' must point to shared memory, not parameter memory
define ptx_kernel void @byval_kernel_param(ptr byval([128 x i8]) align 64 %p) #0 {
  call void @llvm.cute.nvgpu.mbarrier_inval(ptr @inval, ptr %p)
  ret void
}

; CHECK: error: in function 'byval_device_param': variant 'SM80_MBARRIER_INVAL': operand 'bar' must point to shared memory, not local memory
define void @byval_device_param(ptr byval(i64) align 8 %p) #0 {
  call void @llvm.cute.nvgpu.mbarrier_inval(ptr @inval, ptr %p)
  ret void
}

; Each arm of a select is checked, also where the other reaches an object of
; unknown size (a parameter): the mbarrier one past the end of a shared
; array was invalidated, the 4-byte fragment written 16 bytes.
; CHECK: error: in function 'select_arm_outside': variant 'SM80_MBARRIER_INVAL': operand 'bar' points 256 byte(s) from the start of 'sh' (256 byte(s)): outside it
define void @select_arm_outside(i1 %c, ptr addrspace(3) %smem) #0 {
  %g = addrspacecast ptr addrspace(3) %smem to ptr
  %end = getelementptr i8, ptr addrspace(3) @sh, i64 256
  %e = addrspacecast ptr addrspace(3) %end to ptr
  %p = select i1 %c, ptr %g, ptr %e
  call void @llvm.cute.nvgpu.mbarrier_inval(ptr @inval, ptr %p)
  ret void
}

; CHECK: error: in function 'select_arm_small': variant 'SM75_U32x4_LDSM_N': operand 'dst' points to 4 byte(s), but the variant accesses 16 there
define void @select_arm_small(i1 %c, ptr %q) #0 {
  %b = alloca [1 x i32], align 4
  %p = select i1 %c, ptr %q, ptr %b
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsm, ptr %p, ptr addrspace(3) @tile)
  ret void
}

; A TS variant reads A from tensor memory: the 64-bit `a` (a descriptor in
; the SS variants) is a 32-bit TMEM address there, and 2^32 + 16 is no
; address 16 (it was truncated; 0x73F3000000000000 became the null TMEM
; address).
; CHECK: error: in function 'umma_ts_wide_tmem': variant 'SM100_MMA_F8F6F4_TS<E4M3,E2M1,F16,64,64>': operand 'a' is 4294967312, which does not fit its 32-bit operand
define void @umma_ts_wide_tmem(i64 %b) #1 {
  call void @llvm.cute.nvgpu.sm100.mma(ptr @ts, i32 0, i64 4294967312, i64 %b, i32 0, i1 true)
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { "target-cpu"="sm_100a" "target-features"="+ptx88" }
