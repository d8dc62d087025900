/* One image row: compiled by gcc (calls the vector variants) and by plain
 * clang-22 (scalar calls). */
#include "mandel.h"

#ifndef LOOP
#define LOOP mandel_row
#endif

void LOOP(int *restrict out, float y, int w, int maxit) {
#pragma omp simd
  for (int x = 0; x < w; ++x)
    out[x] = escape(-2.2f + 3.0f * (float)x / (float)w, y, maxit);
}
