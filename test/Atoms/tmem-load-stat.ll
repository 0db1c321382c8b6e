; CuTe's SM100_TMEM_LOAD_STAT_32dp32b<N>x: a 32x32b TMEM load that also
; returns the maximum of the values each thread loads, tcgen05.ld.red ...
; .max.f32, followed by its wait inside the statement (the registers and
; the maximum are read after it). CuTe enables it on SM103 only
; (CUTE_ARCH_TCGEN05_TMEM_STAT_ENABLED) and ptxas rejects tcgen05.ld.red on
; sm_100a and sm_100f: feature tmem_stat, which sm_103f and sm_103a have.
;
; RUN: cute-opt -passes=cute-lower-atoms -S %s | FileCheck --check-prefix=IR %s
; RUN: llc %loadcute -mcpu=sm_103a %s -o %t.ptx
; RUN: FileCheck --input-file=%t.ptx %s
; RUN: %if ptxas %{ %ptxas -arch=sm_103a %t.ptx -o /dev/null %}
; RUN: llc %loadcute -mcpu=sm_103f %s -o %t.f.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_103f %t.f.ptx -o /dev/null %}
; RUN: not llc %loadcute -mcpu=sm_100a %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=SM100A %s

target triple = "nvptx64-nvidia-cuda"

@v32 = private constant [32 x i8] c"SM100_TMEM_LOAD_STAT_32dp32b32x\00"
@v128 = private constant [33 x i8] c"SM100_TMEM_LOAD_STAT_32dp32b128x\00"

declare void @llvm.cute.nvgpu.tmem_load_stat(ptr, ptr, ptr, i32)

; SM100A: error: in function 'stat32': {{.*}}requires feature tmem_stat, which target sm_100a lacks

; 32 b32 results and the f32 maximum (a .b32 register in NVPTX's PTX),
; written only; the TMEM address in a b32 register.
; IR-LABEL: define void @stat32(
; IR:      call { i32, {{.*}}, float } asm sideeffect "{ tcgen05.ld.red.sync.aligned.32x32b.x32.max.f32 {$0, $1, {{.*}}, $31}, $32, [$33]; tcgen05.wait::ld.sync.aligned; }", "=&r,{{.*}},=&f,r,~{memory}"(i32 %taddr)
; IR-COUNT-32: store i32
; IR:      store float
; CHECK-LABEL: .func stat32(
; CHECK:      { tcgen05.ld.red.sync.aligned.32x32b.x32.max.f32 {%r{{[0-9]+}}, {{.*}}}, %r{{[0-9]+}}, [%r{{[0-9]+}}];
; CHECK-SAME: tcgen05.wait::ld.sync.aligned; }
define void @stat32(ptr %regs, ptr %max, i32 %taddr) #0 {
  call void @llvm.cute.nvgpu.tmem_load_stat(ptr @v32, ptr %regs, ptr %max, i32 %taddr)
  ret void
}

; CHECK-LABEL: .func stat128(
; CHECK:      { tcgen05.ld.red.sync.aligned.32x32b.x128.max.f32 {%r{{[0-9]+}}, {{.*}}}, %r{{[0-9]+}}, [%r{{[0-9]+}}];
; CHECK-SAME: tcgen05.wait::ld.sync.aligned; }
define void @stat128(ptr %regs, ptr %max, i32 %taddr) #0 {
  call void @llvm.cute.nvgpu.tmem_load_stat(ptr @v128, ptr %regs, ptr %max, i32 %taddr)
  ret void
}

attributes #0 = { "target-cpu"="sm_103a" }
