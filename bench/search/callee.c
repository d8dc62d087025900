#include "kernels.h"

/* The first element of row i above t, or len: row i starts len floats
 * after row i - 1, so the lanes' rows are len floats apart. */
#pragma omp declare simd uniform(data, len, t) linear(i : 1) notinbranch
int SR(first_above)(const float *data, int i, int len, float t) {
  for (int j = 0; j < len; j++)
    if (data[i * len + j] > t)
      return j;
  return len;
}
