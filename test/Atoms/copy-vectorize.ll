; The universal copy's vectorise check accepts what is contiguous: a
; one-element tensor is, whatever its stride (coalesce makes 1:1 into 1:0),
; as is a 4-element 4:1 one; both lower to one load and one store of the
; atom's width. (What is not: mma-tensor-errors.ll.)
;
; RUN: cute-opt -passes=always-inline,cute-desugar,cute-lower-layout,cute-lower-atoms -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@u32 = private constant [24 x i8] c"UniversalCopy<uint32_t>\00"
@u64 = private constant [24 x i8] c"UniversalCopy<uint64_t>\00"
@i32t = private constant [4 x i8] c"i32\00"
@f16t = private constant [4 x i8] c"f16\00"
@one = private constant [4 x i8] c"1:1\00"
@one1 = private constant [8 x i8] c"(1):(1)\00"
@oneb = private constant [12 x i8] c"(1,1):(0,5)\00"
@four = private constant [4 x i8] c"4:1\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.get_iter(ptr)
declare void @llvm.cute.nvgpu.universal_copy(ptr, ptr, ptr)

define internal void @copy(ptr %atom, ptr %type, ptr %sl, ptr %dl, ptr %s0,
                           ptr %d0) #1 {
  %ls = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %sl)
  %ts = call ptr @llvm.cute.make_view(ptr %s0, ptr %ls, ptr %type)
  %s = call ptr @llvm.cute.get_iter(ptr %ts)
  %ld = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %dl)
  %td = call ptr @llvm.cute.make_view(ptr %d0, ptr %ld, ptr %type)
  %d = call ptr @llvm.cute.get_iter(ptr %td)
  call void @llvm.cute.nvgpu.universal_copy(ptr %atom, ptr %d, ptr %s)
  ret void
}

; CHECK-LABEL: define void @one_element(
; CHECK: %[[V:.*]] = load i32, ptr %src
; CHECK: store i32 %[[V]], ptr %dst
define void @one_element(ptr %src, ptr %dst) #80 {
  call void @copy(ptr @u32, ptr @i32t, ptr @one, ptr @one, ptr %src, ptr %dst)
  ret void
}

; CHECK-LABEL: define void @one_element_ranks(
; CHECK: %[[V:.*]] = load i32, ptr %src
; CHECK: store i32 %[[V]], ptr %dst
define void @one_element_ranks(ptr %src, ptr %dst) #80 {
  call void @copy(ptr @u32, ptr @i32t, ptr @one1, ptr @oneb, ptr %src, ptr %dst)
  ret void
}

; CHECK-LABEL: define void @four_halves(
; CHECK: %[[V:.*]] = load i64, ptr %src
; CHECK: store i64 %[[V]], ptr %dst
define void @four_halves(ptr %src, ptr %dst) #80 {
  call void @copy(ptr @u64, ptr @f16t, ptr @four, ptr @four, ptr %src, ptr %dst)
  ret void
}

attributes #1 = { alwaysinline }
attributes #80 = { "target-cpu"="sm_80" }
