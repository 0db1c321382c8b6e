// ERROR: %s:7:12: 'llvm.cute.size'
// ARGS: -gline-tables-only
#include <cute/llvm.h>

__global__ void k(int *Out) {
  cute::Layout L = cute::make_layout("(65536,65536):(1,65536)");
  Out[0] = cute::size(L);
}
