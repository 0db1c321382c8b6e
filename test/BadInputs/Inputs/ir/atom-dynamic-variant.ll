; ERROR: error: in function 'f': the variant of atom 'atom.ldsm' must be a constant string naming a lattice point
target triple = "nvptx64-nvidia-cuda"


declare void @llvm.cute.nvgpu.ldsm(...)

define void @f(ptr %v, ptr %r, ptr %s) #0 {
  call void (...) @llvm.cute.nvgpu.ldsm(ptr %v, ptr %r, ptr %s)
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
