// Built with -ffp-contract=fast: clang asks the backend to fuse whatever it
// can, whatever the IR's flags say.
#include "contraction.h"
#pragma omp declare simd
float fast_fma(float x, float y) {
  float t = x * y;
  return t + 1.0f;
}
#pragma omp declare simd
double fast_dot(double x, double y, double z) { return x * y + z * x - y * z; }
