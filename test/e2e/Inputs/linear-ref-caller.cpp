// `omp simd` loops passing a[i] (and a[2 * i]) to linear(ref) parameters:
// one call of the R variant per vector iteration, with lane 0's address.
#include "linear-ref.h"

void lr_int_loop(int *a, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    b[i] = lr_int(a[i]);
}

void lr_dbl_loop(double *x, double *y, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    y[i] = lr_dbl(x[i]);
}

void lr_foo_loop(const int *a, LRS *s, int *c, int *out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = lr_foo(a[i], s[i], c[i]);
}

void lr_two_loop(int *a, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    b[i] = lr_two(a[2 * i]);
}

void lr_cond_loop(int *a, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    if (a[i] != 0)
      b[i] = lr_cond(a[i]);
}

void lr_comp_loop(double *x, float *out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = (float)lr_comp(x[i]);
}

// Not linear: a[idx[i]] differs from lane 0's address by no constant step.
void lr_gather_loop(int *a, const int *idx, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    b[i] = lr_int(a[idx[i]]);
}

// Linear, but with 8 bytes per iteration where the variant steps 4.
void lr_stride_loop(int *a, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    b[i] = lr_int(a[2 * i]);
}

void lr_fwd_loop(int *a, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    b[i] = lr_fwd(a[i]);
}

void lr_at_loop(int *a, int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    b[i] = lr_at(a, i);
}
