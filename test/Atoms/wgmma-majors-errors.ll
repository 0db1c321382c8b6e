; A WGMMA descriptor operand is checked against its variant, in the
; documented call form (the descriptor in a stack slot passed by address) as
; well as by value: the tile it describes must be the variant's (M, K) or
; (N, K) tile, canonical in the major the variant issues (its transpose
; immediate), of the variant's element type. One located error per call,
; never a wgmma that reads the tile transposed.
;
; RUN: not cute-opt -passes=cute-lower -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@kk = private constant [27 x i8] c"SM90_64x64x16_F32F16F16_SS\00"
@mnk = private constant [33 x i8] c"SM90_64x64x16_F32F16F16_SS<MN,K>\00"
@n8 = private constant [26 x i8] c"SM90_64x8x16_F32F16F16_SS\00"
@rs = private constant [27 x i8] c"SM90_64x64x16_F32F16F16_RS\00"
@mn_tile = private constant [30 x i8] c"S<3,3,3> o 0 o (64,16):(1,64)\00"
@k_tile = private constant [30 x i8] c"S<3,3,3> o 0 o (64,16):(64,1)\00"
@k_tile32 = private constant [30 x i8] c"S<3,2,3> o 0 o (64,16):(32,1)\00"
@f16 = private constant [4 x i8] c"f16\00"
@f32 = private constant [4 x i8] c"f32\00"
@k = private constant [8 x i8] c"major=K\00"
@mn = private constant [9 x i8] c"major=MN\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view.p3(ptr addrspace(3), ptr, ptr)
declare i64 @llvm.cute.make_gmma_desc(ptr, ptr)
declare void @llvm.cute.nvgpu.sm90.mma(ptr, ptr, ptr, ptr, i32)

; B described N-major, fed to the K-major variant (tnsp-b 0): it would read
; the tile transposed.
; CHECK: error: in function 'mn_desc_to_k_variant': 'SM90_64x64x16_F32F16F16_SS' reads operand b K-major, but its descriptor's tile is not a canonical K-major GMMA layout: S<3,3,3> o 0 o (64,16):(1,64)
define void @mn_desc_to_k_variant(ptr addrspace(3) %s, ptr %d) #0 {
  %lk = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @k_tile)
  %ta = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %lk, ptr @f16)
  %lm = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @mn_tile)
  %tb = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %lm, ptr @f16)
  %da = call i64 @llvm.cute.make_gmma_desc(ptr %ta, ptr @k)
  %db = call i64 @llvm.cute.make_gmma_desc(ptr %tb, ptr @mn)
  %pa = alloca i64
  %pb = alloca i64
  store i64 %da, ptr %pa
  store i64 %db, ptr %pb
  call void @llvm.cute.nvgpu.sm90.mma(ptr @kk, ptr %d, ptr %pa, ptr %pb, i32 1)
  ret void
}

; The converse: an MN-major variant given a K-major A tile.
; CHECK: error: in function 'k_desc_to_mn_variant': 'SM90_64x64x16_F32F16F16_SS<MN,K>' reads operand a MN-major, but its descriptor's tile is not a canonical MN-major GMMA layout: S<3,3,3> o 0 o (64,16):(64,1)
define void @k_desc_to_mn_variant(ptr addrspace(3) %s, ptr %d) #0 {
  %lk = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @k_tile)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %lk, ptr @f16)
  %da = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  %pa = alloca i64
  %pb = alloca i64
  store i64 %da, ptr %pa
  store i64 %da, ptr %pb
  call void @llvm.cute.nvgpu.sm90.mma(ptr @mnk, ptr %d, ptr %pa, ptr %pb, i32 1)
  ret void
}

; A B tile of 64 rows for the N = 8 variant, passed by value.
; CHECK: error: in function 'wrong_extent': 'SM90_64x8x16_F32F16F16_SS' takes a (8,16) tile of operand b, but its descriptor describes S<3,3,3> o 0 o (64,16):(64,1)
define void @wrong_extent(ptr addrspace(3) %s, ptr %d) #0 {
  %lk = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @k_tile)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %lk, ptr @f16)
  %da = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  %pa = alloca i64
  %pb = alloca i64
  store i64 %da, ptr %pa
  store i64 %da, ptr %pb
  call void @llvm.cute.nvgpu.sm90.mma(ptr @n8, ptr %d, ptr %pa, ptr %pb, i32 1)
  ret void
}

; An f32 tile fed to an F16 x F16 variant through the slot form.
; CHECK: error: in function 'wrong_type': expects operand b with element type f16, but get f32.
define void @wrong_type(ptr addrspace(3) %s, ptr %a, ptr %d) #0 {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @k_tile32)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %s, ptr %l, ptr @f32)
  %db = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  %pb = alloca i64
  store i64 %db, ptr %pb
  call void @llvm.cute.nvgpu.sm90.mma(ptr @rs, ptr %d, ptr %a, ptr %pb, i32 1)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
