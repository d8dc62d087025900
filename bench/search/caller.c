#include "kernels.h"

#pragma omp declare simd uniform(data, len, t) linear(i : 1) notinbranch
int SR(first_above)(const float *data, int i, int len, float t);

void SR(search)(const float *data, int rows, int len, float t, int *out) {
#pragma omp simd
  for (int i = 0; i < rows; ++i)
    out[i] = SR(first_above)(data, i, len, t);
}
