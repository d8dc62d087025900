// User loops with a divergent inner loop under clang's own loop pragmas
// (clang-loop-pragmas.test): vectorize(assume_safety) declares the
// iterations independent and is strip-mined like an omp simd loop;
// vectorize(enable) alone does not, and is left alone with a remark.
#include <stdio.h>

// The escape loop, inlined into both loops (so each holds an inner loop).
static inline float escape(float c) {
  float z = 0;
  int k = 0;
  while (k < 100 && z < 4.0f) {
    z = z * z + c;
    k++;
  }
  return (float)k;
}

__attribute__((noinline)) void esc_safe(float *out, const float *x, int n) {
#pragma clang loop vectorize(assume_safety)
  for (int i = 0; i < n; i++)
    out[i] = escape(x[i]);
}

__attribute__((noinline)) void esc_enable(float *out, const float *x, int n) {
#pragma clang loop vectorize(enable)
  for (int i = 0; i < n; i++)
    out[i] = escape(x[i]);
}

// The reference: the same function, never vectorized.
__attribute__((noinline, optnone)) static float esc_ref(float c) {
  return escape(c);
}

int main(void) {
  enum { N = 1003 };
  static float X[N], A[N], B[N];
  for (int i = 0; i < N; i++)
    X[i] = -2.0f + 2.5f * (float)i / N;
  int Wrong = 0;
  for (int n = 0; n <= N; n += 17) {
    esc_safe(A, X, n);
    esc_enable(B, X, n);
    for (int i = 0; i < n; i++)
      Wrong += A[i] != esc_ref(X[i]) || B[i] != esc_ref(X[i]);
  }
  printf("wrong: %d\n", Wrong);
  return Wrong != 0;
}
