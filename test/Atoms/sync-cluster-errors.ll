; A cluster arrive whose declaration takes the rank as something other than
; an integer: a located diagnostic naming the operand, not a crash.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@arrivec = private constant [29 x i8] c"SM90_MBARRIER_ARRIVE_CLUSTER\00"

declare void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr, ptr addrspace(3), float)

; CHECK: error: in function 'float_rank': atom 'atom.mbarrier_arrive_cluster': operand #2 ('cta', unsigned) is a value of type float
define void @float_rank(ptr addrspace(3) %b, float %r) #0 {
  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @arrivec, ptr addrspace(3) %b, float %r)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
