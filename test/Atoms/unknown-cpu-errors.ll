; A processor LLVM 22's NVPTX back end does not know: NVPTX warns, ignores
; it and compiles for its default (sm_30, PTX ISA 3.2), where no atom of a
; newer tier selects ("Cannot select") and an inline-PTX atom would be
; emitted under .version 3.2. The plugin refuses such a CPU with one error
; that names it and the processors NVPTX knows, before lowering any atom.
; The real registry has no tier NVPTX lacks (every tier of td/Tiers.td is
; one of NVPTX's processors, and the registry cannot be replaced at run
; time), so the check is shown through CPU names NVPTX does not know:
; sm_130a (a tier a registry extension might add) and sm_42.
;
; llc: the module's CPU is the target machine's, one error for the module.
; RUN: not llc %loadcute -mcpu=sm_130a -o /dev/null %s 2>&1 | FileCheck --check-prefix=LLC %s --implicit-check-not=error: --implicit-check-not="Cannot select"
; opt: each function's target-cpu, one error for each function that calls
; an atom.
; RUN: sed 's/"sm_42"/"sm_130a"/' %s | not opt %loadcute -passes=cute-lower -o /dev/null 2>&1 | FileCheck --check-prefix=OPT %s --implicit-check-not=error:
; RUN: not cute-opt -passes=cute-lower-atoms -o /dev/null %s 2>&1 | FileCheck --check-prefix=ATTR %s --implicit-check-not=error:

target triple = "nvptx64-nvidia-cuda"

@inc = private constant [20 x i8] c"SM90_SETMAXNREG_INC\00"
@fence = private constant [25 x i8] c"SM90_FENCE_MBARRIER_INIT\00"
declare void @llvm.cute.nvgpu.setmaxnreg(ptr, i32)
declare void @llvm.cute.nvgpu.fence(ptr)

; LLC: error: in function 'first': target 'sm_130a' is not a processor LLVM's NVPTX back end knows, so it cannot compile the atoms for it (it knows sm_20, sm_21, {{.*}}, sm_90, sm_90a, sm_100, {{.*}}, sm_121f)
; LLC-NEXT: at: call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 232)
; OPT: error: in function 'first': target 'sm_130a' is not a processor LLVM's NVPTX back end knows, so it cannot compile the atoms for it (it knows sm_20, {{.*}}, sm_121f)
; OPT: error: in function 'second': target 'sm_130a' is not a processor LLVM's NVPTX back end knows
; ATTR: error: in function 'first': target 'sm_42' is not a processor LLVM's NVPTX back end knows, so it cannot compile the atoms for it (it knows sm_20, {{.*}})
; ATTR: error: in function 'second': target 'sm_42' is not a processor LLVM's NVPTX back end knows
define void @first() #0 {
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 232)
  call void @llvm.cute.nvgpu.setmaxnreg(ptr @inc, i32 232)
  ret void
}

define void @second() #0 {
  call void @llvm.cute.nvgpu.fence(ptr @fence)
  ret void
}

attributes #0 = { "target-cpu"="sm_42" }
