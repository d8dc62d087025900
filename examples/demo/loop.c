/* The caller loop. The demo compiles it twice: with gcc (-fopenmp-simd makes
 * it call the vector variants clang + vecclone defined) and with plain
 * clang-22 (scalar calls, what clang does without the plugin). */
#include "kernel.h"

#ifndef LOOP
#define LOOP apply_softclip
#endif

void LOOP(const float *restrict in, const float *restrict drive,
          float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = softclip(in[i], drive[i]);
}
