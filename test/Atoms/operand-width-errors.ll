; A constant that does not fit its operand is an error, never truncated:
; expect-tx bytes of 2^32 + 16 (an i64 whose low 32 bits are 16), a TMA
; multicast mask of 65537 (i16 1 once truncated), an im2col offset of
; 70000; and a 32-bit s2t_copy descriptor is no 64-bit descriptor. A
; run-time value of another width than its parameter's C type (an i64 byte
; count where the C type is unsigned, an i16 one) is neither truncated nor
; extended: an error too. One error each, at the call.
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@arrivetx = private constant [31 x i8] c"SM90_MBARRIER_ARRIVE_EXPECT_TX\00"
@mc2 = private constant [27 x i8] c"SM90_TMA_LOAD_MULTICAST_2D\00"
@imc3 = private constant [34 x i8] c"SM90_TMA_LOAD_IM2COL_MULTICAST_3D\00"
@s2t = private constant [29 x i8] c"SM100_UTCCP_128dp256bit_1cta\00"
@bar = internal addrspace(3) global i64 undef, align 8
@box = internal addrspace(3) global [8192 x i8] undef, align 128

; The calls as C passes them: integers promoted, through `...`.
declare void @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr, i64)
declare void @llvm.cute.nvgpu.tma_load_multicast(ptr, ptr, ptr, ptr, ...)
declare void @llvm.cute.nvgpu.s2t_copy(ptr, i32, i32)

; CHECK: error: in function 'tx_bytes': atom 'atom.mbarrier_arrive': operand #2 ('bytes', unsigned) is 4294967312, which does not fit its 32 bits
define void @tx_bytes() #0 {
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrivetx, ptr %b, i64 4294967312)
  ret void
}

; CHECK: error: in function 'mask': atom 'atom.tma_load_multicast': operand #4 ('mask', unsigned short) is 65537, which does not fit its 16 bits
define ptx_kernel void @mask(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %tmap,
                             i32 %x, i32 %y) #0 {
  %s = addrspacecast ptr addrspace(3) @box to ptr
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load_multicast(ptr @mc2, ptr %s, ptr %tmap, ptr %b, i32 65537, i32 %x, i32 %y)
  ret void
}

; CHECK: error: in function 'im2col_offset': variant 'SM90_TMA_LOAD_IM2COL_MULTICAST_3D': operand 'offs' 0 is 70000, which does not fit its 16 bits
define ptx_kernel void @im2col_offset(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %tmap,
                                      i32 %x, i32 %y) #0 {
  %s = addrspacecast ptr addrspace(3) @box to ptr
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  call void (ptr, ptr, ptr, ptr, ...) @llvm.cute.nvgpu.tma_load_multicast(ptr @imc3, ptr %s, ptr %tmap, ptr %b, i32 3, i32 %x, i32 %y, i32 0, i32 70000)
  ret void
}

; CHECK: error: in function 'narrow_sdesc': atom 'atom.s2t_copy': operand #2 ('sdesc', unsigned long long) is a run-time i32; pass an i64 (a run-time value is neither truncated nor extended)
define void @narrow_sdesc(i32 %taddr, i32 %d) #1 {
  call void @llvm.cute.nvgpu.s2t_copy(ptr @s2t, i32 %taddr, i32 %d)
  ret void
}

; CHECK: error: in function 'wide_bytes': atom 'atom.mbarrier_arrive': operand #2 ('bytes', unsigned) is a run-time i64; pass an i32 (a run-time value is neither truncated nor extended)
define void @wide_bytes(i64 %n) #0 {
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrivetx, ptr %b, i64 %n)
  ret void
}

; CHECK: error: in function 'narrow_bytes': atom 'atom.mbarrier_arrive': operand #2 ('bytes', unsigned) is a run-time i16; pass an i32 (a run-time value is neither truncated nor extended)
define void @narrow_bytes(i16 %n) #0 {
  %b = addrspacecast ptr addrspace(3) @bar to ptr
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrivetx, ptr %b, i16 %n)
  ret void
}

attributes #0 = { "target-cpu"="sm_90a" }
attributes #1 = { "target-cpu"="sm_100a" }
