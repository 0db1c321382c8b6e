; The atom registry's MMA verifier on operands made from tensors:
; cute-lower-layout records the tensor behind each atom operand (get_iter,
; make_umma_desc), and cute-lower-atoms checks its element type, layout and
; residency: the tiled builders' composed-layout and rank rules, the fragment
; layout-shape check, and UMMA's composability of A, B and D; the copy atoms'
; vectorise check. Texts verbatim from td/Diagnostics.td. (Each array holds
; every element of the views made of it: a view past its array is an error
; of its own.)
;
; RUN: not cute-opt -passes=always-inline,cute-desugar,cute-lower-layout,cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@sm80 = private constant [29 x i8] c"SM80_16x8x16_F32F16F16F32_TN\00"
@umma = private constant [42 x i8] c"SM100_MMA_F16BF16_SS<F16,F16,F32,128,256>\00"
@ucopy = private constant [24 x i8] c"UniversalCopy<uint64_t>\00"
@f16 = private constant [4 x i8] c"f16\00"
@bf16 = private constant [5 x i8] c"bf16\00"
@f32 = private constant [4 x i8] c"f32\00"
@k = private constant [8 x i8] c"major=K\00"
@v8 = private constant [8 x i8] c"(8):(1)\00"
@v8s2 = private constant [8 x i8] c"(8):(2)\00"
@vdyn = private constant [8 x i8] c"(?):(1)\00"
@v4 = private constant [8 x i8] c"(4):(1)\00"
@v2x4 = private constant [12 x i8] c"(2,4):(1,2)\00"
@v2x2 = private constant [12 x i8] c"(2,2):(1,2)\00"
@v2x2x2 = private constant [16 x i8] c"(2,2,2):(1,2,4)\00"
@v4x1x1 = private constant [16 x i8] c"(4,1,1):(1,0,0)\00"
@vsw = private constant [19 x i8] c"S<1,1,1> o 0 o 8:1\00"
@a_tile = private constant [31 x i8] c"S<3,3,3> o 0 o (128,16):(64,1)\00"
@b_tile = private constant [31 x i8] c"S<3,3,3> o 0 o (256,16):(64,1)\00"
@d_good = private constant [20 x i8] c"(128,256):(65536,1)\00"
@d_short = private constant [19 x i8] c"(64,256):(65536,1)\00"
@d_rank3 = private constant [24 x i8] c"(128,256,1):(65536,1,0)\00"
@c2 = private constant [8 x i8] c"(2):(2)\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.make_view.p3(ptr addrspace(3), ptr, ptr)
declare ptr @llvm.cute.make_view.p6(ptr addrspace(6), ptr, ptr)
declare ptr @llvm.cute.get_iter(ptr)
declare ptr addrspace(6) @llvm.cute.get_iter.p6(ptr)
declare i64 @llvm.cute.make_umma_desc(ptr, ptr)
declare void @llvm.cute.nvgpu.sm80.mma(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.sm100.mma(ptr, i32, i64, i64, i32, i1)
declare void @llvm.cute.nvgpu.universal_copy(ptr, ptr, ptr)

; A register fragment: make_view(alloca, layout, type) and its iterator.
define internal ptr @frag(ptr %mem, ptr %layout, ptr %type) #1 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %layout)
  %t = call ptr @llvm.cute.make_view(ptr %mem, ptr %l, ptr %type)
  %p = call ptr @llvm.cute.get_iter(ptr %t)
  ret ptr %p
}

; --- Tiled builders: composed layouts, then CuTe's gemm ranks.

