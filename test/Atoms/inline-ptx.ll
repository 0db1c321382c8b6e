; Atoms lowered as one inline-PTX statement (InlinePtxLowering): the
; registers of a `const void *` operand are loaded, those of a `void *`
; operand are results stored after the statement (written only, never
; read), a global address is passed as a 64-bit register; a statement
; that touches memory keeps its place (side effects, a memory clobber),
; one on registers only is free to move but convergent (`.sync.aligned`).
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck %s
; RUN: llc %loadcute -mcpu=sm_100a -mattr=+ptx88 %s -o %t.ptx
; RUN: FileCheck --check-prefix=PTX --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@vdp4a = private constant [10 x i8] c"SM61_DP4A\00"
@vdp2a = private constant [10 x i8] c"SM61_DP2A\00"
@vc64 = private constant [27 x i8] c"SM80_8x8x4_C64C64C64C64_TN\00"
@vgc64 = private constant [29 x i8] c"SM80_8x8x4_GC64C64C64GC64_TN\00"
@f21 = private constant [25 x i8] c"SM100_2x1x1_F32F32F32F32\00"
@f12 = private constant [25 x i8] c"SM100_1x2x1_F32F32F32F32\00"
@vmovm = private constant [18 x i8] c"SM75_U32x1_MOVM_T\00"
@ld256 = private constant [37 x i8] c"SM100_LOAD_256bit_CACHE_NOALLOCATION\00"
@g2s = private constant [19 x i8] c"SM90_BULK_COPY_G2S\00"
@s2g = private constant [19 x i8] c"SM90_BULK_COPY_S2G\00"
@buf = internal addrspace(3) global [256 x i8] undef, align 16
@bar = internal addrspace(3) global i64 undef, align 8
@st256 = private constant [38 x i8] c"SM100_STORE_256bit_CACHE_NOALLOCATION\00"

