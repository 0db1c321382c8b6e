// ERROR: column 129: tuples nest deeper than 128 levels
// ARGS: -gline-tables-only
#include <cute/llvm.h>
#define P8(x) "((((((((" x
#define P64(x) P8(P8(P8(P8(P8(P8(P8(P8(x))))))))
__global__ void k(int *Out) {
  cute::Layout L = cute::make_layout(P64(P64(P64("8"))));
  Out[0] = cute::size(L);
}
