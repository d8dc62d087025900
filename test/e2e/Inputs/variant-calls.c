/* Built by clang + vecclone: the variants of these functions call the
 * callees' variants (variant-callees.c). The pragmas are repeated on the
 * definitions, where clang 22 needs them. */
#include "variant-calls.h"
#include <math.h>

/* g on every lane (unmasked variant), g again under a condition (masked). */
#pragma omp declare simd
float f_pure(float x) {
  float y = g(x);
  if (x > 0.0f)
    y += g(y * 0.5f);
  return y;
}
/* h has no masked variant: the call runs lane by lane, active lanes only. */
#pragma omp declare simd
int f_div(int x) { return x > 0 ? h(x) : -1; }
/* uniform and linear arguments forwarded (i + 1 is linear too). */
#pragma omp declare simd uniform(p) linear(i)
float f_lin(const float *p, int i) { return rd(p, i) - rd(p, i + 1); }
/* A conditional call that writes memory: the masked variant of mark. */
#pragma omp declare simd linear(p)
int f_mark(int *p, int x) {
  if (x & 1)
    mark(p);
  return x * 2;
}
/* Recursion under a condition that tail-recursion elimination keeps: the
 * masked variant calls itself until no lane is active. */
#pragma omp declare simd
int rec(int n) { return n <= 0 ? 1 : (rec(n - 1) ^ n) * 3; }
/* expf(-t) and sqrtf(t) of the uniform t: computed once per call. */
#pragma omp declare simd uniform(t)
float f_u(float x, float t) { return x * expf(-t) + sqrtf(t) * x; }
