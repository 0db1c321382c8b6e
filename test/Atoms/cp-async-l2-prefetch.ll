; Every cp.async variant issues the statement CuTe's SM80_CP_ASYNC_* ops
; issue: `cp.async.{ca,cg}.shared.global.L2::128B [dst], [src], bytes` and,
; for the _ZFILL forms, the source size after the width. No NVVM intrinsic
; prints the `.L2::128B` prefetch hint, so each is inline PTX (a 32-bit
; shared-window address, a 64-bit global one). The hint needs PTX ISA 7.4:
; below it (sm_80's own 7.0) the call is the located PTX ISA error, not the
; instruction without its hint.
;
; RUN: llc %loadcute -mcpu=sm_80 -mattr=+ptx74 %s -o %t.80.ptx
; RUN: FileCheck --input-file=%t.80.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.80.ptx -o /dev/null %}
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.90a.ptx
; RUN: FileCheck --input-file=%t.90a.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.90a.ptx -o /dev/null %}
; RUN: not llc %loadcute -mcpu=sm_80 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=PTX70 %s

target triple = "nvptx64-nvidia-cuda"

@ca4 = private constant [36 x i8] c"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>\00"
@ca8 = private constant [36 x i8] c"SM80_CP_ASYNC_CACHEALWAYS<uint64_t>\00"
@ca16 = private constant [37 x i8] c"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>\00"
@cg16 = private constant [37 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>\00"
@zca4 = private constant [42 x i8] c"SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint32_t>\00"
@zca8 = private constant [42 x i8] c"SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint64_t>\00"
@zca16 = private constant [43 x i8] c"SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>\00"
@zcg16 = private constant [43 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>\00"

declare void @llvm.cute.nvgpu.simt_async_copy(ptr, ptr addrspace(3), ptr addrspace(1))
declare void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr, ptr addrspace(3), ptr addrspace(1), i32)

; PTX70: error: in function 'plain': variant 'SM80_CP_ASYNC_CACHEALWAYS<uint32_t>' needs PTX ISA 7.4, and the target has 7.0: add the target feature +ptx74 (llc -mattr=+ptx74)

; CHECK-LABEL: .visible .func plain(
; CHECK:      cp.async.ca.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
; CHECK:      cp.async.ca.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 8;
; CHECK:      cp.async.ca.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
; CHECK:      cp.async.cg.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
; CHECK-NOT:  cp.async.c{{[ag]}}.shared.global {{\[}}
; CHECK:      ret;
define void @plain(ptr addrspace(3) %s, ptr addrspace(1) %g) {
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @ca4, ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @ca8, ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @ca16, ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.cute.nvgpu.simt_async_copy(ptr @cg16, ptr addrspace(3) %s, ptr addrspace(1) %g)
  ret void
}

; The source size is the statement's last operand: a register, or the
; immediate a constant folds to.
; CHECK-LABEL: .visible .func zfill(
; CHECK:      cp.async.ca.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
; CHECK:      cp.async.ca.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 8, %r{{[0-9]+}};
; CHECK:      cp.async.ca.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
; CHECK:      cp.async.cg.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, {{%r[0-9]+|0}};
; CHECK-NOT:  cp.async.c{{[ag]}}.shared.global {{\[}}
; CHECK:      ret;
define void @zfill(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n4, i32 %n8, i32 %n16) {
  call void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr @zca4, ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n4)
  call void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr @zca8, ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n8)
  call void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr @zca16, ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n16)
  call void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr @zcg16, ptr addrspace(3) %s, ptr addrspace(1) %g, i32 0)
  ret void
}
