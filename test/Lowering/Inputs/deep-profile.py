#!/usr/bin/env python3
"""deep-profile.py DEPTH: IR whose make_layout profile nests DEPTH tuples."""
import sys

depth = int(sys.argv[1])
text = "(" * depth + "4" + ")" * depth + ":1"
print('target triple = "nvptx64-nvidia-cuda"')
print('@p = private constant [%d x i8] c"%s\\00"' % (len(text) + 1, text))
print('declare ptr @llvm.cute.make_layout(ptr, ...)')
print('define void @deep() {')
print('  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @p)')
print('  ret void')
print('}')
