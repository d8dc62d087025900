#include "kernels.h"

#pragma omp declare simd uniform(a, x, len) linear(i : 1) notinbranch
int RD(rowdot)(const int *a, const int *x, int i, int len);

void RD(matvec)(const int *a, const int *x, int rows, int len, int *out) {
#pragma omp simd
  for (int i = 0; i < rows; ++i)
    out[i] = RD(rowdot)(a, x, i, len);
}
