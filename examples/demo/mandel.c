/* Compiled by clang-22 with the vecclone plugin. */
#include "mandel.h"

#pragma omp declare simd uniform(maxit) notinbranch
int escape(float cr, float ci, int maxit) {
  float zr = 0.0f, zi = 0.0f;
  int n = 0;
  while (n < maxit && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    n++;
  }
  return n;
}
