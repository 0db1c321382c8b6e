; The stages are function passes. Spelled as module passes they run over
; every function (then erase the declarations and strings left dead); in a
; function pipeline they run alone. A function without cute calls is left
; exactly as it was, its stack slots included.
;
; RUN: opt %loadcute -passes=cute-lower -S %s | FileCheck %s --check-prefixes=CHECK,TIDY
; RUN: opt %loadcute -passes=cute-desugar,cute-lower-layout,cute-lower-atoms -S %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,TIDY
; RUN: opt %loadcute -passes='function(cute-desugar,cute-lower-layout,cute-lower-atoms)' \
; RUN:   -S %s | FileCheck %s --check-prefixes=CHECK,LEFT
; RUN: cute-opt -passes='function(cute-desugar,cute-lower-layout,cute-lower-atoms)' \
; RUN:   -S %s | FileCheck %s --check-prefixes=CHECK,LEFT
;
; Each stage runs on each function, the module spelling included.
; RUN: opt %loadcute -passes=cute-lower -debug-pass-manager -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PM
; RUN: opt %loadcute -passes='function(cute-desugar)' -debug-pass-manager \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=PM-FN
;
; A stage in a function pipeline reports its errors as the module spelling
; does.
; RUN: not opt %loadcute -passes='function(cute-lower-layout)' -disable-output \
; RUN:   %s 2>&1 | FileCheck %s --check-prefix=ERR

target triple = "nvptx64-nvidia-cuda"

@l = private constant [12 x i8] c"(8,4):(1,8)\00"
@v = private constant [24 x i8] c"UniversalCopy<uint64_t>\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare i32 @llvm.cute.size(ptr)
declare ptr @llvm.cute.local_partition(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.universal_copy(ptr, ptr, ptr)

; TIDY-NOT: @l =
; TIDY-NOT: @v =
; TIDY-NOT: declare {{.*}}@llvm.cute.
; LEFT: @l = private constant
; LEFT: @v = private constant
; LEFT: declare {{.*}}@llvm.cute.make_layout(
; LEFT: declare {{.*}}@llvm.cute.nvgpu.universal_copy(

; CHECK-LABEL: define i32 @kernel(
; CHECK-NEXT:    ret i32 32
define i32 @kernel() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %s = call i32 @llvm.cute.size(ptr %a)
  ret i32 %s
}

; CHECK-LABEL: define i32 @plain(ptr %p) {
; CHECK-NEXT:    %slot = alloca ptr, align 8
; CHECK-NEXT:    store ptr %p, ptr %slot, align 8
; CHECK-NEXT:    %q = load ptr, ptr %slot, align 8
; CHECK-NEXT:    %x = load i32, ptr %q, align 4
; CHECK-NEXT:    %y = add i32 %x, 0
; CHECK-NEXT:    ret i32 %y
; CHECK-NEXT:  }
define i32 @plain(ptr %p) {
  %slot = alloca ptr, align 8
  store ptr %p, ptr %slot, align 8
  %q = load ptr, ptr %slot, align 8
  %x = load i32, ptr %q, align 4
  %y = add i32 %x, 0
  ret i32 %y
}

; CHECK-LABEL: define void @copy(
; CHECK-NOT:     call
; CHECK:         ret void
define void @copy(ptr %dst, ptr %src) #0 {
  call void @llvm.cute.nvgpu.universal_copy(ptr @v, ptr %dst, ptr %src)
  ret void
}

; TIDY-NOT: declare {{.*}}@llvm.cute.

; PM-NOT: Running pass: cute::CuteDesugarPass on [module]
; PM: Running pass: cute::CuteDesugarPass on kernel
; PM: Running pass: cute::CuteDesugarPass on plain
; PM: Running pass: cute::CuteDesugarPass on copy
; PM: Running pass: cute::CuteLowerLayoutPass on kernel
; PM: Running pass: cute::CuteLowerLayoutPass on plain
; PM: Running pass: cute::CuteLowerLayoutPass on copy
; PM: Running pass: cute::CuteLowerAtomsPass on kernel
; PM: Running pass: cute::CuteLowerAtomsPass on plain
; PM: Running pass: cute::CuteLowerAtomsPass on copy
; PM-NOT: Running pass: SROAPass on plain
; PM: Running pass: SROAPass on kernel
; PM-NOT: Running pass: SROAPass on plain
; PM: Running pass: VerifierPass on [module]

; PM-FN: Running pass: cute::CuteDesugarPass on kernel
; PM-FN: Running pass: cute::CuteDesugarPass on plain

; The sugar is left for cute-desugar: an error at the function's turn.
; ERR: error: in function 'sugar': 'llvm.cute.local_partition' is sugar: run cute-desugar before cute-lower-layout
; ERR-NOT: error:
define void @sugar(i32 %t) {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %p = call ptr @llvm.cute.local_partition(ptr %a, ptr %a, i32 %t)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
