; llvm.cute.make_umma_desc: the SM100 (UMMA) shared-memory descriptor of a
; tensor, as CuTe's make_umma_desc<Major>: the canonical layouts of
; make_gmma_desc, version 1 (bit 46) and the SM100 layout types at bits
; [61,64) (every bit is checked by unittests/Layout/UmmaDescriptorTest.cpp);
; the start address as for GMMA.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_100a %s -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@sw128a = private constant [31 x i8] c"S<3,3,3> o 0 o (128,16):(64,1)\00"
@base32b = private constant [49 x i8] c"S<2,3,2> o 0 o ((32,4),(4,2)):((1,128),(32,512))\00"
@f16 = private constant [4 x i8] c"f16\00"
@f32 = private constant [4 x i8] c"f32\00"
@k = private constant [8 x i8] c"major=K\00"
@mn = private constant [9 x i8] c"major=MN\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_view.p3(ptr addrspace(3), ptr, ptr)
declare i64 @llvm.cute.make_umma_desc(ptr, ptr)

; A 128x16 k-block of a 128x64 SW128 K-major fp16 tile: SWIZZLE_128B (2 << 61), version 1,
; SBO 1024 bytes (64 << 32), LBO 1 (1 << 16).
; CHECK-LABEL: define i64 @k_sw128(
; CHECK: lshr i32 %{{.*}}, 4
; CHECK: %cute.umma.desc = or {{.*}}i64 %{{.*}}, 4611756662049538048
; CHECK-NOT: llvm.cute
define i64 @k_sw128(ptr addrspace(3) %smem) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sw128a)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %smem, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_umma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; CuTe's Layout_MN_SW128_32B_Atom<tf32> tiled to 128 x 8 (32-bit
; elements): SWIZZLE_128B_BASE32B (1 << 61), LBO 32, SBO 128.
; CHECK-LABEL: define i64 @mn_base32b(
; CHECK: %cute.umma.desc = or {{.*}}i64 %{{.*}}, 2305913927715782656
define i64 @mn_base32b(ptr addrspace(3) %smem) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @base32b)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %smem, ptr %l, ptr @f32)
  %d = call i64 @llvm.cute.make_umma_desc(ptr %t, ptr @mn)
  ret i64 %d
}
