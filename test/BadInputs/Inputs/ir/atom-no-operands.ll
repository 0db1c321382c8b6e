; ERROR: error: in function 'f': atom 'atom.ldsm' takes the variant name and 2 operand(s), not 0
target triple = "nvptx64-nvidia-cuda"


declare void @llvm.cute.nvgpu.ldsm(...)

define void @f() #0 {
  call void (...) @llvm.cute.nvgpu.ldsm()
  ret void
}
attributes #0 = { "target-cpu"="sm_90a" }
