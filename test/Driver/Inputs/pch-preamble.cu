// A kernel whose preamble includes a header of its own (cuda-pch.test
// writes probe.h beside it: first PROBE_VALUE 1, then 2).
#include "probe.h"

extern "C" __global__ void probe(int *P) { *P = PROBE_VALUE; }
