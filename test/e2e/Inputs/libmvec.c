/* omp simd loops over libm functions, built with -fopenmp -ffast-math: the
 * calls go to glibc's libmvec. Each result is compared with scalar libm
 * (called through volatile pointers, never vectorized) in units in the last
 * place; libmvec documents at most 4 ulp. */
#define _GNU_SOURCE 1 /* exp10f */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "ulp.h"

#define N 2051
static float fx[N], fy[N], fr[N];
static double dx[N], dy[N], dr[N];

static int64_t worst;
static int beyond;
static void check_f(const char *name, float (*volatile ref)(float)) {
  for (int i = 0; i < N; ++i) {
    int64_t d = ordered_f(fr[i]) - ordered_f(ref(fx[i]));
    if (d < 0) d = -d;
    if (d > worst) worst = d;
    if (d > 4 && beyond++ < 5) printf("%s(%a) = %a, libm %a\n", name, fx[i], fr[i], ref(fx[i]));
  }
}
static void check_d(const char *name, double (*volatile ref)(double)) {
  for (int i = 0; i < N; ++i) {
    int64_t d = ordered_d(dr[i]) - ordered_d(ref(dx[i]));
    if (d < 0) d = -d;
    if (d > worst) worst = d;
    if (d > 4 && beyond++ < 5) printf("%s(%a) = %a, libm %a\n", name, dx[i], dr[i], ref(dx[i]));
  }
}
static void check_f2(const char *name, float (*volatile ref)(float, float)) {
  for (int i = 0; i < N; ++i) {
    int64_t d = ordered_f(fr[i]) - ordered_f(ref(fx[i], fy[i]));
    if (d < 0) d = -d;
    if (d > worst) worst = d;
    if (d > 4 && beyond++ < 5) printf("%s(%a, %a) = %a\n", name, fx[i], fy[i], fr[i]);
  }
}

#define UNARY_F(fn, lo, hi)                                                    \
  for (int i = 0; i < N; ++i) fx[i] = lo + (hi - lo) * (float)i / N;           \
  _Pragma("omp simd") for (int i = 0; i < N; ++i) fr[i] = fn(fx[i]);           \
  check_f(#fn, fn);
#define UNARY_D(fn, lo, hi)                                                    \
  for (int i = 0; i < N; ++i) dx[i] = lo + (hi - lo) * (double)i / N;          \
  _Pragma("omp simd") for (int i = 0; i < N; ++i) dr[i] = fn(dx[i]);           \
  check_d(#fn, fn);

int main(void) {
  UNARY_F(expf, -80.0f, 80.0f)
  UNARY_F(exp2f, -100.0f, 100.0f)
  UNARY_F(exp10f, -30.0f, 30.0f)
  UNARY_F(logf, 0.001f, 1e6f)
  UNARY_F(log2f, 0.001f, 1e6f)
  UNARY_F(log10f, 0.001f, 1e6f)
  UNARY_F(sinf, -100.0f, 100.0f)
  UNARY_F(cosf, -100.0f, 100.0f)
  UNARY_F(tanf, -10.0f, 10.0f)
  UNARY_F(asinf, -1.0f, 1.0f)
  UNARY_F(acosf, -1.0f, 1.0f)
  UNARY_F(atanf, -100.0f, 100.0f)
  UNARY_F(sinhf, -80.0f, 80.0f)
  UNARY_F(coshf, -80.0f, 80.0f)
  UNARY_F(tanhf, -20.0f, 20.0f)
  UNARY_F(cbrtf, -1000.0f, 1000.0f)
  UNARY_D(exp, -700.0, 700.0)
  UNARY_D(log, 0.001, 1e9)
  UNARY_D(sin, -100.0, 100.0)
  UNARY_D(cos, -100.0, 100.0)
  UNARY_D(atan, -100.0, 100.0)
  for (int i = 0; i < N; ++i) { fx[i] = 0.01f + 10.0f * i / N; fy[i] = -10.0f + 20.0f * ((i * 7) % N) / N; }
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = powf(fx[i], fy[i]);
  check_f2("powf", powf);
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = atan2f(fy[i], fx[i] - 5.0f);
  for (int i = 0; i < N; ++i) fx[i] -= 5.0f, fy[i] = fy[i];
  {
    float (*volatile ref)(float, float) = atan2f;
    for (int i = 0; i < N; ++i) {
      int64_t d = ordered_f(fr[i]) - ordered_f(ref(fy[i], fx[i]));
      if (d < 0) d = -d;
      if (d > worst) worst = d;
      if (d > 4) beyond++;
    }
  }
  printf("worst: %lld ulp\nbeyond 4 ulp: %d\n", (long long)worst, beyond);
  return beyond != 0;
}
