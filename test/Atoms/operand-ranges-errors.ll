; An operand value the PTX ISA forbids is one error at the call, never
; passed to ptxas (which reports some without a location and accepts
; others): the records' ranges (mbarrier arrival counts in [1, 2^20 - 1],
; transaction bytes in [0, 2^20 - 1], a cp.async zero-fill size in
; [0, the copy's bytes], a bulk copy of a multiple of 16 bytes, a
; non-negative async-group count, a cluster rank in [0, 15]). A constant
; that does not fit the parameter's C type is an error before any of them
; (2^32 + 2 is no `unsigned` 2), and a call declared to return a narrower
; or wider type than the atom's is an error (an i16 TMEM address loses its
; lane).
;
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@init = private constant [19 x i8] c"SM80_MBARRIER_INIT\00"
@arrivetx = private constant [31 x i8] c"SM90_MBARRIER_ARRIVE_EXPECT_TX\00"
@arrivec = private constant [29 x i8] c"SM90_MBARRIER_ARRIVE_CLUSTER\00"
@wait = private constant [19 x i8] c"SM80_CP_ASYNC_WAIT\00"
@bulkwait = private constant [20 x i8] c"SM90_BULK_WAIT_READ\00"
@zfill = private constant [43 x i8] c"SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>\00"
@bulk = private constant [19 x i8] c"SM90_BULK_COPY_G2S\00"
@tmemld = private constant [26 x i8] c"SM100_TMEM_LOAD_32dp32b1x\00"
@umma = private constant [42 x i8] c"SM100_MMA_F16BF16_SS<F16,F16,F32,128,128>\00"
@retrieve = private constant [28 x i8] c"SM100_TMEM_RETRIEVE_PTR_1SM\00"
@ctarank = private constant [21 x i8] c"SM90_CLUSTER_CTARANK\00"
@bar = internal addrspace(3) global i64 0, align 8
@sm = internal addrspace(3) global [4096 x i8] undef, align 128
@slot = internal addrspace(3) global i32 0, align 4

declare void @llvm.cute.nvgpu.mbarrier_init(ptr, ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.mbarrier_arrive(ptr, ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr, ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.mbarrier_arrive_cluster.i64(ptr, ptr addrspace(3), i64)
declare void @llvm.cute.nvgpu.async_group(ptr, i32)
declare void @llvm.cute.nvgpu.async_group.i64(ptr, i64)
declare void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr, ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.cute.nvgpu.bulk_copy_g2s(ptr, ptr addrspace(3), ptr addrspace(1), ptr addrspace(3), i32)
declare void @llvm.cute.nvgpu.tmem_load(ptr, ptr, i64)
declare void @llvm.cute.nvgpu.sm100.mma(ptr, i32, i64, i64, i64, i1)
declare i16 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr, ptr addrspace(3), i32)
declare i1 @llvm.cute.nvgpu.cluster_query(ptr)

; CHECK: error: in function 'init_zero': variant 'SM80_MBARRIER_INIT': operand 'count' must be in [1, 1048575], not 0
define void @init_zero() #0 {
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr addrspace(3) @bar, i32 0)
  ret void
}

; CHECK: error: in function 'init_huge': variant 'SM80_MBARRIER_INIT': operand 'count' must be in [1, 1048575], not 1048576
define void @init_huge() #0 {
  call void @llvm.cute.nvgpu.mbarrier_init(ptr @init, ptr addrspace(3) @bar, i32 1048576)
  ret void
}

; CHECK: error: in function 'tx_range': variant 'SM90_MBARRIER_ARRIVE_EXPECT_TX': operand 'bytes' must be in [0, 1048575], not 2097152
define void @tx_range() #0 {
  call void @llvm.cute.nvgpu.mbarrier_arrive(ptr @arrivetx, ptr addrspace(3) @bar, i32 2097152)
  ret void
}

; CHECK: error: in function 'rank_range': variant 'SM90_MBARRIER_ARRIVE_CLUSTER': operand 'cta' (the cluster rank of 'bar') must be in [0, 15], not 16
define void @rank_range() #0 {
  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster(ptr @arrivec, ptr addrspace(3) @bar, i32 16)
  ret void
}

; CHECK: error: in function 'rank_wide': atom 'atom.mbarrier_arrive_cluster': operand #2 ('cta', unsigned) is 4294967297, which does not fit its 32 bits
define void @rank_wide() #0 {
  call void @llvm.cute.nvgpu.mbarrier_arrive_cluster.i64(ptr @arrivec, ptr addrspace(3) @bar, i64 4294967297)
  ret void
}

; CHECK: error: in function 'wait_negative': variant 'SM80_CP_ASYNC_WAIT': operand 'n' must be in [0, 2147483647], not -1
define void @wait_negative() #0 {
  call void @llvm.cute.nvgpu.async_group(ptr @wait, i32 -1)
  ret void
}

; CHECK: error: in function 'wait_wide': atom 'atom.async_group': operand #1 ('n', unsigned) is 4294967298, which does not fit its 32 bits
define void @wait_wide() #0 {
  call void @llvm.cute.nvgpu.async_group.i64(ptr @bulkwait, i64 4294967298)
  ret void
}

; CHECK: error: in function 'zfill_size': variant 'SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>': operand 'src_size' must be in [0, 16], not 32
define void @zfill_size(ptr addrspace(1) %g) #0 {
  call void @llvm.cute.nvgpu.simt_async_copy_zfill(ptr @zfill, ptr addrspace(3) @sm, ptr addrspace(1) %g, i32 32)
  ret void
}

; CHECK: error: in function 'bulk_bytes': variant 'SM90_BULK_COPY_G2S': operand 'bytes' must be a multiple of 16 in [16, 2147483632], not 20
define void @bulk_bytes(ptr addrspace(1) %g) #0 {
  call void @llvm.cute.nvgpu.bulk_copy_g2s(ptr @bulk, ptr addrspace(3) @sm, ptr addrspace(1) %g, ptr addrspace(3) @bar, i32 20)
  ret void
}

; CHECK: error: in function 'taddr_wide': atom 'atom.tmem_load': operand #2 ('taddr', unsigned) is 4294967296, which does not fit its 32 bits
define void @taddr_wide() #1 {
  %r = alloca [1 x i32]
  call void @llvm.cute.nvgpu.tmem_load(ptr @tmemld, ptr %r, i64 4294967296)
  ret void
}

; CHECK: error: in function 'idesc_wide': atom 'sm100.mma': operand #4 ('idesc', unsigned) is 4294967296, which does not fit its 32 bits
define void @idesc_wide(i32 %d, i64 %a, i64 %b) #1 {
  call void @llvm.cute.nvgpu.sm100.mma(ptr @umma, i32 %d, i64 %a, i64 %b, i64 4294967296, i1 true)
  ret void
}

; CHECK: error: in function 'result_narrow': atom 'atom.retrieve_tmem_ptr' returns unsigned (i32), but the call is declared to return i16 (a result is neither truncated nor extended)
define i16 @result_narrow() #1 {
  %t = call i16 @llvm.cute.nvgpu.retrieve_tmem_ptr(ptr @retrieve, ptr addrspace(3) @slot, i32 128)
  ret i16 %t
}

; CHECK: error: in function 'result_bit': atom 'atom.cluster_query' returns unsigned (i32), but the call is declared to return i1 (a result is neither truncated nor extended)
define i1 @result_bit() #0 {
  %r = call i1 @llvm.cute.nvgpu.cluster_query(ptr @ctarank)
  ret i1 %r
}

attributes #0 = { "target-cpu"="sm_90a" }
attributes #1 = { "target-cpu"="sm_100a" }
