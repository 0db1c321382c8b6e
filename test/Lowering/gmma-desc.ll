; llvm.cute.make_gmma_desc: the GMMA shared-memory descriptor of a tensor,
; as CuTe's make_gmma_desc<Major>. The layout type, leading / stride byte
; offsets and base offset fold to one i64 constant (their values are
; checked bit for bit by unittests/Layout/GmmaDescriptorTest.cpp); the start
; address is ((shared address & 0x3FFFF) >> 4), side-effect free, so it
; hoists out of loops.
;
; RUN: cute-opt -passes=cute-lower -S %s | FileCheck %s
; RUN: cute-opt -passes='cute-lower,default<O2>' -S %s | FileCheck %s --check-prefix=O2
; RUN: llc %loadcute -mcpu=sm_90a %s -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

@sw128a = private constant [31 x i8] c"S<3,3,3> o 0 o (128,64):(64,1)\00"
@sw128b = private constant [31 x i8] c"S<3,3,3> o 0 o (256,64):(64,1)\00"
@tile_a = private constant [8 x i8] c"(64,16)\00"
@tile_b = private constant [9 x i8] c"(256,16)\00"
@crd_a = private constant [6 x i8] c"(?,0)\00"
@crd_0 = private constant [6 x i8] c"(0,0)\00"
@crd_k = private constant [6 x i8] c"(0,?)\00"
@mn = private constant [50 x i8] c"S<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))\00"
@inter = private constant [31 x i8] c"((8,8),(8,2)):((8,64),(1,512))\00"
@f16 = private constant [4 x i8] c"f16\00"
@bf16 = private constant [5 x i8] c"bf16\00"
@k = private constant [8 x i8] c"major=K\00"
@mnmajor = private constant [9 x i8] c"major=MN\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_tile(ptr, ...)
declare ptr @llvm.cute.make_coord(ptr, ...)
declare ptr @llvm.cute.make_view(ptr, ptr, ptr)
declare ptr @llvm.cute.make_view.p3(ptr addrspace(3), ptr, ptr)
declare ptr @llvm.cute.local_tile(ptr, ptr, ptr)
declare i64 @llvm.cute.make_gmma_desc(ptr, ptr)

; The Hopper GEMM's A operand: a 64x16 k-block of a 128x64 SW128 K-major
; fp16 tile, the row block picked at run time. SW128 (1 << 62), SBO 1024
; bytes (64 << 32), LBO 1 (1 << 16): 0x4000004000010000. The row block moves
; the iterator by 64 rows x 128 bytes.
; CHECK-LABEL: define i64 @a_tile(
; CHECK: %[[OFF:.*]] = shl i32 %cw, 12
; CHECK: %[[OFF64:.*]] = sext i32 %[[OFF]] to i64
; CHECK: %[[P:.*]] = getelementptr half, ptr addrspace(3) %smem, i64 %[[OFF64]]
; CHECK: %[[I:.*]] = ptrtoint ptr addrspace(3) %[[P]] to
; CHECK: lshr i32 %{{.*}}, 4
; CHECK: and i32 %{{.*}}, 16383
; CHECK: %[[Z:.*]] = zext {{.*}}i32 %{{.*}} to i64
; CHECK: %cute.gmma.desc = or {{.*}}i64 %[[Z]], 4611686293305360384
; CHECK-NOT: llvm.cute
define i64 @a_tile(ptr addrspace(3) %smem, i32 %cw) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sw128a)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %smem, ptr %l, ptr @f16)
  %tile = call ptr (ptr, ...) @llvm.cute.make_tile(ptr @tile_a)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @crd_a, i32 %cw)
  %a = call ptr @llvm.cute.local_tile(ptr %t, ptr %tile, ptr %crd)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %a, ptr @k)
  ret i64 %d
}

