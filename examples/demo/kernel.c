/* The demo's declare-simd function, compiled by clang-22 with the vecclone
 * plugin. A soft clipper with a per-sample drive: a cubic curve near zero and
 * a gentle tail beyond, chosen per element (an if/else body). */
#include "kernel.h"
#include <math.h>

#pragma omp declare simd notinbranch
float softclip(float x, float drive) {
  float y = x * drive;
  float a = fabsf(y);
  if (a <= 1.0f)
    return y - y * y * y / 3.0f;
  float tail = 2.0f / 3.0f + (a - 1.0f) / (1.0f + a * a);
  return y > 0.0f ? tail : -tail;
}
