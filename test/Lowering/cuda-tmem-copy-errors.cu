// Misuses of tensors in tensor memory and of make_tmem_copy: one error each,
// at the user's line.
// REQUIRES: cuda
//
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 -DLANES %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LANES --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 -DLOAD %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOAD --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 -DNOT_TMEM_ATOM %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ATOM
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 -DHALF %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 -DSHORT_REGS %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT --implicit-check-not=error:
// RUN: not %cute-clang++ -fcute-lowering --cuda-device-only --cuda-gpu-arch=sm_100a \
// RUN:   -S -O3 -DLONG_REGS %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LONG --implicit-check-not=error:

#include <cute/llvm.h>

using namespace cute;
constexpr CopyAtom T2R = copy_atom("SM100_TMEM_LOAD_32dp32b8x");
constexpr CopyAtom Ldsm = copy_atom("SM75_U32x4_LDSM_N");

__global__ void kernel(float *C, uint32_t Tmem) {
#ifdef LANES
  // A warpgroup's tcgen05.ld reads 128 lanes; this tensor has 64.
  auto tAcc = make_tmem_tensor<float>(
      Tmem, make_layout(make_shape(_64{}, _256{}), make_stride(Int<65536>{}, _1{})));
  // LANES: error: {{.*}}cuda-tmem-copy-errors.cu:[[@LINE+1]]:{{[0-9]+}}: 'llvm.cute.make_tmem_copy': make_cotiled_copy: the addresses {{.*}} are not all in data layout (64,256):(65536,1)
  auto Copy = make_tmem_copy<float, T2R>(tAcc);
  C[0] = float(size(Copy.get_slice(threadIdx.x).partition_S(tAcc)));
#endif
#ifdef LOAD
  auto tAcc = make_tmem_tensor<float>(
      Tmem, make_layout(make_shape(_128{}, _256{}), make_stride(Int<65536>{}, _1{})));
  // LOAD: error: {{.*}}cuda-tmem-copy-errors.cu:[[@LINE+1]]:{{[0-9]+}}: 'llvm.cute.memref_load' of a tensor in tensor memory: TMEM is read and written by tcgen05.ld/st
  C[0] = load(tAcc, 3);
#endif
#ifdef NOT_TMEM_ATOM
  auto tAcc = make_tmem_tensor<float>(
      Tmem, make_layout(make_shape(_128{}, _256{}), make_stride(Int<65536>{}, _1{})));
  // ATOM: error: static assertion failed {{.*}}make_tmem_copy takes a tcgen05.ld/st atom
  auto Copy = make_tmem_copy<float, Ldsm>(tAcc);
#endif
#if defined(SHORT_REGS) || defined(LONG_REGS)
  // The warpgroup's partition of a 128x256 accumulator is 256 values per
  // thread; the register fragment must hold as many.
  auto tAcc = make_tmem_tensor<float>(
      Tmem, make_layout(make_shape(_128{}, _256{}), make_stride(Int<65536>{}, _1{})));
  auto T2RCopy = make_tmem_copy<float, T2R>(tAcc);
  auto Thr = T2RCopy.get_slice(threadIdx.x);
#ifdef SHORT_REGS
  float Regs[128];
  auto tDrC = make_fragment(Regs, make_layout(make_shape(_8{}, _16{})));
#else
  float Regs[512];
  auto tDrC = make_fragment(Regs, make_layout(make_shape(_8{}, _64{})));
#endif
  // SHORT: error: {{.*}}cuda-tmem-copy-errors.cu:[[@LINE+2]]:{{[0-9]+}}: {{.*}}the tensor-memory partition moves 256 values per thread, but the register tensor {{.*}} holds 128
  // LONG: error: {{.*}}cuda-tmem-copy-errors.cu:[[@LINE+1]]:{{[0-9]+}}: {{.*}}the tensor-memory partition moves 256 values per thread, but the register tensor {{.*}} holds 512
  copy(T2RCopy, Thr.partition_S(tAcc), tDrC);
  C[threadIdx.x] = Regs[3];
#endif
#ifdef HALF
  // HALF: error: static assertion failed {{.*}}a TMEM tensor holds 32-bit elements
  auto tAcc = make_tmem_tensor<_Float16>(
      Tmem, make_layout(make_shape(_128{}, _256{}), make_stride(Int<65536>{}, _1{})));
#endif
}
