// ERROR: %s:6:20: 'llvm.cute.make_layout': profile '((8,4)': column 7: expected ',' or ')' before end of input
// ARGS: -gline-tables-only
#include <cute/llvm.h>

__global__ void k(int *Out) {
  cute::Layout L = cute::make_layout("((8,4)");
  Out[0] = cute::size(L);
}
