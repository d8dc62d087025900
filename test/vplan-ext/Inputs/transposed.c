// Each lane reads its own row, one element further per iteration of a
// loop every lane runs together (its bounds are uniform): the plan reads
// the rows VF iterations at a time and transposes them in registers
// (TransposedBlocks). Compiled with -DREF by gcc -O0 as the reference.
#include "transposed.h"

// Floating-point sums in order: the scalar lane loop's vectorizer cannot
// widen them, so the alternative is a gather per iteration.
#pragma omp declare simd uniform(a, x, n) linear(i)
float rowdot(const float *a, const float *x, int i, int n) {
  float s = 0;
  for (int j = 0; j < n; j++)
    s += a[(long)i * n + j] * x[j];
  return s;
}

#pragma omp declare simd uniform(a, x, n) linear(i)
double rowdotd(const double *a, const double *x, int i, int n) {
  double s = 0;
  for (int j = 0; j < n; j++)
    s = s * 0.5 + a[(long)i * n + j] * x[j];
  return s;
}

// Narrow elements: rows of VF shorts or bytes.
#pragma omp declare simd uniform(a, n) linear(i)
int rowsum16(const short *a, int i, int n) {
  unsigned s = 0;
  for (int j = 0; j < n; j++)
    s = s * 3u + (unsigned)a[(long)i * n + j];
  return (int)s;
}

#pragma omp declare simd uniform(a, n) linear(i)
int rowmaxu8(const unsigned char *a, int i, int n) {
  int m = -1, at = 0;
  for (int j = 0; j < n; j++)
    if (a[(long)i * n + j] > m) {
      m = a[(long)i * n + j];
      at = j;
    }
  return m * 1000 + at;
}

// A second exit, on the counter, before the read: a block is read only
// when none of its iterations leaves there.
#pragma omp declare simd uniform(a, n, m) linear(i)
float rowcapped(const float *a, int i, int n, int m) {
  float s = 1;
  for (int j = 0; j < n; j++) {
    if (j == m)
      break;
    s = s * 0.75f + a[(long)i * n + j];
  }
  return s;
}

// A counter from a uniform start, not 0, rows read from an offset.
#pragma omp declare simd uniform(a, n, lo, hi) linear(i)
float rowrange(const float *a, int i, int n, int lo, int hi) {
  float s = 0;
  for (int j = lo; j < hi; j++)
    s = s * 0.5f + a[(long)i * n + j];
  return s;
}

// Each lane's own pointer (a vector argument): rows anywhere.
#pragma omp declare simd uniform(n)
float ptrsum(const float *p, int n) {
  float s = 0;
  for (int j = 0; j < n; j++)
    s = s * 0.25f + p[j];
  return s;
}

// An unsigned counter compared for inequality; 64-bit elements.
#pragma omp declare simd uniform(a, n) linear(i)
int rowne(const long *a, int i, unsigned n) {
  unsigned long s = 0;
  for (unsigned j = 0; j != n; ++j)
    s = s * 5u + (unsigned long)a[(long)i * n + j];
  return (int)(s ^ (s >> 32));
}

// Masked: lanes that skip the loop shadow another lane (no blocks).
#pragma omp declare simd uniform(a, x, n) linear(i) inbranch
float rowdotm(const float *a, const float *x, int i, int n) {
  float s = 0;
  for (int j = 0; j < n; j++)
    s += a[(long)i * n + j] * x[j];
  return s;
}
