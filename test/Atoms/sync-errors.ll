; Support operations that cannot be lowered: a located diagnostic naming
; the variant and the operand, or the tier gating.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s
; RUN: not llc %loadcute -mcpu=sm_90 -o /dev/null %s 2>&1 | FileCheck --check-prefix=SM90 %s
; RUN: not llc %loadcute -mcpu=sm_80 -o /dev/null %s 2>&1 | FileCheck --check-prefix=SM80 %s

target triple = "nvptx64-nvidia-cuda"

@inc = private constant [20 x i8] c"SM90_SETMAXNREG_INC\00"
@dec = private constant [20 x i8] c"SM90_SETMAXNREG_DEC\00"
@arrive = private constant [21 x i8] c"SM80_MBARRIER_ARRIVE\00"
@arrivetx = private constant [31 x i8] c"SM90_MBARRIER_ARRIVE_EXPECT_TX\00"
@cpwait = private constant [19 x i8] c"SM80_CP_ASYNC_WAIT\00"
@fence = private constant [25 x i8] c"SM90_FENCE_MBARRIER_INIT\00"
@rank = private constant [21 x i8] c"SM90_CLUSTER_CTARANK\00"
@arrivec = private constant [29 x i8] c"SM90_MBARRIER_ARRIVE_CLUSTER\00"

declare void @llvm.cute.nvgpu.setmaxnreg(ptr, i32)
declare void @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr, i32)
declare void @llvm.cute.nvgpu.async_group(ptr, i32)
declare void @llvm.cute.nvgpu.fence(ptr)
declare ptr @llvm.cute.nvgpu.cluster_query(ptr)
declare void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr, ptr, i32)

; setmaxnreg takes a multiple of 8 in [24, 256] (the range is the
; intrinsic's).
; CHECK: error: in function 'setmaxnreg_range': variant 'SM90_SETMAXNREG_INC': operand 'regs' must be a multiple of 8 in [24, 256], not 264
; CHECK: error: in function 'setmaxnreg_range': variant 'SM90_SETMAXNREG_DEC': operand 'regs' must be a multiple of 8 in [24, 256], not 16
; CHECK: error: in function 'setmaxnreg_range': variant 'SM90_SETMAXNREG_INC': operand 'regs' must be a multiple of 8 in [24, 256], not 100
; SM90: error: in function 'setmaxnreg_range': variant 'SM90_SETMAXNREG_INC': atom 'atom.setmaxnreg' requires feature setmaxnreg, which target sm_90 lacks
define void @setmaxnreg_range(i32 %n) #0 {
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 264)
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @dec, i32 16)
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 100)
  ret void
}

; CHECK: error: in function 'setmaxnreg_dynamic': variant 'SM90_SETMAXNREG_DEC': operand 'regs' must be a constant
define void @setmaxnreg_dynamic(i32 %n) #0 {
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @dec, i32 %n)
  ret void
}

; CHECK: error: in function 'wait_dynamic': variant 'SM80_CP_ASYNC_WAIT': operand 'n' must be a constant
define void @wait_dynamic(i32 %n) #0 {
  call void @llvm.cute.nvgpu.async_group(ptr @cpwait, i32 %n)
  ret void
}

; A plain arrive expects no transaction bytes.
; CHECK: error: in function 'arrive_bytes': variant 'SM80_MBARRIER_ARRIVE': operand 'bytes' is not used by this variant and must be 0
define void @arrive_bytes(ptr addrspace(3) %b.shared, i32 %n) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrive, ptr %b, i32 %n)
  ret void
}

; CHECK: error: in function 'global_bar': variant 'SM90_MBARRIER_ARRIVE_EXPECT_TX': operand 'bar' must point to shared memory, not global memory
; SM80: error: in function 'global_bar': variant 'SM90_MBARRIER_ARRIVE_EXPECT_TX': variant 'SM90_MBARRIER_ARRIVE_EXPECT_TX' of atom 'atom.mbarrier_arrive' requires feature tma, which target sm_80 lacks
define void @global_bar(ptr addrspace(1) %g, i32 %n) #0 {
  %b = addrspacecast ptr addrspace(1) %g to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrivetx, ptr %b, i32 %n)
  ret void
}

; SM80: error: in function 'fence_sm80': variant 'SM90_FENCE_MBARRIER_INIT': atom 'atom.fence' requires tier sm_90, which exceeds target sm_80
define void @fence_sm80() #0 {
  call void @llvm.cute.nvgpu.fence(ptr @fence)
  ret void
}

; CHECK: error: in function 'wrong_result': atom 'atom.cluster_query' returns unsigned (i32), but the call is declared to return ptr (a result is neither truncated nor extended)
define ptr @wrong_result() #0 {
  %r = call ptr @llvm.cute.nvgpu.cluster_query(ptr @rank)
  ret ptr %r
}

; A cluster arrive maps the CTA's own mbarrier to another CTA's: the
; operand must be the CTA's own shared memory.
; CHECK: error: in function 'cluster_arrive_global': variant 'SM90_MBARRIER_ARRIVE_CLUSTER': operand 'bar' must point to shared memory, not global memory
; SM80: error: in function 'cluster_arrive_global': variant 'SM90_MBARRIER_ARRIVE_CLUSTER': atom 'atom.mbarrier_arrive_cluster' requires tier sm_90, which exceeds target sm_80
define void @cluster_arrive_global(ptr addrspace(1) %g, i32 %r) #0 {
  %b = addrspacecast ptr addrspace(1) %g to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @arrivec, ptr %b, i32 %r)
  ret void
}

; CHECK: error: in function 'cluster_arrive_mapped': variant 'SM90_MBARRIER_ARRIVE_CLUSTER': operand 'bar' must point to the CTA's own shared memory, not to a cluster shared-memory address
define void @cluster_arrive_mapped(ptr addrspace(7) %c, i32 %r) #0 {
  %b = addrspacecast ptr addrspace(7) %c to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @arrivec, ptr %b, i32 %r)
  ret void
}

; A named barrier's constant id is in [0, 15] and its count a multiple of 32
; in [32, 1024] (the records' PtxRegIn ranges); dynamic ones pass.
; CHECK: error: in function 'named_barrier_range': variant 'SM80_NAMED_BARRIER_SYNC': operand 'id' must be in [0, 15], not 16
; CHECK: error: in function 'named_barrier_range': variant 'SM80_NAMED_BARRIER_ARRIVE': operand 'count' must be a multiple of 32 in [32, 1024], not 0
; CHECK: error: in function 'named_barrier_range': variant 'SM80_NAMED_BARRIER_SYNC': operand 'count' must be a multiple of 32 in [32, 1024], not 100
; CHECK-NOT: named_barrier_range
@nbsync = private constant [24 x i8] c"SM80_NAMED_BARRIER_SYNC\00"
@nbarrive = private constant [26 x i8] c"SM80_NAMED_BARRIER_ARRIVE\00"
declare void @llvm.cute.nvgpu.named_barrier(ptr, i32, i32)
define void @named_barrier_range(i32 %id, i32 %n) #0 {
  call void @llvm.cute.nvgpu.named_barrier(ptr @nbsync, i32 16, i32 128)
  call void @llvm.cute.nvgpu.named_barrier(ptr @nbarrive, i32 2, i32 0)
  call void @llvm.cute.nvgpu.named_barrier(ptr @nbsync, i32 3, i32 100)
  call void @llvm.cute.nvgpu.named_barrier(ptr @nbsync, i32 %id, i32 %n)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
