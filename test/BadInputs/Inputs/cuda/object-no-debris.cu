// A failed whole (host + device) compile to an object leaves no file.
// ERROR: %s:7:20: 'llvm.cute.make_layout': profile '(8,4):(1,8,2)': column 7: shape (8,4) and stride (1,8,2) are not congruent
// ARGS: -gline-tables-only -c
#include <cute/llvm.h>

__global__ void k(int *Out) {
  cute::Layout L = cute::make_layout("(8,4):(1,8,2)");
  Out[0] = cute::size(L);
}