; CHECK: error: in function 'composed': doesn't support composed layout for A/B/D, but got: A: S<1,1,1> o 0 o 8:1, B: (8):(1), D:(4):(1)
define void @composed() #80 {
  %ma = alloca [8 x half]
  %mb = alloca [8 x half]
  %mc = alloca [4 x float]
  %md = alloca [4 x float]
  %la = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @vsw)
  %ta = call ptr @llvm.cute.make_view(ptr %ma, ptr %la, ptr @f16)
  %a = call ptr @llvm.cute.get_iter(ptr %ta)
  %lb = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @v8)
  %tb = call ptr @llvm.cute.make_view(ptr %mb, ptr %lb, ptr @f16)
  %b = call ptr @llvm.cute.get_iter(ptr %tb)
  %lc = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @v4)
  %tc = call ptr @llvm.cute.make_view(ptr %mc, ptr %lc, ptr @f32)
  %c = call ptr @llvm.cute.get_iter(ptr %tc)
  %td = call ptr @llvm.cute.make_view(ptr %md, ptr %lc, ptr @f32)
  %d = call ptr @llvm.cute.get_iter(ptr %td)
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; Fragments of ranks (A, B, C, D); the checks read them in this order.
define internal void @ranks(ptr %la, ptr %lb, ptr %lc, ptr %ld) #1 {
  %ma = alloca [16 x half]
  %mb = alloca [8 x half]
  %mc = alloca [4 x float]
  %md = alloca [4 x float]
  %lla = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %la)
  %ta = call ptr @llvm.cute.make_view(ptr %ma, ptr %lla, ptr @f16)
  %a = call ptr @llvm.cute.get_iter(ptr %ta)
  %llb = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %lb)
  %tb = call ptr @llvm.cute.make_view(ptr %mb, ptr %llb, ptr @f16)
  %b = call ptr @llvm.cute.get_iter(ptr %tb)
  %llc = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %lc)
  %tc = call ptr @llvm.cute.make_view(ptr %mc, ptr %llc, ptr @f32)
  %c = call ptr @llvm.cute.get_iter(ptr %tc)
  %lld = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %ld)
  %td = call ptr @llvm.cute.make_view(ptr %md, ptr %lld, ptr @f32)
  %d = call ptr @llvm.cute.get_iter(ptr %td)
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK: error: in function 'rank_ab': expects A, B to have the same rank, but got A: (8):(1), B: (2,2):(1,2)
define void @rank_ab() #80 {
  call void @ranks(ptr @v8, ptr @v2x2, ptr @v4, ptr @v4)
  ret void
}

; CHECK: error: in function 'rank_cd': expects C, D to have the same rank, but got C: (4):(1), D: (2,2):(1,2)
define void @rank_cd() #80 {
  call void @ranks(ptr @v8, ptr @v4, ptr @v4, ptr @v2x2)
  ret void
}

; CHECK: error: in function 'rank_c12': expects C to have rank 1 or 2, but got C: (4,1,1):(1,0,0)
define void @rank_c12() #80 {
  call void @ranks(ptr @v8, ptr @v4, ptr @v4x1x1, ptr @v4x1x1)
  ret void
}

; CHECK: error: in function 'rank_c23': expects C to have rank 2 or 3, but got C: (4):(1)
define void @rank_c23() #80 {
  call void @ranks(ptr @v2x4, ptr @v2x2, ptr @v4, ptr @v4)
  ret void
}

; CHECK: error: in function 'rank_c3': expects C to have rank 3, but got C: (2,2):(1,2)
define void @rank_c3() #80 {
  call void @ranks(ptr @v2x2x2, ptr @v2x2x2, ptr @v2x2, ptr @v2x2)
  ret void
}

; --- The layout-shape check of a fragment: static, and the variant's
; values for one thread in consecutive registers.

; CHECK: error: in function 'frag_stride': expects Mma atom layout of 8:1 (SM80_16x8x16_F32F16F16F32_TN, operand a), but got (8):(2)
define void @frag_stride() #80 {
  call void @ranks(ptr @v8s2, ptr @v4, ptr @v4, ptr @v4)
  ret void
}

; CHECK: error: in function 'frag_dynamic': expects static and no scaled basis layout for (?):(1)
define void @frag_dynamic(i32 %n) #80 {
  %ma = alloca [8 x half]
  %la = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @vdyn, i32 %n)
  %ta = call ptr @llvm.cute.make_view(ptr %ma, ptr %la, ptr @f16)
  %a = call ptr @llvm.cute.get_iter(ptr %ta)
  %b = alloca [2 x i32]
  %c = alloca [4 x float]
  %d = alloca [4 x float]
  call void @llvm.cute.nvgpu.sm80.mma(ptr @sm80, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; --- UMMA: A and B from their shared-memory tiles, D a TMEM tensor.

define internal void @umma_call(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr %ta, ptr %tb, i32 %tmem, ptr %dl, ptr %dt) #1 {
  %la = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a_tile)
  %va = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sa, ptr %la, ptr %ta)
  %a = call i64 @llvm.cute.make_umma_desc(ptr %va, ptr @k)
  %lb = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @b_tile)
  %vb = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sb, ptr %lb, ptr %tb)
  %b = call i64 @llvm.cute.make_umma_desc(ptr %vb, ptr @k)
  %tp = inttoptr i32 %tmem to ptr addrspace(6)
  %ld = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %dl)
  %vd = call ptr @llvm.cute.make_view.p6(ptr addrspace(6) %tp, ptr %ld, ptr %dt)
  %dp = call ptr addrspace(6) @llvm.cute.get_iter.p6(ptr %vd)
  %d = ptrtoint ptr addrspace(6) %dp to i32
  call void @llvm.cute.nvgpu.sm100.mma(ptr @umma, i32 %d, i64 %a, i64 %b, i32 0, i1 true)
  ret void
}

