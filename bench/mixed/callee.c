#include "kernels.h"

/* Double precision; its variants have 4 lanes at AVX2 (gcc's and ours). */
#pragma omp declare simd notinbranch
double MX(g)(double x) {
  double t = x * 0.75 + 0.5;
  return (t * t - x) / (t * t + 1.0) + x * 1e-3;
}

#pragma omp declare simd inbranch
int MX(fib)(int n) { return n < 2 ? n : MX(fib)(n - 1) + MX(fib)(n - 2); }
