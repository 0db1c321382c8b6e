; shape_div of the most negative 64-bit integer and -1, in either order, as
; the IR fuzzer drew them: the remainders it tests for divisibility were
; INT64_MIN % -1, which overflows in C++ (UBSan; a SIGFPE on x86). -1
; divides everything: INT64_MIN / -1 is an overflow error, -1 / INT64_MIN
; is 1 (the quotient rounds away from zero to a unit).
;
; RUN: not cute-opt -passes=cute-lower -S %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.cute.shape_div(...)
declare i64 @llvm.cute.size(...)

; CHECK: error: in function 'min_by_minus_one': 'llvm.cute.shape_div': 'shape_div': integer overflow: 0 - -9223372036854775808 does not fit in 64 bits
define i64 @min_by_minus_one() #0 {
  %d = call ptr (...) @llvm.cute.shape_div(i64 -9223372036854775808, i32 -1)
  %s = call i64 (...) @llvm.cute.size(ptr %d)
  ret i64 %s
}

define i64 @minus_one_by_min() #0 {
  %d = call ptr (...) @llvm.cute.shape_div(i32 -1, i64 -9223372036854775808)
  %s = call i64 (...) @llvm.cute.size(ptr %d)
  ret i64 %s
}

attributes #0 = { "target-cpu"="sm_80" }