declare void @llvm.cute.nvgpu.sm61.dp(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.sm100.ffma2(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.sm80.mma_complex(ptr, ptr, ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.movm(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.global_load_256bit(ptr, ptr, ptr)
declare void @llvm.cute.nvgpu.bulk_copy_g2s(ptr, ptr, ptr, ptr, i32)
declare void @llvm.cute.nvgpu.bulk_copy_s2g(ptr, ptr, ptr, i32)
declare void @llvm.cute.nvgpu.global_store_256bit(ptr, ptr, ptr)

; CHECK-LABEL: define void @dp4a(
; CHECK:      %[[A:.*]] = load i32, ptr %a
; CHECK-NEXT: %[[B:.*]] = load i32, ptr %b
; CHECK-NEXT: %[[C:.*]] = load i32, ptr %c
; CHECK-NEXT: %[[D:.*]] = call i32 asm "dp4a.s32.s32 $0, $1, $2, $3;", "=&r,r,r,r"(i32 %[[A]], i32 %[[B]], i32 %[[C]]) #[[REGS:[0-9]+]]
; CHECK-NEXT: store i32 %[[D]], ptr %d
; CHECK-NOT:  call {{.*}}@llvm.cute
; PTX-LABEL: .func dp4a(
; PTX:       dp4a.s32.s32
define void @dp4a(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm61.dp(ptr @vdp4a, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK-LABEL: define void @dp2a(
; CHECK:      call i32 asm "dp2a.lo.s32.s32 $0, $1, $2, $3;", "=&r,r,r,r"
; PTX-LABEL: .func dp2a(
; PTX:       dp2a.lo.s32.s32
define void @dp2a(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm61.dp(ptr @vdp2a, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; A pair times a broadcast scalar: A and C as 64-bit pairs, B as one
; register, D stored as the pair.
; CHECK-LABEL: define void @ffma2x1(
; CHECK:      %[[A:.*]] = load i64, ptr %a
; CHECK-NEXT: %[[B:.*]] = load i32, ptr %b
; CHECK-NEXT: %[[C:.*]] = load i64, ptr %c
; CHECK-NEXT: %[[D:.*]] = call i64 asm "{ .reg .b64 bcast; mov.b64 bcast, {$2, $2}; fma.rn.f32x2 $0, $1, bcast, $3; }", "=&l,l,r,l"(i64 %[[A]], i32 %[[B]], i64 %[[C]])
; CHECK-NEXT: store i64 %[[D]], ptr %d
; PTX-LABEL: .func ffma2x1(
; PTX:       fma.rn.f32x2
define void @ffma2x1(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm100.ffma2(ptr @f21, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK-LABEL: define void @ffma1x2(
; CHECK:      call i64 asm "{ .reg .b64 bcast; mov.b64 bcast, {$1, $1}; fma.rn.f32x2 $0, bcast, $2, $3; }", "=&l,r,l,l"
define void @ffma1x2(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm100.ffma2(ptr @f12, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; Complex F64 as CuTe composes it: four real m8n8k4 .f64 MMAs on the parts
; (d[0], d[2] the real parts of D's two values), A's imaginary part negated
; in a scratch register; every part an f64 register, D's written early
; (=&d: never in an input's register, inputs are read after D is written).
; CHECK-LABEL: define void @c64(
; CHECK-COUNT-8: load double
; CHECK:      call { double, double, double, double } asm "{ .reg .f64 nai; mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $2}, {$4}, {$6}, {$8, $10}; mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$1, $3}, {$5}, {$6}, {$9, $11}; neg.f64 nai, $5; mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $2}, {nai}, {$7}, {$0, $2}; mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$1, $3}, {$4}, {$7}, {$1, $3}; }", "=&d,=&d,=&d,=&d,d,d,d,d,d,d,d,d"
; CHECK-COUNT-4: store double
; PTX-LABEL: .func c64(
; PTX-COUNT-2: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
; PTX:       neg.f64
; PTX-COUNT-2: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
define void @c64(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm80.mma_complex(ptr @vc64, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; The Gauss form: three planes (t0 = re*re, t1 = im*im, t2 = (re+im)^2).
; CHECK-LABEL: define void @gc64(
; CHECK:      call { double, double, double, double, double, double } asm "{ .reg .f64 sa, sb; mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $3}, {$6}, {$8}, {$10, $13}; mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$1, $4}, {$7}, {$9}, {$11, $14}; add.f64 sa, $6, $7; add.f64 sb, $8, $9; mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$2, $5}, {sa}, {sb}, {$12, $15}; }"
; CHECK-COUNT-6: store double
; PTX-LABEL: .func gc64(
; PTX-COUNT-2: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
; PTX:       add.f64
; PTX:       add.f64
; PTX:       mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
define void @gc64(ptr %d, ptr %a, ptr %b, ptr %c) #0 {
  call void @llvm.cute.nvgpu.sm80.mma_complex(ptr @vgc64, ptr %d, ptr %a, ptr %b, ptr %c)
  ret void
}

; CHECK-LABEL: define void @movm(
; CHECK:      %[[S:.*]] = load i32, ptr %s
; CHECK-NEXT: %[[T:.*]] = call i32 asm "movmatrix.sync.aligned.m8n8.trans.b16 $0, $1;", "=&r,r"(i32 %[[S]]) #[[REGS]]
; CHECK-NEXT: store i32 %[[T]], ptr %t
; PTX-LABEL: .func movm(
; PTX:       movmatrix.sync.aligned.m8n8.trans.b16
define void @movm(ptr %t, ptr %s) #0 {
  call void @llvm.cute.nvgpu.movm(ptr @vmovm, ptr %t, ptr %s)
  ret void
}

; Eight registers out of one global address; the asm reads memory.
; CHECK-LABEL: define void @load256(
; CHECK:      %[[G:.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT: %[[P:.*]] = ptrtoint ptr addrspace(1) %[[G]] to i64
; CHECK-NEXT: %[[R:.*]] = call { i32, i32, i32, i32, i32, i32, i32, i32 } asm sideeffect "ld.global.L1::no_allocate.v8.f32 {$0, $1, $2, $3, $4, $5, $6, $7}, [$8];", "=&r,=&r,=&r,=&r,=&r,=&r,=&r,=&r,l,~{memory}"(i64 %[[P]]) #[[MEM:[0-9]+]]
; CHECK-COUNT-8: extractvalue
; CHECK:      store i32 {{.*}}, ptr %dst
; PTX-LABEL: .func load256(
; PTX:       ld.global.L1::no_allocate.v8.f32
define void @load256(ptr %dst, ptr %src) #0 {
  call void @llvm.cute.nvgpu.global_load_256bit(ptr @ld256, ptr %dst, ptr %src)
  ret void
}

; CHECK-LABEL: define void @store256(
; CHECK-COUNT-8: load i32, ptr
; CHECK:      call void asm sideeffect "st.global.L1::no_allocate.v8.f32 [$0], {$1, $2, $3, $4, $5, $6, $7, $8};", "l,r,r,r,r,r,r,r,r,~{memory}"
; PTX-LABEL: .func store256(
; PTX:       st.global.L1::no_allocate.v8.f32
define void @store256(ptr %dst, ptr %src) #0 {
  call void @llvm.cute.nvgpu.global_store_256bit(ptr @st256, ptr %dst, ptr %src)
  ret void
}

; A bulk copy: 32-bit shared-window addresses (the box and the mbarrier), a
; 64-bit global one, the byte count a register.
; CHECK-LABEL: define void @bulk_g2s(
; CHECK:      call void asm sideeffect "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1], $2, [$3];", "r,l,r,r,~{memory}"(i32 ptrtoint (ptr addrspace(3) @buf to i32), i64 %{{.*}}, i32 %n, i32 ptrtoint (ptr addrspace(3) @bar to i32))
; PTX-LABEL: .func bulk_g2s(
; PTX:       cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}], %r{{[0-9]+}}, [%r{{[0-9]+}}];
define void @bulk_g2s(ptr %src, i32 %n) #0 {
  call void @llvm.cute.nvgpu.bulk_copy_g2s(ptr @g2s, ptr addrspacecast (ptr addrspace(3) @buf to ptr), ptr %src, ptr addrspacecast (ptr addrspace(3) @bar to ptr), i32 %n)
  ret void
}

; CHECK-LABEL: define void @bulk_s2g(
; CHECK:      call void asm sideeffect "cp.async.bulk.global.shared::cta.bulk_group [$0], [$1], $2;", "l,r,r,~{memory}"(i64 %{{.*}}, i32 ptrtoint (ptr addrspace(3) @buf to i32), i32 256)
; PTX-LABEL: .func bulk_s2g(
; PTX:       cp.async.bulk.global.shared::cta.bulk_group [%rd{{[0-9]+}}], [%r{{[0-9]+}}], %r{{[0-9]+}};
define void @bulk_s2g(ptr %dst) #0 {
  call void @llvm.cute.nvgpu.bulk_copy_s2g(ptr @s2g, ptr %dst, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i32 256)
  ret void
}

; CHECK-DAG: attributes #[[REGS]] = { convergent memory(none) }
; CHECK-DAG: attributes #[[MEM]] = { convergent }
attributes #0 = { "target-cpu"="sm_100a" "target-features"="+ptx88" }
