; WGMMA with MN-major operands: the 16-bit variants named with CuTe's
; GMMA::Major template arguments (`_SS<MN,K>`, `_SS<K,MN>`, `_SS<MN,MN>`,
; `_RS<K,MN>`) issue wgmma.mma_async with the transpose immediates set
; (tnsp-a, tnsp-b), and a descriptor made by make_gmma_desc of a tile in the
; canonical layout of that major reaches the call, directly or through the
; stack slot of the documented call form. The descriptor operands are checked
; against the variant in wgmma-majors-errors.ll.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@mnk = private constant [33 x i8] c"SM90_64x64x16_F32F16F16_SS<MN,K>\00"
@kmn = private constant [35 x i8] c"SM90_64x64x16_F32BF16BF16_SS<K,MN>\00"
@mnmn = private constant [34 x i8] c"SM90_64x64x16_F16F16F16_SS<MN,MN>\00"
@rs = private constant [33 x i8] c"SM90_64x64x16_F32F16F16_RS<K,MN>\00"
; A: 64 x 16 (M x K) M-major in the 128-byte swizzle; B: 64 x 16 (N x K)
; K-major, and N-major.
@a_mn = private constant [30 x i8] c"S<3,3,3> o 0 o (64,16):(1,64)\00"
@b_k = private constant [30 x i8] c"S<3,3,3> o 0 o (64,16):(64,1)\00"
@f16 = private constant [4 x i8] c"f16\00"
@bf16 = private constant [5 x i8] c"bf16\00"
@k = private constant [8 x i8] c"major=K\00"
@mn = private constant [9 x i8] c"major=MN\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view.p3(ptr addrspace(3), ptr, ptr)
declare i64 @llvm.cute.make_gmma_desc(ptr, ptr)
declare void @llvm.cute.nvgpu.sm90.mma(ptr, ptr, ptr, ptr, i32)

; CHECK-LABEL: define void @ss_mn_k(
; CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p0, 1, 1, 1, 0;
; CHECK-NOT: llvm.cute
; PTX-LABEL: .visible .func ss_mn_k(
; PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p0, 1, 1, 1, 0;
define void @ss_mn_k(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr %d) #0 {
  %la = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a_mn)
  %ta = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sa, ptr %la, ptr @f16)
  %lb = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @b_k)
  %tb = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sb, ptr %lb, ptr @f16)
  %da = call i64 @llvm.cute.make_gmma_desc(ptr %ta, ptr @mn)
  %db = call i64 @llvm.cute.make_gmma_desc(ptr %tb, ptr @k)
  ; The documented call form: the descriptors in stack slots.
  %pa = alloca i64
  %pb = alloca i64
  store i64 %da, ptr %pa
  store i64 %db, ptr %pb
  call void @llvm.cute.nvgpu.sm90.mma(ptr @mnk, ptr %d, ptr %pa, ptr %pb, i32 1)
  ret void
}

; B N-major: the same tile shape as A's M-major one.
; CHECK-LABEL: define void @ss_k_mn(
; CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, p0, 1, 1, 0, 1;
; PTX-LABEL: .visible .func ss_k_mn(
; PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, p0, 1, 1, 0, 1;
define void @ss_k_mn(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr %d) #0 {
  %la = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @b_k)
  %ta = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sa, ptr %la, ptr @bf16)
  %lb = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a_mn)
  %tb = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sb, ptr %lb, ptr @bf16)
  %da = call i64 @llvm.cute.make_gmma_desc(ptr %ta, ptr @k)
  %db = call i64 @llvm.cute.make_gmma_desc(ptr %tb, ptr @mn)
  %pa = alloca i64
  %pb = alloca i64
  store i64 %da, ptr %pa
  store i64 %db, ptr %pb
  call void @llvm.cute.nvgpu.sm90.mma(ptr @kmn, ptr %d, ptr %pa, ptr %pb, i32 1)
  ret void
}

; Both MN-major, f16 accumulators (16 b32 registers).
; CHECK-LABEL: define void @ss_mn_mn(
; CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {{.*}}, p0, 1, 1, 1, 1;
; PTX-LABEL: .visible .func ss_mn_mn(
; PTX: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {{.*}}, p0, 1, 1, 1, 1;
define void @ss_mn_mn(ptr addrspace(3) %sa, ptr addrspace(3) %sb, ptr %d) #0 {
  %la = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a_mn)
  %ta = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sa, ptr %la, ptr @f16)
  %tb = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sb, ptr %la, ptr @f16)
  %da = call i64 @llvm.cute.make_gmma_desc(ptr %ta, ptr @mn)
  %db = call i64 @llvm.cute.make_gmma_desc(ptr %tb, ptr @mn)
  %pa = alloca i64
  %pb = alloca i64
  store i64 %da, ptr %pa
  store i64 %db, ptr %pb
  call void @llvm.cute.nvgpu.sm90.mma(ptr @mnmn, ptr %d, ptr %pa, ptr %pb, i32 0)
  ret void
}

; RS: A from registers (no tnsp-a), B N-major.
; CHECK-LABEL: define void @rs_k_mn(
; CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p0, 1, 1, 1;
; PTX-LABEL: .visible .func rs_k_mn(
; PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p0, 1, 1, 1;
define void @rs_k_mn(ptr %a, ptr addrspace(3) %sb, ptr %d) #0 {
  %lb = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @a_mn)
  %tb = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %sb, ptr %lb, ptr @f16)
  %db = call i64 @llvm.cute.make_gmma_desc(ptr %tb, ptr @mn)
  %pb = alloca i64
  store i64 %db, ptr %pb
  call void @llvm.cute.nvgpu.sm90.mma(ptr @rs, ptr %d, ptr %a, ptr %pb, i32 1)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
