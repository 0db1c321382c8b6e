; Copy atoms: ldmatrix and stmatrix through their NVVM intrinsics (the
; shared-memory operand is the generic pointer cast to the shared window,
; the registers are stored to / loaded from the register-side operand),
; cp.async as CuTe issues it, with the .L2::128B prefetch hint no NVVM
; intrinsic prints (inline asm of a 32-bit shared-window address and a 64-bit
; global one), and the universal copy as a plain load and store of its
; width.
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@ldsmv = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"
@stsmv = private constant [18 x i8] c"SM90_U32x4_STSM_N\00"
@cpasync = private constant [37 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>\00"
@cpasyncca = private constant [37 x i8] c"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>\00"
@cpzfill = private constant [43 x i8] c"SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>\00"
@ucopyv = private constant [24 x i8] c"UniversalCopy<uint64_t>\00"

declare void @llvm.cute.nvgpu.ldsm(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.stsm(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.simt_async_copy(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr, ptr, ptr, i32)
declare void @llvm.cute.nvgpu.universal_copy(ptr, ptr, ptr)

; CHECK-LABEL: define void @ldsm(
; CHECK:      %[[S:.*]] = addrspacecast ptr %smem to ptr addrspace(3)
; CHECK-NEXT: %[[R:.*]] = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %[[S]])
; CHECK:      %[[R3:.*]] = extractvalue { i32, i32, i32, i32 } %[[R]], 3
; CHECK:      %[[P3:.*]] = getelementptr inbounds i8, ptr %regs, i64 12
; CHECK-NEXT: store i32 %[[R3]], ptr %[[P3]]
; PTX-LABEL: .visible .func ldsm(
; PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
define void @ldsm(ptr %regs, ptr addrspace(3) %smem.shared) #0 {
  %smem = addrspacecast ptr addrspace(3) %smem.shared to ptr
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsmv, ptr %regs, ptr %smem)
  ret void
}

; CHECK-LABEL: define void @stsm(
; CHECK:      %[[S:.*]] = addrspacecast ptr %smem to ptr addrspace(3)
; CHECK-NEXT: %[[R0:.*]] = load i32, ptr %regs
; CHECK:      call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %[[S]], i32 %[[R0]],
; PTX-LABEL: .visible .func stsm(
; PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16
define void @stsm(ptr addrspace(3) %smem.shared, ptr %regs) #0 {
  %smem = addrspacecast ptr addrspace(3) %smem.shared to ptr
  call void @llvm.cute.nvgpu.stsm(ptr @stsmv, ptr %smem, ptr %regs)
  ret void
}

; CHECK-LABEL: define void @cp_async(
; CHECK:      %[[D:.*]] = addrspacecast ptr %smem to ptr addrspace(3)
; CHECK-NEXT: %[[DI:.*]] = ptrtoint ptr addrspace(3) %[[D]] to i32
; CHECK-NEXT: %[[G:.*]] = addrspacecast ptr %gmem to ptr addrspace(1)
; CHECK-NEXT: %[[GI:.*]] = ptrtoint ptr addrspace(1) %[[G]] to i64
; CHECK-NEXT: call void asm sideeffect "cp.async.cg.shared.global.L2::128B [$0], [$1], 16;", "r,l,~{memory}"(i32 %[[DI]], i64 %[[GI]])
; CHECK-NOT:  llvm.nvvm.cp.async.cg
; PTX-LABEL: .visible .func cp_async(
; PTX: cp.async.cg.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
define void @cp_async(ptr addrspace(3) %smem.shared, ptr %gmem) #0 {
  %smem = addrspacecast ptr addrspace(3) %smem.shared to ptr
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasync, ptr %smem, ptr %gmem)
  ret void
}

; 16 bytes cached at all levels: what an SM80 GEMM wants (see SM80.td).
; CHECK-LABEL: define void @cp_async_ca(
; CHECK:      call void asm sideeffect "cp.async.ca.shared.global.L2::128B [$0], [$1], 16;", "r,l,~{memory}"(i32 %{{.*}}, i64 %{{.*}})
; PTX-LABEL: .visible .func cp_async_ca(
; PTX: cp.async.ca.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
define void @cp_async_ca(ptr addrspace(3) %smem.shared, ptr %gmem) #0 {
  %smem = addrspacecast ptr addrspace(3) %smem.shared to ptr
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cpasyncca, ptr %smem, ptr %gmem)
  ret void
}

; The zero-filling form: src_size is the statement's fourth operand.
; CHECK-LABEL: define void @cp_async_zfill(
; CHECK:      call void asm sideeffect "cp.async.ca.shared.global.L2::128B [$0], [$1], 16, $2;", "r,l,r,~{memory}"(i32 %{{.*}}, i64 %{{.*}}, i32 %n)
; PTX-LABEL: .visible .func cp_async_zfill(
; PTX: cp.async.ca.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
define void @cp_async_zfill(ptr addrspace(3) %smem.shared, ptr %gmem, i32 %n) #0 {
  %smem = addrspacecast ptr addrspace(3) %smem.shared to ptr
  call void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr @cpzfill, ptr %smem, ptr %gmem, i32 %n)
  ret void
}

; CHECK-LABEL: define void @ucopy(
; CHECK:      %[[X:.*]] = load i64, ptr %src
; CHECK-NEXT: store i64 %[[X]], ptr %dst
define void @ucopy(ptr %dst, ptr %src) #0 {
  call void @llvm.cute.nvgpu.universal_copy(ptr @ucopyv, ptr %dst, ptr %src)
  ret void
}

; CHECK-NOT: llvm.cute
; CHECK-NOT: LDSM

attributes #0 = { "target-cpu"="sm_90a" }
