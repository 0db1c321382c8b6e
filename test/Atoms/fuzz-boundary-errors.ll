; Inputs the IR fuzzer (fuzz/IrFuzzer.cpp) found at the atom boundary, each
; one located error where the pipeline once crashed, narrowed a constant,
; cast a pointer into another address space or wrote past a fragment
; (docs/robustness.md, session 20). The fuzzer's inputs are kept in
; fuzz/regressions/cute-ir-fuzzer/.
;
; RUN: not cute-opt -passes=cute-lower -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@fma = private constant [30 x i8] c"UniversalFMA<F32,F32,F32,F32>\00"

declare i64 @llvm.cute.nvgpu.universal_fma(...)

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

attributes #0 = { "target-cpu"="sm_80" }
