#include "kernels.h"

/* Row i of a (len ints, rows len apart) dotted with x. In a lane's own run
 * the row is read contiguously and the sum is reordered freely (integers),
 * so the loop vectorizer widens the loop; across the lanes each element is
 * a gather. */
#pragma omp declare simd uniform(a, x, len) linear(i : 1) notinbranch
int RD(rowdot)(const int *a, const int *x, int i, int len) {
  int s = 0;
  for (int j = 0; j < len; j++)
    s += a[(long)i * len + j] * x[j];
  return s;
}

/* The same with floats summed in order (no -ffast-math): no lane's own
 * loop can be widened, so across the lanes each element is a gather, or,
 * VF iterations at a time, each lane's row read as one vector and the
 * rows transposed in registers (the plan's transposed blocks). */
#pragma omp declare simd uniform(a, x, len) linear(i : 1) notinbranch
float RD(frowdot)(const float *a, const float *x, int i, int len) {
  float s = 0;
  for (int j = 0; j < len; j++)
    s += a[(long)i * len + j] * x[j];
  return s;
}
