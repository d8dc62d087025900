#include "kernels.h"

#pragma omp declare simd uniform(a, x, len) linear(i : 1) notinbranch
int RD(rowdot)(const int *a, const int *x, int i, int len);

void RD(matvec)(const int *a, const int *x, int rows, int len, int *out) {
#pragma omp simd
  for (int i = 0; i < rows; ++i)
    out[i] = RD(rowdot)(a, x, i, len);
}

#pragma omp declare simd uniform(a, x, len) linear(i : 1) notinbranch
float RD(frowdot)(const float *a, const float *x, int i, int len);

void RD(fmatvec)(const float *a, const float *x, int rows, int len,
                 float *out) {
#pragma omp simd
  for (int i = 0; i < rows; ++i)
    out[i] = RD(frowdot)(a, x, i, len);
}
