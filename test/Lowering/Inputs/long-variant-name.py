"""Prints an IR module whose universal-copy call names a variant of N 'X's
(argv[1]): a message that echoes it must stay bounded."""
import sys

n = int(sys.argv[1])
print('target triple = "nvptx64-nvidia-cuda"')
print('@n = private constant [%d x i8] c"%s\\00"' % (n + 1, "X" * n))
print("declare void @llvm.cute.nvgpu.universal_copy(ptr, ptr, ptr)")
print('define void @f(ptr %d, ptr %s) "target-cpu"="sm_80" {')
print("  call void @llvm.cute.nvgpu.universal_copy(ptr @n, ptr %d, ptr %s)")
print("  ret void")
print("}")