; CHECK: error: in function 'umma_a_type': expects operand a with element type f16, but get bf16.
define void @umma_a_type(ptr addrspace(3) %sa, ptr addrspace(3) %sb, i32 %t) #100 {
  call void @umma_call(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr @bf16, ptr @f16, i32 %t, ptr @d_good, ptr @f32)
  ret void
}

; CHECK: error: in function 'umma_b_type': expects operand b with element type f16, but get bf16.
define void @umma_b_type(ptr addrspace(3) %sa, ptr addrspace(3) %sb, i32 %t) #100 {
  call void @umma_call(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr @f16, ptr @bf16, i32 %t, ptr @d_good, ptr @f32)
  ret void
}

; CHECK: error: in function 'umma_d_type': expects operand c with element type f32, but get f16.
define void @umma_d_type(ptr addrspace(3) %sa, ptr addrspace(3) %sb, i32 %t) #100 {
  call void @umma_call(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr @f16, ptr @f16, i32 %t, ptr @d_good, ptr @f16)
  ret void
}

; CHECK: error: in function 'umma_invalid': invalid layout of A/B/D. A: S<3,3,3> o 0 o (128,16):(64,1), B: S<3,3,3> o 0 o (256,16):(64,1), D:(128,256,1):(65536,1,0)
define void @umma_invalid(ptr addrspace(3) %sa, ptr addrspace(3) %sb, i32 %t) #100 {
  call void @umma_call(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr @f16, ptr @f16, i32 %t, ptr @d_rank3, ptr @f32)
  ret void
}

; CHECK: error: in function 'umma_not_gemm': layoutA, layoutB and layoutD fail to form a gemm. A: S<3,3,3> o 0 o (128,16):(64,1), B: S<3,3,3> o 0 o (256,16):(64,1), D: (64,256):(65536,1)
define void @umma_not_gemm(ptr addrspace(3) %sa, ptr addrspace(3) %sb, i32 %t) #100 {
  call void @umma_call(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr @f16, ptr @f16, i32 %t, ptr @d_short, ptr @f32)
  ret void
}

; The same operands, well formed: lowered.
; CHECK-NOT: 'umma_ok'
define void @umma_ok(ptr addrspace(3) %sa, ptr addrspace(3) %sb, i32 %t) #100 {
  call void @umma_call(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr @f16, ptr @f16, i32 %t, ptr @d_good, ptr @f32)
  ret void
}

; --- Copies: the tensors' strides must match, then be 1.

define internal void @copy(ptr %sl, ptr %dl) #1 {
  %ms = alloca [8 x half]
  %md = alloca [8 x half]
  %ls = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %sl)
  %ts = call ptr @llvm.cute.make_view(ptr %ms, ptr %ls, ptr @f16)
  %s = call ptr @llvm.cute.get_iter(ptr %ts)
  %ld = call ptr (ptr, ...) @llvm.cute.make_layout(ptr %dl)
  %td = call ptr @llvm.cute.make_view(ptr %md, ptr %ld, ptr @f16)
  %d = call ptr @llvm.cute.get_iter(ptr %td)
  call void @llvm.cute.nvgpu.universal_copy(ptr @ucopy, ptr %d, ptr %s)
  ret void
}

@v2x2t = private constant [12 x i8] c"(2,2):(2,1)\00"
; CHECK: error: in function 'copy_match': 'UniversalCopy<uint64_t>' cannot vectorize copy to 4 elements (static strides must match): (2,2):(2,1) and (4):(1)
define void @copy_match() #80 {
  call void @copy(ptr @v2x2t, ptr @v4)
  ret void
}

; CHECK: error: in function 'copy_unit': 'UniversalCopy<uint64_t>' cannot vectorize copy to 4 elements (static strides must be 1): 4:2
@v2x2s = private constant [12 x i8] c"(2,2):(2,4)\00"
define void @copy_unit() #80 {
  call void @copy(ptr @v2x2s, ptr @v2x2s)
  ret void
}

attributes #80 = { "target-cpu"="sm_80" }
attributes #100 = { "target-cpu"="sm_100a" "target-features"="+ptx86" }
attributes #1 = { alwaysinline }
