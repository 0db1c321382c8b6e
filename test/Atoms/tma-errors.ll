; TMA calls that cannot be lowered get a located diagnostic naming the
; variant and the operand; nothing reaches code generation.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s
; RUN: not llc %loadcute -mcpu=sm_80 -o /dev/null %s 2>&1 | FileCheck --check-prefix=SM80 %s

target triple = "nvptx64-nvidia-cuda"

@load2 = private constant [17 x i8] c"SM90_TMA_LOAD_2D\00"
@pf2 = private constant [26 x i8] c"SM90_TMA_LOAD_PREFETCH_2D\00"
@im3 = private constant [24 x i8] c"SM90_TMA_LOAD_IM2COL_3D\00"
@red2 = private constant [22 x i8] c"SM90_TMA_REDUCE_OR_2D\00"
@st2 = private constant [18 x i8] c"SM90_TMA_STORE_2D\00"
@fload = private constant [14 x i8] c"SM90_TMA_LOAD\00"
@fstore = private constant [15 x i8] c"SM90_TMA_STORE\00"

@tmap_smem = internal addrspace(3) global [128 x i8] undef, align 64

declare void @llvm.cute.nvgpu.tma_load(ptr, ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_load_im2col(ptr, ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_store(ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.tma_reduce(ptr, ...)

; CHECK: error: in function 'too_many':{{.*}}variant 'SM90_TMA_LOAD_2D': takes 2 coordinate(s) after its 3 operand(s), not 3 trailing operand(s)
define void @too_many(ptr %s, ptr %t, ptr %b, i32 %x) #0 {
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load2, ptr %s, ptr %t, ptr %b, i32 %x, i32 %x, i32 %x)
  ret void
}

; CHECK: error: in function 'too_few':{{.*}}variant 'SM90_TMA_STORE_2D': takes 2 coordinate(s) after its 2 operand(s), not 1 trailing operand(s)
define void @too_few(ptr %s, ptr %t, i32 %x) #0 {
  call void (ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_store(ptr @st2, ptr %t, ptr %s, i32 %x)
  ret void
}

; CHECK: error: in function 'no_operands':{{.*}}atom 'atom.tma_reduce' takes the variant name and 2 operand(s) before its coordinates, not 1
define void @no_operands(ptr %t) #0 {
  call void (ptr, ...) @llvm.cute.nvgpu.tma_reduce(ptr @red2, ptr %t)
  ret void
}

; CHECK: error: in function 'im2col_offsets':{{.*}}variant 'SM90_TMA_LOAD_IM2COL_3D': takes 3 coordinate(s) and 1 im2col offset(s) after its 3 operand(s), not 3 trailing operand(s)
define void @im2col_offsets(ptr %s, ptr %t, ptr %b, i32 %x) #0 {
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load_im2col(ptr @im3, ptr %s, ptr %t, ptr %b, i32 %x, i32 %x, i32 %x)
  ret void
}

; CHECK: error: in function 'i64_coordinate':{{.*}}variant 'SM90_TMA_LOAD_2D': coordinate 1 must be an i32
define void @i64_coordinate(ptr addrspace(3) %s.shared, ptr %t, ptr addrspace(3) %b.shared, i32 %x, i64 %y) #0 {
  %b = addrspacecast ptr addrspace(3) %b.shared to ptr
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load2, ptr %s, ptr %t, ptr %b, i32 %x, i64 %y)
  ret void
}

; A box in global memory, even through a generic pointer.
; CHECK: error: in function 'global_smem':{{.*}}variant 'SM90_TMA_LOAD_2D': operand 'smem' must point to shared memory, not global memory
define void @global_smem(ptr addrspace(1) %g, ptr %t, ptr %b, i32 %x) #0 {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  %q = getelementptr i8, ptr %p, i64 256
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load2, ptr %q, ptr %t, ptr %b, i32 %x, i32 %x)
  ret void
}

; An mbarrier on the stack (local memory).
; CHECK: error: in function 'local_mbar':{{.*}}variant 'SM90_TMA_LOAD_2D': operand 'mbar' must point to shared memory, not local memory
define void @local_mbar(ptr addrspace(3) %s.shared, ptr %t, i32 %x) #0 {
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  %b = alloca i64
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @load2, ptr %s, ptr %t, ptr %b, i32 %x, i32 %x)
  ret void
}

; CHECK: error: in function 'smem_tmap':{{.*}}variant 'SM90_TMA_STORE_2D': operand 'tmap' must point to the tensor map in global, constant or kernel-parameter memory, not shared memory
define void @smem_tmap(ptr addrspace(3) %s.shared, i32 %x) #0 {
  %s = addrspacecast ptr addrspace(3) %s.shared to ptr
  call void (ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_store(ptr @st2, ptr addrspacecast (ptr addrspace(3) @tmap_smem to ptr), ptr %s, i32 %x, i32 %x)
  ret void
}

; A prefetch moves nothing into shared memory: a box would be dropped.
; CHECK: error: in function 'prefetch_box':{{.*}}variant 'SM90_TMA_LOAD_PREFETCH_2D': operand 'smem' is not used by this variant and must be null
define void @prefetch_box(ptr %s, ptr %t, i32 %x) #0 {
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @pf2, ptr %s, ptr %t, ptr null, i32 %x, i32 %x)
  ret void
}

; A family name whose members take 1 to 5 coordinates, called with 6; and
; a family of another atom.
; CHECK: error: in function 'family_rank6':{{.*}}variant family 'SM90_TMA_LOAD' of atom 'atom.tma_load' has no member taking 6 trailing operand(s) (members: SM90_TMA_LOAD_1D (1), SM90_TMA_LOAD_2D (2), SM90_TMA_LOAD_3D (3), SM90_TMA_LOAD_4D (4), SM90_TMA_LOAD_5D (5))
define void @family_rank6(ptr %s, ptr %t, ptr %b, i32 %x) #0 {
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @fload, ptr %s, ptr %t, ptr %b, i32 %x, i32 %x, i32 %x, i32 %x, i32 %x, i32 %x)
  ret void
}
; CHECK: error: in function 'family_other_atom':{{.*}}variant family 'SM90_TMA_STORE' of atom 'atom.tma_load' has no member taking 2 trailing operand(s){{$}}
define void @family_other_atom(ptr %s, ptr %t, ptr %b, i32 %x) #0 {
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load(ptr @fstore, ptr %s, ptr %t, ptr %b, i32 %x, i32 %x)
  ret void
}

; Gating: TMA from sm_90 (llc's target wins over the attribute).
; SM80: error: in function 'too_many': variant 'SM90_TMA_LOAD_2D': atom 'atom.tma_load' requires tier sm_90, which exceeds target sm_80

attributes #0 = { "target-cpu"="sm_90a" }
