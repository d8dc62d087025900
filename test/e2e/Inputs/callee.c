/* Declare-simd functions compiled by clang + vecclone; the caller is gcc.
 * clang 22 only emits the _ZGV names when the pragma is on the definition
 * itself (one on an earlier declaration is not inherited), so it is repeated. */
#include "callee.h"

#pragma omp declare simd notinbranch
float axpb(float x, float y) { return x * y + 1.0f; }

#pragma omp declare simd notinbranch
float branchy(float x, float y) {
  if (x > y)
    return x * 0.5f - y;
  return y * y + x;
}

#pragma omp declare simd notinbranch
int collatz_step(int n) { return (n & 1) ? 3 * n + 1 : n / 2; }

#pragma omp declare simd uniform(s) notinbranch
double dscale(double x, double s) { return x * s; }

#pragma omp declare simd uniform(p) linear(i) notinbranch
float dowork(float *p, int i) {
  float x = p[i];
  return x > 0 ? x * 2.0f : -x;
}

#pragma omp declare simd linear(out) notinbranch
void store_sq(int *out, int v) { *out = v * v; }

#pragma omp declare simd notinbranch
long lmix(long a, int b) { return a * 3 + b; }

#pragma omp declare simd inbranch
float recip(float x) { return 1.0f / x; }

#pragma omp declare simd linear(out) uniform(k) inbranch
void cond_store(int *out, int v, int k) { *out = v * k; }

#pragma omp declare simd linear(p:2) notinbranch
float pairsum(const float *p) { return p[0] + p[1]; }

#pragma omp declare simd linear(i:-1) uniform(a) notinbranch
int rev_at(const int *a, int i) { return a[i] ^ i; }

#pragma omp declare simd simdlen(32) notinbranch
float s32(float x) { return x > 1.0f ? x - 1.0f : x * 3.0f; }