; The B operand through a generic pointer to shared memory (CUDA's
; __shared__ arrays): back in the shared window, the same constant.
; CHECK-LABEL: define i64 @b_tile_generic(
; CHECK: ptrtoint ptr addrspace(3) %smem.shared to
; CHECK: or {{.*}}i64 %{{.*}}, 4611686293305360384
define i64 @b_tile_generic(ptr addrspace(3) %smem.shared) {
  %smem = addrspacecast ptr addrspace(3) %smem.shared to ptr
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sw128b)
  %t = call ptr @llvm.cute.make_view(ptr %smem, ptr %l, ptr @bf16)
  %tile = call ptr (ptr, ...) @llvm.cute.make_tile(ptr @tile_b)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @crd_0)
  %b = call ptr @llvm.cute.local_tile(ptr %t, ptr %tile, ptr %crd)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %b, ptr @k)
  ret i64 %d
}

; The second k-block: 16 elements is a swizzled bit (bit 4 of the element
; index), so the slice keeps it in the composed offset; the start address
; includes it (32 bytes: 2 in the start field), added in 16-byte units to the
; start field of the tensor's own address, in 32 bits.
; CHECK-LABEL: define i64 @k_block(
; CHECK: %[[BASE:.*]] = ptrtoint ptr addrspace(3) %smem to
; CHECK: %[[FIELD:.*]] = and i32 %{{.*}}, 16383
; CHECK: %[[KO:.*]] = shl i32 %kb, 1
; CHECK: %[[UNITS:.*]] = and i32 %[[KO]], 6
; CHECK: %[[START:.*]] = add {{.*}}i32 %[[FIELD]], %[[UNITS]]
; CHECK: %[[Z:.*]] = zext {{.*}}i32 %[[START]] to i64
; CHECK: or {{.*}}i64 %[[Z]], 4611686293305360384
define i64 @k_block(ptr addrspace(3) %smem, i32 %kb) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sw128a)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %smem, ptr %l, ptr @f16)
  %tile = call ptr (ptr, ...) @llvm.cute.make_tile(ptr @tile_a)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @crd_k, i32 %kb)
  %a = call ptr @llvm.cute.local_tile(ptr %t, ptr %tile, ptr %crd)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %a, ptr @k)
  ret i64 %d
}

; MN-major SW128 fp16 (128 x 16): LBO 64, SBO 128: 0x4000008000400000.
; CHECK-LABEL: define i64 @mn_major(
; CHECK: or {{.*}}i64 %{{.*}}, 4611686568187396096
define i64 @mn_major(ptr addrspace(3) %smem) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @mn)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %smem, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @mnmajor)
  ret i64 %d
}

; A plain layout is INTERLEAVE; K-major: LBO 64, SBO 8: 0x0000000800400000.
; CHECK-LABEL: define i64 @interleave(
; CHECK: or {{.*}}i64 %{{.*}}, 34363932672
define i64 @interleave(ptr addrspace(3) %smem) {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @inter)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %smem, ptr %l, ptr @f16)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %t, ptr @k)
  ret i64 %d
}

; Built in the loop body, advanced by the k-block: at -O2 the descriptor is
; computed once before the loop and only the advance stays inside.
; O2-LABEL: define {{.*}} @hoisted(
; O2: entry:
; O2: ptrtoint ptr addrspace(3) %smem to
; O2: or {{.*}}4611686293305360384
; O2: loop:
; O2-NOT: ptrtoint
; O2-NOT: 4611686293305360384
; O2: ret
define void @hoisted(ptr addrspace(3) %smem, ptr %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @sw128a)
  %t = call ptr @llvm.cute.make_view.p3(ptr addrspace(3) %smem, ptr %l, ptr @f16)
  %tile = call ptr (ptr, ...) @llvm.cute.make_tile(ptr @tile_a)
  %crd = call ptr (ptr, ...) @llvm.cute.make_coord(ptr @crd_0)
  %a = call ptr @llvm.cute.local_tile(ptr %t, ptr %tile, ptr %crd)
  %d = call i64 @llvm.cute.make_gmma_desc(ptr %a, ptr @k)
  %i64 = zext i32 %i to i64
  %adv = shl i64 %i64, 1
  %dk = add i64 %d, %adv
  %o = getelementptr i64, ptr %out, i32 %i
  store i64 %dk, ptr %o
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
