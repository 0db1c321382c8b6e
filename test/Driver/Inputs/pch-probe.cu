// A kernel that stores a macro of the CUDA headers when they define one
// (cuda-pch.test appends one to a copy of them).
#ifndef CUTE_PCH_PROBE
#define CUTE_PCH_PROBE 1
#endif
extern "C" __global__ void probe(int *P) { *P = CUTE_PCH_PROBE; }
