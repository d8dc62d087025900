#include "locals.h"
#include <math.h>

// frexp's exponent: written by a call run lane by lane, read after it.
#pragma omp declare simd notinbranch
double frexp_sum(double x) {
  int e;
  double m = frexp(x, &e);
  return m * 3.0 + e;
}

// The same under a divergent condition (the call's lanes resume through a
// dispatch).
#pragma omp declare simd notinbranch
double frexp_guarded(double x) {
  double s = x * 2.0;
  if (x > 1.0) {
    int e;
    s = frexp(s, &e) + e;
  }
  return s * x;
}

// A helper that writes through out-parameters (no vector variant).
static __attribute__((noinline)) void split(unsigned a, unsigned *hi,
                                            unsigned *lo) {
  *hi = a >> 16;
  *lo = a & 0xffffu;
}

#pragma omp declare simd notinbranch
unsigned split_mix(unsigned a) {
  unsigned hi, lo;
  split(a * 2654435761u, &hi, &lo);
  return hi * 3u + lo;
}

// An array written before, in and after a loop whose trip count is the
// lane's own (a divergent loop): indexed by the loop, it stays in memory.
#pragma omp declare simd notinbranch
double table_walk(int n, double x) {
  double t[4] = {1.0, 2.0, 3.0, 4.0};
  for (int k = 0; k < (n & 7); k++)
    t[(k + n) & 3] += x * k;
  return t[n & 3] + t[(n + 1) & 3];
}

// 8 KiB: over the copies' budget, one array the lanes share (the lane loop
// is not cut and runs its lanes in order).
#pragma omp declare simd notinbranch
double big_local(int n, double x) {
  double b[1024];
  int m = n & 1023;
  for (int k = 0; k <= m; k++)
    b[k] = x * k;
  double s = 0.0;
  for (int k = m; k >= 0; k -= 3)
    s += b[k];
  return s;
}
