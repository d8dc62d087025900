#include "kernels.h"

#pragma omp declare simd notinbranch
double MX(g)(double x);
#pragma omp declare simd inbranch
int MX(fib)(int n);

/* A float loop calling the double function: 8 float lanes at AVX2, 4 per
 * variant call. */
void MX(mixed)(const float *restrict b, float *restrict a, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    a[i] = (float)MX(g)((double)b[i]);
}

/* The same with the width set by the user. */
void MX(mixed8)(const float *restrict b, float *restrict a, int n) {
#pragma omp simd simdlen(8)
  for (int i = 0; i < n; ++i)
    a[i] = (float)MX(g)((double)b[i]);
}

/* A conditional call of the recursive function (its masked variant). */
void MX(fibloop)(const int *restrict in, int *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    if (in[i] >= 0)
      out[i] = MX(fib)(in[i]);
}
