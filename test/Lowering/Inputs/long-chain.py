#!/usr/bin/env python3
"""Writes IR with a chain of N dependent tuple_add calls on a dynamic leaf:
t(k+1) = t(k) + t(0), so the last leaf is n * (N + 1), an expression N
operations deep."""
import sys

n = int(sys.argv[1])
out = ['target triple = "nvptx64-nvidia-cuda"',
       '@q = private constant [2 x i8] c"?\\00"',
       'declare ptr @llvm.cute.make_int_tuple(ptr, ...)',
       'declare ptr @llvm.cute.tuple_add(ptr, ptr)',
       'declare i32 @llvm.cute.get_leaf(ptr, i32)',
       'define i32 @chain(i32 %n) {',
       '  %t0 = call ptr (ptr, ...) @llvm.cute.make_int_tuple(ptr @q, i32 %n)']
for k in range(n):
    out.append('  %%t%d = call ptr @llvm.cute.tuple_add(ptr %%t%d, ptr %%t0)' % (k + 1, k))
out.append('  %%r = call i32 @llvm.cute.get_leaf(ptr %%t%d, i32 0)' % n)
out.append('  ret i32 %r')
out.append('}')
print('\n'.join(out))
