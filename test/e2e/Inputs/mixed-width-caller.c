/* Float and int `omp simd` loops calling double and long functions whose
 * variants are narrower than the loop (the loop's 8 float lanes at AVX2,
 * 4 doubles per variant call). */
#include "mixed-width.h"

void mw_natural(float *restrict a, const float *restrict b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    a[i] = (float)mw_g((double)b[i]);
}

void mw_simdlen8(float *restrict a, const float *restrict b, int n) {
#pragma omp simd simdlen(8)
  for (int i = 0; i < n; ++i)
    a[i] = (float)mw_g((double)b[i]);
}

void mw_float4(float *restrict a, const float *restrict b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    a[i] = mw_h4(b[i]) + 1.0f;
}

void mw_masked(int *restrict a, const int *restrict b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    if (b[i] != 0)
      a[i] = (int)mw_q((long)b[i]);
}

void mw_linear(float *restrict a, const double *p, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    a[i] = (float)mw_lin(p, i);
}

void mw_quarter(float *restrict a, const float *restrict b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    a[i] = (float)mw_g2((double)b[i]);
}

void mw_wide(float *restrict a, const float *restrict b, int n) {
#pragma omp simd simdlen(8)
  for (int i = 0; i < n; ++i)
    a[i] = (float)mw_w16((double)b[i]);
}
