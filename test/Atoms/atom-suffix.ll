; An atom call may carry a suffix after the atom's name, as the llvm.cute.*
; ops do: `llvm.cute.nvgpu.ldsm.p3` is the ldsm atom, so one module calls an
; atom with operands in different address spaces through two declarations.
; The longest leading part of the name that names an atom is the atom
; (sm90.mma is not sm90.<suffix>); a name no part of which names an atom is
; one error naming it.
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
; RUN: sed 's/;BAD //' %s > %t.bad.ll
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %t.bad.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@ldsmv = private constant [18 x i8] c"SM75_U32x4_LDSM_N\00"

declare void @llvm.cute.nvgpu.ldsm(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.ldsm.p3(ptr, ptr, ptr addrspace(3))
;BAD declare void @llvm.cute.nvgpu.nosuch.p3(ptr, ptr, ptr addrspace(3))

; CHECK-LABEL: define void @two_spaces(
; CHECK: call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %{{.*}})
; CHECK: call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %s3)
; CHECK-NOT: llvm.cute.nvgpu
; PTX-LABEL: .visible .func two_spaces(
; PTX-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
define void @two_spaces(ptr %regs, ptr addrspace(3) %smem.shared, ptr addrspace(3) %s3) #0 {
  %smem = addrspacecast ptr addrspace(3) %smem.shared to ptr
  call void @llvm.cute.nvgpu.ldsm(ptr @ldsmv, ptr %regs, ptr %smem)
  call void @llvm.cute.nvgpu.ldsm.p3(ptr @ldsmv, ptr %regs, ptr addrspace(3) %s3)
  ret void
}

;BAD ; BAD: error: in function 'bad': unknown atom 'nosuch.p3'
;BAD define void @bad(ptr %regs, ptr addrspace(3) %s3) #0 {
;BAD   call void @llvm.cute.nvgpu.nosuch.p3(ptr @ldsmv, ptr %regs, ptr addrspace(3) %s3)
;BAD   ret void
;BAD }

attributes #0 = { "target-cpu"="sm_90a" }
