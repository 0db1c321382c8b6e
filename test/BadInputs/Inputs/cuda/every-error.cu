// Three mistakes in three kernels: three located errors, not one.
// ERROR: %s:10:20: 'llvm.cute.make_layout': profile '(8,0):(1,8)': shape (8,0) has a non-positive leaf 0
// ERROR: %s:15:20: 'llvm.cute.make_layout': profile 'abc': column 1
// ERROR: %s:20:20: 'llvm.cute.make_layout': profile '(?,?):(1,?)' has 3 dynamic leaves, but the call passes 2 integer(s)
// ARGS: -gline-tables-only
#include <cute/llvm.h>

__global__ void zero(int *Out) {
  // An extent of 0.
  cute::Layout L = cute::make_layout("(8,0):(1,8)");
  Out[0] = cute::size(L);
}
__global__ void letters(int *Out) {
  // Not notation.
  cute::Layout L = cute::make_layout("abc");
  Out[0] = cute::size(L);
}
__global__ void leaves(int *Out, int M) {
  // One integer short.
  cute::Layout L = cute::make_layout("(?,?):(1,?)", M, M);
  Out[0] = cute::size(L);
}
