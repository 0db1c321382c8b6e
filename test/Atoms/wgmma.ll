; sm90.mma lowers to exactly one wgmma.mma_async as inline PTX. The
; accumulators are loaded from `d`, tied in place and stored back; A comes
; from a 64-bit descriptor (SS) or registers (RS), B from a descriptor;
; scale-d is a runtime predicate made inside the asm from the i32 operand;
; the immediates come from the variant's record. The fence, commit and wait
; are atoms of their own that the kernel places (through their NVVM
; intrinsics), and the operand fence ties a fragment's registers in an empty
; asm. After the cleanup every fragment lives in registers: the kernel
; touches no local memory, and ptxas accepts it without serialising the
; wgmma pipeline (no C7510) or injecting a warpgroup arrive or wait (C7517,
; C7519: a register of the MMA touched inside the pipeline).
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck --check-prefix=CLEAN %s
; RUN: llc %loadcute -mcpu=sm_90a -mattr=+ptx84 %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s --implicit-check-not=ld.local --implicit-check-not=st.local
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null 2>&1 | FileCheck --allow-empty --check-prefix=PTXAS %s %}
; PTXAS-NOT: C75{{[0-9]+}}
; PTXAS-NOT: warning
; PTXAS-NOT: error

target triple = "nvptx64-nvidia-cuda"

@vss = private constant [26 x i8] c"SM90_64x8x16_F32F16F16_SS\00"
@vrs = private constant [29 x i8] c"SM90_64x16x16_F32BF16BF16_RS\00"
@h16 = private constant [26 x i8] c"SM90_64x8x16_F16F16F16_SS\00"
@tf32 = private constant [27 x i8] c"SM90_64x8x8_F32TF32TF32_RS\00"
@s8 = private constant [24 x i8] c"SM90_64x8x32_S32S8U8_SS\00"
@sp = private constant [33 x i8] c"SM90_SPARSE_64x8x32_F32F16F16_SS\00"
@sprs = private constant [35 x i8] c"SM90_SPARSE_64x8x64_F32E4M3E5M2_RS\00"
@fence = private constant [17 x i8] c"SM90_WGMMA_FENCE\00"
@commit = private constant [24 x i8] c"SM90_WGMMA_COMMIT_GROUP\00"
@wait = private constant [22 x i8] c"SM90_WGMMA_WAIT_GROUP\00"
@fop = private constant [29 x i8] c"SM90_WGMMA_FENCE_OPERAND_F32\00"
@fopb = private constant [29 x i8] c"SM90_WGMMA_FENCE_OPERAND_B32\00"

declare void @llvm.cute.nvgpu.sm90.mma(ptr, ptr, ptr, ptr, i32)
declare void @llvm.cute.nvgpu.sm90.wgmma_fence(ptr)
declare void @llvm.cute.nvgpu.sm90.wgmma_commit(ptr)
declare void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr, i32)
declare void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr, ptr, i32)

