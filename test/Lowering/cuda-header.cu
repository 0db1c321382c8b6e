// CUDA C++ through <cute/llvm.h> and cute-clang++ -fcute-lowering: at -O0
// (cute values spilled to stack slots, wrappers always-inlined) and -O3 the
// PTX has no cute call left, the arithmetic of the layouts, and assembles.
// REQUIRES: cuda, ptxas
//
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O0 %s -o %t.O0.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,O0 < %t.O0.ptx
// RUN: %ptxas -arch=sm_90a %t.O0.ptx -o /dev/null
// RUN: %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_90a \
// RUN:   -S -O3 %s -o %t.O3.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,O3 < %t.O3.ptx
// RUN: %ptxas -arch=sm_90a %t.O3.ptx -o /dev/null
//
// The same through plain clang and the plugin (what cute-clang++ adds).
// RUN: clang -x cuda -fpass-plugin=%cute_plugin -I%cute_src/include \
// RUN:   --cuda-path=/usr/local/cuda -Wno-unknown-cuda-version \
// RUN:   --cuda-device-only --cuda-gpu-arch=sm_90a -S -O2 %s -o - \
// RUN:   | FileCheck %s --check-prefixes=CHECK,O3

// CHECK-NOT: llvm.cute
// CHECK-NOT: call

#include <cute/llvm.h>

// A static layout folds to constants: size 32, cosize 32, crd2idx of (1,2)
// in (8,4):(1,8) is 17.
// CHECK-LABEL: .entry _Z10staticInfoPi(
// O0: st.b32 [{{%rd[0-9]+}}], 32;
// O0: st.b32 [{{%rd[0-9]+}}+4], 32;
// O0: st.b32 [{{%rd[0-9]+}}+8], 17;
// O3: st.global.b32 [{{%rd[0-9]+}}], 32;
// O3: st.global.b32 [{{%rd[0-9]+}}+4], 32;
// O3: st.global.b32 [{{%rd[0-9]+}}+8], 17;
// CHECK-NOT: mul
// CHECK: ret;
__global__ void staticInfo(int *Out) {
  cute::Layout L = cute::make_layout("(8,4):(1,8)");
  Out[0] = cute::size(L);
  Out[1] = cute::cosize(L);
  Out[2] = cute::crd2idx(cute::make_coord("(1,2)"), L);
}

// Dynamic leaves are the kernel's integers: the size of (?,?) is m * n, and
// the offset of (i,j) in (?,?):(?,1) is i * ld + j.
// CHECK-LABEL: .entry _Z11dynamicInfoPiiiiii(
// CHECK: mul.lo.s32
// O3: mad.lo.s32
// CHECK: ret;
__global__ void dynamicInfo(int *Out, int M, int N, int Ld, int I, int J) {
  cute::Layout L = cute::make_layout("(?,?):(?,1)", M, N, Ld);
  Out[0] = cute::size(L);
  Out[1] = cute::crd2idx(cute::make_coord("(?,?)", I, J), L);
}

// 64-bit leaves: long long gives i64 arithmetic.
// CHECK-LABEL: .entry _Z10wideStridePfPKfxi(
// CHECK: mul.lo.s64
// CHECK: ret;
__global__ void wideStride(float *Out, const float *In, long long Ld, int J) {
  auto T = cute::make_view(In, cute::make_layout("(4,4):(?{i64},1)", Ld));
  Out[0] = cute::load(T, cute::make_coord("(?,?)", J, J));
}

// Tensors: a view, a tile by block index, the thread's element, load and
// store through layouts, and a broadcast (stride 0) operand.
// CHECK-LABEL: .entry _Z4axpyPfPKfS1_fii(
// O3: ld.global
// O3: ld.global
// O3: st.global
// CHECK: ret;
__global__ void axpy(float *Y, const float *X, const float *Bias, float A,
                     int M, int N) {
  using namespace cute;
  Layout L = make_layout("(?,?):(?,1)", M, N, N);
  auto TX = make_view(X, L);
  auto TY = make_view(Y, L);
  auto TB = make_view(Bias, make_layout("(?,?):(0,1)", M, N));
  Coord Blk = make_coord("(?,?)", (int)blockIdx.x, (int)blockIdx.y);
  auto GX = local_tile(TX, make_tile("(8,32)"), Blk);
  auto GY = local_tile(TY, make_tile("(8,32)"), Blk);
  auto GB = local_tile(TB, make_tile("(8,32)"), Blk);
  int Tid = threadIdx.x;
  Coord C = make_coord("(?,?)", Tid / 32, Tid % 32);
  store(GY, C, A * load(GX, C) + load(GB, C));
}

// Layout algebra on values, get_leaf and print (vprintf of the notation
// with the dynamic leaves).
// CHECK-LABEL: .entry _Z7algebraPii(
// CHECK: vprintf
// CHECK: ret;
__global__ void algebra(int *Out, int N) {
  using namespace cute;
  Layout L = make_layout("(?,8):(1,?)", N, N);
  Layout Z = zipped_divide(L, make_tile("(2,4)"));
  Out[0] = size(Z);
  Out[1] = get_leaf<2>(Z);
  Layout C = coalesce(composition(make_layout("(4,8):(8,1)"),
                                  make_layout("(8,4):(4,1)")));
  Out[2] = cosize(C);
  print(Z);
}