; SS: the four accumulators in and out, the descriptors as i64, scale-d
; through setp, then scale-a/b and the transpose bits from the record.
; CHECK-LABEL: define void @ss(
; CHECK:      %[[D0:.*]] = load float, ptr %d
; CHECK:      %[[D3P:.*]] = getelementptr inbounds i8, ptr %d, i64 12
; CHECK-NEXT: %[[D3:.*]] = load float, ptr %[[D3P]]
; CHECK-NEXT: %[[A:.*]] = load i64, ptr %a
; CHECK-NEXT: %[[B:.*]] = load i64, ptr %b
; CHECK-NEXT: %[[R:.*]] = call { float, float, float, float } asm sideeffect "{\0A\09.reg .pred p0;\0A\09setp.ne.b32 p0, $6, 0;\0A\09wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, $4, $5, p0, 1, 1, 0, 0;\0A}", "=f,=f,=f,=f,l,l,r,0,1,2,3"(i64 %[[A]], i64 %[[B]], i32 %s, float %[[D0]], {{.*}}, float %[[D3]])
; CHECK:      %[[R3:.*]] = extractvalue { float, float, float, float } %[[R]], 3
; CHECK:      store float %[[R3]], ptr
; CHECK-NOT:  llvm.cute
; PTX-LABEL: .visible .func ss(
; PTX:       setp.ne.b32 p0, %r{{[0-9]+}}, 0;
; PTX-NEXT:  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p0, 1, 1, 0, 0;
; PTX-NOT:   wgmma.fence
; PTX-NOT:   wgmma.commit
define void @ss(ptr %d, ptr %a, ptr %b, i32 %s) #0 {
  call void @llvm.cute.nvgpu.sm90.mma(ptr @vss, ptr %d, ptr %a, ptr %b, i32 %s)
  ret void
}

; RS: A is four b32 registers (64x16 bf16 over 128 threads); no tnsp-a.
; CHECK-LABEL: define void @rs(
; CHECK:      %[[A3P:.*]] = getelementptr inbounds i8, ptr %a, i64 12
; CHECK-NEXT: %[[A3:.*]] = load i32, ptr %[[A3P]]
; CHECK:      asm sideeffect "{{.*}}wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $9, $10, $11}, $12, p0, 1, 1, 0;\0A}", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,r,r,l,r,0,1,2,3,4,5,6,7"({{.*}}i32 %[[A3]], i64 {{.*}}, i32 1,
; PTX-LABEL: .visible .func rs(
; PTX:       wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {{[{]}}{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p0, 1, 1, 0;
define void @rs(ptr %d, ptr %a, ptr %b) #0 {
  call void @llvm.cute.nvgpu.sm90.mma(ptr @vrs, ptr %d, ptr %a, ptr %b, i32 1)
  ret void
}

; F16 accumulators are packed pairs in b32 registers ("=r").
; CHECK-LABEL: define void @f16acc(
; CHECK:      call { i32, i32 } asm sideeffect "{{.*}}wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {$0, $1}, $2, $3, p0, 1, 1, 0, 0;\0A}", "=r,=r,l,l,r,0,1"
; PTX-LABEL: .visible .func f16acc(
; PTX:       wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16
define void @f16acc(ptr %d, ptr %a, ptr %b, i32 %s) #0 {
  call void @llvm.cute.nvgpu.sm90.mma(ptr @h16, ptr %d, ptr %a, ptr %b, i32 %s)
  ret void
}

; TF32 and FP8 take the scales and no transpose bits; integers neither.
; CHECK-LABEL: define void @tf32_s8(
; CHECK:      wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, $8, p0, 1, 1;
; CHECK:      wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8 {$0, $1, $2, $3}, $4, $5, p0;\0A}", "=r,=r,=r,=r,l,l,r,0,1,2,3"
; PTX-LABEL: .visible .func tf32_s8(
; PTX:       wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32
; PTX:       wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8
define void @tf32_s8(ptr %d, ptr %a, ptr %b, ptr %di, i32 %s) #0 {
  call void @llvm.cute.nvgpu.sm90.mma(ptr @tf32, ptr %d, ptr %a, ptr %b, i32 %s)
  call void @llvm.cute.nvgpu.sm90.mma(ptr @s8, ptr %di, ptr %b, ptr %b, i32 %s)
  ret void
}

; Sparse: the metadata word follows A at `a` (after the descriptor, or after
; the A registers), and the sparsity selector is the record's immediate.
; CHECK-LABEL: define void @sparse(
; CHECK:      %[[SA:.*]] = load i64, ptr %a
; CHECK-NEXT: %[[SB:.*]] = load i64, ptr %b
; CHECK-NEXT: %[[EP:.*]] = getelementptr inbounds i8, ptr %a, i64 8
; CHECK-NEXT: %[[E:.*]] = load i32, ptr %[[EP]]
; CHECK:      wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {$0, $1, $2, $3}, $4, $5, $6, 0, p0, 1, 1, 0, 0;\0A}", "=f,=f,=f,=f,l,l,r,r,0,1,2,3"(i64 %[[SA]], i64 %[[SB]], i32 %[[E]], i32 %s,
; CHECK:      %[[RE:.*]] = getelementptr inbounds i8, ptr %ra, i64 8
; CHECK-NEXT: load i32, ptr %[[RE]]
; CHECK:      wgmma.mma_async.sp.sync.aligned.m64n8k64.f32.e4m3.e5m2 {$0, $1, $2, $3}, {$4, $5, $6, $7}, $8, $9, 0, p0, 1, 1;
; PTX-LABEL: .visible .func sparse(
; PTX:       wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16
; PTX:       wgmma.mma_async.sp.sync.aligned.m64n8k64.f32.e4m3.e5m2
define void @sparse(ptr %d, ptr %a, ptr %b, ptr %ra, i32 %s) #0 {
  call void @llvm.cute.nvgpu.sm90.mma(ptr @sp, ptr %d, ptr %a, ptr %b, i32 %s)
  call void @llvm.cute.nvgpu.sm90.mma(ptr @sprs, ptr %d, ptr %ra, ptr %b, i32 %s)
  ret void
}

; The pipeline a kernel writes: fragments in private memory, descriptors
; from kernel parameters, fence / mma / commit / wait, and the operand fence
; around the accumulator's reads and writes. Everything ends up in registers.
; CHECK-LABEL: define ptx_kernel void @pipeline(
; CHECK:      asm sideeffect "", "=f,=f,=f,=f,0,1,2,3"(
; CHECK:      asm sideeffect "", "=r,=r,0,1"(
; CHECK:      call void @llvm.nvvm.wgmma.fence.sync.aligned()
; CHECK:      asm sideeffect "{{.*}}wgmma.mma_async
; CHECK:      call void @llvm.nvvm.wgmma.commit_group.sync.aligned()
; CHECK:      call void @llvm.nvvm.wgmma.wait_group.sync.aligned(i64 1)
; CHECK:      call void @llvm.nvvm.wgmma.wait_group.sync.aligned(i64 0)
; CHECK:      asm sideeffect "", "=r,=r,0,1"(
; CLEAN-LABEL: define ptx_kernel void @pipeline(
; CLEAN-NOT:  alloca
; CLEAN-NOT:  llvm.cute
; CLEAN:      ret void
; PTX-LABEL: .visible .entry pipeline(
; PTX:       wgmma.fence.sync.aligned;
; PTX:       wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16
; PTX:       wgmma.commit_group.sync.aligned;
; PTX-NEXT:  wgmma.wait_group.sync.aligned 1;
; PTX-NEXT:  wgmma.wait_group.sync.aligned 0;
define ptx_kernel void @pipeline(ptr addrspace(1) %out, i64 %da, i64 %db, i32 %s) #0 {
  %acc5 = alloca [4 x float], align 4, addrspace(5)
  %acc = addrspacecast ptr addrspace(5) %acc5 to ptr
  %a5 = alloca i64, align 8, addrspace(5)
  %a = addrspacecast ptr addrspace(5) %a5 to ptr
  %b5 = alloca i64, align 8, addrspace(5)
  %b = addrspacecast ptr addrspace(5) %b5 to ptr
  %h5 = alloca [2 x i32], align 4, addrspace(5)
  %h = addrspacecast ptr addrspace(5) %h5 to ptr
  store i64 %da, ptr %a
  store i64 %db, ptr %b
  call void @llvm.memset.p0.i64(ptr %acc, i8 0, i64 16, i1 false)
  call void @llvm.memset.p0.i64(ptr %h, i8 0, i64 8, i1 false)
  call void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr @fop, ptr %acc, i32 4)
  call void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr @fopb, ptr %h, i32 2)
  call void @llvm.cute.nvgpu.sm90.wgmma_fence(ptr @fence)
  call void @llvm.cute.nvgpu.sm90.mma(ptr @vss, ptr %acc, ptr %a, ptr %b, i32 %s)
  call void @llvm.cute.nvgpu.sm90.mma(ptr @h16, ptr %h, ptr %a, ptr %b, i32 %s)
  call void @llvm.cute.nvgpu.sm90.wgmma_commit(ptr @commit)
  call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wait, i32 1)
  call void @llvm.cute.nvgpu.sm90.wgmma_wait(ptr @wait, i32 0)
  call void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr @fopb, ptr %h, i32 2)
  call void @llvm.cute.nvgpu.sm90.wgmma_fence_operand(ptr @fop, ptr %acc, i32 4)
  %v = load <4 x float>, ptr %acc
  store <4 x float> %v, ptr addrspace(1) %out
  %hv = load <2 x i32>, ptr %h
  %o2 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 16
  store <2 x i32> %hv, ptr addrspace(1) %o2
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

attributes #0 = { "target-cpu"="sm_90a" "target-features"="+ptx84" }
